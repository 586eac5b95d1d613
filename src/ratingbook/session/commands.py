"""What a front end can ask of a book, as values: the commands, and what a run gives back.

This module alone decides the vocabulary between the front ends and the session: each command
is a small frozen value (``Pair()``, ``RecordResult(5, 3, "1-0")``, ``Undo()``); a run answers
with :class:`Done` (what was written, the summary, what was logged and kept for undo) or with
:class:`NeedsConfirmation` (the acts that wait, at their levels), which the front end answers by
calling :meth:`NeedsConfirmation.resume` with the confirmation it got (a flag, a prompt, a
message box): nothing is planned twice and nothing is written before the answer.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ratingbook.errors import ConfirmationError, RatingbookError

if TYPE_CHECKING:
    from ratingbook.events.event import SwissEvent
    from ratingbook.events.fide_mode.changes import LoggedChange
    from ratingbook.events.fide_mode.log import LogEntry
    from ratingbook.events.fide_mode.machine import Act
    from ratingbook.events.team import TeamEvent
    from ratingbook.fide.rules.rating_list import RatingListScan
    from ratingbook.season.model import SeasonEvent
    from ratingbook.workbook.port.book import Plan

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
    "Undo",
    "Unpair",
    "UpdateFromCustomList",
    "UpdatePlayers",
]


@dataclass(frozen=True, slots=True)
class Recalc:
    """Recalculate every family the book holds (``ratingbook recalc``, Recalc Ratings)."""

    today: _dt.date | None = None
    """The date a ladder week that ends is archived under (default: today)."""


@dataclass(frozen=True, slots=True)
class NewWeek:
    """Start a new ladder week (``ratingbook new-week``, Start New Week)."""

    today: _dt.date | None = None


@dataclass(frozen=True, slots=True)
class Pair:
    """Pair the next round (``every_round``: every remaining round of a round robin)."""

    every_round: bool = False


@dataclass(frozen=True, slots=True)
class Rank:
    """Write the event's sheets without pairing (a book just built from a file)."""


@dataclass(frozen=True, slots=True)
class RecordImport:
    """Start the Event Log of a book just built from a file: the file's ``log`` (an individual
    event's with the import as its last row; a team event's as the file has it) and the
    ``event`` as imported."""

    event: SwissEvent | TeamEvent
    log: tuple[LogEntry, ...]


@dataclass(frozen=True, slots=True)
class Unpair:
    """Take back the last round's pairing (``round``: it must be the last paired one)."""

    round: int | None = None


@dataclass(frozen=True, slots=True)
class ManualPairing:
    """Start (``"start"``, with the round) or end (``"end"``) the manual pairing of a round."""

    action: Literal["start", "end"]
    round: int = 0


@dataclass(frozen=True, slots=True)
class RecordResult:
    """Enter the result of one board (every spelling a typed result may have); a result of an
    earlier round is a correction, logged and confirmed as a typed one."""

    round: int
    board: int
    result: str


@dataclass(frozen=True, slots=True)
class Entered:
    """One result given from outside the sheets (a results desk): a board's (``round``,
    ``board``, and ``match`` for a team event) or, for a ladder or an Elo book, a game's
    (``white``, ``black`` as its games sheet holds them: a ladder's IDs, Elo's names); ``who``
    says who reported it, from where, and who accepted it (the Event Log's Who, the desk's
    record); ``key`` is the desk's own name for it (the record lists it, so that it is never
    taken twice)."""

    result: str
    round: int = 0
    board: int = 0
    match: int = 0
    white: str = ""
    black: str = ""
    who: str = ""
    key: str = ""


@dataclass(frozen=True, slots=True)
class RecordResults:
    """Enter results given from outside the sheets, all at once (a results desk's take): each
    board's Result cell or each game's row, checked as a typed one, then one recalc and one
    write; the ``Desk Results`` sheet lists each with who reported it. A board whose cell holds
    a result already is refused, nothing written (a result is never overwritten silently); a
    result of an earlier round is a correction, logged and confirmed as a typed one. FIDE mode:
    each result is logged (``Desk Result``) with who reported it and from where."""

    entries: tuple[Entered, ...]


