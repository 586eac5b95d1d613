"""The checks of what comes into a season: every problem found, each naming its source.

This module alone decides what a season refuses (every problem is listed, not only the first,
each a :class:`~ratingbook.season.model.SeasonError` naming its file and line, or book, sheet
and row):

- **the same event added twice**: two events with the same fingerprint (decided from their
  first day and games, :func:`~ratingbook.season.model.fingerprint`), whatever their files
  are called;
- **a game two sources report**: the same two players, with the same colours, on the same
  day (in the same round when both sources give one), in two events: reported twice when the
  results agree, a contradiction when they differ;
- **a player in two games of one round** of an event (or in a game and a bye);
- **a game dated outside its event**: before the event's stated first day or after its last;
- **an unknown result**: a game whose result is not known (a PGN's ``*``, a round paired and
  not played yet).

A result sheet that contradicts itself (a TRF whose records do not tell the same game: player
1 met 12 but 12's record says 6; both claim the win) is refused when it is read
(:func:`ratingbook.trf.importer.import_trf`, through :mod:`ratingbook.season.trf_source`).
Players are told apart by their list keys (``key_of``, the identity module's matching). Pure.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

from ratingbook.core.counts import many
from ratingbook.season.model import (
    SeasonError,
    SeasonEvent,
    SeasonGame,
    SourcePlayer,
    SourceRef,
)

__all__ = ["check_events", "no_result", "plays_twice"]


def check_events(
    events: Sequence[SeasonEvent],
    key_of: Callable[[SourcePlayer], str],
    decided: Callable[[SourcePlayer], str | None] = lambda player: None,
) -> tuple[SeasonError, ...]:
    """Every problem of ``events`` (the season's, in the order they were added, the new ones
    last): the module text's checks, in that order, each problem at its later source.
    ``decided`` says which officer's alias made a source player the list player he is (its
    row and words), so a problem the alias caused names the row to change."""
    problems: list[SeasonError] = []
    problems += _twice(events)
    problems += _reported_twice(events, key_of)
    for event in events:
        problems += _round_twice(event, key_of, decided)
        problems += _outside(event)
        problems += _unknown(event)
    return tuple(problems)


def _twice(events: Sequence[SeasonEvent]) -> list[SeasonError]:
    seen: dict[str, SeasonEvent] = {}
    problems: list[SeasonError] = []
    for event in events:
        first = seen.setdefault(event.fingerprint, event)
        if first is not event:
            problems.append(
                SeasonError(
                    f"the event {event.name!r} is already in the season as {first.name!r}: "
                    f"the same {many(len(event.games), 'game')} and byes",
                    event.source,
                    also=first.source,
                )
            )
    return problems


def _result_words(game: SeasonGame) -> str:
    return game.result.value if game.result is not None else "unknown"


def _reported_twice(
    events: Sequence[SeasonEvent], key_of: Callable[[SourcePlayer], str]
) -> list[SeasonError]:
    """A game in two events: the same players and colours on the same day, and the same round
    when both give one. Events with the same fingerprint are left to :func:`_twice`."""
    seen: dict[tuple[str, str, dt.date], list[SeasonGame]] = {}
    fingerprints = {e.id: e.fingerprint for e in events}
    problems: list[SeasonError] = []
    for event in events:
        # Line by line: the same event's games never match each other, so the order only
        # decides the order of the problems, which an officer reads down the file.
        for game in _by_line(event):
            if game.black is None:
                continue
            key = (key_of(game.white), key_of(game.black), game.date)
            earlier = seen.setdefault(key, [])
            other = next(
                (
                    g
                    for g in earlier
                    if g.event != game.event
                    and fingerprints[g.event] != fingerprints[game.event]
                    and (g.round is None or game.round is None or g.round == game.round)
                ),
                None,
            )
            earlier.append(game)
            if other is None:
                continue
            who = f"{game.white.name} - {game.black.name} on {game.date:%Y-%m-%d}"
            if other.result == game.result:
                problems.append(
                    SeasonError(
                        f"the game {who} ({_result_words(game)}) is reported twice",
                        game.source,
                        also=other.source,
                    )
                )
            else:
                problems.append(
                    SeasonError(
                        f"two sources report the game {who} with different results: "
                        f"{_result_words(game)} here, {_result_words(other)} there",
                        game.source,
                        also=other.source,
                    )
                )
    return problems


def _round_twice(
    event: SeasonEvent,
    key_of: Callable[[SourcePlayer], str],
    decided: Callable[[SourcePlayer], str | None],
) -> list[SeasonError]:
    seen: dict[tuple[int, str], tuple[SeasonGame, SourcePlayer]] = {}
    problems: list[SeasonError] = []
    for game in event.games:
        if game.round is None:
            continue
        for player in (game.white, game.black):
            if player is None:
                continue
            key = key_of(player)
            first, other = seen.setdefault((game.round, key), (game, player))
            if first is not game:
                alias = decided(player) or decided(other)
                why = ""
                if alias is not None and other != player:
                    # The two names are one player only by the officer's decision: that row is
                    # what to change (a Different From, or no alias) if they are two people.
                    why = f"the alias {alias} makes {other.name!r} and {player.name!r} player {key}"
                problems.append(
                    plays_twice(player.name, game.round, event.name, game.source, first.source, why)
                )
    return problems


def _by_line(event: SeasonEvent) -> list[SeasonGame]:
    """``event``'s games in the order of its source's lines (or rows), ties as read: a TRF
    holds a round's games on the lines of its players, not in the order they are read."""
    return sorted(event.games, key=lambda g: g.source.where.line or g.source.where.row or 0)


def _outside(event: SeasonEvent) -> list[SeasonError]:
    problems: list[SeasonError] = []
    for game in _by_line(event):
        early = event.start is not None and game.date < event.start
        late = event.end is not None and game.date > event.end
        if early or late:
            span = " to ".join(f"{d:%Y-%m-%d}" for d in (event.start, event.end) if d)
            what = "bye" if game.black is None else "game"
            problems.append(
                SeasonError(
                    f"the {what} is dated {game.date:%Y-%m-%d}, outside its event "
                    f"{event.name!r} ({'from ' if event.end is None else ''}{span})",
                    game.source,
                )
            )
    return problems


def plays_twice(
    name: str, round_: int, event: str, source: SourceRef, first: SourceRef, why: str = ""
) -> SeasonError:
    """The one message for a player in two games of a round (a reader that stops at other
    problems of its file names these too); ``why`` says what made two names one player."""
    said = f"; {why}" if why else ""
    return SeasonError(
        f"{name!r} plays twice in round {round_} of {event!r}{said}", source, also=first
    )


def no_result(white: str, black: str, round_: int | None, source: SourceRef) -> SeasonError:
    """The one message for a game without a result (a reader that stops at other problems of
    its file names these too, so every problem comes in one run)."""
    return SeasonError(
        f"the game {white} - {black} (round {round_ or '?'}) has no result (a rated list takes "
        "only finished games; remove it or give its result)",
        source,
    )


def _unknown(event: SeasonEvent) -> list[SeasonError]:
    return [
        no_result(game.white.name, game.black.name, game.round, game.source)
        for game in event.games
        if game.result is None and game.black is not None
    ]
