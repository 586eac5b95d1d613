"""The session: the one door every front end goes through to change a book.

- :mod:`~ratingbook.session.commands`: what a front end can ask (``Recalc()``, ``Pair()``,
  ``RecordResult(...)``, ``RecordResults(...)``, ``Undo()``, ...), a confirmation given
  before the run (``Offer``), and what a run gives back (``Done`` or ``NeedsConfirmation``);
- :mod:`~ratingbook.session.history`: the acts kept for undo and redo, in the book itself
  (:mod:`~ratingbook.session.kept_acts`: which, in words);
- :mod:`~ratingbook.session.looks_kept`: the formats an act changed, kept beside it;
- :mod:`~ratingbook.session.taking`: an act taken back (undo) or given back (redo);
- :mod:`~ratingbook.session.session`: :class:`Session`, the sequence of a run, written once;
- :class:`Offer`: a confirmation given before the run (``--confirm``).
"""

from ratingbook.session.commands import (
    AddEvents,
    Command,
    Done,
    Entered,
    ManualPairing,
    NeedsConfirmation,
    NewWeek,
    Offer,
    Outcome,
    Pair,
    Rank,
    Recalc,
    RecordImport,
    RecordResult,
    RecordResults,
    Redo,
    ReportPeriod,
    Undo,
    Unpair,
    UpdateFromCustomList,
    UpdatePlayers,
)
from ratingbook.session.session import Session

__all__ = [
    "AddEvents",
    "Command",
    "Done",
    "Entered",
    "ManualPairing",
    "NeedsConfirmation",
    "NewWeek",
    "Offer",
    "Outcome",
    "Pair",
    "Rank",
    "Recalc",
    "RecordImport",
    "RecordResult",
    "RecordResults",
    "Redo",
    "ReportPeriod",
    "Session",
    "Undo",
    "Unpair",
    "UpdateFromCustomList",
    "UpdatePlayers",
]
