"""ratingbook's own records in a book (the Event State, the Event History) changed by hand: an
error that names the sheet and says what to do, keeping the parser's error as its cause for a
bug report."""

from __future__ import annotations

import json

import pytest

from ratingbook.errors import RatingbookError
from ratingbook.workbook.book_history import read_history
from ratingbook.workbook.event_log_sheet import read_state
from ratingbook.workbook.grid_book import GridBook
from ratingbook.workbook.reading import Sheets


def test_an_event_state_that_no_longer_reads() -> None:
    book = GridBook({"Event State": [["Item", "Value"], ["FIDE Mode", "[true,"]]})
    with pytest.raises(RatingbookError) as caught:
        read_state(Sheets(book))
    assert str(caught.value) == (
        "sheet 'Event State': it was changed by hand and no longer reads (Expecting value: "
        "line 1 column 7 (char 6)); it is ratingbook's record of the event: undo the change "
        "(ratingbook undo) or restore it"
    )
    assert isinstance(caught.value.__cause__, json.JSONDecodeError)


def test_an_event_history_that_no_longer_reads() -> None:
    book = GridBook({"Event History": [["State", "Before", "Data"], [1, "pair", 'v{"a":']]})
    with pytest.raises(RatingbookError) as caught:
        read_history(Sheets(book))
    assert str(caught.value) == (
        "sheet 'Event History' was changed by hand and no longer reads; it is ratingbook's: "
        "undo is not possible until it is restored"
    )
    assert isinstance(caught.value.__cause__, json.JSONDecodeError)
