"""The SCA camp ladder (seed 001): the exchange rule, recalc, new week, result spellings.

Expected numbers come from the rules in words of seed 001 (worked by hand in the comments) or
from a literal transcription of its Access VBA ``Recalc_Ratings()`` written below, never from
running the engine.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers.sheet_rows import place

from ratingbook.core.results import Result, parse_ladder_result
from ratingbook.errors import (
    InactivePlayerError,
    InvalidResultError,
    Location,
    RatingbookError,
    SelfPlayError,
    UnknownGroupError,
    UnknownPlayerError,
)
from ratingbook.ratings.ladder import (
    LadderGame,
    LadderGameRecord,
    LadderPlayer,
    ladder_change,
    recalc_ladder,
    start_new_week,
)
from ratingbook.workbook.sheets.schemas import LADDER_GAMES, LADDER_PLAYERS

W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW
FLIPPED = {W: B, B: W, D: D}

# --- the rule, branch by branch (seed 001, "If there is a winner" / "If it is a draw") -----------

# (white, black, result, White's gain): Black always gets the opposite.
LADDER_CHANGE_CASES = [
    # Winner higher by d <= 375: winner +16 - floor(d/25).
    (1000, 1000, W, 16),  # d = 0: 16 - 0
    (1024, 1000, W, 16),  # d = 24: 16 - 24//25 = 16 - 0
    (1025, 1000, W, 15),  # d = 25: 16 - 1
    (1374, 1000, W, 2),  # d = 374: 16 - 14
    (1375, 1000, W, 1),  # d = 375: 16 - 15
    # Winner higher by d > 375 ("376 or more greater"): +1.
    (1376, 1000, W, 1),
    (2500, 1000, W, 1),
    # Winner lower by d <= 375: +16 + floor(d/25).
    (1000, 1024, W, 16),  # 16 + 0
    (1000, 1025, W, 17),  # 16 + 1
    (1000, 1374, W, 30),  # 16 + 14
    (1000, 1375, W, 31),  # 16 + 15
    # Winner lower by d > 375 ("376 or more below"): +31.
    (1000, 1376, W, 31),
    (1000, 2500, W, 31),
    # Black wins (SPEC: "(0-1)" is a black win): the same rule seen from Black.
    (1000, 1000, B, -16),  # d = 0
    (1000, 1100, B, -12),  # Black higher by 100: Black gets 16 - 4
    (1000, 1375, B, -1),  # Black higher by 375: 16 - 15
    (1000, 1376, B, -1),  # Black higher by 376: 1
    (1100, 1000, B, -20),  # Black lower by 100: 16 + 4
    (1375, 1000, B, -31),  # Black lower by 375: 16 + 15
    (1376, 1000, B, -31),  # Black lower by 376: 31
    # Draws: the higher-rated gives floor(d/25), 15 when d > 375; equal ratings: no change.
    (1000, 1000, D, 0),
    (1024, 1000, D, 0),  # 24 // 25 = 0
    (1025, 1000, D, -1),  # White higher gives 25 // 25
    (1100, 1000, D, -4),  # 100 // 25
    (1000, 1100, D, 4),  # Black higher gives 4 to White
    (1374, 1000, D, -14),
    (1375, 1000, D, -15),
    (1376, 1000, D, -15),  # "376 or more": 15
    (1000, 1376, D, 15),
    (3000, 1000, D, -15),
    # Negative and small ratings follow the same arithmetic.
    (-50, 0, W, 18),  # White lower by 50: 16 + 2
    (0, -50, D, -2),  # White higher by 50 gives 2
]


@pytest.mark.parametrize(("white", "black", "result", "gain"), LADDER_CHANGE_CASES)
def test_ladder_change_follows_every_branch_of_the_seed_rule(
    white: int, black: int, result: Result, gain: int
) -> None:
    """ladder_change gives White's gain for each branch of seed 001's rule (Black gets -gain)."""
    assert ladder_change(white, black, result) == gain


@pytest.mark.parametrize(("white", "black", "result", "gain"), LADDER_CHANGE_CASES)
def test_ladder_change_with_colours_swapped_and_result_flipped_is_the_opposite(
    white: int, black: int, result: Result, gain: int
) -> None:
    """Colour does not matter to the rule: swapping colours and flipping the result negates it."""
    assert ladder_change(black, white, FLIPPED[result]) == -gain


@pytest.mark.parametrize(("white", "black", "result", "gain"), LADDER_CHANGE_CASES)
def test_recalc_of_one_game_moves_both_ratings_by_the_hand_worked_change(
    white: int, black: int, result: Result, gain: int
) -> None:
    """One game through recalc_ladder (the fast replay loop) moves weekly and permanent alike."""
    players = [
        LadderPlayer(1, "Wendy", "White Group", True, start_permanent=white),
        LadderPlayer(2, "Bert", "Black Group", True, start_permanent=black),
    ]
    groups = {"White Group": white, "Black Group": black}
    outcome = recalc_ladder(players, groups, [LadderGame(1, 2, result)])
    assert [(p.rating, p.permanent_rating) for p in outcome.players] == [
        (white + gain, white + gain),
        (black - gain, black - gain),
    ]


def test_the_permanent_rating_takes_d_from_the_permanent_ratings() -> None:
    """docs/reference/rules.md's example: weekly Ratings 1200 and 1000 (d 200) and Permanent
    Ratings 1262 and 1140 (d 122), White (the higher-rated) wins: 16 - 200 // 25 = 8 weekly
    points and 16 - 122 // 25 = 12 permanent ones, each pair's own difference."""
    players = [
        LadderPlayer(1, "Wendy", "Seniors", True, start_permanent=1262),
        LadderPlayer(2, "Bert", "Juniors", True, start_permanent=1140),
    ]
    outcome = recalc_ladder(
        players, {"Seniors": 1200, "Juniors": 1000}, [LadderGame(1, 2, Result.WHITE_WINS)]
    )
    assert [(p.rating, p.permanent_rating) for p in outcome.players] == [
        (1200 + 8, 1262 + 12),
        (1000 - 8, 1140 - 12),
    ]