@dataclass(frozen=True, slots=True)
class UpdatePlayers:
    """Fill ``Swiss Players`` from FIDE's rating list (``scan`` reads the list for the IDs and
    the kind of rating asked; ``kind`` None: the book's setting; ``sequence``: the lists
    looked at, in turn, for a player unrated on that one; None: the default sequence)."""

    scan: Callable[[set[int], str], RatingListScan]
    kind: str | None = None
    sequence: tuple[str, ...] | None = None
    period: int = 1
    """An event over 30 days: the rating period the list is for (above 1: ``Rating N`` only)."""


@dataclass(frozen=True, slots=True)
class ReportPeriod:
    """Write a rating period's own report (an event over 30 days): the book recalculated and
    the Event Log's ``Period Report`` row, which freezes the period's rounds; refused when the
    period was reported and its file changed since."""

    period: int


@dataclass(frozen=True, slots=True)
class UpdateFromCustomList:
    """Fill ``into`` (``National Rating`` or ``Manual Rating``) of ``Swiss Players`` from a
    rating list of the organiser's own, not FIDE's: ``text`` the CSV file's text, ``name`` its
    name (:mod:`ratingbook.workbook.plans.custom_list`)."""

    text: str
    name: str
    into: str = "National Rating"


@dataclass(frozen=True, slots=True)
class AddEvents:
    """Add events to a season's rating list (``ratingbook season add``): ``events`` as read
    from their files (:mod:`ratingbook.files.season_sources`), ``unread`` the problems of the
    files that did not read; refused, nothing written, when one is already in the list or
    anything in them is wrong, every problem named (the unread files' with the checks of the
    events read). Kept for undo. ``name``: the officer's name for the one event they hold
    (empty: the source's own title, told apart from the list's events)."""

    events: tuple[SeasonEvent, ...]
    unread: tuple[RatingbookError, ...] = ()
    name: str = ""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last act kept for undo; what was typed since stays."""


@dataclass(frozen=True, slots=True)
class Redo:
    """Give back the last act undone."""


@dataclass(frozen=True, slots=True)
class Offer:
    """A confirmation given before the run (``--confirm``): how many steps it makes (1, or 2
    with ``--i-understand``) and the text the log keeps."""

    steps: int
    text: str


Command = (
    Recalc
    | NewWeek
    | Pair
    | Rank
    | RecordImport
    | Unpair
    | ManualPairing
    | RecordResult
    | RecordResults
    | UpdatePlayers
    | UpdateFromCustomList
    | ReportPeriod
    | AddEvents
    | Undo
    | Redo
)


@dataclass(frozen=True, slots=True)
class Done:
    """A run that was written: the plan (its summary says what was done), the changes logged,
    the act kept for undo ("" when none), and lines to show besides the summary."""

    plan: Plan
    logged: tuple[LoggedChange, ...] = ()
    kept: str = ""
    details: tuple[str, ...] = ()

    @property
    def summary(self) -> tuple[str, ...]:
        return self.plan.summary


@dataclass(frozen=True, slots=True)
class NeedsConfirmation:
    """A run that waits: ``acts`` (each with its level and warning) need ``steps`` (1, or 2 for
    level 4: the consequences stated, then confirmed). :meth:`resume` with the confirmation the
    front end got writes the run; ``in_book`` says how to confirm where nobody can be asked."""

    acts: tuple[Act, ...]
    steps: int
    in_book: str
    _resume: Callable[[str], Done] = field(repr=False, compare=False)
    warnings: tuple[str, ...] = ()
    """The warnings the run found besides its acts (level 2, a log edited by hand among
    them): said with the question, so that no problem is hidden behind it."""

    def resume(self, confirmation: str) -> Done:
        """Write the run, its acts confirmed by ``confirmation`` (the text the log keeps)."""
        return self._resume(confirmation)

    def refusal(self, how: str) -> ConfirmationError:
        """The run refused, nothing written: every act and every warning found, and ``how``
        to go on."""
        from ratingbook.workbook.plans.fide_plan import refusal

        return refusal(self.acts, how, self.warnings)


Outcome = Done | NeedsConfirmation
