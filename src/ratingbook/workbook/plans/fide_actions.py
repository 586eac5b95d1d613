"""FIDE mode's acts on a book: unpair the last round, start or end its manual pairing.

This module alone decides what ``ratingbook unpair`` and ``ratingbook manual-pairing`` write:
unpairing empties the round's rows in ``Swiss Games`` (its Round, Board, White, Black, Result
and start-number cells; a requested bye stays) and rebuilds the event's sheets without it; the
manual phase is a recalc told to start or end it. Both go through
:func:`~ratingbook.workbook.plans.fide_plan.with_event_log`, so they are logged, warned and
confirmed
like every other change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ratingbook.events.event import EventError
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.workbook.plans.fide_plan import taken_back, with_event_log
from ratingbook.workbook.plans.swiss_plan import plan_event_views
from ratingbook.workbook.port.book import Book, Plan, apply_plan, rows_emptied
from ratingbook.workbook.sheets.event_book import read_event_tables
from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["plan_unpair", "unpair", "unpair_round"]

_CLEARED = ("Round", "Board", "White", "Black", "Result", "White No.", "Black No.")


def unpair_round(last: int, asked: int | None) -> int:
    """The round to unpair of an event whose ``last`` round is paired (of any kind): the last
    (an error naming the asked round otherwise)."""
    if last == 0:
        raise EventError("no round is paired: there is nothing to unpair")
    if asked is not None and asked != last:
        raise EventError(
            f"round {asked} cannot be unpaired: only the last paired round ({last}) can be "
            "taken back (unpair the rounds after it first)"
        )
    return last


def plan_unpair(sheets: Sheets, asked: int | None = None) -> Plan:
    """Take back the last round's pairing (``asked``, which must be the last, or the last)."""
    tables = read_event_tables(sheets)
    event = tables.event
    number = unpair_round(event.paired_rounds, asked)
    gone = [e for e in event.entries if taken_back(e, (number,))]
    rows = [e.where.row for e in gone if e.where is not None and e.where.row is not None]
    blocks = rows_emptied(tables.games, rows, _CLEARED)
    kept = replace(event, entries=tuple(e for e in event.entries if e not in gone))

    def views(log: Sequence[LogEntry] | None) -> Plan:
        plan = plan_event_views(sheets, replace(tables, event=kept), [], log)
        return replace(plan, blocks=(*plan.blocks, *blocks))

    plan = with_event_log(sheets, event, [], views, unpaired=(number,))
    return replace(plan, summary=(f"unpaired round {number}", *plan.summary))


def unpair(book: Book) -> Plan:
    """Unpair the last round of the event in ``book`` (``ratingbook unpair``), then write it
    (an event that keeps a log goes through the session, which confirms and finishes it)."""
    plan = plan_unpair(Sheets(book))
    apply_plan(book, plan)
    return plan