# --- a literal transcription of the VBA (seed 001, Recalc_Ratings) ------------------------------


def vba_sgn(x: int) -> int:
    """VBA Sgn()."""
    return (x > 0) - (x < 0)


def vba_int(x: Fraction) -> int:
    """VBA Int(): the largest whole number not above x."""
    return math.floor(x)


def vba_iif(condition: bool, if_true: int, if_false: int) -> int:
    """VBA IIf()."""
    return if_true if condition else if_false


def vba_game(p: int, o: int, outcome: str) -> tuple[int, int]:
    """One game of the VBA: player p (White), opponent o (Black); returns the new (p, o).

    Copied from the four UPDATE statements; anything but "(1-0)" is a draw in the VBA.
    """
    if outcome == "(1-0)":
        new_p = (
            p
            + 16
            - vba_iif(
                abs(p - o) > 375,
                15 * vba_sgn(p - o),
                vba_int(Fraction(abs(p - o), 25)) * vba_sgn(p - o),
            )
        )
        new_o = (
            o
            - 16
            - vba_iif(
                abs(p - o) > 375,
                15 * vba_sgn(o - p),
                vba_int(Fraction(abs(o - p), 25)) * vba_sgn(o - p),
            )
        )
    else:
        new_p = p - vba_iif(
            abs(p - o) > 375,
            15 * vba_sgn(p - o),
            vba_int(Fraction(abs(p - o), 25)) * vba_sgn(p - o),
        )
        new_o = o - vba_iif(
            abs(p - o) > 375,
            15 * vba_sgn(o - p),
            vba_int(Fraction(abs(o - p), 25)) * vba_sgn(o - p),
        )
    return new_p, new_o


def vba_recalc(
    players: Sequence[LadderPlayer], groups: Mapping[str, int], games: Sequence[LadderGame]
) -> dict[int, tuple[int, int]]:
    """The VBA's Recalc_Ratings: reset active players, replay the games; ID -> (Rating, Perm)."""
    rating: dict[int, int] = {}
    permanent: dict[int, int] = {}
    for player in players:
        if player.active:
            # DLookup("[Initial Ladder Rating]", "Camp Groups", "Group = '...'"): Access compares
            # text without regard to case.
            rating[player.id] = next(
                value for name, value in groups.items() if name.lower() == player.group.lower()
            )
            # UPDATE [Ladder Players] SET [Permanent Rating] = [StWkPerm] WHERE ACTIVE = YES
            assert player.start_permanent is not None
            permanent[player.id] = player.start_permanent
    for game in games:
        outcome = "(1-0)" if game.result is Result.WHITE_WINS else "(½-½)"
        wp, wo = rating[game.white], rating[game.black]
        pp, po = permanent[game.white], permanent[game.black]
        permanent[game.white], permanent[game.black] = vba_game(pp, po, outcome)
        rating[game.white], rating[game.black] = vba_game(wp, wo, outcome)
    return {pid: (rating[pid], permanent[pid]) for pid in rating}


