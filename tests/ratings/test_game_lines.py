"""A Glicko-2 line's games kept as columns (:class:`GameLines`, issue 35's late re-rate) read as
the tuple of game lines they stand for: by index, slice and iteration, compared, hashed,
printed and pickled alike, and a season's lines read so by a report."""

from __future__ import annotations

import operator
import pickle

from ratingbook.ratings.glicko2 import Glicko2Settings
from ratingbook.ratings.rating_periods import rate_season
from ratingbook.ratings.season_model import GameLine, GameLines, PlayerStart, RatingPeriod

COLUMNS = (["r1", "r2"], ["bob", "cy"], [1.0, 0.5], [1400.0, 1550.0], [0.64, 0.43])
#: The same two games written out by hand.
TUPLE = (GameLine("r1", "bob", 1.0, 1400.0, 0.64), GameLine("r2", "cy", 0.5, 1550.0, 0.43))


def test_columns_read_as_the_tuple_of_their_game_lines() -> None:
    games = GameLines(*COLUMNS)
    assert len(games) == 2 and bool(games)
    assert games[0] == TUPLE[0] and games[-1] == TUPLE[1] and games[1:] == TUPLE[1:]
    assert tuple(games) == TUPLE and list(games) == list(TUPLE)
    assert games == TUPLE and games != TUPLE[:1]
    assert operator.eq(TUPLE, games)  # a tuple on the left: GameLines' reflected __eq__
    assert games == GameLines(*COLUMNS) and hash(games) == hash(TUPLE)
    assert repr(games) == repr(TUPLE)
    assert [g.opponent for g in games] == ["bob", "cy"] and games.index(TUPLE[1]) == 1
    again = pickle.loads(pickle.dumps(games))
    assert isinstance(again, GameLines) and again == TUPLE
    assert not GameLines([], [], [], [], [])


def test_a_glicko2_season_line_compares_with_a_line_of_tuples() -> None:
    """ann beats bob: her line's games are one game line, by hand: bob unrated (1500, RD 350,
    g(φ) = 0.6690...), ann 1500 / RD 350, E = 0.5."""
    season = rate_season(
        [RatingPeriod([("ann", "bob", 1.0, "g1")])],
        {"ann": PlayerStart(1500.0, 350.0, 0.06), "bob": PlayerStart()},
        Glicko2Settings(),
    )
    line = season.periods[0].lines["ann"]
    assert isinstance(line.game_lines, GameLines)
    assert line.game_lines == (GameLine("g1", "bob", 1.0, 1500.0, 0.5),)
    assert line == line._replace(game_lines=(GameLine("g1", "bob", 1.0, 1500.0, 0.5),))
    assert pickle.loads(pickle.dumps(line)) == line
