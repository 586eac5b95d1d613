"""Rating periods: a season's games cut into the periods a rating system rates, and late results.

This module alone decides:

- **the periods** (:func:`cut_periods`) of each length (:class:`PeriodLength`): each game
  alone; each event (ordered by its first game's date); each week (Monday to Sunday); each
  calendar month. Weeks and months run without a gap from the first game's to the last
  game's, an empty one included (a Glicko deviation grows over a period without games);
  within a period, and between periods of one game or one event, games keep the order: date,
  then the event's place in the season, then round, then their place in the event;
- **each event's periods** (:func:`event_periods`): the periods its games fall in;
- **a late result** (:func:`late_result`): an event that changes a period already rated (its
  games are dated in or before the last period rated so far). The season is re-rated from the
  first period it changes, which :class:`LateResult` names; it is *late* only when dated
  before a period already rated (the newest event, in the last period rated, is not).

A period holds every game of its dates, byes, forfeits and unknown results too (the report
lists them); :func:`rated_games` gives the rating maths its rated games as plain tuples
(white key, black key, White's score, the game). Pure.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ratingbook.season.model import SeasonEvent, SeasonGame, SourcePlayer

__all__ = [
    "LateResult",
    "Period",
    "PeriodLength",
    "cut_periods",
    "event_periods",
    "late_result",
    "rated_games",
]


class PeriodLength(enum.Enum):
    """How long a rating period is (within a period every expected score comes from the
    ratings at its start)."""

    GAME = "game"
    """Each game is its own period: ratings change after every game."""

    EVENT = "event"
    """Each event is a period."""

    WEEK = "week"
    """Each week, Monday to Sunday."""

    MONTH = "month"
    """Each calendar month."""


@dataclass(frozen=True, slots=True)
class Period:
    """One rating period: its place (``index``, from 0), its first and last day, its games
    in order, and the ids of the events they come from (in the season's order)."""

    index: int
    start: dt.date
    end: dt.date
    games: tuple[SeasonGame, ...]
    events: tuple[str, ...]

    def same_as(self, other: Period) -> bool:
        """The same dates and the very same games (a period a late result leaves alone)."""
        return (
            self.start == other.start
            and self.end == other.end
            and len(self.games) == len(other.games)
            and all(a is b for a, b in zip(self.games, other.games, strict=True))
        )


@dataclass(frozen=True, slots=True)
class LateResult:
    """An event added after a period its games belong to was rated: the season is re-rated
    from ``rerate_from`` (a period of the season with the event in it) on.

    ``late``: the event is dated before a period already rated (a late result, which the
    officer is told of). When it is not, the event is the newest and only the last period
    rated is rated again with it (a month's games are rated from the ratings at its start,
    whichever day they were added): nothing late to tell."""

    event: str
    first_date: dt.date
    rerate_from: Period
    late: bool = True


def _monday(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def _month_start(day: dt.date) -> dt.date:
    return day.replace(day=1)


def _month_end(start: dt.date) -> dt.date:
    following = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return following - dt.timedelta(days=1)


def _ordered(
    events: Sequence[SeasonEvent],
) -> list[tuple[tuple[dt.date, int, int, int], SeasonGame]]:
    """Every game with its sort key: date, event's place, round, place in the event."""
    keyed = [
        ((game.date, place, game.round or 0, n), game)
        for place, event in enumerate(events)
        for n, game in enumerate(event.games)
    ]
    keyed.sort(key=lambda pair: pair[0])
    return keyed


def _period(index: int, start: dt.date, end: dt.date, games: list[SeasonGame]) -> Period:
    events = tuple(dict.fromkeys(g.event for g in games))
    return Period(index, start, end, tuple(games), events)


def cut_periods(events: Sequence[SeasonEvent], length: PeriodLength) -> tuple[Period, ...]:
    """The season's games (of ``events``, in the season's order) cut into periods."""
    keyed = _ordered(events)
    if not keyed:
        return ()
    if length is PeriodLength.GAME:
        return tuple(_period(i, g.date, g.date, [g]) for i, (_, g) in enumerate(keyed))
    if length is PeriodLength.EVENT:
        by_event: dict[str, list[SeasonGame]] = {}
        for _, game in keyed:
            by_event.setdefault(game.event, []).append(game)
        place = {e.id: n for n, e in enumerate(events)}
        order = sorted(by_event.values(), key=lambda g: (g[0].date, g[-1].date, place[g[0].event]))
        return tuple(_period(i, g[0].date, g[-1].date, g) for i, g in enumerate(order))
    first_of = _monday if length is PeriodLength.WEEK else _month_start
    buckets: dict[dt.date, list[SeasonGame]] = {}
    for _, game in keyed:
        buckets.setdefault(first_of(game.date), []).append(game)
    periods: list[Period] = []
    start, last = first_of(keyed[0][1].date), first_of(keyed[-1][1].date)
    while start <= last:
        end = start + dt.timedelta(days=6) if length is PeriodLength.WEEK else _month_end(start)
        periods.append(_period(len(periods), start, end, buckets.get(start, [])))
        start = end + dt.timedelta(days=1)
    return tuple(periods)


def event_periods(periods: Sequence[Period]) -> dict[str, tuple[int, ...]]:
    """Each event's periods (their indexes), by event id."""
    found: dict[str, list[int]] = {}
    for period in periods:
        for event in period.events:
            found.setdefault(event, []).append(period.index)
    return {event: tuple(indexes) for event, indexes in found.items()}


def late_result(
    rated: Sequence[SeasonEvent],
    added: Sequence[SeasonEvent],
    length: PeriodLength,
    *,
    after: Sequence[SeasonEvent] | None = None,
) -> LateResult | None:
    """Whether adding ``added`` to a season rated through all of ``rated`` changes a period
    already rated, and the first such period (in the season with them) to re-rate from.
    ``after``: the season's events after the addition, when they are not ``rated`` and
    ``added`` one after the other (an event of ``rated`` continued by new rounds, and given
    in ``added`` as it is now); the new games are those no event of ``rated`` holds."""
    before = cut_periods(rated, length)
    periods = cut_periods([*rated, *added] if after is None else after, length)
    old = {id(g) for e in rated for g in e.games}
    new = [g for e in added for g in e.games if id(g) not in old]
    if not new:
        return None
    for index, period in enumerate(before):
        if not period.same_as(periods[index]):  # periods has every period before has, or more
            changed = periods[index]
            event = next((g.event for g in changed.games if id(g) not in old), new[0].event)
            first = min(g.date for g in new)
            return LateResult(event, first, changed, late=first < before[-1].start)
    return None


def rated_games(
    period: Period, key_of: Callable[[SourcePlayer], str]
) -> tuple[tuple[str, str, float, SeasonGame], ...]:
    """The period's rated games for the rating maths: (White's key, Black's key, White's
    score, the game itself as the opaque reference), in the period's order."""
    return tuple(
        (key_of(g.white), key_of(g.black), g.white_score, g)
        for g in period.games
        if g.rated and g.black is not None
    )
