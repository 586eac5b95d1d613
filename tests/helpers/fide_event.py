"""The scripted 7-round event of FIDE mode's tests (issue #25): its book and its typed results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Ten players, ratings far apart so that the start order is by rating (C.04.2).
PLAYERS = [
    ("Anna", 2200),
    ("Boris", 2150),
    ("Carl", 2100),
    ("Dana", 2050),
    ("Emil", 2000),
    ("Fay", 1950),
    ("Gus", 1900),
    ("Hana", 1850),
    ("Jana", 1840),
    ("Karl", 1830),
]

Grid = list[list[Any]]


def event_sheets() -> dict[str, Grid]:
    """The book before round 1: 7 rounds, FIDE mode on, auto-pair off (so that a recalc after
    typing results pairs nothing: each pairing is its own step)."""
    return {
        "Swiss Settings": [
            ["Setting", "Value"],
            ["Rounds", 7],
            ["FIDE Mode", "On"],
            ["Auto-pair", "Off"],
            ["Tie-breaks", "BH SB"],
            ["FIDE Rated", "Standard"],
            ["Start Date", "2026-04-01"],
            ["Manual Pairing", None],
            ["Confirm", None],
        ],
        "Swiss Players": [
            ["No.", "Name", "Rating", "Withdrawn"],
            *[[i, name, rating, None] for i, (name, rating) in enumerate(PLAYERS, 1)],
        ],
        "Swiss Games": [["Round", "Board", "White", "Black", "Result"]],
        "Forbidden Pairs": [["Player", "Other Player", "Until Round"]],
        "Rating Corrections": [["Round", "White", "Black", "Result"]],
    }


def result_for(board: int) -> str:
    """The typed result: a draw on board 2, White wins elsewhere."""
    return "½-½" if board == 2 else "1-0"


def type_results(grid: Grid, round_number: int, result: Callable[[int], str] = result_for) -> Grid:
    """``Swiss Games`` with every game of the round given its result (byes untouched)."""
    header = grid[0]
    at = {name: header.index(name) for name in ("Round", "Board", "Black", "Result")}
    out = [list(header)]
    for row in grid[1:]:
        row = list(row) + [None] * (len(header) - len(row))
        if row[at["Round"]] == round_number and row[at["Black"]] not in (None, "BYE"):
            row[at["Result"]] = result(int(row[at["Board"]]))
        out.append(row)
    return out


def setting(grid: Grid, name: str, value: object) -> Grid:
    """``Swiss Settings`` with ``name`` set to ``value``."""
    return [[r[0], value] if r and r[0] == name else list(r) for r in grid]


def numbers_exchanged(grid: Grid) -> Grid:
    """``Swiss Players`` with Anna's and Boris's start numbers (``No.``) typed over each other."""
    rows = [list(r) for r in grid]
    anna = next(r for r in rows if r[1] == "Anna")
    boris = next(r for r in rows if r[1] == "Boris")
    anna[0], boris[0] = boris[0], anna[0]
    return rows
