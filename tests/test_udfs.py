"""Worksheet functions (ratingbook.udfs) against the seeds' examples and hand calculations.

On Linux xlwings' @xw.func/@xw.arg decorators return the function unchanged, so the UDFs are
called here exactly as Excel would call them: with numbers as floats, text, and range arguments
as a single value, a flat list (one row or column) or a list of rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from ratingbook.errors import RatingbookError
from ratingbook.udfs import (
    CRIKEY_UPDATE,
    ELO_EXPECTED,
    ELO_SERIES,
    ELO_TOURNAMENT,
    ELO_UPDATE,
    GLICKO2_UPDATE,
    LADDER_UPDATE,
    SWISS_STANDINGS,
    TEAM_EXPLAIN,
    TEAM_STANDINGS,
)

# seed 003's file.out for "32 1613 1609" and A's scores 0, 0.5, 0.5, 0, 0, 0.
SEED_003_SCORES = [0, 0.5, 0.5, 0, 0, 0]
SEED_003_OUT = [
    [1613, 1609],
    [1597, 1625],
    [1598, 1624],
    [1599, 1623],
    [1584, 1638],
    [1570, 1652],
    [1558, 1664],
]

# seed 004's nine games (three rounds) and its final table.
SEED_004_GAMES: list[list[Any]] = [
    ["Anna", "Femke", 1, 0],
    ["Bob", "Erik", 0, 1],
    ["Charlotte", "Daniel", 0.5, 0.5],
    ["Erik", "Anna", 1, 0],
    ["Femke", "Charlotte", 0.5, 0.5],
    ["Daniel", "Bob", 1, 0],
    ["Daniel", "Erik", 0.5, 0.5],
    ["Charlotte", "Anna", 1, 0],
    ["Bob", "Femke", 1, 0],
]
SEED_004_TABLE: list[list[Any]] = [
    ["Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"],
    [1, "Erik", 2.5, 4.0, 3.00, 2],
    [2, "Daniel", 2.0, 5.5, 3.25, 1],
    [3, "Charlotte", 2.0, 3.5, 2.25, 1],
    [4, "Anna", 1.0, 5.0, 0.50, 2],
    [5, "Bob", 1.0, 5.0, 0.50, 1],
    [6, "Femke", 0.5, 4.0, 1.00, 2],
]


# --- Elo ---------------------------------------------------------------------------------------


def test_elo_expected_is_seed_003s_0_506() -> None:
    """Seed 003: E_A = 0.506 and E_B = 0.494 for 1613 against 1609."""
    assert ELO_EXPECTED(1613, 1609) == pytest.approx(0.506, abs=5e-4)
    assert ELO_EXPECTED(1609.0, 1613.0) == pytest.approx(0.494, abs=5e-4)
    assert ELO_EXPECTED(1500, 1500) == 0.5  # equal ratings: exactly a half


ELO_UPDATE_CASES = [
    # seed 003: R'_A = 1613 + 32 (0 - 0.506) = 1597 once rounded, R'_B = 1609 + 32 (1 - 0.494).
    ((1613, 1609, 0, 32), 1597),
    ((1609, 1613, 1, 32), 1625),
    # hand: equal ratings, E = 1/2, K = 20 by default: a win is +10, a draw 0, a loss -10.
    ((1500, 1500, 1), 1510),
    ((1500, 1500, "½"), 1500),
    ((1500, 1500, "0-1"), 1490),
    # hand: 400 points apart, E = 1/(1+10) = 1/11; a win gains 20 * 10/11 = 18.18...
    ((1600, 2000, "1-0"), 1600 + 200 / 11),
]


@pytest.mark.parametrize(("arguments", "expected"), ELO_UPDATE_CASES)
def test_elo_update(arguments: tuple[Any, ...], expected: float) -> None:
    """ELO_UPDATE is R + K (S - E), unrounded (the seed rounds it for file.out)."""
    result = ELO_UPDATE(*arguments)
    if isinstance(expected, int) and len(arguments) == 4:
        assert round(result) == expected
        assert result != expected  # not rounded by the function itself
    else:
        assert result == pytest.approx(expected, rel=1e-12)


def test_elo_update_default_k_also_for_an_empty_cell() -> None:
    """An empty K cell means the default K = 20."""
    assert ELO_UPDATE(1500, 1500, 1, None) == ELO_UPDATE(1500, 1500, 1) == 1510


SCORE_SHAPES = [
    pytest.param(SEED_003_SCORES, id="flat list (one row or column)"),
    pytest.param([[s] for s in SEED_003_SCORES], id="column as rows"),
    pytest.param([SEED_003_SCORES], id="row as one row"),
    pytest.param([[0.0], ["0.5"], ["½"], ["0-1"], [0], ["(0-1)"]], id="mixed spellings"),
    pytest.param([[0], [0.5], [None], [0.5], [0], [0], [0], [""]], id="empty cells skipped"),
]


@pytest.mark.parametrize("scores", SCORE_SHAPES)
def test_elo_series_reproduces_seed_003(scores: Any) -> None:
    """ELO_SERIES(32, 1613, 1609, scores) spills seed 003's file.out: 7 rows, initial pair first."""
    assert ELO_SERIES(32, 1613, 1609, scores) == SEED_003_OUT
    assert ELO_SERIES(32.0, 1613.0, 1609.0, scores) == SEED_003_OUT


