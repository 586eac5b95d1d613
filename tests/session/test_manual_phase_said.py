"""The manual-pairing phase as a user meets it (user test 49's verification, findings 1-2).

Read from FIDE mode's rules as docs/guides/fide-mode.md states them, never from ratingbook's
output:

- the phase is the last paired round's; while it is open no later round is paired, so an undo
  or redo that opens or closes it says so in its summary, with how to end it;
- a board changed by hand whose result stands in the book: the result may have been typed for
  the game the engine paired there, and would now count for other players; the end of the phase
  names the cell and both games and waits for the arbiter (level 3: confirmed, or cancelled).

The event: ten players, seven rounds, Auto-pair off (``tests/helpers/fide_event.py``); round 1's
results: White wins, a draw on board 2.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable

from tests.helpers.fide_event import Grid, event_sheets, type_results

from ratingbook.session import (
    Done,
    ManualPairing,
    NeedsConfirmation,
    Outcome,
    Pair,
    Recalc,
    Redo,
    Session,
    Undo,
)
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

_CLOCK = itertools.count(1)


def session(book: MemoryBook) -> Session:
    return Session(book, who="arbiter", now=f"2026-04-02T10:00:{next(_CLOCK) % 60:02d}Z")


def done(outcome: Outcome) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def edit(book: MemoryBook, sheet: str, change: Callable[[Grid], Grid]) -> None:
    old = [list(r) for r in book.read_values(sheet)]
    new = change([list(r) for r in old])
    width = max(len(r) for r in [*old, *new])
    book.write_values(WriteBlock(sheet, 1, 1, [[*r, *[None] * (width - len(r))] for r in new]))


def manual_phase(book: MemoryBook) -> int:
    state = {r[0]: r[1] for r in book.read_values("Event State")[1:]}
    return int(json.loads(str(state["Manual Pairing"])))


def row_of(grid: Grid, round_number: int, number: int) -> int:
    """The Excel row of round ``round_number``'s board ``number``."""
    return next(i for i, r in enumerate(grid, 1) if r[0] == round_number and r[1] == number)


def swapped(grid: Grid) -> Grid:
    """Round 2's boards 4 and 5 with their Blacks exchanged (a manual pairing, no game repeated)."""
    four, five = (grid[row_of(grid, 2, n) - 1] for n in (4, 5))
    four[3], five[3] = five[3], four[3]
    return grid


def two_rounds() -> MemoryBook:
    book = MemoryBook(event_sheets())
    done(session(book).run(Pair()))
    edit(book, "Swiss Games", lambda g: type_results(g, 1))
    done(session(book).run(Recalc()))
    done(session(book).run(Pair()))
    return book


def test_undo_and_redo_of_the_phase_end_say_it_opens_and_closes() -> None:
    book = two_rounds()
    done(session(book).run(ManualPairing("start", 2)))
    edit(book, "Swiss Games", swapped)
    done(session(book).run(ManualPairing("end")))
    assert manual_phase(book) == 0

    undone = done(session(book).run(Undo()))
    assert manual_phase(book) == 2  # the rules' state: round 2's phase is open again
    opened = [line for line in undone.summary if "manual pairing of round 2 is open again" in line]
    assert len(opened) == 1, undone.summary
    assert "manual-pairing end" in opened[0] and "Manual Pairing = End" in opened[0]

    redone = done(session(book).run(Redo()))
    assert manual_phase(book) == 0
    closed = [line for line in redone.summary if "manual pairing of round 2 is closed" in line]
    assert len(closed) == 1, redone.summary


def test_an_undo_that_leaves_the_phase_as_it_was_says_nothing_of_it() -> None:
    book = two_rounds()
    undone = done(session(book).run(Undo()))  # round 2's pairing: no phase before or after
    assert not [line for line in undone.summary if "manual pairing" in line]


def test_a_result_on_a_board_changed_by_hand_is_named_and_waits_for_the_arbiter() -> None:
    book = two_rounds()
    done(session(book).run(ManualPairing("start", 2)))
    edit(book, "Swiss Games", lambda g: type_results(g, 2))  # typed for the engine's boards
    grid = [list(r) for r in book.read_values("Swiss Games")]
    engine = {n: grid[row_of(grid, 2, n) - 1][2:5] for n in (4, 5)}  # White, Black, Result
    edit(book, "Swiss Games", swapped)
    kept = {name: book.read_values(name) for name in book.sheet_names()}

    outcome = session(book).run(ManualPairing("end"))
    assert isinstance(outcome, NeedsConfirmation), outcome
    assert [(a.name, a.level) for a in outcome.acts] == [("Manual pairing round 2", 3)]
    warning = outcome.acts[0].warning
    for n, other in ((4, 5), (5, 4)):
        white, black, result = engine[n]
        now_black = engine[other][1]
        cell = f"'Swiss Games' E{row_of(grid, 2, n)}"
        assert (
            f"{cell}'s {result} stands on a board changed by hand (the engine paired it "
            f"{white} - {black}, now {white} - {now_black})"
        ) in warning, warning
    assert {name: book.read_values(name) for name in book.sheet_names()} == kept  # asked first

    done(outcome.resume("--confirm"))  # the arbiter confirms: the phase ends
    assert manual_phase(book) == 0


def test_results_cleared_on_the_changed_boards_end_the_phase_with_a_warning_only() -> None:
    book = two_rounds()
    done(session(book).run(ManualPairing("start", 2)))
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    edit(book, "Swiss Games", swapped)

    def cleared(grid: Grid) -> Grid:
        for n in (4, 5):
            grid[row_of(grid, 2, n) - 1][4] = None
        return grid

    edit(book, "Swiss Games", cleared)
    ended = done(session(book).run(ManualPairing("end")))
    assert manual_phase(book) == 0
    assert not [line for line in ended.summary if "changed by hand" in line]
