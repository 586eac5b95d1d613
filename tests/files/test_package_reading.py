"""ratingbook.files.patching.reading: what a read cell gives.

calamine's values become what openpyxl gives (whole floats -> int, "" -> None, dates ->
datetimes); what calamine reads as empty but is not (an error cell, a formula with no cached
value) is found in the sheet XML; pending writes are laid over the file's values.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tests.helpers.packages import book_with_sheet_xml
from tests.helpers.paths import TEMPLATES

from ratingbook.core.cells import Uncalculated
from ratingbook.core.refs import column_letter, split_ref
from ratingbook.errors import WorkbookError
from ratingbook.files.patching import PackageBook
from ratingbook.files.patching.reading import overlay, plain_values, special_cells
from ratingbook.files.patching.walker import SheetXml
from ratingbook.workbook.port.book import KEEP, WriteBlock

# (a value as calamine gives it, the value ratingbook reads)
PLAIN_CASES: list[tuple[object, object]] = [
    (1500.0, 1500),
    (-3.0, -3),
    (12.5, 12.5),
    (2.0**53, 2**53),
    (2.0**54, 2.0**54),  # beyond 2^53 a float is not an exact whole number: kept as it is
    ("", None),
    ("Ann", "Ann"),
    (True, True),
    (dt.date(2024, 5, 6), dt.datetime(2024, 5, 6)),
    (dt.datetime(2024, 5, 6, 18, 30), dt.datetime(2024, 5, 6, 18, 30)),
]


@pytest.mark.parametrize(("raw", "value"), PLAIN_CASES)
def test_calamine_values_read_as_openpyxl_gives_them(raw: object, value: object) -> None:
    [[read]] = plain_values([[raw]])
    assert read == value
    assert type(read) is type(value)


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def part(rows: str) -> str:
    return f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'


# (sheetData inside, {(row, column): value} that calamine could not see)
SPECIAL_CASES: list[tuple[str, dict[tuple[int, int], object]]] = [
    ('<row r="1"><c r="A1"><v>1</v></c></row>', {}),
    ('<row r="2"><c r="B2" t="e"><v>#N/A</v></c></row>', {(2, 2): "#N/A"}),
    ('<row r="2"><c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>', {(2, 2): "#DIV/0!"}),
    ('<row r="3"><c r="G3"><f>1000+250</f></c></row>', {(3, 7): Uncalculated("=1000+250")}),
    ('<row r="3"><c r="G3"><f>1000+250</f><v></v></c></row>', {(3, 7): Uncalculated("=1000+250")}),
    ('<row r="3"><c r="G3"><f>1000+250</f><v>1250</v></c></row>', {}),  # calculated
    ('<row r="4"><c r="A4" t="str"><f>""</f><v></v></c></row>', {}),  # calculated, empty text
    ('<row r="5"><c r="A5"><f>A1&amp;"x"</f></c></row>', {(5, 1): Uncalculated('=A1&"x"')}),
    # a shared formula's other cells carry only its id: the formula is translated to them
    (
        '<row r="2"><c r="C2"><f t="shared" ref="C2:C3" si="0">A2*2</f></c></row>'
        '<row r="3"><c r="C3"><f t="shared" si="0"/></c></row>',
        {(2, 3): Uncalculated("=A2*2"), (3, 3): Uncalculated("=A3*2")},
    ),
]


@pytest.mark.parametrize(("rows", "found"), SPECIAL_CASES)
def test_error_cells_and_never_calculated_formulas_are_found(
    rows: str, found: dict[tuple[int, int], object]
) -> None:
    result = special_cells(SheetXml.split(part(rows), "xl/worksheets/sheet1.xml"))
    assert result == found
    assert all(type(result[k]) is type(v) for k, v in found.items())


# (grid, block, grid after)
OVERLAYS: list[tuple[list[list[object]], WriteBlock, list[list[object]]]] = [
    ([[1, 2]], WriteBlock("S", 1, 2, [[9]]), [[1, 9]]),
    ([[1]], WriteBlock("S", 2, 3, [[7, 8]]), [[1], [None, None, 7, 8]]),
    ([[1, 2, 3]], WriteBlock("S", 1, 1, [[KEEP, 5, KEEP]]), [[1, 5, 3]]),
    ([], WriteBlock("S", 1, 1, [[None]]), [[None]]),
]


@pytest.mark.parametrize(("grid", "block", "after"), OVERLAYS)
def test_pending_writes_are_laid_over_the_values(
    grid: list[list[object]], block: WriteBlock, after: list[list[object]]
) -> None:
    overlay(grid, block)
    assert grid == after


def test_the_package_engine_imports_without_python_calamine() -> None:
    """xlwings Lite (Pyodide) may have no calamine: importing the engine must still work, and
    reading through it says what is missing. A fresh interpreter, so no module is shared."""
    code = textwrap.dedent(
        """
        import sys
        sys.modules["python_calamine"] = None  # "import python_calamine" now fails
        import ratingbook.files.patching
        from ratingbook.errors import WorkbookError
        from ratingbook.files.patching.reading import open_calamine
        try:
            open_calamine(b"", "camp.xlsx")
        except WorkbookError as error:
            print(error)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "'camp.xlsx' cannot be read: the package back end needs python-calamine, which is not "
        "installed here\n"
    )