@pytest.mark.parametrize(
    ("white", "black", "result", "gain"),
    # The VBA read (0-1) as a draw; SPEC makes it a black win, so those rows are left out.
    [case for case in LADDER_CHANGE_CASES if case[2] is not B],
)
def test_vba_transcription_agrees_with_the_hand_table_where_the_vba_is_trusted(
    white: int, black: int, result: Result, gain: int
) -> None:
    """The reference model reproduces the hand table for (1-0) and draws (checks the model)."""
    outcome = "(1-0)" if result is Result.WHITE_WINS else "(½-½)"
    assert vba_game(white, black, outcome) == (white + gain, black - gain)


# --- recalc_ladder on a hand-worked week --------------------------------------------------------

GROUPS = {"Juniors": 800, "Seniors": 1200}


def player_at(row: int, **fields: object) -> LadderPlayer:
    """A Ladder Players row at Excel row ``row``."""
    return LadderPlayer(
        **fields,  # type: ignore[arg-type]
        where=place(LADDER_PLAYERS, row),  # ID, Name, Group, ... in columns A to G
    )


def game_at(row: int, white: int, black: int, result: Result) -> LadderGame:
    """A Ladder Games row at Excel row ``row``."""
    return LadderGame(
        white,
        black,
        result,
        where=place(LADDER_GAMES, row),  # White, Black, Result: A to C
    )


# Stale Rating / Permanent Rating values: recalc must ignore them (it resets).
ANN = player_at(
    2,
    id=1,
    name="Ann",
    group="juniors",
    active=True,
    rating=999,
    permanent_rating=5,
    start_permanent=900,
)
BEN = player_at(
    3,
    id=2,
    name="Ben",
    group="Seniors",
    active=True,
    rating=0,
    permanent_rating=0,
    start_permanent=1300,
)
CAT = player_at(
    4,
    id=3,
    name="Cat",
    group="SENIORS",
    active=True,
    rating=1,
    permanent_rating=1,
    start_permanent=1000,
)
# Inactive, and in a group missing from Camp Groups: the VBA never looked it up.
DAN = player_at(
    5,
    id=4,
    name="Dan",
    group="Alumni",
    active=False,
    rating=1500,
    permanent_rating=1600,
    start_permanent=1400,
)
WEEK_PLAYERS = (ANN, BEN, CAT, DAN)
WEEK_GAMES = (game_at(2, 1, 2, W), game_at(3, 2, 3, D), game_at(4, 3, 1, B))

# Reset: Ann weekly 800 (group "juniors" matches "Juniors"), permanent 900;
#        Ben 1200 / 1300; Cat 1200 / 1000 (group "SENIORS" matches "Seniors").
# Game 1, Ann (W) beats Ben, (1-0):
#   weekly    Ann 800 vs Ben 1200: winner lower by 400 > 375 -> ±31: Ann 831, Ben 1169
#   permanent Ann 900 vs Ben 1300: lower by 400 -> ±31:              Ann 931, Ben 1269
# Game 2, Ben (W) draws Cat:
#   weekly    Ben 1169 vs Cat 1200: Cat higher by 31 gives 31//25 = 1: Ben 1170, Cat 1199
#   permanent Ben 1269 vs Cat 1000: Ben higher by 269 gives 269//25 = 10: Ben 1259, Cat 1010
# Game 3, Cat (W) loses to Ann (B), (0-1):
#   weekly    Cat 1199 vs Ann 831: winner Ann lower by 368 -> 16 + 368//25 = 30: Ann 861, Cat 1169
#   permanent Cat 1010 vs Ann 931: winner Ann lower by 79 -> 16 + 79//25 = 19:   Ann 950, Cat 991
WEEK_EXPECTED = (
    replace(ANN, rating=861, permanent_rating=950),
    replace(BEN, rating=1170, permanent_rating=1259),
    replace(CAT, rating=1169, permanent_rating=991),
    DAN,
)


