"""The rows of the ``Forbidden Pairs`` sheet: what a ban row says.

This module alone decides what a row of ``Forbidden Pairs`` says: ``Player``, ``Other Player``
(both players of ``Swiss Players``, two different ones), and optionally ``Until Round``, the
last round the ban holds (empty: every round). Every bad row is reported, each naming its cell.
A ban's row is written back as the same cells (:func:`forbidden_pair_cells`: a TRF import's
260 and ``XXP`` lines). The ban itself is
:class:`ratingbook.events.forbidden_pairs.ForbiddenPair`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.core.cells import ROUND, is_blank, text, whole_number
from ratingbook.core.rules import known_player, player_spellings
from ratingbook.core.tables import Row
from ratingbook.errors import InvalidValueError, Problems, RatingbookError
from ratingbook.events.forbidden_pairs import ForbiddenPair

__all__ = ["forbidden_pair_cells", "read_forbidden_pairs"]


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


def forbidden_pair_cells(ban: ForbiddenPair) -> dict[str, object]:
    """A ban as the cells of a ``Forbidden Pairs`` row, by column (what
    :func:`read_forbidden_pairs` reads back)."""
    return {"Player": ban.first, "Other Player": ban.second, "Until Round": ban.until_round}
