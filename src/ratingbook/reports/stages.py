"""The words that say what an event's figures count, the one home of every title's "after
round N": the standings, the crosstables, the summary, the published pages and the team tables
all say it with :func:`stage_text` (or :func:`counted_text`), from the event's
:class:`~ratingbook.events.event.RoundState`.

A title says exactly what the numbers under it count: "after round 2" counts rounds 1-2 and
nothing else (a round paired but not played, its byes included, is the pairing list's, not
yet the standings'); results already typed of a round not finished are named as not counted
yet ("round 3 in progress: 4 of 6 results, not counted yet"); before any round is finished the
title says "before round 1", never "after round 0". Who can still win counts more than the
standings while a round is played, the games of it already over (:func:`live_text`: "in round
5, 2 games over (counted as they ended)"), and every line of its page says that instead (issue
34: the published footer said "not counted yet" under a table counting them). The rounds
paired (the summary of a recalc, an import or an export, the published site's line) are said
by :func:`paired_text`: "round 4 of 9", or before any is paired "no round paired yet", never
"round 0". Pure.

>>> from ratingbook.events.event import RoundState
>>> stage_text(RoundState(counted=0, paired=0))
'before round 1'
>>> stage_text(RoundState(counted=4, paired=5, current=5, games=2))
'after round 4'
>>> stage_text(RoundState(counted=2, paired=3, current=3, games=6, results=4))
'after round 2 (round 3 in progress: 4 of 6 results, not counted yet)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratingbook.core.counts import many

if TYPE_CHECKING:  # annotations only: a plural needs no event model loaded
    from ratingbook.events.event import RoundState

__all__ = ["counted_text", "live_text", "paired_text", "stage_text"]


def counted_text(counted: int) -> str:
    """``after round N`` (rounds 1 to N counted), or ``before round 1`` when none is."""
    return f"after round {counted}" if counted else "before round 1"


def live_text(before: int, finished: int = 0) -> str:
    """What who can still win counts, asked before round ``before``: ``before round 7``, or
    while round 7 is played with ``finished`` of its games over, ``in round 7, 12 games over
    (counted as they ended)``: every line of it counts those games (end-of-event.md).

    >>> live_text(7), live_text(5, 1)
    ('before round 7', 'in round 5, 1 game over (counted as they ended)')
    """
    if not finished:
        return f"before round {before}"
    return f"in round {before}, {many(finished, 'game')} over (counted as they ended)"


def paired_text(paired: int, planned: int | None = None, *, verb: str = "") -> str:
    """The rounds paired: ``round 4``, ``round 4 of 9`` (of the ``planned`` rounds, when set),
    ``round 4 paired`` (with ``verb`` "paired"); before round 1 is paired, ``no round paired
    yet`` (``no round paired yet, 9 planned``): "round 0 of 9" named a round that does not
    exist (issue 34).

    >>> paired_text(4, 9), paired_text(0, 9), paired_text(2, verb="paired"), paired_text(0)
    ('round 4 of 9', 'no round paired yet, 9 planned', 'round 2 paired', 'no round paired yet')
    """
    if not paired:
        return "no round paired yet" + (f", {planned} planned" if planned else "")
    return f"round {paired}" + (f" of {planned}" if planned else "") + (f" {verb}" if verb else "")


def stage_text(state: RoundState) -> str:
    """What the figures count (:func:`counted_text`), then what is typed but not counted."""
    more = []
    if state.waiting:
        rounds = f"rounds 1-{state.counted}" if state.counted > 1 else "round 1"
        more.append(f"{many(state.waiting, 'game')} of {rounds} without a result yet")
    if state.current is not None and state.results:
        more.append(
            f"round {state.current} in progress: {state.results} of "
            f"{many(state.games, 'result')}, not counted yet"
        )
    if state.later:
        more.append(f"{many(state.later, 'result')} of later rounds, not counted yet")
    return counted_text(state.counted) + (f" ({'; '.join(more)})" if more else "")
