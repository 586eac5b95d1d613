"""The rank a TRF file's player record states (001 columns 86-89) beside its points (81-84),
while a round is in progress: this module alone decides it, for ``trf export`` and for
``ratingbook check``, which reads the ranks back.

A record's points are every result its round entries hold: the points field must agree with
them, since JaVaFo and gacrux read the points system from it (JaVaFo's manual: the field "has
to contain the correct number of points that each player got") and ``trf import`` checks it
(:mod:`ratingbook.trf.totals`). So a file written while a round is played (some of its results
typed, not all; or its pairing-allocated bye, which counts at once) counts that round's results
typed so far. TRF16 and TRF-2026 say no more of the rank than "exact definition" for a round in
progress, so its rank is taken at the same state as its points: the place on those points,
players level on them in the order of the standings after the last complete round (the book's
ranks, by its tie-break list), players level on both sharing the place. When every round paired
is complete, or nothing of the round in progress counts yet, the points are the standings' and
the ranks are the standings' own. A player the standings leave unranked (an expelled player)
stays unranked. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ratingbook.events.event import SwissEvent

__all__ = ["file_ranks", "typed_points"]


def typed_points(event: SwissEvent) -> dict[str, Fraction] | None:
    """The points a file states (every result typed) where they differ from the standings'
    (the rounds complete): results or a bye of the round in progress count already; None when
    they are the standings' (no round in progress, or nothing of it counts yet)."""
    points = event.points()
    return points if points != event.standings_points() else None


def file_ranks(ranks: Mapping[str, int], typed: Mapping[str, Fraction] | None) -> dict[str, int]:
    """The ranks a file states beside its points (the module text): ``ranks`` (the standings
    after the last complete round, by name) while no result of a round in progress counts
    (``typed`` None), else the place on ``typed`` (:func:`typed_points`: every result typed),
    level players in the order of ``ranks``.

    >>> from ratingbook.events.event import SwissEntry, SwissPlayer
    >>> from ratingbook.events.settings import SwissSettings
    >>> from ratingbook.core.results import Result
    >>> players = tuple(SwissPlayer(n, 1500) for n in "ABCD")
    >>> games = (
    ...     SwissEntry(1, 1, "A", "B", Result.WHITE_WINS),
    ...     SwissEntry(1, 2, "C", "D", Result.DRAW),
    ...     SwissEntry(2, 1, "C", "A", Result.WHITE_WINS),
    ...     SwissEntry(2, 2, "B", "D", None),
    ... )
    >>> event = SwissEvent(players, games, SwissSettings())
    >>> after_round_1 = {"A": 1, "C": 2, "D": 3, "B": 4}  # 1, 0.5, 0.5, 0
    >>> typed = typed_points(event)
    >>> sorted(file_ranks(after_round_1, typed).items())  # A 1, C 1.5 (typed), D 0.5, B 0
    [('A', 2), ('B', 4), ('C', 1), ('D', 3)]
    """
    if typed is None:
        return dict(ranks)
    key: dict[str, tuple[Fraction, int]] = {n: (-typed[n], r) for n, r in ranks.items()}
    place: dict[tuple[Fraction, int], int] = {}
    for number, k in enumerate(sorted(key.values()), start=1):
        place.setdefault(k, number)
    return {name: place[k] for name, k in key.items()}
