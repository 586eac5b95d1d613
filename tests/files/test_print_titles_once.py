"""A sheet's print titles and print area are each defined once, on every path a book takes.

ECMA-376 part 1, 18.2.5: a defined name is unique within its scope, and a sheet's
``_xlnm.Print_Titles`` names its repeated columns first, then its rows. LibreOffice 7.4 read
openpyxl's rows-first ``'Swiss Players'!$1:$1,'Swiss Players'!$A:$B`` (the Swiss template's
players sheet, which repeats the number and name columns) and saved it twice, once each way
round: a name defined twice in one scope, which Excel repairs as a damaged file. The pair below
is copied from the file LibreOffice 7.4.7 saved.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from tests.helpers.cli import run
from tests.helpers.libreoffice import convert_all
from tests.helpers.paths import TEMPLATES

PLAYERS = "'Swiss Players'"
COLUMNS_FIRST = f"{PLAYERS}!$A:$B,{PLAYERS}!$1:$1"
ROWS_FIRST = f"{PLAYERS}!$1:$1,{PLAYERS}!$A:$B"
#: What LibreOffice 7.4.7 wrote for the players sheet (its third, localSheetId 2).
LIBREOFFICE_PAIR = "".join(
    '<definedName function="false" hidden="false" localSheetId="2" '
    f'name="_xlnm.Print_Titles" vbProcedure="false">{text}</definedName>'
    for text in (COLUMNS_FIRST.replace("'", "&apos;"), ROWS_FIRST.replace("'", "&apos;"))
)


def defined_names(path: Path) -> list[tuple[str, str, str]]:
    """(name, localSheetId, text) of every defined name in ``path``'s workbook part."""
    xml = zipfile.ZipFile(path).read("xl/workbook.xml").decode()
    names = []
    for tag, text in re.findall(r"<definedName(\s[^>]*)>([^<]*)</definedName>", xml):
        attributes = dict(re.findall(r'(\w+)="([^"]*)"', tag))
        text = text.replace("&apos;", "'").replace("&amp;", "&")
        names.append((attributes["name"], attributes.get("localSheetId", ""), text))
    return names


def assert_each_once(path: Path) -> None:
    counts = Counter((name, sheet) for name, sheet, _ in defined_names(path))
    twice = [key for key, count in counts.items() if count > 1]
    assert not twice, f"defined twice in one scope: {twice}"


def players_titles(path: Path) -> list[str]:
    return [
        text
        for name, sheet, text in defined_names(path)
        if name == "_xlnm.Print_Titles" and sheet == "2"
    ]


def with_libreoffices_pair(tmp_path: Path) -> Path:
    """The Swiss template with its players sheet's print titles as LibreOffice 7.4 saved them."""
    book = tmp_path / "swiss.xlsx"
    source = zipfile.ZipFile(TEMPLATES / "swiss.xlsx")
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/workbook.xml":
                xml, count = re.subn(
                    r'<definedName name="_xlnm.Print_Titles" localSheetId="2">[^<]*</definedName>',
                    LIBREOFFICE_PAIR,
                    data.decode(),
                )
                assert count == 1
                data = xml.encode()
            out.writestr(info, data)
    return book


def test_the_template_names_the_players_columns_before_the_rows() -> None:
    assert players_titles(TEMPLATES / "swiss.xlsx") == [COLUMNS_FIRST]
    assert_each_once(TEMPLATES / "swiss.xlsx")


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_recalc_keeps_one_print_titles_of_a_sheet_libreoffice_named_twice(
    tmp_path: Path, backend: str
) -> None:
    book = with_libreoffices_pair(tmp_path)
    assert players_titles(book) == [COLUMNS_FIRST, ROWS_FIRST]
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    assert players_titles(out) == [COLUMNS_FIRST]
    assert_each_once(out)


def test_the_openpyxl_back_end_writes_the_columns_first_again(tmp_path: Path) -> None:
    book = shutil.copy(TEMPLATES / "swiss.xlsx", tmp_path / "swiss.xlsx")
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out, "--backend", "openpyxl")
    assert done.returncode == 0, done.stderr
    assert players_titles(out) == [COLUMNS_FIRST]
    assert_each_once(out)


@pytest.mark.usefixtures("needs_soffice")
def test_libreoffice_saves_the_templates_print_titles_once(tmp_path: Path) -> None:
    books = [TEMPLATES / f"{kind}.xlsx" for kind in ("swiss", "ladder", "roundrobin")]
    done = convert_all(books, tmp_path / "lo", tmp_path / "profile", "xlsx")
    assert done.returncode == 0, done.stdout + done.stderr
    for book in books:
        saved = tmp_path / "lo" / book.name
        assert_each_once(saved)
    assert players_titles(tmp_path / "lo" / "swiss.xlsx") == [COLUMNS_FIRST]
