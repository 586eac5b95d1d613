"""The team crosstable marks a forfeited match as an individual crosstable marks a forfeited
game, and a bye shows its game points, so every row adds up to its GP (user test 49).

The findings, in the Riverside Team Swiss (tests/helpers/riverside_cup.py): Joker Pawns did not
come in round 3 (every board of Dragon Knights - Joker Pawns a forfeit), and the crosstable
read ``8w 4`` / ``2b 0``, as if the match had been played; a bye read ``bye`` without the game
points it gives (a drawn match, C.04.6 art. 1.4: half of the four boards, 2), so Kingside
Attack's row read 2 + ½ + 2 beside GP 6½.
"""

from __future__ import annotations

from fractions import Fraction

from tests.helpers.riverside_cup import riverside_event

from ratingbook.fide.gacrux.team_tiebreaks import team_standings
from ratingbook.reports.team_grids import team_crosstable_grid


def _cross() -> dict[str, list[object]]:
    event = riverside_event()
    grid = team_crosstable_grid(event, team_standings(event))
    assert grid.header == ("Rank", "No.", "Team", "R1", "R2", "R3", "R4", "MP", "GP")
    return {str(row[2]): list(row) for row in grid.rows}


def _points(cell: str) -> Fraction:
    """The game points a cell gives: its last word, ``3½``, ``½``, ``4``."""
    word = cell.split()[-1]
    whole = word.rstrip("½")
    return Fraction(int(whole or 0)) + (Fraction(1, 2) if word.endswith("½") else 0)


def test_a_match_not_played_is_marked_and_a_bye_has_its_points() -> None:
    """Dragon Knights (no. 2) had White on board 1 against Joker Pawns (no. 8) in round 3 and
    won all four boards by forfeit; the byes: Kingside Attack (round 1), Joker Pawns (2),
    Gambit Guild (3), Isolani (4), each 2 game points."""
    cross = _cross()
    assert cross["Dragon Knights"][5] == "8w+ 4"
    assert cross["Joker Pawns"][5] == "2b- 0"
    assert cross["Kingside Attack"][3:7] == ["bye 2", "6w 2", "3w ½", "4b 2"]
    assert cross["Joker Pawns"][4] == "bye 2"
    # A played match, even with a board forfeited (Caissa Club's board 4 in round 1), has no
    # mark: Caissa Club 3½ - ½ Gambit Guild.
    assert cross["Caissa Club"][3] == "5w 3½"


def test_every_row_adds_up_to_its_game_points() -> None:
    """Kingside Attack: 2 + 2 + ½ + 2 = 6½; Joker Pawns: ½ + 2 + 0 + ½ = 3."""
    for team, row in _cross().items():
        total = sum((_points(str(c)) for c in row[3:7]), Fraction(0))
        assert total == Fraction(str(row[8])), (team, row)
