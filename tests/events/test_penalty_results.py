"""A penalty's score, ½-0, 0-½ and 0-0 (issue #37; FIDE's checklist asks a generator and checker
to handle them, Q16-39; the Laws of Chess art. 12.9 let the arbiter reduce the points of the
offending player, or declare the game lost for both): read in a ``Swiss Games`` result cell
in every spelling, scored, written and read in TRF as gacrux reads them (each player's own
letter: ``=`` for ½, ``0`` for nothing), and paired after as gacrux pairs after them.

Expected values are worked out by hand from those rules, or are gacrux's own (its generator's
file, its engine's pairing of the file's last round, its ranks).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from ratingbook.cli import cli
from ratingbook.core.results import Result as R
from ratingbook.core.results import parse_swiss_result
from ratingbook.errors import RatingbookError
from ratingbook.events.codes import Scoring
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf

HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    ("typed", "result"),
    [
        ("½-0", R.WHITE_HALF_BLACK_ZERO),
        ("1/2-0", R.WHITE_HALF_BLACK_ZERO),
        ("0.5 - 0", R.WHITE_HALF_BLACK_ZERO),
        ("0,5-0", R.WHITE_HALF_BLACK_ZERO),
        ("½:0", R.WHITE_HALF_BLACK_ZERO),
        ("0-½", R.WHITE_ZERO_BLACK_HALF),
        ("0 – 1/2", R.WHITE_ZERO_BLACK_HALF),  # an en dash typed for the hyphen
        ("0-0.5", R.WHITE_ZERO_BLACK_HALF),
        ("0-0", R.BOTH_LOSE),
        ("0:0", R.BOTH_LOSE),
    ],
)
def test_every_spelling_of_a_penalty_is_read_in_an_individual_events_result(typed, result):
    assert parse_swiss_result(typed, bye_row=False, adjourned=True, penalties=True) is result


def test_a_penalty_is_no_bye_and_no_result_where_penalties_are_not_taken():
    with pytest.raises(RatingbookError, match="is not a bye"):
        parse_swiss_result("½-0", bye_row=True, adjourned=True, penalties=True)
    # a team board, a rating list's game: not (yet) taken, an error naming what is expected
    with pytest.raises(RatingbookError, match="unknown result '0-0'"):
        parse_swiss_result("0-0", bye_row=False)
    # and a double forfeit stays a double forfeit (nobody played), not 0-0 (both played)
    assert parse_swiss_result("0-0f", bye_row=False) is R.DOUBLE_FORFEIT


PLAYERS = tuple(SwissPlayer(name, 2000 - 10 * i) for i, name in enumerate("ABCDEF"))
ROUND_1 = (
    SwissEntry(1, 1, "A", "D", R.WHITE_HALF_BLACK_ZERO),  # D penalised: A ½, D 0
    SwissEntry(1, 2, "E", "B", R.WHITE_ZERO_BLACK_HALF),  # E penalised: E 0, B ½
    SwissEntry(1, 3, "C", "F", R.BOTH_LOSE),  # both: 0 and 0
)


def event(scoring: Scoring | None = None) -> SwissEvent:
    settings = SwissSettings(rounds=3, start_date=dt.date(2026, 4, 1), scoring=scoring or Scoring())
    return SwissEvent(PLAYERS, ROUND_1, settings)


@pytest.mark.parametrize(
    ("scoring", "draw"),
    [(Scoring(), HALF), (Scoring(Fraction(3), Fraction(1), Fraction(3)), Fraction(1))],
)
def test_the_player_not_penalised_keeps_a_draws_points_and_the_penalised_none(scoring, draw):
    # art. 12.9: the offender's points reduced; the other keeps what the game gave him (a draw)
    assert event(scoring).points() == {"A": draw, "B": draw, "C": 0, "D": 0, "E": 0, "F": 0}


def test_trf_writes_each_players_own_letter_and_reads_them_back() -> None:
    text = export_trf(event())
    entries = {line[14:47].strip(): line[91:99] for line in text.splitlines() if line[:3] == "001"}
    # opponent's start number, colour, the player's own result: ½ "=", nothing "0"
    assert entries == {
        "A": "   4 w =",
        "B": "   5 b =",
        "C": "   6 w 0",
        "D": "   1 b 0",
        "E": "   2 w 0",
        "F": "   3 b 0",
    }
    points = {line[14:47].strip(): line[80:84] for line in text.splitlines() if line[:3] == "001"}
    assert points["A"] == points["B"] == " 0.5" and points["C"] == " 0.0"
    back = import_trf(text).event
    assert {(e.white, e.black, e.result) for e in back.entries} == {
        (e.white, e.black, e.result) for e in ROUND_1
    }


def test_the_next_round_is_paired_on_the_points_the_penalties_left() -> None:
    """Round 2 by the Dutch rules (C.04.3), by hand. Start numbers by rating: A 1 ... F 6.
    After round 1, A and B have ½, the others 0 (read as draws, D and E would have ½ too).

    - score group ½: A and B have not met; A had White and B Black, so each gets the other
      colour (C.04.3 E.1): B-A;
    - score group 0: C, D, E, F. C and E had White (both expect Black), D and F Black (both
      expect White). S1 = C, D against S2 = E, F gives C-E and D-F, each pair with one colour
      preference unmet; the transposition C-F, D-E repeats C-F (C.04.3 C.1, absolute). The
      exchange of D and E (S1 = C, E; S2 = D, F) gives C-D and E-F, where every preference is
      met, which C.04.3 C.12 puts before the order of candidates: D-C and F-E."""
    pairs = {(e.white, e.black) for e in pair_next_round(event()) if e.round == 2}
    assert pairs == {("B", "A"), ("D", "C"), ("F", "E")}


def generated(folder: Path, seed: int) -> str:
    out = folder / "event.trf"
    done = CliRunner().invoke(
        cli,
        [
            "generate",
            "-o",
            str(out),
            "--players",
            "14",
            "--rounds",
            "6",
            "--unusual",
            "30%",
            "--seed",
            str(seed),
        ],
    )
    assert done.exit_code == 0, done.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_ratingbook_pairs_after_penalties_as_gacrux_paired_the_generated_file(
    tmp_path: Path, seed: int
) -> None:
    """gacrux's generator pairs each round by gacrux's engine after the ½-0, 0-½ and 0-0 it
    drew: ratingbook, given the file's first five rounds, pairs round 6 as the file has it."""
    whole = import_trf(generated(tmp_path, seed)).event
    assert any(e.result is not None and e.result.is_penalty for e in whole.entries)
    before = SwissEvent(
        whole.players, tuple(e for e in whole.entries if e.round < 6), whole.settings
    )
    ours = {(e.white, e.black) for e in pair_next_round(before) if e.round == 6}
    file = {(e.white, e.black) for e in whole.entries if e.round == 6}
    assert ours == file
