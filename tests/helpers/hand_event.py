"""The hand-worked Swiss event of tests/fide/test_fide.py: its players and its rows."""

from __future__ import annotations

from ratingbook.core.results import Result as R
from ratingbook.events.event import SwissEntry, SwissPlayer

# The hand-worked event: 5 players, 3 rounds.
#   R1: A-B 1-0, C-D ½-½, E gets the pairing-allocated bye (1 point).
#   R2: A-D +/- (D forfeits), B-E 0-1, C takes a requested half-point bye.
#   R3: A-C 1-0, B-D ½-½; E withdrew before round 3 (Withdrawn = 3: no row).
# Points: A 3, B ½, C 1, D 1, E 2.
HAND_PLAYERS = (
    SwissPlayer("A", 2000),
    SwissPlayer("B", 1900),
    SwissPlayer("C", 1800),
    SwissPlayer("D", 1700),
    SwissPlayer("E", 1600, withdrawn=3),
)


HAND_ENTRIES = (
    SwissEntry(1, 1, "A", "B", R.WHITE_WINS),
    SwissEntry(1, 2, "C", "D", R.DRAW),
    SwissEntry(1, 3, "E", None, R.PAIRING_BYE),
    SwissEntry(2, 1, "A", "D", R.WHITE_WINS_BY_FORFEIT),
    SwissEntry(2, 2, "B", "E", R.BLACK_WINS),
    SwissEntry(2, None, "C", None, R.HALF_POINT_BYE),
    SwissEntry(3, 1, "A", "C", R.WHITE_WINS),
    SwissEntry(3, 2, "B", "D", R.DRAW),
)
