"""One Swiss game (seed 004), on its own so that the text reader (:mod:`ratingbook.formats`) and
the standings (:mod:`ratingbook.swiss`, which re-exports it) can both use it without importing
each other."""

from __future__ import annotations

from dataclasses import dataclass, field

from ratingbook.errors import Location

__all__ = ["SwissGame"]


@dataclass(frozen=True, slots=True)
class SwissGame:
    """One game: White, Black and the points each earned, counted in halves (2 = one point)."""

    white: str
    black: str
    white_halves: int
    black_halves: int
    where: Location | None = field(default=None, compare=False, repr=False)
