"""A team workbook as the worksheet functions read it: the team event read and checked as a
recalc reads it. (Which kind of event a book holds, and the team event's TRF, are
:mod:`ratingbook.workbook.kinds`'.)"""

from __future__ import annotations

from ratingbook.events.team import TeamEvent
from ratingbook.workbook.book import Book
from ratingbook.workbook.reading import Sheets

__all__ = ["read_team_event"]


def read_team_event(book: Book) -> TeamEvent:
    """The team event ``book`` holds, read and checked as a recalc reads it."""
    from ratingbook.workbook.team_plan import read_team_tables

    return read_team_tables(Sheets(book)).event
