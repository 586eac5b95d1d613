"""The generated Swiss sheets as grids (ratingbook.swiss_sheets), on the hand-worked event of
test_fide: A 3, E 2, C 1, D 1, B ½ (see there for its rounds)."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

from ratingbook.swiss_event import SwissEvent, SwissSettings
from ratingbook.swiss_sheets import crosstable_grid, pairings_grid, standings_grid
from test_fide import HAND_ENTRIES, HAND_PLAYERS


def test_without_tiebreaks_the_seed_order_and_columns_are_kept():
    """Seed 004's order: points, resistance (opponents' final points, games played over the
    board only), Sonneborn-Berger, blacks. Byes and forfeits count in points only.
    A: B ½ + C 1 = 1.5 resistance, SB ½ + 1 = 1.5. E: B ½, SB ½, one black. C: D 1 + A 3 = 4,
    SB ½ x 1. D: C 1 + B ½ = 1.5, SB ½ x 1 + ½ x ½ = 0.75, two blacks. B: A 3 + E 2 + D 1 = 6,
    SB ½ x 1."""
    event = SwissEvent(HAND_PLAYERS, HAND_ENTRIES, SwissSettings(rounds=3))
    grid, ranks = standings_grid(event)
    assert grid.header == (
        "Rank",
        "Name",
        "Rating",
        "Points",
        "Resistance",
        "Sonneborn-Berger",
        "Blacks",
    )
    assert [tuple(r) for r in grid.rows] == [
        (1, "A", 2000, 3.0, 1.5, 1.5, 0),
        (2, "E", 1600, 2.0, 0.5, 0.5, 1),
        (3, "C", 1800, 1.0, 4.0, 0.5, 1),
        (4, "D", 1700, 1.0, 1.5, 0.75, 2),
        (5, "B", 1900, 0.5, 6.0, 0.5, 1),
    ]
    assert ranks == {"A": 1, "E": 2, "C": 3, "D": 4, "B": 5}


def test_with_tiebreaks_one_column_per_fide_code():
    event = SwissEvent(
        HAND_PLAYERS,
        HAND_ENTRIES,
        SwissSettings(rounds=3, start_date=dt.date(2026, 4, 1), tiebreaks=("BH/C1", "WIN")),
    )
    grid, _ = standings_grid(event)
    assert grid.header == ("Rank", "Name", "Rating", "Points", "BH/C1", "WIN")
    # Values derived in test_fide (2026 edition): BH/C1 A 2, E 2, C 4, D 1.5, B 5.5.
    assert [tuple(r) for r in grid.rows] == [
        (1, "A", 2000, 3, 2.0, 3),
        (2, "E", 1600, 2, 2.0, 2),
        (3, "C", 1800, 1, 4.0, 0),
        (4, "D", 1700, 1, 1.5, 0),
        (5, "B", 1900, 0.5, 5.5, 0),
    ]
    assert "after round 3" in grid.note and "2026" in grid.note


def test_crosstable_shows_opponent_rank_colour_and_result():
    event = SwissEvent(HAND_PLAYERS, HAND_ENTRIES, SwissSettings(rounds=3))
    ranks = {"A": 1, "E": 2, "C": 3, "D": 4, "B": 5}
    grid = crosstable_grid(event, ranks)
    assert grid.header == ("Rank", "Name", "Rating", "R1", "R2", "R3", "Points")
    assert [tuple(r) for r in grid.rows] == [
        (1, "A", 2000, "5w1", "4w+", "3w1", 3),
        (2, "E", 1600, "PAB", "5b1", "", 2),
        (3, "C", 1800, "4w½", "HPB", "1b0", 1),
        (4, "D", 1700, "3b½", "1b-", "5b½", 1),
        (5, "B", 1900, "1b0", "2w0", "4w½", 0.5),
    ]


def test_pairing_list_shows_points_before_the_round():
    event = SwissEvent(HAND_PLAYERS, HAND_ENTRIES[:6], SwissSettings(rounds=3))
    grid = pairings_grid(event)
    assert grid.header[:6] == ("Round", "Board", "White", "Rating", "Points", "Black")
    # Round 2, points after round 1: A 1, D ½, B 0, E 1 (PAB), C ½. The bye row goes last.
    assert [tuple(r) for r in grid.rows] == [
        (2, 1, "A", 2000, 1, "D", 1700, 0.5, "+/-"),
        (2, 2, "B", 1900, 0, "E", 1600, 1, "0-1"),
        (2, None, "C", 1800, 0.5, "BYE", None, None, "HPB"),
    ]


def test_swiss_event_modules_import_no_spreadsheet_library():
    probe = (
        "import sys, ratingbook.swiss_event, ratingbook.swiss_codes, ratingbook.trf, "
        "ratingbook.fide, ratingbook.swiss_sheets\n"
        "print(' '.join(m for m in ('openpyxl', 'xlwings') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
