"""A result entered for one board of a Swiss event: the cell it goes in, checked.

This module alone decides how a result given from outside the sheet (the session's
``RecordResult``: a command, a results desk) finds its place: the ``Swiss Games`` row of that
round and board, its ``Result`` cell, the spelling checked as a typed result is
(:func:`~ratingbook.core.results.parse_swiss_result`). It writes nothing; the session writes the
cell and recalculates, so an entered result goes through the same rules, warnings and log as a
typed one (a result of an earlier round is a correction).
"""

from __future__ import annotations

from ratingbook.core.results import parse_swiss_result
from ratingbook.errors import Location, RatingbookError
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.sheets.event_book import read_event_tables
from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["plan_result_entry"]


def plan_result_entry(sheets: Sheets, round_number: int, board: int, result: str) -> WriteBlock:
    """The ``Result`` cell of ``board`` in ``round_number``, holding ``result`` (an error naming
    the round and board when the event has no such game, or the result when it does not read)."""
    tables = read_event_tables(sheets)
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
    parse_swiss_result(result, where, bye_row=entry.is_bye, column="Result")
    return WriteBlock(games.sheet, entry.where.row, games.columns["Result"], [[result]])
