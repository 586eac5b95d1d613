"""Tests for :mod:`ratingbook.session.history` and :mod:`ratingbook.session.taking`: the acts a
book keeps, read, written, and taken back or given back.

Every grid here is typed by hand; what undo and redo must give is read off it.
"""

from __future__ import annotations

import pytest

from ratingbook.errors import RatingbookError
from ratingbook.session.history import KEPT, History, Kept, cells_of, history_sheet, read_history
from ratingbook.session.taking import CannotTake, take
from ratingbook.workbook.port.book import WriteBlock

GAMES = "Swiss Games"


def test_an_act_is_the_cells_it_changed_and_the_rows_it_added() -> None:
    read = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"]]}
    written = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"], [2, "Boris", None]]}
    act = cells_of("Pairing round 2", read, written, ())
    assert dict(act.cells) == {(GAMES, 3, 1): (None, 2), (GAMES, 3, 2): (None, "Boris")}
    assert act.added == {(GAMES, 3)}


def test_undo_writes_back_only_the_cells_still_as_the_act_left_them() -> None:
    act = Kept("Setting round 1", {("S", 2, 2): ("BH", "SB"), ("S", 3, 2): (7, 9)})
    now = {"S": [["Setting", "Value"], ["Tie-breaks", "SB"], ["Rounds", 11]]}
    taking = take(act, now, back=True)
    assert taking.blocks == (WriteBlock("S", 2, 2, [["BH"]]),)
    assert taking.kept == ("'S' B3 11",) and taking.lost == ()


def test_a_value_typed_into_a_row_the_act_added_is_lost_and_named() -> None:
    act = Kept(
        "Pairing round 2",
        {(GAMES, 3, 1): (None, 2), (GAMES, 3, 2): (None, "Boris")},
        frozenset({(GAMES, 3)}),
        rows={(GAMES, 3): (2, "Boris", None)},
    )
    now = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"], [2, "Boris", "0-1"]]}
    taking = take(act, now, back=True)
    assert taking.lost == ("'Swiss Games' C3 '0-1'",)
    assert taking.blocks == (WriteBlock(GAMES, 3, 1, [[None, None, None]]),)


def test_redo_gives_the_after_values_back() -> None:
    act = Kept("Setting round 1", {("S", 2, 2): ("BH", "SB")}, undone=True)
    taking = take(act, {"S": [["Setting", "Value"], ["Tie-breaks", "BH"]]}, back=False)
    assert taking.blocks == (WriteBlock("S", 2, 2, [["SB"]]),)


def test_a_generated_sheet_is_never_patched_cell_by_cell() -> None:
    """The session rebuilds the event's sheets from the book as an undo leaves it."""
    act = Kept("Pairing round 2", {("Standings", 2, 2): (0, 1)}, generated=frozenset({"Standings"}))
    taking = take(act, {"Standings": [["Name", "Points"], ["Anna", 1]]}, back=True)
    assert taking.blocks == () and taking.lost == () and taking.kept == ()


def test_leaving_fide_mode_is_never_undone() -> None:
    act = Kept("FIDE Mode Off round 3", {("S", 2, 2): ("On", "Off")}, kinds=("FIDE Mode Off",))
    with pytest.raises(CannotTake, match="leaving FIDE mode is final for the event"):
        take(act, {"S": [["Setting", "Value"], ["FIDE Mode", "Off"]]}, back=True)


def test_rows_moved_since_the_act_are_refused_not_written_by_position() -> None:
    """A late entry typed in row 3, then the sheet sorted: the entered row now stands in row 2,
    and undo by position would clear another player."""
    act = Kept(
        "Late Entry round 2",
        {("P", 3, 1): (None, "Zoe"), ("P", 3, 2): (None, 2080)},
        frozenset({("P", 3)}),
        rows={("P", 3): ("Zoe", 2080)},
    )
    sorted_now = {"P": [["Name", "Rating"], ["Zoe", 2080], ["Ivo", 1700]]}
    with pytest.raises(CannotTake, match="rows of sheet 'P' were moved since"):
        take(act, sorted_now, back=True)


