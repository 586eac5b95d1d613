"""A formula's stored value counts only when a spreadsheet program computed it (issue 10, item 3).

Files written by libraries that never calculate (XlsxWriter stores ``<v>0</v>`` for every
formula and sets ``<calcPr fullCalcOnLoad="1"/>``) must not give ratings: their formulas are
"never calculated", naming sheet, row and column, on both engines. Files Excel or LibreOffice
saved, and ratingbook's own outputs of such files, still give their formulas' values.

The books are the hand-worked week of tests/helpers/workbooks.py (arithmetic in
tests/workbook/test_workbook.py): Ann's StWkPerm 1500 becomes ``=1000+500``. Books with placeholders
are written by XlsxWriter itself, not imitated.
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.libreoffice import convert_all
from tests.helpers.workbooks import (
    Formula,
    ladder_sheets,
    make_book,
    records,
    save_book,
    saved_by_excel,
)

from ratingbook import workbook
from ratingbook.errors import RatingbookError
from ratingbook.files.ooxml.trust import MARK_NAME, MARK_VALUE, file_vouches, vouches
from ratingbook.files.patching import PackageBook
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook.port.book import WriteBlock

xlsxwriter = pytest.importorskip("xlsxwriter")

ENGINES: dict[str, Any] = {"package": PackageBook, "openpyxl": XlsxBook}
# The hand-worked week: ID -> (Rating, Permanent Rating); Dan (4) is inactive and untouched.
HAND_RATINGS = {1: (1185, 1454), 2: (985, 1095), 3: (1023, 1453), 4: (1333, 1444), 5: (1207, 1048)}
NEVER = "never calculated; open and save the file in Excel or LibreOffice"


# --- the rule, case by case -----------------------------------------------------------------------

RULE_CASES: list[tuple[str, Mapping[str, str] | None, bool, bool]] = [
    # (what the file is, <calcPr> attributes or None, ratingbook's mark, vouches)
    ("saved by Excel 365", {"calcId": "191029"}, False, True),
    ("saved by LibreOffice", {"iterateCount": "100", "refMode": "A1"}, False, True),
    ("fullCalcOnLoad=0", {"calcId": "191029", "fullCalcOnLoad": "0"}, False, True),
    ("XlsxWriter / openpyxl", {"calcId": "124519", "fullCalcOnLoad": "1"}, False, False),
    ("fullCalcOnLoad=true", {"fullCalcOnLoad": "true"}, False, False),
    ("saved by ratingbook from a vouching file", {"fullCalcOnLoad": "1"}, True, True),
    ("no <calcPr> at all", None, False, False),
    ("no <calcPr>, mark left behind", None, True, False),
    ("manual, recalculated on save", {"calcMode": "manual"}, False, True),
    ("manual, not recalculated on save", {"calcMode": "manual", "calcOnSave": "0"}, False, False),
]


@pytest.mark.parametrize(("calc_pr", "marked", "expected"), [c[1:] for c in RULE_CASES],
                         ids=[c[0] for c in RULE_CASES])  # fmt: skip
def test_which_files_vouch_for_their_formula_values(
    calc_pr: Mapping[str, str] | None, marked: bool, expected: bool
) -> None:
    assert vouches(calc_pr, marked) is expected


# --- building the books ---------------------------------------------------------------------------


def xlsxwriter_book(
    path: Path, sheets: Mapping[str, Sequence[Sequence[object]]], calc_mode: str = "auto"
) -> Path:
    """``sheets`` written by XlsxWriter: a :class:`Formula` gets XlsxWriter's placeholder 0."""
    book = xlsxwriter.Workbook(str(path))
    book.set_calc_mode(calc_mode)
    for name, grid in sheets.items():
        ws = book.add_worksheet(name)
        for r, line in enumerate(grid):
            for c, value in enumerate(line):
                if isinstance(value, Formula):
                    ws.write_formula(r, c, str(value))
                elif value is not None:
                    ws.write(r, c, value)
    book.close()
    return path


