"""Notes on generated events, and through the workbook and the command line: every board of
every round has a note, every tie between neighbours is explained with the numbers of the
standings sheet, and ``ratingbook explain`` prints the same."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest
from tests.helpers.cli import run
from tests.helpers.played_event import played_event
from tests.helpers.sheet_grids import sheet_grid

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.fide.gacrux.analysis import analyse_round
from ratingbook.reports.event_grids import event_grids
from ratingbook.reports.pairing_notes import pairing_notes
from ratingbook.reports.standings_notes import tie_notes

R = Result
CODES = ("BH/C1", "BH", "SB")


@pytest.mark.parametrize("seed", range(4))
def test_generated_events_every_board_and_every_tie(seed: int) -> None:
    rng = random.Random(seed)
    players = tuple(SwissPlayer(f"Q{i:02}", 2300 - 11 * i) for i in range(1, 14))
    e = SwissEvent(players, (), SwissSettings(rounds=5, tiebreaks=CODES))
    for rnd in range(1, 6):
        if rnd == 3:  # a half-point bye asked for: no board, and no part of the pairing
            bye = SwissEntry(3, None, f"Q{seed + 4:02}", None, R.HALF_POINT_BYE)
            e = e.with_entries([bye])
        new = pair_next_round(e)
        e = e.with_entries(new)
        assert all(x.round == rnd and x.result is not R.HALF_POINT_BYE for x in new)
        analysis = analyse_round(e, rnd)
        # Just paired by the rules, the round is its own prescribed pairing: the same analysis
        # as pairing it again (the pair and recalc commands skip that second pairing).
        assert analyse_round(e, rnd, just_paired=True) == analysis
        notes = pairing_notes(e, analysis)
        assert len(notes) == len(new) + (rnd == 3)
        for note in notes:
            if note.board is None:
                assert note.note == f"{note.white} asked for a bye (HPB): not paired this round."
                continue
            assert "(C.04.3" in note.note and not note.by_hand, note
        played = [
            x if x.black is None else SwissEntry(x.round, x.board, x.white, x.black,
                                                 rng.choice([R.WHITE_WINS, R.BLACK_WINS, R.DRAW]))
            for x in new
        ]  # fmt: skip
        e = SwissEvent(
            e.players, tuple(x for x in e.entries if x.round != rnd) + tuple(played), e.settings
        )
    grid = event_grids(e).standings
    header, rows = grid.header, grid.rows
    name, points = header.index("Name"), header.index("Points")
    said = {(a, b): text for a, b, text in tie_notes(grid)}
    for upper, lower in itertools.pairwise(rows):
        pair = (str(upper[name]), str(lower[name]))
        if upper[points] != lower[points]:
            assert pair not in said
            continue
        text = said[pair]
        found = re.search(r"on (\S+)(?: \([^)]*\))?: (\S+) to (\S+) ", text)
        if found is None:
            assert "share" in text
            assert all(upper[i] == lower[i] for i in range(points, len(header)))
            continue
        code, high, low = found.groups()
        column = header.index(code)
        assert (float(high), float(low)) == (upper[column], lower[column])
        assert float(high) > float(low)
        assert all(upper[i] == lower[i] for i in range(points, column))


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_event(tmp_path_factory.mktemp("notes"))


def rows(path: Path, sheet: str) -> list[tuple[object, ...]]:
    return [tuple(r) for r in sheet_grid(path, sheet) if any(v is not None for v in r)]


def test_the_notes_sheets_cover_every_board_and_tie(book: Path) -> None:
    notes = rows(book, "Pairing Notes")
    assert notes[0] == ("Round", "Board", "Players", "By Hand", "Note")
    boards = {(r[0], r[1]): r[2] for r in notes[1:]}
    games = [r for r in rows(book, "Swiss Games")[1:] if r[0] == 3]
    assert len(boards) == len(games) and all(r == 3 for r, _ in boards)
    # every row names its board (#34): its round, board and players, the table's key columns
    assert all(r[0] == 3 and r[1] is not None and r[2] for r in notes[1:])
    standings = rows(book, "Standings Notes")
    assert standings[0] == ("Rank", "Name", "About", "Note")
    assert any(r[2] == "Tie" for r in standings[1:])


def test_explain_prints_a_round_a_player_and_the_standings(book: Path) -> None:
    done = run("explain", book, "--round", 2)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Round 2, board") == 3
    player = run("explain", book, "--player", "Ann Berg")
    assert [line for line in player.stdout.splitlines() if line.startswith("Round")] == [
        line
        for line in player.stdout.splitlines()
        if "Ann Berg" in line and line.startswith("Round")
    ]
    assert len([line for line in player.stdout.splitlines() if line.startswith("Round")]) == 3
    standings = run("explain", book, "--standings")
    assert "BH (Buchholz)" in standings.stdout and "ahead of" in standings.stdout


def test_explain_refuses_what_is_not_there(book: Path) -> None:
    missing = run("explain", book, "--player", "ann berg")
    assert missing.returncode == 2 and "did you mean 'Ann Berg'" in missing.stderr
    later = run("explain", book, "--round", 7)
    assert later.returncode == 2 and "round 7 is not paired" in later.stderr


def test_explain_a_player_who_withdrew_says_so_for_every_round_after(tmp_path: Path) -> None:
    """#34: the Kilkenny Masters' Mitchell,Jack has a game in round 2 and nothing from round 3
    on (his TRF line's round fields, 10 characters from column 92, are blank from the third),
    which the import reads as withdrawn from round 3. ``explain --player`` stopped at round 2;
    it now says, for each later round, why he has no board."""
    from tests.helpers.paths import ROOT

    source = ROOT / "tests" / "data" / "trf" / "icu_kilkenny-masters_2011.tab"
    line = next(t for t in source.read_text("latin-1").splitlines() if "Mitchell,Jack" in t)
    fields = [line[91 + 10 * k : 101 + 10 * k].strip() for k in range(6)]
    assert fields[1] and not any(fields[2:]), fields  # a game in round 2, nothing after
    book = tmp_path / "k.xlsx"
    assert run("trf", "import", source, "-o", book, "--no-check").returncode == 0
    done = run("explain", book, "--player", "Mitchell,Jack")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for number in range(3, 7):
        at = lines.index(f"Round {number}, not paired: Mitchell,Jack")
        assert lines[at + 1] == "   Mitchell,Jack withdrew after round 2: not paired from round 3."