def test_elo_series_with_one_score_as_a_single_value() -> None:
    """A one-cell range arrives as a plain value: one game."""
    assert ELO_SERIES(32, 1613, 1609, 0) == SEED_003_OUT[:2]


def test_elo_tournament_reproduces_seed_002() -> None:
    """Seed 002: `4 3 0` gives 1191 1189 1191 1229, one row in ID order."""
    assert ELO_TOURNAMENT(4, 3, 0) == [[1191, 1189, 1191, 1229]]
    assert ELO_TOURNAMENT(4.0, 3.0, 0.0) == [[1191, 1189, 1191, 1229]]  # Excel's numbers
    assert ELO_TOURNAMENT("4", "3", "0") == [[1191, 1189, 1191, 1229]]


# --- ladder ------------------------------------------------------------------------------------

# Hand-checked with seed 001's rule (d = the difference before the game, floor(d/25)):
LADDER_CASES = [
    ((1200, 1000, 1), 1208),  # favourite wins, d=200: +16 - 8
    ((1000, 1200, 0), 992),  # the same game seen by the loser
    ((1000, 1200, 1), 1024),  # underdog wins, d=200: +16 + 8
    ((1200, 1000, 0), 1176),  # the favourite loses it: -24
    ((1200, 1000, 0.5), 1192),  # draw: the higher-rated gives floor(200/25) = 8
    ((1000, 1200, "½"), 1008),
    ((1400, 1000, 1), 1401),  # d=400 > 375: the favourite gains 1
    ((1000, 1400, "1-0"), 1031),  # the underdog gains 31
    ((1400, 1000, "½-½"), 1385),  # a draw 376 or more apart moves 15
    ((1375, 1000, 1), 1376),  # d=375 (not more than 375): 16 - floor(375/25) = 16 - 15
    ((1100, 1100, 0.5), 1100),  # equal ratings, draw: no change
    ((1100.0, 1100.0, 1.0), 1116),  # Excel passes floats
]


@pytest.mark.parametrize(("arguments", "expected"), LADDER_CASES)
def test_ladder_update(arguments: tuple[Any, ...], expected: int) -> None:
    """LADDER_UPDATE gives the player's new ladder rating for a score of 1, ½ or 0."""
    assert LADDER_UPDATE(*arguments) == expected


# --- Crikey ------------------------------------------------------------------------------------

CRIKEY_CASES = [
    # seed 000: Alice (white) 76.91 loses to Bob 76.36 with 20 against 15 pieces -> 74.19, 79.08
    ((76.91, 76.36, "lost", 20, 15), [[74.19, 79.08]]),
    # seed 000, step 3a: Alice wins: RPE 1 - 0.36 = 0.64 -> 77.55, 75.72
    ((76.91, 76.36, "won", 20, 15), [[77.55, 75.72]]),
    # step 3c: a draw, the higher-rated (Alice with the handicap) gives CE 0.36
    ((76.91, 76.36, "drew", 20, 15), [[76.55, 76.72]]),
    # step 3b: Bob wins with more pieces: RPE 1.36, not doubled
    (("76.91", "76.36", "LOST", 10, 30), [[75.55, 77.72]]),
    # seed 000, tournament 3: alice 94.26 beats bob 96.00 with 10 against 10: 95.13 each
    ((94.26, 96.00, "won", 10, 10), [[95.13, 95.13]]),
]


