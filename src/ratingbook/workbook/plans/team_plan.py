"""The team family: a team competition's sheets read, checked, paired and ranked.

This module alone decides what a run writes for a team event:

- input sheets ``Teams`` (rosters in board order), ``Team Matches`` (the matches of each
  round, the White Team having White on board 1, ``BYE`` for the pairing-allocated bye),
  ``Team Boards`` (each board's players and result) and, optionally, ``Team Settings``;
- a recalc rebuilds ``Team Standings``, ``Team Crosstable``, ``Team Pairings`` (the last
  round), ``Board Results``, ``Board Prizes`` and ``Team Notes`` (and, when the event is
  FIDE-rated, the individual rating report of the board games), each printed one page wide
  and titled with the event and round; it never pairs;
- :func:`plan_team_pairing` (``ratingbook pair``) appends the next round's matches under
  ``Team Matches`` and their boards (the rosters' first boards, colours alternating from
  board 1) under ``Team Boards``; a round robin's remaining rounds all at once with
  ``every_round``. Round 1's pairing records the main score in ``Team Settings`` so that a
  later change is refused: in the ``Main Score at Round 1`` row's empty value, or in a new
  row when the sheet has none;
- :func:`plan_team_unpairing` (``ratingbook unpair``) empties the last round's rows of ``Team
  Matches`` and ``Team Boards`` (and round 1's main score lock) and rebuilds the generated
  sheets; the round's results typed are named and wait for a confirmation (level 3, as an
  individual event's), and undo gives them back;
- what a team event has not (:data:`TEAM_HAS_NO`: a prize list, norms, contenders, a players
  update from a rating list, a manual pairing phase), said in words that name where it shows
  what it has; a ``Prizes`` sheet in a team book is named as not read by every run.

Every run goes through the event's log (:func:`~ratingbook.workbook.plans.team_log.with_team_log`):
a round paired or unpaired, a board result corrected once the next round is paired, is logged,
and the notes read each round on the results it was paired on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from ratingbook.core.counts import many
from ratingbook.events.event import BYE
from ratingbook.events.team import (
    BoardGame,
    TeamError,
    TeamEvent,
    TeamMatch,
    TeamSettings,
    match_score,
)
from ratingbook.events.team_settings import MAIN_SCORE_LOCK
from ratingbook.reports.names import BOARD_PRIZES, TEAM_STANDINGS
from ratingbook.reports.stages import paired_text
from ratingbook.workbook.plans.team_log import imported_record, with_team_log
from ratingbook.workbook.port.book import (
    GeneratedSheet,
    Plan,
    WriteBlock,
    rows_below,
    rows_emptied,
)
from ratingbook.workbook.sheets.end_reports import PRIZES
from ratingbook.workbook.sheets.event_log_sheet import read_log
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.report_sheet import report_sheet
from ratingbook.workbook.sheets.schemas import SWISS_PLAYERS, TEAM_BOARDS, TEAM_MATCHES, TEAMS
from ratingbook.workbook.sheets.team_book import read_team_tables

if TYPE_CHECKING:
    from ratingbook.core.tables import Table
    from ratingbook.events.fide_mode.changes import LoggedChange
    from ratingbook.events.fide_mode.log import LogEntry
    from ratingbook.events.fide_mode.machine import Act
    from ratingbook.reports.tables import SheetGrid

__all__ = [
    "TEAM_HAS_NO",
    "plan_team",
    "plan_team_imported",
    "plan_team_pairing",
    "plan_team_unpairing",
]

#: The commands on an event a team event has not, each said plainly with where the team event
#: shows what it has instead (``ratingbook prizes``: "team events have no prize list ...").
TEAM_HAS_NO: Mapping[str, str] = MappingProxyType(
    {
        "prizes": (
            f"team events have no prize list (a {PRIZES.sheet!r} sheet is read for a Swiss "
            f"event or round robin); a team event's board prizes are in its {BOARD_PRIZES!r} "
            "sheet (each board's players, points, percentage and FIDE performance), the "
            f"teams' places in {TEAM_STANDINGS!r}"
        ),
        "norms": (
            "team events have no norms list (ratingbook works out the FIDE title norms of a "
            "Swiss event or round robin); a team event's players, with their points and FIDE "
            f"performance board by board, are in its {BOARD_PRIZES!r} sheet"
        ),
        "contenders": (
            "team events have no contenders list (ratingbook says who can still finish first "
            f"in a Swiss event or round robin); a team event's table is its {TEAM_STANDINGS!r} "
            f"sheet, its board prizes are in {BOARD_PRIZES!r}"
        ),
        "players update": (
            "team events have no rating list to fill from FIDE's (players update fills the "
            "'Swiss Players' sheet of a Swiss event or round robin): type a team player's "
            f"Rating and FIDE ID on its {TEAMS.sheet!r} sheet"
        ),
        "players custom-list": (
            "team events have no rating list to fill from a custom list (players custom-list "
            f"fills the {SWISS_PLAYERS.sheet!r} sheet of a Swiss event or round robin): type a "
            f"team player's Rating and FIDE ID on its {TEAMS.sheet!r} sheet"
        ),
        "manual-pairing": (
            "team events have no manual pairing phase (FIDE mode's, of a Swiss event): change "
            f"a round's matches in {TEAM_MATCHES.sheet!r} and their boards in "
            f"{TEAM_BOARDS.sheet!r} by hand, or unpair the round and pair it again"
        ),
    }
)

# The sheets that make a book a team event. ``Teams`` is read by the planner (a missing one is
# an error naming it) but does not by itself make a team event: a Swiss book may well keep a
# list of its club's teams on a sheet of that name.


def _sheets(
    event: TeamEvent, log: Sequence[LogEntry]
) -> tuple[tuple[GeneratedSheet, ...], tuple[str, ...]]:
    from ratingbook.fide.gacrux.team_tiebreaks import team_standings
    from ratingbook.reports.team_grids import (
        board_prizes_grid,
        board_results_grid,
        round_pairings_grid,
        team_crosstable_grid,
        team_standings_grid,
    )
    from ratingbook.reports.team_notes import team_notes_grid

    standings = team_standings(event)
    name = event.settings.event_name
    grids: list[SheetGrid] = [
        team_standings_grid(event, standings),
        team_crosstable_grid(event, standings),
    ]
    shown = event.paired_rounds
    grids.append(round_pairings_grid(event, shown))  # 0: emptied (round 1 unpaired)
    grids += [board_results_grid(event), board_prizes_grid(event, standings)]
    grids.append(team_notes_grid(event, standings, shown, log))
    from ratingbook.reports.team_ratings import team_rating_report

    report = team_rating_report(event)  # FIDE-rated: each board game is a rated game
    if report is not None:
        from ratingbook.reports.rating_grids import rating_games_grid, rating_report_grid

        grids += [rating_report_grid(report), rating_games_grid(report)]
    after = TEAM_BOARDS.sheet
    sheets = []
    for grid in grids:
        sheets.append(report_sheet(grid, after, name))
        after = grid.name
    summary = (
        f"team {'round robin' if event.settings.round_robin else 'swiss'}: "
        f"{many(len(event.teams), 'team')}, "
        + paired_text(event.paired_rounds, event.settings.rounds),
        f"team standings {grids[0].note}",
    )
    return tuple(sheets), summary


def _unread(sheets: Sheets) -> tuple[str, ...]:
    """The sheet an individual event reads and a team event does not, named: a ``Prizes``
    sheet is never silently left."""
    if sheets.actual(PRIZES.sheet) is None:
        return ()
    return (f"sheet {PRIZES.sheet!r} is not read: {TEAM_HAS_NO['prizes']}",)


def _logged(sheets: Sheets, log: Sequence[LogEntry] | None) -> Sequence[LogEntry]:
    """The log the notes read: the run's (``log``), else the book's as it stands."""
    return read_log(sheets)[0] if log is None else log


def plan_team(sheets: Sheets) -> Plan:
    """What a recalc writes for a team event: its generated sheets (never a pairing)."""
    tables = read_team_tables(sheets)

    def views(log: Sequence[LogEntry] | None) -> Plan:
        generated, summary = _sheets(tables.event, _logged(sheets, log))
        return Plan(sheets=generated, summary=(*summary, *_unread(sheets)))

    return with_team_log(sheets, tables, tables.event, views)


def plan_team_imported(sheets: Sheets, log: Sequence[LogEntry]) -> Plan:
    """A team book just built from a file: its generated sheets, read on ``log`` (the file's,
    as it has it: a round paired before a correction is explained on the result it was paired
    on, :mod:`ratingbook.events.as_paired`), then its ``Event Log`` and ``Event State`` (none
    while nothing is paired or logged: the log starts with round 1, as a recalc's does)."""
    event = read_team_tables(sheets).event
    generated, summary = _sheets(event, log)
    started = log or event.paired_rounds
    record = imported_record(event, log, generated[-1].name) if started else ()
    return Plan(sheets=(*generated, *record), summary=summary)


def _next_round(event: TeamEvent) -> int:
    last = event.paired_rounds
    if last and not event.settings.round_robin:  # a round robin's table needs no results
        waiting = [m for m in event.round_matches(last) if not match_score(event, m).complete]
        if waiting:
            tables = ", ".join(str(m.table) for m in waiting)
            raise TeamError(
                f"round {last} is not finished: match {tables} still has boards without a result"
            )
    rounds = event.settings.rounds
    if not rounds:
        raise TeamError("the number of rounds is not set (sheet 'Team Settings', setting 'Rounds')")
    if last >= rounds:
        raise TeamError(f"the event is over: all {rounds} rounds have been paired")
    return last + 1


def _main_score_lock(table: Table, settings: TeamSettings) -> WriteBlock | None:
    """The main score recorded as round 1 is paired: in the ``Main Score at Round 1`` row's
    empty Value where the sheet has that row (a second row would be a setting given twice),
    else in a new row under the table."""
    where = settings.places.get(MAIN_SCORE_LOCK)
    if where is not None and where.row:
        return WriteBlock(table.sheet, where.row, table.columns["Value"], [[settings.main_score]])
    return rows_below(table, [{"Setting": MAIN_SCORE_LOCK, "Value": settings.main_score}])


def plan_team_pairing(sheets: Sheets, *, every_round: bool = False) -> Plan:
    """Pair the next round (a round robin's remaining rounds with ``every_round``), append
    the matches and their boards, and rebuild the generated sheets."""
    from ratingbook.fide.gacrux.team_pairing import (
        lineup_games,
        pair_next_team_round,
        team_round_robin,
    )

    tables = read_team_tables(sheets)
    event = tables.event
    number = _next_round(event)
    settings = event.settings
    if every_round and not settings.round_robin:
        raise TeamError(
            "only a round robin can have all its rounds paired at once: a team Swiss round is "
            "paired from the results of the rounds before it (pair without --all)"
        )
    if settings.round_robin:
        last = (settings.rounds or number) if every_round else number
        new = team_round_robin(event, range(number, last + 1))
    else:
        new = [p.match for p in pair_next_team_round(event)]
    games = lineup_games(event, new)
    blocks = [
        rows_below(
            tables.matches,
            [
                {
                    "Round": m.round,
                    "Match": m.table,
                    "White Team": m.white,
                    "Black Team": m.black or BYE,
                }
                for m in new
            ],
        ),
        rows_below(
            tables.boards,
            [
                {
                    "Round": g.round,
                    "Match": g.table,
                    "Board": g.board,
                    "White": g.white or "",
                    "Black": g.black or "",
                }
                for g in games
            ],
        ),
    ]
    if number == 1 and tables.settings is not None and not settings.main_score_at_round_1:
        blocks.append(_main_score_lock(tables.settings, settings))
        settings = replace(settings, main_score_at_round_1=settings.main_score)
    paired = TeamEvent(
        event.teams, settings, event.matches + tuple(new), event.games + tuple(games)
    )
    rounds = sorted({m.round for m in new})
    said = (
        f"paired round {rounds[0]}"
        if len(rounds) == 1
        else f"paired rounds {rounds[0]}-{rounds[-1]}"
    )

    def views(log: Sequence[LogEntry] | None) -> Plan:
        generated, summary = _sheets(paired, _logged(sheets, log))
        return Plan(
            blocks=tuple(b for b in blocks if b is not None),
            sheets=generated,
            summary=(*summary, f"{said}: {many(len(new), 'match', 'matches')}", *_unread(sheets)),
            act=said.replace("paired", "Pairing", 1),  # as an individual event's log names it
        )

    return with_team_log(sheets, tables, paired, views, engine_rounds=rounds)


@dataclass(frozen=True, slots=True)
class _Deleting:
    """A team unpairing that deletes results typed: the act waiting for its confirmation (the
    plan's :class:`~ratingbook.workbook.port.book.Pending`) where the run keeps no log (a
    template's sample event): nothing is logged, the act is kept for undo under the plan's
    name. A run that keeps the event's log asks through it instead (its ``Unpairing`` row)."""

    asks: tuple[Act, ...]
    confirmed: str = ""
    logged: tuple[LoggedChange, ...] = ()
    warnings: tuple[str, ...] = ()
    in_book: str = (
        f"clear the round's results in {TEAM_BOARDS.sheet!r} by hand first (nothing typed is "
        "then lost), then unpair again"
    )

    def finish(self, confirmation: str) -> tuple[GeneratedSheet, ...]:
        return ()


def plan_team_unpairing(sheets: Sheets, asked: int | None = None) -> Plan:
    """Take back the last round's pairing (``asked``: the round named, which must be the
    last): its rows of ``Team Matches`` and ``Team Boards`` emptied, round 1's main score lock
    cleared, the generated sheets rebuilt without it. Its results typed are named and wait
    for a confirmation, as an individual event's (level 3, the log's ``Unpairing`` row); undo
    gives them back."""
    from ratingbook.events.fide_mode.log import WarningLevel
    from ratingbook.events.fide_mode.machine import Act
    from ratingbook.events.fide_mode.state import team_results_by_board, unpairing_text
    from ratingbook.workbook.plans.fide_actions import unpair_round

    tables = read_team_tables(sheets)
    event = tables.event
    number = unpair_round(event.paired_rounds, asked)
    matches = [m for m in event.matches if m.round == number]
    games = [g for g in event.games if g.round == number]
    blocks = rows_emptied(
        tables.matches, _rows(matches), ("Round", "Match", "White Team", "Black Team")
    ) + rows_emptied(
        tables.boards, _rows(games), ("Round", "Match", "Board", "White", "Black", "Result")
    )
    settings = event.settings
    lock = settings.places.get(MAIN_SCORE_LOCK)
    if number == 1 and tables.settings is not None and lock is not None and lock.row:
        blocks.append(
            WriteBlock(tables.settings.sheet, lock.row, tables.settings.columns["Value"], [[None]])
        )
        settings = replace(settings, main_score_at_round_1=None)
    kept = TeamEvent(
        event.teams,
        settings,
        tuple(m for m in event.matches if m.round != number),
        tuple(g for g in event.games if g.round != number),
    )
    deleted = team_results_by_board(event, number)
    said = unpairing_text(number, len(deleted), deleted, sheet=TEAM_BOARDS.sheet)
    act = f"Unpairing round {number}"  # as an individual event's log names it

    def views(log: Sequence[LogEntry] | None) -> Plan:
        generated, summary = _sheets(kept, _logged(sheets, log))
        return Plan(
            blocks=tuple(blocks),
            sheets=generated,
            summary=(
                f"unpaired round {number}: {many(len(matches), 'match', 'matches')}"
                + (
                    f", {many(len(deleted), 'result')} typed deleted (undo gives them back)"
                    if deleted
                    else ""
                ),
                *summary,
                *_unread(sheets),
            ),
            pending=_Deleting((Act(act, WarningLevel.CONFIRM, said),)) if deleted else None,
            act=act,
        )

    return with_team_log(
        sheets, tables, kept, views, unpaired=(number,), typed={number: tuple(deleted)}
    )


def _rows(found: list[TeamMatch] | list[BoardGame]) -> list[int]:
    """The Excel rows ``found`` were read from."""
    return [f.where.row for f in found if f.where is not None and f.where.row is not None]
