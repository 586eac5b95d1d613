"""A season of rating periods, in order, for Elo or Glicko-2: each period rated from where every
player stood at its end of the one before, and where every player stands after any period (to
re-rate from a late result's period on). This module alone decides the order of the periods and
what carries from one to the next; one period's maths is
:mod:`~ratingbook.ratings.elo_periods` or :mod:`~ratingbook.ratings.glicko2_periods`, the shapes
:mod:`~ratingbook.ratings.season_model`.

>>> from ratingbook.ratings.elo_rules import EloSettings, KBand
>>> season = rate_season(
...     [RatingPeriod([("ann", "bob", 1.0, "round 1")], label="March")],
...     {"ann": PlayerStart(1500), "bob": PlayerStart(1500)},
...     EloSettings(bands=(KBand(20),)),
... )
>>> line = season.periods[0].lines["ann"]
>>> line.before, line.after, line.why.k, line.game_lines[0].ref
(1500.0, 1510.0, 20, 'round 1')
"""

from __future__ import annotations

import gc
import operator
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace

from ratingbook.ratings.elo_periods import elo_period
from ratingbook.ratings.elo_rules import EloSettings
from ratingbook.ratings.glicko2 import Glicko2Rating, Glicko2Settings
from ratingbook.ratings.glicko2_periods import glicko2_period
from ratingbook.ratings.season_model import (
    PeriodLine,
    PeriodResult,
    PlayerStart,
    RatingPeriod,
    SeasonResult,
    check_season,
)

__all__ = ["SeasonSettings", "rate_season", "standing_after"]

#: The rating system of a list and its settings.
SeasonSettings = EloSettings | Glicko2Settings

_AFTER, _WHY_AFTER = operator.attrgetter("after"), operator.attrgetter("why.after")


