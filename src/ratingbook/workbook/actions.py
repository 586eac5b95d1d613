"""Recalculate or start a new week in a whole workbook: the entry points, over a tiny Book.

Data flows one way: each input sheet is read as a grid in one call -> typed rows (core/tables.py) ->
the engine -> result blocks -> each block written in one call. Everything is read, checked and
computed before the first write, so bad input stops the run with nothing written, and every
table is read before it stops, so every problem is reported at once.

This module alone decides the order of a run: plan every present family (or the new week), and
only then apply the plan. Where the rest lives: the Book interface and plans in ``port/book.py``,
the sheet schemas in ``sheets/schemas.py``, which families a book holds in ``plans/families.py``,
each family's planner in ``plans/*_plan.py``, the new week in ``plans/week_plan.py``. The front
ends (the command line, Excel, the templates, the web site) reach the planners through the
session (:mod:`ratingbook.session`), never by importing this module or ``workbook.plans``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ratingbook.errors import MissingSheetError, Problems, RatingbookError, WorkbookError
from ratingbook.workbook.plans.families import families_present, no_family_error
from ratingbook.workbook.port.book import Book, Plan, apply_plan, finished
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.schemas import CAMP_GROUPS, LADDER_GAMES, LADDER_PLAYERS

if TYPE_CHECKING:  # a family's modules load only when its sheets are in the book
    from ratingbook.events.event import SwissEvent
    from ratingbook.events.fide_mode.log import LogEntry

__all__ = [
    "new_week",
    "pair",
    "pair_every_round",
    "plan_new_week",
    "plan_pair",
    "plan_rank",
    "plan_recalc",
    "plan_unpair",
    "rank_event",
    "recalc",
    "record_import",
    "write",
]


def _sheets(source: Book | Sheets, today: _dt.date | None = None) -> Sheets:
    return source if isinstance(source, Sheets) else Sheets(source, today)


def plan_recalc(source: Book | Sheets, *, today: _dt.date | None = None) -> Plan:
    """Read every family's sheets and compute everything a recalc writes; write nothing.

    ``source`` is a book, or its sheets as a session reads them (with the run's request). Bad
    input raises a :class:`RatingbookError` naming its cell, or, when there are several
    problems, one :class:`~ratingbook.errors.InputErrors` listing every one of them. A ladder
    whose Week cell was raised by one starts its new week first (``today`` dates the ended
    week's archive rows; see :mod:`ratingbook.workbook.plans.week_plan`). An event that keeps a log
    comes back with its pending part (:class:`~ratingbook.workbook.port.book.Pending`).
    """
    sheets = _sheets(source, today)
    present = families_present(list(sheets.names.values()))
    if not present:
        raise no_family_error()
    # Every family is read even when an earlier one has problems: all of them are reported at once.
    problems = Problems()
    plans: list[Plan] = []
    for family in present:
        try:
            plans.append(family.plan(sheets))
        except WorkbookError:
            raise  # the file itself is unreadable or unsafe: every family would say the same
        except RatingbookError as error:
            problems.append(error)
    problems.check()
    pending = [p.pending for p in plans if p.pending is not None]
    return Plan(
        blocks=tuple(b for p in plans for b in p.blocks),
        sheets=tuple(s for p in plans for s in p.sheets),
        summary=tuple(line for p in plans for line in p.summary),
        pending=pending[0] if pending else None,  # one event per book: its families exclude
        act="; ".join(p.act for p in plans if p.act),
    )


def plan_new_week(source: Book | Sheets, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week, as a plan (see
    :func:`~ratingbook.workbook.plans.week_plan.plan_next_week`);
    an error when the book holds no ladder."""
    from ratingbook.workbook.plans.week_plan import plan_next_week

    sheets = _sheets(source, today)
    if not any(f.name == "ladder" for f in families_present(list(sheets.names.values()))):
        raise MissingSheetError(
            f"a new week needs the ladder sheets {LADDER_PLAYERS.sheet!r}, "
            f"{LADDER_GAMES.sheet!r} and {CAMP_GROUPS.sheet!r}"
        )
    return plan_next_week(sheets)


def plan_pair(source: Book | Sheets, *, every_round: bool = False) -> Plan:
    """Pair the next round of the event (``every_round``: every remaining round of a round
    robin), as a plan.

    An error, and nothing written, when the last round has games without a result, the number
    of rounds is not set, or the event is over (see
    :func:`ratingbook.workbook.plans.swiss_plan.plan_pairing`); a Swiss event asked for every round.
    """
    from ratingbook.workbook.kinds import kind_of_sheets

    sheets = _sheets(source)
    return kind_of_sheets(sheets).plan_pairing(sheets, every_round=every_round)


def plan_unpair(source: Book | Sheets, asked: int | None = None) -> Plan:
    """Take back the last round's pairing of the event, of its kind (``asked``: the round
    named, which must be the last), as a plan."""
    from ratingbook.workbook.kinds import kind_of_sheets

    sheets = _sheets(source)
    return kind_of_sheets(sheets).plan_unpairing(sheets, asked)


def plan_rank(source: Book | Sheets) -> Plan:
    """The generated sheets of the event (standings, crosstable, pairings, notes; a team
    event's team sheets), never a round paired: a book just built from a TRF file."""
    from ratingbook.workbook.kinds import kind_of_sheets

    sheets = _sheets(source)
    return kind_of_sheets(sheets).plan_standings(sheets)


def write(book: Book, plan: Plan) -> Plan:
    """Write ``plan`` into ``book`` where nobody can be asked for a confirmation: an act that
    waits for one must be confirmed by the book's Confirm setting (else a
    :class:`~ratingbook.errors.ConfirmationError`, and nothing is written). The front ends go
    through :mod:`ratingbook.session`, which can ask."""
    from ratingbook.events.fide_mode.machine import confirmation_of
    from ratingbook.workbook.plans.fide_plan import refusal

    if plan.pending is not None:
        confirmation = confirmation_of(plan.pending.asks, plan.pending.confirmed, None)
        if confirmation is None:
            raise refusal(plan.pending.asks, plan.pending.in_book, plan.pending.warnings)
        plan = finished(plan, confirmation)
    apply_plan(book, plan)
    return plan


def recalc(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Recalculate every family in ``book``: compute everything first, then write it."""
    return write(book, plan_recalc(book, today=today))


def new_week(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week in ``book`` (see :func:`plan_new_week`), then write it."""
    return write(book, plan_new_week(book, today=today))


def rank_event(book: Book) -> Plan:
    """Write the generated sheets of the event in ``book`` (see :func:`plan_rank`)."""
    return write(book, plan_rank(book))


def record_import(book: Book, event: SwissEvent, log: Sequence[LogEntry]) -> Plan:
    """Write the ``Event Log`` and ``Event State`` of a Swiss book just built from a file:
    ``log`` (the file's log, the import its last row) and ``event`` as imported (see
    :func:`ratingbook.workbook.plans.swiss_plan.plan_imported`)."""
    from ratingbook.workbook.plans.swiss_plan import plan_imported

    plan = plan_imported(Sheets(book), event, log)
    apply_plan(book, plan)
    return plan


def pair(book: Book) -> Plan:
    """Pair the next round of the event in ``book`` (``ratingbook pair``), then write it."""
    return write(book, plan_pair(book))


def pair_every_round(book: Book) -> Plan:
    """Pair every remaining round of the round robin in ``book`` (``ratingbook pair --all``),
    then write it; an error for a Swiss event, whose rounds depend on the results."""
    return write(book, plan_pair(book, every_round=True))