def test_recalc_resets_and_replays_the_hand_worked_week() -> None:
    """Recalc resets active players (group matched case-insensitively, Permanent from StWkPerm)
    and replays the games in order; weekly and permanent diverge because they start apart."""
    outcome = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES)
    assert outcome.players == WEEK_EXPECTED
    # StWkPerm is an input of the recalc, never changed by it.
    assert [p.start_permanent for p in outcome.players] == [900, 1300, 1000, 1400]


def test_recalc_leaves_inactive_players_exactly_as_they_were() -> None:
    """An inactive player keeps Rating, Permanent Rating and StWkPerm untouched."""
    outcome = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES)
    assert outcome.players[3] == DAN
    assert (outcome.players[3].rating, outcome.players[3].permanent_rating) == (1500, 1600)


def test_recalc_history_records_both_ratings_before_and_after_each_game() -> None:
    """The history has one record per game, in order, with (before, after) of both ratings."""
    outcome = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES)
    # Numbers from the hand calculation above WEEK_EXPECTED.
    assert outcome.history == (
        LadderGameRecord(WEEK_GAMES[0], 800, 831, 1200, 1169, 900, 931, 1300, 1269),
        LadderGameRecord(WEEK_GAMES[1], 1169, 1170, 1200, 1199, 1269, 1259, 1000, 1010),
        LadderGameRecord(WEEK_GAMES[2], 1199, 1169, 831, 861, 1010, 991, 931, 950),
    )
    first = outcome.history[0]
    assert (first.white_rating, first.black_rating) == ((800, 831), (1200, 1169))
    assert (first.white_permanent, first.black_permanent) == ((900, 931), (1300, 1269))


def test_history_is_a_sequence_of_records_with_raw_ratings_alongside() -> None:
    """Indexing, slicing and iterating give the same records; ratings() gives the bare numbers."""
    history = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES).history
    assert len(history) == 3
    assert history[-1] == tuple(history)[2] == list(history)[-1]
    assert history[0:2] == (history[0], history[1])
    assert [game for game, _ in history.ratings()] == list(WEEK_GAMES)
    # Numbers from the hand calculation above WEEK_EXPECTED (first game).
    assert next(history.ratings())[1] == (800, 831, 1200, 1169, 900, 931, 1300, 1269)


def test_recalc_without_history_gives_the_same_players() -> None:
    """history=False skips the records but computes the same ratings."""
    outcome = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES, history=False)
    assert outcome.players == WEEK_EXPECTED
    assert outcome.history == ()


def test_recalc_with_no_games_only_resets_active_players() -> None:
    """No games: active Rating = group default, Permanent = StWkPerm (the VBA's early exit)."""
    outcome = recalc_ladder(WEEK_PLAYERS, GROUPS, [])
    assert outcome.players == (
        replace(ANN, rating=800, permanent_rating=900),
        replace(BEN, rating=1200, permanent_rating=1300),
        replace(CAT, rating=1200, permanent_rating=1000),
        DAN,
    )


def test_recalc_twice_changes_nothing() -> None:
    """Clicking Recalc twice gives what clicking once gave (SPEC: recalc is idempotent)."""
    once = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES)
    twice = recalc_ladder(once.players, GROUPS, WEEK_GAMES)
    assert twice.players == once.players == WEEK_EXPECTED


def test_recalc_does_not_change_its_inputs() -> None:
    """The caller's players are left as they were (new values are returned)."""
    players = list(WEEK_PLAYERS)
    recalc_ladder(players, GROUPS, WEEK_GAMES)
    assert players == list(WEEK_PLAYERS)
    assert players[0].rating == 999


# --- recalc errors: they name the sheet, the Excel row, the column and quote the value ----------


def mentions(text: str, value: str) -> bool:
    """``value`` appears in ``text`` as a whole token (so "2" does not match "12" or "row 2x")."""
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text) is not None


