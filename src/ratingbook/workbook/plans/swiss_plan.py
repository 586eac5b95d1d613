"""The Swiss family: the seed's standings, or a whole Swiss event with pairing and FIDE tie-breaks.

This module alone decides which of the two a book is and what a run writes for it.

- A book in the seed's form (``Swiss Games`` with ``White Points``/``Black Points`` and no
  ``Result`` column, and no ``Swiss Settings`` sheet) gets the seed's ``Swiss Standings``
  exactly as before (:mod:`ratingbook.swiss`).
- Otherwise the book is a Swiss event (:mod:`ratingbook.events.event`): a recalc rebuilds
  ``Swiss Standings``, ``Crosstable`` and ``Pairings`` and, when the last round is complete, more
  rounds are planned and auto-pairing is on, pairs the next round (gacrux's FIDE Dutch pairing,
  through :mod:`ratingbook.fide`) and appends its rows under the ``Swiss Games`` table: one
  :class:`~ratingbook.workbook.port.book.WriteBlock` of new rows, every other cell of those rows
  kept.
  :func:`plan_pairing` (``ratingbook pair``) pairs the next round or says why it cannot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ratingbook.core.cells import score
from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.core.rules import check_points
from ratingbook.core.tables import Row, Table
from ratingbook.errors import MissingColumnError, Problems, RatingbookError
from ratingbook.events.adjourned import adjourn_missing, final_refusal
from ratingbook.events.event import (
    EventError,
    SwissEntry,
    SwissEvent,
    next_round_to_pair,
    pairing_due,
    swiss_rounds_problem,
)
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.long_event import rating_tiebreak_warning
from ratingbook.events.start_order import name_order_warning
from ratingbook.ratings import swiss_standings
from ratingbook.reports.stages import paired_text
from ratingbook.workbook.plans.fide_plan import (  # FIDE mode: the Event Log (#25)
    plan_imported_log,
    starts_manual_phase,
    with_event_log,
)
from ratingbook.workbook.port.book import GeneratedSheet, Plan, WriteBlock, rows_below
from ratingbook.workbook.sheets.event_book import EventTables, read_event_tables
from ratingbook.workbook.sheets.event_log_sheet import read_log, read_state
from ratingbook.workbook.sheets.event_rows import entry_cells
from ratingbook.workbook.sheets.reading import (
    Sheets,
    column_block,
    game_players,
    guarded,
    read,
    unique_names,
)
from ratingbook.workbook.sheets.report_sheet import report_sheet
from ratingbook.workbook.sheets.schemas import (
    RATING_GAMES,
    SWISS_EVENT_GAMES,
    SWISS_GAMES,
    SWISS_PAIRINGS,
    SWISS_PLAYERS,
    SWISS_SETTINGS,
)

if TYPE_CHECKING:
    from ratingbook.reports.event_grids import EventGrids
    from ratingbook.reports.tables import SheetGrid

# ratingbook.fide.gacrux and ratingbook.reports.swiss_grids load gacrux (and networkx, ~0.2 s): they
# are imported when a Swiss event is planned, so books of the other families never pay for them.

__all__ = [
    "is_event_book",
    "plan_event_views",
    "plan_imported",
    "plan_pairing",
    "plan_standings",
    "plan_swiss",
]


def is_event_book(sheets: Sheets) -> bool:
    """A Swiss event (a Result column or a Swiss Settings sheet), not the seed's form."""
    if sheets.actual(SWISS_SETTINGS.sheet) is not None:
        return True
    return "Result" in read(sheets, SWISS_EVENT_GAMES).columns


def plan_swiss(sheets: Sheets) -> Plan:
    """What a recalc writes for the Swiss sheets (and, when due, the next round's pairing)."""
    if not is_event_book(sheets):
        return _plan_seed(sheets)
    tables = read_event_tables(sheets)
    new_rows: list[SwissEntry] = []
    # Auto-pair pairs a round that is due; a run that only rebuilds the views, or starts a
    # manual pairing of the last paired round, never pairs.
    event, request = tables.event, sheets.request
    if pairing_due(event) and not request.views_only and not starts_manual_phase(event, request):
        from ratingbook.fide.gacrux import pair_next_round

        new_rows = pair_next_round(tables.event)
    return with_event_log(
        sheets, tables.event, new_rows, lambda log: plan_event_views(sheets, tables, new_rows, log)
    )


