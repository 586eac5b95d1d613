"""A season series (a Grand Prix): points for each event, the best N of them counted, one table.

This module alone decides a series' rules, each named once:

- **an event's place** (:func:`event_places`): the event's own final rank when it comes with one
  (a TRF's rank column, a Swiss book's standings: its tie-breaks decided it) and
  :attr:`SeriesSettings.event_ranks` is on; otherwise, from the bare games (a PGN event), its
  game points: a player's place is one more than the number of players with more points, so
  players level on points share a place. A player takes part in an event when a game or a bye of
  it names him, or its standings give him a place;
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
import enum
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import zip_longest

from ratingbook.errors import InputErrors, Location, RatingbookError
from ratingbook.events.codes import Scoring
from ratingbook.events.prizes import points_text as prize_points_text
from ratingbook.season.model import SeasonEvent, SeasonPlayer, SourcePlayer

__all__ = [
    "EventPlace",
    "EventResult",
    "SeriesError",
    "SeriesRow",
    "SeriesScoring",
    "SeriesSettingError",
    "SeriesSettings",
    "SeriesStandings",
    "SeriesTie",
    "SharedPlaces",
    "event_places",
    "points_text",
    "series_standings",
]

Number = int | float | Fraction


class SeriesScoring(enum.Enum):
    """How an event's result becomes series points."""

    #: Points per place, from :attr:`SeriesSettings.place_points`.
    PLACE = "place"
    #: The player's game points in the event, times :attr:`SeriesSettings.score_factor`.
    SCORE = "score"


class SharedPlaces(enum.Enum):
    """What players who share an event's place score, under points per place."""

    #: The points of the places they cover, shared equally (2nd and 3rd: (18 + 15) / 2 each).
    SPLIT = "split"
    #: Each the points of the higher place (2nd and 3rd: 18 each).
    HIGHER = "higher"


class SeriesTie(enum.Enum):
    """A rule that separates players level on total points (more is better for each)."""

    COUNTED = "more events counted"
    PLAYED = "more events played"
    #: The event results, best first, compared one by one (a result beats none).
    BEST_RESULTS = "better best results"
    #: More first places, then more second places, and so on (a countback).
    PLACES = "more first places, then seconds, and so on"
    #: Game points in the games the players still level played against each other.
    HEAD_TO_HEAD = "more points in the games between them"
    #: The better place in the latest event, then the one before, and so on (playing beats not).
    LATEST = "the better place in the latest event"


#: The default points per place: a Grand Prix table (1st 25 ... 10th 1).
GRAND_PRIX_POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)

#: The settings' names, as an error about one names it.
SETTING_WORDS: Mapping[str, str] = {
    "scoring": "scoring",
    "place_points": "points per place",
    "score_factor": "points per game point",
    "participation": "participation bonus",
    "best": "best N events counted",
    "minimum": "minimum events to be ranked",
    "tie_rules": "tie rules",
    "shared": "shared places",
}


class SeriesError(RatingbookError):
    """A series that cannot be worked out from what it was given (an event's standings that
    leave out a player of its games)."""


class SeriesSettingError(RatingbookError):
    """A series setting that cannot be used: ``setting`` is its name in
    :class:`SeriesSettings` (and :data:`SETTING_WORDS`), which the message names; ``where`` the
    cell it was typed in, when the caller knows it."""

    def __init__(self, problem: str, setting: str, where: Location | None = None) -> None:
        self.setting = setting
        super().__init__(problem, where)

    def _message(self) -> str:
        said = f"series setting {SETTING_WORDS.get(self.setting, self.setting)!r}: {self.problem}"
        place = self.where.describe() if self.where is not None else ""
        return f"{place}: {said}" if place else said

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.problem, self.setting, self.where))


