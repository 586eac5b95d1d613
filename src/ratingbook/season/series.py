"""A season series (a Grand Prix): points for each event, the best N of them counted, one table.

This module alone decides a series' rules, each named once:

- **an event's place** (:func:`event_places`): the event's own final ranking when it comes with
  one (:attr:`SeasonEvent.ranks`: a TRF's rank column, a Swiss or round-robin book's standings,
  its tie-breaks applied; a team event's ranking of its teams, each player taking his team's
  place) and :attr:`SeriesSettings.event_ranks` is on; otherwise, from the bare games (a PGN
  event, an Elo book, a ladder), its game points: a player's place is one more than the number
  of players with more points, so players level on points share a place. A player takes part
  in an event when a game or a bye of it names him, or its ranking gives him a place;
- **an event's series points** (:class:`SeriesScoring`): points per place from a table (places
  past the table score 0), or the player's game points in the event times a factor. Players who
  share a place (:class:`SharedPlaces`) share the points of the places they cover equally
  (the default: the FIDE Women's Grand Prix shares the points of players tied on points evenly,
  so a tie neither creates nor destroys points; such a series ranks its events by points alone,
  ``event_ranks`` off), or each take the higher place's;
- **a participation bonus** (:attr:`SeriesSettings.participation`): added once for every event a
  player takes part in, counted or dropped: it rewards turning up, which a dropped result folded
  into the bonus would not;
- **best N of M** (:attr:`SeriesSettings.best`): a player's N best event results count (M: the
  events of the series so far); the rest are dropped. Among equal results the earlier counts;
- **a minimum** (:attr:`SeriesSettings.minimum`): a player who took part in fewer events is
  listed, unranked, below the ranked players;
- **ties** (:class:`SeriesTie`): players level on total points are separated by the tie rules in
  the order the settings give; each rule splits the tied group, the next rule splits what is
  still level (head-to-head counts the games among the players still level). Players no rule
  separates share the rank. Each row says which rule put it ahead of the next row.

The series is a function of its events: standings are worked out again whenever an event is
added, so a late event takes its place by date. Players are told apart by their list keys
(``key_of``, the identity module's matching). Pure: plain values, no spreadsheet library.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import zip_longest

from ratingbook.core.counts import many
from ratingbook.errors import RatingbookError
from ratingbook.events.codes import Scoring
from ratingbook.season.model import SeasonEvent, SeasonPlayer, SourcePlayer
from ratingbook.season.series_categories import CategoryStandings, category_standings, contestant
from ratingbook.season.series_settings import (
    SeriesScoring,
    SeriesSettings,
    SeriesTie,
    SharedPlaces,
    as_fraction,
    has_shares,
    points_text,
)

__all__ = [
    "DEFAULT_SETTINGS",
    "EventPlace",
    "EventResult",
    "SeriesError",
    "SeriesRow",
    "SeriesStandings",
    "event_places",
    "series_standings",
]

#: A series with every setting at its default.
DEFAULT_SETTINGS = SeriesSettings()


class SeriesError(RatingbookError):
    """A series that cannot be worked out from what it was given (an event's standings that
    leave out a player of its games)."""


# --- one event ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventPlace:
    """A player's place in one event: ``place`` (the top of a shared range), how many share it
    (1: alone) and his game points there."""

    place: int
    sharing: int
    score: Fraction


def event_places(
    event: SeasonEvent, key_of: Callable[[SourcePlayer], str], *, own_ranks: bool = True
) -> dict[str, EventPlace]:
    """Every player's place in ``event`` by list key: from the event's own final ranking
    (:attr:`SeasonEvent.ranks`; ranks may repeat, a shared place) when it has one and
    ``own_ranks``: his rank there is his place; else from game points: a place is one more
    than the number of players with more. Players who share a place share it with the other
    entrants at it: an entrant is a player, or in a team event his team (its players take its
    place, and share it only with other teams level with it). A player of the games whom the
    ranking leaves out is an error naming him and the event."""
    score: dict[str, Fraction] = {}
    for game in event.games:
        white, black = Scoring().points(game.result)
        key = key_of(game.white)
        score[key] = score.get(key, Fraction(0)) + white
        if game.black is not None:
            key = key_of(game.black)
            score[key] = score.get(key, Fraction(0)) + black
    # merit: more is better (a given rank, smaller is better; else game points).
    merit: dict[str, Fraction] = dict(score)
    entrant: dict[str, str] = {key: key for key in score}
    if own_ranks and event.ranks:
        given = {key_of(r.player): r for r in event.ranks}  # a later rank of a player wins
        missing = sorted(set(score) - set(given))
        if missing:
            raise SeriesError(
                f"the standings of {event.describe()} give no place to the player(s) keyed "
                f"{', '.join(missing)} who play in its games"
            )
        for key in given:
            score.setdefault(key, Fraction(0))
        merit = {key: Fraction(-r.rank) for key, r in given.items()}
        entrant = {key: f"team {r.team}" if r.team else key for key, r in given.items()}
    # Each entrant counted once at its merit (a team's players are one entrant), sorted once.
    counts = Counter(value for _, value in {(entrant[key], merit[key]) for key in score})
    place_of, above = {}, 0
    for value in sorted(counts, reverse=True):
        place_of[value], above = above + 1, above + counts[value]
    if own_ranks and event.ranks:  # the ranking's own rank is the place (a team ranked 5th
        place_of = {value: int(-value) for value in counts}  # is 5th, byes' teams counted)
    return {key: EventPlace(place_of[merit[key]], counts[merit[key]], score[key]) for key in score}


# --- the standings ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventResult:
    """A player's result in one event of the series: the event's id, his place there, his
    series points for it (the bonus apart) and whether they count."""

    event: str
    place: EventPlace
    points: Fraction
    counted: bool


@dataclass(frozen=True, slots=True)
class SeriesRow:
    """A player's line of the series. ``rank`` None: below the minimum, not ranked. ``shared``:
    his rank is shared. ``decided_by``: the tie rule that put him ahead of the next row, level
    on points (None: their totals differ, or he is last); ``tie`` says it in words."""

    key: str
    name: str
    club: str
    results: tuple[EventResult, ...]
    bonus: Fraction
    total: Fraction
    rank: int | None
    shared: bool = False
    decided_by: SeriesTie | None = None
    tie: str = ""
    sentence: str = ""

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def counted(self) -> int:
        return sum(1 for r in self.results if r.counted)

    def result_in(self, event: str) -> EventResult | None:
        return next((r for r in self.results if r.event == event), None)


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    """The series: its events in date order (M of them), its settings, its rows (the ranked
    players by rank, then those below the minimum) and its categories' standings, in the
    order the settings name them; ``two_decimals``: whether a figure is a share other than a
    whole or a half, so that every figure is shown to two decimals
    (:data:`~ratingbook.season.series_settings.SHARED_FORMAT`), decided once by
    :func:`series_standings` (the grid asks for each of its cells)."""

    events: tuple[SeasonEvent, ...]
    settings: SeriesSettings
    rows: tuple[SeriesRow, ...]
    categories: tuple[CategoryStandings, ...] = ()
    two_decimals: bool = False
    year: int | None = None  # the season's year, its first event's: the age categories' year

    def row(self, key: str) -> SeriesRow:
        return next(r for r in self.rows if r.key == key)

    def categories_of(self, key: str) -> list[tuple[str, int]]:
        """Each category the player is ranked in, with his rank there: ``[("U18", 2)]``."""
        return [
            (table.category.name, rank)
            for table in self.categories
            for player, rank in table.rows
            if player == key
        ]


def _points_words(points: Fraction, two: bool) -> str:  # "1 point", "21.5 points"
    return f"{points_text(points, two_decimals=two)} point{'' if points == 1 else 's'}"


def _place_points(settings: SeriesSettings, place: EventPlace, table: list[Fraction]) -> Fraction:
    if settings.scoring is SeriesScoring.SCORE:
        return place.score * as_fraction(settings.score_factor)

    # The places covered that score (past the table, 0): a slice, however many share.
    covered = table[place.place - 1 : place.place - 1 + place.sharing]
    if settings.shared is SharedPlaces.HIGHER or place.sharing == 1:
        return covered[0] if covered else Fraction(0)
    return sum(covered, Fraction(0)) / place.sharing


#: A player's value under a tie rule, compared as a tuple (more is better).
_Value = tuple[Fraction | int, ...]


@dataclass
class _Line:
    key: str
    results: list[EventResult]
    bonus: Fraction
    total: Fraction


def _figures(line: _Line) -> list[Fraction]:
    """Every series figure of a player's line: each event's points (dropped or not), the
    bonus, the total."""
    return [*(r.points for r in line.results), line.bonus, line.total]


def _lines(
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
    settings: SeriesSettings,
) -> list[_Line]:
    by_key: dict[str, list[tuple[SeasonEvent, EventPlace]]] = {}
    for event in events:
        for key, place in event_places(event, key_of, own_ranks=settings.event_ranks).items():
            by_key.setdefault(key, []).append((event, place))
    lines = []
    bonus = as_fraction(settings.participation)
    table = [as_fraction(p) for p in settings.place_points]  # once, not once a result
    for key, played in by_key.items():
        points = [_place_points(settings, place, table) for _, place in played]
        # The best N; among equal results the earlier event counts (a stable sort).
        order = sorted(range(len(played)), key=lambda i: -points[i])
        kept = set(order if settings.best is None else order[: settings.best])
        results = [
            EventResult(event.id, place, points[i], i in kept)
            for i, (event, place) in enumerate(played)
        ]
        counted = sum((points[i] for i in kept), Fraction(0))
        lines.append(_Line(key, results, bonus * len(played), counted + bonus * len(played)))
    return lines


def _value(
    rule: SeriesTie,
    line: _Line,
    group: Sequence[_Line],
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
) -> _Value:
    """``line``'s value under ``rule`` among ``group`` (more is better)."""
    if rule is SeriesTie.COUNTED:
        return (sum(1 for r in line.results if r.counted),)
    if rule is SeriesTie.PLAYED:
        return (len(line.results),)
    if rule is SeriesTie.BEST_RESULTS:
        return tuple(sorted((r.points for r in line.results), reverse=True))
    if rule is SeriesTie.PLACES:  # to his own lowest place: its count is never 0, so tuples
        held = Counter(r.place.place for r in line.results)  # compare as if all were as long
        return tuple(held[p] for p in range(1, max(held, default=0) + 1))
    if rule is SeriesTie.HEAD_TO_HEAD:
        rivals = {other.key for other in group} - {line.key}
        won = Fraction(0)
        for event in events:
            for game in event.games:
                if game.black is None or not game.rated:
                    continue
                white, black = key_of(game.white), key_of(game.black)
                if white == line.key and black in rivals:
                    won += as_fraction(game.white_score)
                elif black == line.key and white in rivals:
                    won += 1 - as_fraction(game.white_score)
        return (won,)
    # LATEST: the latest event first; a place is better when smaller, playing beats not.
    places = {r.event: r.place.place for r in line.results}
    return tuple(-places[e.id] if e.id in places else -(10**9) for e in reversed(events))


