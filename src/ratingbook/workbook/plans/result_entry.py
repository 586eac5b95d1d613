"""Results entered from outside the sheet: the cells they go in, checked, and their record.

This module alone decides how a result given from outside the sheet (the session's
``RecordResult`` and ``RecordResults``: a command, a results desk) finds its place: a Swiss or
round-robin board's ``Swiss Games`` row and its ``Result`` cell, a team board's ``Team Boards``
row, a ladder's or an Elo book's new game row under its games table, each spelling checked as
a typed result is (:func:`~ratingbook.core.results.parse_swiss_result`). A board whose cell
holds another result already is refused: a result is never overwritten silently. It writes
nothing; the session writes the cells and recalculates, so an entered result goes through the
same rules, warnings and log as a typed one (a result of an earlier round is a correction).
What the results desk took is listed on ``Desk Results`` (who reported it, from where, who
accepted it) and, for an event that keeps an Event Log, logged there (:func:`with_entered`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ratingbook.core.results import Result, parse_swiss_result
from ratingbook.core.tables import Column, Table, TableSpec
from ratingbook.errors import Location, Problems, RatingbookError
from ratingbook.workbook.port.book import Formula, GeneratedSheet, Plan, WriteBlock, rows_below
from ratingbook.workbook.port.presentation import PrintSetup
from ratingbook.workbook.sheets.event_book import EventTables, read_event_tables
from ratingbook.workbook.sheets.reading import Sheets, read
from ratingbook.workbook.sheets.schemas import (
    DESK_RESULTS,
    DESK_RESULTS_COLUMNS,
    ELO_GAMES,
    LADDER_GAMES,
    LADDER_PLAYERS,
    NAME_COLUMNS,
    SWISS_GAMES,
    ladder_name_formula,
)

__all__ = [
    "EnteredResult",
    "desk_results_sheet",
    "entered_blocks",
    "plan_result_entry",
    "with_entered",
]


class EnteredResult(Protocol):
    """A result entered from outside (the session's ``Entered``): a board's (round, board,
    match) or a game's (white, black), with who reported it and the desk's key."""

    @property
    def result(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def board(self) -> int: ...
    @property
    def match(self) -> int: ...
    @property
    def white(self) -> str: ...
    @property
    def black(self) -> str: ...
    @property
    def who(self) -> str: ...
    @property
    def key(self) -> str: ...


def plan_result_entry(sheets: Sheets, round_number: int, board: int, result: str) -> WriteBlock:
    """The ``Result`` cell of ``board`` in ``round_number``, holding ``result`` (an error naming
    the round and board when the event has no such game, or the result when it does not read)."""
    return _result_cell(read_event_tables(sheets), round_number, board, result)


def _result_cell(tables: EventTables, round_number: int, board: int, result: str) -> WriteBlock:
    """:func:`plan_result_entry` in the event ``tables`` read once (a desk's whole round)."""
    games = tables.games
    if "Result" not in games.columns:
        raise RatingbookError(
            f"sheet {games.sheet!r} has White Points and Black Points, not a Result column: "
            "type the points there"
        )
    entry = next(
        (e for e in tables.event.entries if e.round == round_number and e.board == board), None
    )
    if entry is None or entry.where is None or entry.where.row is None:
        paired = sorted(
            {e.board for e in tables.event.entries if e.round == round_number and e.board}
        )
        boards = f"boards {paired[0]}-{paired[-1]}" if paired else "no boards"
        raise RatingbookError(
            f"round {round_number} has no board {board} in sheet {games.sheet!r} "
            f"(round {round_number} has {boards})"
        )
    where = Location(games.sheet, entry.where.row)
    parse_swiss_result(
        result, where, bye_row=entry.is_bye, column="Result", adjourned=True, penalties=True
    )
    return WriteBlock(games.sheet, entry.where.row, games.columns["Result"], [[result]])


def entered_blocks(
    sheets: Sheets, entries: Sequence[EnteredResult]
) -> tuple[list[WriteBlock], list[Sequence[object]]]:
    """The cells ``entries`` are written in, and each one's row of ``Desk Results`` (the
    players as the book names them). A board that holds the same result already writes
    nothing (it is listed); one that holds another is refused: every problem at once."""
    problems = Problems()
    blocks: list[WriteBlock] = []
    listed: list[Sequence[object]] = []
    boards = [e for e in entries if not e.white]
    games = [e for e in entries if e.white]
    if boards and sheets.actual(SWISS_GAMES.sheet) is not None:
        _swiss_boards(sheets, boards, problems, blocks, listed)
    elif boards:
        _team_boards(sheets, boards, problems, blocks, listed)
    if games:
        spec = LADDER_GAMES if sheets.actual(LADDER_GAMES.sheet) is not None else ELO_GAMES
        table = read(sheets, _with_names(spec))
        rows = [
            {
                "White": _id(e.white, spec is LADDER_GAMES),
                "Black": _id(e.black, spec is LADDER_GAMES),
            }
            | {"Result": e.result}
            | _name_formulas(spec)
            for e in games
        ]
        block = rows_below(table, rows)
        if block is not None:
            blocks.append(block)
        named = _ladder_names(sheets) if spec is LADDER_GAMES else {}
        listed += [
            _line(e, None, named.get(e.white, e.white), named.get(e.black, e.black), board=False)
            for e in games
        ]
    problems.check()
    return blocks, listed


def _line(
    entry: EnteredResult, match: int | None, white: object, black: object, *, board: bool = True
) -> list[object]:
    """``entry``'s row of ``Desk Results`` after its Taken cell (a game row has no round)."""
    where = (entry.round, match, entry.board) if board else (None, None, None)
    return [*where, white, black, entry.result, entry.who, entry.key]


def _ladder_names(sheets: Sheets) -> dict[str, str]:
    """A ladder's players' names by ID (as text): ``Desk Results`` names the players, as it
    does a Swiss board's, where the games sheet holds IDs."""
    out: dict[str, str] = {}
    for row in read(sheets, LADDER_PLAYERS).rows:
        ident, name = row.get("ID"), row.get("Name")
        if ident not in (None, "") and isinstance(name, str) and name.strip():
            number = int(ident) if isinstance(ident, float) and ident.is_integer() else ident
            out[str(number).strip()] = name.strip()
    return out


def _with_names(spec: TableSpec) -> TableSpec:
    """``spec`` with a ladder's name columns (never read: found, to write their formulas)."""
    if spec is not LADDER_GAMES:
        return spec
    named = tuple(Column(n, required=False) for n in NAME_COLUMNS)
    return replace(spec, columns=(*spec.columns, *named))


def _name_formulas(spec: TableSpec) -> dict[str, Formula]:
    """A ladder's name columns beside the IDs, the template's formulas: a row added under the
    table gets no calculated column from Excel or LibreOffice (rows_below leaves out a column
    the book's table lacks)."""
    if spec is not LADDER_GAMES:
        return {}
    sides = ("White", "Black")
    return {n: Formula(ladder_name_formula(s)) for n, s in zip(NAME_COLUMNS, sides, strict=True)}


def _id(value: str, ladder: bool) -> object:
    """A ladder's player IDs are numbers in its sheet; an Elo book's players are names."""
    return int(value) if ladder and value.isdigit() else value


def _holds(where: Location, kept: Result | None, entry: EnteredResult, problems: Problems) -> bool:
    """Whether the board already holds ``entry``'s result (then nothing is written); a
    problem when it holds another one."""
    if kept is None or kept.is_adjourned:  # an adjourned game's result comes later (Q162)
        return False
    if kept is parse_swiss_result(entry.result, where, bye_row=False, column="Result"):
        return True
    problems.append(
        RatingbookError(
            f"the book holds {kept.value} for {_named(entry)}; {entry.result} was not written "
            "over it (a result is never overwritten silently: correct it in the book, where it "
            "is logged and confirmed as a typed correction)",
            where,
            "Result",
        )
    )
    return True


def _swiss_boards(
    sheets: Sheets,
    entries: Sequence[EnteredResult],
    problems: Problems,
    blocks: list[WriteBlock],
    listed: list[Sequence[object]],
) -> None:
    tables = read_event_tables(sheets)
    by_board = {(e.round, e.board): e for e in tables.event.entries if e.board}
    for entry in entries:
        try:
            block = _result_cell(tables, entry.round, entry.board, entry.result)
        except RatingbookError as error:
            problems.append(error)
            continue
        game = by_board[(entry.round, entry.board)]
        listed.append(_line(entry, None, game.white, game.black))
        where = Location(block.sheet, block.row, columns=tables.games.letters)
        if not _holds(where, game.result, entry, problems):
            blocks.append(block)


def _team_boards(
    sheets: Sheets,
    entries: Sequence[EnteredResult],
    problems: Problems,
    blocks: list[WriteBlock],
    listed: list[Sequence[object]],
) -> None:
    from ratingbook.workbook.sheets.team_book import read_team_tables

    tables = read_team_tables(sheets)
    table: Table = tables.boards
    if "Result" not in table.columns:
        raise RatingbookError(f"sheet {table.sheet!r} has no Result column to enter results in")
    games = {(g.round, g.table, g.board): g for g in tables.event.games}
    for entry in entries:
        game = games.get((entry.round, entry.match, entry.board))
        if game is None or game.where is None or game.where.row is None:
            problems.append(
                RatingbookError(
                    f"round {entry.round} has no match {entry.match} board {entry.board} in "
                    f"sheet {table.sheet!r}"
                )
            )
            continue
        where = Location(table.sheet, game.where.row, columns=table.letters)
        try:
            parse_swiss_result(entry.result, where, bye_row=False, column="Result")
        except RatingbookError as error:
            problems.append(error)
            continue
        listed.append(_line(entry, entry.match, game.white, game.black))
        if not _holds(where, game.result, entry, problems):
            blocks.append(
                WriteBlock(table.sheet, game.where.row, table.columns["Result"], [[entry.result]])
            )


def with_entered(
    plan: Plan,
    sheets: Sheets,
    entries: Sequence[EnteredResult],
    listed: Sequence[Sequence[object]],
) -> Plan:
    """``plan`` (the recalc of the book with ``entries`` written) with ``Desk Results``
    listing them (``listed``, after the rows it holds) and, for an event that keeps an Event
    Log, a ``Desk Result`` row for each board with who reported it and from where."""
    when = sheets.request.now or _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    kept = sheets.grid(DESK_RESULTS)[1:] if sheets.actual(DESK_RESULTS) is not None else []
    rows = [list(r) for r in kept if any(v not in (None, "") for v in r)]
    rows += [[when, *line] for line in listed]
    record = desk_results_sheet(rows)
    summary = [f"entered: {_named(e)}: {e.result}" for e in entries]
    pending = plan.pending
    if pending is not None and any(not e.white for e in entries):
        from ratingbook.events.fide_mode.changes import LoggedChange
        from ratingbook.events.fide_mode.log import LogKind

        results = tuple(
            LoggedChange(
                LogKind.RESULT,
                e.round,
                "",
                f"{_named(e)}: {e.result}",
                by_hand=False,
                who=e.who,
            )
            for e in entries
            if not e.white
        )
        # The results first: the recalc's own rows (Auto-pair's "Pairing round N+1") follow
        # from them, and the log reads in the order things happened.
        pending = replace(pending, logged=(*results, *pending.logged))  # type: ignore[type-var]
    return replace(
        plan,
        sheets=(*plan.sheets, record),
        summary=(*summary, *plan.summary),
        pending=pending,
    )


#: ``Desk Results``' columns naming where a result stands: Round, Match and Board.
_WHERE = (1, 2, 3)


def desk_results_sheet(rows: Sequence[Sequence[object]]) -> GeneratedSheet:
    """``Desk Results`` holding ``rows`` (a row per result taken, oldest first), printed as
    every result sheet is (a title, ``Page n of m``, the header on every page), one landscape
    page wide: the players' names and ``Reported By`` (a sentence) wrap within their columns,
    and a column of Round, Match and Board that no row fills (a camp's games have none, a
    Swiss event's boards no match) is hidden, out of sight and out of print. Printed with
    none (user test 48), a camp's record ran over three pages, ``Reported By`` cut
    mid-word."""
    unused = frozenset(c for c in _WHERE if all(c >= len(r) or r[c] in (None, "") for r in rows))
    return GeneratedSheet(
        DESK_RESULTS,
        DESK_RESULTS_COLUMNS,
        rows,
        widths={0: 21, 1: 7, 2: 7, 3: 7, 4: 20, 5: 20, 6: 8, 7: 24, 8: 16},
        print_setup=PrintSetup(
            DESK_RESULTS, landscape=True, file_name=True, wrapped=frozenset({4, 5, 7})
        ),
        hidden_columns=unused if rows else frozenset(),
    )


def _named(entry: EnteredResult) -> str:
    if entry.white:
        return f"game {entry.white} - {entry.black}"
    match = f"match {entry.match} " if entry.match else ""
    return f"round {entry.round} {match}board {entry.board}"
