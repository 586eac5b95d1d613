"""Crikey rating points exchange (seed 000), in hundredths.

Expected numbers come from the seed's worked example and output, or are worked by hand in the
comments (ratings in hundredths: 76.91 is 7691).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers.seed_examples import CRIKEY_INPUT as SEED_INPUT
from tests.helpers.sheet_rows import place

from ratingbook.core.cells import hundredths as parse_hundredths
from ratingbook.core.results import Result
from ratingbook.errors import InvalidValueError, Location, SelfPlayError, UnknownPlayerError
from ratingbook.ratings.crikey import (
    CRIKEY_RESULTS,
    CrikeyGame,
    crikey_exchange,
    crikey_tournament,
    format_hundredths,
    replay_crikey,
)
from ratingbook.seeds.crikey_text import read_crikey
from ratingbook.workbook.sheets.schemas import CRIKEY_GAMES

W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW

# --- one game -------------------------------------------------------------------------------

# (white, black, White's result, white pieces, black pieces, White's gain); Black gets -gain.
EXCHANGE_CASES = [
    # Seed: Alice (W) 76.91 vs Bob 76.36: eff 79.91, gap 3.55, CE 0.355 -> 0.36.
    pytest.param(7691, 7636, B, 20, 15, -272, id="seed-bob-wins-fewer-pieces-doubled"),
    # lower-rated Bob wins: RPE 1 + 0.36 = 1.36; Bob's 15 < Alice's 20 -> doubled 2.72
    pytest.param(7691, 7636, B, 15, 20, -136, id="seed-bob-wins-more-pieces"),
    # Bob's 20 is not less than 15: RPE 1.36, not doubled
    pytest.param(7691, 7636, B, 20, 20, -136, id="seed-bob-wins-equal-pieces"),
    # equal pieces are not "less": not doubled
    pytest.param(7691, 7636, W, 20, 15, 64, id="seed-alice-wins"),
    # higher-rated Alice wins: RPE 1 - 0.36 = 0.64 (the seed's "1 CE" lost its minus)
    pytest.param(7691, 7636, W, 10, 20, 128, id="seed-alice-wins-fewer-pieces-doubled"),
    # 0.64 * 2 = 1.28
    pytest.param(7691, 7636, D, 20, 15, -36, id="seed-draw"),
    # draw: RPE = CE = 0.36 from the higher-rated (Alice) to the lower
    pytest.param(7691, 7636, D, 5, 30, -36, id="seed-draw-pieces-ignored"),
    # the pieces rule does not apply to draws
    # Black the higher-rated: W 70.00 (eff 73.00) vs B 80.00: gap 7.00, CE 0.70.
    pytest.param(7000, 8000, B, 10, 10, -30, id="black-favourite-wins"),  # RPE 1 - 0.70
    pytest.param(7000, 8000, W, 10, 10, 170, id="white-underdog-wins"),  # RPE 1 + 0.70
    pytest.param(7000, 8000, W, 5, 10, 340, id="white-underdog-wins-doubled"),  # 1.70 * 2
    pytest.param(7000, 8000, D, 10, 10, 70, id="black-favourite-draws"),  # Black gives 0.70
    # Equal after the handicap: W 52.55 + 3.00 = 55.55 = B 55.55 (seed tournament 4).
    pytest.param(5255, 5555, D, 10, 30, 0, id="equal-draw-no-change"),
    pytest.param(5255, 5555, W, 10, 10, 100, id="equal-white-wins-rpe-1"),  # CE 0: RPE 1.00
    pytest.param(5255, 5555, B, 10, 10, -100, id="equal-black-wins-rpe-1"),
    pytest.param(5255, 5555, W, 5, 10, 200, id="equal-white-wins-doubled"),  # 1.00 * 2
    pytest.param(5255, 5555, B, 10, 5, -200, id="equal-black-wins-doubled"),
    # Gap over 10.00: W 90.00 (eff 93.00) vs B 70.00: gap 23.00, CE 2.30.
    pytest.param(9000, 7000, W, 10, 10, -130, id="big-gap-favourite-wins-and-loses-points"),
    # favourite wins: RPE = 1 - 2.30 = -1.30 -> White 88.70, Black 71.30 (not clamped)
    pytest.param(9000, 7000, W, 5, 10, -260, id="big-gap-favourite-wins-doubled"),
    # -1.30 * 2 = -2.60
    pytest.param(9000, 7000, B, 10, 10, -330, id="big-gap-underdog-wins"),  # 1 + 2.30
    pytest.param(9000, 7000, D, 10, 10, -230, id="big-gap-draw"),  # CE 2.30
    # Negative ratings use the same arithmetic: W -1.00 (eff 2.00) vs B 0.00: gap 2.00, CE 0.20.
    pytest.param(-100, 0, W, 1, 1, 80, id="negative-rating"),  # 1 - 0.20
]


@pytest.mark.parametrize(("white", "black", "result", "wp", "bp", "gain"), EXCHANGE_CASES)
def test_crikey_exchange_follows_the_seed_rules(
    white: int, black: int, result: Result, wp: int, bp: int, gain: int
) -> None:
    """crikey_exchange returns White's gain in hundredths for each rule of seed 000."""
    assert crikey_exchange(white, black, result, wp, bp) == gain