def week_with(sheet: str, ref: tuple[int, int], value: object) -> dict[str, list[list[object]]]:
    """The hand-worked week with the cell (row, column), counted from 1, set to ``value``."""
    sheets = {name: [list(row) for row in grid] for name, grid in ladder_sheets().items()}
    sheets[sheet][ref[0] - 1][ref[1] - 1] = value
    return sheets


ANN_PERM = ("Ladder Players", (2, 7), Formula("=1000+500"))


def part(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as package:
        return package.read(name).decode() if name in package.namelist() else ""


def cli(*args: object) -> subprocess.CompletedProcess[str]:
    """``ratingbook ARGS`` in this process (the book still runs in a forked child, as in the
    real command): what it prints and its exit status, without a new interpreter's start."""
    return run(*args)


def ladder_ratings(path: Path) -> dict[int, tuple[int, int]]:
    return {r["ID"]: (r["Rating"], r["Permanent Rating"]) for r in records(path, "Ladder Players")}


# --- placeholders are refused ---------------------------------------------------------------------


@pytest.mark.parametrize("engine", list(ENGINES))
def test_an_xlsxwriter_placeholder_stops_the_cli_naming_the_cell(
    engine: str, tmp_path: Path
) -> None:
    """XlsxWriter stores 0 for ``=1000+500``: one FAILED line naming the cell, exit 2, nothing
    written (reading the 0 would give Ann a Permanent Rating far from 1454)."""
    source = xlsxwriter_book(tmp_path / "xw.xlsx", week_with(*ANN_PERM))
    assert "<f>1000+500</f><v>0</v>" in part(source, "xl/worksheets/sheet1.xml")
    target = tmp_path / "out.xlsx"
    done = cli("recalc", source, "-o", target, "--engine", engine)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"FAILED {source}: sheet 'Ladder Players', row 2, column G (StWkPerm): "
        f"the formula '=1000+500' was {NEVER} (player 'Ann')"
    ]
    assert not target.exists()


@pytest.mark.parametrize("engine", list(ENGINES))
def test_xlsxwriter_in_manual_calculation_mode_is_refused_too(engine: str, tmp_path: Path) -> None:
    """XlsxWriter's manual mode drops fullCalcOnLoad but says calcOnSave="0": still 0s."""
    source = xlsxwriter_book(tmp_path / "xw.xlsx", week_with(*ANN_PERM), calc_mode="manual")
    assert 'calcMode="manual" calcOnSave="0"' in part(source, "xl/workbook.xml")
    with pytest.raises(RatingbookError, match=r"row 2, column G \(StWkPerm\).*never calculated"):
        workbook.recalc(ENGINES[engine](source))


KEY_CASES = {
    # column: (sheet, (row, column), formula, the cell as the message names it)
    "ID": ("Ladder Players", (3, 1), Formula("=1+1"), "'Ladder Players', row 3, column A (ID)"),
    "Active": ("Ladder Players", (2, 4), Formula("=1=1"), "'Ladder Players', row 2, column D"),
    "White": ("Ladder Games", (2, 1), Formula("=0+1"), "'Ladder Games', row 2, column A (White)"),
    "Result": (
        "Ladder Games", (2, 3), Formula('="(1-0)"'), "'Ladder Games', row 2, column C (Result)"
    ),
}  # fmt: skip


@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize("column", list(KEY_CASES))
def test_placeholders_in_key_columns_are_never_calculated(
    column: str, engine: str, tmp_path: Path
) -> None:
    """Not "no player has ID 0" or "unknown result 0": the formula was never calculated."""
    sheet, ref, formula, where = KEY_CASES[column]
    source = xlsxwriter_book(tmp_path / "xw.xlsx", week_with(sheet, ref, formula))
    with pytest.raises(RatingbookError) as caught:
        workbook.recalc(ENGINES[engine](source))
    message = str(caught.value)
    assert where in message and f"the formula {str(formula)!r} was {NEVER}" in message, message
    assert "ID 0" not in message and "'0'" not in message, message


