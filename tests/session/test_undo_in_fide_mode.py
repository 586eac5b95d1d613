"""Undo, redo and the manual-pairing phase in FIDE mode (user test 49).

What each step must do is read from FIDE mode's rules as the guides state them, never from
ratingbook's output:

- the TEC Manual's levels (C.02): level 2 is said and logged as shown, level 3 confirmed in one
  step, level 4 in two; "nothing of level 3 or more happens unconfirmed", and the undo of a
  level-N act is itself an act of level N, its ``Undo`` (``Redo``) row keeping the confirmation;
- the manual-pairing phase is the last paired round's: while round N's is open, round N+1 is
  not paired and round N not unpaired (end the phase first), however the phase was opened
  (``manual-pairing start``, or the undo of ``manual-pairing end``), and no undo or redo closes
  a phase started since with its round still paired;
- a result of the last paired round is typed freely (nothing logged), a result of the round
  before it is a correction (level 3): so a redo must not give back a pairing made on a result
  retyped since the undo, which the next run would then log as a correction made after it.

The event: ten players far apart in rating, seven rounds, Auto-pair off
(``tests/helpers/fide_event.py``); round 1's results: White wins, a draw on board 2.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest
from tests.helpers.fide_event import Grid, event_sheets, setting, type_results

from ratingbook.errors import RatingbookError
from ratingbook.session import (
    Done,
    ManualPairing,
    NeedsConfirmation,
    Offer,
    Outcome,
    Pair,
    Recalc,
    Redo,
    Session,
    Undo,
    Unpair,
)
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

CONFIRM = Offer(1, "--confirm")
UNDERSTOOD = Offer(2, "--confirm --i-understand")
_CLOCK = itertools.count(1)


def session(book: MemoryBook) -> Session:
    """A session whose runs are a second apart (the log's rows of one run share a time)."""
    return Session(book, who="arbiter", now=f"2026-04-01T10:00:{next(_CLOCK) % 60:02d}Z")


def done(outcome: Outcome) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def run(book: MemoryBook, command: Any, offer: Offer | None = None) -> Done:
    """``command`` run, confirmed with ``--confirm`` when it asks for it (a level-3 act)."""
    outcome = session(book).run(command, offer=offer)
    if isinstance(outcome, NeedsConfirmation) and offer is None and outcome.steps == 1:
        return outcome.resume("--confirm")
    return done(outcome)


def edit(book: MemoryBook, sheet: str, change: Callable[[Grid], Grid]) -> None:
    """Type into ``sheet`` by hand: its cells become ``change(grid)``."""
    old = [list(r) for r in book.read_values(sheet)]
    new = change([list(r) for r in old])
    width = max(len(r) for r in [*old, *new])
    rows = [[*r, *[None] * (width - len(r))] for r in new]
    rows += [[None] * width for _ in range(len(old) - len(new))]
    book.write_values(WriteBlock(sheet, 1, 1, rows))


def log(book: MemoryBook) -> list[tuple[Any, ...]]:
    """The Event Log's rows: round, kind, confirmation."""
    return [(r[1], r[2], r[6]) for r in book.read_values("Event Log")[1:]]


def manual_phase(book: MemoryBook) -> int:
    state = {r[0]: r[1] for r in book.read_values("Event State")[1:]}
    return int(json.loads(str(state["Manual Pairing"])))


def board(grid: Grid, round_number: int, number: int) -> list[Any]:
    return next(r for r in grid[1:] if r[0] == round_number and r[1] == number)


def two_rounds() -> MemoryBook:
    """Round 1 paired and played, round 2 paired (each by the engine: logged at level 0)."""
    book = MemoryBook(event_sheets())
    run(book, Pair())
    edit(book, "Swiss Games", lambda g: type_results(g, 1))
    run(book, Recalc())
    run(book, Pair())
    return book


def swapped(grid: Grid) -> Grid:
    """Round 2's boards 3 and 4 with their Blacks exchanged (a manual pairing)."""
    three, four = board(grid, 2, 3), board(grid, 2, 4)
    three[3], four[3] = four[3], three[3]
    return grid


def test_a_phase_reopened_by_undo_holds_until_it_is_ended() -> None:
    book = two_rounds()
    run(book, ManualPairing("start", 2))
    edit(book, "Swiss Games", swapped)
    run(book, ManualPairing("end"))
    assert log(book)[-1][:2] == (2, "Manual Pairing")
    run(book, Undo())  # the boards back as paired, the phase of round 2 open again
    assert manual_phase(book) == 2
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    kept = {name: book.read_values(name) for name in book.sheet_names()}

    # The next round is not paired while round 2's phase is open, by no path; nor round 2
    # unpaired: each refusal names the phase's end, and nothing is written.
    paired = "round 3 cannot be paired while the manual pairing of round 2 is open: end it first"
    with pytest.raises(RatingbookError, match=paired) as refused:
        session(book).run(Pair())
    assert "manual-pairing end" in str(refused.value)
    edit(book, "Swiss Settings", lambda g: setting(g, "Auto-pair", "On"))
    with pytest.raises(RatingbookError, match=paired):
        session(book).run(Recalc())
    unpaired = "round 2 cannot be unpaired while its manual pairing is open: end it first"
    with pytest.raises(RatingbookError, match=unpaired):
        session(book).run(Unpair())
    edit(book, "Swiss Settings", lambda g: setting(g, "Auto-pair", "Off"))
    assert {name: book.read_values(name) for name in book.sheet_names()} == kept

    # Ended, the boards changed in the phase are the round's: round 3 is paired on them after.
    edit(book, "Swiss Games", swapped)
    run(book, ManualPairing("end"))
    assert manual_phase(book) == 0
    run(book, Pair())
    assert [row[:2] for row in log(book)[-2:]] == [(2, "Manual Pairing"), (3, "Pairing")]


def test_ending_the_phase_may_pair_the_next_round_in_the_same_run_logged_after_it() -> None:
    book = two_rounds()
    run(book, ManualPairing("start", 2))
    edit(book, "Swiss Games", swapped)
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    edit(book, "Swiss Settings", lambda g: setting(g, "Auto-pair", "On"))
    run(book, ManualPairing("end"))  # round 2 complete and Auto-pair on: round 3 paired too
    assert [row[:2] for row in log(book)[-2:]] == [(2, "Manual Pairing"), (3, "Pairing")]


def test_no_undo_closes_a_phase_started_after_the_act_it_takes_back() -> None:
    book = two_rounds()
    run(book, ManualPairing("start", 2))
    edit(book, "Swiss Games", swapped)
    # The act before the phase is round 2's pairing: its undo takes the round back, and the
    # phase goes with its round (the boards changed in it are named, and cleared, confirmed).
    run(book, Undo(), CONFIRM)
    assert manual_phase(book) == 0
    assert [r for r in book.read_values("Swiss Games")[1:] if r[0] == 2] == []
    run(book, Redo())  # the boards as paired: nothing typed since in them

    # An act made since the pairing, before the phase (a correction of round 1): undoing it
    # would close the phase with round 2 still paired and its boards changed: refused.
    def corrected(grid: Grid) -> Grid:
        board(grid, 1, 1)[4] = "0-1"
        return grid

    edit(book, "Swiss Games", corrected)
    run(book, Recalc(), CONFIRM)
    run(book, ManualPairing("start", 2))
    edit(book, "Swiss Games", swapped)
    kept = {name: book.read_values(name) for name in book.sheet_names()}
    phase = "the manual pairing of round 2 is open: end it first"
    with pytest.raises(RatingbookError, match=f"Correction round 1 cannot be undone: {phase}"):
        session(book).run(Undo(), offer=CONFIRM)
    assert {name: book.read_values(name) for name in book.sheet_names()} == kept


@pytest.mark.parametrize("recalc_between", [False, True])
def test_redo_is_refused_when_a_result_the_pairing_was_made_on_changed(
    recalc_between: bool,
) -> None:
    book = two_rounds()
    run(book, Undo())  # Pairing round 2 (the engine's: level 0, nothing asked)
    assert log(book)[-1][1:] == ("Undo", None)

    # Round 1 is the last paired round again: its board 2 retyped is just a result (a
    # recalc logs nothing), ½-½ when round 2 was paired, 1-0 now.
    def retyped(result: str) -> Callable[[Grid], Grid]:
        def change(grid: Grid) -> Grid:
            board(grid, 1, 2)[4] = result
            return grid

        return change

    edit(book, "Swiss Games", retyped("1-0"))
    rows = len(log(book))
    if recalc_between:
        run(book, Recalc())
        assert len(log(book)) == rows
    kept = {name: book.read_values(name) for name in book.sheet_names()}
    with pytest.raises(RatingbookError, match="Pairing round 2 cannot be redone") as refused:
        session(book).run(Redo())
    # Not "the next run would log": with the pairing still undone, the next run logs none (round
    # 1 is then the last paired round, its result typed, not corrected).
    assert "with Pairing round 2 given back, that change would be logged as Correction round 1" in (
        str(refused.value)
    )
    assert {name: book.read_values(name) for name in book.sheet_names()} == kept

    edit(book, "Swiss Games", retyped("½-½"))  # put back as it was: the redo goes on
    run(book, Redo())
    assert log(book)[-1][1] == "Redo"


def test_undo_and_redo_ask_as_the_act_they_take_back() -> None:
    book = two_rounds()

    # A level-3 act: round 1's result corrected once round 2 is paired.
    def corrected(grid: Grid) -> Grid:
        board(grid, 1, 1)[4] = "0-1"
        return grid

    edit(book, "Swiss Games", corrected)
    run(book, Recalc(), CONFIRM)
    asked = session(book).run(Undo())
    assert isinstance(asked, NeedsConfirmation)
    assert [(a.name, a.level) for a in asked.acts] == [("Undo Correction round 1", 3)]
    assert asked.steps == 1
    run(book, Undo(), CONFIRM)
    assert log(book)[-1][1:] == ("Undo", "--confirm")
    asked = session(book).run(Redo())
    assert isinstance(asked, NeedsConfirmation) and asked.acts[0].level == 3
    run(book, Redo(), CONFIRM)
    assert log(book)[-1][1:] == ("Redo", "--confirm")

    # A level-4 act: the number of rounds changed after round 1; two steps, as it took.
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 8))
    run(book, Recalc(), UNDERSTOOD)
    asked = session(book).run(Undo(), offer=CONFIRM)  # one step is not enough
    assert isinstance(asked, NeedsConfirmation)
    assert [(a.name, a.level) for a in asked.acts] == [("Undo Setting round 2", 4)]
    assert asked.steps == 2
    run(book, Undo(), UNDERSTOOD)
    assert log(book)[-1][1:] == ("Undo", "--confirm --i-understand")
    # xlwings Server and Lite confirm in the book: the Confirm setting names it, and goes.
    edit(book, "Swiss Settings", lambda g: setting(g, "Confirm", "Redo Setting round 2"))
    with pytest.raises(RatingbookError, match="does not confirm 'Redo Setting round 2: I"):
        session(book).run(Redo())
    typed = "Redo Setting round 2: I understand"
    edit(book, "Swiss Settings", lambda g: setting(g, "Confirm", typed))
    run(book, Redo())
    assert log(book)[-1][1:] == ("Redo", f"Confirm setting: {typed}")
    assert [r[1] for r in book.read_values("Swiss Settings") if r[0] == "Confirm"] == [None]
    assert [r[1] for r in book.read_values("Swiss Settings") if r[0] == "Rounds"] == [8]

    # A level-2 act: a late entry; its undo is said, and logged as shown.
    edit(book, "Swiss Players", lambda g: [*g, [None, "Ivan", 1800, None]])
    run(book, Recalc())
    assert log(book)[-1][1:] == ("Late Entry", "level 2 warning shown")
    undone = run(book, Undo())
    assert any(line.startswith("level 2 warning: Undo Late Entry") for line in undone.summary)
    assert log(book)[-1][1:] == ("Undo", "level 2 warning shown")

    # An offer where the undo asks nothing is refused (a level-0 act: a pairing).
    run(book, Undo(), UNDERSTOOD)  # the Setting
    run(book, Undo(), CONFIRM)  # the Correction
    with pytest.raises(RatingbookError, match="--confirm given, but nothing in this run"):
        session(book).run(Undo(), offer=CONFIRM)


def test_an_act_kept_without_its_level_asks_as_its_rows_in_the_log_say() -> None:
    """A book whose acts an earlier ratingbook kept (no level with them): the act's rows in
    the Event Log say what it was confirmed with (``--confirm --i-understand``: level 4)."""
    book = MemoryBook(event_sheets())
    run(book, Pair())
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 8))
    run(book, Recalc(), UNDERSTOOD)

    def without_levels(grid: Grid) -> Grid:
        for row in grid[1:]:
            if isinstance(row[3], str) and row[3].startswith("v2"):
                data = json.loads(row[3][2:])
                data.pop("level", None)
                row[3] = "v2" + json.dumps(data, ensure_ascii=False)
        return grid

    edit(book, "Event History", without_levels)
    asked = session(book).run(Undo())
    assert isinstance(asked, NeedsConfirmation)
    assert [(a.name, a.level) for a in asked.acts] == [("Undo Setting round 1", 4)]
