"""An Elo book's reports as tables, from its players' starting ratings and its games in order:

- ``Elo Standings``: every player, highest rating first (equal ratings by name, sharing a
  rank): the starting rating, the rating now, the change, and the games, wins, draws and
  losses;
- ``Elo History``: every game in order: both players, White's score and expected score, and
  both ratings before and after it;
- each player's rating path (start, then after each of their games) for the progress chart.

The games are replayed one by one through :func:`ratingbook.ratings.elo.elo_series`, which
rounds both ratings after every game (seed 003). Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratingbook.core.rules import RECORD, competition_ranks, result_of_score
from ratingbook.ratings import elo
from ratingbook.reports.names import ELO_HISTORY, ELO_STANDINGS
from ratingbook.reports.tables import PlayerPath, SheetGrid, centred_columns

__all__ = ["ELO_HISTORY_COLUMNS", "ELO_STANDINGS_COLUMNS", "EloTables", "elo_tables"]

ELO_STANDINGS_COLUMNS = (
    "Rank",
    "Name",
    "Start Rating",
    "Rating",
    "Change",
    "Games",
    "Wins",
    "Draws",
    "Losses",
)
ELO_HISTORY_COLUMNS = (
    "Game",
    "White",
    "Black",
    "White Score",
    "White Expected",
    "White Before",
    "White After",
    "Black Before",
    "Black After",
)


@dataclass(frozen=True, slots=True)
class EloTables:
    """An Elo book's standings, history and each player's rating path (players in the order
    given)."""

    standings: SheetGrid
    history: SheetGrid
    paths: tuple[PlayerPath, ...]


def elo_tables(
    start: Mapping[str, int], games: Sequence[tuple[str, str, float]], k: float
) -> EloTables:
    """Replay ``games`` (White, Black, White's score) from the whole-number ratings ``start``
    (every player, in the players' order) with ``K = k``, and make the tables."""
    names = list(start)
    ratings: dict[str, int] = dict(start)
    tally = {name: [0, 0, 0] for name in names}
    paths: dict[str, list[int | float]] = {name: [] for name in names}
    history: list[tuple[object, ...]] = []
    for n, (white, black, score) in enumerate(games, start=1):
        w0, b0 = ratings[white], ratings[black]
        # seed 003: both ratings are rounded to whole numbers after every game.
        ((_, _), (w1, b1)) = elo.elo_series(k, w0, b0, [score])
        ratings[white], ratings[black] = int(w1), int(b1)
        paths[white].append(ratings[white])
        paths[black].append(ratings[black])
        white_column, black_column = RECORD[result_of_score(score)]
        tally[white][white_column] += 1
        tally[black][black_column] += 1
        history.append((n, white, black, score, elo.expected_score(w0, b0), w0, w1, b0, b1))
    order = sorted(names, key=lambda name: (-ratings[name], name.casefold()))
    ranks = competition_ranks([ratings[name] for name in order])
    standings = SheetGrid(
        ELO_STANDINGS,
        ELO_STANDINGS_COLUMNS,
        [
            (
                rank,
                name,
                start[name],
                ratings[name],
                ratings[name] - start[name],
                sum(tally[name]),
                *tally[name],
            )
            for rank, name in zip(ranks, order, strict=True)
        ],
        number_formats={4: "+0;-0;0"},
        widths={1: 20, 2: 13},
        centred=centred_columns(ELO_STANDINGS_COLUMNS),  # Rank: never run into the name
    )
    history_grid = SheetGrid(
        ELO_HISTORY,
        ELO_HISTORY_COLUMNS,
        history,
        number_formats={4: "0.000"},
        widths={1: 16, 2: 16},
        centred=centred_columns(ELO_HISTORY_COLUMNS),
    )
    return EloTables(
        standings,
        history_grid,
        tuple(PlayerPath(name, start[name], tuple(paths[name])) for name in names),
    )
