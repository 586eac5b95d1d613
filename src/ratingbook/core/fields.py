"""The fields a rule reports a mistake at: one key per field, and the only names the rules use.

A check across rows (two games of one player in a round, a team that plays itself, a setting
that cannot go with another) names the cell of its mistake by the field it found wrong:
``EventError(problem, entry.where, fields.WHITE)``. The keys are lowercase identifiers, not
words a user reads: which column holds a field, and how its header is spelled, is the
workbook's (:class:`ratingbook.core.tables.Column`'s ``field``, set in
:mod:`ratingbook.workbook.sheets.schemas`), and :func:`ratingbook.core.tables.read_table` records
for every row the column's letter and its header as the user typed it under the key.
``where.describe(fields.WHITE)`` then reads ``column C (White)``; where no header is known (an
object built in code), the key's own words are shown (``white pieces``).
"""

from __future__ import annotations

__all__ = [
    "ACTIVE",
    "BLACK",
    "BLACK_NUMBER",
    "BLACK_PIECES",
    "BLACK_POINTS",
    "BLACK_TEAM",
    "BOARD",
    "CATEGORY",
    "GROUP",
    "ID",
    "MATCH",
    "NAME",
    "NUMBER",
    "PERMANENT_RATING",
    "PLAYER",
    "RESULT",
    "ROUND",
    "START_PERMANENT",
    "TEAM",
    "VALUE",
    "WHITE",
    "WHITE_NUMBER",
    "WHITE_PIECES",
    "WHITE_TEAM",
]

# --- a game ------------------------------------------------------------------------------------
WHITE = "white"
"""The player with the white pieces (a name or a ladder ID)."""
BLACK = "black"
"""The player with the black pieces."""
RESULT = "result"
"""The game's result."""
ROUND = "round"
"""The round a game or a match is played in."""
BOARD = "board"
"""A game's board, or a team player's board in the team's order."""
BLACK_POINTS = "black_points"
"""Seed 004: Black's points in a game (the side a sum of more than one point is reported at)."""
WHITE_NUMBER = "white_number"
"""The start number White was paired with (recorded when ratingbook pairs)."""
BLACK_NUMBER = "black_number"
"""The start number Black was paired with."""
WHITE_PIECES = "white_pieces"
"""Crikey: the value of White's pieces left at the end of the game (seed 000)."""
BLACK_PIECES = "black_pieces"
"""Crikey: the value of Black's pieces left at the end of the game."""

# --- a player ----------------------------------------------------------------------------------
NAME = "name"
"""A player's name."""
NUMBER = "number"
"""A player's start number."""
ID = "id"
"""A ladder player's ID (seed 001)."""
GROUP = "group"
"""A ladder player's camp group."""
ACTIVE = "active"
"""Whether a ladder player plays this week (a game may name only an active one)."""
PERMANENT_RATING = "permanent_rating"
"""A ladder player's permanent rating."""
START_PERMANENT = "start_of_week_permanent"
"""A ladder player's permanent rating at the start of the week (the seed's StWkPerm)."""

# --- a team event ------------------------------------------------------------------------------
TEAM = "team"
"""A team's name on its roster."""
PLAYER = "player"
"""A player's name in a list of players: a team's roster, a forbidden pair."""
MATCH = "match"
"""A match's number (its table) in its round."""
WHITE_TEAM = "white_team"
"""The team with White on board 1."""
BLACK_TEAM = "black_team"
"""The other team of a match (or the bye)."""

# --- settings and prizes -----------------------------------------------------------------------
VALUE = "value"
"""A setting's value (the settings' names are :mod:`ratingbook.events.settings`')."""
CATEGORY = "category"
"""A prize's category."""
