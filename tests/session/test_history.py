"""Tests for :mod:`ratingbook.session.history`: the acts a book keeps, read, written and taken.

Every grid here is typed by hand; what undo and redo must give is read off it.
"""

from __future__ import annotations

import pytest

from ratingbook.errors import RatingbookError
from ratingbook.session.history import (
    KEPT,
    History,
    Kept,
    cells_of,
    history_sheet,
    read_history,
    take,
)
from ratingbook.workbook.book import WriteBlock

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
    )
    now = {GAMES: [["Round", "White", "Result"], [1, "Anna", "1-0"], [2, "Boris", "0-1"]]}
    taking = take(act, now, back=True)
    assert taking.lost == ("'Swiss Games' C3 '0-1'",)
    assert taking.blocks == (WriteBlock(GAMES, 3, 1, [[None, None, None]]),)


def test_redo_gives_the_after_values_back() -> None:
    act = Kept("Setting round 1", {("S", 2, 2): ("BH", "SB")}, undone=True)
    taking = take(act, {"S": [["Setting", "Value"], ["Tie-breaks", "BH"]]}, back=False)
    assert taking.blocks == (WriteBlock("S", 2, 2, [["SB"]]),)


def test_a_generated_sheet_rewritten_since_is_rebuilt_not_patched() -> None:
    act = Kept("Pairing round 2", {("Standings", 2, 2): (0, 1)}, generated=frozenset({"Standings"}))
    taking = take(act, {"Standings": [["Name", "Points"], ["Anna", 2]]}, back=True)
    assert taking.rebuild and taking.blocks == () and taking.lost == ()


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