@dataclass(frozen=True, slots=True)
class _Boundary:
    rule: SeriesTie
    values: Mapping[str, _Value]


def _split(
    group: list[_Line],
    level: int,
    settings: SeriesSettings,
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
) -> tuple[list[list[_Line]], list[_Boundary]]:
    """``group`` (level on points) in final groups, each level on every rule, best first; and
    the rule between each two groups with every member's value under it."""
    if len(group) == 1 or level == len(settings.tie_rules):
        return [group], []
    rule = settings.tie_rules[level]
    values = {line.key: _value(rule, line, group, events, key_of) for line in group}
    distinct = sorted(set(values.values()), reverse=True)
    groups: list[list[_Line]] = []
    bounds: list[_Boundary] = []
    for i, value in enumerate(distinct):
        inner, inner_bounds = _split(
            [line for line in group if values[line.key] == value],
            level + 1,
            settings,
            events,
            key_of,
        )
        if i:
            bounds.append(_Boundary(rule, values))
        groups += inner
        bounds += inner_bounds
    return groups, bounds


def _ranked(
    lines: list[_Line],
    settings: SeriesSettings,
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
    names: Mapping[str, str],
) -> list[tuple[_Line, int, bool, _Boundary | None]]:
    """The ranked lines, each with its rank, whether it is shared, and the rule that put it
    ahead of the next line when they are level on points."""
    by_total: dict[Fraction, list[_Line]] = {}
    for line in lines:
        by_total.setdefault(line.total, []).append(line)
    out: list[tuple[_Line, int, bool, _Boundary | None]] = []
    for total in sorted(by_total, reverse=True):
        groups, bounds = _split(by_total[total], 0, settings, events, key_of)
        for i, final in enumerate(groups):
            final.sort(key=lambda line: names[line.key].casefold())
            rank = len(out) + 1
            for j, line in enumerate(final):
                last = j == len(final) - 1
                bound = bounds[i] if last and i < len(bounds) else None
                out.append((line, rank, len(final) > 1, bound))
    return out


