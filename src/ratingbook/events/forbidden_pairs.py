"""Forbidden pairs: two players the organiser does not want paired (siblings, clubmates).

This module alone decides what a row of the ``Forbidden Pairs`` sheet says: ``Player``,
``Other Player``, and optionally ``Until Round``, the last round the ban holds
(empty: every round). While it holds, the two are treated as a pair that already met: the
absolute criterion of the Dutch rules (C.04.3 C1), everything else as the rules say; the
pairing itself is gacrux's (:mod:`ratingbook.fide.pairing`). In TRF files a ban is
JaVaFo's ``XXP`` line or TRF-2026's 260 record (:mod:`ratingbook.trf.exporter`). Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.core.cells import ROUND, is_blank, text, whole_number
from ratingbook.core.rules import known_player, player_spellings
from ratingbook.core.tables import Row
from ratingbook.errors import (
    InvalidValueError,
    Location,
    Problems,
    RatingbookError,
)

__all__ = ["ForbiddenPair", "read_forbidden_pairs"]


@dataclass(frozen=True, slots=True)
class ForbiddenPair:
    """Two players never paired against each other up to ``until_round`` (None: ever)."""

    first: str
    second: str
    until_round: int | None = None
    where: Location | None = field(default=None, compare=False, repr=False)

    def holds_in(self, round_number: int) -> bool:
        return self.until_round is None or round_number <= self.until_round

    def players(self) -> tuple[str, str]:
        return (self.first, self.second)


def _player(row: Row, column: str, names: Mapping[str, str]) -> str:
    name = text(row.get(column), row.where, column)
    return known_player(name, names, row.where, column, listed_in="Swiss Players")


def read_forbidden_pairs(rows: Sequence[Row], players: Sequence[str]) -> tuple[ForbiddenPair, ...]:
    """The bans of the ``Forbidden Pairs`` rows; every bad row is reported (an unknown player,
    a player against himself, a round that is not a round number), each naming its cell."""
    names = player_spellings(players)
    problems = Problems()
    found: list[ForbiddenPair] = []
    for row in rows:
        try:
            first = _player(row, "Player", names)
            second = _player(row, "Other Player", names)
            if first == second:
                raise InvalidValueError(
                    f"{first!r} is named twice: a forbidden pair is two different players",
                    row.where,
                    "Other Player",
                )
            until = row.get("Until Round")
            last = None
            if not is_blank(until):
                last = whole_number(until, row.where, "Until Round", "a round number", bounds=ROUND)
            found.append(ForbiddenPair(first, second, last, row.where))
        except RatingbookError as error:
            problems.append(error)
    problems.check()
    return tuple(found)