PLAYERS = "Ladder Players"
PLAYER_HEADER = ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"]
#: A new week over Ava (row 2) and Grace (row 3), alike after week 1 (both won 32 points):
#: each Rating (column E) back to 900, each StWkPerm (column G) up to 932.
NEW_WEEK = Kept(
    "New week",
    {
        (PLAYERS, 2, 5): (932, 900),
        (PLAYERS, 2, 7): (900, 932),
        (PLAYERS, 3, 5): (932, 900),
        (PLAYERS, 3, 7): (900, 932),
    },
    rows={
        (PLAYERS, 2): (1, "Ava", "Rooks", True, 900, 932, 932),
        (PLAYERS, 3): (7, "Grace", "Rooks", True, 900, 932, 932),
    },
)
#: The cells a recalc writes (each camper's Rating and Permanent Rating), not typed.
RECALCULATED = frozenset((PLAYERS, row, column) for row in (2, 3) for column in (5, 6))


def test_a_row_a_recalc_rewrote_is_not_a_row_moved() -> None:
    """User test 48: a week-2 game of Ava's recalculated (Rating 884, Permanent Rating 914),
    and Grace, whose ratings the new week left as it left Ava's, still at 900 and 932: Ava's
    row is where it was (her ID and name), so the undo goes on, writing back by position.
    Ava's Rating is the recalc's (never named as typed), her StWkPerm and Grace's cells go
    back as before the new week."""
    now = {
        PLAYERS: [
            PLAYER_HEADER,
            [1, "Ava", "Rooks", True, 884, 914, 932],
            [7, "Grace", "Rooks", True, 900, 932, 932],
        ]
    }
    take(NEW_WEEK, now, back=True)  # the session's first look: the recalc's cells not known
    taking = take(NEW_WEEK, now, back=True, rebuilt=RECALCULATED)
    assert taking.blocks == (
        WriteBlock(PLAYERS, 2, 7, [[900]]),
        WriteBlock(PLAYERS, 3, 5, [[932]]),
        WriteBlock(PLAYERS, 3, 7, [[900]]),
    )
    assert taking.kept == () and taking.lost == () and taking.beside == ()


def test_rows_sorted_after_a_recalc_are_still_refused() -> None:
    """The same book sorted by name descending after the recalc: row 2 holds Grace, Ava
    stands in row 3. Undo by position would write Ava's ratings into Grace's row."""
    now = {
        PLAYERS: [
            PLAYER_HEADER,
            [7, "Grace", "Rooks", True, 900, 932, 932],
            [1, "Ava", "Rooks", True, 884, 914, 932],
        ]
    }
    with pytest.raises(CannotTake, match="rows of sheet 'Ladder Players' were moved since"):
        take(NEW_WEEK, now, back=True, rebuilt=RECALCULATED)


def test_a_value_typed_beside_a_changed_row_is_named_and_kept() -> None:
    """The act changed row 2's Black; a result typed there since would stand beside another
    game after the undo: it is named (to be confirmed) and kept."""
    act = Kept(
        "Manual Pairing round 3",
        {(GAMES, 2, 3): ("Bob", "Dan")},
        rows={(GAMES, 2): (3, "Anna", "Dan", None)},
    )
    now = {GAMES: [["Round", "White", "Black", "Result"], [3, "Anna", "Dan", "1-0"]]}
    taking = take(act, now, back=True)
    assert taking.beside == ("'Swiss Games' D2 '1-0'",)
    assert taking.blocks == (WriteBlock(GAMES, 2, 3, [["Bob"]]),)


def test_what_an_undo_cleared_comes_back_with_its_redo() -> None:
    act = Kept(
        "Pairing round 2",
        {(GAMES, 3, 1): (None, 2), (GAMES, 3, 2): (None, "Boris")},
        frozenset({(GAMES, 3)}),
        rows={(GAMES, 3): (2, "Boris", None)},
    )
    typed = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"], [2, "Boris", "0-1"]]}
    undo = take(act, typed, back=True)
    assert undo.lost == ("'Swiss Games' C3 '0-1'",) and undo.taken.cleared
    emptied = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"], [None, None, None]]}
    redo = take(undo.taken, emptied, back=False)
    assert redo.blocks == (WriteBlock(GAMES, 3, 1, [[2, "Boris", "0-1"]]),)


def test_a_redo_over_a_row_typed_since_the_undo_is_refused() -> None:
    act = Kept(
        "Pairing round 2",
        {(GAMES, 3, 1): (None, 2), (GAMES, 3, 2): (None, "Boris")},
        frozenset({(GAMES, 3)}),
        rows={(GAMES, 3): (2, "Boris", None)},
        undone=True,
    )
    now = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"], [3, "Anna", "HPB"]]}
    with pytest.raises(CannotTake, match="cannot be redone: 'Swiss Games' A3 was typed into"):
        take(act, now, back=False)


