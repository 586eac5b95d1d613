"""The team template through the Excel button (``recalc_book``) on xlwings' JSON engine: the
sheets after a click equal what ``ratingbook recalc`` saves, and a bad board result is shown
as the command line's message with nothing written. The worksheet functions are the same
for every family (see tests/test_udfs.py); only the recalculation is family-specific."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.excel.test_excel import SameSheets, excel_result, openpyxl_result
from tests.helpers.jsonbook import actions, make_json_book
from tests.helpers.paths import ROOT

from ratingbook import workbook
from ratingbook.errors import RatingbookError
from ratingbook.excel.scripts import recalc_book

INPUTS = ("Team Settings", "Teams", "Team Matches", "Team Boards")


def _template_inputs() -> dict[str, list[list[object]]]:
    book = openpyxl.load_workbook(ROOT / "workbook_templates" / "team.xlsx")
    return {name: [list(r) for r in book[name].iter_rows(values_only=True)] for name in INPUTS}


def test_consistency_the_button_writes_what_ratingbook_recalc_writes(tmp_path: Path) -> None:
    """The same sheets, the event's log started in both; the button runs through the session,
    which keeps its undo store (``Event History``), as the command line does."""
    sheets = _template_inputs()
    expected = SameSheets(openpyxl_result(sheets, tmp_path, workbook.recalc))
    got = excel_result(sheets, recalc_book)
    assert list(got)[-3:] == ["Event Log", "Event State", "Event History"]
    got.pop("Event History")
    assert got == expected
    standings = got["Team Standings"]
    assert standings[0][:6] == ["Rank", "No.", "Team", "Rating", "MP", "GP"]
    assert standings[1][2] == "Queens"


def test_a_bad_board_is_refused_with_nothing_written() -> None:
    sheets = _template_inputs()
    sheets["Team Boards"][1][5] = "1-1"  # not a result
    book = make_json_book(sheets)
    with pytest.raises(RatingbookError, match=r"sheet 'Team Boards', row 2, column F \(Result\)"):
        recalc_book(book)
    assert actions(book) == []
