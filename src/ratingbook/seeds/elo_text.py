"""Seed 003's text format: ``file.in`` (``K RA RB``, then one score per line) and ``file.out``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ratingbook.core import cells
from ratingbook.core.cells import MAX_DIGITS
from ratingbook.errors import RatingbookError
from ratingbook.seeds.lines import content_lines, line_error, readings

__all__ = ["EloSeriesInput", "format_elo_series", "format_number", "parse_elo_series"]


@dataclass(frozen=True, slots=True)
class EloSeriesInput:
    """``file.in``: K, the two initial ratings and A's score in each game."""

    k: int | Fraction
    rating_a: int | Fraction
    rating_b: int | Fraction
    #: 1, 0.5 or 0: exact values (0.5 is a binary fraction), in the engine's fast types.
    scores: tuple[int | float, ...]


def _number(token: str) -> int | Fraction | None:
    """A decimal number as an exact int or Fraction; ``½`` and ``1/2`` too; None if not a number."""
    text = token.strip()
    if text == "½":
        return Fraction(1, 2)
    try:
        if "/" in text:
            value = Fraction(text)
        else:
            decimal = Decimal(text)
            if not decimal.is_finite() or (decimal and abs(decimal.adjusted()) > MAX_DIGITS):
                return None  # not a number, or absurdly large or small (costly as a Fraction)
            value = Fraction(decimal)
    except (InvalidOperation, ValueError, ZeroDivisionError):
        return None
    return int(value) if value.denominator == 1 else value


def parse_elo_series(text: str) -> EloSeriesInput:
    """Parse ``file.in``: ``K RA RB`` on the first line, then A's scores (1, 0.5 or 0) per line.

    A first line that is not numeric is taken as a header and skipped; tabs and blank lines are
    fine; several scores on a line are read in order.
    """
    body, numbers = content_lines(text.splitlines())
    first = 0
    if body and all(_number(token) is None for token in body[0].split()):
        # A header line such as "K RA RB". A line with any number in it is data: "32 1613 16O9"
        # is a typo to report, not a header to skip.
        first = 1
    if first == len(body):
        raise line_error(1, "input is empty; expected 'K RA RB' on the first line")
    n, tokens = numbers[first], body[first].split()
    if len(tokens) != 3:
        raise line_error(n, f"expected 'K RA RB', got {' '.join(tokens)!r}")
    values: list[int | Fraction] = []
    for what, token in zip(("K", "RA", "RB"), tokens, strict=True):
        value = _number(token)
        if value is None:
            raise line_error(n, f"{what} {token!r} is not a number")
        values.append(value)
    if values[0] < 0:
        raise line_error(n, f"K {tokens[0]!r} must not be negative")
    lines = body[first + 1 :]
    # Joined with spaces, the lines split into the same tokens as one by one.
    all_scores = " ".join(lines).split()
    scores: tuple[int | float, ...]
    try:
        scores = tuple(map(readings(_score_or_none).__getitem__, all_scores))
    except KeyError:  # a score that is not one: read line by line to name its line
        scores = tuple(
            _score(token, n)
            for n, line in zip(numbers[first + 1 :], lines, strict=True)
            for token in line.split()
        )
    return EloSeriesInput(values[0], values[1], values[2], scores)


# seed 003: "the actual score S_A as 1 for a win, 0.5 for a draw, and 0 for a loss".
_SCORES: dict[int | Fraction, int | float] = {1: 1, Fraction(1, 2): 0.5, 0: 0}


def _score_or_none(token: str) -> int | float | None:
    """A's score in one game: 1, 0.5 or 0 (seed 003, read by :func:`ratingbook.core.cells.score`);
    None if it is not one of them."""
    try:
        return _SCORES[cells.score(token)]
    except RatingbookError:
        return None


def _score(token: str, line: int) -> int | float:
    score = _score_or_none(token)
    if score is None:
        raise line_error(line, f"score {token!r} must be 1 (win), 0.5 (draw) or 0 (loss)")
    return score


def format_number(value: int | float | Fraction | Decimal) -> str:
    """Print whole numbers without decimals (1613) and others in their shortest exact-ish form."""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction | Decimal | float) and value == int(value):
        return str(int(value))
    return repr(float(value)) if not isinstance(value, Decimal) else str(value)


def format_elo_series(pairs: Sequence[tuple[object, object]]) -> str:
    """``file.out``: one ``RA RB`` line per pair, starting with the initial ratings."""
    return "".join(
        # Whole numbers (nearly every pair: seed 003 rounds after each game) print as str() does.
        f"{a} {b}\n"
        if type(a) is int and type(b) is int
        else f"{format_number(a)} {format_number(b)}\n"  # type: ignore[arg-type]
        for a, b in pairs
    )
