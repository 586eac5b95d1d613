"""An event's FIDE rating report: each player's rated games, expected score, rating change
and performance, by :mod:`ratingbook.fide.rules.rating_regulations` under the rules of the
event's start date (the ``FIDE Rated`` setting says which list: standard, rapid or blitz).

What counts (B.02): games played over the board with a result (forfeits are not games, 5.1;
byes are not games); for a rated player only games against rated opponents (8.3.1); for an
unrated player the games against rated opponents give the rating this event alone would make
(8.2: from 2024 with two hypothetical 1800 opponents drawn), which FIDE publishes once 5 such
games are pooled (7.1.4, other events within 26 months counting); his note traces the
calculation and says when the 5 games are not reached (user test). A rating of 0 or an empty
Rating is unrated. The rounds counted are the standings' (a round in progress counts later, as
in the points). An event over 30 days is rated period by period, each period's games
with its players' ratings of that period (:mod:`ratingbook.events.long_event`): one line a
player a period. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.events.long_event import period_event, periods_of
from ratingbook.events.prizes import points_text
from ratingbook.fide.rules.rating_regulations import (
    FirstRating,
    RatingRules,
    first_rating,
    is_rated_game,
    k_factor,
    performance,
    rating_change,
    rating_rules,
)

__all__ = [
    "PlayerReport",
    "RatingReport",
    "ReportGame",
    "first_rating_note",
    "first_rating_text",
    "rating_report",
]

_SCORES = {
    Result.WHITE_WINS: Fraction(1),
    Result.DRAW: Fraction(1, 2),
    Result.BLACK_WINS: Fraction(0),
}


@dataclass(frozen=True, slots=True)
class ReportGame:
    """A game as the report counts it; ``expected`` and ``delta`` only for a rated player."""

    round: int
    opponent: str
    opponent_rating: int
    counted_rating: int | None
    colour: str  # "w" or "b"
    score: Fraction
    expected: Decimal | None = None

    @property
    def delta(self) -> Decimal | None:
        if self.expected is None:
            return None
        return Decimal(self.score.numerator) / Decimal(self.score.denominator) - self.expected


@dataclass(frozen=True, slots=True)
class PlayerReport:
    """One player's line: ``change`` None when unrated, ``initial`` None when rated."""

    name: str
    number: int
    player: SwissPlayer
    games: tuple[ReportGame, ...]
    k: int | None = None
    k_why: str = ""
    change_exact: Decimal | None = None
    change: int | None = None
    performance: int | None = None
    initial: int | None = None
    note: str = ""
    #: An unrated player's first rating, step by step (8.2); None when rated or none.
    first: FirstRating | None = None
    #: The rating period this line rates (an event over 30 days; 0: the whole event).
    period: int = 0

    @property
    def score(self) -> Fraction:
        return sum((g.score for g in self.games), Fraction(0))

    @property
    def expected(self) -> Decimal | None:
        values = [g.expected for g in self.games if g.expected is not None]
        return sum(values, Decimal(0)) if values else None

    @property
    def new_rating(self) -> int | None:
        rating = self.player.rating
        return None if self.change is None or not rating else rating + self.change


@dataclass(frozen=True, slots=True)
class RatingReport:
    rules: RatingRules
    players: tuple[PlayerReport, ...]

    def by_name(self) -> dict[str, PlayerReport]:
        """Each player's line (an event over 30 days: his last period's)."""
        return {p.name: p for p in self.players}

    def change_of(self, name: str) -> int | None:
        """The player's rounded change over the event: the sum of his periods' changes."""
        changes = [p.change for p in self.players if p.name == name and p.change is not None]
        return sum(changes) if changes else None

    def performance_of(self, name: str) -> int | None:
        """The player's performance over every rated game of the event (B.02 10.2), each
        opponent at his rating in the game's period."""
        games = [g for p in self.players if p.name == name for g in p.games]
        if not games:
            return None
        score = sum((g.score for g in games), Fraction(0))
        return performance([g.opponent_rating for g in games], score)


def _birth_year(birth: str) -> int | None:
    found = re.search(r"\b(19|20)\d\d\b", birth)
    return int(found.group()) if found else None


def _rated(player: SwissPlayer) -> bool:
    return bool(player.rating)


def rating_report(event: SwissEvent) -> RatingReport:
    """The report of every player, in start-number order, over the games with a result; an
    event over 30 days, period by period (each with its ratings), each player's lines of the
    periods he has games in, the note naming the period."""
    periods = periods_of(event.settings, event.paired_rounds)
    if not event.settings.over_30_days or len(periods) == 1:
        return _report(event)
    reports = [(period, _report(period_event(event, period))) for period in periods]
    rated = {line.name for _, report in reports for line in report.players if line.games}
    lines = [
        _replace(
            line,
            period=period.number,
            note=f"{period.label}: {line.note}" if line.note else period.label,
        )
        for period, report in reports
        for line in report.players
        # a player's periods with games; one without any keeps period 1's line
        if line.games or (period.number == 1 and line.name not in rated)
    ]
    return RatingReport(reports[0][1].rules, tuple(lines))