class _Standing:
    """Where every player stands between periods, as plain values (no object per player per
    period): rating (None: unrated), games (None: not known), Glicko-2's deviation and
    volatility. Glicko-2 moves ``values`` on and leaves ``ratings`` as the players started (a
    player's rating is the first of his values, None while he is unrated)."""

    def __init__(self, players: Mapping[str, PlayerStart], settings: SeasonSettings) -> None:
        self.ratings: dict[str, float | None] = {}
        self.games: dict[str, int | None] = {}
        self.values: dict[str, Glicko2Rating | None] = {}
        # Elo with a rule of its own for a first rating: each unrated player's pooled games.
        self.pools: dict[str, tuple[tuple[float, float], ...] | None] = {}
        glicko = self.glicko = isinstance(settings, Glicko2Settings)
        ratings, games, values, pools = self.ratings, self.games, self.values, self.pools
        rated_deviation = volatility = 0.0
        if isinstance(settings, Glicko2Settings):
            # A starting rating without a deviation: the list's choice.
            given = settings.rated_deviation
            rated_deviation = settings.deviation if given is None else given
            volatility = settings.volatility
        new = tuple.__new__  # a federation's 50,000 players: no Python-level constructor
        for key, start in players.items():
            rating = start.rating
            if rating is None:
                if start.pool is not None:
                    pools[key] = start.pool
            else:
                rating = float(rating)
            ratings[key] = rating
            games[key] = start.games
            if glicko:
                values[key] = (
                    None
                    if rating is None
                    else new(
                        Glicko2Rating,
                        (
                            rating,
                            float(rated_deviation if start.deviation is None else start.deviation),
                            float(volatility if start.volatility is None else start.volatility),
                        ),
                    )
                )

    def advance(self, lines: Mapping[str, PeriodLine]) -> None:
        """Carry a period's lines into the standing."""
        games = self.games
        # Elo's ratings or Glicko-2's values by update, in C (a federation's 50,000 lines a
        # period). Not both: each line's rating read again for ratings Glicko-2 does not read
        # cost as much as its values (a late event's re-rate advances twelve periods).
        if self.glicko:
            self.values.update(zip(lines.keys(), map(_WHY_AFTER, lines.values()), strict=False))
        else:
            self.ratings.update(zip(lines.keys(), map(_AFTER, lines.values()), strict=False))
        for key, line in lines.items():
            count = games[key]
            if count is not None:
                games[key] = count + line.games
            elif line.before is None:  # an unrated player's count starts with his first games
                games[key] = line.games

    def players(self, starts: Mapping[str, PlayerStart]) -> dict[str, PlayerStart]:
        """Each player's start for what comes next: the same player, his values moved on."""
        moved: dict[str, PlayerStart] = {}
        for key, start in starts.items():
            own = self.values.get(key)
            if own is not None:
                # Made whole rather than by dataclasses.replace, which reads the class's fields
                # anew for each of a federation's 50,000 players.
                moved[key] = PlayerStart(
                    own[0],
                    own[1],
                    own[2],
                    self.games[key],
                    start.fixed,
                    start.k,
                    start.birth_year,
                    start.pool,
                )
                continue
            rating = self.ratings[key]
            if rating is None and self.pools.get(key) != start.pool:
                moved[key] = replace(start, pool=self.pools.get(key))
            elif rating != start.rating or self.games[key] != start.games:
                moved[key] = replace(start, rating=rating, games=self.games[key], pool=None)
            else:
                moved[key] = start
        return moved


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a season is rated, then as it was. Rating makes
    millions of small objects (a line per player per period, a game line per game) and none
    of them in a cycle, so the collector finds nothing; but each of its passes walks every
    object alive, the season rated before among them, and a late event's re-rate of a
    federation's six months spent two fifths of its time there (issue 35). Reference counting
    still frees everything as usual.

    Afterwards what was made goes to the oldest generation at once (``gc.freeze`` then
    ``gc.unfreeze``: two list splices, no object visited), where the collector's full passes
    still see it. Left in the youngest, the first allocation after ``gc.enable`` would walk
    all of it (a federation's re-rated lines and game lines, some two million objects: about
    a second), and the next passes again before it grows old. Not done when the process has
    frozen objects of its own (``gc.get_freeze_count``): unfreezing would release them."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def rate_season(
    periods: Sequence[RatingPeriod],
    players: Mapping[str, PlayerStart],
    settings: SeasonSettings,
    *,
    details: bool = True,
    previous: Sequence[PeriodResult] = (),
) -> SeasonResult:
    """Rate ``periods`` in order from ``players``' starting points (every key a game names needs
    one) by Elo (:class:`~ratingbook.ratings.elo_rules.EloSettings`) or Glicko-2
    (:class:`~ratingbook.ratings.glicko2.Glicko2Settings`). Every problem of the input is
    reported at once before anything is rated (:func:`season_model.check_season`).
    ``details=False`` leaves out each line's games (a big list's memory).

    ``previous``: the same periods as rated before a late event changed some of their games,
    from the same starting points (:func:`standing_after`) and settings. Glicko-2 keeps each
    line that nothing changed (:func:`~ratingbook.ratings.glicko2_periods.glicko2_period`):
    the late event's players and, period by period, those whose values it moved and their
    opponents are rated again, the rest not; a federation's late event re-rated a third fewer
    lines. Whose games changed is read from each period's games as rated before
    (:attr:`PeriodResult.games`) against its games now; only those players' games are grouped
    from the period, the others' are those their lines rated before name. Elo rates every
    period again (a line there also hangs on counts of games and on every unrated player
    met)."""
    check_season(periods, players)
    with _without_cycle_collection():
        standing = _Standing(players, settings)
        results = []
        changed: set[str] = set()
        fixed = {key for key, start in players.items() if start.fixed}
        for index, period in enumerate(periods):
            if isinstance(settings, EloSettings):
                lines = elo_period(
                    period,
                    standing.ratings,
                    standing.games,
                    players,
                    settings,
                    details,
                    standing.pools,
                )
                detailed = details
            else:
                rated = previous[index] if index < len(previous) else None
                outcome = glicko2_period(
                    period,
                    standing.values,
                    fixed,
                    settings,
                    details,
                    None if rated is None else rated.lines,
                    changed,
                    None if rated is None or not rated.games else rated.games,
                    rated is not None and rated.detailed,
                )
                lines, changed = outcome.lines, outcome.moved
                # Lines kept from the period rated before are among them.
                detailed = details and (rated is None or rated.detailed)
            standing.advance(lines)
            results.append(PeriodResult(period.label, lines, period.games, detailed))
        return SeasonResult(tuple(results), standing.players(players))


def standing_after(
    players: Mapping[str, PlayerStart],
    settings: SeasonSettings,
    season: SeasonResult,
    periods: int,
) -> dict[str, PlayerStart]:
    """Where every player stood after the first ``periods`` periods of ``season`` (rated from
    ``players`` with ``settings``): the start from which to re-rate the rest when a late result
    changes a later period, so the periods before it are not rated again."""
    with _without_cycle_collection():
        standing = _Standing(players, settings)
        for period in season.periods[:periods]:
            standing.advance(period.lines)
        return standing.players(players)
