"""A team workbook as every front end reads it: whether a book holds a team event, the event
read and checked as a recalc reads it, and the event as TRF-2026 text (``ratingbook trf
export`` of a team book, the ranks of the team standings written into record 310)."""

from __future__ import annotations

from ratingbook.events.team import TeamEvent
from ratingbook.workbook.book import Book
from ratingbook.workbook.families import families_present
from ratingbook.workbook.reading import Sheets

__all__ = ["is_team_book", "read_team_event", "team_book_trf"]


def is_team_book(book: Book) -> bool:
    """Whether ``book`` holds a team event (the team sheets, no Swiss Players sheet)."""
    present = {f.name for f in families_present(book.sheet_names())}
    return "team" in present and "swiss" not in present


def read_team_event(book: Book) -> TeamEvent:
    """The team event ``book`` holds, read and checked as a recalc reads it."""
    from ratingbook.workbook.team_plan import read_team_tables

    return read_team_tables(Sheets(book)).event


def team_book_trf(book: Book) -> tuple[str, int] | None:
    """The TRF text and the number of teams, or None when ``book`` holds no team event."""
    if not is_team_book(book):
        return None
    from ratingbook.fide.gacrux.team_tiebreaks import team_standings
    from ratingbook.trf.team_records import export_team_trf
    from ratingbook.workbook.team_plan import read_team_tables

    event = read_team_tables(Sheets(book)).event
    ranks = {line.team: line.rank for line in team_standings(event).lines}
    return export_team_trf(event, ranks=ranks), len(event.teams)
