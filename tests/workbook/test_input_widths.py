"""A recalc widens the ladder's input sheets' name columns to their names (issue 34, see42c).

The camp staff guide promises every input sheet prints "every column as wide as its header and
values need"; the template's name columns are 24 units wide, so a camper named
``Alexandra-Katharina Vandenberghe`` printed cut (``Alexandra-Katharina Vanden``) in Ladder
Players, and past the table's border in Ladder Games' Black Name. A recalc widens a column too
narrow for its values (in both file back ends), never narrows one, and changes no typed value.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.helpers.built_books import write_template
from tests.helpers.cli import run
from tests.helpers.workbooks import sheet_rows

from ratingbook.files.patching.patch import with_column_widths

LONG = "Alexandra-Katharina Vandenberghe"  # 32 characters


def _widths(path: Path) -> dict[str, dict[str, float]]:
    """Each sheet's column widths by letter, from one load of the book."""
    wb = openpyxl.load_workbook(path)
    return {
        ws.title: {letter: d.width for letter, d in ws.column_dimensions.items()}
        for ws in wb.worksheets
    }


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_recalc_widens_the_name_columns_to_the_longest_name(tmp_path: Path, backend: str) -> None:
    book = tmp_path / "camp.xlsx"
    write_template("ladder", book)
    wb = openpyxl.load_workbook(book)
    wb["Ladder Players"]["B2"] = LONG
    wb["Ladder Players"].column_dimensions["C"].width = 30  # the user's own, wider than needed
    wb.save(book)
    before = {s: sheet_rows(book, s) for s in ("Ladder Players", "Ladder Games")}
    widths_before = _widths(book)
    players_before, games_before = widths_before["Ladder Players"], widths_before["Ladder Games"]
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    widths = _widths(out)
    players, games = widths["Ladder Players"], widths["Ladder Games"]
    # 32 characters, most of them narrower than a digit (Excel's unit) but none under 0.8 of
    # one in Calibri 11, and the cell's padding: at least 26 units; the cap is 40.
    for width in (players["B"], games["D"], games["E"]):
        assert 0.8 * len(LONG) < width <= 40
    assert players["C"] == 30  # never narrowed
    for letter in "ADEFG":
        assert players[letter] == players_before[letter]
    for letter in "ABC":
        assert games[letter] == games_before[letter]
    # No typed value changed (Rating, Permanent Rating and StWkPerm are the recalc's).
    after = sheet_rows(out, "Ladder Players")
    assert [r[:4] for r in after] == [r[:4] for r in before["Ladder Players"]]
    assert [r[:3] for r in sheet_rows(out, "Ladder Games")] == [
        r[:3] for r in before["Ladder Games"]
    ]


def test_a_column_in_a_range_is_split_from_it_and_none_is_narrowed() -> None:
    xml = (
        '<worksheet xmlns="m"><cols><col min="1" max="3" width="10" style="2"/>'
        '<col min="4" max="4" width="50"/></cols><sheetData/></worksheet>'
    )
    widened = with_column_widths(xml, {2: 30.0, 4: 20.0, 6: 25.0})
    assert widened == (
        '<worksheet xmlns="m"><cols><col min="1" max="1" width="10" style="2"/>'
        '<col min="2" max="2" width="30" style="2" customWidth="1"/>'
        '<col min="3" max="3" width="10" style="2"/>'
        '<col min="4" max="4" width="50"/>'
        '<col min="6" max="6" width="25" customWidth="1"/></cols><sheetData/></worksheet>'
    )
    assert with_column_widths(xml, {4: 20.0, 5: 8.0}) is xml  # wide enough: not rewritten
    assert with_column_widths('<worksheet xmlns="m"><sheetData/></worksheet>', {1: 20.0}) == (
        '<worksheet xmlns="m"><cols><col min="1" max="1" width="20" customWidth="1"/></cols>'
        "<sheetData/></worksheet>"
    )