def test_reading_and_planning_a_book_loads_no_openpyxl() -> None:
    """The package engine needs openpyxl only to write (its formula translator and number
    formats): a book read and recalculated without saving, as ``explain`` or a refused book
    does, leaves it unloaded (a third of a command's start-up). A fresh interpreter."""
    code = textwrap.dedent(
        f"""
        import sys
        from ratingbook import workbook
        from ratingbook.files.patching import PackageBook
        book = PackageBook({str(TEMPLATES / "ladder.xlsx")!r})
        for sheet in book.sheet_names():
            book.read_values(sheet)
        workbook.recalc(book)
        print("openpyxl" in sys.modules)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout) == (0, "False\n"), done.stderr


def test_far_cells_are_left_out_and_the_table_read_where_it_is(tmp_path: Path) -> None:
    """A note in XFD100000 makes the sheet sparse: calamine reads a compact copy, and the rows
    come back at their own numbers; the note (beyond the header rows' columns A:B) is not
    read; a never-calculated formula in the table is still found."""
    source = book_with_sheet_xml(
        tmp_path,
        '<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>'
        '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>Ann</t></is></c></row>'
        '<row r="3"><c r="B3"><f>1+1</f></c></row>'
        '<row r="99999"><c r="A99999"><v>7</v></c></row>'
        '<row r="100000"><c r="XFD100000" t="inlineStr"><is><t>note</t></is></c></row>',
    )
    grid = PackageBook(source).read_values("S")
    assert grid[:3] == [["ID", "Name"], [1, "Ann"], [None, Uncalculated("=1+1")]]
    assert type(grid[2][1]) is Uncalculated
    assert len(grid) == 99_999
    assert grid[99_998] == [7, None]  # as calamine gives rows: as wide as the table
    assert all(row == [] for row in grid[3:99_998])


FAR = ["XFD1048576", "CV1048576", "A1048576", "H5000", "ZZ30"]


# A far cell in a column the table uses (A1048576) makes a million-row grid: about 0.6 s an
# example, 40 times a cheap one. So it is in the explicit examples, alone and with others, and
# the random ones draw from the other far cells; the corners are always there: no far cell, the
# last cell of the sheet, the last row beyond the typed columns with a far column in the first
# rows.
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@example(near={(1, 1): "Ann"}, far=[])
@example(near={(1, 1): 5, (30, 5): "x y"}, far=["XFD1048576"])
@example(near={(2, 3): -7, (20, 1): "Ben"}, far=["CV1048576", "ZZ30"])
@example(near={(1, 1): 3, (30, 5): -2}, far=["A1048576"])
@example(near={(1, 2): 1000, (21, 5): "x y"}, far=["A1048576", "H5000", "XFD1048576"])
@given(
    near=st.dictionaries(
        st.tuples(st.integers(1, 30), st.integers(1, 5)),
        st.one_of(st.integers(-1000, 1000), st.sampled_from(["Ann", "Ben", "x y"])),
        min_size=1,
    ),
    far=st.lists(st.sampled_from([f for f in FAR if f != "A1048576"]), unique=True, max_size=3),
)
def test_the_table_columns_read_the_same_with_or_without_far_cells(
    tmp_path: Path, near: dict[tuple[int, int], object], far: list[str]
) -> None:
    """Whatever far cells a sheet holds, the columns its first rows use read exactly the
    cells typed there (the far ones beyond them may or may not be read)."""
    cells: dict[int, dict[int, object]] = {}
    for (row, column), value in near.items():
        cells.setdefault(row, {})[column] = value
    for ref in far:
        row, column = split_ref(ref)
        cells.setdefault(row, {})[column] = 1
    xml = ""
    for row in sorted(cells):
        xml += f'<row r="{row}">'
        for column in sorted(cells[row]):
            value = cells[row][column]
            ref = f"{column_letter(column)}{row}"
            if isinstance(value, str):
                xml += f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'
            else:
                xml += f'<c r="{ref}"><v>{value}</v></c>'
        xml += "</row>"
    source = book_with_sheet_xml(tmp_path, xml, name=f"b{len(list(tmp_path.iterdir()))}.xlsx")
    grid = PackageBook(source).read_values("S")
    width = max(c for (r, c) in near if r <= 20) if any(r <= 20 for r, _ in near) else 0
    width = max([width, *(split_ref(f)[1] for f in far if split_ref(f)[0] <= 20)])
    for row in range(1, 31):
        for column in range(1, width + 1):
            line = grid[row - 1] if row <= len(grid) else []
            got = line[column - 1] if column <= len(line) else None
            assert got == near.get((row, column)), (row, column)


def test_a_duration_no_timedelta_holds_is_refused_naming_the_sheet(tmp_path: Path) -> None:
    """1e20 formatted as a duration ([h]:mm:ss): calamine's conversion overflows; the sheet is
    named, and the OverflowError is kept as the cause for a bug report."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "S"
    ws["A1"] = 1e20
    ws["A1"].number_format = "[h]:mm:ss"
    path = tmp_path / "duration.xlsx"
    wb.save(path)
    with pytest.raises(WorkbookError, match=r"sheet 'S' cannot be read: OverflowError") as raised:
        PackageBook(path).read_values("S")
    assert isinstance(raised.value.__cause__, OverflowError)