def _report(event: SwissEvent) -> RatingReport:
    """The report of every player, in start-number order, over the games with a result of
    the rounds the standings count (:attr:`~ratingbook.events.event.SwissEvent.standings_round`):
    a result typed in a round still in progress counts in no figure yet, the rating change and
    performance no more than the points (issue 34: one number, one source)."""
    settings = event.settings
    rules = rating_rules(settings.start_date, settings.rated or "Standard")
    start = settings.start_date
    numbers = event.start_numbers()
    by_name = {p.name: p for p in event.players}
    played: dict[str, list[ReportGame]] = {p.name: [] for p in event.players}
    last = event.standings_round
    for entry in event.entries:
        if entry.black is None or entry.result not in _SCORES or entry.round > last:
            continue
        white, black = by_name[entry.white], by_name[entry.black]
        score = _SCORES[entry.result]
        for me, other, colour, mine in ((white, black, "w", score), (black, white, "b", 1 - score)):
            if not _rated(other):
                continue  # 8.3.1 and 8.2.2: only games against rated players count
            if _rated(me) and not is_rated_game(me.rating or 0, other.rating or 0, rules, start):
                continue
            played[me.name].append(
                ReportGame(entry.round, other.name, other.rating or 0, None, colour, mine)
            )
    lines = []
    for player in event.start_order:
        games = sorted(played[player.name], key=lambda g: g.round)
        opponents = [g.opponent_rating for g in games]
        score = sum((g.score for g in games), Fraction(0))
        base = PlayerReport(player.name, numbers[player.name], player, tuple(games))
        if not _rated(player):
            first = first_rating(opponents, score, rules)
            note = "unrated: no rated games" if not games else (
                "unrated: a zero score in a first event is disregarded (8.2.1)" if first is None
                else f"unrated: {first_rating_note(first)}"
            )  # fmt: skip
            lines.append(
                _replace(
                    base,
                    performance=performance(opponents, score),
                    initial=None if first is None else first.rating,
                    note=note,
                    first=first,
                )
            )
            continue
        own = player.rating or 0
        year = start.year if start else None
        k, why = k_factor(own, _birth_year(player.birth), year, len(games), player.k)
        change = rating_change(own, [(g.opponent_rating, g.score) for g in games], k, rules)
        counted = tuple(
            ReportGame(g.round, g.opponent, g.opponent_rating, c.counted_rating, g.colour,
                       g.score, c.expected)
            for g, c in zip(games, change.games, strict=True)
        )  # fmt: skip
        lines.append(
            _replace(
                base,
                games=counted,
                k=k,
                k_why=why,
                change_exact=change.exact if games else None,
                change=change.change if games else None,
                performance=performance(opponents, score),
                note="" if games else "no rated games",
            )
        )
    return RatingReport(rules, tuple(lines))


def _games(count: int) -> str:
    return f"{count} game{'' if count == 1 else 's'}"


def _unpublished(first: FirstRating) -> str:
    """Why FIDE would not publish this first rating yet (7.1.4, the floor); "" when it would."""
    if first.rated_games < first.games_needed:
        return (
            f"only {_games(first.rated_games)} against rated players: FIDE publishes a first "
            f"rating once {first.games_needed} are played, games of other rated events within "
            f"26 months counting too (7.1.4), so {first.rating} is what these games give, not a "
            "published rating yet"
        )
    if first.rating < first.floor:
        return (
            f"under {first.floor}, the rating floor: FIDE publishes none, so {first.rating} is "
            "what these games give, not a published rating"
        )
    return ""


def first_rating_note(first: FirstRating) -> str:
    """The calculation 8.2 makes, in the report's words (its ``New Rating``, ``Games``,
    ``Score``, ``Ra``, dp of table 8.1.1), then whether FIDE would publish it (7.1.4):
    ``first rating 1962 (8.2): with two draws against 1800, 7 games, average 1860, 4½ of 7
    (64 %), dp +102; 5 games against rated players, enough for FIDE to publish it (5 or
    more, 7.1.4)``."""
    steps = [
        f"{_games(first.games)}, average {first.average}",
        f"{points_text(first.score)} of {first.games} ({first.percent} %)",
    ]
    if first.hypothetical:
        steps.insert(0, "with two draws against 1800")
    if not first.hypothetical and first.percent > 50 and first.dp > 0:
        steps.append(f"dp {first.dp:+d} (20 a half point above 50 %)")
    else:
        steps.append(f"dp {first.dp:+d}" if first.dp else "dp 0")
    if first.capped:
        steps.append("at most 2200 (8.2.3)")
    why = _unpublished(first) or (
        f"{_games(first.rated_games)} against rated players, enough for FIDE to "
        f"publish it ({first.games_needed} or more, 7.1.4)"
    )
    return f"first rating {first.rating} (8.2): {', '.join(steps)}; {why}"


def first_rating_text(line: PlayerReport) -> str | None:
    """An unrated player's first rating as his published page gives it: ``1962 (these games
    alone)``, and why FIDE would not publish it yet when it would not (7.1.4, the floor)."""
    if line.first is None:
        return None
    why = _unpublished(line.first)
    return f"{line.first.rating} (these games alone)" + (f"; {why}" if why else "")


def _replace(report: PlayerReport, **changes: object) -> PlayerReport:
    return replace(report, **changes)  # type: ignore[arg-type]
