"""Elo: expected score, one update, the two-player series (seed 003), the tournament (seed 002)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from decimal import Decimal
from fractions import Fraction

from ratingbook.core.cells import K_FACTOR, RATING
from ratingbook.errors import InvalidValueError

__all__ = [
    "elo_series",
    "elo_tournament",
    "elo_update",
    "expected_pair",
    "expected_score",
    "lcg",
    "round_half_up",
]

Number = int | float | Fraction | Decimal

# seed 002: "use A=445, C=700001 and M=2097152".
LCG_A = 445
LCG_C = 700001
LCG_M = 2097152
# seed 002: "each player will start with an Elo Rating of 1200"; "we will always set K = 20".
TOURNAMENT_START = 1200
TOURNAMENT_K = 20
EXACT_STEPS = 64


def _exact(value: Number) -> Fraction:
    """The exact value a user meant: a float's shortest decimal form (0.1 means 1/10)."""
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def _expected_exact(rating: Number, opponent: Number) -> Fraction | None:
    """E as an exact fraction when 10^((Rb - Ra)/400) is rational: the difference a multiple of 400.

    This is what makes the common case of equal ratings exact (E = 1/2), so K * (S - E) lands
    exactly on .5 where it should and rounding half-up is not at the mercy of binary floats.
    """
    if type(rating) is int and type(opponent) is int and (opponent - rating) % 400:
        return None  # the common case, decided without building fractions
    diff = _exact(opponent) - _exact(rating)
    if diff.denominator != 1 or diff.numerator % 400:
        return None
    steps = diff.numerator // 400
    if abs(steps) > EXACT_STEPS:
        return None  # 10^steps would be a needlessly huge integer; the float path is exact enough
    power = Fraction(10) ** steps
    return 1 / (1 + power)


def expected_score(rating: Number, opponent: Number) -> float:
    """E_A = 1 / (1 + 10^((R_B - R_A) / 400)): the score a player of ``rating`` is expected to make.

    >>> round(expected_score(1613, 1609), 7)   # 1 / (1 + 10^-0.01) = 1 / 1.9772372; seed: 0.506
    0.5057562
    """
    _check_rating(rating)
    _check_rating(opponent)
    return _expected(rating, opponent)


def _expected(rating: Number, opponent: Number) -> float:
    """:func:`expected_score` for values already checked."""
    exact = _expected_exact(rating, opponent)
    return float(exact) if exact is not None else _expected_float(rating, opponent)


def _expected_float(rating: Number, opponent: Number) -> float:
    """E in binary floating point, for ratings whose E is irrational anyway."""
    return expected_pair(rating, opponent)[0]


def expected_pair(rating: Number, opponent: Number) -> tuple[float, float]:
    """:func:`_expected_float` of both players at once: ``(E of rating, E of opponent)``, for
    floats already checked (a rating list's hot loop calls it once a game).

    Each is what the formula gives computed on its own: the opponent's exponent is exactly
    ``-exponent`` (IEEE subtraction and division are symmetric in sign).
    """
    exponent = (float(opponent) - float(rating)) / 400.0
    if exponent > 0:
        # Written so that 10^exponent never overflows: far-apart ratings give E near 0 or 1.
        small: float = 10.0**-exponent
        return small / (1.0 + small), 1.0 / (1.0 + small)
    power: float = 10.0**exponent
    return 1.0 / (1.0 + power), power / (1.0 + power)


def _check_score(score: Number) -> None:
    if not 0 <= score <= 1:
        raise InvalidValueError(f"score {score!r} is not between 0 and 1")


