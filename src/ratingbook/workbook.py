"""Recalculate or start a new week in a whole workbook: the entry points, over a tiny Book.

Data flows one way: each input sheet is read as a grid in one call -> typed rows (tables.py) ->
the engine -> result blocks -> each block written in one call. Everything is read, checked and
computed before the first write, so bad input stops the run with nothing written, and every
table is read before it stops, so every problem is reported at once.

This module alone decides the order of a run: plan every present family (or the new week), and
only then apply the plan. Where the rest lives: the Book interface and plans in ``book.py``, the
sheet schemas in ``schemas.py``, each family's planner in ``families/``, the new week in
``families/week.py``. The old names (``Book``, ``WriteBlock``, ``Family``, the sheet names, ...)
are re-exported here so existing imports keep working.
"""

from __future__ import annotations

import datetime as _dt

from ratingbook.book import KEEP, Book, FileBook, GeneratedSheet, Plan, WriteBlock, apply_plan
from ratingbook.errors import Problems, RatingbookError, WorkbookError
from ratingbook.families import FAMILIES, Family, Sheets, families_present, no_family_error
from ratingbook.families.week import plan_new_week
from ratingbook.schemas import (
    CAMP_GROUPS,
    CRIKEY_GAMES,
    CRIKEY_HISTORY,
    CRIKEY_PLAYERS,
    CRIKEY_STANDINGS,
    ELO_GAMES,
    ELO_HISTORY,
    ELO_PLAYERS,
    ELO_SETTINGS,
    ELO_STANDINGS,
    GAMES_ARCHIVE,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_STANDINGS,
    RATING_HISTORY,
    SWISS_GAMES,
    SWISS_PLAYERS,
    SWISS_STANDINGS,
)

__all__ = [
    "CAMP_GROUPS",
    "CRIKEY_GAMES",
    "CRIKEY_HISTORY",
    "CRIKEY_PLAYERS",
    "CRIKEY_STANDINGS",
    "ELO_GAMES",
    "ELO_HISTORY",
    "ELO_PLAYERS",
    "ELO_SETTINGS",
    "ELO_STANDINGS",
    "FAMILIES",
    "GAMES_ARCHIVE",
    "KEEP",
    "LADDER_GAMES",
    "LADDER_PLAYERS",
    "LADDER_STANDINGS",
    "RATING_HISTORY",
    "SWISS_GAMES",
    "SWISS_PLAYERS",
    "SWISS_STANDINGS",
    "Book",
    "Family",
    "FileBook",
    "GeneratedSheet",
    "Plan",
    "WriteBlock",
    "apply_plan",
    "families_present",
    "new_week",
    "pair",
    "plan_new_week",
    "plan_recalc",
    "recalc",
]


def plan_recalc(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Read every family's sheets and compute everything a recalc writes; write nothing.

    Bad input raises a :class:`RatingbookError` naming its cell, or, when there are several
    problems, one :class:`~ratingbook.errors.InputErrors` listing every one of them. A ladder
    whose Week cell was raised by one starts its new week first (``today`` dates the ended
    week's archive rows; see :mod:`ratingbook.families.week`).
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


def pair(book: Book) -> Plan:
    """Pair the next round of the Swiss event in ``book`` (``ratingbook pair``), then write it.

    An error, and nothing written, when the last round has games without a result, the number
    of rounds is not set, or the event is over (see :func:`families.swiss.plan_pairing`).
    """
    from ratingbook.families.swiss import plan_pairing  # gacrux is loaded only to pair

    plan = plan_pairing(Sheets(book))
    apply_plan(book, plan)
    return plan
