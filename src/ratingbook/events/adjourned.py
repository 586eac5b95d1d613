"""Adjourned games: which games are adjourned, what pairing with results missing does to them,
and what an adjourned game still stops.

FIDE's checklist for tournament software (C.02, 2026; its questions as Sharly-Chess quotes
them, issue #2316) asks that a game can be registered as adjourned and counts as a draw for
pairing (Q157; TRF-2026, record 162: "X unknown result (e.g. adjourned game)", worth a draw);
that pairing a round while results are missing registers those games as adjourned, with a
level-2 warning (Q159-160), which ratingbook does once a result of the round to be completed
is in (a round with none typed is refused as outside FIDE mode, naming its boards: pairing a
round not begun would count a whole round of draws no one played); that neither the final
standings nor the TRF are produced while an adjourned game has no result (Q161, Q169); and
that a round paired while an adjourned game remains in a round before the last completed one
is warned at level 2 (Q168).

This module alone decides those rules over the event's model: :func:`adjourned_games`,
:func:`adjourn_missing` (the games a pairing adjourns, and the event with them adjourned;
none while the round to be completed is not begun, :func:`round_not_begun`),
:func:`is_final` and :func:`final_refusal` (what an unresolved adjournment stops, naming the
games), and :func:`end_refusal`, the one answer every door (the book's sheets, the commands,
the web site) asks before it shows a prize list, norms or who can still win. Which of these
are logged, and at which warning level (the level 2 of Q160 and Q168, the level 3 and
``### Adjournment`` line of a result other than a draw entered later, Q163),
is FIDE mode's (:mod:`ratingbook.events.fide_mode.result_changes`). Pure.

What a checker reads of an adjourned game (:func:`adjourned_when_paired`, from which
:func:`ratingbook.events.as_paired.pairing_views` gives each round's view): a round paired
while a game was adjourned was paired with that game as a draw (Q157), so it is checked so,
even when the game has since ended otherwise. The log says when (TRF ``###`` lines, as
:mod:`ratingbook.trf.log_comments` reads them): a game is adjourned from its
``### Adjournment @ Round n: <board>: (no result) => ?`` line to its
``### Adjournment @ Round n: <board>: ? => <result>`` line, and the rounds paired in between
are those of the ``### Pairing @ Round m`` lines between them. Where the file is silent, this
reading: a game still written ``?`` is a draw for every round after its own; a result line with
no adjourning line before it was adjourned from its own round on; a log with no ``Pairing`` line
(another program's) has had paired, when the result line comes, every round up to the highest
round a log line before it names (at least the round after the game's). The log is read as
its ``Undo`` and ``Redo`` rows leave it (:func:`~ratingbook.events.fide_mode.log.in_force`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.events.event import EventError, SwissEntry, SwissEvent
from ratingbook.events.fide_mode.log import LogEntry, LogKind, in_force, read_adjourned_board

__all__ = [
    "adjourn_missing",
    "adjourned_games",
    "adjourned_when_paired",
    "end_refusal",
    "final_refusal",
    "games_named",
    "is_final",
    "round_not_begun",
]


def adjourned_games(event: SwissEvent) -> list[SwissEntry]:
    """The games of ``event`` adjourned (``?``), by round and board."""
    found = [e for e in event.entries if e.result is Result.ADJOURNED]
    return sorted(found, key=lambda e: (e.round, e.board or 0))


def games_named(games: Sequence[SwissEntry]) -> str:
    """Games as a sentence names them: ``round 3 board 2 (Anna - Ben)``."""
    return ", ".join(
        f"round {e.round} " + (f"board {e.board} " if e.board else "") + f"({e.white} - {e.black})"
        for e in games
    )


def adjourn_missing(event: SwissEvent) -> tuple[SwissEvent, list[SwissEntry]]:
    """The games of paired rounds without a result, adjourned (Q159), and the event with them
    so; a bye's row always has its result, so only games are adjourned. None while the last
    paired round is not begun (:func:`round_not_begun`): the pairing is then refused as
    outside FIDE mode, naming the boards, and ``?`` typed adjourns a game on purpose."""
    last = event.paired_rounds
    if round_not_begun(event):
        return event, []
    entries: list[SwissEntry] = []
    adjourned: list[SwissEntry] = []
    for e in event.entries:
        if e.result is None and not e.is_bye and e.round <= last:
            e = replace(e, result=Result.ADJOURNED)
            adjourned.append(e)
        entries.append(e)
    if not adjourned:
        return event, []
    return replace(event, entries=tuple(entries)), adjourned


def round_not_begun(event: SwissEvent) -> bool:
    """Whether the last paired round has games and no result typed in any of them (a ``?``
    typed is a result: a game adjourned on purpose). Q159 lets a pairing adjourn the games a
    round leaves without a result; a round none of whose results is in is one paired a step
    too early (its games are not played yet), so its games are not adjourned."""
    last = event.paired_rounds
    games = [e for e in event.round_entries(last) if not e.is_bye]
    return bool(games) and all(e.result is None for e in games)


def is_final(event: SwissEvent) -> bool:
    """Whether the event's last planned round is paired: its standings are then the final
    ones, and its TRF the report of the whole event (before that a TRF is an in-tournament
    exchange, TRF-2026's ITDX, where an adjourned game is written ``?``)."""
    planned = event.rounds_planned
    return planned is not None and event.paired_rounds >= planned


def final_refusal(event: SwissEvent, what: str) -> EventError | None:
    """The error that stops ``what`` (the final standings, the TRF) while an adjourned game of
    a finished event has no result (Q161, Q169), naming every such game; None when nothing
    stops it."""
    games = adjourned_games(event)
    if not games or not is_final(event):
        return None
    noun = "game has" if len(games) == 1 else "games have"
    return EventError(
        f"{what} cannot be produced while an adjourned game has no result: "
        f"{games_named(games)}: {len(games)} adjourned {noun} no result yet; type each one's "
        "result in Swiss Games (FIDE's checklist, Q161 and Q169)",
        games[0].where,
        fields.RESULT,
    )


def adjourned_when_paired(event: SwissEvent, log: Sequence[LogEntry]) -> dict[int, set[SwissEntry]]:
    """For each round, the games of rounds before it adjourned when it was paired (the
    module text's reading of the log), by the games as ``event`` holds them."""
    numbers = event.start_numbers()
    games = {
        (e.round, f"{numbers[e.white]}-{numbers[e.black]}"): e
        for e in event.entries
        if e.black is not None and e.white in numbers and e.black in numbers
    }
    drawn: dict[int, set[SwissEntry]] = {}
    for e in games.values():  # still adjourned: every round after its own paired so
        if e.result is Result.ADJOURNED:
            for later in range(e.round + 1, event.paired_rounds + 1):
                drawn.setdefault(later, set()).add(e)
    log = in_force(log)  # as its undo and redo rows leave it
    logged_pairings = any(entry.kind is LogKind.PAIRING for entry in log)
    paired: set[int] = set()  # the rounds paired so far, as the log says
    reached = 0  # the highest round a log line has named so far
    opened: dict[tuple[int, str], set[int]] = {}  # adjourned game -> rounds paired since
    for entry in log:
        reached = max(reached, entry.round)
        if entry.kind is LogKind.PAIRING:
            paired.add(entry.round)
            for since in opened.values():
                since.add(entry.round)
        elif entry.kind is LogKind.UNPAIRING:
            paired.discard(entry.round)
            for since in opened.values():
                since.discard(entry.round)
        found = read_adjourned_board(entry.before)
        if entry.kind is not LogKind.ADJOURNMENT or found is None:
            continue
        board, held = found
        key = (entry.round, board)
        if entry.after == Result.ADJOURNED.value:
            opened[key] = set()
        elif held == Result.ADJOURNED.value and key in games:
            meanwhile = opened.pop(key, None)
            if not logged_pairings:  # silent on the pairings: as far as the log has reached
                meanwhile = set(range(entry.round + 1, max(reached, entry.round + 1) + 1))
            elif meanwhile is None:  # silent on when it was adjourned: from its own round on
                meanwhile = {r for r in paired if r > entry.round}
            for later in meanwhile:
                drawn.setdefault(later, set()).add(games[key])
    return drawn


def end_refusal(event: SwissEvent) -> EventError | None:
    """Why no prize list, norms or contenders may be shown (Q161, Q169: they wait for every
    adjourned game's result once the last round is paired, the standings meanwhile
    provisional), naming the games; None when the results are final enough for them."""
    return final_refusal(event, "the prize list, norms and contenders")