def _fraction(value: Number) -> Fraction:
    # A float as typed (0.1 stays 1/10), not its binary expansion.
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True, slots=True)
class SeriesSettings:
    """A series' rules (the module text says what each does). ``best`` None counts every event;
    ``tie_rules`` in the order they apply; ``event_ranks`` off ranks every event by its game
    points even when it comes with its own final rank."""

    scoring: SeriesScoring = SeriesScoring.PLACE
    place_points: tuple[Number, ...] = GRAND_PRIX_POINTS
    score_factor: Number = 1
    participation: Number = 0
    best: int | None = None
    minimum: int = 1
    tie_rules: tuple[SeriesTie, ...] = (
        SeriesTie.COUNTED,
        SeriesTie.PLACES,
        SeriesTie.HEAD_TO_HEAD,
        SeriesTie.LATEST,
    )
    shared: SharedPlaces = SharedPlaces.SPLIT
    event_ranks: bool = True

    def problems(self) -> list[SeriesSettingError]:
        """Every setting that cannot be used, each naming its setting."""
        found: list[SeriesSettingError] = []

        def need(ok: bool, problem: str, setting: str) -> None:
            if not ok:
                found.append(SeriesSettingError(problem, setting))

        typed, table = self.place_points, [_fraction(p) for p in self.place_points]
        need(bool(table) or self.scoring is SeriesScoring.SCORE, "no place scores", "place_points")
        for i, points in enumerate(table):
            need(points >= 0, f"place {i + 1} scores {typed[i]}: less than 0", "place_points")
            if i:
                more = f"place {i + 1} scores more ({typed[i]}) than place {i} ({typed[i - 1]})"
                need(points <= table[i - 1], more, "place_points")
        need(_fraction(self.score_factor) > 0, f"{self.score_factor}: not above 0", "score_factor")
        need(_fraction(self.participation) >= 0, f"{self.participation}: below 0", "participation")
        count = f"{self.best} events: count 1 or more, or leave it empty to count every event"
        need(self.best is None or self.best >= 1, count, "best")
        need(self.minimum >= 0, f"{self.minimum} events: below 0", "minimum")
        for i, rule in enumerate(self.tie_rules):
            need(rule not in self.tie_rules[:i], f"{rule.value!r} is named twice", "tie_rules")
        return found

    def describe(self) -> str:
        """The rules in one line: ``25, 18, 15 ... points per place (shared places split); best
        3 events counted; 2 events to be ranked; ties: more events counted, ...``."""
        if self.scoring is SeriesScoring.PLACE:
            table = ", ".join(points_text(_fraction(p)) for p in self.place_points)
            how = f"points per place {table} (shared places {self.shared.value})"
        else:
            how = f"{points_text(_fraction(self.score_factor))} per game point"
        bonus = _fraction(self.participation)
        parts = [
            how,
            f"{points_text(bonus)} for taking part in an event" if bonus else "",
            f"best {self.best} events counted" if self.best else "every event counted",
            f"{self.minimum} events to be ranked" if self.minimum > 1 else "",
            f"ties: {'; '.join(r.value for r in self.tie_rules) or 'shared'}",
        ]
        return "; ".join(p for p in parts if p)

    def check(self) -> None:
        """Raise the problems: one as it is, several as one :class:`InputErrors`."""
        found = self.problems()
        if len(found) == 1:
            raise found[0]
        if found:
            raise InputErrors(found)


# --- one event ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventPlace:
    """A player's place in one event: ``place`` (the top of a shared range), how many share it
    (1: alone) and his game points there."""

    place: int
    sharing: int
    score: Fraction


def event_places(
    event: SeasonEvent,
    key_of: Callable[[SourcePlayer], str],
    ranks: Mapping[SourcePlayer, int] | None = None,
) -> dict[str, EventPlace]:
    """Every player's place in ``event`` by list key: from ``ranks`` (the event's own final
    rank, one per player: ranks may repeat, a shared place) when given, else from game points.
    A player of the games whom ``ranks`` leaves out is an error naming him and the event."""
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
    if ranks:
        given = {key_of(p): r for p, r in ranks.items()}
        missing = sorted(set(score) - set(given))
        if missing:
            raise SeriesError(
                f"the standings of {event.describe()} give no place to the player(s) keyed "
                f"{', '.join(missing)} who play in its games"
            )
        for key in given:
            score.setdefault(key, Fraction(0))
        merit = {key: Fraction(-rank) for key, rank in given.items()}
    counts = Counter(merit[key] for key in score)  # a place: 1 + the players above (sorted)
    place_of, above = {}, 0
    for value in sorted(counts, reverse=True):
        place_of[value], above = above + 1, above + counts[value]
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
    """The series: its events in date order (M of them), its settings, and its rows: the
    ranked players by rank, then those below the minimum."""

    events: tuple[SeasonEvent, ...]
    settings: SeriesSettings
    rows: tuple[SeriesRow, ...]

    def row(self, key: str) -> SeriesRow:
        return next(r for r in self.rows if r.key == key)


def points_text(points: Fraction) -> str:
    """Series points as a person reads them: 25, 21½, 19.33 (a half spelt ½, as every page
    of the project spells points: :func:`ratingbook.events.prizes.points_text`)."""
    if points.denominator in (1, 2):
        return prize_points_text(points)
    return f"{float(points):.2f}".rstrip("0").rstrip(".")


def _points_words(points: Fraction) -> str:  # "1 point", "21.5 points"
    return f"{points_text(points)} point{'' if points == 1 else 's'}"


def _place_points(settings: SeriesSettings, place: EventPlace, table: list[Fraction]) -> Fraction:
    if settings.scoring is SeriesScoring.SCORE:
        return place.score * _fraction(settings.score_factor)

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