@pytest.mark.parametrize(("white", "black", "result", "wp", "bp", "gain"), EXCHANGE_CASES)
def test_crikey_tournament_of_one_game_moves_the_hand_worked_exchange(
    white: int, black: int, result: Result, wp: int, bp: int, gain: int
) -> None:
    """A one-game tournament (the fast replay loop) moves exactly the hand-worked exchange."""
    games = [CrikeyGame("white", "black", result, wp, bp)]
    after = crikey_tournament({"white": white, "black": black}, games)
    assert after == {"white": white + gain, "black": black - gain}


# CE = gap / 10 rounded half-up to hundredths; with a draw White pays CE when White is higher.
# White = Black + gap - 3.00 so that the gap after the handicap is exactly `gap`.
CE_ROUNDING_CASES = [
    (355, 36),  # 3.55 / 10 = 0.355 -> 0.36 (the seed)
    (354, 35),  # 0.354 -> 0.35
    (345, 35),  # 0.345 -> 0.35 (half up, not half even)
    (344, 34),  # 0.344 -> 0.34
    (335, 34),  # 0.335 -> 0.34
    (5, 1),  # 0.005 -> 0.01
    (4, 0),  # 0.004 -> 0.00
    (1000, 100),  # 10.00 -> 1.00
    (1005, 101),  # 1.005 -> 1.01
    (2300, 230),  # 23.00 -> 2.30
]


@pytest.mark.parametrize(("gap", "ce"), CE_ROUNDING_CASES)
def test_core_exchange_rounds_half_up_to_hundredths(gap: int, ce: int) -> None:
    """A draw moves CE = gap/10 rounded half-up (3.55 -> 36, 3.54 -> 35, 3.45 -> 35 hundredths)."""
    black = 5000
    white = black + gap - 300
    assert crikey_exchange(white, black, D, 10, 10) == -ce
    # Same gap with Black the higher-rated: Black pays CE to White.
    assert crikey_exchange(black - 300, black + gap, D, 10, 10) == ce


# --- tournaments ----------------------------------------------------------------------------

# seed 000, its four tournaments: (ratings, games, expected ratings), all worked by hand.
SEED_TOURNAMENTS = [
    pytest.param(
        {"alice": 7691, "bob": 7636},
        [CrikeyGame("alice", "bob", B, 20, 15)],
        # the worked example: RPE 1.36 doubled to 2.72
        {"alice": 7419, "bob": 7908},
        id="tournament-1",
    ),
    pytest.param(
        {"alice": 5555, "bob": 5555},
        [CrikeyGame("alice", "bob", D, 10, 30), CrikeyGame("bob", "alice", D, 20, 20)],
        # alice eff 58.55 vs 55.55: gap 3.00, CE 0.30 -> alice 55.25, bob 55.85;
        # bob eff 58.85 vs 55.25: gap 3.60, CE 0.36 -> bob 55.49, alice 55.61
        {"alice": 5561, "bob": 5549},
        id="tournament-2",
    ),
    pytest.param(
        {"alice": 9426, "bob": 9600},
        [CrikeyGame("alice", "bob", W, 10, 10)],
        # alice eff 97.26 vs 96.00: gap 1.26, CE 0.126 -> 0.13; higher wins: RPE 0.87
        {"alice": 9513, "bob": 9513},
        id="tournament-3",
    ),
    pytest.param(
        {"alice": 5255, "bob": 5555, "fred": 8000},
        [CrikeyGame("alice", "bob", D, 10, 30), CrikeyGame("fred", "fred", B, 27, 50)],
        # alice eff 55.55 = bob 55.55: draw, no change; fred against himself nets to nothing
        {"alice": 5255, "bob": 5555, "fred": 8000},
        id="tournament-4",
    ),
]


@pytest.mark.parametrize(("ratings", "games", "expected"), SEED_TOURNAMENTS)
def test_crikey_tournament_reproduces_the_seed_example(
    ratings: dict[str, int], games: list[CrikeyGame], expected: dict[str, int]
) -> None:
    """The four tournaments of seed 000 give the seed's output (judge mode allows self-play)."""
    assert crikey_tournament(ratings, games, allow_self_play=True) == expected