@pytest.mark.parametrize("engine", list(ENGINES))
def test_an_error_placeholder_in_a_library_file_is_never_calculated(
    engine: str, tmp_path: Path
) -> None:
    """An error a library stored for a formula (``t="e"``) is no more computed than a 0."""
    source = xlsxwriter_book(tmp_path / "xw.xlsx", week_with(*ANN_PERM))
    with zipfile.ZipFile(source) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    xml, n = re.subn(
        r'<c r="G2"([^>]*)><f>([^<]*)</f><v>0</v>', r'<c r="G2"\1 t="e"><f>\2</f><v>#N/A</v>', xml
    )
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    assert n == 1
    with zipfile.ZipFile(source, "w") as package:
        for name, data in parts.items():
            package.writestr(name, data)
    with pytest.raises(RatingbookError, match=r"row 2, column G \(StWkPerm\).*never calculated"):
        workbook.recalc(ENGINES[engine](source))


# --- values a spreadsheet program computed still count --------------------------------------------


def excel_saved_week(tmp_path: Path) -> Path:
    """The week as Excel saves it: Ann's StWkPerm ``=1000+500`` with its value 1500 cached."""
    path = save_book(make_book(week_with(*ANN_PERM)), tmp_path / "excel.xlsx")
    with zipfile.ZipFile(path) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    xml, n = re.subn(
        r"(<c r=\"G2\"[^>]*>)(<f>1000\+500</f>)(<v\s*/>)?(</c>)",
        r"\1\2<v>1500</v>\4",
        parts["xl/worksheets/sheet1.xml"].decode(),
    )
    assert n == 1
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    return saved_by_excel(path)


@pytest.mark.parametrize("engine", list(ENGINES))
def test_a_ratingbook_output_recalculated_again_still_works(engine: str, tmp_path: Path) -> None:
    """The package engine's output asks Excel to recalculate on open (fullCalcOnLoad) and
    carries the mark, so its formula values still count: recalculating it again (with either
    engine) gives the same hand-worked ratings."""
    source = excel_saved_week(tmp_path)
    first = tmp_path / "first.xlsx"
    book = PackageBook(source)
    workbook.recalc(book)
    book.save(first)
    assert ladder_ratings(first) == HAND_RATINGS
    assert re.search(r'<calcPr[^>]*fullCalcOnLoad="1"', part(first, "xl/workbook.xml"))
    custom = part(first, "docProps/custom.xml")
    assert f'name="{MARK_NAME}"' in custom and f"<vt:lpwstr>{MARK_VALUE}</vt:lpwstr>" in custom
    assert "docProps/custom.xml" in part(first, "_rels/.rels")
    assert "/docProps/custom.xml" in part(first, "[Content_Types].xml")
    assert file_vouches(first)
    second = tmp_path / "second.xlsx"
    again = ENGINES[engine](first)
    workbook.recalc(again)
    again.save(second)
    assert ladder_ratings(second) == HAND_RATINGS


def test_the_mark_joins_custom_properties_the_book_already_has(tmp_path: Path) -> None:
    """Properties a user set stay as they were; the mark takes the next free id."""
    source = excel_saved_week(tmp_path)
    custom = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"'
        ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
        '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="5" name="Camp">'
        "<vt:lpwstr>Summer 2024</vt:lpwstr></property>"
        f'<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="6" name="{MARK_NAME}">'
        "<vt:lpwstr>stale</vt:lpwstr></property></Properties>"
    )
    with zipfile.ZipFile(source) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    parts["docProps/custom.xml"] = custom.encode()
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'relationships/custom-properties" Target="docProps/custom.xml"/></Relationships>',
    )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Override PartName="/docProps/custom.xml" ContentType="application/'
        b'vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>',
    )
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    out = tmp_path / "out.xlsx"
    book = PackageBook(source)
    workbook.recalc(book)
    book.save(out)
    props = {p.name: p.value for p in openpyxl.load_workbook(out).custom_doc_props.props}
    assert props == {"Camp": "Summer 2024", MARK_NAME: MARK_VALUE}
    assert 'pid="5" name="Camp"' in part(out, "docProps/custom.xml")
    assert part(out, "_rels/.rels").count("custom-properties") == 1
    assert part(out, "[Content_Types].xml").count("/docProps/custom.xml") == 1
    assert file_vouches(out)


