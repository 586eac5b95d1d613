"""Tests for :mod:`ratingbook.session`: the one door, over a book held in memory.

What each case expects comes from the rules of FIDE mode (which act waits for which
confirmation) and from the cells typed in the test, never from an earlier run of ratingbook.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from tests.helpers.fide_event import Grid, event_sheets, setting, type_results

from ratingbook.errors import ConfirmationError, RatingbookError
from ratingbook.session import (
    Done,
    ManualPairing,
    NeedsConfirmation,
    Offer,
    Pair,
    Recalc,
    RecordResult,
    Redo,
    Session,
    Undo,
)
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

Sheets = dict[str, Grid]


def book_of(sheets: Sheets) -> MemoryBook:
    return MemoryBook(sheets)


def done(outcome: object) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def run(book: MemoryBook, command: Any, **options: Any) -> Done:
    return done(Session(book, who="arbiter", now="2026-04-01T10:00:00Z").run(command, **options))


def grid(book: MemoryBook, sheet: str) -> Grid:
    return book.grids()[sheet]


def typed(book: MemoryBook, sheet: str, new: Grid) -> None:
    """Type ``new`` over ``sheet`` (as a person would: only the values change)."""
    width = max(len(r) for r in (*new, *grid(book, sheet)))
    height = max(len(new), len(grid(book, sheet)))
    rows = [list(r) + [None] * (width - len(r)) for r in new]
    rows += [[None] * width for _ in range(height - len(rows))]
    book.write_values(WriteBlock(sheet, 1, 1, rows))


def log_rows(book: MemoryBook) -> list[tuple[Any, ...]]:
    return [(r[1], r[2], r[6]) for r in grid(book, "Event Log")[1:] if r and r[0] is not None]


def game_rows(book: MemoryBook, number: int) -> list[list[Any]]:
    return [r for r in grid(book, "Swiss Games")[1:] if r and r[0] == number]


def paired_twice() -> MemoryBook:
    """Round 1 paired and played, round 2 paired: the book of most cases below, a book of the
    test's own with the sheets made once for the run (:func:`_paired_twice`)."""
    return book_of(_paired_twice())


@functools.cache
def _paired_twice() -> Sheets:
    """:func:`paired_twice`'s sheets, made once (the runs' time is fixed, so each test made
    the very same sheets again): a MemoryBook holds nothing but its sheets."""
    book = book_of(event_sheets())
    run(book, Pair())
    typed(book, "Swiss Games", type_results(grid(book, "Swiss Games"), 1))
    run(book, Recalc())
    run(book, Pair())
    return book.grids()


def test_a_correction_waits_for_its_confirmation_and_nothing_is_written_meanwhile() -> None:
    """A result of round 1 changed once round 2 is paired is a level-3 Correction: the run
    answers NeedsConfirmation, the book is untouched until the answer, and the answer is what
    the log keeps."""
    book = paired_twice()
    games = [list(r) for r in grid(book, "Swiss Games")]
    first = next(r for r in games[1:] if r[0] == 1 and r[1] == 1)
    first[4] = "0-1"
    typed(book, "Swiss Games", games)
    untouched = book.grids()
    outcome = Session(book, who="arbiter").run(Recalc())
    assert isinstance(outcome, NeedsConfirmation)
    assert [(a.name, a.level) for a in outcome.acts] == [("Correction round 1", 3)]
    assert outcome.steps == 1
    assert book.grids() == untouched
    outcome.resume("confirmed in a test")
    assert log_rows(book)[-1] == (1, "Correction", "confirmed in a test")


