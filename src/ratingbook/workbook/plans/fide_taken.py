"""FIDE mode's word on an undo or a redo of a Swiss event's logged act, planned by the session.

This module alone decides, for an undo or a redo (:mod:`ratingbook.session`), what of FIDE mode
it reads from the book:

- :func:`confirmed_in_book`: the ``Confirm`` setting of ``Swiss Settings`` naming the undo or
  the redo as every act of level 3 or 4 is named there (``Undo Setting round 4: I
  understand``: the only way to confirm in xlwings Server and Lite), and the block emptying
  the cell (the setting is consumed, as a run consumes it);
- :func:`logged_level`: the warning level of an act kept by a ratingbook that did not keep it
  with the act, read from its rows in the ``Event Log`` (their confirmation: a two-step one
  says it was understood, level 4; any other, level 3; a level-2 warning shown, level 2);
- :func:`changed_since`: what the next run would log once a redo gives its act back, over the
  book as the redo leaves it and the state the act left: a change made since the undo that the
  act was not made on (a result of a round the redone pairing was paired on, a player, a
  setting), which the log would then show as made after the act.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ratingbook.events.fide_mode.changes import LoggedChange, changes
from ratingbook.events.fide_mode.log import LogEntry, LogKind, WarningLevel
from ratingbook.events.fide_mode.machine import UNDERSTOOD, Act
from ratingbook.events.fide_mode.state import EventState, results_by_board, state_of
from ratingbook.events.settings import CONFIRM
from ratingbook.workbook.plans.fide_plan import SHOWN, book_confirmation
from ratingbook.workbook.plans.rating_corrections import correction_texts, read_rating_corrections
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.sheets.event_book import read_event_tables, settings_of
from ratingbook.workbook.sheets.event_log_sheet import read_log
from ratingbook.workbook.sheets.reading import Sheets, read
from ratingbook.workbook.sheets.schemas import SWISS_SETTINGS

__all__ = ["changed_since", "confirmed_in_book", "logged_level"]

_TAKING = (LogKind.UNDO, LogKind.REDO)


def confirmed_in_book(sheets: Sheets, acts: Sequence[Act]) -> tuple[str, WriteBlock | None]:
    """The ``Confirm`` setting's confirmation of ``acts`` (an undo's or a redo's) and the block
    that empties the cell; ("", None) when the book has no such setting or it is empty; an
    error naming the cell when it does not name each act as its level asks."""
    settings = settings_of(sheets)
    if settings is None or not settings.confirm:
        return "", None
    confirmation = book_confirmation(settings, acts)
    place = settings.places.get(CONFIRM)
    if place is None or place.row is None:
        return confirmation, None
    table = read(sheets, SWISS_SETTINGS)  # the one cell: an undo's blocks hold no KEEP cell
    return confirmation, WriteBlock(table.sheet, place.row, table.columns["Value"], [[None]])


def logged_level(sheets: Sheets, label: str) -> int:
    """The warning level of the act named ``label`` (``Correction round 2; Pairing round 3``)
    as its rows in the ``Event Log`` say it: the newest run's rows (one time) naming exactly
    those kinds and rounds, by the confirmation each keeps; 0 when none is found."""
    named = set(label.split("; "))
    entries, _ = read_log(sheets)
    runs: dict[str, list[LogEntry]] = {}
    for entry in entries:
        if entry.kind not in _TAKING:
            runs.setdefault(entry.when, []).append(entry)
    for rows in reversed(runs.values()):
        if {f"{e.kind.value} round {e.round}" for e in rows} == named:
            return max(_level_confirmed(e.confirmation) for e in rows)
    return 0


def _level_confirmed(confirmation: str) -> int:
    """The level a log row's confirmation says its change had."""
    if not confirmation:
        return 0
    if confirmation == SHOWN:
        return WarningLevel.ACKNOWLEDGE
    said = confirmation.casefold().replace("-", " ")  # the flag --i-understand too
    if UNDERSTOOD.strip(": ").casefold() in said:
        return WarningLevel.CONSEQUENCES
    return WarningLevel.CONFIRM


def changed_since(sheets: Sheets, left: EventState) -> list[LoggedChange]:
    """Every change a run would log on the event ``sheets`` hold (the book as a redo leaves
    it) against ``left``, the state the redone act left: none when the event is the one the act
    left, save what is never logged (a result of the last paired round)."""
    event = read_event_tables(sheets).event
    rating = correction_texts(read_rating_corrections(sheets, event))
    now = state_of(
        event, fide_mode=left.fide_mode, left_in=left.left_in, manual=left.manual, rating=rating
    )
    if left.manual:  # the open round's rows in the state are the engine's pairing
        games = [g for g in now.games if g[0] != left.manual]
        games += [g for g in left.games if g[0] == left.manual]
        now = replace(now, games=tuple(sorted(games)))
    typed = {n: results_by_board(event, n) for n in {e.round for e in event.entries}}
    return changes(left, now, event, typed=typed)