BAD_GAME_CASES = [
    # (game, error class, column letter and name, text that must appear in the message)
    pytest.param(
        game_at(7, 1, 99, W), UnknownPlayerError, "column B (Black)", "99", id="unknown-black"
    ),
    pytest.param(
        game_at(7, 42, 1, D), UnknownPlayerError, "column A (White)", "42", id="unknown-white"
    ),
    pytest.param(
        game_at(7, 4, 1, W), InactivePlayerError, "column A (White)", "'Dan'", id="inactive-white"
    ),
    pytest.param(
        game_at(7, 2, 4, B), InactivePlayerError, "column B (Black)", "'Dan'", id="inactive-black"
    ),
    pytest.param(game_at(7, 3, 3, D), SelfPlayError, "column B (Black)", "3", id="self-play"),
]


@pytest.mark.parametrize(("bad_game", "error", "column", "quoted"), BAD_GAME_CASES)
def test_recalc_rejects_a_bad_game_naming_its_sheet_row_and_column(
    bad_game: LadderGame, error: type[RatingbookError], column: str, quoted: str
) -> None:
    """An unknown, inactive or self-playing player in a game is an error naming the game's row."""
    games = [*WEEK_GAMES, bad_game]
    with pytest.raises(error) as caught:
        recalc_ladder(WEEK_PLAYERS, GROUPS, games)
    message = str(caught.value)
    assert caught.value.where == Location(sheet="Ladder Games", row=7)
    assert "sheet 'Ladder Games'" in message
    assert "row 7" in message
    assert column in message
    assert mentions(caught.value.problem, quoted)


def test_unknown_group_of_an_active_player_is_an_error_naming_the_row() -> None:
    """An active player's group missing from Camp Groups raises UnknownGroupError quoting it."""
    eve = player_at(6, id=5, name="Eve", group="Zeta", active=True, start_permanent=1000)
    with pytest.raises(UnknownGroupError) as caught:
        recalc_ladder([*WEEK_PLAYERS, eve], GROUPS, WEEK_GAMES)
    message = str(caught.value)
    assert caught.value.where == Location(sheet="Ladder Players", row=6)
    assert "sheet 'Ladder Players'" in message
    assert "row 6" in message
    assert "column C (Group)" in message
    assert "'Zeta'" in message


def test_duplicate_player_id_is_an_error_naming_the_second_row() -> None:
    """Two players with the same ID: the later row is reported, with the ID column."""
    twin = player_at(6, id=2, name="Bea", group="Seniors", active=True, start_permanent=1000)
    with pytest.raises(RatingbookError) as caught:
        recalc_ladder([*WEEK_PLAYERS, twin], GROUPS, WEEK_GAMES)
    message = str(caught.value)
    assert caught.value.where == Location(sheet="Ladder Players", row=6)
    assert "row 6" in message
    assert "column A (ID)" in message
    assert mentions(caught.value.problem, "2")


def test_a_new_camper_without_start_of_week_permanent_starts_at_the_group_rating() -> None:
    """A late arrival has no StWkPerm (seed 001 sets none: docs/reference/rules.md, "A new
    camper"): both ratings start at the group's Initial Ladder Rating, and the outcome names him.

    Eve (Juniors, 800) plays Ben after the week's three games; by hand, from the week above
    (Ben ends it on 1170 weekly, 1259 permanent): Eve (W) beats Ben (1-0):
      weekly    800 v 1170, d 370, winner lower: 16 + 14 = 30  -> Eve 830, Ben 1140
      permanent 800 v 1259, d 459 > 375, winner lower: 31      -> Eve 831, Ben 1228
    """
    eve = player_at(6, id=5, name="Eve", group="Juniors", active=True, start_permanent=None)
    games = (*WEEK_GAMES, game_at(5, 5, 2, W))
    outcome = recalc_ladder([*WEEK_PLAYERS, eve], GROUPS, games)
    after = {p.id: p for p in outcome.players}
    assert outcome.new_campers == (5,)
    assert after[5].start_permanent == 800
    assert (after[5].rating, after[5].permanent_rating) == (830, 831)
    assert (after[2].rating, after[2].permanent_rating) == (1140, 1228)
    # Every StWkPerm given: nobody is a new camper.
    assert recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES).new_campers == ()