def _rule_words(
    bound: _Boundary, ahead: str, behind: str, events: Sequence[SeasonEvent], two: bool
) -> str:
    a, b = bound.values[ahead], bound.values[behind]
    rule = bound.rule
    if rule in (SeriesTie.COUNTED, SeriesTie.PLAYED, SeriesTie.HEAD_TO_HEAD):
        figures = f"{_figure(a[0], two)} to {_figure(b[0], two)}"
    elif rule is SeriesTie.BEST_RESULTS:
        figures = f"{_list(a, two)} to {_list(b, two)}"
    elif rule is SeriesTie.PLACES:
        x, y = next((x, y) for x, y in enumerate(zip_longest(a, b, fillvalue=0)) if y[0] != y[1])
        figures = f"{_figure(y[0], two)} to {_figure(y[1], two)} at place {x + 1}"
    else:
        at = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
        latest_first = list(reversed(events))
        figures = f"{_latest(a[at])} to {_latest(b[at])} in {latest_first[at].name!r}"
        if at:  # the latest event left them level: the sentence names the one that did not
            later = [repr(e.name) for e in reversed(latest_first[:at])]
            level = ", ".join(later[:-1]) + " and " + later[-1] if len(later) > 1 else later[0]
            return f"{rule.value} in which they differ ({figures}; level in {level})"
    return f"{rule.value} ({figures})"


