"""A rating list's input sheets print under the list's name (List Settings' List Name), as its
generated sheets do, from either file back end; with no List Name, under the file's name
(Excel's ``&F``), as the template writes them.

The header expected is Excel's code text written out here (ECMA-376 part 1, 18.3.1.39: ``&C``
the centre section, ``&"-,Bold"`` bold, ``&12`` the size, ``&&`` a literal ampersand), read
back from each sheet's XML."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import run

from ratingbook.templates import build_template, sample_rows

INPUTS = (
    "List Settings",
    "K Rules",
    "List Players",
    "List Games",
    "List Events",
    "Event Ranks",
    "Aliases",
)


def _headers(book: Path) -> dict[str, str]:
    """Each sheet's page header, as its XML writes it (entities read)."""
    wb = openpyxl.load_workbook(book, read_only=True)
    names = wb.sheetnames
    wb.close()
    found: dict[str, str] = {}
    with zipfile.ZipFile(book) as z:
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        workbook = z.read("xl/workbook.xml").decode()
        targets = dict(re.findall(r'Id="(rId\d+)"[^>]*Target="/?(?:xl/)?([^"]+)"', rels))
        targets |= {
            k: v for v, k in re.findall(r'Target="/?(?:xl/)?([^"]+)"[^>]*Id="(rId\d+)"', rels)
        }
        for name, rid in re.findall(r'<sheet [^>]*name="([^"]+)"[^>]*r:id="(rId\d+)"', workbook):
            xml = z.read("xl/" + targets[rid]).decode()
            odd = re.search(r"<oddHeader>(.*?)</oddHeader>", xml, re.S)
            text = odd.group(1) if odd else ""
            found[name.replace("&amp;", "&")] = text.replace("&quot;", '"').replace("&amp;", "&")
    assert set(found) == set(names)
    return found


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_the_input_sheets_print_under_the_list_name(tmp_path: Path, backend: str) -> None:
    from ratingbook.templates.writer import TemplateBook

    name = "Smith & Jones Chess Club"
    settings = [
        (s[0], name, s[2]) if s[0] == "List Name" else s
        for s in sample_rows("ratinglist")["List Settings"]
    ]
    book = tmp_path / "club.xlsx"
    TemplateBook(build_template("ratinglist", rows={"List Settings": settings})).save(book)
    done = run("recalc", book, "--in-place", "--backend", backend)
    assert done.returncode == 0, done.stderr
    headers = _headers(book)
    for sheet in INPUTS:
        assert headers[sheet] == f'&C&"-,Bold"&12 {sheet} - Smith && Jones Chess Club', sheet
    # the generated sheets already did (report_sheet); the same words
    assert headers["Season List"] == '&C&"-,Bold"&12 Season List - Smith && Jones Chess Club'

    # List Name emptied: the file's name again, on the next run
    wb = openpyxl.load_workbook(book)
    for row in wb["List Settings"].iter_rows():
        if row[0].value == "List Name":
            row[1].value = None
    wb.save(book)
    assert run("recalc", book, "--in-place", "--backend", backend).returncode == 0
    headers = _headers(book)
    for sheet in INPUTS:
        assert headers[sheet] == f'&C&"-,Bold"&12 {sheet} - &F', sheet
