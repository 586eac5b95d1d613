"""What a workbook looks like on paper: LibreOffice's PDF export, measured with poppler.

``soffice --headless --convert-to pdf`` prints every sheet with its own print setup (fit to page,
repeated header rows, headers and footers); ``pdfinfo`` counts the pages, ``pdftotext -layout``
gives each page's text line by line, ``pdftotext -bbox`` each word with its box
(:func:`page_words`), and ``pdftoppm`` renders a page as a PPM image whose
pixels a test can count (no imaging library needed). Tests using this skip without ``soffice``
or poppler-utils.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import pytest
from tests.helpers.libreoffice import convert_all

POPPLER = all(shutil.which(tool) for tool in ("pdfinfo", "pdftotext", "pdftoppm"))
TIMEOUT = 240  # a hang guard only: poppler reads a page in well under a second

#: The marks of a test that prints to PDF: LibreOffice (a failure on CI when missing, see
#: tests/helpers/tools.py) and poppler-utils (skipped without them).
needs_pdf_tools = [
    pytest.mark.usefixtures("needs_soffice"),
    pytest.mark.skipif(not POPPLER, reason="needs poppler-utils (pdfinfo, pdftotext, pdftoppm)"),
]


def to_pdf(book: Path, out_dir: Path) -> Path:
    """``book`` printed to PDF by LibreOffice (every sheet, each with its print setup)."""
    (pdf,) = to_pdfs([book], out_dir)
    return pdf


def to_pdfs(books: list[Path], out_dir: Path) -> list[Path]:
    """Each of ``books`` printed to PDF, in order, by the run's LibreOffice
    (:func:`tests.helpers.libreoffice.convert_all`). The books' names must differ."""
    assert len({book.stem for book in books}) == len(books), books
    result = convert_all(books, out_dir, out_dir / "profile", "pdf")
    pdfs = [out_dir / f"{book.stem}.pdf" for book in books]
    assert result.returncode == 0 and all(p.exists() for p in pdfs), result.stdout + result.stderr
    return pdfs


def page_count(pdf: Path) -> int:
    out = subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=TIMEOUT, check=True
    ).stdout
    match = re.search(r"^Pages:\s+(\d+)", out, re.MULTILINE)
    assert match, out
    return int(match.group(1))


def page_texts(pdf: Path) -> list[str]:
    """Each page's text, laid out as printed (``pdftotext -layout``), in page order."""
    out = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"],
        capture_output=True, text=True, timeout=TIMEOUT, check=True,
    ).stdout  # fmt: skip
    pages = out.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return pages


def page_pixels(pdf: Path, page: int, out_dir: Path, dpi: int = 40) -> list[tuple[int, int, int]]:
    """Page ``page`` (1-based) rendered in colour: its pixels' (red, green, blue), row by row."""
    stem = out_dir / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), str(pdf), str(stem)],
        capture_output=True, timeout=TIMEOUT, check=True,
    )  # fmt: skip
    (image,) = out_dir.glob(f"page{page}*.ppm")
    data = image.read_bytes()
    image.unlink()
    # Binary PPM (P6): magic, width, height, maxval separated by whitespace, then RGB bytes.
    match = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    assert match, data[:40]
    width, height = int(match.group(1)), int(match.group(2))
    body = data[match.end() : match.end() + 3 * width * height]
    return [(body[i], body[i + 1], body[i + 2]) for i in range(0, len(body), 3)]


def coloured_share(pixels: list[tuple[int, int, int]], spread: int = 80) -> float:
    """The share of clearly coloured pixels (not white, grey or black): a chart's lines.

    Text, gridlines and axes print in greys; the plotted series in colours.
    """
    if not pixels:
        return 0.0
    return sum(max(p) - min(p) > spread for p in pixels) / len(pixels)


@dataclass(frozen=True, slots=True)
class BoxedWord:
    """A printed word and its box, in points from the page's top left."""

    text: str
    left: float
    right: float
    top: float
    bottom: float


def page_words(pdf: Path) -> list[list[BoxedWord]]:
    """Each page's words with their boxes (``pdftotext -bbox``), in the order poppler reads
    them."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT,
    ).stdout
    root = ElementTree.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", out))
    ns = "{http://www.w3.org/1999/xhtml}"
    return [
        [
            BoxedWord(w.text or "", *(float(w.get(k, 0)) for k in ("xMin", "xMax", "yMin", "yMax")))
            for w in page.iter(f"{ns}word")
        ]
        for page in root.iter(f"{ns}page")
    ]
