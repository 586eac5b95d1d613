"""The generated Swiss sheets as grids (ratingbook.reports.swiss_grids), on the hand-worked event
of
test_fide: A 3, E 2, C 1, D 1, B ½ (see there for its rounds)."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest
from tests.helpers.hand_event import HAND_ENTRIES, HAND_PLAYERS
from tests.helpers.trf_samples import record

from ratingbook.events.event import SwissEvent
from ratingbook.events.settings import SwissSettings
from ratingbook.reports.swiss_grids import crosstable_grid, pairings_grid, standings_grid


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
        "No.",
        "Name",
        "Rating",
        "Points",
        "Resistance",
        "Sonneborn-Berger",
        "Blacks",
    )
    # Start numbers by rating (C.04.2): A 1, B 2, C 3, D 4, E 5.
    assert [tuple(r) for r in grid.rows] == [
        (1, 1, "A", 2000, 3.0, 1.5, 1.5, 0),
        (2, 5, "E", 1600, 2.0, 0.5, 0.5, 1),
        (3, 3, "C", 1800, 1.0, 4.0, 0.5, 1),
        (4, 4, "D", 1700, 1.0, 1.5, 0.75, 2),
        (5, 2, "B", 1900, 0.5, 6.0, 0.5, 1),
    ]
    assert ranks == {"A": 1, "E": 2, "C": 3, "D": 4, "B": 5}


def test_with_tiebreaks_one_column_per_fide_code():
    event = SwissEvent(
        HAND_PLAYERS,
        HAND_ENTRIES,
        SwissSettings(rounds=3, start_date=dt.date(2026, 4, 1), tiebreaks=("BH/C1", "WIN")),
    )
    grid, _ = standings_grid(event)
    assert grid.header == ("Rank", "No.", "Name", "Rating", "Points", "BH/C1", "WIN")
    # Values derived in test_fide (2026 edition): BH/C1 A 2, E 2, C 4, D 1.5, B 5.5.
    assert [tuple(r) for r in grid.rows] == [
        (1, 1, "A", 2000, 3, 2.0, 3),
        (2, 5, "E", 1600, 2, 2.0, 2),
        (3, 3, "C", 1800, 1, 4.0, 0),
        (4, 4, "D", 1700, 1, 1.5, 0),
        (5, 2, "B", 1900, 0.5, 5.5, 0),
    ]
    assert "after round 3" in grid.note and "2026" in grid.note


def test_crosstable_shows_opponent_number_colour_and_result():
    """Rows in rank order; a cell names the opponent by start number (the No. column), which
    no two players share, where a rank may be (issue 34)."""
    event = SwissEvent(HAND_PLAYERS, HAND_ENTRIES, SwissSettings(rounds=3))
    ranks = {"A": 1, "E": 2, "C": 3, "D": 4, "B": 5}
    grid = crosstable_grid(event, ranks)
    assert grid.header == ("Rank", "No.", "Name", "Rating", "R1", "R2", "R3", "Points")
    assert [tuple(r) for r in grid.rows] == [
        (1, 1, "A", 2000, "2w1", "4w+", "3w1", 3),
        # E withdrew from round 3 (HAND_PLAYERS): the round says so, with TRF-2026's code for
        # a round a player was not paired in, Z.
        (2, 5, "E", 1600, "PAB", "2b1", "withdrawn (Z)", 2),
        (3, 3, "C", 1800, "4w½", "HPB", "1b0", 1),
        (4, 4, "D", 1700, "3b½", "1b-", "2b½", 1),
        (5, 2, "B", 1900, "1b0", "5w0", "4w½", 0.5),
    ]


def test_pairing_list_shows_points_before_the_round():
    event = SwissEvent(HAND_PLAYERS, HAND_ENTRIES[:6], SwissSettings(rounds=3))
    grid = pairings_grid(event)
    assert grid.header[:8] == (
        "Round",
        "Board",
        "White No.",
        "White",
        "Rating",
        "Points",
        "Black No.",
        "Black",
    )
    # Round 2, points after round 1: A 1, D ½, B 0, E 1 (PAB), C ½. The bye row goes last.
    assert [tuple(r) for r in grid.rows] == [
        (2, 1, 1, "A", 2000, 1, 4, "D", 1700, 0.5, "+/-"),
        (2, 2, 2, "B", 1900, 0, 5, "E", 1600, 1, "0-1"),
        (2, None, 3, "C", 1800, 0.5, None, "BYE", None, None, "HPB"),
    ]


def test_swiss_event_modules_import_no_spreadsheet_library():
    probe = (
        "import sys, ratingbook.events.event, ratingbook.events.codes, ratingbook.trf.exporter, "
        "ratingbook.trf.importer, ratingbook.fide.gacrux, ratingbook.reports.swiss_grids\n"
        "print(' '.join(m for m in ('openpyxl', 'xlwings') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


# --- bad input through the command line: one line naming the cell, nothing written ------------

_SETTINGS = [("Rounds", 3, None), ("Start Date", dt.datetime(2026, 4, 1), None)]
_FOUR = [("Anna", 2000), ("Bob", 1900), ("Cleo", 1800), ("Dan", 1700)]


def _book(tmp_path, games, *, settings=_SETTINGS, withdrawn=None):
    from ratingbook.templates import TemplateBook, build_template

    players = [
        {"Name": name, "Rating": rating, "Withdrawn": (withdrawn or {}).get(name)}
        for name, rating in _FOUR
    ]
    rows = {"Swiss Settings": settings, "Swiss Players": players, "Swiss Games": games}
    path = tmp_path / "event.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    return path


BAD_BOOKS = [
    pytest.param(
        {"games": [(1, 1, "Anna", "Bob", "1-0"), (1, 2, "Cleo", "Anna", "0-1")]},
        "sheet 'Swiss Games', row 3, column D (Black): 'Anna' appears twice in round 1 "
        "(also row 2)",
        id="twice-in-a-round",
    ),
    pytest.param(
        {
            "games": [
                (1, 1, "Anna", "Bob", "1-0"),
                (1, 2, "Cleo", "Dan", "1-0"),
                (2, 1, "Bob", "Anna", None),
            ],
            "withdrawn": {"Anna": 2},
        },
        "sheet 'Swiss Games', row 4, column D (Black): 'Anna' withdrew before round 2 "
        "(Swiss Players, Withdrawn) but has a row in round 2",
        id="game-after-withdrawal",
    ),
    pytest.param(
        {"games": [], "settings": [*_SETTINGS, ("Tie-breaks", "BH/C1 XYZ", None)]},
        "sheet 'Swiss Settings', row 4, column B (Value): unknown tie-break code 'XYZ'",
        id="unknown-tiebreak",
    ),
    pytest.param(
        {"games": [(1, 1, "Anna", "Bob", "1-0"), (1, 2, "Cleo", "BYE", "1-0")]},
        "sheet 'Swiss Games', row 3, column E (Result): '1-0' is not a bye (a game result on "
        "a bye row)",
        id="game-result-on-a-bye-row",
    ),
]


@pytest.mark.parametrize(("book", "message"), BAD_BOOKS)
def test_bad_event_stops_pairing_with_one_line_and_writes_nothing(tmp_path, book, message):
    from click.testing import CliRunner

    from ratingbook.cli import cli

    path = _book(tmp_path, **book)
    before = path.read_bytes()
    out = tmp_path / "out.xlsx"
    done = CliRunner().invoke(cli, ["pair", str(path), "-o", str(out)])
    assert done.exit_code == 2
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.output
    assert not out.exists() and path.read_bytes() == before


def test_a_trf_line_that_does_not_parse_is_named_and_no_book_is_written(tmp_path):
    from click.testing import CliRunner

    from ratingbook.cli import cli

    trf = tmp_path / "event.trf"
    # Line 3's round 1 colour 'x' is no TRF colour (w, b or -; an unknown result letter is read
    # as an unknown result instead, FIDE's checklist Q166). The file is ANSI (cp1252), as
    # Swiss-Manager writes it.
    bad = record(1, "Šimková, Anna", "0.0", 1, ["2,x,1"], rating="2000")
    trf.write_bytes(("012 Club\r\n042 2026/04/01\r\n" + bad + "\r\n").encode("cp1252"))
    out = tmp_path / "event.xlsx"
    done = CliRunner().invoke(cli, ["trf", "import", str(trf), "-o", str(out)])
    assert done.exit_code == 2
    lines = done.output.strip().splitlines()
    expected = "line 3: round 1 (columns 92-99): colour 'x' is not w, b or -"
    assert len(lines) == 1 and expected in lines[0]
    assert not out.exists()


def test_an_ansi_trf_file_from_swiss_manager_keeps_its_accented_names(tmp_path):
    """Swiss-Manager writes TRF16 in the Windows ANSI code page (cp1252): Š, Ø, å, é read as
    typed, not as replacement characters."""
    import openpyxl
    from click.testing import CliRunner

    from ratingbook.cli import cli

    names = ["Šimková, Anna", "Ødegård, Øyvind"]
    lines = [
        "012 Vår-turnering",
        "022 Bodø",
        "042 2026/04/01",
        "102 IA Åse Ødegård",
        record(1, names[0], "1.0", 1, ["2,w,1"], rating="2000"),
        record(2, names[1], "0.0", 2, ["1,b,0"], rating="1900"),
        "XXR 5",
    ]
    trf = tmp_path / "event.trf"
    trf.write_bytes("\r\n".join(lines).encode("cp1252"))
    out = tmp_path / "event.xlsx"
    done = CliRunner().invoke(cli, ["trf", "import", str(trf), "-o", str(out)])
    assert done.exit_code == 0, done.output
    book = openpyxl.load_workbook(out)
    players = [row[:2] for row in book["Swiss Players"].iter_rows(min_row=2, values_only=True)]
    assert [p for p in players if p[1]] == [(1, names[0]), (2, names[1])]  # No., Name
    games = [r[:5] for r in book["Swiss Games"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert games == [(1, 1, names[0], names[1], "1-0")]
    settings = {r[0]: r[1] for r in book["Swiss Settings"].iter_rows(min_row=2, values_only=True)}
    assert (settings["City"], settings["Chief Arbiter"]) == ("Bodø", "IA Åse Ødegård")
    # Exported again, the tournament records come back.
    exported = CliRunner().invoke(cli, ["trf", "export", str(out)])
    assert exported.exit_code == 0, exported.output
    assert {"012 Vår-turnering", "022 Bodø", "102 IA Åse Ødegård"} <= set(
        exported.output.splitlines()
    )
