"""A redo right after an undo that kept a result typed beside the act's rows (user test 49): a
manual pairing swapped a board, its result was typed, the undo (confirmed) kept the result as
typed, beside the board it puts back; the redo was then refused, "was typed into since the
undo", though nothing was typed since. The redo compares with the book as the undo left it: it
gives the act back and leaves the result, as it was before the undo.

The expected book is the one the test typed before the undo, never ratingbook's output."""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers.fide_event import event_sheets, type_results

from ratingbook.session import (
    Done,
    ManualPairing,
    NeedsConfirmation,
    Pair,
    Recalc,
    Redo,
    Session,
    Undo,
)
from ratingbook.session.taking import CannotTake
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

INPUTS = ("Swiss Settings", "Swiss Players", "Swiss Games", "Forbidden Pairs")


def run(book: MemoryBook, command: Any, confirm: bool = False) -> Done:
    outcome = Session(book, who="arbiter", now="2026-04-01T10:00:00Z").run(command)
    if isinstance(outcome, NeedsConfirmation):
        assert confirm, outcome.acts
        outcome = outcome.resume("--confirm")
    assert isinstance(outcome, Done), outcome
    return outcome


def inputs(book: MemoryBook) -> dict[str, list[list[Any]]]:
    grids = book.grids()
    return {name: [list(r) for r in grids[name]] for name in INPUTS}


def test_a_redo_after_an_undo_that_kept_a_typed_result_gives_the_act_back() -> None:
    book = MemoryBook(event_sheets())
    run(book, Pair())
    games = book.grids()["Swiss Games"]
    book.write_values(WriteBlock("Swiss Games", 1, 1, type_results(games, 1)))
    run(book, Recalc())
    run(book, Pair())
    games = book.grids()["Swiss Games"]
    header = games[0]
    white, black, result = (header.index(n) for n in ("White", "Black", "Result"))
    row = next(r for r, line in enumerate(games, 1) if line[0] == 2 and line[1] == 1)
    board = games[row - 1]
    run(book, ManualPairing("start", 2))
    # Board 1 of round 2 with its colours swapped by hand, the phase ended: the act.
    swapped = [board[black], board[white]]
    book.write_values(WriteBlock("Swiss Games", row, white + 1, [swapped]))
    run(book, ManualPairing("end"))
    # Its result typed since, beside the board the act changed.
    book.write_values(WriteBlock("Swiss Games", row, result + 1, [["1-0"]]))
    typed = inputs(book)
    undone = run(book, Undo(), confirm=True)
    assert (
        f"kept as typed since, in rows it changed: 'Swiss Games' {chr(65 + result)}{row} '1-0'"
        in (undone.summary)
    )
    games = book.grids()["Swiss Games"]
    assert games[row - 1][white : black + 1] == [board[white], board[black]]
    assert games[row - 1][result] == "1-0"
    redone = run(book, Redo())  # not refused: nothing was typed since the undo
    assert redone.summary[0] == "redone: Manual Pairing round 2"
    assert inputs(book) == typed


def test_a_result_typed_since_that_undo_still_stops_the_redo() -> None:
    """The same book, the result changed after the undo (0-1 over the 1-0 it kept): that is
    typed since the undo, and the redo is refused as before, nothing written."""
    book = MemoryBook(event_sheets())
    run(book, Pair())
    book.write_values(WriteBlock("Swiss Games", 1, 1, type_results(book.grids()["Swiss Games"], 1)))
    run(book, Recalc())
    run(book, Pair())
    games = book.grids()["Swiss Games"]
    header = games[0]
    white, black, result = (header.index(n) for n in ("White", "Black", "Result"))
    row = next(r for r, line in enumerate(games, 1) if line[0] == 2 and line[1] == 1)
    board = games[row - 1]
    run(book, ManualPairing("start", 2))
    book.write_values(WriteBlock("Swiss Games", row, white + 1, [[board[black], board[white]]]))
    run(book, ManualPairing("end"))
    book.write_values(WriteBlock("Swiss Games", row, result + 1, [["1-0"]]))
    run(book, Undo(), confirm=True)
    book.write_values(WriteBlock("Swiss Games", row, result + 1, [["0-1"]]))
    typed = inputs(book)
    with pytest.raises(CannotTake, match="was typed into since the undo \\('0-1'\\)"):
        Session(book, who="arbiter", now="2026-04-01T10:00:00Z").run(Redo())
    assert inputs(book) == typed