def test_an_offer_confirms_as_far_as_its_steps_go() -> None:
    """--confirm (one step) confirms a level-3 act; a level-4 act (the number of rounds changed
    after round 1) still waits for the second step; an offer where nothing waits is refused."""
    book = paired_twice()
    typed(book, "Swiss Settings", setting(event_sheets()["Swiss Settings"], "Rounds", 8))
    outcome = Session(book).run(Recalc(), offer=Offer(1, "--confirm"))
    assert isinstance(outcome, NeedsConfirmation) and outcome.steps == 2
    run(book, Recalc(), offer=Offer(2, "--confirm --i-understand"))
    assert log_rows(book)[-1][1:] == ("Setting", "--confirm --i-understand")
    with pytest.raises(ConfirmationError, match="--confirm given, but nothing in this run"):
        Session(book).run(Recalc(), offer=Offer(1, "--confirm"))


def test_an_offer_to_a_book_without_an_event_is_refused() -> None:
    ladder = {
        "Ladder Players": [
            ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"]
        ],
        "Ladder Games": [["White", "Black", "Result"]],
        "Camp Groups": [["Group", "Initial Ladder Rating"]],
    }
    with pytest.raises(ConfirmationError, match="the book holds no Swiss event"):
        Session(book_of(ladder)).run(Recalc(), offer=Offer(1, "--confirm"))


def test_results_entered_go_into_their_boards_and_the_standings() -> None:
    """RecordResult writes the Result cell of that round and board, then recalculates: once the
    round is complete the standings count each result (1, ½ or 0 a game)."""
    book = book_of(event_sheets())
    run(book, Pair())
    results = {1: "1-0", 2: "½-½", 3: "0-1", 4: "1-0", 5: "1-0"}
    points = {1: (1.0, 0.0), 2: (0.5, 0.5), 3: (0.0, 1.0), 4: (1.0, 0.0), 5: (1.0, 0.0)}
    expected: dict[str, float] = {}
    for row in game_rows(book, 1):
        expected[row[2]], expected[row[3]] = points[row[1]]
    said = run(book, RecordResult(1, 1, "1-0"))
    assert said.summary[0] == "round 1 board 1: 1-0"
    for board in (2, 3, 4, 5):
        run(book, RecordResult(1, board, results[board]))
    assert [r[4] for r in game_rows(book, 1)] == [results[b] for b in (1, 2, 3, 4, 5)]
    standings = grid(book, "Swiss Standings")
    header = standings[0]
    got = {r[header.index("Name")]: r[header.index("Points")] for r in standings[1:] if r[0]}
    assert got == expected


def test_a_result_for_an_earlier_round_is_a_correction_to_confirm() -> None:
    book = paired_twice()
    outcome = Session(book).run(RecordResult(1, 1, "0-1"))
    assert isinstance(outcome, NeedsConfirmation)
    assert [a.name for a in outcome.acts] == ["Correction round 1"]


@pytest.mark.parametrize(
    ("round_number", "board", "result", "message"),
    [
        (1, 9, "1-0", "round 1 has no board 9 in sheet 'Swiss Games' (round 1 has boards 1-5)"),
        (3, 1, "1-0", "round 3 has no board 1 in sheet 'Swiss Games' (round 3 has no boards)"),
        (1, 1, "2-0", "'2-0'"),
    ],
)
def test_a_result_that_cannot_be_entered_is_named_and_nothing_is_written(
    round_number: int, board: int, result: str, message: str
) -> None:
    book = book_of(event_sheets())
    run(book, Pair())
    before = book.grids()
    with pytest.raises(RatingbookError) as refused:
        Session(book).run(RecordResult(round_number, board, result))
    assert message in str(refused.value)
    assert book.grids() == before


def test_undo_keeps_what_was_typed_since_elsewhere() -> None:
    """The issue's case: round 2 paired, then a rating corrected and a Prizes sheet typed;
    undo takes the pairing back and keeps both, without asking."""
    book = paired_twice()
    players = [list(r) for r in grid(book, "Swiss Players")]
    players[3][2] = 2111  # Carl's rating, typed
    typed(book, "Swiss Players", players)
    book.write_values(WriteBlock("Prizes", 1, 1, [["Place", "Amount"], [1, 100]]))
    said = run(book, Undo())
    assert said.summary[0] == "undone: Pairing round 2"
    assert game_rows(book, 2) == []
    assert grid(book, "Swiss Players")[3][2] == 2111
    assert grid(book, "Prizes") == [["Place", "Amount"], [1, 100]]
    assert [r[:2] for r in log_rows(book)] == [(1, "Pairing"), (2, "Pairing"), (2, "Undo")]
    assert grid(book, "Event Log")[-1][3:5] == ["Pairing round 2", "taken back"]


