"""The event-kind protocol: what every kind of event a book can hold answers, and the values it
answers with.

A kind (:class:`EventKind`) plans the standings and the pairing of the event in a book and reads
it; the event read (:class:`BookEvent`) gives the views the commands show of it: the notes of
``explain``, the TRF file of ``trf export``, and the site ``publish`` writes (a :data:`SiteView`
the web layer renders). Everything here is a shape, not a rule: the individual event
(:mod:`~ratingbook.workbook.kinds.individual`) and the team event
(:mod:`~ratingbook.workbook.kinds.team`) implement it, and
:mod:`~ratingbook.workbook.kinds.choice` picks one for a book.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ratingbook.events.event import SwissEvent
    from ratingbook.events.fide_mode.log import LogEntry
    from ratingbook.events.fide_mode.logged_change import LoggedChange
    from ratingbook.events.fide_mode.state import EventState
    from ratingbook.events.team import TeamEvent
    from ratingbook.reports.tables import SheetGrid
    from ratingbook.workbook.port.book import Book, Plan
    from ratingbook.workbook.sheets.reading import Sheets

__all__ = [
    "BookEvent",
    "BookSite",
    "EventKind",
    "IndividualSite",
    "ListSite",
    "SiteView",
    "TeamSite",
    "TrfFile",
]


@dataclass(frozen=True, slots=True)
class TrfFile:
    """An event as a TRF-2026 file: the ``text``, and what it ``holds`` in a few words for the
    command's line (``"6 players, round 4"``, ``"5 teams"``)."""

    text: str
    holds: str


@dataclass(frozen=True, slots=True)
class IndividualSite:
    """What ``publish`` shows of an individual event: the event and its end-of-event tables
    (prize list, norms, contenders), a page each; ``log``: its ``Event Log``, which says on
    what points each round was paired (a round's page gives those, as its ``Pairings`` sheet
    does: :func:`~ratingbook.events.as_paired.as_paired_lists`)."""

    event: SwissEvent
    end: tuple[SheetGrid, ...] = ()
    log: tuple[LogEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamSite:
    """What ``publish`` shows of a team event: the event (its pages are the team grids) and
    its ``Event Log``, which says on which results each round was paired (a round's page
    explains it on those: :func:`~ratingbook.events.as_paired.as_paired_lists`)."""

    event: TeamEvent
    log: tuple[LogEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class ListSite:
    """What ``publish`` shows of a season's rating list (issue 35): the tables its Recalc
    writes, as the sheets hold them (the list, its history, its changes by period, and the
    series standings and notes when the list sets a series; None when it does not), and what
    the list ``holds`` in a few words for the command's line; ``period_events``: by period
    label, the events the period's Rating Changes rows name, in the list's order (by date,
    then as added: :class:`~ratingbook.reports.season_tables.ListTables`)."""

    rating_list: SheetGrid
    history: SheetGrid
    changes: SheetGrid
    series: SheetGrid | None
    series_notes: SheetGrid | None
    holds: str
    period_events: Mapping[str, tuple[str, ...]]


#: The site of a book of any kind; a new kind adds its view here and its pages in ``web``.
SiteView = IndividualSite | TeamSite | ListSite


@dataclass(frozen=True, slots=True)
class BookSite:
    """What ``publish`` writes of a book: the ``view`` the web renders, the ``name`` its
    settings give (``""`` when not set) and what it ``holds`` for the command's line
    ("round 4", "rating list (Elo, by month): 9 players, ...")."""

    view: SiteView
    name: str
    holds: str


class BookEvent(Protocol):
    """An event as a book holds it, read and checked: the views the commands show of it."""

    @property
    def name(self) -> str:
        """The event's name as its settings give it (``""`` when not set)."""
        ...

    @property
    def paired_rounds(self) -> int:
        """The last round paired (0 before the first)."""
        ...

    def explain(
        self, round_number: int | None, player: str | None, standings: bool
    ) -> Iterator[str]:
        """``explain``'s lines, as they are worked out: why each board or match of a round
        (default: the last paired) was paired as it was, or with ``standings`` why each one
        ranks where it does; ``player`` keeps that player's lines (a team event's: his team's,
        with his board). A RatingbookError when there is nothing to explain (a round not
        paired) or ``player`` is no player of the event."""
        ...

    def trf_warnings(self) -> list[str]:
        """What a TRF export must warn of before the file (a log changed by hand)."""
        ...

    def trf(self, *, in_event: bool = False) -> TrfFile:
        """The event as a TRF-2026 file (``trf export``); ``in_event``: as an in-tournament
        exchange, which an adjourned game does not stop (what ``check`` reads)."""
        ...

    def period_trf(self, number: int) -> TrfFile:
        """An event over 30 days: rating period ``number``'s own report (``trf export
        --period``); an error for a kind that has no rating periods."""
        ...

    def due_period(self) -> int:
        """An event over 30 days: the last period whose rounds are all finished, the one
        whose report is due (Excel's Report Period writes it); 1 while none is (its report is
        then refused, saying why); an error for a kind that has no rating periods."""
        ...

    def site(self) -> SiteView:
        """What ``publish`` shows of the event."""
        ...


class EventKind(Protocol):
    """A kind of event a book can hold (an individual event, a team event): how it is read,
    ranked and paired. Planning writes nothing: the caller applies the plan."""

    @property
    def name(self) -> str:
        """The kind's name (``"individual"``, ``"team"``)."""
        ...

    def read(self, book: Book) -> BookEvent:
        """The event in ``book``, read and checked; every problem of its sheets at once."""
        ...

    def plan_standings(self, sheets: Sheets) -> Plan:
        """The event's generated sheets (standings, crosstable, pairings, notes), never a
        pairing: a book just built from a TRF file."""
        ...

    @property
    def without(self) -> Mapping[str, str]:
        """The commands on an event this kind has not (``prizes``, ``norms``, ...), each with
        the sentence that says so and where the kind shows what the command would (no talk of
        the sheets of another kind)."""
        ...

    def plan_pairing(self, sheets: Sheets, *, every_round: bool = False) -> Plan:
        """The next round paired (``ratingbook pair``), or with ``every_round`` every round
        left of a round robin (``pair --all``), with the generated sheets rebuilt."""
        ...

    def plan_unpairing(self, sheets: Sheets, asked: int | None = None) -> Plan:
        """The last round's pairing taken back (``ratingbook unpair``; ``asked``: the round
        the user names, which must be the last), with the generated sheets rebuilt; its results
        typed wait for a confirmation."""
        ...

    def changes_since(self, sheets: Sheets, left: EventState) -> list[LoggedChange]:
        """Every change a run would log on the event ``sheets`` hold against ``left``, the
        state an act left (a redo is refused when the event changed since the undo)."""
        ...
