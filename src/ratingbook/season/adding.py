"""A season, and what adding events to it does: the one sequence of ``season add``.

This module alone decides the order of an addition (:func:`add_events`), on plain values:

1. the events are matched, with the season's own, to the list (the officer's aliases first,
   then IDs, then names: :func:`~ratingbook.season.identity.match_players`); every
   undecided near duplicate of the list is found, those of the new events' players told
   apart (:attr:`~ratingbook.season.identity.Matching.asked`), and among them those the
   list did not already hold (:attr:`Addition.raised`: a list player a new event names
   again raises no pair he was already in);
2. every event is checked (:func:`~ratingbook.season.checks.check_events`): the same event
   twice, a game two sources report, a player twice in a round, a game outside its event's
   dates, an unknown result; with the problems of the matching (an alias naming no player, a
   name two list players answer to) and those of the files that did not read, or read in part
   (``unread``: the events that did read are still checked, so one run names them all);
3. a late result: the first rated period the new events change
   (:func:`~ratingbook.season.periods.late_result`).

Before all this, an event added again with rounds played since (a running league, a Swiss
added after each evening) is recognised as **the same event continued**
(:func:`continuation`): it states no other first day than the season's event
(:func:`~ratingbook.season.model.same_day`), and every game of the rounds the season already
holds of it is there, the same players with the same colours and result, round by round, and
nothing else of those rounds. Only its new rounds go in, as more games of the season's event,
which takes the new fingerprint; the same games with no new round is the same event twice,
refused.

With any problem the season comes back unchanged, every problem listed: nothing is written.
A season is a function of its list, its events and its aliases: adding an alias and adding
nothing matches every event again, so the officer's decision reaches every past game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.season.checks import check_events
from ratingbook.season.identity import Alias, Candidate, Matching, Merge, match_players
from ratingbook.season.model import (
    SeasonError,
    SeasonEvent,
    SeasonGame,
    SeasonPlayer,
    SourcePlayer,
    same_day,
)
from ratingbook.season.names import exact_name
from ratingbook.season.periods import LateResult, PeriodLength, late_result

__all__ = ["Addition", "Continuation", "Season", "add_events", "continuation", "source_players"]


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
    result (None: the events come after every rated period), every problem, the ids of the
    events added as new (``added``), the events continued by new rounds, and the near
    duplicates the addition raised (``raised``: its events' players' pairs that were not
    pairs of the season before, ``alike`` of :func:`add_events`)."""

    season: Season
    matching: Matching
    late: LateResult | None
    problems: tuple[RatingbookError, ...] = ()
    added: tuple[str, ...] = field(default=())
    continued: tuple[Continuation, ...] = ()
    raised: tuple[Candidate, ...] = ()

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


@dataclass(frozen=True, slots=True)
class Continuation:
    """An event added again with new rounds: ``into`` the season's event it continues (as it
    was), ``event`` as read now, and ``games`` the new rounds' games (of ``into`` from now
    on)."""

    into: SeasonEvent
    event: SeasonEvent
    games: tuple[SeasonGame, ...]

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(sorted({g.round for g in self.games if g.round is not None}))


def _rounds_games(games: Iterable[SeasonGame]) -> Counter[tuple[int | None, str, str, str]]:
    """Games as the fingerprint tells them (round, names, result), byes left out."""
    return Counter(
        (g.round, exact_name(g.white.name), exact_name(g.black.name), str(g.result))
        for g in games
        if g.black is not None
    )


def continuation(held: Sequence[SeasonEvent], event: SeasonEvent) -> Continuation | None:
    """The season's event (of ``held``) that ``event`` continues (the module text's rule), or
    None. Only events whose every game has a round can be continued."""
    if not event.games or any(g.round is None for g in event.games):
        return None
    for old in held:
        rounds = {g.round for g in old.games}
        if not old.games or None in rounds or not same_day(old, event):
            continue
        same_rounds = [g for g in event.games if g.round in rounds]
        if _rounds_games(same_rounds) == _rounds_games(old.games) and _rounds_games(old.games):
            games = tuple(replace(g, event=old.id) for g in event.games if g.round not in rounds)
            return Continuation(old, event, games)
    return None


def source_players(events: Sequence[SeasonEvent]) -> list[SourcePlayer]:
    """Every player the events name (their player lists, their games and their rankings), in
    order: a game before a ranking, so a near duplicate's Where is a game's source."""
    found: list[SourcePlayer] = []
    for event in events:
        found.extend(event.players)
        for game in event.games:
            found.append(game.white)
            if game.black is not None:
                found.append(game.black)
        found.extend(r.player for r in event.ranks)
    return found


def _decided(matching: Matching) -> Callable[[SourcePlayer], str | None]:
    """The alias row (in words) that made a source player his list player, for the checks."""

    def decided(player: SourcePlayer) -> str | None:
        alias = matching.alias_of(player)
        return None if alias is None else alias.describe()

    return decided


def add_events(
    season: Season,
    events: Sequence[SeasonEvent],
    unread: Sequence[RatingbookError] = (),
    *,
    alike: Iterable[Candidate] | None = None,
) -> Addition:
    """Add ``events`` to ``season`` (the module text's sequence). ``unread``: the problems of
    the files that did not read (or read in part), listed first; the checks still run on
    ``events``, so one run names every problem. ``alike``: the near duplicates of the season
    as it is (its :attr:`Addition.candidates`), so that only the names these events put on the
    list are compared (:func:`~ratingbook.season.identity.match_players`), and a pair of
    them is not one the addition raised (None: every pair the events' players are in is)."""
    alike = None if alike is None else tuple(alike)  # read twice: searched, and told apart
    held = list(season.events)
    fresh: list[SeasonEvent] = []
    continued: list[Continuation] = []
    early: list[SeasonError] = []
    for event in events:
        found = continuation(held, event)
        if found is None or (not found.games and found.into.fingerprint == event.fingerprint):
            fresh.append(event)  # the same fingerprint twice is the checks' to refuse
        elif not found.games:
            early.append(
                SeasonError(
                    f"the event {event.name!r} is already in the season as "
                    f"{found.into.name!r}: the same games, and no round played since",
                    event.source,
                    also=found.into.source,
                )
            )
        else:
            grown = replace(
                found.into,
                games=(*found.into.games, *found.games),
                fingerprint=event.fingerprint,
                end=event.end,
                ranks=event.ranks,  # its ranking after the new rounds, not the old one
            )
            held[held.index(found.into)] = grown
            continued.append(found)
    everything = [*held, *fresh]
    new = source_players([*fresh, *(c.event for c in continued)])
    matching = match_players(
        season.rows, source_players(everything), season.aliases, report=new, alike=alike
    )
    decided = _decided(matching)
    checked = check_events(everything, matching.key_of, decided)
    problems = [*unread, *early, *matching.problems, *checked]
    if problems:
        return Addition(season, matching, None, tuple(problems))
    changed = [e for e, was in zip(held, season.events, strict=True) if e is not was]
    late = late_result(season.events, [*changed, *fresh], season.length, after=everything)
    after = Season(
        matching.players, tuple(everything), season.aliases, season.length, matching.merged
    )
    had = {frozenset((c.key, c.other)) for c in alike or ()}
    raised = tuple(c for c in matching.asked if frozenset((c.key, c.other)) not in had)
    fresh_ids = tuple(e.id for e in fresh)
    return Addition(after, matching, late, (), fresh_ids, tuple(continued), raised)
