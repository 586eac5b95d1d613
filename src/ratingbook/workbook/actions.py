"""Recalculate or start a new week in a whole workbook: the entry points, over a tiny Book.

Data flows one way: each input sheet is read as a grid in one call -> typed rows (core/tables.py) ->
the engine -> result blocks -> each block written in one call. Everything is read, checked and
computed before the first write, so bad input stops the run with nothing written, and every
table is read before it stops, so every problem is reported at once.

This module alone decides the order of a run: plan every present family (or the new week), and
only then apply the plan. Where the rest lives: the Book interface and plans in ``book.py``, the
sheet schemas in ``schemas.py``, which families a book holds in ``families.py``, each family's
planner in ``*_plan.py``, the new week in ``week_plan.py``. The front ends (the command line,
Excel, the templates, the web site) reach the planners through this module and its FIDE-mode
siblings (``fide_actions.py``, ``fide_run.py``), never by importing a ``*_plan`` module.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence

from ratingbook.errors import MissingSheetError, Problems, RatingbookError, WorkbookError
from ratingbook.events.event import SwissEvent
from ratingbook.events.event_log import LogEntry
from ratingbook.workbook.book import Book, Plan, apply_plan
from ratingbook.workbook.families import families_present, no_family_error
from ratingbook.workbook.reading import Sheets
from ratingbook.workbook.schemas import CAMP_GROUPS, LADDER_GAMES, LADDER_PLAYERS
from ratingbook.workbook.week_plan import plan_next_week

__all__ = [
    "new_week",
    "pair",
    "pair_every_round",
    "plan_new_week",
    "plan_recalc",
    "rank_event",
    "recalc",
    "record_import",
]


def plan_recalc(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Read every family's sheets and compute everything a recalc writes; write nothing.

    Bad input raises a :class:`RatingbookError` naming its cell, or, when there are several
    problems, one :class:`~ratingbook.errors.InputErrors` listing every one of them. A ladder
    whose Week cell was raised by one starts its new week first (``today`` dates the ended
    week's archive rows; see :mod:`ratingbook.workbook.week_plan`).
    """
    sheets = Sheets(book, today)
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
    return Plan(
        blocks=tuple(b for p in plans for b in p.blocks),
        sheets=tuple(s for p in plans for s in p.sheets),
        summary=tuple(line for p in plans for line in p.summary),
    )


def plan_new_week(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week, as a plan (see
    :func:`~ratingbook.workbook.week_plan.plan_next_week`);
    an error when the book holds no ladder."""
    sheets = Sheets(book, today)
    if not any(f.name == "ladder" for f in families_present(list(sheets.names.values()))):
        raise MissingSheetError(
            f"a new week needs the ladder sheets {LADDER_PLAYERS.sheet!r}, "
            f"{LADDER_GAMES.sheet!r} and {CAMP_GROUPS.sheet!r}"
        )
    return plan_next_week(sheets)


def recalc(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Recalculate every family in ``book``: compute everything first, then write it."""
    plan = plan_recalc(book, today=today)
    apply_plan(book, plan)
    return plan


def new_week(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week in ``book`` (see :func:`plan_new_week`), then write it."""
    plan = plan_new_week(book, today=today)
    apply_plan(book, plan)
    return plan


def rank_event(book: Book) -> Plan:
    """Write the generated sheets of the event in ``book`` (standings, crosstable, pairings,
    notes; a team event's team sheets) and never pair a round: a book just built from a TRF
    file."""
    from ratingbook.workbook.kinds import kind_of_book

    plan = kind_of_book(book).plan_standings(Sheets(book))
    apply_plan(book, plan)
    return plan


def record_import(book: Book, event: SwissEvent, log: Sequence[LogEntry]) -> Plan:
    """Write the ``Event Log`` and ``Event State`` of a Swiss book just built from a file:
    ``log`` (the file's log, the import its last row) and ``event`` as imported (see
    :func:`ratingbook.workbook.fide_plan.plan_imported_log`)."""
    from ratingbook.workbook.fide_plan import plan_imported_log

    plan = plan_imported_log(book.sheet_names(), event, log)
    apply_plan(book, plan)
    return plan


def pair(book: Book) -> Plan:
    """Pair the next round of the Swiss event in ``book`` (``ratingbook pair``), then write it.

    An error, and nothing written, when the last round has games without a result, the number of
    rounds is not set, or the event is over (see
    :func:`ratingbook.workbook.swiss_plan.plan_pairing`).
    """
    from ratingbook.workbook.kinds import kind_of_book

    plan = kind_of_book(book).plan_pairing(Sheets(book))
    apply_plan(book, plan)
    return plan


def pair_every_round(book: Book) -> Plan:
    """Pair every remaining round of the round robin in ``book`` (``ratingbook pair --all``),
    then write it; an error for a Swiss event, whose rounds depend on the results."""
    from ratingbook.workbook.kinds import kind_of_book

    plan = kind_of_book(book).plan_pairing(Sheets(book), every_round=True)
    apply_plan(book, plan)
    return plan
