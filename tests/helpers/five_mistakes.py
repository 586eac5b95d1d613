"""The ladder book with five mistakes (tests/workbook/test_workbook.py) and the lines it gives."""

from __future__ import annotations

from tests.helpers.workbooks import (
    LADDER_GAMES,
    LADDER_PLAYERS,
    ladder_sheets,
)

FIVE_MISTAKES = {
    **ladder_sheets(
        players=[
            *LADDER_PLAYERS[:2],
            [2, "Ben", "Juniors", True, 0, 0, "high"],  # 1: StWkPerm is not a number
            *LADDER_PLAYERS[3:],
        ],
        games=[*LADDER_GAMES[:3], [3, 1, "(1-O)"], *LADDER_GAMES[4:]],  # 2: a letter O
    ),
    "Crikey Players": [["Name", "Rating"], ["alice", 76.915], ["bob", 76.36]],  # 3: 3 decimals
    "Crikey Games": [["White", "Black", "Result", "White Pieces", "Black Pieces"]],
    "Elo Players": [["Name", "Rating"], ["A", 1613], ["B", 1609]],
    "Elo Games": [["White", "Black", "Result"], ["A", "C", 1]],  # 4: no player C
    "Swiss Players": [["Name"], ["Anna"], ["Bob"]],
    "Swiss Games": [
        ["White", "Black", "White Points", "Black Points"],
        ["Anna", "Bob", 1, 0],
        ["Bob", "Bob", 1, 0],  # 5: self-play
    ],
}


# The five lines, in the order of the families and of the rows (written by hand); an error on
# a player list's row names its player too.
FIVE_LINES = [
    "sheet 'Ladder Players', row 3, column G (StWkPerm): 'high' is not a number; "
    "expected a whole-number rating (player 'Ben')",
    "sheet 'Ladder Games', row 4, column C (Result): unknown result '(1-O)'; "
    "expected one of (1-0), (0-1), (½-½), (1/2-1/2)",
    "sheet 'Crikey Players', row 2, column B (Rating): rating 76.915 has more than two decimals "
    "(player 'alice')",
    "sheet 'Elo Games', row 2, column B (Black): no player named 'C'",
    "sheet 'Swiss Games', row 3, column B (Black): player 'Bob' cannot play themself",
]
