"""Undo of a change typed by hand and logged by the next run (FIDE mode's undo, issue #37: a
user test found ``ratingbook undo`` of a ``Manual Tie-break`` act saying "undone" and leaving
the typed ``Tie-break Value``, so that the next run logged it again).

Such a change is part of its run's act with the cells as they were before the typing: undo puts
the book back as it was before the typing (the fide-mode page: "for a change typed by hand,
before the typing") and the log's record with it, so the next run finds nothing to log. Each
case here types one kind of change into the ten-player event of FIDE mode's tests, runs a
recalc (confirmed), undoes it, and compares the input sheets with the book before the typing,
cell for cell; the expected book is the one the test typed over, never ratingbook's output.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.helpers.fide_event import event_sheets, numbers_exchanged, type_results

from ratingbook.events.fide_mode.log import LogKind
from ratingbook.session import Done, NeedsConfirmation, Pair, Recalc, Redo, Session, Undo
from ratingbook.session.session import _TYPED_IN
from ratingbook.workbook.port.grid_book import MemoryBook

Grid = list[list[Any]]
INPUTS = ("Swiss Settings", "Swiss Players", "Swiss Games", "Forbidden Pairs")


def session(book: MemoryBook) -> Session:
    return Session(book, who="arbiter", now="2026-04-01T09:00:00Z")


def run(book: MemoryBook, command: object) -> Done:
    outcome = session(book).run(command)  # type: ignore[arg-type]
    if isinstance(outcome, NeedsConfirmation):
        outcome = outcome.resume("--confirm")
    assert isinstance(outcome, Done), outcome
    return outcome


def typed(book: MemoryBook, sheet: str, change: Callable[[Grid], Grid]) -> MemoryBook:
    """The book with ``sheet`` typed as ``change`` makes it (as an arbiter types in Excel)."""
    grids = book.grids()
    return MemoryBook({**grids, sheet: change([list(r) for r in grids[sheet]])})


def shown(book: MemoryBook) -> dict[str, list[tuple[Any, ...]]]:
    """The input sheets as a person sees them: trailing empty cells and rows dropped."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for name in INPUTS:
        rows = [list(r) for r in book.grids().get(name, [])]
        kept = []
        for row in rows:
            while row and row[-1] in (None, ""):
                row.pop()
            kept.append(tuple(row))
        while kept and not kept[-1]:
            kept.pop()
        out[name] = kept
    return out


def logged_kinds(book: MemoryBook) -> list[str]:
    return [str(r[2]) for r in book.grids()["Event Log"][1:]]


def played(rounds: int) -> MemoryBook:
    """The event paired and played ``rounds`` rounds (White wins but a draw on board 2), a
    book of the test's own with the sheets made once for the run (:func:`_played`)."""
    return MemoryBook(_played(rounds))


@functools.cache
def _played(rounds: int) -> dict[str, Grid]:
    """:func:`played`'s sheets, made once for each number of rounds (the runs' time is fixed,
    so each test made the very same sheets again): a MemoryBook holds nothing but its sheets."""
    book = MemoryBook(event_sheets())
    for number in range(1, rounds + 1):
        run(book, Pair())
        book = typed(book, "Swiss Games", lambda g, n=number: type_results(g, n))
        run(book, Recalc())
    return book.grids()


def tiebreak_value(g: Grid) -> Grid:
    """Anna's ``Tie-break Value`` 1, in a column added for it (Q205, Q207)."""
    return [[*g[0], "Tie-break Value"], *[[*r, 1 if r[1] == "Anna" else None] for r in g[1:]]]


def full_point_bye(g: Grid) -> Grid:
    """Karl asks for a full-point bye in round 2 (level 2, logged: Q177-179)."""
    return [*g, [2, None, "Karl", "BYE", "FPB"]]


def first_half_point_bye(g: Grid) -> Grid:
    """Karl's half-point bye in round 2 (the first: neither warned nor logged)."""
    return [*g, [2, None, "Karl", "BYE", "HPB"]]


def second_half_point_bye(g: Grid) -> Grid:
    """Karl's half-point bye in round 3, his second (level 3, Q174)."""
    return [*g, [3, None, "Karl", "BYE", "HPB"]]


def round_2_typed(g: Grid) -> Grid:
    """Round 2 typed by hand, not paired by the engine (level 3)."""
    return [
        *g,
        [2, 1, "Anna", "Boris", None],
        [2, 2, "Carl", "Dana", None],
        [2, 3, "Emil", "Fay", None],
        [2, 4, "Gus", "Hana", None],
        [2, 5, "Jana", "Karl", None],
    ]


def round_1_result_flipped(g: Grid) -> Grid:
    """Round 1's board 1 corrected after round 2 was paired (level 3)."""
    return [[*r[:4], "0-1"] if r[0] == 1 and r[1] == 1 else list(r) for r in g]


def hana_withdrawn(g: Grid) -> Grid:
    return [[*r[:3], 3] if r[1] == "Hana" else list(r) for r in g]


def late_entry(g: Grid) -> Grid:
    return [*g, [None, "Ivan", 1800, None]]


def rounds_8(g: Grid) -> Grid:
    return [[r[0], 8] if r[0] == "Rounds" else list(r) for r in g]


