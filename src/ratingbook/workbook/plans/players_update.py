"""``players update``: Swiss Players filled from FIDE's rating list, matched by FIDE ID.

For every player with a FIDE ID found on the list, the cells ``Rating``, ``Title``,
``Federation``, ``Birth``, ``Sex`` and ``K`` become what the list says for the list chosen
(standard, rapid or blitz; by default the event's ``FIDE Rated`` setting, else standard). A
player the list shows unrated gets an empty Rating; on a rapid or blitz update, a player unrated
there but rated in standard gets his standard rating, the effective rating of B.02 7.2.1 (read
from a combined list, which holds all three), and the change line says so. A list of another
month than the event's ``Start Date`` is named: the ratings of a FIDE-rated event are the list
valid at its start (FIDE publishes one on the first of every month; checklist question 137 as
Sharly-Chess quotes it); a file that does not hold FIDE's three lists (standard, rapid, blitz) is
said (question 121), and a single list read for another kind of rating than its own is refused
(:func:`~ratingbook.fide.rules.rating_list.lists_held`). A player still unrated on the event's
list is shown the ratings of the next lists of the event's sequence (``LIST_SEQUENCES``, or the
lists the arbiter names), for the arbiter to type one into ``Manual Rating`` (questions 123-129).
A birth date already typed is kept when its year is the list's. A column the sheet lacks is added
after its last column. What changes, cell by cell, and which IDs the list does not have, come
back as lines to show before anything is written. The list itself is read by
:mod:`ratingbook.fide.rules.rating_list`, streamed. In an event over 30 days a later period's
list fills that period's rating only (``Rating 2``, ...: :mod:`ratingbook.events.long_event`),
named against the period's month when ``Rating Periods`` gives one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ratingbook.errors import Problems, RatingbookError
from ratingbook.events.codes import RATING_KINDS
from ratingbook.events.long_event import periods_of
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.rules.rating_list import LIST_SEQUENCES, ListedPlayer, RatingListScan
from ratingbook.workbook.port.book import Book, Plan
from ratingbook.workbook.sheets.event_book import settings_of
from ratingbook.workbook.sheets.event_rows import read_player, sex_cell
from ratingbook.workbook.sheets.reading import Sheets, column_writes, read
from ratingbook.workbook.sheets.schemas import (
    PERIOD_RATING_COLUMNS,
    SWISS_EVENT_PLAYERS,
    SWISS_PLAYERS,
)

__all__ = ["PlayersUpdate", "plan_players_update"]

#: The columns the list fills, in the order a change line names them.
FILLED = ("Rating", "Title", "Federation", "Birth", "Sex", "K")


@dataclass(frozen=True, slots=True)
class PlayersUpdate:
    """The blocks to write, each cell's change as a line, and the IDs the list lacks."""

    plan: Plan
    changes: tuple[str, ...]
    missing: tuple[str, ...]
    kind: str
    list_format: str
    list_players: int
    #: What the arbiter should know before the changes (a list of another month).
    notes: tuple[str, ...] = ()


def _shown(value: object) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return "empty"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _same(old: object, new: object) -> bool:
    return _shown(old).casefold() == _shown(new).casefold()


def _cells(listed: ListedPlayer, birth: str, period: int) -> dict[str, object]:
    if period > 1:  # a later period's list: that period's rating, nothing else
        return {PERIOD_RATING_COLUMNS[period - 2]: listed.rating}
    keep_birth = listed.birth_year is not None and str(listed.birth_year) in birth
    return {
        "Rating": listed.rating,
        "Title": listed.title or None,
        "Federation": listed.federation or None,
        "Birth": (birth or None) if keep_birth else listed.birth_year,
        "Sex": sex_cell(listed.sex),  # as the template's dropdown
        "K": listed.k,
    }


def _missing_lists(held: tuple[str, ...], kind: str) -> list[str]:
    """Whether FIDE's three lists (standard, rapid, blitz) are all in the file (checklist
    question 121 as Sharly-Chess quotes it: "verify that the standard, rapid and blitz FIDE
    lists are all available"): the effective rating of B.02 7.2.1 and the list sequence read
    the others. Said, not refused: the event's own list is enough for its ratings."""
    if set(held) == set(RATING_KINDS):
        return []
    have = (
        f"the {held[0].lower()} list only"
        if held
        else f"one list, which its name does not give (read as the {kind.lower()} list)"
    )
    return [
        f"FIDE's standard, rapid and blitz lists are not all here: the file holds {have}; a "
        "rapid or blitz player unrated there takes the standard rating (B.02 7.2.1) and an "
        "unrated player is shown the next lists of the sequence only from FIDE's combined list "
        "(players_list.zip), which holds all three"
    ]


