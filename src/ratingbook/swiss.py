"""Seed 004's Swiss standings: ``determine_output(text)`` and ``player_result``.

This module is the seed's API, exactly as the seed defines it: ``determine_output(text)`` returns
the standings as ``player_result`` objects, best first. Whole events (pairing, FIDE tie-breaks,
TRF) live in :mod:`ratingbook.events`, :mod:`ratingbook.trf`, :mod:`ratingbook.fide` and
:mod:`ratingbook.reports`.
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