# The seed's example input, as the contest lists it.
# The seed's output, tournament by tournament.
SEED_RESULTS = [
    {"bob": 7908, "alice": 7419},
    {"alice": 5561, "bob": 5549},
    {"bob": 9513, "alice": 9513},
    {"fred": 8000, "bob": 5555, "alice": 5255},
]


def test_seed_input_parsed_and_played_gives_the_seed_ratings() -> None:
    """read_crikey + crikey_tournament(allow_self_play=True) reproduce the seed's four results."""
    results = [
        crikey_tournament(
            dict(zip(t.names, t.ratings, strict=True)),
            [
                CrikeyGame(t.names[w], t.names[b], CRIKEY_RESULTS[r], wp, bp)
                for w, b, r, wp, bp in t.games
            ],
            allow_self_play=True,
        )
        for t in read_crikey(SEED_INPUT)
    ]
    assert results == SEED_RESULTS


def test_self_play_is_an_error_in_workbooks() -> None:
    """Without allow_self_play a player against themself is a SelfPlayError naming the row."""
    where = Location(sheet="Crikey Games", row=3)
    games = [CrikeyGame("fred", "fred", B, 27, 50, where=where)]
    with pytest.raises(SelfPlayError) as caught:
        crikey_tournament({"fred": 8000, "bob": 5555}, games)
    assert caught.value.where == where
    assert "row 3" in str(caught.value)
    assert "'fred'" in str(caught.value)


def test_self_play_in_judge_mode_changes_nothing() -> None:
    """With allow_self_play (the judge format) "fred fred lost 27 50" leaves fred at 80.00."""
    # eff 83.00 vs 80.00: fred "lost" as White, +1.30 as Black and -1.30 as White: net 0.
    games = [CrikeyGame("fred", "fred", B, 27, 50)]
    assert crikey_tournament({"fred": 8000}, games, allow_self_play=True) == {"fred": 8000}


def test_unknown_player_is_an_error_naming_the_column() -> None:
    """A game naming someone off the player list raises UnknownPlayerError quoting the name."""
    where = place(CRIKEY_GAMES, 4)  # White in column A, Black in B
    games = [CrikeyGame("alice", "carol", W, 10, 10, where=where)]
    with pytest.raises(UnknownPlayerError) as caught:
        crikey_tournament({"alice": 7691, "bob": 7636}, games)
    assert "row 4" in str(caught.value)
    assert "column B (Black)" in str(caught.value)
    assert "'carol'" in str(caught.value)


def test_crikey_tournament_applies_games_in_order_to_current_ratings() -> None:
    """Each game uses the ratings left by the previous one (seed tournament 2, step by step)."""
    # First game alone: alice 55.25, bob 55.85 (see tournament-2 above).
    one = crikey_tournament({"alice": 5555, "bob": 5555}, [CrikeyGame("alice", "bob", D, 10, 30)])
    assert one == {"alice": 5525, "bob": 5585}


def test_crikey_tournament_does_not_change_its_input() -> None:
    """The caller's ratings mapping is left as it was."""
    ratings = {"alice": 7691, "bob": 7636}
    crikey_tournament(ratings, [CrikeyGame("alice", "bob", B, 20, 15)])
    assert ratings == {"alice": 7691, "bob": 7636}


# --- hundredths -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "hundredths"),
    [
        ("76.91", 7691),
        (76.91, 7691),  # a float: its shortest decimal form, exactly
        (0.29, 29),  # 0.29 * 100 is 28.999999999999996 in binary floats
        (1.15, 115),  # 1.15 * 100 is 114.99999999999999 in binary floats
        (80, 8000),
        ("80", 8000),
        ("80.0", 8000),
        ("0.05", 5),
        (" 55.55 ", 5555),
        ("-1.50", -150),
        (-0.05, -5),
        (Decimal("95.13"), 9513),
    ],
)
def test_parse_hundredths_reads_exact_two_decimal_ratings(value: object, hundredths: int) -> None:
    """Ratings with up to two decimals become exact integer hundredths, floats included."""
    assert parse_hundredths(value) == hundredths


@pytest.mark.parametrize(
    "value",
    [
        "76.911",
        76.911,
        1.005,
        "0.001",
        "abc",
        "",
        None,
        True,
        float("nan"),
        float("inf"),
        "1e400x",
        # 10^400000000 is no rating with two decimals; Decimal overflows scaling it.
        "1e400000000",
    ],
)
def test_parse_hundredths_rejects_non_numbers_and_more_than_two_decimals(value: object) -> None:
    """Text that is not a number, empty cells and a third decimal are errors, never rounded."""
    with pytest.raises(InvalidValueError):
        parse_hundredths(value)