# --- start of a new week -------------------------------------------------------------------------


def test_start_new_week_copies_permanent_to_stwkperm_for_active_players_only() -> None:
    """New week: active players' StWkPerm := Permanent Rating; inactive players untouched."""
    after_week = recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES).players
    new_week = start_new_week(after_week)
    assert new_week == (
        replace(WEEK_EXPECTED[0], start_permanent=950),
        replace(WEEK_EXPECTED[1], start_permanent=1259),
        replace(WEEK_EXPECTED[2], start_permanent=991),
        DAN,  # inactive: StWkPerm stays 1400 although Permanent Rating is 1600
    )


def test_start_new_week_then_recalc_without_games_keeps_the_permanent_ratings() -> None:
    """After a new week the permanent ratings carry over; the weekly ones restart from the group."""
    new_week = start_new_week(recalc_ladder(WEEK_PLAYERS, GROUPS, WEEK_GAMES).players)
    outcome = recalc_ladder(new_week, GROUPS, [])
    assert [(p.rating, p.permanent_rating) for p in outcome.players] == [
        (800, 950),
        (1200, 1259),
        (1200, 991),
        (1500, 1600),
    ]


# --- result spellings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("(1-0)", W),
        ("1-0", W),
        (" (1-0) ", W),
        ("( 1 - 0 )", W),
        ("(0-1)", B),  # SPEC: a black win (the VBA made it a draw)
        ("0-1", B),
        ("(0 -1)", B),
        ("(½-½)", D),
        ("½-½", D),
        ("( ½ - ½ )", D),
        ("(1/2-1/2)", D),
        ("1/2-1/2", D),
        ("(1/2 - 1/2)", D),
        # The one vocabulary of results (core/results.py) every system shares (issue 16):
        ("(0.5-0.5)", D),
        ("1:0", W),
        ("Draw", D),
        ("=", D),
    ],
)
def test_parse_ladder_result_accepts_the_documented_spellings(text: str, result: Result) -> None:
    """(1-0), (0-1), (½-½), (1/2-1/2), with or without brackets and with inner spaces, and
    the other spellings of a game's result a Swiss event accepts (0.5-0.5, 1:0, draw)."""
    assert parse_ladder_result(text) is result


@pytest.mark.parametrize(
    "value",
    ["(1-O)", "", None, "drawn", "(1-1)", "(0-0)", "1", "(1-0", "(1-0))", "½", 1, 0.5, "+/-"],
)
def test_parse_ladder_result_rejects_anything_else(value: object) -> None:
    """A typo is an InvalidResultError, never the VBA's silent draw."""
    with pytest.raises(InvalidResultError):
        parse_ladder_result(value)


def test_parse_ladder_result_error_names_the_cell_and_quotes_the_value() -> None:
    """The error names sheet, row and the Result column, and quotes the typo."""
    where = place(LADDER_GAMES, 5)
    with pytest.raises(InvalidResultError) as caught:
        parse_ladder_result("(1-O)", where)
    message = str(caught.value)
    assert "sheet 'Ladder Games'" in message
    assert "row 5" in message
    assert "column C (Result)" in message
    assert "'(1-O)'" in message


# --- properties -------------------------------------------------------------------------------

GROUP_NAMES = ("Juniors", "Seniors", "Masters")


@st.composite
def ladder_weeks(
    draw: st.DrawFn, results: tuple[Result, ...] = (W, D)
) -> tuple[list[LadderPlayer], dict[str, int], list[LadderGame]]:
    """Random players (some inactive, groups in any case), groups and games between active ones."""
    groups = {name: draw(st.integers(0, 2000)) for name in GROUP_NAMES}
    ids = draw(st.lists(st.integers(1, 500), min_size=2, max_size=8, unique=True))
    players: list[LadderPlayer] = []
    for i, pid in enumerate(ids):
        group = draw(st.sampled_from(GROUP_NAMES))
        active = i < 2 or draw(st.booleans())
        players.append(
            LadderPlayer(
                id=pid,
                name=f"P{pid}",
                group=draw(st.sampled_from([group, group.upper(), group.lower()])),
                active=active,
                rating=draw(st.integers(-100, 3000)),
                permanent_rating=draw(st.integers(-100, 3000)),
                start_permanent=draw(st.integers(0, 2500)),
            )
        )
    active_ids = [p.id for p in players if p.active]
    games: list[LadderGame] = []
    for _ in range(draw(st.integers(0, 15))):
        white, black = draw(st.permutations(active_ids))[:2]
        games.append(LadderGame(white, black, draw(st.sampled_from(results))))
    return players, groups, games


