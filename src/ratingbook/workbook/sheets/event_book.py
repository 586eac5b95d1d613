"""A Swiss event (or round robin) read from a workbook.

:func:`read_event_tables` is how the individual event kind (:mod:`ratingbook.workbook.kinds`:
``explain``, ``publish``, ``trf export``) reads it, and the Swiss planner, which writes its
numbers back into the tables; ``read_event(book)`` gives the event alone (``prizes``, ``norms``,
``contenders``). Reading checks every sheet of the event (``Swiss Players``, ``Swiss Games``,
``Swiss Settings``, ``Forbidden Pairs``) and reports every problem at once; nothing is written.
:func:`rating_list_setting` reads the one setting Excel's Update Players needs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratingbook.core.tables import Table
from ratingbook.errors import Location, MissingColumnError, Problems, RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.round_robin import check_round_robin
from ratingbook.events.settings import CUSTOM_LIST, SwissSettings
from ratingbook.workbook.port.book import Book
from ratingbook.workbook.sheets.event_rows import build_event
from ratingbook.workbook.sheets.forbidden_pair_rows import read_forbidden_pairs
from ratingbook.workbook.sheets.reading import Sheets, guarded, read
from ratingbook.workbook.sheets.schemas import (
    FORBIDDEN_PAIRS,
    SWISS_EVENT_GAMES,
    SWISS_EVENT_PLAYERS,
    SWISS_SETTINGS,
)
from ratingbook.workbook.sheets.settings_rows import read_settings

__all__ = [
    "CUSTOM_COLUMNS",
    "EventTables",
    "custom_list_setting",
    "rating_list_setting",
    "read_event",
    "read_event_tables",
    "settings_of",
]


def _games_table(sheets: Sheets) -> Table:
    games = read(sheets, SWISS_EVENT_GAMES)
    if "Round" not in games.columns:
        raise MissingColumnError(
            f"sheet {games.sheet!r} has no column 'Round', which a Swiss event needs "
            "(every row says its round)"
        )
    if "Result" not in games.columns and not {"White Points", "Black Points"} <= set(games.columns):
        raise MissingColumnError(f"sheet {games.sheet!r} has no column 'Result'")
    return games


@dataclass(frozen=True, slots=True)
class EventTables:
    """An event and the two tables it was read from (where its numbers are written back)."""

    event: SwissEvent
    players: Table
    games: Table


def read_event_tables(sheets: Sheets) -> EventTables:
    """The event from ``Swiss Players``, ``Swiss Games`` and the optional ``Swiss Settings``;
    every problem of the three sheets is reported at once."""
    problems = Problems()
    players = guarded(problems, lambda: read(sheets, SWISS_EVENT_PLAYERS), None)
    games = guarded(problems, lambda: _games_table(sheets), None)
    settings = SwissSettings()
    if sheets.actual(SWISS_SETTINGS.sheet) is not None:
        settings = guarded(
            problems, lambda: read_settings(read(sheets, SWISS_SETTINGS).rows), settings
        )
    event: SwissEvent | None = None
    if players is not None and games is not None:
        player_rows, game_rows = players.rows, games.rows
        event = guarded(problems, lambda: build_event(player_rows, game_rows, settings), None)
    if event is not None and sheets.actual(FORBIDDEN_PAIRS.sheet) is not None:
        names = [p.name for p in event.players]
        none: tuple[ForbiddenPair, ...] = ()
        bans = guarded(
            problems, lambda: read_forbidden_pairs(read(sheets, FORBIDDEN_PAIRS).rows, names), none
        )
        event = replace(event, forbidden=bans)
    if event is not None and event.settings.round_robin:
        from ratingbook.fide.gacrux import berger_schedule

        checked = event
        guarded(problems, lambda: check_round_robin(checked, berger_schedule(checked)), None)
    problems.check()
    assert event is not None and games is not None and players is not None  # else raised above
    return EventTables(event, players, games)


def read_event(book: Book) -> SwissEvent:
    """The Swiss event (or round robin) in ``book``, checked; every problem reported at once."""
    return read_event_tables(Sheets(book)).event


def settings_of(sheets: Sheets) -> SwissSettings | None:
    """``Swiss Settings`` read (None: the book has no such sheet)."""
    if sheets.actual(SWISS_SETTINGS.sheet) is None:
        return None
    return read_settings(read(sheets, SWISS_SETTINGS).rows)


def _unset(settings: SwissSettings | None, name: str, message: str) -> RatingbookError:
    """The error of a file setting left empty: at its Value cell when the sheet has the
    setting's row, else at no cell (the row, or the sheet, is missing)."""
    where = settings.places.get(name) if settings else None
    return RatingbookError(message, where, "Value" if where is not None else None)


def rating_list_setting(book: Book) -> tuple[str, Location | None]:
    """The rating list file the ``Rating List`` setting names, as typed, and where it is (what
    Excel's Update Players reads; the command line takes ``--rating-list`` instead)."""
    settings = settings_of(Sheets(book))
    if settings is None or not settings.rating_list:
        raise _unset(
            settings,
            "Rating List",
            "no rating list to read: type the path of FIDE's rating list file (TXT or XML, "
            "zipped or not, from ratings.fide.com) as the value of the setting 'Rating List' "
            f"in {SWISS_SETTINGS.sheet!r}",
        )
    return settings.rating_list, settings.places.get("Rating List")


#: The column of ``Swiss Players`` a custom list fills, by the rating ``Custom List Into`` (or
#: the command line's ``--into``) names.
CUSTOM_COLUMNS = {"national": "National Rating", "manual": "Manual Rating"}


def custom_list_setting(book: Book) -> tuple[str, str, Location | None]:
    """The custom rating list (Q117) the ``Custom List`` setting names, as typed, the column
    ``Custom List Into`` says it fills, and where the setting is (what Excel's Update from
    Custom List reads; the command line takes ``LIST`` and ``--into`` instead)."""
    settings = settings_of(Sheets(book))
    if settings is None or not settings.custom_list:
        raise _unset(
            settings,
            CUSTOM_LIST,
            "no custom list to read: type the path of your rating list (a CSV file naming the "
            "players by FIDE ID, National ID or Name, and their Rating) as the value of the "
            f"setting {CUSTOM_LIST!r} in {SWISS_SETTINGS.sheet!r}",
        )
    column = CUSTOM_COLUMNS[settings.custom_list_into]
    return settings.custom_list, column, settings.places.get(CUSTOM_LIST)