@pytest.mark.parametrize(("arguments", "expected"), CRIKEY_CASES)
def test_crikey_update(arguments: tuple[Any, ...], expected: list[list[float]]) -> None:
    """CRIKEY_UPDATE spills White's and Black's new ratings, exact to the hundredth."""
    assert CRIKEY_UPDATE(*arguments) == expected


# --- Swiss -------------------------------------------------------------------------------------


def test_swiss_standings_reproduces_seed_004() -> None:
    """The seed's nine games give the seed's table, with a header row."""
    assert SWISS_STANDINGS(SEED_004_GAMES) == SEED_004_TABLE


def test_swiss_standings_skips_a_header_row_and_empty_rows() -> None:
    """A selected header (White, Black, ...) and blank rows at the end are ignored; ½ works."""
    games = [["White", "Black", "White Points", "Black Points"], *SEED_004_GAMES]
    games[3] = ["Charlotte", "Daniel", "½", "½"]
    games += [[None, None, None, None], ["", "", "", ""]]
    assert SWISS_STANDINGS(games) == SEED_004_TABLE


def test_swiss_standings_of_a_single_game_in_any_shape() -> None:
    """One game arrives as one row, or flat (a 1x4 range without ndim=2)."""
    expected = [
        ["Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"],
        [1, "Anna", 1.0, 0.0, 0.0, 0],
        [2, "Femke", 0.0, 1.0, 0.0, 1],
    ]
    assert SWISS_STANDINGS([["Anna", "Femke", 1, 0]]) == expected
    assert SWISS_STANDINGS(["Anna", "Femke", 1, 0]) == expected


def test_swiss_standings_ranks_by_blacks_last_and_full_ties_alike() -> None:
    """Equal points, resistance and SB: more games with black ranks higher (seed 004). Equal on
    every key: the same rank, the first to appear listed first."""
    table = SWISS_STANDINGS([["Ann", "Bob", 0.5, 0.5]])
    assert table[1:] == [[1, "Bob", 0.5, 0.5, 0.25, 1], [2, "Ann", 0.5, 0.5, 0.25, 0]]
    table = SWISS_STANDINGS([["Ann", "Bob", 0.5, 0.5], ["Bob", "Ann", 0.5, 0.5]])
    assert [row[:2] for row in table[1:]] == [[1, "Ann"], [1, "Bob"]]


# --- bad arguments -----------------------------------------------------------------------------

