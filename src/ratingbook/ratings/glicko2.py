"""Glicko-2, one rating period for one player, exactly as Glickman's "Example of the Glicko-2
system" (Boston University, 2013) writes it: steps 1-8, the Illinois iteration of step 5 and
step 6 alone for a player who does not play. This module alone decides the Glicko-2 maths; the
season (who plays in which period, who is fixed, who is provisional) is
:mod:`ratingbook.ratings.rating_periods`.

The paper's worked example, the self-test of ``GLICKO2_UPDATE``: a player rated 1500, RD 200,
volatility 0.06 (τ = 0.5) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300):

>>> result = glicko2_update(Glicko2Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0),
...                                                        (1700, 300, 0)])
>>> after = result.after
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

The paper prints r' = 1464.06 (it multiplies its μ' rounded to -0.2069; unrounded, 1464.05)
and σ' = 0.05999 (the first five decimals of 0.0599960).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ratingbook.errors import RatingbookError

__all__ = [
    "CENTRE",
    "ESTABLISHED_DEVIATION",
    "PROVISIONAL_DEVIATION",
    "SCALE",
    "Glicko2Period",
    "Glicko2Rating",
    "Glicko2Settings",
    "IterationError",
    "as_opponents",
    "g_factor",
    "glicko2_idle",
    "glicko2_update",
    "new_volatility",
    "period_on_glicko2_scale",
]

#: Step 2: "μ = (r - 1500)/173.7178, φ = RD/173.7178" (173.7178 = 400 / ln 10).
SCALE = 173.7178
#: Step 1 (a): "If the player is unrated, set the rating to 1500": also where a rating list
#: anchors unrated Elo players who met only each other (one starting point for both systems).
CENTRE = 1500.0
_PI_SQUARED = math.pi * math.pi


class IterationError(RatingbookError):
    """An iteration that did not settle within its cap (the tolerance asks for more than
    floating point can resolve)."""


class Glicko2Rating(NamedTuple):
    """A player's Glicko-2 values on the rating scale: r, RD and σ (step 1). A named tuple, as
    cheap to make as a tuple: a season makes two per player per period (before and after)."""

    rating: float
    deviation: float
    volatility: float


#: A rating list's deviation for a player who starts with a rating but no deviation (from the
#: club's previous list, another federation's): an established player's. Glickman's step 1 (b)
#: says "use the player's most recent rating, RD, and volatility", which such a rating lacks;
#: 60 is lichess's "typical player's RD" (lila, modules/rating Glicko.scala: "Chosen so a
#: typical player's RD goes from 60 -> 110 in 1 year"), below its provisional mark of 110.
ESTABLISHED_DEVIATION = 60.0
#: The deviation above which a rating is provisional: lichess's ``provisionalDeviation``.
PROVISIONAL_DEVIATION = 110.0


@dataclass(frozen=True, slots=True)
class Glicko2Settings:
    """The system's settings (step 1): τ, an unrated player's start (1500, 350, 0.06), the
    tolerance ε of step 5 (the paper: 0.000001) with a cap on its iterations, the deviation
    above which a rating is shown as provisional (a list's choice; lichess uses 110), and
    ``rated_deviation``, the deviation of a player who starts with a rating but no deviation
    (None: ``deviation``, the paper's 350; a list gives :data:`ESTABLISHED_DEVIATION`)."""

    tau: float = 0.5
    rating: float = CENTRE
    deviation: float = 350.0
    volatility: float = 0.06
    tolerance: float = 0.000001
    max_iterations: int = 200
    provisional_deviation: float = PROVISIONAL_DEVIATION
    rated_deviation: float | None = None

    def __post_init__(self) -> None:
        names = ("tau", "deviation", "volatility", "tolerance", "provisional_deviation")
        for name in (*names, *(("rated_deviation",) if self.rated_deviation is not None else ())):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
                raise RatingbookError(f"Glicko-2 {name} {value!r} must be a number above 0")
        if not math.isfinite(self.rating):
            raise RatingbookError(f"Glicko-2 rating {self.rating!r} must be a finite number")
        if self.max_iterations < 1:
            raise RatingbookError(f"max_iterations {self.max_iterations!r} must be at least 1")

    @property
    def start(self) -> Glicko2Rating:
        """Step 1 (a): an unrated player's rating, RD and volatility."""
        return Glicko2Rating(self.rating, self.deviation, self.volatility)


DEFAULT_SETTINGS = Glicko2Settings()


@dataclass(frozen=True, slots=True)
class Glicko2Period:
    """One player's rating period: the values before and after, and what explains the change:
    v (step 3, the variance of the rating from the games alone), Δ (step 4, the improvement the
    games suggest; both on the Glicko-2 scale) and E, the expected score of each game in order
    (None and () for a period without games: step 6 alone)."""

    before: Glicko2Rating
    after: Glicko2Rating
    v: float | None
    delta: float | None
    expected: tuple[float, ...]


def g_factor(phi: float) -> float:
    """Step 3: g(φ) = 1 / sqrt(1 + 3φ²/π²), how much an opponent's uncertainty φ dampens."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / _PI_SQUARED)


def as_opponents(
    players: Mapping[str, Glicko2Rating | None],
) -> dict[str, tuple[float, float, float]]:
    """Step 2 and step 3's g for everyone at once: each player's (μ, g(φ)) as his opponents'
    step 3 reads it, and his rating r as their lines show it, by key (those without values
    left out). g(φ) is written out as :func:`g_factor` writes it, the same operations in the
    same order: a season asks it of every player in every period (a federation's late
    re-rate, 300,000 times), without a call each; r comes with it, read with the rest of his
    values (each player's values read once a period, not once for μ and g and again for r)."""
    sqrt = math.sqrt
    return {
        key: ((own[0] - CENTRE) / SCALE, 1.0 / sqrt(1.0 + 3.0 * phi * phi / _PI_SQUARED), own[0])
        for key, own in players.items()
        if own is not None
        for phi in (own[1] / SCALE,)  # φ = RD / 173.7178 (a single assignment in a loop)
    }


def new_volatility(
    sigma: float,
    phi: float,
    v: float,
    delta: float,
    tau: float,
    tolerance: float = 0.000001,
    max_iterations: int = 200,
) -> float:
    """Step 5: σ', the root of f(x) = e^x (Δ² - φ² - v - e^x) / (2 (φ² + v + e^x)²) - (x - a)/τ²
    with a = ln σ², found by the Illinois variant of regula falsi, to ``tolerance`` (ε).

    Step 5.4 (b) is taken as "if f(C) f(B) <= 0": with a strict "< 0" an exact root f(C) = 0
    would halve f(A) forever while A and B stay put. Raises :class:`IterationError` after
    ``max_iterations`` steps (only a tolerance finer than the floats can resolve gets there).
    """
    exp = math.exp
    a = math.log(sigma * sigma)
    phi2_v = phi * phi + v
    delta2 = delta * delta
    tau2 = tau * tau
    # f(x) = e^x (Δ² - φ² - v - e^x) / (2 (φ² + v + e^x)²) - (x - a)/τ² is written out where
    # it is asked (5.2's f(B), 5.3's f(A), 5.4's f(C)), as ``ex = e^x; total = φ² + v + ex``
    # then ``ex * (Δ² - (φ² + v) - ex) / (2 total total) - (x - a) / τ²``: the same operations
    # in the same order at each, so the same floats as a function f would give, without a
    # closure called 4.3 times a line (842,805 calls in a federation's late re-rate, issue 35).
    excess = delta2 - phi2_v  # Δ² - φ² - v, the first subtraction of f's numerator
    # 5.2: A = a; B = ln(Δ² - φ² - v) when Δ² > φ² + v, else the first a - kτ (k = 1, 2, ...)
    # with f >= 0.
    big_a = a
    if delta2 > phi2_v:
        big_b = math.log(excess)
        ex = exp(big_b)
        total = phi2_v + ex
        f_b = ex * (excess - ex) / (2.0 * total * total) - (big_b - a) / tau2
    else:
        k = 0
        f_b = -1.0
        while f_b < 0:
            k += 1
            big_b = a - k * tau
            ex = exp(big_b)
            total = phi2_v + ex
            f_b = ex * (excess - ex) / (2.0 * total * total) - (big_b - a) / tau2
    # 5.3: f(A).
    ex = exp(big_a)
    total = phi2_v + ex
    f_a = ex * (excess - ex) / (2.0 * total * total) - (big_a - a) / tau2
    # 5.4: the Illinois iteration.
    steps = 0
    while abs(big_b - big_a) > tolerance:
        steps += 1
        if steps > max_iterations:
            raise IterationError(
                f"Glicko-2's volatility did not settle within {max_iterations} steps "
                f"(tolerance {tolerance!r}, |B - A| = {abs(big_b - big_a)!r})"
            )
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        ex = exp(c)
        total = phi2_v + ex
        f_c = ex * (excess - ex) / (2.0 * total * total) - (c - a) / tau2
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    # 5.5: σ' = e^(A/2).
    return math.exp(big_a / 2.0)


def period_on_glicko2_scale(
    mu: float,
    phi: float,
    sigma: float,
    opponents: Iterable[tuple[float, float, float]],
    scores: Iterable[float],
    tau: float,
    tolerance: float = 0.000001,
    max_iterations: int = 200,
) -> tuple[float, float, float, float, float, list[float]]:
    """Steps 3-7 on the Glicko-2 scale for a player with at least one game: ``opponents`` holds
    (μ_j, g(φ_j), r_j) of each game's opponent (r_j, his rating, is not read here: it is what
    :func:`as_opponents` gives) and ``scores`` the player's s_j, in the same order. Returns
    (μ', φ', σ', v, Δ, [E_j]). The season engine's hot loop: plain floats, no objects; the
    two apart, so a season hands each player's opponents' values as :func:`as_opponents`
    made them and his scores as they are, without a tuple per game."""
    exp = math.exp
    information = 0.0
    improvement = 0.0
    expected: list[float] = []
    append = expected.append
    # zip without strict: a strict zip makes a new tuple per game (the same length by the
    # caller's making: one score per opponent).
    for (mu_j, g_j, _), s_j in zip(opponents, scores, strict=False):
        # E = 1 / (1 + exp(-z)); 1 - E as t E, which does not cancel to 0 for a large z.
        try:
            t = exp(g_j * (mu_j - mu))
        except OverflowError:  # the player is 4,000 points below or more: E is 0
            t = 1e308
        e_j = 1.0 / (1.0 + t)
        other = t * e_j
        append(e_j)
        information += g_j * g_j * e_j * other  # step 3: v is its inverse
        improvement += g_j * (s_j - e_j)  # step 4: Δ = v times this
    v = 1.0 / information if information > 0.0 else math.inf
    delta = v * improvement
    if not math.isfinite(delta * delta + v):
        # Step 5 squares Δ: past ~1e154 (ratings some 60,000 points apart) floats cannot.
        raise RatingbookError(
            "Glicko-2: the rating differences are too large for the games to say anything "
            "(v is infinite)"
        )
    new_sigma = new_volatility(sigma, phi, v, delta, tau, tolerance, max_iterations)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)  # step 6
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + information)  # step 7
    new_mu = mu + new_phi * new_phi * improvement
    return new_mu, new_phi, new_sigma, v, delta, expected


def _checked(value: object, name: str, positive: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RatingbookError(f"{name} {value!r} is not a finite number")
    if positive and value <= 0:
        raise RatingbookError(f"{name} {value!r} must be above 0")
    return float(value)


def glicko2_update(
    player: Glicko2Rating,
    games: Sequence[tuple[float, float, float]],
    settings: Glicko2Settings = DEFAULT_SETTINGS,
) -> Glicko2Period:
    """One rating period (steps 2-8): ``games`` holds (opponent's rating, opponent's RD, score)
    of each game, all against the opponents' values at the period's start. Without games,
    step 6 alone (:func:`glicko2_idle`)."""
    rating = _checked(player.rating, "rating", positive=False)
    deviation = _checked(player.deviation, "deviation", positive=True)
    volatility = _checked(player.volatility, "volatility", positive=True)
    if not games:
        return Glicko2Period(player, glicko2_idle(player), None, None, ())
    scaled = []
    scores = []
    for n, (opponent, opponent_rd, score) in enumerate(games, start=1):
        r_j = _checked(opponent, f"game {n}: opponent's rating", positive=False)
        rd_j = _checked(opponent_rd, f"game {n}: opponent's deviation", positive=True)
        s_j = _checked(score, f"game {n}: score", positive=False)
        if not 0 <= s_j <= 1:
            raise RatingbookError(f"game {n}: score {score!r} is not between 0 and 1")
        scaled.append(((r_j - CENTRE) / SCALE, g_factor(rd_j / SCALE), r_j))
        scores.append(s_j)
    mu, phi, sigma, v, delta, expected = period_on_glicko2_scale(
        (rating - CENTRE) / SCALE,
        deviation / SCALE,
        volatility,
        scaled,
        scores,
        settings.tau,
        settings.tolerance,
        settings.max_iterations,
    )
    # Step 8: back to the rating scale.
    after = Glicko2Rating(SCALE * mu + CENTRE, SCALE * phi, sigma)
    return Glicko2Period(player, after, v, delta, tuple(expected))


def glicko2_idle(player: Glicko2Rating) -> Glicko2Rating:
    """Step 6 alone, for a player who "does not compete during the rating period": rating and
    volatility stay, φ' = sqrt(φ² + σ²)."""
    phi = player.deviation / SCALE
    return Glicko2Rating(
        player.rating,
        SCALE * math.sqrt(phi * phi + player.volatility * player.volatility),
        player.volatility,
    )