def _figure(value: object, two: bool) -> str:
    return points_text(value, two_decimals=two) if isinstance(value, Fraction) else str(value)


def _list(values: Iterable[object], two: bool) -> str:
    return ", ".join(_figure(v, two) for v in values) or "no result"


def _latest(value: object) -> str:
    assert isinstance(value, int)
    return "not played" if value == -(10**9) else f"place {-value}"


def _sentence(name: str, line: _Line, settings: SeriesSettings, rank: int | None, two: bool) -> str:
    """The player's sentence, his figures spelt as the standings' cells show them
    (:func:`~ratingbook.season.series_settings.points_text`; ``two``: the series holds a
    share other than a half)."""
    counted = [r for r in line.results if r.counted]
    dropped = [r for r in line.results if not r.counted]
    n = len(line.results)
    events = many(n, "event")

    def said(points: Fraction) -> str:
        return points_text(points, two_decimals=two)

    sums = " + ".join(said(r.points) for r in sorted(counted, key=lambda r: -r.points))
    if dropped:
        gone = ", ".join(said(r.points) for r in sorted(dropped, key=lambda r: -r.points))
        how = f"best {settings.best} of {events} counted ({sums}; {gone} dropped)"
    elif settings.best is not None and n > 1:
        how = f"all {events} counted ({sums})"
    else:  # one event is not "all 1 event"
        how = f"from {events} ({sums})"
    text = f"{name}: {_points_words(line.total, two)}, {how}"
    if line.bonus:
        text += f", plus {said(line.bonus)} for taking part in {events}"
    if rank is None:
        need = settings.minimum
        text += f"; not ranked: {many(need, 'event')} needed, {n} played"
    return text + "."