BAD_CALLS: list[Any] = [
    pytest.param(lambda: ELO_EXPECTED("abc", 1500), r"rating 'abc' is not a number", id="rating"),
    pytest.param(lambda: ELO_EXPECTED(1500, None), r"opponent is empty", id="empty"),
    pytest.param(lambda: ELO_UPDATE(1500, 1500, 2), r"score 2 is not a score", id="score 2"),
    pytest.param(lambda: ELO_UPDATE(1500, 1500, "win"), r"score 'win' is not", id="score text"),
    pytest.param(lambda: ELO_UPDATE(1500, 1500, True), r"score True is not", id="boolean"),
    pytest.param(lambda: ELO_UPDATE(1500, 1500, 1, -5), r"k -5 is too small for K", id="k"),
    pytest.param(
        lambda: ELO_UPDATE(1500, 1500, "1e-400000000"),
        r"score '1e-400000000' is not a score",
        id="huge exponent (a quick error)",
    ),
    pytest.param(lambda: ELO_UPDATE(1500, 1500, "NaN"), r"score 'NaN' is not", id="NaN"),
    pytest.param(
        lambda: ELO_SERIES(32, 1613, 1609, [0, 0.7]),
        r"game 2: score 0.7 is not a score",
        id="series",
    ),
    pytest.param(
        lambda: ELO_TOURNAMENT(4.5, 3, 0), r"contestants 4.5 is not a whole number", id="C"
    ),
    pytest.param(lambda: ELO_TOURNAMENT(4, -1, 0), r"rounds -1 must be a whole", id="R"),
    pytest.param(lambda: ELO_TOURNAMENT(4, 3, "x"), r"seed 'x' is not a number", id="X0"),
    pytest.param(lambda: ELO_TOURNAMENT(20000, 1, 0), r"more than one row holds", id="wide"),
    pytest.param(lambda: ELO_TOURNAMENT(1000, 1000, 0), r"command line", id="long"),
    pytest.param(
        lambda: LADDER_UPDATE(1200.5, 1000, 1), r"rating 1200.5 is not a whole number", id="ladder"
    ),
    pytest.param(lambda: LADDER_UPDATE(1200, 1000, "(1-O)"), r"score '\(1-O\)'", id="result"),
    pytest.param(
        lambda: CRIKEY_UPDATE(76.915, 76.36, "lost", 20, 15),
        r"white: rating 76.915 has more than two decimals",
        id="decimals",
    ),
    pytest.param(
        lambda: CRIKEY_UPDATE(76.91, 76.36, "wonn", 20, 15),
        r"white_result: unknown result 'wonn'; expected won, drew or lost",
        id="crikey result",
    ),
    pytest.param(
        lambda: CRIKEY_UPDATE(76.91, 76.36, "won", -1, 15),
        r"white_pieces -1 is too small for a piece value \(at least 0\)",
        id="pieces",
    ),
    pytest.param(
        lambda: SWISS_STANDINGS([["Anna", "Bob", 1, "x"]]),
        r"games row 1, black points: points 'x' is not a score; expected 1 \(win\), 0.5",
        id="points",
    ),
    pytest.param(
        lambda: SWISS_STANDINGS([["White", "Black", "WP", "BP"], ["Anna", "Anna", 1, 0]]),
        r"games row 2: player 'Anna' cannot play themself",
        id="self-play",
    ),
    pytest.param(
        lambda: SWISS_STANDINGS([["Anna", "Bob", 1, 1]]),
        r"games row 1: points 1 and 1 add up to more than 1",
        id="too many points",
    ),
    pytest.param(
        lambda: SWISS_STANDINGS([["Anna", "Bob", 1]]),
        r"games row 1 has 3 cells \['Anna', 'Bob', 1\]; expected 4",
        id="short row",
    ),
    pytest.param(  # the range's column, by its letter and its header as the range spells it
        lambda: SWISS_STANDINGS(
            [
                ["Round", "white", "Black", "Result"],
                [1, "Anna", "Bob", "1-0"],
                [1, "Anna", "Cy", "0-1"],
                [1, "Dan", "Eve", "1-0"],
            ],
            "BH",
        ),
        r"^row 3, column B \(white\): 'Anna' appears twice in round 1 \(also row 2\)$",
        id="event range",
    ),
    pytest.param(
        lambda: SWISS_STANDINGS([["Anna", "#N/A", 1, 0]]),
        r"games row 1, black: the cell holds the Excel error '#N/A'",
        id="Excel error",
    ),
]


@pytest.mark.parametrize(("call", "message"), BAD_CALLS)
def test_bad_arguments_raise_a_message_quoting_the_value(
    call: Callable[[], object], message: str
) -> None:
    """Every bad argument raises a RatingbookError whose message quotes it."""
    with pytest.raises(RatingbookError, match=message):
        call()


def test_udfs_are_registered_with_excel_help_text() -> None:
    """Each function has a docstring (Excel's description) with a worked example, short enough
    for desktop Excel, where xlwings cuts descriptions at 255 characters."""
    for udf in (
        ELO_EXPECTED,
        ELO_UPDATE,
        ELO_SERIES,
        ELO_TOURNAMENT,
        GLICKO2_UPDATE,
        LADDER_UPDATE,
        CRIKEY_UPDATE,
        SWISS_STANDINGS,
        TEAM_STANDINGS,
        TEAM_EXPLAIN,
    ):
        assert udf.__doc__ is not None
        assert f"={udf.__name__}(" in udf.__doc__
        assert len(udf.__doc__) <= 255


def test_crikey_update_takes_a_rating_computed_by_excel_as_the_two_decimal_value() -> None:
    """=89.90+0.01 is 89.91000000000001 in Excel; it is the rating 89.91 (issue 9, item 6).

    White 89.91 + 3 = 92.91 against 76.36: gap 16.55, CE 1.655 -> 1.66; the favourite wins,
    RPE 1 - 1.66 = -0.66 (seed 000 literally): White 89.25, Black 77.02.
    """
    assert CRIKEY_UPDATE(89.90 + 0.01, 76.36, "won", 10, 10) == [[89.25, 77.02]]