def test_a_redo_over_a_result_typed_beside_a_changed_row_is_refused() -> None:
    """A manual pairing swapped row 2's players; after its undo a result was typed there for
    the board as it now stands (Anna White). Its redo would swap the players back under that
    result and make it the other player's win: refused, nothing written."""
    act = Kept(
        "Manual Pairing round 3",
        {(GAMES, 2, 2): ("Anna", "Dan"), (GAMES, 2, 3): ("Dan", "Anna")},
        rows={(GAMES, 2): (3, "Dan", "Anna", None)},
        undone=True,
    )
    now = {GAMES: [["Round", "White", "Black", "Result"], [3, "Anna", "Dan", "1-0"]]}
    with pytest.raises(CannotTake, match="cannot be redone: 'Swiss Games' D2 was typed into"):
        take(act, now, back=False)


def test_a_value_typed_below_the_rows_an_act_emptied_goes_with_its_undo() -> None:
    """A new week emptied the week's two games; three games of the new week were typed since,
    the third below them. Undo gives week 1's games back and names all three new ones (to be
    confirmed): none stays to be counted in week 1."""
    games = [["White", "Black", "Result"], [1, 2, "1-0"], [2, 3, "0-1"]]
    emptied = [["White", "Black", "Result"], [None, None, None], [None, None, None]]
    act = cells_of("New week", {"Ladder Games": games}, {"Ladder Games": emptied}, ())
    assert act.tail == {"Ladder Games": (1, (1, 2, 3))}
    typed = [["White", "Black", "Result"], [3, 1, "1-0"], [None, None, None], [2, 1, "0-1"]]
    taking = take(act, {"Ladder Games": typed}, back=True)
    # Row 2 was 1-2 "1-0" and is now 3-1 "1-0": its result is typed as it was, but the game
    # typed goes whole, so C2 is named with A2 and B2 (user test 49), and kept for the redo.
    assert set(taking.lost) == {
        "'Ladder Games' A2 3",
        "'Ladder Games' B2 1",
        "'Ladder Games' C2 '1-0'",
        "'Ladder Games' A4 2",
        "'Ladder Games' B4 1",
        "'Ladder Games' C4 '0-1'",
    }
    assert taking.taken.cleared[("Ladder Games", 2, 3)] == "1-0"
    restored = {"Ladder Games": [list(r) for r in typed]}
    for block in taking.blocks:
        for r, line in enumerate(block.values):
            for c, value in enumerate(line):
                restored["Ladder Games"][block.row + r - 1][block.column + c - 1] = value
    assert restored["Ladder Games"] == [*games, [None, None, None]]
    assert set(act.tail) == set(read_history(history_sheet(History([act]), "S").rows).acts[0].tail)


def test_cells_written_in_runs_become_few_blocks() -> None:
    """Adjacent cells of a row are one block, rows of the same columns one rectangle."""
    cells = {("S", r, c): (None, r * 10 + c) for r in (2, 3) for c in (1, 2, 3)}
    cells[("S", 5, 1)] = (None, 51)
    taking = take(Kept("x", cells), {"S": []}, back=False)
    assert taking.blocks == (
        WriteBlock("S", 2, 1, [[21, 22, 23], [31, 32, 33]]),
        WriteBlock("S", 5, 1, [[51]]),
    )


def test_the_history_sheet_reads_back_as_written() -> None:
    big = "x" * 70_000  # more than two cells' worth of text
    history = History(
        acts=[
            Kept("Pairing round 1", {(GAMES, 2, 2): (None, big)}, frozenset({(GAMES, 2)})),
            Kept("Setting round 1", {("S", 2, 2): ("BH", "SB")}, undone=True),
        ],
        saved={"S": [["Setting", "Value"], ["Tie-breaks", "BH"]]},
    )
    sheet = history_sheet(history, None)
    back = read_history(sheet.grid())
    assert back.acts == history.acts and back.saved == history.saved
    assert len(sheet.rows) > 3  # the long act took several rows


def test_the_history_keeps_the_last_acts_only() -> None:
    history = History(acts=[Kept(f"act {n}", {("S", 1, 1): (n, n + 1)}) for n in range(15)])
    back = read_history(history_sheet(history, None).grid())
    assert [a.label for a in back.acts] == [f"act {n}" for n in range(15 - KEPT, 15)]


def test_a_history_of_a_newer_format_is_refused_with_what_to_do() -> None:
    grid: list[list[object]] = [
        ["Act", "Status", "What", "Data"],
        [1, "done", "x", 'v2{"format": 3, "cells": []}'],
    ]
    with pytest.raises(RatingbookError, match="written by another version of ratingbook"):
        read_history(grid)