def test_undo_names_results_typed_in_the_rows_it_takes_back_and_asks() -> None:
    book = paired_twice()
    typed(book, "Swiss Games", type_results(grid(book, "Swiss Games"), 2))
    before = book.grids()
    outcome = Session(book).run(Undo())
    assert isinstance(outcome, NeedsConfirmation)
    [act] = outcome.acts
    assert act.name == "Undo Pairing round 2" and "'Swiss Games' E7 '1-0'" in act.warning
    assert book.grids() == before  # nothing written while it waits
    outcome.resume("yes")
    assert game_rows(book, 2) == []
    assert all(r[4] is None for r in grid(book, "Swiss Games")[6:] if r)


RECORD = ("Event History", "Event Log", "Event State")


def without_record(grids: dict[str, Grid]) -> dict[str, Grid]:
    """Every sheet but FIDE mode's record and the undo store, each row without its blank cells
    at the end (an undo takes appended rows away; their redo writes them anew, as wide as
    their values)."""
    return {k: [_trimmed(r) for r in v] for k, v in grids.items() if k not in RECORD}


def _trimmed(row: list[Any]) -> list[Any]:
    end = len(row)
    while end and row[end - 1] is None:
        end -= 1
    return row[:end]


def state_items(grids: dict[str, Grid]) -> list[list[Any]]:
    """The Event State's rows but its log digest (which follows the log's last row)."""
    return [r for r in grids["Event State"] if r[0] != "Log"]


def test_redo_gives_back_exactly_what_undo_took_and_the_log_keeps_both() -> None:
    book = paired_twice()
    after = book.grids()
    run(book, Undo())
    run(book, Redo())
    now = book.grids()
    assert without_record(now) == without_record(after)
    assert state_items(now) == state_items(after)
    assert now["Event Log"][:-2] == after["Event Log"]
    assert [r[2:5] for r in now["Event Log"][-2:]] == [
        ["Undo", "Pairing round 2", "taken back"],
        ["Redo", "Pairing round 2", "given back"],
    ]
    with pytest.raises(RatingbookError, match="no history to redo"):
        Session(book).run(Redo())


def test_undo_twice_takes_back_two_acts_then_refuses() -> None:
    """The second undo takes round 1's rows, where results were typed: confirmed by an offer."""
    book = paired_twice()
    run(book, Undo())
    run(book, Undo(), offer=Offer(1, "--confirm"))
    assert game_rows(book, 1) == []
    assert [r[:2] for r in log_rows(book)] == [
        (1, "Pairing"),
        (2, "Pairing"),
        (2, "Undo"),
        (1, "Undo"),
    ]
    with pytest.raises(RatingbookError, match="the book has no history to undo"):
        Session(book).run(Undo())


def test_a_new_act_after_an_undo_drops_the_redo() -> None:
    book = paired_twice()
    run(book, Undo())
    run(book, Pair())
    assert [(s, label) for _, s, label in Session(book).history()] == [
        ("done", "Pairing round 1"),
        ("done", "Pairing round 2"),
    ]
    with pytest.raises(RatingbookError, match="no history to redo"):
        Session(book).run(Redo())


