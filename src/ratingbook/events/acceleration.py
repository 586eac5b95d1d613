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


def last_group_a_number(event: SwissEvent) -> int:
    """The start number of the last player of group A, as it stands now.

    Group A is fixed before round 1: the first 2 x ceil(P/4) of the P players paired then (or
    of every player while round 1 is not paired). A late entry numbered above its last player
    moves him down a number but joins group A: the last GA player stays the same player.
    """
    numbers = event.start_numbers()
    round_one = {name for e in event.entries if e.round == 1 for name in e.players()}
    first = [p.name for p in event.players if p.name in round_one] or [
        p.name for p in event.players
    ]
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
