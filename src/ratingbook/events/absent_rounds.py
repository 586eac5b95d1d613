"""The paired rounds in which a player has no row of ``Swiss Games`` at all, and why: the one
home of that reading and of its words.

A round is *paired* once it has a game or a pairing-allocated bye. A player with no game and no
bye in a paired round was not paired in it, and scores nothing there, for one of these reasons:

- ``not yet entered``: a late entrant (C.04.2 art. 2.4; the Event Log's ``Late Entry``) before
  his first row;
- ``withdrawn`` (or ``expelled``): from the round ``Withdrawn`` names in ``Swiss Players``;
- ``not paired``: any other round left without a row.

TRF-2026 writes every one of them as it writes a known absence, a zero-point bye: ``0000 - Z``
(opponent ``0000`` "for bye/absent", colour ``-`` "bye or not paired", result ``Z``
"zero-point-bye (known absence)"; a blank entry is "equivalent to Z"). The crosstable and a
player's page show the reason's words beside that code (:func:`absence_text`), so a reader sees
why the round has no game. Pure.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent, SwissPlayer

__all__ = [
    "ABSENCE_CODE",
    "Absence",
    "absence_text",
    "absent_rounds",
    "paired_round_numbers",
]

#: TRF-2026's result code for a round a player was not paired in (a known absence).
ABSENCE_CODE = "Z"


class Absence(enum.Enum):
    """Why a player has no row in a paired round (the words shown for it)."""

    NOT_YET_ENTERED = "not yet entered"
    WITHDRAWN = "withdrawn"
    EXPELLED = "expelled"
    NOT_PAIRED = "not paired"


def absence_text(absence: Absence) -> str:
    """What a crosstable cell or a player's page shows for the round: the reason, then TRF's
    code (``withdrawn (Z)``)."""
    return f"{absence.value} ({ABSENCE_CODE})"


def paired_round_numbers(event: SwissEvent) -> frozenset[int]:
    """The rounds with a game or a pairing-allocated bye."""
    return frozenset(
        e.round for e in event.entries if not e.is_bye or e.result is Result.PAIRING_BYE
    )


def absent_rounds(
    event: SwissEvent, last: int | None = None
) -> Mapping[str, Mapping[int, Absence]]:
    """Each player's paired rounds up to ``last`` (default: every one) without a row of theirs,
    each with its reason (see the module text), by name: the event's rows read once for all."""
    rows: dict[str, set[int]] = {p.name: set() for p in event.players}
    paired: set[int] = set()
    for e in event.entries:
        if not e.is_bye or e.result is Result.PAIRING_BYE:
            paired.add(e.round)
        for name in e.players():
            rows.setdefault(name, set()).add(e.round)
    ordered = sorted(paired)
    return {p.name: _absent(p, rows[p.name], ordered, last) for p in event.players}


def _absent(
    player: SwissPlayer, rows: set[int], paired: list[int], last: int | None
) -> dict[int, Absence]:
    """The rounds of ``paired`` (in order) up to ``last`` without one of ``rows``, with why."""
    first = min(rows, default=None)
    found: dict[int, Absence] = {}
    for r in paired:
        if (last is not None and r > last) or r in rows:
            continue
        if not player.plays_in(r):
            found[r] = Absence.EXPELLED if player.expelled else Absence.WITHDRAWN
        elif first is None or r < first:
            found[r] = Absence.NOT_YET_ENTERED
        else:
            found[r] = Absence.NOT_PAIRED
    return found