def _check_rating(value: object, what: str = "rating") -> None:
    """Ratings and K must be finite and within the sane bounds every reader uses (cells.py)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
        raise InvalidValueError(f"{what} {value!r} is not a number")
    if isinstance(value, (float, Decimal)) and not math.isfinite(value):
        raise InvalidValueError(f"{what} {value!r} is not a finite number")
    bounds = K_FACTOR if what == "K" else RATING
    if not bounds.low <= value <= bounds.high:  # (checked inline: this runs for every game)
        bounds.check(value, value, name=what)


def _new_rating(rating: Number, opponent: Number, score: Number, k: Number) -> Fraction | float:
    """R + K (S - E) for checked values: exact wherever E is rational, else a float."""
    if (
        type(rating) is int
        and rating == opponent
        and type(k) is int
        and score in (0, 0.5, 1)
        and -(2**52) < k < 2**52
    ):
        # Equal whole ratings (every game of a tournament's first round): E = 1/2 and
        # K (S - 1/2) is a whole or half number, exact in binary, so no fractions are needed.
        return rating + k * (float(score) - 0.5)
    exact = _expected_exact(rating, opponent)
    if exact is None:
        return float(rating) + float(k) * (float(score) - _expected_float(rating, opponent))
    return _exact(rating) + _exact(k) * (_exact(score) - exact)


def elo_update(rating: Number, opponent: Number, score: Number, k: Number = 20) -> float:
    """R' = R + K (S - E): the new, unrounded rating after one game with score S (1, ½ or 0).

    >>> round(elo_update(1613, 1609, 0, k=32), 4)   # 1613 - 32 x 0.5057562; seed 003: 1597
    1596.8158
    """
    _check_score(score)
    _check_rating(k, "K")
    _check_rating(rating)
    _check_rating(opponent)
    return float(_new_rating(rating, opponent, score, k))


def round_half_up(value: Number) -> int:
    """Round to the nearest whole number, halves up (1596.5 -> 1597)."""
    if isinstance(value, Fraction | Decimal) or type(value) is int:
        return math.floor(Fraction(value) + Fraction(1, 2))
    return math.floor(value + 0.5)


def _rounded_update(rating: Number, opponent: Number, score: Number, k: Number) -> int:
    return round_half_up(_new_rating(rating, opponent, score, k))


def elo_series(
    k: Number, rating_a: Number, rating_b: Number, scores: Sequence[Number]
) -> list[tuple[int, int]]:
    """Play A against B once per score (A's score: 1, ½ or 0) and list both ratings after each game.

    Seed 003: both ratings are rounded to whole numbers after *every* game and the rounded
    numbers carry into the next. The first pair is the initial one, as in the seed's file.out,
    rounded like every later one ("R_A and R_B values are all rounded integers"): a starting
    rating of 1500.5 plays as 1501.
    """
    _check_rating(k, "K")
    _check_rating(rating_a)
    _check_rating(rating_b)
    a, b = round_half_up(rating_a), round_half_up(rating_b)
    pairs: list[tuple[int, int]] = [(a, b)]
    pairs += _series_games(k, a, b, scores)
    return pairs


# The chess scores 1, 0.5 and 0 (and equal values: True, Fraction(1, 2)) as floats, exact in binary.
_CHESS_SCORES: dict[Number, float] = {0: 0.0, 0.5: 0.5, 1: 1.0}


def _series_games(
    k: Number, a: Number, b: Number, scores: Sequence[Number]
) -> list[tuple[int, int]]:
    """Both rounded ratings after each game of :func:`elo_series`, from ratings ``a`` and ``b``.

    Every game computes exactly what :func:`_rounded_update` computes for A and for B; for whole
    ratings, a whole K and a chess score it does so inline (the series' hot loop): equal ratings
    are :func:`_new_rating`'s first case, ratings whose gap is not a multiple of 400 its float
    case; any other game goes through :func:`_rounded_update` itself.
    """
    pairs: list[tuple[int, int]] = []
    append, chess_score, floor, expected = (
        pairs.append,
        _CHESS_SCORES.get,
        math.floor,
        expected_pair,
    )
    whole_k = k if type(k) is int and -(2**52) < k < 2**52 else None
    float_k = float(k)
    for score in scores:
        s = chess_score(score) if whole_k is not None else None
        if s is None or whole_k is None or type(a) is not int or type(b) is not int:
            _check_score(score)
            # 1 - S is exact in binary for the chess scores 1, 0.5 and 0; other scores go exact.
            other = 1 - score if score in (0, 0.5, 1) else 1 - _exact(score)
            a, b = _rounded_update(a, b, score, k), _rounded_update(b, a, other, k)
        elif a == b:
            a, b = (
                floor(a + whole_k * (s - 0.5) + 0.5),
                floor(b + whole_k * ((1.0 - s) - 0.5) + 0.5),
            )
        elif (b - a) % 400:
            expected_a, expected_b = expected(a, b)
            a, b = (
                floor(float(a) + float_k * (s - expected_a) + 0.5),
                floor(float(b) + float_k * ((1.0 - s) - expected_b) + 0.5),
            )
        else:
            a, b = _rounded_update(a, b, score, k), _rounded_update(b, a, 1 - score, k)
        append((a, b))
    return pairs


def lcg(x0: int) -> Iterator[int]:
    """x(n+1) = (445 x(n) + 700001) mod 2097152, without the seed itself (seed 002)."""
    x = x0
    while True:
        x = (LCG_A * x + LCG_C) % LCG_M
        yield x


def elo_tournament(contestants: int, rounds: int, seed: int) -> list[int]:
    """Simulate seed 002's tournament and return the final ratings in ID order.

    Skills are the first ``contestants`` LCG values. Each round players line up by rating, then
    skill, both descending, and the 1st plays the 2nd, the 3rd the 4th, ... Each game draws R1
    for the higher-ranked player and R2 for the other; the larger R x skill wins (equal products,
    which the seed does not foresee, count as a draw). With an odd number of players the last
    in line sits the round out. Ratings change by K = 20 against the start-of-round ratings and
    are rounded half-up at the end of each round.
    """
    for name, value, low in (("contestants", contestants, 1), ("rounds", rounds, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidValueError(f"{name} {value!r} must be a whole number of at least {low}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidValueError(f"seed {seed!r} must be a whole number of at least 0")
    numbers = lcg(seed)
    skills = [next(numbers) for _ in range(contestants)]
    ratings = [TOURNAMENT_START] * contestants
    for _ in range(rounds):
        order = sorted(range(contestants), key=lambda i: (ratings[i], skills[i]), reverse=True)
        new = [float(r) for r in ratings]
        for first, second in zip(order[0::2], order[1::2], strict=False):
            r1, r2 = next(numbers), next(numbers)
            a, b = r1 * skills[first], r2 * skills[second]
            score = 1.0 if a > b else 0.0 if a < b else 0.5
            new[first] = elo_update(ratings[first], ratings[second], score, TOURNAMENT_K)
            new[second] = elo_update(ratings[second], ratings[first], 1 - score, TOURNAMENT_K)
        ratings = [round_half_up(r) for r in new]
    return ratings