# Whole weeks cost more than single games: fewer examples keep the suite fast.
WEEK_SETTINGS = settings(max_examples=40, deadline=None)
GAME_SETTINGS = settings(max_examples=200, deadline=None)


@WEEK_SETTINGS
@given(ladder_weeks())
def test_recalc_equals_the_vba_transcription_for_wins_and_draws(
    week: tuple[list[LadderPlayer], dict[str, int], list[LadderGame]],
) -> None:
    """With (1-0) and draws only (where the VBA is trusted) recalc equals the VBA's recalc."""
    players, groups, games = week
    expected = vba_recalc(players, groups, games)
    outcome = recalc_ladder(players, groups, games)
    for before, after in zip(players, outcome.players, strict=True):
        if before.active:
            assert (after.rating, after.permanent_rating) == expected[before.id]
        else:
            assert after == before


@WEEK_SETTINGS
@given(ladder_weeks(results=(W, B, D)))
def test_recalc_is_zero_sum_over_active_players(
    week: tuple[list[LadderPlayer], dict[str, int], list[LadderGame]],
) -> None:
    """Every game moves points from one player to the other: the sums after equal the reset sums."""
    players, groups, games = week
    outcome = recalc_ladder(players, groups, games)
    active = [p for p in players if p.active]
    reset_weekly = sum(
        groups[next(g for g in groups if g.lower() == p.group.lower())] for p in active
    )
    reset_permanent = sum(p.start_permanent or 0 for p in active)
    after = [p for p in outcome.players if p.active]
    assert sum(p.rating or 0 for p in after) == reset_weekly
    assert sum(p.permanent_rating or 0 for p in after) == reset_permanent


@WEEK_SETTINGS
@given(ladder_weeks(results=(W, B, D)))
def test_recalc_is_idempotent(
    week: tuple[list[LadderPlayer], dict[str, int], list[LadderGame]],
) -> None:
    """Recalculating the recalculated players again gives the same players."""
    players, groups, games = week
    once = recalc_ladder(players, groups, games)
    assert recalc_ladder(once.players, groups, games).players == once.players


@WEEK_SETTINGS
@given(ladder_weeks(results=(W, B, D)))
def test_mirrored_games_give_the_same_ratings(
    week: tuple[list[LadderPlayer], dict[str, int], list[LadderGame]],
) -> None:
    """Swapping colours and flipping every result ((1-0) <-> (0-1)) changes no rating."""
    players, groups, games = week
    mirrored = [LadderGame(g.black, g.white, FLIPPED[g.result]) for g in games]
    assert (
        recalc_ladder(players, groups, mirrored).players
        == recalc_ladder(players, groups, games).players
    )


@GAME_SETTINGS
@given(st.integers(-500, 3500), st.integers(-500, 3500), st.sampled_from([W, B, D]))
def test_ladder_change_mirrors_and_stays_within_the_rule_bounds(
    white: int, black: int, result: Result
) -> None:
    """A mirrored game gives the mirrored change; a win moves 1..31 points, a draw 0..15."""
    gain = ladder_change(white, black, result)
    assert ladder_change(black, white, FLIPPED[result]) == -gain
    if result is W:
        assert 1 <= gain <= 31
    elif result is B:
        assert -31 <= gain <= -1
    else:
        assert abs(gain) <= 15
        # The higher-rated player never gains in a draw.
        assert gain * (white - black) <= 0


@GAME_SETTINGS
@given(st.integers(-500, 3500), st.integers(-500, 3500), st.sampled_from(["(1-0)", "(½-½)"]))
def test_ladder_change_equals_the_vba_formula(white: int, black: int, outcome: str) -> None:
    """ladder_change agrees with the VBA's UPDATE formulas for (1-0) and draws."""
    result = W if outcome == "(1-0)" else D
    gain = ladder_change(white, black, result)
    assert vba_game(white, black, outcome) == (white + gain, black - gain)
