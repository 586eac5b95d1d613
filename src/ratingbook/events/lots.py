"""The drawing of lots that decides a tie no listed tie-break separates (the code ``RND``), the
same on every run and every machine.

FIDE's acceptance checklist (VCL questions 204 and 206, as Sharly-Chess quotes them) asks that a
simulated drawing of lots, repeated, give the same result. The lots are therefore not random
numbers but digests: the event's seed is its name and start date (``Event`` and ``Start Date``
in ``Swiss Settings``, what the rating report names it by), and each player's lot is the
SHA-256 of that seed and the player's FIDE ID (the name for a player without one). The lowest
digest draws lot 1, which ranks first.

Nothing the arbiter types during the event (results, start numbers, ratings) moves a lot, and a
late entrant draws his own without changing the order of the others between them. Whoever
knows the event's name, date and field can draw the lots again by hand (:func:`lot_digest`).
Pure.
"""

from __future__ import annotations

from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.events.tournament_rating import lot

__all__ = ["drawing_of_lots", "event_seed", "lot_digest"]


def event_seed(event: SwissEvent) -> str:
    """What the event's lots are drawn from: its name and start date, as ``name|YYYY-MM-DD``
    (either may be empty)."""
    return event.settings.lots_seed


def lot_digest(seed: str, player: SwissPlayer) -> str:
    """A player's lot as a hexadecimal SHA-256 digest of ``seed|FIDE <id>`` (or ``seed|name
    <name>`` for a player without a FIDE ID): the lower, the better the lot."""
    return lot(seed, player.fide_id, player.name)


def drawing_of_lots(event: SwissEvent) -> dict[str, int]:
    """Each player's lot, 1 to the number of players (1 ranks first among players still
    tied), by name. Equal digests (two players with the same FIDE ID) fall back on the name."""
    seed = event_seed(event)
    order = sorted(event.players, key=lambda p: (lot_digest(seed, p), p.name))
    return {player.name: lot for lot, player in enumerate(order, start=1)}
