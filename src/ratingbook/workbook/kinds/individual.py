"""The individual event (a Swiss or a round robin, sheets ``Swiss Players`` and ``Swiss
Games``) as an event kind: its planner is :mod:`ratingbook.workbook.plans.swiss_plan`, its reader
:mod:`ratingbook.workbook.sheets.event_book`, its notes :mod:`ratingbook.reports.pairing_notes` and
:mod:`ratingbook.reports.standings_notes`, its TRF :mod:`ratingbook.trf.exporter`.

Every planner and report is imported when it is used, so a book of another family never loads
the Swiss stack (nor gacrux).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ratingbook.errors import RatingbookError
from ratingbook.workbook.kinds.base import IndividualSite, SiteView, TrfFile
from ratingbook.workbook.sheets.reading import Sheets

if TYPE_CHECKING:
    from ratingbook.events.event import SwissEvent
    from ratingbook.events.fide_mode.log import LogEntry
    from ratingbook.events.fide_mode.logged_change import LoggedChange
    from ratingbook.events.fide_mode.state import EventState
    from ratingbook.workbook.port.book import Book, Plan

__all__ = ["INDIVIDUAL", "IndividualEvent", "IndividualKind"]


class IndividualEvent:
    """A Swiss event or round robin read from a book (see
    :class:`~ratingbook.workbook.kinds.base.BookEvent`)."""

    def __init__(self, sheets: Sheets, event: SwissEvent) -> None:
        self.sheets = sheets
        self.event = event
        self._ranks: dict[str, int] | None = None
        self._log: list[LogEntry] | None = None

    @property
    def name(self) -> str:
        return self.event.settings.event_name

    @property
    def paired_rounds(self) -> int:
        return self.event.paired_rounds

    def explain(
        self, round_number: int | None, player: str | None, standings: bool
    ) -> Iterator[str]:
        """The ``Standings Notes`` (C.07: the tie-break that separated each tie, what makes up
        each value) or the ``Pairing Notes`` of each round asked (C.04.3: score groups,
        floats, colours, bye); a round robin's pairing is its Berger table, with no notes."""
        from ratingbook.core.rules import known_player, player_spellings

        event = self.event
        if player is not None:
            spellings = player_spellings(p.name for p in event.players)
            known_player(player, spellings, listed_in="Swiss Players")
        if standings:
            yield from _standings_lines(event, player)
            return
        if event.settings.round_robin:
            raise RatingbookError(
                "a round robin is paired by FIDE's Berger tables (C.05 Annex 1): each round's "
                "games are the table's, by start number; see the arbiter guide"
            )
        from ratingbook.events.as_paired import (
            corrected_after_pairing,
            correction_note,
            pairing_views,
        )
        from ratingbook.fide.gacrux.analysis import analyse_round
        from ratingbook.reports.pairing_notes import not_paired, pairing_notes
        from ratingbook.workbook.sheets.event_log_sheet import read_log

        # Each round as it was paired (a result corrected since as it was then; a game
        # adjourned then a draw): what its notes judge, as `check` does.
        log, _ = read_log(self.sheets)
        paired_from = {n: view for view, numbers in pairing_views(event, log) for n in numbers}
        corrected = corrected_after_pairing(event, log)
        if round_number is not None:
            rounds = [round_number]
        elif player is not None:
            rounds = list(range(1, event.paired_rounds + 1))
        else:
            rounds = [event.paired_rounds] if event.paired_rounds else [1]
        for number in rounds:
            said = False
            if number in corrected and (
                player is None
                or any(player in (c.game.white, c.game.black) for c in corrected[number])
            ):
                yield f"Round {number}: {correction_note(number, corrected[number])}"
            view = paired_from.get(number, event)
            for note in pairing_notes(view, analyse_round(view, number)):
                if player is not None and player not in (note.white, note.black):
                    continue
                said = True
                board = f"board {note.board}" if note.board is not None else "bye"
                players = note.white if note.black is None else f"{note.white} - {note.black}"
                yield f"Round {number}, {board}: {players}"
                yield f"   {note.note}"
            if player is not None and not said and number <= event.paired_rounds:
                # No row for him in a paired round (a withdrawal): the reason, not silence.
                yield f"Round {number}, not paired: {player}"
                yield f"   {not_paired(event, player, number)}"

    def trf_warnings(self) -> list[str]:
        """A level-2 warning when the ``Event Log`` was changed by hand (FIDE mode, #25)."""
        from ratingbook.reports.swiss_grids import standings_grid
        from ratingbook.workbook.sheets.event_log_sheet import read_log

        # The ranks before the log, as trf export always worked them out: a standings error
        # still stops the export before any warning is said.
        if self._ranks is None:
            self._ranks = standings_grid(self.event)[1]
        log, tampered = read_log(self.sheets)
        self._log = log
        return tampered

    def trf(self, *, in_event: bool = False) -> TrfFile:
        """The event with its ranks, its ``Event Log`` (FIDE mode, #25) and its ``Prizes`` as
        ``###`` lines; an adjourned game is written ``?`` while rounds remain to be paired (an
        in-tournament exchange), and refuses the file once the last round is paired (FIDE's
        checklist, Q169: :func:`~ratingbook.events.adjourned.final_refusal`), unless
        ``in_event``: the file as an in-tournament exchange still, with its ``?`` (what
        ``check`` reads of a book)."""
        from ratingbook.events.adjourned import final_refusal
        from ratingbook.trf.exporter import export_trf

        refused = final_refusal(self.event, "the event's TRF (its report, all rounds paired)")
        if refused is not None and not in_event:
            raise refused
        if self._log is None:
            self.trf_warnings()
        assert self._ranks is not None and self._log is not None  # read just above
        from ratingbook.reports.stages import paired_text
        from ratingbook.reports.trf_ranks import file_ranks, typed_points
        from ratingbook.workbook.sheets.end_reports import book_prizes

        event = self.event
        # Each rank at the same state as the points beside it (a round in progress: its
        # results typed so far count in both).
        ranks = file_ranks(self._ranks, typed_points(event))
        prizes = book_prizes(self.sheets) or ()  # TRF has no record for them: ### lines
        text = export_trf(
            event, ranks, log=self._log, fide_mode=event.settings.fide_mode, prizes=prizes
        )

        return TrfFile(text, f"{len(event.players)} players, {paired_text(event.paired_rounds)}")

    def period_trf(self, number: int) -> TrfFile:
        """An event over 30 days: rating period ``number``'s own report (its rounds, its
        ratings; :func:`~ratingbook.workbook.plans.period_report.period_file`)."""
        from ratingbook.workbook.plans.period_report import period_file

        period, text = period_file(self.event, number)
        return TrfFile(text, f"{period.label}: {text.count(chr(10) + '001 ')} players")

    def due_period(self) -> int:
        """The last finished period of an event over 30 days (1 while none is)."""
        from ratingbook.events.long_event import last_finished_period

        return last_finished_period(self.event) or 1

    def site(self) -> SiteView:
        """The event, the end-of-event tables due for it (the ``Prizes`` sheet read) and its
        ``Event Log`` (each round's page gives the points it was paired on)."""
        from ratingbook.workbook.sheets.end_reports import end_grids
        from ratingbook.workbook.sheets.event_log_sheet import read_log

        end = tuple(end_grids(self.sheets, self.event, in_book=False)[0])
        return IndividualSite(self.event, end, tuple(read_log(self.sheets)[0]))


