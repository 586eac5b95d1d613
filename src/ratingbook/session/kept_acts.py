"""Which acts a book keeps for undo and redo, in words: the one list.

This module alone says them (:data:`KEPT_ACTS`): an event's logged change, and each act a plan
names where no log records it (``Plan.act``: a ladder's new week, a results desk take into a
book that keeps no log, a players update, a rating list's season add). ``history`` and
``undo`` say the whole list of a book that keeps none yet
(:data:`KEPT_FROM`), and the commands reference says the same. A planner that names a new kind
of act adds it here. Pure.
"""

from __future__ import annotations

__all__ = ["KEPT_ACTS", "KEPT_FROM"]

#: Every act a book keeps for undo and redo.
KEPT_ACTS: tuple[str, ...] = (
    "an event's logged change (a Swiss, round-robin or team book: a team event's pairing or "
    "correction too; the Import rows of an imported book's Event Log record the file it was "
    "made from, which undo does not take back)",
    "a ladder's new week",
    "a results desk take into a book that keeps no log (a ladder's or an Elo book's games)",
    "a players update (ratingbook players update, or players custom-list)",
    "a rating list's season add",
)

#: Which acts a book keeps, said wherever a book has none yet.
KEPT_FROM = "the acts kept, from the first after the book was made: " + "; ".join(KEPT_ACTS)