def test_an_output_of_a_library_file_carries_no_mark(tmp_path: Path) -> None:
    """A book that does not vouch (formulas only outside the tables) recalculates, but its
    output does not vouch either: the mark is never given to values nobody computed."""
    sheets = {name: [list(row) for row in grid] for name, grid in ladder_sheets().items()}
    sheets["Ladder Players"][0].append("Notes")
    sheets["Ladder Players"][1].append(Formula("=1+1"))
    source = xlsxwriter_book(tmp_path / "xw.xlsx", sheets)
    out = tmp_path / "out.xlsx"
    book = PackageBook(source)
    workbook.recalc(book)
    book.save(out)
    assert ladder_ratings(out) == HAND_RATINGS
    assert MARK_NAME not in part(out, "docProps/custom.xml")
    assert not file_vouches(out)


def test_a_mark_left_in_a_file_that_no_longer_vouches_is_removed(tmp_path: Path) -> None:
    """A marked file whose ``<calcPr>`` is gone does not vouch; its output loses the mark."""
    marked = tmp_path / "marked.xlsx"
    book = PackageBook(excel_saved_week(tmp_path))
    workbook.recalc(book)
    book.save(marked)
    with zipfile.ZipFile(marked) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    parts["xl/workbook.xml"] = re.sub(rb"<calcPr[^>]*>", b"", parts["xl/workbook.xml"])
    stripped = tmp_path / "stripped.xlsx"
    with zipfile.ZipFile(stripped, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    assert not file_vouches(stripped)
    with pytest.raises(RatingbookError, match="never calculated"):
        workbook.recalc(PackageBook(stripped))
    # Recalculated anyway with StWkPerm typed in, the output must not vouch.
    book = PackageBook(stripped)
    book.write_values(WriteBlock("Ladder Players", 2, 7, [[1500]]))
    out = tmp_path / "out.xlsx"
    book.save(out)
    assert MARK_NAME not in part(out, "docProps/custom.xml")
    assert not file_vouches(out)


# --- LibreOffice ----------------------------------------------------------------------------------


def libreoffice_saved(source: Path, tmp_path: Path) -> Path:
    """``source`` opened and saved again by LibreOffice set to recalculate on load ("Always
    recalculate", as a user who follows README does; its default, "Never recalculate", would
    keep XlsxWriter's zeros)."""
    out_dir = tmp_path / "lo"
    done = convert_all(
        [source], out_dir, tmp_path / "profile", "xlsx:Calc MS Excel 2007 XML", recalc_on_load=True
    )
    saved = out_dir / f"{source.stem}.xlsx"
    assert done.returncode == 0 and saved.exists(), done.stdout + done.stderr
    return saved


@pytest.mark.usefixtures("needs_soffice")
def test_an_xlsxwriter_file_saved_by_libreoffice_gives_the_hand_worked_ratings(
    tmp_path: Path,
) -> None:
    """Opened and saved by LibreOffice (recalculating on load), the XlsxWriter file vouches:
    both engines read ``=1000+500`` as 1500 and give the hand-worked week; the output (mark
    added to LibreOffice's own custom properties) opens in LibreOffice again."""
    source = xlsxwriter_book(tmp_path / "xw.xlsx", week_with(*ANN_PERM))
    saved = libreoffice_saved(source, tmp_path)
    assert re.search(r"<f[^>]*>1000\+500</f><v>1500</v>", part(saved, "xl/worksheets/sheet1.xml"))
    assert "fullCalcOnLoad" not in part(saved, "xl/workbook.xml")
    outputs = []
    for engine, adapter in ENGINES.items():
        out = tmp_path / f"out-{engine}.xlsx"
        book = adapter(saved)
        workbook.recalc(book)
        book.save(out)
        assert ladder_ratings(out) == HAND_RATINGS, engine
        outputs.append(out)
    assert MARK_NAME in part(outputs[0], "docProps/custom.xml")
    again = libreoffice_saved(outputs[0], tmp_path / "again")
    assert ladder_ratings(again) == HAND_RATINGS
