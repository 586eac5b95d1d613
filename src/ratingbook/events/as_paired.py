"""The results each paired round was paired on: what a round is judged on.

A round is judged (checked against the rules, explained, its boards put in C.04.2's order) on
the results as they stood when it was paired. Two things make those differ from the results
the event holds now, and the log says when each happened (the book's ``Event Log``, a TRF
file's ``###`` lines as :mod:`ratingbook.trf.log_comments` reads them):

- a game adjourned when the round was paired counted as a draw for it (FIDE's checklist Q157),
  whatever its result since: :func:`~ratingbook.events.adjourned.adjourned_when_paired`;
- a result corrected after the round was paired (FIDE mode allows the previous round's with a
  level-3 warning): the correction changes the standings and the rounds paired after it, not
  the judgement of a round already paired, which is judged on the result it was paired on
  (:func:`corrected_after_pairing`).

This module alone gives those a round's view (:func:`pairing_views`), which the checker
(:mod:`ratingbook.fide.gacrux.checker`: ``check``, ``trf import``) and the pairing notes
(``explain``) all use, and says a correction so in words (:func:`correction_note`); a round's
pairing list (the ``Pairings`` sheet, a round's published page) gives the points the round
was paired on, with the sentence saying so (:func:`as_paired_lists`), and the published page of
the round whose result was corrected says when (:func:`corrected_since`). A team event is read the
same way, its boards named by their players' start numbers
(:meth:`~ratingbook.events.team.TeamEvent.start_numbers`; a board without a player on one side
by ``0`` for White, ``=BYE`` for Black, as its correction's row writes it): a team round is
judged, explained (``Team Notes``) and published on the board results it was paired on (a team
event has no adjourned games).

How the log is read for a correction (``### Correction @ Round n: <white>-<black>: <old> =>
<new>``, start numbers, ``<white>=BYE`` for a bye): the rounds after ``n`` paired when it
came, by the ``Pairing`` and ``Unpairing`` lines before it, were paired on ``<old>``; a round
paired again after it (unpaired, then paired) was paired on the corrected result (a round typed
by hand in the run that logs a correction has its ``Pairing`` row before or after the
correction's as :func:`~ratingbook.events.fide_mode.corrections.typed_first` reads it, so the
order of the rows is the reading). The log is read as its ``Undo`` and ``Redo`` rows leave it
(:func:`~ratingbook.events.fide_mode.log.in_force`): an unpairing undone gives back the
pairing as it was made, paired on the results then, a pairing undone was no pairing. Several
corrections of one game: a round sees the result before the first correction after its
pairing. A log with no ``Pairing`` line (another program's) has had paired, when the
correction comes, every round up to the highest a log line before it names (at least round
``n + 1``: a correction is of a round already followed by a paired one). A line that does not
read (a board or a result ratingbook does not know) is left out: the round is judged on the
results the event holds. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from ratingbook.core.results import Result
from ratingbook.events.adjourned import adjourned_when_paired
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.events.fide_mode.log import LogEntry, LogKind, in_force
from ratingbook.events.team import BoardGame, TeamEvent

__all__ = [
    "READ_KINDS",
    "Corrected",
    "as_paired_lists",
    "corrected_after_pairing",
    "corrected_since",
    "correction_note",
    "correction_notes",
    "pairing_views",
    "points_note",
]

#: The kinds of log row that change what a round already paired is judged on (besides the
#: ``Pairing`` and ``Unpairing`` rows that say when it was paired).
READ_KINDS = frozenset({LogKind.CORRECTION, LogKind.ADJOURNMENT})

#: A ``Correction`` row's before side: the board (``8-16``, ``5=BYE``) and the old result.
_CORRECTED_BOARD = re.compile(r"^(?P<white>\d+)(?:-(?P<black>\d+)|=BYE): (?P<held>.*)$")

#: An event of either kind: a Swiss or round robin (its games), a team event (its boards).
Event = TypeVar("Event", SwissEvent, TeamEvent)
#: A game of either kind: an individual event's, a team event's board.
Game = SwissEntry | BoardGame


@dataclass(frozen=True, slots=True)
class Corrected:
    """A game (a team event's board) whose result was corrected after a round was paired:
    ``game`` as the event holds it now, ``then`` the result that round was paired on."""

    game: Game
    then: Result | None


def _result(text: str) -> Result | str | None:
    """A result as a log row writes it; None for ``(empty)``; the text when it does not read."""
    if text in ("", "(empty)"):
        return None
    try:
        return Result(text)
    except ValueError:
        return text


def _games(event: SwissEvent | TeamEvent) -> dict[tuple[int, int, int], Game]:
    """The event's games by round and the start numbers a log row names them by (0: no
    player, the bye's Black)."""
    numbers = event.start_numbers()
    games: dict[tuple[int, int, int], Game] = {}
    if isinstance(event, TeamEvent):
        for g in event.games:
            games[(g.round, numbers.get(g.white or "", 0), numbers.get(g.black or "", 0))] = g
        return games
    for e in event.entries:
        if e.white in numbers and (e.black is None or e.black in numbers):
            games[(e.round, numbers[e.white], numbers[e.black] if e.black else 0)] = e
    return games


def _order(game: Game) -> tuple[int, int, int]:
    """Where a game stands in its event: its round, then its board (a team's: its match and
    board)."""
    if isinstance(game, BoardGame):
        return game.round, game.table, game.board
    return game.round, game.board or 0, 0


def corrected_after_pairing(
    event: SwissEvent | TeamEvent, log: Sequence[LogEntry]
) -> dict[int, tuple[Corrected, ...]]:
    """For each round, the games of rounds before it whose result was corrected after it was
    paired, with the result it was paired on (the module text's reading of the log)."""
    games = _games(event)
    log = in_force(log)
    logged_pairings = any(entry.kind is LogKind.PAIRING for entry in log)
    paired: set[int] = set()
    reached = 0
    seen: dict[int, dict[Game, Result | None]] = {}
    for entry in log:
        reached = max(reached, entry.round)
        if entry.kind is LogKind.PAIRING:
            paired.add(entry.round)
            seen.pop(entry.round, None)  # paired (again) now: on the results as they are
            continue
        if entry.kind is LogKind.UNPAIRING:
            paired.discard(entry.round)
            seen.pop(entry.round, None)
            continue
        if entry.kind is not LogKind.CORRECTION:
            continue
        found = _CORRECTED_BOARD.match(entry.before)
        then = _result(found["held"]) if found else ""
        if found is None or isinstance(then, str):
            continue
        key = (entry.round, int(found["white"]), int(found["black"] or 0))
        game = games.get(key)
        if game is None:
            continue
        if logged_pairings:
            rounds = {r for r in paired if r > entry.round}
        else:
            rounds = set(range(entry.round + 1, max(reached, entry.round + 1) + 1))
        for later in rounds:
            seen.setdefault(later, {}).setdefault(game, then)  # the first correction since
    return {
        number: tuple(
            Corrected(game, then)
            for game, then in sorted(found.items(), key=lambda i: _order(i[0]))
            if then != game.result
        )
        for number, found in seen.items()
        if number <= event.paired_rounds and any(t != g.result for g, t in found.items())
    }


def _with_results(event: Event, results: Mapping[Game, Result | None]) -> Event:
    """``event`` with the games of ``results`` holding those results."""
    if isinstance(event, TeamEvent):
        games = tuple(replace(g, result=results[g]) if g in results else g for g in event.games)
        return replace(event, games=games)
    entries = tuple(replace(e, result=results[e]) if e in results else e for e in event.entries)
    return replace(event, entries=entries)


def pairing_views(
    event: Event, log: Sequence[LogEntry] = ()
) -> list[tuple[Event, tuple[int, ...]]]:
    """The event as each paired round was paired from, with the rounds it is the view of:
    ``event`` itself for the rounds paired on the results it holds, a copy for the others
    (a game adjourned then a draw, Q157; a result corrected since as it was then), one copy
    for the rounds that share the same differences. ``log``: the event's log (the module
    text)."""
    drawn: Mapping[int, set[SwissEntry]] = (
        adjourned_when_paired(event, log) if isinstance(event, SwissEvent) else {}
    )
    corrected = corrected_after_pairing(event, log)
    views: dict[frozenset[tuple[Game, Result | None]], list[int]] = {}
    for number in range(1, event.paired_rounds + 1):
        then: dict[Game, Result | None] = {c.game: c.then for c in corrected.get(number, ())}
        then.update(dict.fromkeys(drawn.get(number, ()), Result.DRAW))
        views.setdefault(frozenset(then.items()), []).append(number)
    return [
        (_with_results(event, dict(differences)) if differences else event, tuple(rounds))
        for differences, rounds in views.items()
    ]


def _game(c: Corrected) -> str:
    """A corrected game as the notes name it: ``Aas - Foss``, or ``Aas (bye)``; a team
    event's board by its players (``(no player)`` for an empty seat, as its pairing list
    shows one)."""
    if isinstance(c.game, BoardGame):
        return f"{c.game.white or '(no player)'} - {c.game.black or '(no player)'}"
    return f"{c.game.white} - {c.game.black}" if c.game.black else f"{c.game.white} (bye)"


def _then(c: Corrected) -> str:
    return c.then.value if c.then else "(empty)"


def _now(c: Corrected) -> str:
    return c.game.result.value if c.game.result else "(empty)"


def correction_note(round_number: int, corrected: Sequence[Corrected]) -> str:
    """The note a round judged on results corrected since says: ``round 2 was paired before
    round 1's result Aas - Foss was corrected from 0-1 to 1-0: it is judged on the result
    then``."""
    said = [
        f"round {c.game.round}'s result {_game(c)} was corrected from {_then(c)} to {_now(c)}"
        for c in corrected
    ]
    many = len(said) > 1
    return (
        f"round {round_number} was paired before {'; '.join(said)}: it is judged on the "
        f"result{'s' if many else ''} then"
    )


def correction_notes(event: SwissEvent | TeamEvent, log: Sequence[LogEntry]) -> list[str]:
    """Each round judged on results corrected since it was paired, in round order, as its
    note says it (:func:`correction_note`): what ``check`` says of a file."""
    corrected = corrected_after_pairing(event, log)
    return [correction_note(number, found) for number, found in sorted(corrected.items())]


def points_note(round_number: int, corrected: Sequence[Corrected]) -> str:
    """What a round's pairing list says below its boards when a result it was paired on was
    corrected since: its points are those it was paired on (as its notes give them), not the
    standings'."""
    said = [
        f"round {c.game.round}'s {_game(c)} {_then(c)}, since corrected to {_now(c)}"
        for c in corrected
    ]
    return (
        f"Points as round {round_number} was paired, on {'; '.join(said)} (the standings "
        "count the corrected result)."
    )


def _named_rounds(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    return f"rounds {', '.join(str(n) for n in numbers[:-1])} and {numbers[-1]}"


def corrected_since(event: SwissEvent | TeamEvent, log: Sequence[LogEntry] = ()) -> dict[int, str]:
    """The rounds with a result corrected after a later round was paired, each with the
    sentence its published page says below its boards (which show the corrected result):
    ``Corrected after round 3 was paired: Aas - Foss 0-1, now 1-0 (round 3 was paired on
    0-1).`` ``log``: the event's log (the module text)."""
    paired_on: dict[Game, tuple[Corrected, list[int]]] = {}
    for number, found in sorted(corrected_after_pairing(event, log).items()):
        for c in found:
            paired_on.setdefault(c.game, (c, []))[1].append(number)  # the first correction's
    said: dict[int, list[str]] = {}
    for game, (c, rounds) in sorted(paired_on.items(), key=lambda i: _order(i[0])):
        said.setdefault(game.round, []).append(
            f"after {_named_rounds(rounds)} {'was' if len(rounds) == 1 else 'were'} paired: "
            f"{_game(c)} {_then(c)}, now {_now(c)} ({_named_rounds(rounds)} "
            f"{'was' if len(rounds) == 1 else 'were'} paired on {_then(c)})"
        )
    return {number: f"Corrected {'; '.join(lines)}." for number, lines in said.items()}


def as_paired_lists(event: Event, log: Sequence[LogEntry] = ()) -> dict[int, tuple[Event, str]]:
    """The rounds whose pairing list gives other points than the results the event holds now
    would, by number: the event the round was paired from (:func:`pairing_views`) and the
    sentence below its boards (:func:`points_note`; empty when no result it was paired on was
    corrected since: a game adjourned then, a draw for it). A round not listed shows the
    event's own points, with no sentence. ``log``: the event's log (the module text)."""
    corrected = corrected_after_pairing(event, log)
    return {
        number: (view, points_note(number, corrected[number]) if number in corrected else "")
        for view, rounds in pairing_views(event, log)
        if view is not event
        for number in rounds
    }
