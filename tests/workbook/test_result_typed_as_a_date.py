"""A result Excel turned into a date (user test 49): ``1/2`` typed into a Result cell not
formatted as text is 2 January to Excel, and the run said ``unknown result
datetime.datetime(2026, 1, 2, 0, 0)``. It names the cell, says that the date is Excel's doing,
and what to type instead."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.helpers.fide_event import event_sheets

from ratingbook.errors import RatingbookError
from ratingbook.session import Pair, Recalc, Session
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook


def test_a_date_in_a_result_cell_is_said_as_excels_date_with_what_to_type() -> None:
    book = MemoryBook(event_sheets())
    Session(book, who="arbiter").run(Pair())
    header = book.grids()["Swiss Games"][0]
    column = header.index("Result") + 1
    book.write_values(WriteBlock("Swiss Games", 2, column, [[dt.datetime(2026, 1, 2)]]))
    with pytest.raises(RatingbookError) as raised:
        Session(book, who="arbiter").run(Recalc())
    said = str(raised.value)
    assert said.startswith(f"sheet 'Swiss Games', row 2, column {chr(64 + column)} (Result): ")
    assert "datetime" not in said
    assert "the cell holds the date 2026-01-02, not a result: Excel makes a date of" in said
    assert "type a draw as ½-½ or 1/2-1/2" in said
    assert "format the cell as Text" in said
