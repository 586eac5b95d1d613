"""What a run is asked to do besides planning: the request a session hands every planner.

This module alone decides what a planner may learn of the run it plans for: the manual-pairing
phase a command asks to start or end, who acts and when (for the Event Log), the book's names
as the user knows them, read and written (for the commands a message suggests), and whether the
event's log is kept at all (a template's sample event starts its log with the user's first run).
The session (:mod:`ratingbook.session`) builds one :class:`RunRequest` per act and hands it to the
planners with the sheets (:class:`~ratingbook.workbook.sheets.reading.Sheets`); a planner only
reads it.
What a run did comes back in its :class:`~ratingbook.workbook.port.book.Plan`, never through here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RunRequest"]


@dataclass(frozen=True, slots=True)
class RunRequest:
    """The request of one run: a value, read by the planners, never written."""

    manual: tuple[str, int] | None = None
    """("start", round) or ("end", round): the manual-pairing phase asked by a command."""
    who: str = ""
    """Who acts, for the Event Log ("" = the ``RATINGBOOK_USER`` or the system user)."""
    now: str = ""
    """When, as ISO 8601 UTC text ("" = the clock)."""
    log: bool = True
    """False for a template's sample event: its log starts with the user's first run."""
    book: str = ""
    """The file the run leaves the event in once it writes, as the user names it (a command
    line's path), for the commands a message suggests (spelt by
    :func:`~ratingbook.core.typed_commands.typed_command`; "" unknown: ``BOOK``)."""
    source: str = ""
    """The file the run reads, as the user names it: where the event stays when the run writes
    nothing, so a refusal's suggested command names it ("" : :attr:`book`)."""
    views_only: bool = False
    """Rebuild the event's sheets as the log last left them, logging nothing (an undo whose
    generated sheets were rewritten since the act)."""