def _lines(
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
    settings: SeriesSettings,
    ranks: Mapping[str, Mapping[SourcePlayer, int]],
) -> list[_Line]:
    by_key: dict[str, list[tuple[SeasonEvent, EventPlace]]] = {}
    for event in events:
        given = ranks.get(event.id) if settings.event_ranks else None
        for key, place in event_places(event, key_of, given).items():
            by_key.setdefault(key, []).append((event, place))
    lines = []
    bonus = _fraction(settings.participation)
    table = [_fraction(p) for p in settings.place_points]  # once, not once a result
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
                    won += _fraction(game.white_score)
                elif black == line.key and white in rivals:
                    won += 1 - _fraction(game.white_score)
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


def _rule_words(bound: _Boundary, ahead: str, behind: str, events: Sequence[SeasonEvent]) -> str:
    a, b = bound.values[ahead], bound.values[behind]
    rule = bound.rule
    if rule in (SeriesTie.COUNTED, SeriesTie.PLAYED, SeriesTie.HEAD_TO_HEAD):
        figures = f"{_figure(a[0])} to {_figure(b[0])}"
    elif rule is SeriesTie.BEST_RESULTS:
        figures = f"{_list(a)} to {_list(b)}"
    elif rule is SeriesTie.PLACES:
        x, y = next((x, y) for x, y in enumerate(zip_longest(a, b, fillvalue=0)) if y[0] != y[1])
        figures = f"{_figure(y[0])} to {_figure(y[1])} at place {x + 1}"
    else:
        at = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
        event = list(reversed(events))[at]
        figures = f"{_latest(a[at])} to {_latest(b[at])} in {event.name!r}"
    return f"{rule.value} ({figures})"


def _figure(value: object) -> str:
    return points_text(value) if isinstance(value, Fraction) else str(value)


def _list(values: Iterable[object]) -> str:
    return ", ".join(_figure(v) for v in values) or "no result"


def _latest(value: object) -> str:
    assert isinstance(value, int)
    return "not played" if value == -(10**9) else f"place {-value}"


def _sentence(name: str, line: _Line, settings: SeriesSettings, rank: int | None) -> str:
    counted = [r for r in line.results if r.counted]
    dropped = [r for r in line.results if not r.counted]
    n = len(line.results)
    events = f"{n} event{'s' if n != 1 else ''}"
    sums = " + ".join(points_text(r.points) for r in sorted(counted, key=lambda r: -r.points))
    if dropped:
        gone = ", ".join(points_text(r.points) for r in sorted(dropped, key=lambda r: -r.points))
        how = f"best {settings.best} of {events} counted ({sums}; {gone} dropped)"
    elif settings.best is not None and n > 1:
        how = f"all {events} counted ({sums})"
    else:  # one event is not "all 1 event"
        how = f"from {events} ({sums})"
    text = f"{name}: {_points_words(line.total)}, {how}"
    if line.bonus:
        text += f", plus {points_text(line.bonus)} for taking part in {events}"
    if rank is None:
        need = settings.minimum
        text += f"; not ranked: {need} event{'s' if need != 1 else ''} needed, {n} played"
    return text + "."


def series_standings(
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
    settings: SeriesSettings = SeriesSettings(),
    *,
    ranks: Mapping[str, Mapping[SourcePlayer, int]] | None = None,
    players: Sequence[SeasonPlayer] = (),
) -> SeriesStandings:
    """The series standings of ``events`` (in any order: they are taken by date, then as given).

    ``key_of`` tells who is who (the season's matching). ``ranks`` gives, by event id, an
    event's own final rank of each of its players (a TRF's rank column, a Swiss book's
    standings); an event without one is ranked by game points. ``players`` (the season's list)
    gives the names and clubs shown; a player the list lacks is shown as his first event names
    him. A bad setting raises :class:`SeriesSettingError` (several: :class:`InputErrors`)."""
    settings.check()
    dates = [e.start or e.first_date or dt.date.max for e in events]
    order = sorted(range(len(events)), key=lambda i: (dates[i], i))
    dated = [events[i] for i in order]
    names: dict[str, str] = {p.key: p.name for p in players}
    clubs: dict[str, str] = {p.key: p.club for p in players}
    for event in dated:
        for source in (*event.players, *(p for g in event.games for p in (g.white, g.black))):
            if source is not None:
                names.setdefault(key_of(source), source.name)
                clubs.setdefault(key_of(source), source.club)
    lines = _lines(dated, key_of, settings, ranks or {})
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
                f"{' and '.join(level)} share rank {rank} on {_points_words(line.total)}: "
                "no tie rule separates them."
            )
        if bound is not None:
            behind = placed[i + 1][0].key
            ties.append(
                f"{name} is ahead of {names[behind]}, level on {_points_words(line.total)}, "
                f"on {_rule_words(bound, line.key, behind, dated)}."
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
                _sentence(name, line, settings, rank),
            )
        )
    return SeriesStandings(tuple(dated), settings, tuple(rows))
