"""Chess events run the FIDE way: Swiss events and, on the same sheets, round robins.

Seed 004's API is this package's face and stays exactly as the seed defines it:
``determine_output(text)`` returns the standings as ``player_result`` objects, best first.

The modules, each deciding one thing, from the bottom up:

- :mod:`~ratingbook.swiss.codes`: tie-break codes and the points each result is worth;
- :mod:`~ratingbook.swiss.settings`: the ``Swiss Settings`` sheet;
- :mod:`~ratingbook.swiss.event`: an event (players, rounds, byes, withdrawals) built from rows;
- :mod:`~ratingbook.swiss.start_order`: start numbers (FIDE C.04.2);
- :mod:`~ratingbook.swiss.trf_records`, :mod:`~ratingbook.swiss.trf_export`,
  :mod:`~ratingbook.swiss.trf_import`, :mod:`~ratingbook.swiss.trf_totals`: FIDE Tournament
  Report Files: their layout, written, read, and checked against their own totals;
- :mod:`~ratingbook.swiss.fide`: the one adapter to gacrux (FIDE's pairing and tie-break code).
"""

from __future__ import annotations

from ratingbook.ratings.swiss_standings import player_result, rank_games
from ratingbook.seeds.swiss_text import read_swiss

__all__ = ["determine_output", "player_result"]


def determine_output(input: str) -> list[player_result]:
    """Seed 004's function: standings of a tournament given as text, best first.

    The text lists the player names, one per line, then a blank line, then the rounds separated
    by blank lines, each game as ``white black white_points black_points``.
    """
    table = read_swiss(input)
    return rank_games(table.players, table.games)