def plan_pairing(sheets: Sheets, *, every_round: bool = False) -> Plan:
    """Pair the next round now (``ratingbook pair``): an error when the last round is not
    complete (naming its boards without a result; in FIDE mode, once a result of that round
    is in, they are adjourned instead, :func:`_adjourned_for_pairing`), the number of rounds
    is not set, or the event is over.
    Auto-pair off does not stop an explicit pairing.

    With ``every_round`` (``ratingbook pair --all``), a round robin's remaining rounds are all
    paired at once (the Berger table does not depend on results); a Swiss event cannot be.
    """
    from ratingbook.fide.gacrux import pair_next_round, pair_round_robin

    tables = read_event_tables(sheets)
    event = tables.event
    if not every_round:
        adjourned, block = _adjourned_for_pairing(sheets, tables)
        next_round_to_pair(adjourned.event)
        rows = pair_next_round(adjourned.event)

        def views(log: Sequence[LogEntry] | None) -> Plan:
            plan = plan_event_views(sheets, adjourned, rows, log)
            if block is not None:  # FIDE mode's log warns of the games adjourned (level 2)
                plan = replace(plan, blocks=(block, *plan.blocks))
            return plan

        return with_event_log(sheets, adjourned.event, rows, views, read=event)
    if not event.settings.round_robin:
        raise EventError(
            "only a round robin can have all its rounds paired at once: a Swiss round is "
            "paired from the results of the rounds before it (pair without --all)",
            event.settings.places.get("Pairing"),
            "Value",
        )
    last = event.rounds_planned or 0
    if event.paired_rounds >= last:
        raise EventError(f"the event is over: all {last} rounds have been paired")
    rows = pair_round_robin(event, range(event.paired_rounds + 1, last + 1))
    return with_event_log(
        sheets, event, rows, lambda log: plan_event_views(sheets, tables, rows, log)
    )


def plan_imported(sheets: Sheets, event: SwissEvent, log: Sequence[LogEntry]) -> Plan:
    """The ``Event Log`` and ``Event State`` of a book just built from a file (``log``: the
    file's, the import its last row; :func:`~ratingbook.workbook.plans.fide_plan.plan_imported_log`)
    and, when the log says a round was paired on other results than the event holds (a
    correction since, a game adjourned then: :mod:`ratingbook.events.as_paired`), the event's
    views again from that log, their Pairing Notes and Pairings reading the round as it was
    paired, as every later run's do."""
    from ratingbook.events.as_paired import READ_KINDS

    written = plan_imported_log(list(sheets.names.values()), event, log)
    if not any(e.kind in READ_KINDS for e in log):
        return written
    views = plan_event_views(sheets, read_event_tables(sheets), [], log)
    return replace(views, sheets=(*views.sheets, *written.sheets), summary=())


def _adjourned_for_pairing(
    sheets: Sheets, tables: EventTables
) -> tuple[EventTables, WriteBlock | None]:
    """In FIDE mode, the games of paired rounds without a result adjourned before the next
    round is paired (FIDE's checklist, Q159: ``?`` written in their Result cells, a draw for
    pairing; the level-2 warning is FIDE mode's log,
    :mod:`ratingbook.events.fide_mode.result_changes`), with the block writing them; outside
    FIDE mode, or while no result of the last paired round is in
    (:func:`~ratingbook.events.adjourned.round_not_begun`), nothing (pairing then names the
    games without a result, and ``?`` typed adjourns one)."""
    event = tables.event
    recorded = read_state(sheets) if event.pending() else None
    in_fide_mode = event.settings.fide_mode and (recorded is None or recorded.fide_mode)
    if not event.pending() or not in_fide_mode:
        return tables, None
    adjourned_event, adjourned = adjourn_missing(event)
    if not adjourned:
        return tables, None
    cells = {e.where.row: Result.ADJOURNED.value for e in adjourned if e.where and e.where.row}
    return replace(tables, event=adjourned_event), column_block(tables.games, "Result", cells)


def plan_standings(sheets: Sheets) -> Plan:
    """The event's generated sheets only, never a pairing (a book just imported from TRF)."""
    return plan_event_views(sheets, read_event_tables(sheets), [])


def _append_block(
    table: Table, rows: Sequence[SwissEntry], numbers: Mapping[str, int]
) -> WriteBlock | None:
    """The new rows under the table's last row, in its Round/Board/White/Black/Result columns
    (and White No./Black No., the start numbers the pairing used); cells of other columns in
    those rows are kept."""
    if not rows:
        return None
    if "Result" not in table.columns:
        raise MissingColumnError(
            f"sheet {table.sheet!r} has no column 'Result' to pair the next round into"
        )
    return rows_below(table, [entry_cells(entry, numbers) for entry in rows])