def plan_players_update(
    book: Book | Sheets,
    scan: Callable[[set[int], str], RatingListScan],
    kind: str | None = None,
    sequence: tuple[str, ...] | None = None,
    period: int = 1,
) -> PlayersUpdate:
    """What updating ``book``'s players (or the sheets a session read) from the list ``scan``
    reads would change; ``period`` above 1: an event over 30 days' later period, whose rating
    column alone is filled.

    ``scan(ids, kind)`` reads the list for those FIDE IDs. Every problem of the sheet (an ID
    that is not a number, ...) is reported at once before the list is read.
    """
    sheets = book if isinstance(book, Sheets) else Sheets(book)
    players = read(sheets, SWISS_EVENT_PLAYERS)
    settings = settings_of(sheets)
    if kind is None:
        kind = (settings.rated if settings else "") or "Standard"
    month = _period_month(settings, period)
    filled = FILLED if period == 1 else (PERIOD_RATING_COLUMNS[period - 2],)
    problems = Problems()
    by_row = {}
    for row in players.rows:
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in row.values.values()):
            continue
        try:
            player = read_player(row)
        except RatingbookError as error:
            problems.append(error)
            continue
        if player.fide_id is not None and row.where.row is not None:
            by_row[row.where.row] = (player, row)
    problems.check()
    if not by_row:
        raise RatingbookError(
            f"no player in {SWISS_PLAYERS.sheet!r} has a FIDE ID: nothing to look up"
        )
    result = scan({player.fide_id for player, _ in by_row.values() if player.fide_id}, kind)
    found = result.found
    changes: list[str] = []
    changed = 0  # players whose cells change (the summary's count; not the lines about columns)
    missing: list[str] = []
    updates: dict[str, dict[int, object]] = {column: {} for column in filled}
    for number, (player, row) in sorted(by_row.items()):
        listed = found.get(player.fide_id or 0)
        label = f"{SWISS_PLAYERS.sheet} row {number} ({player.name}, FIDE ID {player.fide_id})"
        if listed is None:
            missing.append(f"{label}: not on the list")
            continue
        said = []
        for column, new in _cells(listed, player.birth, period).items():
            old = row.get(column)
            # Sex by its meaning: a book's W or w is the list's w (event_rows.sex_value)
            if player.sex == listed.sex if column == "Sex" else _same(old, new):
                continue
            updates[column][number] = new
            why = ""
            if column == filled[0] and listed.rating_from:
                why = f" (standard: unrated on the {kind.lower()} list, B.02 7.2.1)"
            said.append(f"{column} {_shown(old)} -> {_shown(new)}{why}")
        if said:
            changed += 1
            changes.append(f"{label}: " + ", ".join(said))
        others = [
            f"{k.lower()} {listed.ratings[k]}"
            for k in (LIST_SEQUENCES[kind] if sequence is None else sequence)
            if k != kind and listed.ratings.get(k)
        ]
        if listed.rating is None and others:
            changes.append(
                f"{label}: unrated on the {kind.lower()} list; the next lists give "
                f"{', '.join(others)}: type the one to use in Manual Rating"
            )
    blocks, added = column_writes(players, updates)
    changes += added
    summary = (
        f"players: {len(by_row)} with a FIDE ID, {len(by_row) - len(missing)} found on the "
        f"{kind.lower()} list ({result.format}, {result.players} players), "
        f"{changed} changed, {len(missing)} not found",
    )
    start = settings.start_date if settings else None
    notes = []
    if month and result.month and result.month != month[1]:
        notes.append(
            f"the list is FIDE's {result.month} list; {month[0]} is rated on the {month[1]} "
            "list (Rating Periods): update from that one"
        )
    elif (
        period == 1
        and not month
        and result.month
        and start is not None
        and result.month != start.strftime("%b%y").upper()
    ):
        notes.append(
            f"the list is FIDE's {result.month} list; the event starts on {start.isoformat()}, "
            f"when the {start.strftime('%b%y').upper()} list is valid: update from that one"
        )
    notes += _missing_lists(result.lists, kind)
    return PlayersUpdate(
        Plan(blocks=tuple(blocks), summary=summary, act="Players update"),
        tuple(changes),
        tuple(missing),
        kind,
        result.format,
        result.players,
        tuple(notes),
    )


def _period_month(settings: SwissSettings | None, period: int) -> tuple[str, str] | None:
    """The period's label and its list's month as FIDE's list names it (``OCT26``), when
    ``Rating Periods`` gives one; refused for a period the event does not have."""
    if period == 1 and (settings is None or not settings.over_30_days):
        return None
    if settings is None or not settings.over_30_days:
        raise RatingbookError(
            f"--period {period}: a later period's ratings are for an event over 30 days (set "
            "Over 30 Days to On and Rating Periods in Swiss Settings)"
        )
    periods = periods_of(settings)
    if period > len(periods):
        raise RatingbookError(f"--period {period}: the event has periods 1 to {len(periods)}")
    chosen = periods[period - 1]
    if not chosen.month:
        return None
    year, month = chosen.month.split("-")
    return chosen.label, f"{_MONTHS[int(month) - 1]}{year[2:]}"


#: FIDE's lists name their month in three capitals and the year's last two digits (``OCT26``).
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
