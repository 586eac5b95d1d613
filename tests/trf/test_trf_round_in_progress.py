"""A TRF written while a round is in progress (some of its results typed, not all): each 001
record's points (columns 81-84) and rank (86-89) are of the same state (a user test: the points
counted the round's results typed, the rank was the standings' after the last complete round).

The points must be the results the record's round entries hold: JaVaFo's manual ("the field
Points ... has to contain the correct number of points that each player got") and gacrux read
the points system from them. TRF16 and TRF-2026 define the rank no further for a round in
progress, so ratingbook states it at the points' state (docs/reference/commands.md): the
place on those points, players level on them in the order of the standings after the last
complete round. Every value below is worked out by hand from the games.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.trf.test_round_trip_cells import PLAYERS, typed_book

from ratingbook.cli import cli

#: Rounds 1-2 complete; round 3 in progress: Ben's half-point bye (typed before the pairing),
#: Cat - Ann not played yet, Dan beat Eve, Fin's pairing-allocated bye.
GAMES = [
    (1, 1, "Ann Ash", "Dan Deal", "1-0", 1, 4),
    (1, 2, "Eve Elm", "Ben Birch", "0-1", 5, 2),
    (1, 3, "Cat Cedar", "Fin Fir", "1-0", 3, 6),
    (2, 1, "Ben Birch", "Ann Ash", "½-½", 2, 1),
    (2, 2, "Dan Deal", "Cat Cedar", "0-1", 4, 3),
    (2, 3, "Fin Fir", "Eve Elm", "½-½", 6, 5),
    (3, None, "Ben Birch", "BYE", "HPB", 2, None),
    (3, 1, "Cat Cedar", "Ann Ash", None, 3, 1),
    (3, 2, "Eve Elm", "Dan Deal", "0-1", 5, 4),
    (3, 3, "Fin Fir", "BYE", "PAB", 6, None),
]
#: After round 2: Cat 2; Ann and Ben 1.5; Eve and Fin 0.5; Dan 0. With round 3's results
#: typed: Cat 2, Ben 2 (+ the half-point bye), Ann 1.5, Fin 1.5 (+ the bye), Dan 1, Eve 0.5.
POINTS = {
    "Cat Cedar": "2.0",
    "Ben Birch": "2.0",
    "Ann Ash": "1.5",
    "Fin Fir": "1.5",
    "Dan Deal": "1.0",
    "Eve Elm": "0.5",
}
#: The place on those points; Cat before Ben (2 against 1.5 after round 2), Ann before Fin
#: (1.5 against 0.5). Dan, last after round 2, is now above Eve.
RANKS = {"Cat Cedar": 1, "Ben Birch": 2, "Ann Ash": 3, "Fin Fir": 4, "Dan Deal": 5, "Eve Elm": 6}


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _exported(tmp_path: Path) -> tuple[Path, Path]:
    book, trf = tmp_path / "event.xlsx", tmp_path / "event.trf"
    typed_book(book, PLAYERS, GAMES)
    exported = CliRunner().invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    return book, trf


def test_points_and_rank_of_a_round_in_progress_are_of_the_same_state(tmp_path: Path) -> None:
    _, trf = _exported(tmp_path)
    records = [ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001")]
    stated = {ln[14:47].strip(): (ln[80:84].strip(), int(ln[85:89])) for ln in records}
    assert {name: points for name, (points, _) in stated.items()} == POINTS
    assert {name: rank for name, (_, rank) in stated.items()} == RANKS


def test_check_reads_those_ranks_as_they_were_written(tmp_path: Path) -> None:
    """``ratingbook check`` (the file, and the book as the file it exports) finds no problem
    with the standings: its pairing problems are round 3's (the games above were typed, not
    paired by the rules)."""
    book, trf = _exported(tmp_path)
    for checked in (trf, book):
        result = CliRunner().invoke(cli, ["check", str(checked)])
        assert "standings after" not in result.output, result.output
        assert result.output.rstrip().endswith(": 3 problems"), result.output


def test_a_file_ranked_after_the_last_complete_round_is_told_apart(tmp_path: Path) -> None:
    """The rank of the standings after round 2 beside points that count round 3 (Dan 6th with
    1 point, Eve above him with 0.5): the check names it."""
    _, trf = _exported(tmp_path)
    lines = trf.read_text(encoding="utf-8").splitlines()
    swapped = {"Dan Deal": 6, "Eve Elm": 5}
    lines = [
        ln[:85] + f"{swapped[ln[14:47].strip()]:>4}" + ln[89:]
        if ln.startswith("001") and ln[14:47].strip() in swapped
        else ln
        for ln in lines
    ]
    trf.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(trf)])
    assert (
        "standings after round 2 and the results typed since: Eve Elm is ranked 5 in the file, "
        "above Dan Deal (6), but Dan Deal is ahead on points (1 against 0.5)"
    ) in result.output
