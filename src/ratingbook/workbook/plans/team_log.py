"""A team event's log in a run: what changed since the log last recorded, the warnings, the
confirmations.

This module alone decides, for every run on a team event (recalc, pair, a result entered),
what of FIDE mode's record it keeps and writes: the changes
:func:`~ratingbook.events.fide_mode.team_changes.team_changes` finds between the state the
``Event State`` sheet recorded (:func:`~ratingbook.events.fide_mode.state.team_state_of`) and
the event now, logged in ``Event Log`` as an individual event's are; a level-3 change (a board
result corrected once the next round is paired, a round's rows with results deleted by hand)
waits for the run's confirmation: the session asks it, or the ``Confirm`` setting of ``Team
Settings`` gives it (emptied once used). The sheets the run writes (its ``views``) are planned
from the log with this run's rows in it, so the notes read each round on the results it was
paired on (:mod:`ratingbook.events.as_paired`). The log starts with the first run that finds a
round paired; a template's sample event (a run that keeps no log) and a rebuild of the sheets
(an undo's) log nothing. Everything is decided before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from ratingbook.events.fide_mode.log import LogEntry, LogKind
from ratingbook.events.fide_mode.logged_change import LoggedChange
from ratingbook.events.fide_mode.state import EventState, team_state_of
from ratingbook.events.fide_mode.team_changes import team_changes
from ratingbook.events.team import TeamEvent
from ratingbook.events.team_settings import CONFIRM
from ratingbook.workbook.plans.fide_plan import (
    LogRecord,
    book_gate,
    log_now,
    logged_line,
    read_record,
)
from ratingbook.workbook.port.book import GeneratedSheet, Plan, WriteBlock
from ratingbook.workbook.sheets.event_log_sheet import EVENT_LOG, log_sheet, state_sheet, user_name
from ratingbook.workbook.sheets.reading import Sheets, column_block
from ratingbook.workbook.sheets.schemas import TEAM_BOARDS
from ratingbook.workbook.sheets.team_book import TeamTables, read_team_tables

__all__ = ["TEAM_IN_BOOK", "imported_record", "team_changed_since", "with_team_log"]

#: What a run's plan is, given the log its notes read (None: the book's, as it stands).
Views = Callable[[Sequence[LogEntry] | None], Plan]
#: How to confirm where nobody can be asked (xlwings Server and Lite, a run from code).
TEAM_IN_BOOK = (
    "type the act's name in the Confirm setting of Team Settings (as the question names it), "
    "then run again"
)


def _confirm_cell(tables: TeamTables) -> list[WriteBlock]:
    """The ``Confirm`` setting's cell, emptied: a confirmation is used once."""
    place = tables.event.settings.places.get(CONFIRM)
    if tables.settings is None or place is None or place.row is None:
        return []
    block = column_block(tables.settings, "Value", {place.row: None})
    return [block] if block is not None else []


def imported_record(
    event: TeamEvent, log: Sequence[LogEntry], after: str
) -> tuple[GeneratedSheet, GeneratedSheet]:
    """The ``Event Log`` and ``Event State`` of a team book just built from a file: the file's
    log (``after``: the sheet the log follows) and the event as imported, as an individual
    event's import writes them."""
    return log_sheet(list(log), after), state_sheet(team_state_of(event), EVENT_LOG)


def team_changed_since(sheets: Sheets, left: EventState) -> list[LoggedChange]:
    """Every change a run would log on the team event ``sheets`` hold against ``left``, the
    state an act left (a redo is refused when it is not empty)."""
    event = read_team_tables(sheets).event
    return team_changes(left, team_state_of(event), event)


def with_team_log(
    sheets: Sheets,
    tables: TeamTables,
    after: TeamEvent,
    views: Views,
    *,
    engine_rounds: Iterable[int] = (),
    unpaired: Iterable[int] = (),
    typed: Mapping[int, Sequence[str]] | None = None,
) -> Plan:
    """The run's plan (``views``: what it writes, given the log its notes read) with the log's
    part: ``after`` is the event as the run leaves it (the rounds ``engine_rounds`` the engine
    paired added to the event ``tables`` read from the book, the rounds ``unpaired`` taken back
    by the command, their results ``typed`` named). Its changes are logged, said, and
    wait in the plan's :class:`~ratingbook.workbook.plans.fide_plan.LogRecord` for the run's
    confirmation (a :class:`~ratingbook.errors.ConfirmationError` before anything is written
    when the ``Confirm`` setting does not fit what the run does)."""
    request = sheets.request
    if not request.log or request.views_only:
        return views(None)
    entries, recorded, warnings = read_record(sheets)
    old = recorded if recorded is not None else team_state_of(tables.event)
    new = team_state_of(after)
    found = team_changes(
        old,
        new,
        after,
        engine_rounds=engine_rounds,
        unpaired=unpaired,
        typed=typed,
        book=request.book,
        source=request.source,
    )
    plan = views([*entries, *(LogEntry("", c.round, c.kind, c.before, c.after, "") for c in found)])
    settings = after.settings
    asks, confirmed = book_gate(settings, found, False)
    summary = list(plan.summary)
    if recorded is None and not entries:
        summary.append("Event Log started: changes from now on are logged (none before)")
    summary += warnings
    summary += [f"{c.act}: {c.warning}" for c in found if c.kind is LogKind.CORRECTION]
    if found:
        summary.append(logged_line(found))
    record = LogRecord(
        asks=asks,
        confirmed=confirmed,
        logged=tuple(found),
        entries=tuple(entries),
        state=new,
        when=log_now(request),
        who=request.who or user_name(),
        after=plan.sheets[-1].name if plan.sheets else TEAM_BOARDS.sheet,
        quiet=recorded is None and not found and not after.paired_rounds,
        warnings=tuple(warnings),
        in_book=TEAM_IN_BOOK,
    )
    if record.quiet:  # nothing paired, nothing to log: the log starts with round 1
        return replace(plan, pending=record)
    blocks = (*plan.blocks, *(_confirm_cell(tables) if settings.confirm else ()))
    # The act is the log's now: its rows name it for undo.
    return replace(plan, blocks=blocks, summary=tuple(summary), pending=record, act="")