def _number_blocks(tables: EventTables) -> list[WriteBlock]:
    """The start numbers written back: into ``No.`` of Swiss Players where a cell is empty or
    shows another number (a late entry moved the players below it down, C.04.2 art. 2.4-2.5),
    and into ``White No.``/``Black No.`` of Swiss Games where a row records none or another
    one ("corrections made accordingly in the results charts", art. 2.5)."""
    numbers = tables.event.start_numbers()
    blocks: list[WriteBlock] = []
    if "No." in tables.players.columns:
        shown = {
            row.where.row: numbers[_name(row)]
            for row in tables.players.rows
            if row.where.row is not None
            and _name(row) in numbers
            and _shown_number(row.get("No.")) != numbers[_name(row)]
        }
        if shown:
            block = column_block(tables.players, "No.", shown)
            if block is not None:
                blocks.append(block)
    games = tables.games
    for column, side in (("White No.", "White"), ("Black No.", "Black")):
        if column not in games.columns:
            continue
        recorded: dict[int, object] = {}
        for row in games.rows:
            name = _name(row, side)
            if row.where.row is None or name not in numbers:
                continue
            if _shown_number(row.get(column)) != numbers[name]:
                recorded[row.where.row] = numbers[name]
        if recorded:
            block = column_block(games, column, recorded)
            if block is not None:
                blocks.append(block)
    return blocks


def _name(row: Row, column: str = "Name") -> str:
    value = row.get(column)
    return " ".join(str(value).split()) if value is not None else ""


def _shown_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def plan_event_views(
    sheets: Sheets,
    tables: EventTables,
    new_rows: Sequence[SwissEntry],
    log: Sequence[LogEntry] | None = None,
) -> Plan:
    """The event's sheets, then the end-of-event ones (Prize List, Norms, Contenders: issue 27,
    :mod:`ratingbook.workbook.plans.end_plan`) when the event has them. ``log``: the Event Log
    the pairing notes read (None: the book's)."""
    from ratingbook.workbook.plans.end_plan import with_end_sheets

    plan, order = _plan_event(tables, new_rows, read_log(sheets)[0] if log is None else log)
    event = tables.event.with_entries(new_rows)
    # FIDE's checklist (Q161): no final standings while an adjourned game has no result: the
    # standings and crosstable are titled provisional (reports.event_grids) and the
    # end-of-event sheets wait for it (workbook.sheets.end_reports), both asking
    # events.adjourned.end_refusal.
    refused = final_refusal(
        event, "the final standings (and the prize list, norms, contenders, the TRF)"
    )
    if refused is not None:
        plan = replace(plan, summary=(*plan.summary, f"provisional standings: {refused.problem}"))
    return with_end_sheets(plan, sheets, event, order)


def _plan_event(
    tables: EventTables, new_rows: Sequence[SwissEntry], log: Sequence[LogEntry] = ()
) -> tuple[Plan, tuple[str, ...]]:
    """The event's own sheets, and its players in the standings' order (which the
    end-of-event sheets read: the standings are ranked once a run)."""
    from ratingbook.reports.event_grids import event_grids

    event, games_table = tables.event, tables.games
    numbers = event.start_numbers()
    blocks = _number_blocks(tables)
    block = _append_block(games_table, new_rows, numbers)
    if block is not None:
        blocks.append(block)
    event = event.with_entries(new_rows)
    grids = event_grids(event)
    standings, crosstable, pairings = grids.standings, grids.crosstable, grids.pairings
    assert pairings is not None  # event_grids always lists the pairings
    name = event.settings.event_name
    shown_round = pairings.rows[0][0] if pairings.rows else None
    if isinstance(shown_round, int) and not new_rows and not event.settings.round_robin:
        pairings = _as_paired_list(event, shown_round, pairings, log)
    reports: list[GeneratedSheet] = []
    after = pairings.name
    for table in grids.report_tables:
        reports.append(report_sheet(table, after, name))
        after = table.name
    just_paired = bool(new_rows) and {e.round for e in new_rows} == {shown_round}
    notes = _notes_sheets(event, grids, shown_round, name, just_paired=just_paired, log=log)
    planned = event.rounds_planned
    summary = [
        f"{'round robin' if event.settings.round_robin else 'swiss'}: "
        f"{many(len(event.players), 'player')}, {many(len(event.entries), 'row')}, "
        + paired_text(event.paired_rounds, planned),
        f"standings {standings.note}",
    ]
    if not tables.event.paired_rounds:  # before the start: VCL question 62
        problem = swiss_rounds_problem(tables.event)
        if problem:
            summary.append(f"level 2 warning: {problem}")
    numbering = tables.event.numbering
    by_name = name_order_warning(numbering) if numbering is not None else ""
    if by_name:  # names typed without a comma decided start numbers given now
        summary.append(by_name)
    advised = rating_tiebreak_warning(event.settings)  # an event over 30 days: VCL Q211
    if advised:
        summary.append(f"level 2 warning: {advised}")
    said: list[tuple[list[int], str]] = []  # rounds paired alike are one line: "rounds 2-5"
    for number in sorted({e.round for e in new_rows}):
        rows = [e for e in new_rows if e.round == number]
        boards = sum(1 for e in rows if e.black is not None)
        extra = ""
        if any(e.result is Result.PAIRING_BYE for e in rows):
            extra = " and a pairing-allocated bye"
        elif any(e.black is None for e in rows):
            extra = " and one player sitting out"
        what = f"{many(boards, 'board')}{extra}"
        if said and said[-1][1] == what and said[-1][0][-1] == number - 1:
            said[-1][0].append(number)
        else:
            said.append(([number], what))
    for rounds, what in said:
        if len(rounds) == 1:
            summary.append(f"paired round {rounds[0]}: {what}")
        else:
            summary.append(f"paired rounds {rounds[0]}-{rounds[-1]}: {what} each")
    plan = Plan(
        blocks=tuple(blocks),
        sheets=(
            report_sheet(standings, games_table.sheet, name),
            report_sheet(crosstable, standings.name, name),
            report_sheet(pairings, crosstable.name, name),
            *reports,
            *notes,
        ),
        summary=tuple(summary),
    )
    return plan, grids.order


