"""FIDE mode's logged change: what one change to log holds.

This module alone decides what a change found between the state the log last recorded and the
event now carries to the log, the confirmation and the undo (:class:`LoggedChange`: its kind,
round, what it was and is, its warning level and words, who made it). Which differences are
logged changes, and how hard, is :mod:`~ratingbook.events.fide_mode.changes`'s. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ratingbook.events.fide_mode.log import LogKind

__all__ = ["LoggedChange"]


@dataclass(frozen=True, slots=True)
class LoggedChange:
    """A change to log: its kind, round, what it was and is, and how hard it is warned.

    ``level`` 0 is logged without a warning; ``act`` names it for a confirmation ("Correction
    round 4"); ``by_hand``: typed into the book (undo goes back to the state last recorded),
    not done by the command itself (undo goes back to the book the command read). ``warning``
    is what the run that writes it says (its summary); ``asked``, when it differs, what the
    question or the refusal before anything is written says: the commands it suggests name the
    file the run reads, where the event still is, not the one it would write.
    """

    kind: LogKind
    round: int
    before: str
    after: str
    level: int = 0
    act: str = ""
    warning: str = ""
    by_hand: bool = True
    notes: tuple[str, ...] = field(default=())
    asked: str = ""
    who: str = ""
    """Who made the change, from where, when it is not the run's user (a result reported at the
    results desk: the reporters' devices and the arbiter who accepted it)."""
