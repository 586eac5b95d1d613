"""Worksheet functions (UDFs): ``=ELO_UPDATE(...)`` and friends, thin wrappers over the engine.

This package's name is what the add-in's "UDF Modules" setting points at (``ratingbook.udfs``),
and what xlwings Server's ``from ratingbook.udfs import *`` takes: it hands on every function of
its modules. The functions are named in capitals because classic xlwings (Windows) names the
Excel function exactly like the Python one; xlwings Server and Lite upper-case the name anyway.

Each function only turns Excel's arguments into plain values, calls the engine and shapes the
result: a single number, or a 2-D list that Excel spills into the cells below and to the right.
The docstrings are the help text Excel shows.

- :mod:`~ratingbook.udfs.arguments`: Excel's arguments read (a range as rows or cells, a
  rating, K, a score), a bad one quoted in the error Excel shows as the cell's value;
- :mod:`~ratingbook.udfs.rating_updates`: the functions that rate games (Elo, Glicko-2, the
  SCA ladder, Crikey, FIDE's rating change);
- :mod:`~ratingbook.udfs.standings`: the functions that rank an event (a Swiss or a team
  event's standings, and why a player or a team ranks where it does).
"""

from ratingbook.udfs.rating_updates import (
    CRIKEY_UPDATE,
    ELO_EXPECTED,
    ELO_SERIES,
    ELO_TOURNAMENT,
    ELO_UPDATE,
    FIDE_RATING_CHANGE,
    GLICKO2_UPDATE,
    LADDER_UPDATE,
)
from ratingbook.udfs.standings import SWISS_EXPLAIN, SWISS_STANDINGS, TEAM_EXPLAIN, TEAM_STANDINGS

__all__ = [
    "CRIKEY_UPDATE",
    "ELO_EXPECTED",
    "ELO_SERIES",
    "ELO_TOURNAMENT",
    "ELO_UPDATE",
    "FIDE_RATING_CHANGE",
    "GLICKO2_UPDATE",
    "LADDER_UPDATE",
    "SWISS_EXPLAIN",
    "SWISS_STANDINGS",
    "TEAM_EXPLAIN",
    "TEAM_STANDINGS",
]
