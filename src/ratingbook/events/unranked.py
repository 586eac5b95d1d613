"""Who the standings leave out, and whose games they do not count.

The FIDE Tournament Rules (Handbook C.06, chapter V, as published) say what happens when a
player leaves an event:

- **a round robin** (V.4): a player who withdraws or is expelled "has completed less than 50 %
  of his games": "his score remains in the tournament table (for rating and historical
  purposes), but the points scored by him or against him are not counted in the final
  standings" (V.4.1). With at least 50 % completed, his score stays and counts (V.4.2);
- **a Swiss** (V.5): a withdrawn player's points "and those of his opponents shall remain in the
  cross-table for ranking purposes".

An **expelled** player (``Withdrawn`` says ``4 expelled``; the rules' own case is V.2, three
games lost by default) is not ranked in either kind of event (FIDE's acceptance checklist,
VCL questions 197-198 as Sharly-Chess quotes them: flagged, and excluded from the standings).
In a Swiss his games stay, as V.5 keeps a withdrawn player's, so his opponents' points and
tie-breaks do not change; in a round robin V.4 decides, as for a withdrawal.

"Completed" is read as games played over the board: forfeits, byes and rounds not paired are
not completed games. "His games" are the games the round robin gave him: one against each other
player, once a cycle. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ratingbook.events.event import SwissEvent

__all__ = ["Unranked", "unranked"]


@dataclass(frozen=True, slots=True)
class Unranked:
    """A player the standings leave out: why (``reason``, naming the rule), and whether his
    games are left out too (``games_dropped``: C.06 V.4.1)."""

    name: str
    reason: str
    games_dropped: bool


def _completed(event: SwissEvent, name: str) -> int:
    return sum(
        1
        for e in event.entries
        if e.black is not None and name in e.players() and e.result is not None
        if e.result.is_played or e.result.is_penalty  # a penalty's score: a game played
    )


def unranked(event: SwissEvent) -> tuple[Unranked, ...]:
    """The players the standings of ``event`` leave out, in the players' order."""
    out: list[Unranked] = []
    games = (len(event.players) - 1) * event.settings.cycles
    for player in event.players:
        if player.withdrawn is None:
            continue
        left = "expelled" if player.expelled else "withdrew"
        if event.settings.round_robin:
            completed = _completed(event, player.name)
            if games and Fraction(completed, games) < Fraction(1, 2):
                out.append(
                    Unranked(
                        player.name,
                        f"{left} after {completed} of {games} games, less than 50 %: the "
                        "player's games are not counted (FIDE Tournament Rules, C.06 V.4.1)",
                        games_dropped=True,
                    )
                )
                continue
        if player.expelled:
            out.append(
                Unranked(
                    player.name,
                    f"expelled from round {player.withdrawn}: not ranked; the player's games count "
                    "for the opponents (C.06 V.5)"
                    if not event.settings.round_robin
                    else f"expelled from round {player.withdrawn}: not ranked; the player's "
                    "games count (C.06 V.4.2: 50 % or more completed)",
                    games_dropped=False,
                )
            )
    return tuple(out)
