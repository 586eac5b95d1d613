"""ratingbook's own records in a book (the Event State, the Event History) changed by hand: an
error that names the sheet and says what to do, keeping the parser's error as its cause for a
bug report."""

from __future__ import annotations

import json

import pytest

from ratingbook.errors import RatingbookError
from ratingbook.session.history import read_history
from ratingbook.workbook.port.grid_book import GridBook
from ratingbook.workbook.sheets.event_log_sheet import read_state
from ratingbook.workbook.sheets.reading import Sheets


def test_an_event_state_that_no_longer_reads() -> None:
    book = GridBook({"Event State": [["Item", "Value"], ["FIDE Mode", "[true,"]]})
    with pytest.raises(RatingbookError) as caught:
        read_state(Sheets(book))
    assert str(caught.value) == (
        "sheet 'Event State': it was changed by hand and no longer reads (Expecting value: "
        "line 1 column 7 (char 6)); it is ratingbook's record of the event: undo the change "
        "in Excel, or restore the sheet from a copy of the book saved before it (ratingbook "
        "undo reads this sheet too)"
    )
    assert isinstance(caught.value.__cause__, json.JSONDecodeError)


def test_an_event_history_that_no_longer_reads() -> None:
    grid: list[list[object]] = [["Act", "Status", "What", "Data"], [1, "done", "pair", 'v2{"a":']]
    with pytest.raises(RatingbookError) as caught:
        read_history(grid)
    assert str(caught.value).startswith(
        "sheet 'Event History' was changed by hand and no longer reads (Expecting value"
    )
    assert str(caught.value).endswith(
        "; it is ratingbook's: undo is not possible until it is restored"
    )
    assert isinstance(caught.value.__cause__, json.JSONDecodeError)


def test_an_event_history_of_earlier_format_1_still_reads() -> None:
    """A book in the middle of an event crosses an upgrade: format 1 (whole copies of every
    sheet before each change, and the book as last written) is read as acts, each the cells
    that differ from one copy to the next."""
    before = {"Swiss Games": [["Round", "White"], [1, None]]}
    saved = {"Swiss Games": [["Round", "White"], [1, "Anna"]]}

    def chunk(data: object) -> str:
        return "v" + json.dumps(data)

    grid: list[list[object]] = [
        ["State", "Before", "Values"],
        [0, "saved", chunk(saved)],
        [1, "before Pairing round 1", chunk(before)],
    ]
    history = read_history(grid)
    assert history.legacy and [a.label for a in history.acts] == ["Pairing round 1"]
    assert history.acts[0].round == 1  # its Undo row says round 1
    assert dict(history.acts[0].cells) == {("Swiss Games", 2, 2): (None, "Anna")}


def test_an_event_state_of_the_previous_format_reads() -> None:
    """Format 1 (ratingbook 0.1: no Format row) reads as the same state: a book in the middle
    of an event crosses the upgrade."""
    rows = [
        ["Item", "Value"],
        ["FIDE Mode", "[true, 0]"],
        ["Manual Pairing", "0"],
        ["Setting", '["Rounds", "7"]'],
        ["Player", '["Anna", 1, 0]'],
        ["Entry", '[1, "Anna", "Boris", "1-0"]'],
        ["Log", '"' + "a" * 64 + '"'],
    ]
    state = read_state(Sheets(GridBook({"Event State": rows})))
    assert state is not None
    assert state.settings == (("Rounds", "7"),) and state.players == (("Anna", 1, 0),)
    assert state.games == ((1, "Anna", "Boris", "1-0"),) and state.log == "a" * 64
    assert state.rows()[0] == ("Format", "2")  # written again in this format


def test_an_event_state_of_a_newer_format_says_so() -> None:
    rows = [["Item", "Value"], ["Format", "3"], ["FIDE Mode", "[true, 0]"], ["Future", "1"]]
    with pytest.raises(RatingbookError) as caught:
        read_state(Sheets(GridBook({"Event State": rows})))
    assert str(caught.value) == (
        "sheet 'Event State': it was written by a newer ratingbook (format 3; this one reads up "
        "to 2): update ratingbook to go on with this event"
    )
