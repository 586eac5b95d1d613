"""Baku acceleration (FIDE C.04.5.1; C.04.7 art. 1 from 2026): the virtual points of a round.

The rules, as FIDE's text gives them (spp.fide.com, C.04.5.1):

- "Before the first round, the list of players to be paired (properly sorted) shall be split
  in two groups, GA and GB. The first group (GA) shall contain the first half of the players,
  rounded up to the nearest even number" (2 x Q, Q the number of players divided by 4 and
  rounded upwards);
- "The 'accelerated rounds' are the ones in the first half (rounded up) of the tournament.
  Before pairing the first half (rounded up) of the accelerated rounds, all the players in GA
  are assigned a number of points (called virtual points) equal to 1. Such virtual points are
  reduced to 0.5 before pairing the remaining accelerated rounds" (in a 9-round event: 1 in
  rounds 1-3, 0.5 in rounds 4-5);
- late entries are placed by C.04.2, and "the last GA-player shall be the same as in the
  previous round" (so a late entry numbered above him joins GA);
- the points system must make a win worth two draws and a loss nothing (C.04.7 art. 1.1,
  checked by :mod:`ratingbook.events.settings`); the virtual points are the points of a win,
  then of a draw (C.04.7 art. 1.4: 1 and 0.5 with the standard points, 2 and 1 with 2-1-0).

Virtual points count for the pairing only (the score groups), never in the standings or the
tie-breaks: they are handed to gacrux's Dutch engine for one round and nowhere else. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent

__all__ = ["VirtualPoints", "baku_virtual_points", "last_group_a_number"]


@dataclass(frozen=True, slots=True)
class VirtualPoints:
    """``points`` added to the pairing score of start numbers 1 to ``last_number`` when
    rounds ``first_round`` to ``last_round`` are paired (TRF-2026 record 250)."""

    points: Fraction
    first_round: int
    last_round: int
    last_number: int


def accelerated_rounds(rounds: int) -> tuple[int, int]:
    """(the last round with a full virtual point, the last accelerated round) of an event of
    ``rounds`` rounds.

    >>> [accelerated_rounds(r) for r in (5, 7, 9, 11)]
    [(2, 3), (2, 4), (3, 5), (3, 6)]
    """
    accelerated = (rounds + 1) // 2  # the first half, rounded up
    return (accelerated + 1) // 2, accelerated


def _paired_in_round_one(event: SwissEvent) -> list[str]:
    """The players to be paired in round 1 (C.04.5.1: the list group A is cut from): once round
    1 is paired, those with a game or the pairing-allocated bye in it; before, every player who
    plays round 1 less those who asked for a bye in it (a half-, full- or zero-point bye is
    entered before the pairing and takes its player out of it)."""
    rows = event.round_entries(1)
    paired = [e for e in rows if e.result is None or not e.result.is_requested_bye]
    if any(e.black is not None or e.result is Result.PAIRING_BYE for e in paired):
        names = {name for e in paired for name in e.players()}
        return [p.name for p in event.players if p.name in names]
    asked = {e.white for e in event.requested_byes(1)}
    return [p.name for p in event.players if p.plays_in(1) and p.name not in asked]


def last_group_a_number(event: SwissEvent) -> int:
    """The start number of the last player of group A, as it stands now.

    Group A is fixed before round 1: the first 2 x ceil(P/4) of the P players to be paired then
    (a player with a requested bye in round 1 is not one of them). A late entry numbered above
    its last player moves him down a number but joins group A: the last GA player stays the
    same player. With nobody to pair in round 1, every player counts.
    """
    numbers = event.start_numbers()
    first = _paired_in_round_one(event) or [p.name for p in event.players]
    first.sort(key=numbers.__getitem__)
    size = 2 * ((len(first) + 3) // 4)
    return numbers[first[min(size, len(first)) - 1]]


def baku_virtual_points(event: SwissEvent) -> tuple[VirtualPoints, ...]:
    """The virtual points of group A for the whole event (empty when the number of rounds is
    not set: then nothing is accelerated)."""
    rounds = event.settings.rounds
    if not rounds or not event.players:
        return ()
    full, last = accelerated_rounds(rounds)
    group_a = last_group_a_number(event)
    win = Fraction(event.settings.scoring.win)
    values = [VirtualPoints(win, 1, full, group_a)]
    if last > full:
        values.append(VirtualPoints(win / 2, full + 1, last, group_a))
    return tuple(values)
