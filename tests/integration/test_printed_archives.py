"""Printouts read right (issue 34), the sheets a camp and an arbiter print after the first
changes: the camp's archives once a week has closed, its Rating History with long names, and an
event's Event Log with a few changes logged. All printed by one LibreOffice call; the PDF read
with ``pdftotext -bbox`` (tests/integration/test_printouts.py's readers).

The camp has long names (``Valentina Papadopoulou-Konstantinidou``, 37 characters) and 12 games
a week; its weeks close as a camp director closes them (Week raised by one on Ladder Settings,
then Recalc), with either file back end. The event is a real one (the Irish Junior
Championship of 2011, ``ratingbook trf import``) whose organiser then changed two settings.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.paths import REAL_TRF
from tests.helpers.pdfs import needs_pdf_tools, to_pdfs
from tests.integration.test_printouts import Word, misplaced, number, sheet_pages

from ratingbook import templates

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

NAMES = (
    "Valentina Papadopoulou-Konstantinidou", "Bartholomew Featherstonehaugh", "Ana Li",
    "Mo Diaz", "Siddharth Venkataraman Subramanian", "Eli Brown",
)  # fmt: skip
RESULTS = ("(1-0)", "(0-1)", "(½-½)")
ARCHIVES = ("Games Archive", "Weekly Standings")


def _games(book: Path, games: list[tuple[int, int, str]] | None, week: int | None = None) -> None:
    """``games`` typed into Ladder Games (in place of its rows; None: kept), and Week set to
    ``week``."""
    wb = openpyxl.load_workbook(book)
    sheet = wb["Ladder Games"]
    if games is not None:
        sheet.delete_rows(2, sheet.max_row)
        for game in games:
            sheet.append(game)
    if week is not None:
        for row in wb["Ladder Settings"].iter_rows():
            if row[0].value == "Week":
                row[1].value = week
    wb.save(book)


def _recalc(book: Path, backend: str, out: Path | None = None) -> Path:
    args = ["--in-place"] if out is None else ["-o", out, "--force"]
    done = run("recalc", book, *args, "--backend", backend)
    assert done.returncode == 0, done.stdout + done.stderr
    return out or book


def _camp(folder: Path) -> dict[str, Path]:
    """The ladder template with the six campers of :data:`NAMES`, 12 games typed in week 1
    and 6 in week 2, recalculated (``week1``); weeks 1 and 2 closed by the package back end
    (``week3``) and by openpyxl (``week3-openpyxl``)."""
    week1 = folder / "week1.xlsx"
    week1.write_bytes(templates.template_bytes("ladder"))
    wb = openpyxl.load_workbook(week1)
    players = wb["Ladder Players"]
    players.delete_rows(2, players.max_row)
    groups = [r[0] for r in wb["Camp Groups"].iter_rows(min_row=2, values_only=True) if r[0]]
    for n, name in enumerate(NAMES):
        players.append((n + 1, name, groups[n % len(groups)], True, None, None, 1000 + 50 * n))
    wb.save(week1)
    _games(week1, [(n % 6 + 1, (n + 1 + n // 6) % 6 + 1, RESULTS[n % 3]) for n in range(12)])
    _recalc(week1, "package")
    books = {"week1": week1}
    second = [(n + 1, (n + 2) % 6 + 1, RESULTS[n % 3]) for n in range(6)]
    for backend, name in (("package", "week3"), ("openpyxl", "week3-openpyxl")):
        book = folder / f"{name}-w2.xlsx"
        shutil.copy(week1, book)
        _games(book, None, week=2)  # the staff raise Week: week 1 closes
        book = _recalc(book, backend, folder / f"{name}-w2b.xlsx")
        _games(book, second, week=3)  # week 2's games, then Week raised again
        books[name] = _recalc(book, backend, folder / f"{name}.xlsx")
    return books


def _event(folder: Path) -> Path:
    """The Irish Junior Championship imported, then its rounds and tie-breaks changed (three
    rows logged under the import's)."""
    book = folder / "irish.xlsx"
    done = run(
        "trf", "import", REAL_TRF / "icu_irish-junior-champs_2011.tab", "-o", book, "--no-check"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    wb = openpyxl.load_workbook(book)
    for row in wb["Swiss Settings"].iter_rows():
        if row[0].value == "Rounds":
            row[1].value = 6
        if row[0].value == "Tie-breaks":
            row[1].value = "BH SB"
    wb.save(book)
    done = run("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert done.returncode == 0, done.stdout + done.stderr
    return book


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """The camp's books and the event's with their PDFs, by name."""
    folder = tmp_path_factory.mktemp("archives")
    books = {**_camp(folder), "irish": _event(folder)}
    pdfs = to_pdfs(list(books.values()), folder / "pdf")
    return {name: (book, pdf) for (name, book), pdf in zip(books.items(), pdfs, strict=True)}


def _pages(book: Path, pdf: Path, sheet: str) -> list[list[list[Word]]]:
    """The printed pages of ``sheet``, each without its title."""
    return [page[title:] for name, title, page in sheet_pages(book, pdf) if name == sheet]


@pytest.mark.parametrize("name", ["week3", "week3-openpyxl"])
def test_the_archives_print_every_name_whole_and_every_number_right_aligned(
    name: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    """Issue 34: after a new week, the archives printed names cut (``Valentina
    Papadopoulou-Konst``), every number left-aligned, the header in a serif font and empty grid
    rows after the data. Two weeks closed, each archive prints every name whole and every
    number under its header (test_printouts.misplaced), the numbers of a column right-aligned
    (their right edges level: 888 and 1156 alike), its header in the book's own font, and its
    print area ends at its last row."""
    book, pdf = printed[name]
    problems = [p for p in misplaced(book, pdf) if any(f"{a!r}" in p for a in ARCHIVES)]
    assert problems == []
    wb = openpyxl.load_workbook(book)
    font = wb._fonts[0].name  # the book's own font: Calibri
    for sheet in ARCHIVES:
        ws = wb[sheet]
        assert {c.font.name for c in ws[1] if c.value} == {font}, sheet
        weeks = {r[0] for r in ws.iter_rows(min_row=2, values_only=True)}
        assert weeks == {"Week 1", "Week 2"}, sheet
        # Printed down to its last row: no print area running on below the data.
        area = ws.print_area
        assert not area or area.endswith(f"${ws.max_row}"), (sheet, area)
    # Each row's Rating: its first number of 500 or more (the Permanent Rating follows it).
    edges = {
        ratings[0].text: ratings[0].right
        for page in _pages(book, pdf, "Weekly Standings")
        for line in page
        if line[0].text == "Week" and (ratings := [w for w in line if (number(w.text) or 0) >= 500])
    }
    assert len(edges) > 1 and max(edges.values()) - min(edges.values()) <= 1, edges


def test_the_rating_history_prints_both_players_on_every_page(
    printed: dict[str, tuple[Path, Path]],
) -> None:
    """Issue 34: with long names the camp's Rating History repeated only Game, Games Row and
    White ID on its later pages, so Black Rating Before and After printed beside neither
    Black's ID nor name. Every page prints the columns naming the row, from Game to Black
    (test_printouts.misplaced checks White and Black on each page of a split table), each
    name whole within its column."""
    book, pdf = printed["week1"]
    assert len(_pages(book, pdf, "Rating History")) > 1  # split across pages wide
    problems = [p for p in misplaced(book, pdf) if "'Rating History'" in p]
    assert problems == []
    for page in _pages(book, pdf, "Rating History"):  # a name may wrap, at a hyphen too
        words = {p for line in page for w in line for p in re.split(r"-", w.text) if p}
        for name in NAMES:
            assert set(re.split(r"[\s-]+", name)) <= words, (name, sorted(words))


def test_the_event_log_prints_a_row_a_line_with_its_digest_whole(
    printed: dict[str, tuple[Path, Path]],
) -> None:
    """Issue 34: each Event Log row printed 120 points tall, the 64-character digest wrapped
    over 8 lines of its 10-unit column; the Irish event's 5 rows took 2 mostly blank pages.
    Then the digest was cut at its column's edge, 19 characters and no sign of the cut. Now
    each row prints on one line of every page of the log (split across pages wide, When on
    each), and the digest whole on one line, as the cell holds it."""
    book, pdf = printed["irish"]
    wb = openpyxl.load_workbook(book)
    rows = [r for r in wb["Event Log"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert len(rows) >= 4
    assert all(len(str(r[7])) == 64 for r in rows)  # the chain's digests, whole
    pages = _pages(book, pdf, "Event Log")
    assert pages
    whens = {str(r[0]) for r in rows}
    for page in pages:
        lines = [line for line in page if line and line[0].text in whens]
        assert len(lines) == len(rows)
    printed_words = {w.text for page in pages for line in page for w in line}
    assert {str(r[7]) for r in rows} <= printed_words
