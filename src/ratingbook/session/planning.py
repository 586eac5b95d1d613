"""What a command plans: the one place a session's command becomes a plan (nothing written).

:func:`plan_command` turns each :mod:`~ratingbook.session.commands` command into the plan of
its cells and sheets, and the lines a front end shows before anything is written (the changes
a players update makes, ...). A result entered from outside the sheet goes through the same
recalc as one typed into it. :class:`~ratingbook.session.session.Session` runs the plan: its
confirmations, its undo record and its writing are the session's.
"""

from __future__ import annotations

from dataclasses import replace

from ratingbook.session.commands import (
    AddEvents,
    Command,
    ManualPairing,
    NewWeek,
    Pair,
    Rank,
    Recalc,
    RecordImport,
    RecordResult,
    RecordResults,
    ReportPeriod,
    Unpair,
    UpdateFromCustomList,
    UpdatePlayers,
)
from ratingbook.workbook.actions import (
    plan_new_week,
    plan_pair,
    plan_rank,
    plan_recalc,
    plan_unpair,
)
from ratingbook.workbook.port.book import Plan
from ratingbook.workbook.port.grid_book import MemoryBook
from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["DESK_TAKE", "plan_command"]

#: The act a results desk's take is kept as where the event keeps no log (a ladder's, an Elo
#: book's games): ``ratingbook history`` lists it, ``ratingbook undo`` takes it back whole.
DESK_TAKE = "Desk results taken"


def plan_command(command: Command, sheets: Sheets) -> tuple[Plan, tuple[str, ...]]:
    """``command``'s plan on ``sheets``, and the lines to show before it is written."""
    if isinstance(command, ManualPairing):  # a recalc told to start or end the phase
        from ratingbook.workbook.kinds import has_command, kind_of_sheets

        has_command(kind_of_sheets(sheets), "manual-pairing")
    if isinstance(command, UpdatePlayers | UpdateFromCustomList):  # a Swiss Players update
        from ratingbook.workbook.kinds import has_command, kind_of_sheets

        named = "players update" if isinstance(command, UpdatePlayers) else "players custom-list"
        has_command(kind_of_sheets(sheets), named)
    if isinstance(command, Recalc | ManualPairing):
        return plan_recalc(sheets), ()
    if isinstance(command, NewWeek):
        return plan_new_week(sheets), ()
    if isinstance(command, Pair):
        return plan_pair(sheets, every_round=command.every_round), ()
    if isinstance(command, Rank):
        return plan_rank(sheets), ()
    if isinstance(command, RecordImport):
        from ratingbook.events.team import TeamEvent

        if isinstance(command.event, TeamEvent):
            from ratingbook.workbook.plans.team_plan import plan_team_imported

            return plan_team_imported(sheets, command.log), ()
        from ratingbook.workbook.plans.swiss_plan import plan_imported

        return plan_imported(sheets, command.event, command.log), ()
    if isinstance(command, Unpair):
        return plan_unpair(sheets, command.round), ()
    if isinstance(command, RecordResult):
        return _plan_result(command, sheets), ()
    if isinstance(command, RecordResults):
        return _plan_results(command, sheets), ()
    if isinstance(command, UpdatePlayers):
        from ratingbook.workbook.plans.players_update import plan_players_update

        update = plan_players_update(
            sheets, command.scan, command.kind, command.sequence, command.period
        )
        return update.plan, (*update.notes, *update.changes, *update.missing)
    if isinstance(command, UpdateFromCustomList):
        from ratingbook.workbook.plans.custom_list import plan_custom_list, read_custom_list

        listed = read_custom_list(command.text, command.name)
        plan, lines = plan_custom_list(sheets, listed, command.into)
        return plan, tuple(lines)
    if isinstance(command, ReportPeriod):
        from ratingbook.workbook.plans.period_report import plan_period_report

        return plan_period_report(sheets, plan_recalc(sheets), command.period), ()
    if isinstance(command, AddEvents):
        from ratingbook.workbook.plans.list_plan import plan_add_events

        return plan_add_events(sheets, command.events, command.unread, command.name), ()
    raise TypeError(f"not a command: {command!r}")


def _plan_result(command: RecordResult, sheets: Sheets) -> Plan:
    """The result's cell, then a recalc of the book as it will be with it: the result goes
    through the same rules, warnings and log as one typed into the sheet."""
    from ratingbook.workbook.plans.result_entry import plan_result_entry

    block = plan_result_entry(sheets, command.round, command.board, command.result)
    memory = MemoryBook(sheets.all_grids())
    memory.write_values(block)
    plan = plan_recalc(Sheets(memory, sheets.today, sheets.request))
    entered = f"round {command.round} board {command.board}: {command.result}"
    return replace(plan, blocks=(block, *plan.blocks), summary=(entered, *plan.summary))


def _plan_results(command: RecordResults, sheets: Sheets) -> Plan:
    """Every result's cell (or game row), then one recalc of the book as it will be with
    them, and their record (``Desk Results``, and the Event Log's ``Desk Result`` rows)."""
    from ratingbook.workbook.plans.result_entry import entered_blocks, with_entered

    blocks, listed = entered_blocks(sheets, command.entries)
    memory = MemoryBook(sheets.all_grids())
    for block in blocks:
        memory.write_values(block)
    plan = plan_recalc(Sheets(memory, sheets.today, sheets.request))
    plan = replace(plan, blocks=(*blocks, *plan.blocks))
    if plan.pending is None and not plan.act:  # a book that keeps no log (a ladder's):
        plan = replace(plan, act=DESK_TAKE)  # the take is still one act undo takes back
    return with_entered(plan, sheets, command.entries, listed)
