"""Tests for :mod:`ratingbook.ratings.glicko2` and Glicko-2 seasons
(:mod:`ratingbook.ratings.glicko2_periods` through :func:`rate_season`).

Expected figures come from Glickman's "Example of the Glicko-2 system" (2013), by hand from the
paper's formulas, or from pyglicko2, an independent implementation installed with the test
extra (read against the paper: f with φ², "f(C) f(B) <= 0", σ' = e^(A/2)).
"""

from __future__ import annotations

import math
import random

import pyglicko2
import pytest

from ratingbook.errors import RatingbookError
from ratingbook.ratings.glicko2 import (
    SCALE,
    Glicko2Rating,
    Glicko2Settings,
    IterationError,
    as_opponents,
    g_factor,
    glicko2_idle,
    glicko2_update,
    new_volatility,
)
from ratingbook.ratings.rating_periods import rate_season
from ratingbook.ratings.season_model import PlayerStart, RatingPeriod

# The paper's example: the player and his three games (opponent's rating, RD, score).
PLAYER = Glicko2Rating(1500, 200, 0.06)
GAMES = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]


def paper_f(x: float, sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5.1's f, written again from the paper."""
    a = math.log(sigma**2)
    return (
        math.exp(x) * (delta**2 - phi**2 - v - math.exp(x)) / (2 * (phi**2 + v + math.exp(x)) ** 2)
        - (x - a) / tau**2
    )


def is_root(sigma_new: float, sigma: float, phi: float, v: float, delta: float, tau: float) -> bool:
    """σ' is within ε of the root: f changes sign across ln σ'² ± (ε + a rounding's worth)."""
    x, eps = math.log(sigma_new**2), 1.0000001e-6
    low = paper_f(x - eps, sigma, phi, v, delta, tau)
    high = paper_f(x + eps, sigma, phi, v, delta, tau)
    return low * high <= 0


# --- Glickman's example, step by step ----------------------------------------------------------


def test_glickmans_example_step_by_step_to_the_papers_digits() -> None:
    """Steps 2-8 of the paper's example, each to the digits it prints.

    Step 3 prints g = 0.9955, 0.9531, 0.7242 and E = 0.639, 0.432, 0.303; its v = 1.7785 and
    step 4's Δ = -0.4834 are computed from those rounded figures (recomputed below), so ours,
    unrounded, agree within what that rounding makes. Step 5: σ' = 0.05999 (the paper's first five
    decimals); step 7: φ' = 0.8722, μ' = -0.2069; step 8: RD' = 151.52 and r' = 1464.05 (the
    paper prints 1464.06 = 173.7178 x -0.2069 + 1500, its μ' rounded first).
    """
    assert [round(g_factor(rd / SCALE), 4) for _, rd, _ in GAMES] == [0.9955, 0.9531, 0.7242]
    result = glicko2_update(PLAYER, GAMES)
    assert [round(e, 3) for e in result.expected] == [0.639, 0.432, 0.303]
    # The paper's v and Δ from its printed g and E:
    g, e, s = (0.9955, 0.9531, 0.7242), (0.639, 0.432, 0.303), (1, 0, 0)
    paper_v = 1 / sum(gj**2 * ej * (1 - ej) for gj, ej in zip(g, e, strict=True))
    paper_delta = paper_v * sum(gj * (sj - ej) for gj, ej, sj in zip(g, e, s, strict=True))
    assert (round(paper_v, 4), round(paper_delta, 4)) == (1.7785, -0.4834)
    assert result.v == pytest.approx(1.7785, abs=0.001)
    assert result.delta == pytest.approx(-0.4834, abs=0.001)
    after = result.after
    assert math.floor(after.volatility * 100_000) / 100_000 == 0.05999
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert (round(after.rating, 2), round(after.deviation, 2)) == (1464.05, 151.52)
    assert round(173.7178 * -0.2069 + 1500, 2) == 1464.06  # the paper's own r'
    assert result.before == PLAYER


def test_the_example_takes_the_k_branch_of_step_5_and_lands_on_the_root() -> None:
    """Δ² = 0.234 is not above φ² + v = 1.3255 + 1.779, so step 5.2 searches a - kτ; the
    volatility found is f's root to ε (f changes sign within ε of ln σ'²)."""
    result = glicko2_update(PLAYER, GAMES)
    assert result.v is not None and result.delta is not None
    phi = 200 / SCALE
    assert result.delta**2 <= phi**2 + result.v
    assert is_root(result.after.volatility, 0.06, phi, result.v, result.delta, 0.5)


# --- a player who does not play ----------------------------------------------------------------


def test_a_player_who_misses_periods_only_gains_deviation() -> None:
    """Step 6 alone: φ' = sqrt(φ² + σ²). By hand for 1500 / 200 / 0.06: φ = 200 / 173.7178 =
    1.1512900, φ² = 1.3254686; one period: + 0.0036 = 1.3290686, sqrt 1.1528524, RD 200.2714;
    a second: + 0.0036 = 1.3326686, sqrt 1.1544127, RD 200.5425. Rating and σ stay."""
    once = glicko2_idle(PLAYER)
    twice = glicko2_idle(once)
    assert (once.rating, once.volatility, twice.rating, twice.volatility) == (
        1500,
        0.06,
        1500,
        0.06,
    )
    assert round(once.deviation, 4) == 200.2714
    assert round(twice.deviation, 4) == 200.5425
    assert glicko2_update(PLAYER, []).after == once


def test_a_season_grows_the_deviation_of_a_rated_player_who_does_not_play() -> None:
    """In a season, a rated player absent from two periods gets step 6 in each (lines with no
    games), an unrated player who has not played yet gets nothing, a fixed one never changes."""
    players = {
        "absent": PlayerStart(1500, 200, 0.06),
        "a": PlayerStart(1600),
        "b": PlayerStart(1400),
        "newcomer": PlayerStart(),
        "guest": PlayerStart(1800, 50, 0.06, fixed=True),
    }
    periods = [RatingPeriod([("a", "b", 0.5, None)]), RatingPeriod([("a", "guest", 0.0, None)])]
    season = rate_season(periods, players, Glicko2Settings())
    first, second = (p.lines for p in season.periods)
    assert "newcomer" not in first and "guest" not in first and "guest" not in second
    assert first["absent"].games == 0 and first["absent"].after == 1500
    assert round(second["absent"].why.after.deviation, 4) == 200.5425  # type: ignore[union-attr]
    assert season.players["guest"] == players["guest"]
    assert season.players["newcomer"] == players["newcomer"]


# --- step 5's edge cases -----------------------------------------------------------------------


def _reference(
    rating: float, rd: float, sigma: float, games: list[tuple[float, float, float]], tau: float
) -> tuple[float, float, float]:
    """The same period by pyglicko2."""
    outcomes = {1: pyglicko2.Outcome.WIN, 0.5: pyglicko2.Outcome.DRAW, 0: pyglicko2.Outcome.LOSS}
    with pyglicko2.system(tau):
        player = pyglicko2.Player(rating, rd, sigma)
        player.update(
            [pyglicko2.Player(r, d) for r, d, _ in games], [outcomes[s] for *_, s in games]
        )
    return player.r, player.RD, player.σ


EDGE_CASES = [
    # Δ² > φ² + v: a settled player (RD 30) beats ten much stronger ones.
    pytest.param(1500, 30, 0.06, [(2200, 30, 1)] * 10, 0.5, id="delta branch"),
    # a huge volatility: f(a - τ) < 0, so step 5.2 needs k > 1.
    pytest.param(1500, 50, 5.0, [(1500, 50, 0.5)], 0.5, id="k above 1"),
    pytest.param(1500, 350, 1e-8, [(1400, 30, 1), (1600, 30, 0)], 0.5, id="tiny volatility"),
    pytest.param(1500, 3000, 0.06, [(1500, 30, 1)], 0.5, id="huge deviation"),
    pytest.param(1500, 5, 0.06, [(1500, 5, 1)] * 3, 0.5, id="tiny deviation"),
    pytest.param(1500, 200, 0.06, [(1400, 30, 1)], 0.01, id="tiny tau"),
    pytest.param(1500, 200, 0.06, [(1400, 30, 0)] * 20, 3.0, id="large tau"),
    pytest.param(3000, 100, 0.06, [(500, 100, 0)], 0.5, id="a 2500-point upset"),
]


@pytest.mark.parametrize(("rating", "rd", "sigma", "games", "tau"), EDGE_CASES)
def test_illinois_edge_cases_land_on_the_root_and_agree_with_pyglicko2(
    rating: float, rd: float, sigma: float, games: list[tuple[float, float, float]], tau: float
) -> None:
    result = glicko2_update(Glicko2Rating(rating, rd, sigma), games, Glicko2Settings(tau=tau))
    assert result.v is not None and result.delta is not None
    assert is_root(result.after.volatility, sigma, rd / SCALE, result.v, result.delta, tau)
    after = result.after
    expected = _reference(rating, rd, sigma, games, tau)
    assert (after.rating, after.deviation, after.volatility) == pytest.approx(expected, rel=1e-12)


def test_the_delta_branch_starts_b_at_ln_of_delta_squared_minus_phi_squared_minus_v() -> None:
    """Step 5.2's first branch: with Δ² > φ² + v, B = ln(Δ² - φ² - v) and the root lies between
    a and B; a tighter tolerance moves σ' by less than the looser one's ε allows."""
    result = glicko2_update(Glicko2Rating(1500, 30, 0.06), [(2200, 30, 1)] * 10)
    assert result.v is not None and result.delta is not None
    phi = 30 / SCALE
    assert result.delta**2 > phi**2 + result.v
    big_b = math.log(result.delta**2 - phi**2 - result.v)
    x = math.log(result.after.volatility**2)
    assert math.log(0.06**2) < x < big_b
    fine = new_volatility(0.06, phi, result.v, result.delta, 0.5, tolerance=1e-13)
    assert abs(math.log(fine**2) - x) <= 1e-6


def _closure_volatility(
    sigma: float, phi: float, v: float, delta: float, tau: float, tolerance: float = 0.000001
) -> tuple[float, int]:
    """Step 5 as a plain function f and the paper's loop, written in the test (f's operations
    in the paper's order: e^x (Δ² - φ² - v - e^x) / (2 (φ² + v + e^x)²) - (x - a)/τ²): σ' and
    step 5.2's k (0 in the branch B = ln(Δ² - φ² - v))."""
    a = math.log(sigma * sigma)
    phi2_v = phi * phi + v

    def f(x: float) -> float:
        ex = math.exp(x)
        total = phi2_v + ex
        return ex * (delta * delta - phi2_v - ex) / (2.0 * total * total) - (x - a) / (tau * tau)

    big_a = a
    k = 0
    if delta * delta > phi2_v:
        big_b = math.log(delta * delta - phi2_v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > tolerance:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0), k


def test_step_5_gives_the_very_floats_of_a_plain_function_f() -> None:
    """The engine writes f out where step 5 asks it (issue 35's speed): on 3,000 random
    periods, both branches of step 5.2 among them (k above 1 too), σ' is the same float as
    f called as a function gives, compared with ==; and each player's (μ, g(φ)) as an
    opponent is the same float as step 2 and :func:`g_factor` give."""
    rng = random.Random(35)
    ks = set()
    for _ in range(3_000):
        sigma = rng.choice((0.06, rng.uniform(0.001, 0.2), rng.uniform(1.0, 6.0)))
        phi = rng.uniform(5, 400) / SCALE
        v = math.exp(rng.uniform(-5.0, 4.0))  # 0.007 to 55
        delta = rng.uniform(-4.0, 4.0)
        tau = rng.choice((0.3, 0.5, 1.2, 3.0, 6.0))  # f(a - τ) < 0 asks for τ above 2
        plain, k = _closure_volatility(sigma, phi, v, delta, tau)
        assert new_volatility(sigma, phi, v, delta, tau) == plain
        ks.add(min(k, 2))
    assert ks == {0, 1, 2}  # B = ln(Δ² - φ² - v), B = a - τ and B = a - kτ with k above 1
    players = {
        f"p{n}": Glicko2Rating(rng.uniform(0, 3000), rng.uniform(1, 500), 0.06) for n in range(500)
    }
    players["unrated"] = None
    scaled = as_opponents(players)
    assert scaled == {
        key: ((own.rating - 1500.0) / SCALE, g_factor(own.deviation / SCALE), own.rating)
        for key, own in players.items()
        if own is not None
    }


def test_the_iteration_stops_with_an_error_past_its_cap() -> None:
    """A cap of 1 step cannot reach ε in the example: a clear error, no endless loop; a
    tolerance finer than the floats resolve either settles or stops at the cap."""
    with pytest.raises(IterationError, match="did not settle within 1 steps"):
        glicko2_update(PLAYER, GAMES, Glicko2Settings(max_iterations=1))
    try:
        sigma = new_volatility(0.06, 200 / SCALE, 1.779, -0.4839, 0.5, tolerance=1e-300)
    except IterationError:
        pass
    else:
        assert sigma == pytest.approx(0.059996, abs=1e-6)


@pytest.mark.parametrize(
    ("player", "games", "message"),
    [
        (Glicko2Rating(1500, 0, 0.06), GAMES, "deviation 0 must be above 0"),
        (Glicko2Rating(1500, 200, 0), GAMES, "volatility 0 must be above 0"),
        (PLAYER, [(1400, 30, 2)], "game 1: score 2 is not between 0 and 1"),
        (PLAYER, [(1400, -1, 1)], "game 1: opponent's deviation -1 must be above 0"),
        (PLAYER, [(float("nan"), 30, 1)], "opponent's rating nan is not a finite number"),
        (PLAYER, [(9_000_000, 30, 1)], "too large for the games to say anything"),
    ],
)
def test_bad_values_are_named(
    player: Glicko2Rating, games: list[tuple[float, float, float]], message: str
) -> None:
    with pytest.raises(RatingbookError, match=message):
        glicko2_update(player, games)


def test_settings_refuse_what_the_paper_cannot_use() -> None:
    for bad in ({"tau": 0}, {"volatility": -1}, {"tolerance": 0}, {"max_iterations": 0}):
        with pytest.raises(RatingbookError):
            Glicko2Settings(**bad)  # type: ignore[arg-type]


# --- random seasons against pyglicko2 ----------------------------------------------------------


def _pyglicko2_season(
    starts: dict[str, tuple[float, float, float] | None],
    periods: list[list[tuple[str, str, float]]],
    tau: float,
) -> dict[str, tuple[float, float, float]]:
    """The season by pyglicko2: each period's updates from copies of everyone's values at its
    start; a rated player who does not play gets ``update([])`` (step 6)."""
    outcome = {1.0: pyglicko2.Outcome.WIN, 0.5: pyglicko2.Outcome.DRAW, 0.0: pyglicko2.Outcome.LOSS}
    values = dict(starts)
    with pyglicko2.system(tau):
        for games in periods:
            played: dict[str, list[tuple[str, float]]] = {}
            for white, black, score in games:
                played.setdefault(white, []).append((black, score))
                played.setdefault(black, []).append((white, 1.0 - score))
            fresh = (1500.0, 350.0, 0.06)
            new = dict(values)
            for key in set(played) | {k for k, v in values.items() if v is not None}:
                player = pyglicko2.Player(*(values[key] or fresh))
                own = played.get(key, [])
                player.update(
                    [pyglicko2.Player(*(values[o] or fresh)) for o, _ in own],
                    [outcome[s] for _, s in own],
                )
                new[key] = (SCALE * player.μ + 1500, SCALE * player.φ, player.σ)
            values = new
    return {k: v for k, v in values.items() if v is not None}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_seasons_agree_with_pyglicko2(seed: int) -> None:
    """40 players (a quarter unrated), 6 periods of 0-60 random games (some players sit out a
    period or several): every rating, RD and volatility as pyglicko2 computes them."""
    rng = random.Random(seed)
    keys = [f"p{n}" for n in range(40)]
    starts: dict[str, tuple[float, float, float] | None] = {
        key: None
        if rng.random() < 0.25
        else (rng.uniform(900, 2500), rng.uniform(30, 350), rng.uniform(0.03, 0.1))
        for key in keys
    }
    periods = []
    for _ in range(6):
        games = []
        for _ in range(rng.randrange(61)):
            white, black = rng.sample(keys, 2)
            games.append((white, black, rng.choice((1.0, 0.5, 0.0))))
        periods.append(games)
    tau = rng.choice((0.3, 0.5, 1.2))
    players = {k: PlayerStart() if v is None else PlayerStart(*v) for k, v in starts.items()}
    season = rate_season(
        [RatingPeriod([(w, b, s, None) for w, b, s in games]) for games in periods],
        players,
        Glicko2Settings(tau=tau),
    )
    expected = _pyglicko2_season(starts, periods, tau)
    got = {
        key: (start.rating, start.deviation, start.volatility)
        for key, start in season.players.items()
        if start.rating is not None
    }
    assert got.keys() == expected.keys()
    for key, values in expected.items():
        assert got[key] == pytest.approx(values, rel=1e-9), key


def test_a_rating_is_provisional_while_its_deviation_is_above_the_setting() -> None:
    """A newcomer (RD 350) after one game is still above 110; a settled player is not."""
    players = {"new": PlayerStart(), "old": PlayerStart(1500, 60, 0.06)}
    season = rate_season([RatingPeriod([("new", "old", 1.0, "r1")])], players, Glicko2Settings())
    lines = season.periods[0].lines
    assert lines["new"].provisional and not lines["old"].provisional
    assert lines["new"].before is None and lines["new"].change is None
    assert lines["old"].game_lines[0].ref == "r1" and lines["old"].game_lines[0].opponent == "new"
    # The newcomer counted at the paper's start, 1500 / 350 (step 1).
    assert lines["old"].game_lines[0].opponent_rating == 1500
