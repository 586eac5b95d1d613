"""A Crikey book's reports as tables, from its players' starting ratings and its games in order:

- ``Crikey Standings``: every player in seed 000's output order (rating descending, equal
  ratings in decreasing alphabetical order, sharing a rank): the starting rating, the rating
  now, the change and the games played, in rating points (two decimals);
- ``Crikey History``: every game in order: both players, White's result in words, both piece
  values, both ratings before and after it, and the points exchanged, signed as White's gain
  (``-3.06``: White lost 3.06 to Black, as a favourite winning over a gap above 10.00 does);
- each player's rating path (start, then after each of their games) for the progress chart.

Ratings are kept in hundredths, as the exchange works in them
(:func:`ratingbook.ratings.crikey.crikey_exchange`), and shown divided by 100. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratingbook.core.results import CRIKEY_WORDS
from ratingbook.core.rules import competition_ranks
from ratingbook.ratings import crikey
from ratingbook.reports.names import CRIKEY_HISTORY, CRIKEY_STANDINGS
from ratingbook.reports.tables import PlayerPath, SheetGrid, centred_columns

__all__ = ["CRIKEY_HISTORY_COLUMNS", "CRIKEY_STANDINGS_COLUMNS", "CrikeyTables", "crikey_tables"]

CRIKEY_STANDINGS_COLUMNS = ("Rank", "Name", "Start Rating", "Rating", "Change", "Games")
CRIKEY_HISTORY_COLUMNS = (
    "Game",
    "White",
    "Black",
    "White Result",
    "White Pieces",
    "Black Pieces",
    "White Before",
    "White After",
    "Black Before",
    "Black After",
    "Points Exchanged",
)


@dataclass(frozen=True, slots=True)
class CrikeyTables:
    """A Crikey book's standings, history and each player's rating path (players in the order
    given)."""

    standings: SheetGrid
    history: SheetGrid
    paths: tuple[PlayerPath, ...]


def crikey_tables(start: Mapping[str, int], games: Sequence[crikey.CrikeyGame]) -> CrikeyTables:
    """Replay ``games`` from the ratings ``start`` (in hundredths; every player, in the
    players' order) and make the tables."""
    names = list(start)
    ratings = dict(start)
    played = dict.fromkeys(names, 0)
    paths: dict[str, list[int | float]] = {name: [] for name in names}
    history: list[tuple[object, ...]] = []
    for n, game in enumerate(games, start=1):
        w0, b0 = ratings[game.white], ratings[game.black]
        change = crikey.crikey_exchange(w0, b0, game.result, game.white_pieces, game.black_pieces)
        ratings[game.white] = w0 + change
        ratings[game.black] = b0 - change
        paths[game.white].append(ratings[game.white] / 100)
        paths[game.black].append(ratings[game.black] / 100)
        played[game.white] += 1
        played[game.black] += 1
        history.append(
            (
                n,
                game.white,
                game.black,
                CRIKEY_WORDS[game.result],
                game.white_pieces,
                game.black_pieces,
                w0 / 100,
                (w0 + change) / 100,
                b0 / 100,
                (b0 - change) / 100,
                change / 100,  # White's gain: the sign says who gained
            )
        )
    # seed 000's output order: rating descending, equal ratings in decreasing alphabetical order.
    order = sorted(names, key=lambda name: (ratings[name], name), reverse=True)
    ranks = competition_ranks([ratings[name] for name in order])
    standings = SheetGrid(
        CRIKEY_STANDINGS,
        CRIKEY_STANDINGS_COLUMNS,
        [
            (
                rank,
                name,
                start[name] / 100,
                ratings[name] / 100,
                (ratings[name] - start[name]) / 100,
                played[name],
            )
            for rank, name in zip(ranks, order, strict=True)
        ],
        number_formats={2: "0.00", 3: "0.00", 4: "+0.00;-0.00;0.00"},
        widths={1: 20, 2: 13},
        centred=centred_columns(CRIKEY_STANDINGS_COLUMNS),  # Rank: never run into the name
    )
    history_grid = SheetGrid(
        CRIKEY_HISTORY,
        CRIKEY_HISTORY_COLUMNS,
        history,
        number_formats={6: "0.00", 7: "0.00", 8: "0.00", 9: "0.00", 10: "+0.00;-0.00;0.00"},
        widths={1: 16, 2: 16},
        centred=centred_columns(CRIKEY_HISTORY_COLUMNS),
    )
    return CrikeyTables(
        standings,
        history_grid,
        tuple(PlayerPath(name, start[name] / 100, tuple(paths[name])) for name in names),
    )
