"""Who can still win, for a Swiss event: the points before a round and the rounds left, as
:mod:`ratingbook.events.contenders` takes them.

What this module decides: "before round N" means the points of rounds 1 to N-1 (results of
round N already typed are not used: the question is asked before it), rounds N to the last
planned one remain; a round with games in ``Swiss Games`` is paired (its pairs, its pairing bye
and the byes asked for in it are known), a later round is not (only its requested byes are);
a withdrawn player plays no round from his withdrawal on (a game paired against him is a
forfeit win for his opponent, whatever is typed) and is left out of the answer. Without N:
the first round without every result; then the games of that round already over count as
they ended, in the points every line shows; its byes count as with N, as the round's result
(in the maximum, not in the points before it: those are the standings' points,
:meth:`~ratingbook.events.event.SwissEvent.points` of rounds 1 to N-1). A round robin's
rounds not paired yet are known all the same: the Berger table (C.05 Annex 1) the caller
hands in gives their games (the player it sits out scores nothing), so its answers are
exact. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.contenders import Contender, RoundPlan, contenders
from ratingbook.events.event import (
    EventError,
    SwissEntry,
    SwissEvent,
    swiss_rounds_most,
    swiss_rounds_problem,
)

__all__ = [
    "event_contenders",
    "event_over",
    "finished_games",
    "playable_rounds_note",
    "round_asked",
]


def _first_open(event: SwissEvent, planned: int) -> int:
    """The first round without every result (``planned`` + 1 when all are in)."""
    waiting = {e.round for e in event.pending()}
    done = [r for r in range(1, event.paired_rounds + 1) if r not in waiting]
    return next((r for r in range(1, planned + 1) if r not in done), planned + 1)


def event_over(event: SwissEvent) -> bool:
    """Every planned round has all its results (False while the number of rounds is not set)."""
    planned = event.rounds_planned
    return planned is not None and _first_open(event, planned) > planned


def round_asked(event: SwissEvent, before: int | None = None) -> int:
    """The round the question is asked before: ``before``, or the first round not complete
    (an error when the number of rounds is not set or the event is over)."""
    planned = event.rounds_planned
    if planned is None:
        raise EventError("who can still win needs the number of rounds (Rounds in Swiss Settings)")
    current = _first_open(event, planned)
    if before is None:
        before = current
    if before > current:
        # The question is asked before a round whose earlier rounds are not all played: the
        # points before it are not known, so no answer would be true.
        raise EventError(
            f"round {before}: the results of round {current} are not all in yet; ask before "
            f"round {current} (or type its results first)"
        )
    if before > planned:
        raise EventError(f"the event is over: all {planned} rounds are played")
    if before < 1:
        raise EventError(f"round {before}: rounds start at 1")
    return before


def playable_rounds_note(event: SwissEvent) -> str:
    """Why fewer rounds than ``Rounds`` are counted ("" when all are): every line's maximum
    counts only the rounds a Swiss of its players can be paired."""
    problem = swiss_rounds_problem(event)
    if not problem:
        return ""
    return f"{problem}; who can still win counts those {swiss_rounds_most(len(event.players))}"


def finished_games(event: SwissEvent, round_number: int) -> int:
    """How many games of ``round_number`` already have a result."""
    return sum(1 for e in event.round_entries(round_number) if e.black and e.result is not None)


def event_contenders(
    event: SwissEvent,
    before: int | None = None,
    schedule: Mapping[int, Sequence[tuple[int, int]]] | None = None,
    order: Sequence[str] = (),
) -> tuple[int, list[Contender]]:
    """The round asked about and every player's chances before it. Without ``before`` (the
    round being played), the games of that round that already have a result count as they
    ended, in every player's points: only the games still going are open. ``schedule``: a
    round robin's Berger table (:func:`ratingbook.fide.gacrux.berger_schedule`: White's and
    Black's start numbers, Black 0 for the player who sits out), which a round robin must
    have. ``order``: the standings' order of the players, which players on the same points
    keep in every list and sentence (the others follow in the order of ``Swiss Players``)."""
    if event.settings.round_robin and schedule is None:
        raise ValueError("a round robin's contenders need its Berger table (its later games)")
    number = round_asked(event, before)
    live = before is None
    planned = event.rounds_planned
    assert planned is not None
    if not event.settings.round_robin and len(event.players) > 1:
        # Only the rounds that can be paired: "at most 9" for 6 players, who can meet in 5
        # rounds only, was a maximum nobody can reach (playable_rounds_note says why).
        planned = min(planned, swiss_rounds_most(len(event.players)))
    points = event.points(after_round=number - 1)
    place = {name: k for k, name in enumerate(order)}
    points = dict(sorted(points.items(), key=lambda item: place.get(item[0], len(place))))
    scoring = event.settings.scoring
    plans = []
    for r in range(number, planned + 1):
        absent = frozenset(p.name for p in event.players if not p.plays_in(r))
        rows = event.round_entries(r)
        table = not rows and schedule is not None  # a round robin's round not paired yet
        if table:
            rows = _table_rows(event, r, schedule or {})
        byes: dict[str, Fraction] = {}
        for e in rows:
            if e.black is not None and {e.white, e.black} & absent:
                # A withdrawn player plays no more: his game is a forfeit, whatever is typed.
                byes[e.white] = scoring.win if e.white not in absent else Fraction(0)
                byes[e.black] = scoring.win if e.black not in absent else Fraction(0)
        rows = [e for e in rows if e.black is None or not {e.white, e.black} & absent]
        over: frozenset[str] = frozenset()
        if live and r == number:
            # The games already over count as they ended (end-of-event.md): in the points
            # every line shows and argues from, never as points still to come; the round
            # keeps the games still going. A bye is no game: it stays the round's result,
            # counted as the round is (in the maximum, "Daniel's bye gives him 1 point"), as
            # --round N counts it; in the points it made "before round 5" show a round-5
            # point the standings after round 4 do not have (issue 34).
            ended = [e for e in rows if e.black is not None and e.result is not None]
            for e in ended:
                for player, got in zip(e.players(), scoring.points(e.result), strict=True):
                    points[player] += got
            over = frozenset(n for e in ended for n in e.players())
            rows = [e for e in rows if e.black is None or e.result is None]
        games = tuple((e.white, e.black) for e in rows if e.black is not None)
        for e in rows:
            if (
                e.black is None
                and e.result is not None
                and (games or e.result is not Result.PAIRING_BYE)
            ):
                byes[e.white] = scoring.points(e.result)[0]
        plans.append(RoundPlan(games if games or table else None, byes, absent, r, over))
    found = contenders(points, plans, scoring.win, scoring.draw, scoring.pairing_bye)
    # A player withdrawn before the round asked about plays no more: he is neither one who
    # can win nor one who "cannot" (end-of-event.md), so he is left out of the list; his
    # points stay in the others' reckoning ("cannot finish first: Femke has 4" is true).
    gone = {p.name for p in event.players if not p.plays_in(number)}
    return number, [c for c in found if c.name not in gone]


def _table_rows(
    event: SwissEvent, number: int, schedule: Mapping[int, Sequence[tuple[int, int]]]
) -> list[SwissEntry]:
    """Round ``number`` of a round robin as its table gives it: its games, and a zero-point
    bye for the player the table sits out (in a round robin nobody scores for not playing)."""
    names = {n: name for name, n in event.start_numbers().items()}
    return [
        SwissEntry(number, None, names[w], None, Result.ZERO_POINT_BYE)
        if not b
        else SwissEntry(number, k, names[w], names[b], None)
        for k, (w, b) in enumerate(schedule.get(number, ()), start=1)
    ]
