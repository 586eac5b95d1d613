"""Swiss-system standings with tie-breaks (seed 004).

Players are ranked by, all descending: points; resistance points (Buchholz: the sum of the final
points of every opponent, once per game played against them); Sonneborn-Berger (the final points
of beaten opponents plus half those of drawn opponents); the number of games played with black.
Players equal on all four keep the order of the player list.

The seed's own API, ``ratingbook.swiss.determine_output(text)``, returns this module's
``player_result`` objects in ranking order, comparable with ``==``. Internally points are counted
in halves (and Sonneborn-Berger in quarters) as integers, so every sum is exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ratingbook.core.rules import game_indices, listed_twice
from ratingbook.errors import InvalidValueError, Location, UnknownPlayerError

__all__ = [
    "SwissGame",
    "player_result",
    "rank_games",
    "swiss_standings",
]


@dataclass(frozen=True, slots=True)
class SwissGame:
    """One game: White, Black and the points each earned, counted in halves (2 = one point)."""

    white: str
    black: str
    white_halves: int
    black_halves: int
    where: Location | None = field(default=None, compare=False, repr=False)


class player_result(NamedTuple):  # the seed's class name, kept so its tests run unchanged
    """One line of the final standings, as seed 004 defines it.

    A named tuple: it prints as the seed shows it and compares with ``==`` both to another
    ``player_result`` and to a plain tuple in the same field order, whichever the seed's own
    tests use.
    """

    name: str
    points: float
    resistance_points: float
    sonnenborn_berger: float
    black: int


def swiss_standings(
    players: Sequence[str],
    games: Sequence[SwissGame],
    unplayed_halves: Mapping[str, int] | None = None,
) -> list[player_result]:
    """Rank ``players`` after ``games`` by points, resistance, Sonneborn-Berger and blacks.

    ``unplayed_halves`` adds points scored without playing (byes, forfeits: a Swiss event's
    rows that seed 004 does not know) to a player's points only; they are no game, so they add
    nothing to resistance, Sonneborn-Berger or blacks of anyone.
    """
    index: dict[str, int] = {}
    for name in players:
        if name in index:
            raise InvalidValueError(listed_twice(name))
        index[name] = len(index)
    n = len(index)
    halves = [0] * n
    for name, extra in (unplayed_halves or {}).items():
        if name not in index:
            raise UnknownPlayerError(f"{name!r} is not on the player list")
        halves[index[name]] += extra
    pairs: list[tuple[int, int, int, int]] = []
    for game in games:
        white, black = game_indices(game.white, game.black, index, game.where)
        pairs.append((white, black, game.white_halves, game.black_halves))
    return rank_games(players, pairs, halves)


def rank_games(
    players: Sequence[str],
    games: Iterable[tuple[int, int, int, int]],
    unplayed_halves: Sequence[int] | None = None,
) -> list[player_result]:
    """The standings (see :func:`swiss_standings`) after games already checked, each given as
    ``(white index, black index, white halves, black halves)`` into ``players``, which holds
    every name once; ``unplayed_halves`` is each player's points without a game, in halves."""
    n = len(players)
    halves = list(unplayed_halves) if unplayed_halves is not None else [0] * n
    blacks = [0] * n
    pairs = games if isinstance(games, list) else list(games)
    for w, b, wh, bh in pairs:
        halves[w] += wh
        halves[b] += bh
        blacks[b] += 1

    # Tie-breaks use everyone's *final* points, so they need a second pass over the games.
    resistance = [0] * n  # in halves
    sonneborn = [0] * n  # in quarters: (my halves) x (opponent's halves)
    for w, b, wh, bh in pairs:
        resistance[w] += halves[b]
        resistance[b] += halves[w]
        # seed 004: 1 x points of a beaten opponent, 0.5 x of a drawn one, 0 x of a winner:
        # that is the score made against them (1, ½ or 0) times their final points.
        sonneborn[w] += wh * halves[b]
        sonneborn[b] += bh * halves[w]

    ranked = sorted(
        range(n),
        key=lambda i: (halves[i], resistance[i], sonneborn[i], blacks[i]),
        reverse=True,
    )
    # sorted() with reverse=True keeps equal keys in their original order (the player list).
    return [
        player_result(
            name=players[i],
            points=halves[i] / 2,
            resistance_points=resistance[i] / 2,
            sonnenborn_berger=sonneborn[i] / 4,
            black=blacks[i],
        )
        for i in ranked
    ]
