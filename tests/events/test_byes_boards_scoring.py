"""Byes, boards and scoring, and the event's shape, by the 2026 acceptance checklist (issue 37).

The questions as Sharly-Chess quotes them (its issues 2308, 2310 and 2317): a points system
where two draws beat a win and a loss is refused (Q74), a pairing-allocated bye is never worth
more than a win (Q81) and with the standard points only 1, ½ or 0 (Q83); a player flagged
ineligible for a half-point bye is refused one (Q175-176); boards go by the higher score, the
sum of both scores, the lower start number, with Baku's virtual points (Q187-188); a Swiss with
more rounds than its players allow is warned before the start (Q62). Every expected value is
worked by hand below from those texts (and C.04.1, C.04.5.1).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from tests.helpers.sheet_rows import rows

from ratingbook.core.results import Result as R
from ratingbook.errors import RatingbookError
from ratingbook.events.board_order import board_order_problem
from ratingbook.events.codes import Scoring, scoring_problem
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer, swiss_rounds_problem
from ratingbook.events.settings import BAKU, ROUND_ROBIN, SwissSettings
from ratingbook.workbook.sheets.settings_rows import read_settings

# --- scoring (Q74, Q81, Q83) -------------------------------------------------------------------


def settings(*pairs: tuple[str, object]) -> SwissSettings:
    return read_settings(rows("Swiss Settings", ("Setting", "Value"), *pairs))


@pytest.mark.parametrize("points", ["1 0.5 1", "1 0.5 0.5", "1 0.5 0", "3 1 3", "3 1 1", "2 1 0"])
def test_points_systems_fide_mode_takes(points: str) -> None:
    assert settings(("Points", points)).scoring is not None


@pytest.mark.parametrize(
    ("points", "message"),
    [
        # two draws (1 + 1 = 2) beat a win and a loss (1 + 0 = 1)
        ("1 1 1", "two draws (2) are worth more than a win and a loss (1)"),
        # 2 x 2 = 4 > 3
        ("3 2 3", "two draws (4) are worth more than a win and a loss (3)"),
        # a bye of 3 against a win of 2
        ("2 1 3", "a pairing-allocated bye (3) is worth more than a win (2)"),
        ("1 0.5 1.5", "a pairing-allocated bye (1.5) is worth more than a win (1)"),
    ],
)
def test_points_systems_fide_mode_refuses_name_the_points_cell(points: str, message: str) -> None:
    with pytest.raises(RatingbookError) as caught:
        settings(("FIDE Mode", "On"), ("Points", points))
    said = str(caught.value)
    assert "sheet 'Swiss Settings', row 3" in said and message in said
    assert "set FIDE Mode to Off" in said


def test_outside_fide_mode_the_events_own_points_stand() -> None:
    assert settings(("FIDE Mode", "Off"), ("Points", "1 1 1")).scoring == Scoring(F(1), F(1), F(1))


def test_with_the_standard_points_the_bye_is_1_half_or_0() -> None:
    assert scoring_problem(Scoring(F(1), F(1, 2), F(1, 2))) == ""
    assert scoring_problem(Scoring(F(1), F(1, 2), F(0))) == ""
    assert scoring_problem(Scoring(F(1), F(1, 2), F(3, 4))) == (
        "with the standard points a pairing-allocated bye is worth 1, 0.5 or 0, not 0.75"
    )
    # another points system: any value up to a win (Q84)
    assert scoring_problem(Scoring(F(3), F(1), F(2))) == ""


# --- half-point bye eligibility (Q175-176) -----------------------------------------------------


def build(players: list[tuple[object, ...]], games: list[tuple[object, ...]]) -> SwissEvent:
    from ratingbook.workbook.sheets.event_rows import build_event

    player_rows = rows("Swiss Players", ("Name", "Rating", "Half-Point Bye"), *players)
    game_rows = rows("Swiss Games", ("Round", "Board", "White", "Black", "Result"), *games)
    return build_event(player_rows, game_rows, SwissSettings(rounds=5))


PLAYERS = [("Anna", 2000, None), ("Boris", 1900, "No"), ("Carl", 1800, "Yes"), ("Dana", 1700, None)]


def test_a_half_point_bye_for_a_player_flagged_ineligible_is_refused_at_its_cell() -> None:
    with pytest.raises(RatingbookError) as caught:
        build(PLAYERS, [(1, None, "Boris", "BYE", "HPB"), (1, None, "Anna", "BYE", "HPB")])
    said = str(caught.value)
    assert "sheet 'Swiss Games', row 2" in said and "Result" in said
    assert "'Boris' is not eligible for a half-point bye" in said
    assert "Anna" not in said  # eligible: empty means yes


def test_eligible_players_and_other_byes_pass() -> None:
    event = build(
        PLAYERS,
        [
            (1, None, "Anna", "BYE", "HPB"),
            (1, None, "Carl", "BYE", "HPB"),
            (1, None, "Boris", "BYE", "ZPB"),  # a zero-point bye is not a half-point one
        ],
    )
    assert [p.no_half_point_bye for p in event.players] == [False, True, False, False]


def test_a_flag_that_is_not_yes_or_no_names_its_cell() -> None:
    with pytest.raises(RatingbookError) as caught:
        build([("Anna", 2000, "maybe")], [])
    assert "sheet 'Swiss Players', row 2" in str(caught.value)
    assert "'maybe' is not yes or no" in str(caught.value)


# --- the board order (Q187-188) ----------------------------------------------------------------

SIX = tuple(SwissPlayer(n, r) for n, r in zip("ABCDEF", range(2000, 1400, -100), strict=True))
# Start numbers by rating: A 1, B 2, C 3, D 4, E 5, F 6.
ROUND_1 = (
    SwissEntry(1, 1, "A", "D", R.WHITE_WINS),  # A 1, D 0
    SwissEntry(1, 2, "E", "B", R.DRAW),  # B 1/2, E 1/2
    SwissEntry(1, 3, "C", "F", R.BLACK_WINS),  # F 1, C 0
)


def round_2(*boards: tuple[str, str]) -> SwissEvent:
    rows_2 = tuple(SwissEntry(2, b, w, k, None) for b, (w, k) in enumerate(boards, 1))
    return SwissEvent(SIX, (*ROUND_1, *rows_2), SwissSettings(rounds=5))


def test_boards_by_the_higher_score_then_the_sum_then_the_lower_number() -> None:
    # A-C: higher 1, sum 1, lower No. 1; F-D: 1, 1, No. 4; B-E: 1/2, 1, No. 2.
    assert board_order_problem(round_2(("A", "C"), ("F", "D"), ("B", "E")), 2) == ""
    # B-E on board 2: its lower number (2) does not beat F-D's higher score (1 against 1/2)
    said = board_order_problem(round_2(("A", "C"), ("B", "E"), ("F", "D")), 2)
    assert said.endswith("in that order they are 1-3 6-4 2-5, typed 1-3 2-5 6-4")


def test_the_sum_comes_before_the_start_number() -> None:
    # A-B: higher 1, sum 3/2; F-C: higher 1, sum 1, lower No. 3; E-D: 1/2, 1/2.
    assert board_order_problem(round_2(("A", "B"), ("F", "C"), ("E", "D")), 2) == ""
    said = board_order_problem(round_2(("F", "C"), ("A", "B"), ("E", "D")), 2)
    assert "in that order they are 1-2 6-3 5-4" in said


def test_the_bye_is_last_and_rounds_without_board_numbers_are_not_checked() -> None:
    bye = SwissEntry(2, 1, "E", None, R.PAIRING_BYE)
    games = (SwissEntry(2, 2, "A", "B", None), SwissEntry(2, 3, "C", "D", None))
    event = SwissEvent(SIX[:5], (*ROUND_1[:2], bye, *games), SwissSettings(rounds=5))
    assert board_order_problem(event, 2).endswith("are 1-2 3-4 5=BYE, typed 5=BYE 1-2 3-4")
    unnumbered = tuple(SwissEntry(2, None, w, b, None) for w, b in (("B", "E"), ("A", "C")))
    assert board_order_problem(SwissEvent(SIX, (*ROUND_1, *unnumbered)), 2) == ""


EIGHT = tuple(SwissPlayer(f"P{i}", 2500 - 100 * i) for i in range(1, 9))  # P1 is No. 1


def test_under_baku_the_virtual_points_count() -> None:
    """C.04.5.1: 8 players, group A the first 2 x ceil(8/4) = 4; in round 1 (5 rounds: rounds
    1-2 take a full virtual point) Nos. 1-4 count 1 point, Nos. 5-8 none. 3-4 (higher 1, sum
    2) comes before 1-5 (1, 1) and 2-6 (1, 1); 7-8 (0, 0) last."""
    boards = (("P3", "P4"), ("P1", "P5"), ("P2", "P6"), ("P7", "P8"))
    rows_1 = tuple(SwissEntry(1, b, w, k, None) for b, (w, k) in enumerate(boards, 1))
    baku = SwissEvent(EIGHT, rows_1, SwissSettings(rounds=5, acceleration=BAKU))
    assert board_order_problem(baku, 1) == ""
    plain = SwissEvent(EIGHT, rows_1, SwissSettings(rounds=5))
    assert board_order_problem(plain, 1).endswith(
        "in that order they are 1-5 2-6 3-4 7-8, typed 3-4 1-5 2-6 7-8"
    )


# --- the rounds a Swiss can have (Q62) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds", "most"),
    [(6, 5, None), (6, 6, 5), (5, 5, None), (5, 6, 5), (10, 9, None), (10, 11, 9)],
)
def test_more_rounds_than_the_players_allow_is_warned(
    players: int, rounds: int, most: int | None
) -> None:
    """Even P: everyone meets everyone once in P - 1 rounds; odd P: P rounds, each player
    sitting out once with the bye (C.04.1 b and d)."""
    field = tuple(SwissPlayer(f"X{i}") for i in range(players))
    said = swiss_rounds_problem(SwissEvent(field, (), SwissSettings(rounds=rounds)))
    if most is None:
        assert said == ""
    else:
        assert f"a Swiss of {players} players cannot be paired to the end" in said
        assert f"at most {most} rounds" in said


def test_a_round_robins_rounds_are_its_tables() -> None:
    field = tuple(SwissPlayer(f"X{i}") for i in range(4))
    event = SwissEvent(field, (), SwissSettings(pairing=ROUND_ROBIN))
    assert swiss_rounds_problem(event) == ""