def _standings_lines(event: SwissEvent, player: str | None) -> Iterator[str]:
    """Why each tie was broken, then what makes up each player's tie-break values."""
    from ratingbook.reports.event_grids import event_grids
    from ratingbook.reports.standings_notes import every_breakdown, tie_notes

    grids = event_grids(event)
    for upper, lower, tie in tie_notes(grids.standings):
        if player is None or player in (upper, lower):
            yield tie
    if grids.fide is not None:
        wanted = None if player is None else (player,)
        breakdowns = every_breakdown(event, grids.fide, wanted)
        for line in grids.fide.lines:
            if line.name in breakdowns:
                yield f"{line.rank}. {line.name}"
                for part in breakdowns[line.name]:
                    yield f"   {part}"


class IndividualKind:
    """The individual event as an :class:`~ratingbook.workbook.kinds.base.EventKind`."""

    name = "individual"
    #: Every command on an event reads an individual event.
    without: Mapping[str, str] = MappingProxyType({})

    def read(self, book: Book) -> IndividualEvent:
        from ratingbook.workbook.sheets.event_book import read_event_tables

        sheets = Sheets(book)
        return IndividualEvent(sheets, read_event_tables(sheets).event)

    def plan_standings(self, sheets: Sheets) -> Plan:
        from ratingbook.workbook.plans.swiss_plan import plan_standings

        return plan_standings(sheets)

    def plan_pairing(self, sheets: Sheets, *, every_round: bool = False) -> Plan:
        from ratingbook.workbook.plans.swiss_plan import (
            plan_pairing,  # gacrux is loaded only to pair
        )

        return plan_pairing(sheets, every_round=every_round)

    def plan_unpairing(self, sheets: Sheets, asked: int | None = None) -> Plan:
        from ratingbook.workbook.plans.fide_actions import plan_unpair

        return plan_unpair(sheets, asked)

    def changes_since(self, sheets: Sheets, left: EventState) -> list[LoggedChange]:
        from ratingbook.workbook.plans.fide_taken import changed_since

        return changed_since(sheets, left)


#: The individual event kind.
INDIVIDUAL = IndividualKind()