def _as_paired_list(
    event: SwissEvent, number: int, pairings: SheetGrid, log: Sequence[LogEntry]
) -> SheetGrid:
    """Round ``number``'s pairing list with the points it was paired on, as its notes give
    them, and a line saying so when a result it was paired on was corrected since
    (:mod:`ratingbook.events.as_paired`)."""
    from ratingbook.events.as_paired import as_paired_lists
    from ratingbook.reports.swiss_grids import pairings_grid

    as_paired = as_paired_lists(event, log).get(number)
    if as_paired is None:
        return pairings
    view, said = as_paired
    listed = pairings_grid(event, number, paired_from=view, said=said)
    return replace(listed, title=pairings.title)


def _notes_sheets(
    event: SwissEvent,
    grids: EventGrids,
    round_number: object,
    name: str,
    *,
    just_paired: bool = False,
    log: Sequence[LogEntry] = (),
) -> tuple[GeneratedSheet, ...]:
    """``Pairing Notes`` for the round ``Pairings`` shows (a Swiss event's) and ``Standings
    Notes``, each after the last sheet before it. ``just_paired``: that round's rows are the
    pairing the rules gave in this run (its notes need not pair it again). The round's notes
    read it as it was paired (``log``: the Event Log, which says what changed since:
    :func:`~ratingbook.events.as_paired.pairing_views`)."""
    from ratingbook.events.as_paired import pairing_views
    from ratingbook.fide.gacrux.analysis import analyse_round
    from ratingbook.reports.notes_grids import pairing_notes_grid, standings_notes_grid
    from ratingbook.reports.pairing_notes import pairing_notes

    sheets = []
    after = RATING_GAMES if grids.report is not None else SWISS_PAIRINGS
    if isinstance(round_number, int) and not event.settings.round_robin:
        view = event
        if not just_paired:
            view = next((v for v, ns in pairing_views(event, log) if round_number in ns), event)
        analysis = analyse_round(view, round_number, just_paired=just_paired)
        grid = pairing_notes_grid(
            round_number,
            pairing_notes(view, analysis),
            f"Round {round_number} pairing notes",
            [p.name for p in event.players],
        )
        sheets.append(report_sheet(grid, after, name))
        after = grid.name
    standings = standings_notes_grid(event, grids.standings, grids.fide, "Standings notes")
    sheets.append(report_sheet(standings, after, name))
    return tuple(sheets)


def _plan_seed(sheets: Sheets) -> Plan:
    """The seed's standings, exactly as before the Swiss events came."""
    problems = Problems()
    names = [name for name, _ in unique_names(read(sheets, SWISS_PLAYERS), problems)]
    players_of = game_players(names)
    games_table = guarded(problems, lambda: read(sheets, SWISS_GAMES), None)
    games: list[swiss_standings.SwissGame] = []
    for row in games_table.rows if games_table is not None else ():
        try:
            white, black = players_of(row)
            # seed 004 counts points in halves, so every sum is exact.
            wh = int(2 * score(row.get("White Points"), row.where, "White Points"))
            bh = int(2 * score(row.get("Black Points"), row.where, "Black Points"))
            check_points(wh, bh, row.get("White Points"), row.get("Black Points"), row.where)
        except RatingbookError as error:
            problems.append(error)
            continue
        games.append(swiss_standings.SwissGame(white, black, wh, bh, where=row.where))
    problems.check()
    assert games_table is not None  # a missing table was a problem, raised just above
    from ratingbook.reports.swiss_grids import seed_standings_grid

    grid, _ = seed_standings_grid(swiss_standings.swiss_standings(names, games))
    standings = report_sheet(grid, games_table.sheet)
    return Plan(
        sheets=(standings,),
        summary=(f"swiss: {many(len(names), 'player')}, {many(len(games), 'game')}",),
    )
