"""A season, and what adding events to it does: the one sequence of ``season add``.

This module alone decides the order of an addition (:func:`add_events`), on plain values:

1. the events are matched, with the season's own, to the list (the officer's aliases first,
   then IDs, then names: :func:`~ratingbook.season.identity.match_players`); near duplicates
   are reported for the new events' players only;
2. every event is checked (:func:`~ratingbook.season.checks.check_events`): the same event
   twice, a game two sources report, a player twice in a round, a game outside its event's
   dates, an unknown result; with the problems of the matching (an alias naming no player, a
   name two list players answer to);
3. a late result: the first rated period the new events change
   (:func:`~ratingbook.season.periods.late_result`).

With any problem the season comes back unchanged, every problem listed: nothing is written.
A season is a function of its list, its events and its aliases: adding an alias and adding
nothing matches every event again, so the officer's decision reaches every past game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ratingbook.errors import InputErrors
from ratingbook.season.checks import check_events
from ratingbook.season.identity import Alias, Candidate, Matching, Merge, match_players
from ratingbook.season.model import SeasonError, SeasonEvent, SeasonPlayer, SourcePlayer
from ratingbook.season.periods import LateResult, PeriodLength, late_result

__all__ = ["Addition", "Season", "add_events", "source_players"]


@dataclass(frozen=True, slots=True)
class Season:
    """A season: its list of players (with their starting points), its events in the order
    they were added, the officer's aliases, its rating period, and the players the aliases
    merged into others (off the list; kept so what named them still finds the player)."""

    players: tuple[SeasonPlayer, ...] = ()
    events: tuple[SeasonEvent, ...] = ()
    aliases: tuple[Alias, ...] = ()
    length: PeriodLength = PeriodLength.MONTH
    merged: tuple[Merge, ...] = ()

    @property
    def rows(self) -> tuple[SeasonPlayer, ...]:
        """Every player row: the list's, then the merged players'."""
        return (*self.players, *(m.player for m in self.merged))


@dataclass(frozen=True, slots=True)
class Addition:
    """What adding events gave: the season after it (the same season when there are
    problems), the matching of every event's players, the candidates to decide, the late
    result (None: the events come after every rated period) and every problem."""

    season: Season
    matching: Matching
    late: LateResult | None
    problems: tuple[SeasonError, ...] = ()
    added: tuple[str, ...] = field(default=())

    @property
    def candidates(self) -> tuple[Candidate, ...]:
        return self.matching.candidates

    @property
    def ok(self) -> bool:
        return not self.problems

    def check(self) -> None:
        """Raise the problems: one as it is, several as one
        :class:`~ratingbook.errors.InputErrors`."""
        if len(self.problems) == 1:
            raise self.problems[0]
        if self.problems:
            raise InputErrors(self.problems)


def source_players(events: Sequence[SeasonEvent]) -> list[SourcePlayer]:
    """Every player the events name (their player lists and their games), in order."""
    found: list[SourcePlayer] = []
    for event in events:
        found.extend(event.players)
        for game in event.games:
            found.append(game.white)
            if game.black is not None:
                found.append(game.black)
    return found


def add_events(season: Season, events: Sequence[SeasonEvent]) -> Addition:
    """Add ``events`` to ``season`` (the module text's sequence)."""
    everything = [*season.events, *events]
    new = source_players(events)
    matching = match_players(season.rows, source_players(everything), season.aliases, report=new)
    problems = [*matching.problems, *check_events(everything, matching.key_of)]
    late = late_result(season.events, events, season.length) if events and not problems else None
    if problems:
        return Addition(season, matching, None, tuple(problems))
    after = Season(
        matching.players, tuple(everything), season.aliases, season.length, matching.merged
    )
    return Addition(after, matching, late, (), tuple(e.id for e in events))
