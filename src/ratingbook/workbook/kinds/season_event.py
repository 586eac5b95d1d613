"""A book as an event of a season's rating list (issue 35), by the family its sheets hold: a
Swiss or round-robin book read as a recalculation reads its event and handed to
:func:`ratingbook.season.season_event_from_swiss` with its final ranking (the ranks of its
Swiss Standings, its tie-breaks applied); a team event, Elo or camp ladder book read
by :mod:`ratingbook.workbook.sheets.season_books`. Any other family is an error naming it."""

from __future__ import annotations

import datetime as _dt

from ratingbook.reports.swiss_grids import standings_grid
from ratingbook.season.model import SeasonError, SeasonEvent, SourceRef
from ratingbook.season.trf_source import season_event_from_swiss
from ratingbook.workbook.port.book import Book
from ratingbook.workbook.sheets.season_books import (
    elo_book_event,
    ladder_book_event,
    team_book_event,
)

__all__ = ["book_event"]


def book_event(book: Book, file: str, day: _dt.date | None) -> SeasonEvent:
    """The event ``book`` (called ``file``) holds, by its family; ``day`` dates the games of a
    book that gives no date. A family that holds no games of two players (a Crikey book, a
    rating list) is an error naming it."""
    from ratingbook.workbook.plans.families import families_present
    from ratingbook.workbook.sheets.event_book import read_event

    present = [family.name for family in families_present(book.sheet_names())]
    if "swiss" in present or not present:
        event = read_event(book)
        # The event's final ranking, its tie-breaks applied: the ranks its Swiss Standings show.
        ranks = standings_grid(event)[1] if event.entries else None
        return season_event_from_swiss(event, file, kind="book", ranks=ranks)
    if "team" in present:
        return team_book_event(book, file, day)
    if "elo" in present:
        return elo_book_event(book, file, day)
    if "ladder" in present:
        return ladder_book_event(book, file)
    raise SeasonError(
        f"a {present[0]} book does not feed a rating list: its games are Swiss, round-robin, "
        "team, Elo or camp ladder games",
        SourceRef(file),
    )