@pytest.mark.parametrize(
    ("hundredths", "text"),
    [
        (7908, "79.08"),
        (8000, "80.00"),
        (5, "0.05"),
        (0, "0.00"),
        (-5, "-0.05"),
        (-150, "-1.50"),
        (-13000, "-130.00"),
        (123456, "1234.56"),
    ],
)
def test_format_hundredths_prints_two_decimals_with_sign(hundredths: int, text: str) -> None:
    """Hundredths print with exactly two decimals; negatives carry one minus sign."""
    assert format_hundredths(hundredths) == text


@settings(max_examples=100, deadline=None)
@given(st.integers(-(10**7), 10**7))
def test_format_then_parse_hundredths_round_trips(hundredths: int) -> None:
    """parse_hundredths(format_hundredths(x)) == x."""
    assert parse_hundredths(format_hundredths(hundredths)) == hundredths


# --- properties -----------------------------------------------------------------------------


def decimal_reference(white: Decimal, black: Decimal, result: Result, wp: int, bp: int) -> Decimal:
    """White's gain by seed 000's words, in Decimal (an independent reading of the rules)."""
    white_eff = white + 3  # step 1
    gap = abs(white_eff - black)
    ce = (gap / 10).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)  # step 2
    if result is D:  # step 3c
        if white_eff == black:
            return Decimal(0)
        return -ce if white_eff > black else ce
    winner, loser = (white_eff, black) if result is W else (black, white_eff)
    rpe = 1 - ce if winner > loser else 1 + ce if winner < loser else Decimal(1)  # 3a, 3b
    winner_pieces, loser_pieces = (wp, bp) if result is W else (bp, wp)
    if winner_pieces < loser_pieces:  # step 4
        rpe *= 2
    return rpe if result is W else -rpe


ratings_strategy = st.integers(-2000, 20000)
# Few piece values, so equal totals (never doubled) come up often.
pieces_strategy = st.integers(0, 4)
results_strategy = st.sampled_from([W, B, D])


@settings(max_examples=200, deadline=None)
@given(ratings_strategy, ratings_strategy, results_strategy, pieces_strategy, pieces_strategy)
def test_crikey_exchange_equals_a_decimal_reading_of_the_rules(
    white: int, black: int, result: Result, wp: int, bp: int
) -> None:
    """The hundredths arithmetic agrees with the rules computed in Decimal with ROUND_HALF_UP."""
    expected = decimal_reference(Decimal(white) / 100, Decimal(black) / 100, result, wp, bp)
    assert crikey_exchange(white, black, result, wp, bp) == int(expected * 100)


@st.composite
def crikey_events(draw: st.DrawFn) -> tuple[dict[str, int], list[CrikeyGame]]:
    """Random players with ratings and games between two different players."""
    names = draw(
        st.lists(st.text("abcdefghij", min_size=1, max_size=4), min_size=2, max_size=6, unique=True)
    )
    ratings = {name: draw(ratings_strategy) for name in names}
    games = []
    for _ in range(draw(st.integers(0, 12))):
        white, black = draw(st.permutations(names))[:2]
        games.append(
            CrikeyGame(
                white, black, draw(results_strategy), draw(pieces_strategy), draw(pieces_strategy)
            )
        )
    return ratings, games


@settings(max_examples=50, deadline=None)
@given(crikey_events())
def test_crikey_tournament_is_zero_sum(event: tuple[dict[str, int], list[CrikeyGame]]) -> None:
    """Every exchange moves points from one player to the other: the total never changes."""
    ratings, games = event
    after = crikey_tournament(ratings, games)
    assert set(after) == set(ratings)
    assert sum(after.values()) == sum(ratings.values())


@settings(max_examples=50, deadline=None)
@given(crikey_events())
def test_consistency_replay_crikey_agrees_with_crikey_exchange_game_by_game(
    event: tuple[dict[str, int], list[CrikeyGame]],
) -> None:
    """The fast replay loop gives what applying crikey_exchange game by game gives."""
    ratings, games = event
    names = list(ratings)
    expected = dict(ratings)
    for g in games:
        gain = crikey_exchange(
            expected[g.white], expected[g.black], g.result, g.white_pieces, g.black_pieces
        )
        expected[g.white] += gain
        expected[g.black] -= gain
    values = [ratings[name] for name in names]
    result_index = {W: 0, B: 1, D: 2}  # replay_crikey's documented result index
    replay_crikey(
        values,
        [
            (
                names.index(g.white),
                names.index(g.black),
                result_index[g.result],
                g.white_pieces,
                g.black_pieces,
            )
            for g in games
        ],
    )
    assert dict(zip(names, values, strict=True)) == expected
    assert crikey_tournament(ratings, games) == expected