def series_standings(
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
    settings: SeriesSettings = DEFAULT_SETTINGS,
    *,
    players: Sequence[SeasonPlayer] = (),
) -> SeriesStandings:
    """The series standings of ``events`` (in any order: they are taken by date, then as given).

    ``key_of`` tells who is who (the season's matching). An event with its own final ranking
    (:attr:`SeasonEvent.ranks`) is placed by it, one without by game points
    (:func:`event_places`). ``players`` (the season's list)
    gives the names and clubs shown, and who is in each category (a player the list lacks is
    in none: :mod:`~ratingbook.season.series_categories`, the season's year that of the first
    event); a player the list lacks is shown as his first event names him. A bad setting
    raises :class:`SeriesSettingError` (several: :class:`InputErrors`)."""
    settings.check()
    dates = [e.start or e.first_date or dt.date.max for e in events]
    order = sorted(range(len(events)), key=lambda i: (dates[i], i))
    dated = [events[i] for i in order]
    names: dict[str, str] = {p.key: p.name for p in players}
    clubs: dict[str, str] = {p.key: p.club for p in players}
    for event in dated:
        named = (*event.players, *(r.player for r in event.ranks))
        for source in (*named, *(p for g in event.games for p in (g.white, g.black))):
            if source is not None:
                names.setdefault(key_of(source), source.name)
                clubs.setdefault(key_of(source), source.club)
    lines = _lines(dated, key_of, settings)
    two = has_shares(p for line in lines for p in _figures(line))
    for line in lines:  # a player only an event's standings name, without a name: his key
        names.setdefault(line.key, line.key)
    ranked = [line for line in lines if len(line.results) >= settings.minimum]
    below = [line for line in lines if len(line.results) < settings.minimum]
    below.sort(key=lambda line: (-line.total, names[line.key].casefold()))
    placed = _ranked(ranked, settings, dated, key_of, names)
    rows: list[SeriesRow] = []
    for i, (line, rank, shared, bound) in enumerate(
        [*placed, *((b, None, False, None) for b in below)]
    ):
        name, ties = names[line.key], []
        level = [names[other.key] for other, r, _, _ in placed if r == rank]
        if shared and level[-1] == name:
            ties.append(
                f"{' and '.join(level)} share rank {rank} on {_points_words(line.total, two)}: "
                "no tie rule separates them."
            )
        if bound is not None:
            behind = placed[i + 1][0].key
            ties.append(
                f"{name} is ahead of {names[behind]}, level on {_points_words(line.total, two)}, "
                f"on {_rule_words(bound, line.key, behind, dated, two)}."
            )
        rows.append(
            SeriesRow(
                line.key,
                name,
                clubs.get(line.key, ""),
                tuple(line.results),
                line.bonus,
                line.total,
                rank,
                shared,
                bound.rule if bound else None,
                " ".join(ties),
                _sentence(name, line, settings, rank, two),
            )
        )
    year = dates[order[0]].year if events and dates[order[0]] != dt.date.max else None
    categories = category_standings(
        [(line.key, rank) for line, rank, _, _ in placed],
        {p.key: contestant(p) for p in players},
        settings.categories,
        year,
    )
    return SeriesStandings(tuple(dated), settings, tuple(rows), categories, two, year)
