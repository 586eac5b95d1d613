"""Baku acceleration (FIDE C.04.5.1; C.04.7 art. 1 from 2026), worked by hand from the rules.

Group A is the first 2 x ceil(P/4) players (161 players: 82, FIDE's own example); the
accelerated rounds are the first half of the event, rounded up; group A's players get one
virtual point (the points of a win) in the first half of those, rounded up, and half a point
(a draw's) in the rest (nine rounds: 1 in rounds 1-3, 0.5 in rounds 4-5, FIDE's example).
Virtual points decide score groups only: never the standings or the tie-breaks.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from tests.helpers.gacrux_checker import passes_checker
from tests.helpers.sheet_rows import rows

from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.acceleration import (
    VirtualPoints,
    accelerated_rounds,
    baku_virtual_points,
    last_group_a_number,
)
from ratingbook.events.codes import Scoring
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import BAKU, SwissSettings
from ratingbook.fide.gacrux import fide_standings, pair_next_round
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf
from ratingbook.workbook.sheets.settings_rows import read_settings

R = Result


def field(n: int, rounds: int, acceleration: str = BAKU, **settings: object) -> SwissEvent:
    """``n`` players rated 2600 down in tens: start numbers 1..n in that order."""
    players = tuple(SwissPlayer(f"P{i:03}", 2610 - 10 * i) for i in range(1, n + 1))
    chosen = SwissSettings(rounds=rounds, acceleration=acceleration, **settings)  # type: ignore[arg-type]
    return SwissEvent(players, (), chosen)


@pytest.mark.parametrize(
    ("rounds", "full", "last"),
    # The rules' formulae by hand: accelerated = ceil(R/2), full points in ceil(that/2).
    [(5, 2, 3), (6, 2, 3), (7, 2, 4), (8, 2, 4), (9, 3, 5), (10, 3, 5), (11, 3, 6), (13, 4, 7)],
)
def test_the_accelerated_rounds(rounds: int, full: int, last: int) -> None:
    assert accelerated_rounds(rounds) == (full, last)


@pytest.mark.parametrize(("players", "group_a"), [(161, 82), (16, 8), (17, 10), (18, 10), (4, 2)])
def test_group_a_is_the_first_half_rounded_up_to_an_even_number(players: int, group_a: int) -> None:
    assert last_group_a_number(field(players, 9)) == group_a


def test_fides_nine_round_example() -> None:
    assert baku_virtual_points(field(161, 9)) == (
        VirtualPoints(Fraction(1), 1, 3, 82),
        VirtualPoints(Fraction(1, 2), 4, 5, 82),
    )


def test_with_two_points_a_win_the_virtual_points_are_two_then_one() -> None:
    # C.04.7 1.4.4: "two virtual matchpoints in the first three rounds and one ... in the next".
    event = field(16, 11, scoring=Scoring(Fraction(2), Fraction(1), Fraction(2)))
    assert [(v.points, v.first_round, v.last_round) for v in baku_virtual_points(event)] == [
        (2, 1, 3),
        (1, 4, 6),
    ]


def test_a_late_entry_above_the_last_group_a_player_joins_group_a() -> None:
    # 16 players, round 1 paired; a late entry rated between P003 and P004 takes number 4:
    # the last GA player (P008) is still the last one, now number 9.
    event = field(16, 7)
    round_one = tuple(
        SwissEntry(1, b, w, bl, None) for b, (w, bl) in enumerate(
            [("P001", "P005"), ("P006", "P002"), ("P003", "P007"), ("P008", "P004"),
             ("P009", "P013"), ("P014", "P010"), ("P011", "P015"), ("P016", "P012")], start=1)
    )  # fmt: skip
    late = SwissPlayer("Late", 2575)
    event = SwissEvent((*event.players, late), round_one, event.settings)
    assert event.start_numbers()["Late"] == 4
    assert last_group_a_number(event) == 9 == event.start_numbers()["P008"]


def test_round_one_pairs_group_a_and_group_b_apart() -> None:
    # 16 players, 7 rounds: GA = 1-8 with a virtual point, GB = 9-16 with none, so round 1
    # pairs two score groups: 1-5, 2-6, 3-7, 4-8 and 9-13, ..., the top seed White on board 1
    # and colours alternating board by board (C.04.3).
    pairs = [(e.white, e.black) for e in pair_next_round(field(16, 7))]
    assert pairs == [
        ("P001", "P005"), ("P006", "P002"), ("P003", "P007"), ("P008", "P004"),
        ("P009", "P013"), ("P014", "P010"), ("P011", "P015"), ("P016", "P012"),
    ]  # fmt: skip
    unaccelerated = [(e.white, e.black) for e in pair_next_round(field(16, 7, "None"))]
    assert unaccelerated[0] == ("P001", "P009")


def test_round_two_pairs_by_pairing_scores() -> None:
    # 8 players, 5 rounds: GA = 1-4, one virtual point in rounds 1-2. Round 1: 1-3, 4-2 | 5-7,
    # 8-6; the better-rated player wins every game. Pairing scores for
    # round 2: P001 and P002 2 (1 + 1); P003, P004 1 (0 + 1) with P005, P006 1 (1 + 0);
    # P007, P008 0. So 1-2 (P002 had Black: White now), the group 3, 4, 5, 6 as 3-5 and 4-6
    # (P003 had Black, P005 White: 3-5; P004 White, P006 Black: 6-4), and 7-8 (P007 had Black).
    event = field(8, 5)
    round_one = (
        SwissEntry(1, 1, "P001", "P003", R.WHITE_WINS),
        SwissEntry(1, 2, "P004", "P002", R.BLACK_WINS),
        SwissEntry(1, 3, "P005", "P007", R.WHITE_WINS),
        SwissEntry(1, 4, "P008", "P006", R.BLACK_WINS),
    )
    event = SwissEvent(event.players, round_one, event.settings)
    pairs = {(e.white, e.black) for e in pair_next_round(event)}
    assert pairs == {("P002", "P001"), ("P003", "P005"), ("P006", "P004"), ("P007", "P008")}
    # The standings know nothing of virtual points: P003 and P004 have 0, not 1.
    standings = fide_standings(event, ())
    assert {s.name: s.points for s in standings.lines} == {
        "P001": 1, "P002": 1, "P005": 1, "P006": 1, "P003": 0, "P004": 0, "P007": 0, "P008": 0,
    }  # fmt: skip


def settings_rows(*pairs: tuple[str, object]) -> list:
    return rows("Swiss Settings", ("Setting", "Value"), *pairs)


def test_baku_is_read_from_the_settings_sheet() -> None:
    settings = read_settings(settings_rows(("Rounds", 9), ("Acceleration", "baku")))
    assert settings.acceleration == BAKU


def test_baku_in_a_round_robin_is_an_error_at_the_acceleration_cell() -> None:
    with pytest.raises(RatingbookError, match=r"Swiss Settings.*row 3, column B.*Berger") as caught:
        read_settings(settings_rows(("Pairing", "Round Robin"), ("Acceleration", "Baku")))
    assert "Acceleration" in str(caught.value)


def test_baku_with_three_one_zero_points_is_an_error() -> None:
    with pytest.raises(RatingbookError, match=r"row 3, column B.*two draws.*3 for a win"):
        read_settings(settings_rows(("Points", "3 1 1"), ("Acceleration", "Baku")))


def test_an_unknown_acceleration_is_an_error_naming_the_choices() -> None:
    with pytest.raises(RatingbookError, match=r"row 2, column B.*'Bakoo'.*None or Baku"):
        read_settings(settings_rows(("Acceleration", "Bakoo")))


def test_baku_goes_through_a_trf_file_and_back() -> None:
    # TRF-2026: 192 names the system; 250 gives the virtual points, the rounds and the start
    # numbers they go to (16 players, 7 rounds: 1 in rounds 1-2, 0.5 in 3-4, to numbers 1-8).
    text = export_trf(field(16, 7))
    assert "192 FIDE_DUTCH_BAKU" in text.splitlines()
    assert [line for line in text.splitlines() if line.startswith("250")] == [
        "250  1.0  1.0   1   2    1    8",
        "250  0.5  0.5   3   4    1    8",
    ]
    back = import_trf(text)
    assert back.event.settings.acceleration == BAKU and back.warnings == ()


def test_virtual_points_other_than_bakus_are_named_in_a_warning() -> None:
    lines = [
        line.replace("250  1.0  1.0   1   2", "250  1.0  1.0   1   3")
        for line in export_trf(field(16, 7)).splitlines()
    ]
    back = import_trf("\n".join(lines) + "\n")
    assert back.event.settings.acceleration == BAKU
    assert any("not those of the Baku rules" in w and "1 in rounds 1-2" in w for w in back.warnings)


def test_javafos_xxa_line_means_baku() -> None:
    lines = [line for line in export_trf(field(8, 5, "None")).splitlines()]
    back = import_trf("\n".join([*lines, "XXA"]) + "\n")
    assert back.event.settings.acceleration == BAKU


def play(event: SwissEvent, rounds: int, rng: random.Random) -> list[str]:
    """Pair and play ``rounds`` rounds; the TRF file after each round (the checker reads a
    round's pairing from its games, results in)."""
    files = []
    for _ in range(rounds):
        played = [
            e if e.black is None else
            SwissEntry(e.round, e.board, e.white, e.black,
                       rng.choice([R.WHITE_WINS, R.BLACK_WINS, R.DRAW, R.DRAW]))
            for e in pair_next_round(event)
        ]  # fmt: skip
        event = event.with_entries(played)
        files.append(export_trf(event))
    return files


@pytest.mark.parametrize("seed", range(4))
def test_generated_accelerated_events_pass_gacruxs_pairing_checker(
    seed: int, tmp_path: Path
) -> None:
    # 23 to 26 players (odd and even, GA of 12 or 14), 9 rounds: virtual points in rounds 1-5.
    rng = random.Random(seed)
    event = field(23 + seed, 9)
    for number, text in enumerate(play(event, 6, rng), start=1):
        assert passes_checker(text, number, tmp_path), f"round {number}"


def test_the_checker_fails_a_baku_round_one_read_without_its_250_records(tmp_path: Path) -> None:
    # The control: the same file less its virtual points is not a correct pairing any more.
    text = play(field(16, 7), 1, random.Random(0))[0]
    assert passes_checker(text, 1, tmp_path)
    plain = "\n".join(line for line in text.splitlines() if not line.startswith("250"))
    assert not passes_checker(plain + "\n", 1, tmp_path)


def test_a_requested_bye_in_round_one_is_not_in_the_list_group_a_is_cut_from() -> None:
    # C.04.5.1: "the list of players to be paired ... shall be split in two groups; GA shall
    # contain the first half of the players, rounded up to the nearest even number". P003 asks
    # for a half-point bye in round 1: 15 players are to be paired, GA is 2 x ceil(15/4) = 8 of
    # them, P001, P002 and P004 to P009; the last GA player is P009, No. 9 (P003, numbered
    # above him, joins GA as a late entry would). Before and after round 1 is paired alike.
    event = field(16, 7)
    asked = SwissEntry(1, None, "P003", None, R.HALF_POINT_BYE)
    before = event.with_entries([asked])
    assert last_group_a_number(before) == 9
    paired = before.with_entries(pair_next_round(before))
    assert {n for e in paired.round_entries(1) for n in e.players()} == {
        p.name for p in event.players
    }
    assert last_group_a_number(paired) == 9
    assert baku_virtual_points(paired)[0] == VirtualPoints(Fraction(1), 1, 2, 9)