#: Every kind of the log a change typed by hand makes, each with a book, the sheet typed into,
#: and the typing. Kinds a command makes (an engine's pairing, an import, a period's report,
#: a result taken at the results desk, undo and redo) are not typed.
CASES: dict[str, tuple[int, str, Callable[[Grid], Grid]]] = {
    "Manual Tie-break": (1, "Swiss Players", tiebreak_value),
    "Bye": (1, "Swiss Games", full_point_bye),
    "Bye (second half-point)": (1, "Swiss Games", second_half_point_bye),
    "Pairing": (1, "Swiss Games", round_2_typed),
    "Correction": (-1, "Swiss Games", round_1_result_flipped),
    "Withdrawal": (1, "Swiss Players", hana_withdrawn),
    "Late Entry": (1, "Swiss Players", late_entry),
    "Start Numbers": (1, "Swiss Players", numbers_exchanged),
    "Setting": (1, "Swiss Settings", rounds_8),
}
#: Typed kinds proved elsewhere, through real commands (an undo after each, cell for cell):
#: the manual pairing, the rating correction, leaving FIDE mode (never undone), a forbidden
#: pair (outside FIDE mode), an unpairing and an adjournment.
ELSEWHERE = {
    "Manual Pairing": "tests/cli/test_fide_mode_commands.py (the scripted event)",
    "Rating Correction": "tests/cli/test_fide_mode_commands.py (the scripted event)",
    "FIDE Mode Off": "tests/cli/test_fide_mode_commands.py (final: never undone)",
    "Forbidden Pair": "tests/cli/test_fide_mode_commands.py (the scripted event)",
    "Unpairing": "test_rows_deleted_by_hand_come_back_with_the_undo (below)",
    "Adjournment": "test_an_adjourned_games_result_goes_back_to_the_adjournment (below)",
}


@pytest.mark.parametrize("case", list(CASES))
def test_undo_of_a_change_typed_by_hand_gives_back_the_book_before_the_typing(case: str) -> None:
    rounds, sheet, change = CASES[case]
    book = played(abs(rounds))
    if rounds < 0:  # the next round paired, not played: a correction of the round before
        run(book, Pair())
    if change is second_half_point_bye:  # the first one typed and run before
        book = typed(book, sheet, first_half_point_bye)
        run(book, Recalc())
    before = shown(book)
    kinds = logged_kinds(book)
    book = typed(book, sheet, change)
    run(book, Recalc())
    kind = case.split(" (")[0]
    assert kind in logged_kinds(book)[len(kinds) :]
    run(book, Undo())
    assert shown(book) == before
    # the record went back with the cells: the next run finds nothing to log or confirm
    count = len(logged_kinds(book))
    outcome = session(book).run(Recalc())
    assert isinstance(outcome, Done), outcome
    assert len(logged_kinds(book)) == count


def test_rows_deleted_by_hand_come_back_with_the_undo() -> None:
    book = played(1)
    run(book, Pair())
    before = shown(book)
    book = typed(book, "Swiss Games", lambda g: [r for r in g if r[0] != 2])
    run(book, Recalc())
    assert logged_kinds(book)[-1] == "Unpairing"
    run(book, Undo())
    assert shown(book) == before


def test_an_adjourned_games_result_goes_back_to_the_adjournment() -> None:
    """Round 2's board 3 left without a result when round 3 is paired: adjourned (``?``); its
    result typed later (1-0, level 3: Q163), then undone: the ``?`` again."""
    book = played(1)
    run(book, Pair())
    book = typed(
        book, "Swiss Games", lambda g: type_results(g, 2, lambda b: None if b == 3 else "1-0")
    )
    run(book, Recalc())
    run(book, Pair())
    before = shown(book)
    assert [r[4] for r in before["Swiss Games"] if r[0] == 2 and r[1] == 3] == ["?"]
    book = typed(
        book, "Swiss Games", lambda g: [[*r[:4], "1-0"] if r[4] == "?" else list(r) for r in g]
    )
    run(book, Recalc())
    assert logged_kinds(book)[-1] == "Adjournment"
    run(book, Undo())
    assert shown(book) == before


def test_every_kind_of_the_log_says_where_it_is_typed_and_each_typed_kind_is_undone() -> None:
    """The session's table covers every kind of the log (a kind missing from it once left a
    typed value out of its act), and every kind typed into a sheet has its undo proved."""
    assert set(_TYPED_IN) == {kind.value for kind in LogKind}
    typed_kinds = {kind for kind, sheet in _TYPED_IN.items() if sheet is not None}
    proved = {case.split(" (")[0] for case in CASES} | set(ELSEWHERE)
    assert typed_kinds == proved


def test_undo_and_redo_name_what_they_write_a_late_entry_typed_by_hand_among_it() -> None:
    """User test 49: undoing a late entry removed the player's row, typed by hand, without
    naming it, and the redo said nothing of what it gave back. Both name it now, by its
    values; a correction's undo names the result it puts back."""
    book = played(1)
    book = typed(book, "Swiss Players", late_entry)  # Ivan, 1800: row 12 (ten players above)
    run(book, Recalc())
    undone = run(book, Undo()).summary
    removed = [line for line in undone if line.startswith("removed: ")]
    assert len(removed) == 1
    assert re.fullmatch(r"removed: 'Swiss Players' row 12 \(\d+, 'Ivan', 1800\)", removed[0])
    redone = run(book, Redo()).summary
    given = [line for line in redone if line.startswith("given back: ")]
    assert len(given) == 1 and given[0].startswith(removed[0].replace("removed", "given back"))
    # a value typed over in a row the act did not add: the cell, and the value put back
    book = played(1)
    run(book, Pair())
    was = book.grids()["Swiss Games"][1][4]  # round 1 board 1's result, as the test typed it
    book = typed(book, "Swiss Games", round_1_result_flipped)
    run(book, Recalc())
    assert f"put back: 'Swiss Games' E2 {was!r}" in run(book, Undo()).summary