def test_a_run_since_the_act_rebuilds_the_event_sheets_on_undo() -> None:
    """Round 2 paired, results typed and recalculated (a run that logs nothing), then the
    pairing undone (confirmed): the standings are those of round 1 alone again, as a recalc
    of the book without round 2 writes them."""
    book = paired_twice()
    typed(book, "Swiss Games", type_results(grid(book, "Swiss Games"), 2))
    run(book, Recalc())
    outcome = Session(book).run(Undo())
    assert isinstance(outcome, NeedsConfirmation)
    outcome.resume("yes")
    undone = book.grids()
    fresh = book_of(event_sheets())
    run(fresh, Pair())
    typed(fresh, "Swiss Games", type_results(grid(fresh, "Swiss Games"), 1))
    run(fresh, Recalc())
    assert undone["Swiss Standings"] == grid(fresh, "Swiss Standings")
    assert undone["Crosstable"] == grid(fresh, "Crosstable")


def test_the_book_confirm_setting_confirms_and_is_consumed() -> None:
    book = paired_twice()
    typed(book, "Swiss Settings", setting(grid(book, "Swiss Settings"), "Tie-breaks", "BH"))
    typed(
        book,
        "Swiss Settings",
        # A new tie-break list is level 4 (issue #37): the act and "I understand".
        setting(grid(book, "Swiss Settings"), "Confirm", "Setting Tie-breaks: I understand"),
    )
    done(Session(book).run(Recalc()))
    assert dict((r[0], r[1]) for r in grid(book, "Swiss Settings")[1:])["Confirm"] is None
    assert log_rows(book)[-1][1:] == (
        "Setting",
        "Confirm setting: Setting Tie-breaks: I understand",
    )


def test_boards_swapped_before_a_manual_phase_come_back_with_the_undo_of_its_end() -> None:
    """An arbiter swaps a board's colours by hand, is refused (level 5: outside a manual
    phase), starts the manual phase as told and ends it: the end logs the changed board. Its
    undo gives back the board as the engine paired it (the state before the typing)."""
    book = paired_twice()
    paired = game_rows(book, 2)
    header = grid(book, "Swiss Games")[0]
    white, black = header.index("White"), header.index("Black")
    at = next(r for r, line in enumerate(grid(book, "Swiss Games"), 1) if line[0] == 2)
    first = paired[0]
    swapped = [first[black], first[white]]
    book.write_values(WriteBlock("Swiss Games", at, white + 1, [swapped]))
    for column in ("White No.", "Black No."):
        if column in header:
            book.write_values(WriteBlock("Swiss Games", at, header.index(column) + 1, [[None]]))
    with pytest.raises(RatingbookError, match="level 5"):
        run(book, Recalc())
    run(book, ManualPairing("start", 2))
    run(book, ManualPairing("end"))
    assert game_rows(book, 2)[0][white : black + 1] == swapped
    run(book, Undo())
    assert game_rows(book, 2)[0][white : black + 1] == [first[white], first[black]]


def test_a_manual_boards_level_2_warning_is_said_once() -> None:
    """A round-2 board whose White had Black in round 1 and whose Black had White, swapped in
    a manual phase: both players get the colour opposite to the one expected (a level-2
    warning, said and logged). The end of the phase says it once (it was said twice: as the
    phase's line and as the logged change's warning)."""
    book = paired_twice()
    rows = grid(book, "Swiss Games")
    header = rows[0]
    white, black = header.index("White"), header.index("Black")
    had_white = {r[white] for r in rows[1:] if r[0] == 1}
    had_black = {r[black] for r in rows[1:] if r[0] == 1}
    at, board = next(
        (n, r)
        for n, r in enumerate(rows, 1)
        if r[0] == 2 and r[white] in had_black and r[black] in had_white
    )
    run(book, ManualPairing("start", 2))
    book.write_values(WriteBlock("Swiss Games", at, white + 1, [[board[black], board[white]]]))
    for column in ("White No.", "Black No."):
        if column in header:
            book.write_values(WriteBlock("Swiss Games", at, header.index(column) + 1, [[None]]))
    said = [s for s in run(book, ManualPairing("end")).summary if "opposite to the expected" in s]
    assert said == [
        f"level 2 warning: {board[black]} - {board[white]}: both players get the colour "
        "opposite to the expected one"
    ]