def test_elo_series_rounds_a_fractional_starting_rating_like_every_later_one() -> None:
    """1500.5 plays as 1501 (issue 9, item 7; arithmetic in tests/ratings/test_elo.py)."""
    assert ELO_SERIES(10, 1500.5, 1500, [[1]]) == [[1501, 1500], [1506, 1495]]


def test_elo_series_needs_k_while_elo_update_defaults_to_20() -> None:
    """ELO_UPDATE(1500, 1500, 1) with K left empty is 1500 + 20 x ½ = 1510; ELO_SERIES has no
    default K: an empty one is an error."""
    assert ELO_UPDATE(1500, 1500, 1, None) == 1510
    with pytest.raises(RatingbookError, match="k is empty; expected K"):
        ELO_SERIES(None, 1500, 1500, [[1]])


def test_swiss_explain_gives_a_players_tie_from_the_seeds_table() -> None:
    # Seed 004's table: Anna 1.0 5.0 0.50 2, Bob 1.0 5.0 0.50 1: "Anna gets the fourth place
    # over Bob" on blacks, equal on resistance and Sonneborn-Berger.
    from ratingbook.udfs import SWISS_EXPLAIN

    assert SWISS_EXPLAIN(SEED_004_GAMES, "Bob") == [
        ["Note"],
        ["Anna is 4th, ahead of Bob, on Blacks: 2 to 1 (both have 1 point; equal on "
         "Resistance 5, Sonneborn-Berger 0.5)."],
    ]  # fmt: skip
    assert SWISS_EXPLAIN(SEED_004_GAMES, "Erik") == [
        ["Note"],
        ["Erik is level on points with neither neighbour: points decide."],
    ]
    with pytest.raises(RatingbookError, match="player 'Zed' plays no game"):
        SWISS_EXPLAIN(SEED_004_GAMES, "Zed")


# --- Glicko-2 ----------------------------------------------------------------------------------


def test_glicko2_update_gives_glickmans_example() -> None:
    """Glickman's "Example of the Glicko-2 system": 1500 / 200 / 0.06 beats 1400 (RD 30), loses
    to 1550 (RD 100) and 1700 (RD 300), τ 0.5: r' 1464.05, RD' 151.52, σ' 0.05999(6); the
    ranges may be rows, columns or results, τ may be left out (0.5)."""
    for args in (
        (1500, 200, 0.06, [1400, 1550, 1700], [30, 100, 300], [1, 0, 0], 0.5),
        (1500.0, "200", 0.06, [[1400], [1550], [1700]], [[30], [100], [300]], ["1-0", 0, "0-1"]),
    ):
        [[rating, deviation, volatility]] = GLICKO2_UPDATE(*args)
        assert (round(rating, 2), round(deviation, 2)) == (1464.05, 151.52)
        assert math.floor(volatility * 100_000) / 100_000 == 0.05999


def test_glicko2_update_without_games_grows_the_deviation_only() -> None:
    """Step 6 alone: RD' = 173.7178 sqrt((200/173.7178)² + 0.06²) = 200.2714 (by hand:
    1.1512900² = 1.3254686, + 0.0036 = 1.3290686, sqrt 1.1528524, x 173.7178)."""
    [[rating, deviation, volatility]] = GLICKO2_UPDATE(1500, 200, 0.06, None, [], "")
    assert (rating, volatility) == (1500, 0.06)
    assert round(deviation, 4) == 200.2714


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1500, 0, 0.06, [1400], [30], [1]), r"deviation 0 must be above 0"),
        ((1500, 200, -1, [1400], [30], [1]), r"volatility -1 must be above 0"),
        ((1500, 200, 0.06, [1400, 1550], [30], [1, 0]), r"2 opponents' ratings, 1 deviations"),
        ((1500, 200, 0.06, [1400], [30], [2]), r"scores 2 is not a score"),
        ((1500, 200, 0.06, ["x"], [30], [1]), r"opponents_ratings 'x' is not a number"),
        ((1500, 200, 0.06, [1400], [30], [1], 0), r"Glicko-2 tau 0 must be a number above 0"),
    ],
)
def test_glicko2_update_names_a_bad_argument(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(RatingbookError, match=message):
        GLICKO2_UPDATE(*args)
