"""Book.truncate: a sheet keeps the values of only its first rows (undo of an act that appended
rows), on the package back end, openpyxl and the in-memory book; an Excel table whose range
reached below ends at the last kept row, never above its first data row. A cell below keeps its
format, as Excel's Clear Contents leaves it; given no format (Book.give_looks: the act made it),
it goes, and a row left with no cell goes with it. The expected ranges are worked out by hand
from the Swiss template's SwissGames (A1:G13, thirteen rows of values)."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.paths import ROOT

from ratingbook.files.patching.package_book import PackageBook
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook.port.book import UNSIZED, WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook
from ratingbook.workbook.port.looks import SheetLooks
from ratingbook.workbook.port.table_growth import TableArea, shrunk_tables

TEMPLATE = ROOT / "workbook_templates" / "swiss.xlsx"
ROW = [9, 1, 2, "1-0", None, None, None]


@pytest.mark.parametrize(
    ("tables", "rows", "expected"),
    [
        ([TableArea("T", 1, 1, 15, 7)], 13, {"T": 13}),  # two appended rows go
        ([TableArea("T", 1, 1, 13, 7)], 13, {}),  # ends there already
        ([TableArea("T", 1, 1, 15, 7)], 1, {"T": 2}),  # a header and one row stay
        ([TableArea("T", 1, 1, 15, 7, totals_rows=1)], 13, {}),  # a totals row: left alone
        ([TableArea("U", 20, 1, 25, 7)], 13, {}),  # wholly below: another table, kept
    ],
)
def test_shrunk_tables(tables: list[TableArea], rows: int, expected: dict[str, int]) -> None:
    assert shrunk_tables(tables, rows) == expected


@pytest.mark.parametrize("engine", ["package", "openpyxl"])
def test_truncate_takes_appended_rows_and_the_tables_range_away(
    tmp_path: Path, engine: str
) -> None:
    path = tmp_path / "swiss.xlsx"
    shutil.copy(TEMPLATE, path)
    opened = PackageBook if engine == "package" else XlsxBook
    book = opened(path)
    book.write_values(WriteBlock("Swiss Games", 14, 1, [ROW, ROW]))
    book.save(path)
    assert openpyxl.load_workbook(path)["Swiss Games"].tables["SwissGames"].ref == "A1:G15"
    book = opened(path)
    book.write_values(WriteBlock("Swiss Games", 14, 1, [[None] * 7, [None] * 7]))
    book.truncate("Swiss Games", 13)
    assert len(book.read_values("Swiss Games")) == 13
    book.save(path)
    sheet = openpyxl.load_workbook(path)["Swiss Games"]
    assert sheet.tables["SwissGames"].ref == "A1:G13"
    # The cells keep their formats (the template's Result column holds text, "@").
    assert (sheet["E14"].value, sheet["E14"].number_format) == (None, "@")
    assert [c.value for c in sheet[13]][:4] != [None] * 4
    book = opened(path)
    book.give_looks(
        SheetLooks("Swiss Games", {(r, c): None for r in (14, 15) for c in range(1, 8)})
    )
    book.save(path)
    assert openpyxl.load_workbook(path)["Swiss Games"].max_row == 13  # the rows are gone


def test_the_memory_book_keeps_the_first_rows() -> None:
    book = MemoryBook({"S": [["a"], ["b"], ["c"]]})
    book.truncate("S", 1)
    assert book.grids() == {"S": [["a"]]}


def test_xlwings_on_the_json_engine_clears_the_rows_below() -> None:
    """xlwings Server and Lite: the rows below are cleared in one call (rows 3 and 4, 0-based
    start row 2, two rows); the JSON engine resizes no table (see _grow_tables)."""
    from tests.helpers.jsonbook import actions, make_json_book

    from ratingbook.excel import XlwingsBook

    json_book = make_json_book({"S": [["h"], [1], [2], [3]]})
    XlwingsBook(json_book).truncate("S", 2)
    [cleared] = actions(json_book)
    assert (cleared["func"], cleared["start_row"], cleared["row_count"]) == (
        "rangeClearContents",
        2,
        2,
    )


@pytest.mark.parametrize("engine", ["package", "openpyxl"])
def test_a_rows_height_given_below_the_cut_stays_and_unsized_takes_one_away(
    tmp_path: Path, engine: str
) -> None:
    """The port's rule for an undo (WriteBlock.heights): two rows appended 30 and 45 points
    tall, then cut away again, the first given UNSIZED (it had no height of its own before the
    act) and the second 20 points (its height before): the first is gone, the second stays,
    empty, 20 points tall; and each back end reads back the heights it holds (row 16: none)."""
    path = tmp_path / "swiss.xlsx"
    shutil.copy(TEMPLATE, path)
    opened = PackageBook if engine == "package" else XlsxBook
    book = opened(path)
    book.write_values(WriteBlock("Swiss Games", 14, 1, [ROW, ROW], heights=(30, 45)))
    book.save(path)
    book = opened(path)
    assert book.row_heights("Swiss Games", [14, 15, 16]) == {14: 30, 15: 45, 16: None}
    book.write_values(
        WriteBlock("Swiss Games", 14, 1, [[None] * 7, [None] * 7], heights=(UNSIZED, 20))
    )
    book.truncate("Swiss Games", 13)
    assert book.row_heights("Swiss Games", [14, 15]) == {14: None, 15: 20}
    book.save(path)
    sheet = openpyxl.load_workbook(path)["Swiss Games"]
    assert sheet.tables["SwissGames"].ref == "A1:G13"
    assert sheet.row_dimensions[14].height is None and sheet.row_dimensions[15].height == 20
    assert [[c.value for c in sheet[r]] for r in (14, 15)] == [[None] * 7, [None] * 7]
    assert opened(path).row_heights("Swiss Games", [14, 15]) == {14: None, 15: 20}
