"""A ladder recalc through xlwings widens the input sheets' name columns as the file back ends do
(issue 34): a camper's long name printed cut in Excel after the button's recalc.

Desktop Excel reads a column's width (``Range.column_width``) and sets it where it is narrower
than :attr:`WriteBlock.widths` asks; a wider one (the user's) is left alone. xlwings' JSON
engine cannot: its ``setColumnWidth`` action is known to none of the clients xlwings 0.37.8
ships (``js/xlwings.js``, ``addin/Remote.bas``) and a client aborts on an action it does not
know, so a recalc there sends no width at all (tested: every action it sends is one the
shipped Office.js client handles). Desktop is played here by the JSON book with the adapter
told it is desktop and ``column_width`` read from a table of widths: the calls the adapter
makes, through xlwings' own Range, are what is checked.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.jsonbook import actions, make_json_book

# isort: split
import xlwings as xw  # jsonbook set XLWINGS_LICENSE_KEY before importing it
from xlwings.pro import _xlremote

import ratingbook.excel.xlwings_book as adapter
from ratingbook.excel import XlwingsBook, recalc_book
from ratingbook.workbook.port.book import WriteBlock

LONG = "Alexandra-Katharina Vandenberghe"  # 32 characters
CLIENT = Path(xw.__file__).parent / "js" / "xlwings.js"


@pytest.fixture
def desktop_widths(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, float]]:
    """Column widths by 1-based column as a desktop Excel would read them (24, the template's
    name columns, unless set), and ``column_width`` read from them on the JSON book."""
    widths: dict[int, float] = {}
    setter = _xlremote.Range.column_width.fset

    def read(self: Any) -> float:
        return widths.get(self.column, 24.0)

    monkeypatch.setattr(_xlremote.Range, "column_width", property(read, setter))
    yield widths


def _width_actions(book: xw.Book) -> list[tuple[int, float]]:
    """The (1-based column, width) of each ``setColumnWidth`` the book queued."""
    return [
        (a["start_column"] + 1, a["args"][0])
        for a in actions(book)
        if a["func"] == "setColumnWidth"
    ]


def test_desktop_excel_widens_a_narrow_name_column_and_leaves_a_wider_one(
    desktop_widths: dict[int, float],
) -> None:
    book = make_json_book({"Ladder Players": [["ID", "Name", "Group"], [1, LONG, "Beginners"]]})
    adapter = XlwingsBook(book)
    adapter.remote = False  # desktop Excel
    desktop_widths[3] = 30.0  # the user's own, wider than the 12 asked
    adapter.write_values(WriteBlock("Ladder Players", 1, 1, [], widths=((2, 28.5), (3, 12.0))))
    assert _width_actions(book) == [(2, 28.5)]


def test_desktop_excel_widens_a_ladder_recalcs_name_columns(
    desktop_widths: dict[int, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole button: a recalc of a camp with a 32-character name widens Ladder Players'
    Name and Ladder Games' White Name and Black Name (each to more than 0.8 of a digit a
    character, the narrowest Calibri letter, at most 40)."""
    original = XlwingsBook.__init__

    def desktop(self: XlwingsBook, book: xw.Book) -> None:
        original(self, book)
        self.remote = False

    monkeypatch.setattr(XlwingsBook, "__init__", desktop)
    # What the JSON book cannot play: reading the screen-updating setting, and the
    # multi-area ranges desktop Excel hides a progress sheet's free rows with.
    monkeypatch.setattr(XlwingsBook, "_quiet_screen", lambda self: contextlib.nullcontext())
    monkeypatch.setattr(adapter, "_hide", lambda *args, **kwargs: None)
    book = make_json_book(_camp())
    recalc_book(book)
    queued = [
        (a["sheet_position"], a["start_column"] + 1, a["args"][0])
        for a in actions(book)
        if a["func"] == "setColumnWidth"
    ]
    players, games = (book.sheets[n].index - 1 for n in ("Ladder Players", "Ladder Games"))
    widened = {(s, c) for s, c, w in queued if 0.8 * len(LONG) < w <= 40}
    assert {(players, 2), (games, 4), (games, 5)} <= widened, queued


def test_the_json_engine_sends_no_width_and_no_action_its_client_does_not_know() -> None:
    book = make_json_book(_camp())
    recalc_book(book)
    known = set(re.findall(r"^function (\w+)\(workbook, action\)", CLIENT.read_text(), re.M))
    sent = {a["func"] for a in actions(book)}
    assert "setColumnWidth" not in sent
    assert sent <= known, sent - known


def _camp() -> dict[str, list[list[object]]]:
    return {
        "Ladder Players": [
            ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
            [1, LONG, "Beginners", True, 0, 0, 800],
            [2, "Ben", "Beginners", True, 0, 0, 800],
        ],
        "Ladder Games": [
            ["White", "Black", "Result", "White Name", "Black Name"],
            [1, 2, "(1-0)", LONG, "Ben"],
        ],
        "Camp Groups": [["Group", "Initial Ladder Rating"], ["Beginners", 800]],
    }
