"""The team event (issue 26; sheets ``Teams``, ``Team Matches``, ``Team Boards``) as an event
kind: its planner and reader are :mod:`ratingbook.workbook.plans.team_plan`'s, its notes
:mod:`ratingbook.reports.team_notes`' (C.07 ranks, C.04.6 matches), its standings
:mod:`ratingbook.fide.gacrux.team_tiebreaks`', its TRF :mod:`ratingbook.trf.team_records`'
(and its ``Event Log`` as ``###`` lines, :mod:`ratingbook.trf.log_comments`). Each round is
explained and published on the results it was paired on, as its log says
(:mod:`ratingbook.events.as_paired`).

Every planner and report is imported when it is used, so a book of another family never loads
the team stack.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ratingbook.errors import RatingbookError
from ratingbook.workbook.kinds.base import SiteView, TeamSite, TrfFile
from ratingbook.workbook.sheets.reading import Sheets

if TYPE_CHECKING:
    from ratingbook.events.fide_mode.log import LogEntry
    from ratingbook.events.fide_mode.logged_change import LoggedChange
    from ratingbook.events.fide_mode.state import EventState
    from ratingbook.events.team import TeamEvent
    from ratingbook.workbook.port.book import Book, Plan

__all__ = ["TEAM", "TeamBookEvent", "TeamKind"]

_NO_PERIODS = "rating periods are for a Swiss event or a round robin, not a team event"


class TeamBookEvent:
    """A team event read from a book (see :class:`~ratingbook.workbook.kinds.base.BookEvent`)."""

    def __init__(self, event: TeamEvent, sheets: Sheets | None = None) -> None:
        self.event = event
        self.sheets = sheets
        self._log: tuple[list[LogEntry], list[str]] | None = None

    def _read_log(self) -> tuple[list[LogEntry], list[str]]:
        """The book's ``Event Log`` and the level-2 warnings about it (none without a book)."""
        from ratingbook.workbook.sheets.event_log_sheet import read_log

        if self._log is None:
            self._log = read_log(self.sheets) if self.sheets is not None else ([], [])
        return self._log

    @property
    def name(self) -> str:
        return self.event.settings.event_name

    @property
    def paired_rounds(self) -> int:
        return self.event.paired_rounds

    def explain(
        self, round_number: int | None, player: str | None, standings: bool
    ) -> Iterator[str]:
        """The ``Team Notes``: why each team ranks above the next (C.07), or why each match of
        the round was paired and who has White on board 1 (C.04.6), on the results the round
        was paired on (a result corrected since said first, as an individual event's notes say
        it). ``player`` (a name on the ``Teams`` sheet; an unknown one is an error naming the
        player it may mean) keeps his team's lines, and says his board of each round asked
        (every round paired without ``round_number``)."""
        from ratingbook.core.rules import known_player, player_spellings
        from ratingbook.events.as_paired import (
            corrected_after_pairing,
            correction_note,
            pairing_views,
        )
        from ratingbook.fide.gacrux.team_tiebreaks import team_standings
        from ratingbook.reports.team_notes import board_note, match_notes, rank_notes

        event = self.event
        team = None
        if player is not None:
            spellings = player_spellings(p.name for t in event.teams for p in t.players)
            team = event.player_team()[known_player(player, spellings, listed_in="Teams")]
        if standings:
            yield from rank_notes(event, team_standings(event), team)
            return
        last = event.paired_rounds
        if round_number is not None:
            rounds = [round_number]
        else:
            rounds = list(range(1, last + 1)) if player is not None and last else [last or 1]
        log, _ = self._read_log()
        corrected = corrected_after_pairing(event, log)
        paired_from = {n: view for view, numbers in pairing_views(event, log) for n in numbers}
        for number in rounds:
            if not 1 <= number <= last:
                raise RatingbookError(f"round {number} has not been paired")
            if number in corrected:
                yield f"Round {number}: {correction_note(number, corrected[number])}"
            notes = match_notes(paired_from.get(number, event), number, team)
            for note in notes:
                yield f"Round {number}: {note}"
            if player is not None:
                yield ("   " if notes else f"Round {number}: ") + board_note(event, number, player)

    def trf_warnings(self) -> list[str]:
        """A level-2 warning when the ``Event Log`` was changed by hand."""
        return self._read_log()[1]

    def period_trf(self, number: int) -> TrfFile:
        """Refused: a team event has no rating periods (its games are rated as one event)."""
        raise RatingbookError(_NO_PERIODS)

    def due_period(self) -> int:
        """Refused, as :meth:`period_trf`."""
        raise RatingbookError(_NO_PERIODS)

    def trf(self, *, in_event: bool = False) -> TrfFile:
        """The event with the ranks of its team standings in record 310 and its ``Event Log``
        as ``###`` lines (which say on which results each round was paired); the same file
        ``in_event``: a team event has no adjourned games."""
        from ratingbook.fide.gacrux.team_tiebreaks import team_standings
        from ratingbook.trf.log_comments import log_lines
        from ratingbook.trf.team_records import export_team_trf

        event = self.event
        ranks = {line.team: line.rank for line in team_standings(event).lines}
        lines = log_lines(self._read_log()[0])
        text = export_team_trf(event, ranks=ranks) + "".join(f"{line}\n" for line in lines)
        return TrfFile(text, f"{len(event.teams)} teams")

    def site(self) -> SiteView:
        """The event and its ``Event Log`` (each round's page gives the results it was paired
        on)."""
        return TeamSite(self.event, tuple(self._read_log()[0]))


class TeamKind:
    """The team event as an :class:`~ratingbook.workbook.kinds.base.EventKind`."""

    name = "team"

    @property
    def without(self) -> Mapping[str, str]:
        """``prizes``, ``norms``, ``contenders``, ``players update``, ``players custom-list``
        and ``manual-pairing``, in the team planner's words
        (:data:`~ratingbook.workbook.plans.team_plan.TEAM_HAS_NO`)."""
        from ratingbook.workbook.plans.team_plan import TEAM_HAS_NO

        return TEAM_HAS_NO

    def read(self, book: Book) -> TeamBookEvent:
        from ratingbook.workbook.sheets.team_book import read_team_tables

        sheets = Sheets(book)
        return TeamBookEvent(read_team_tables(sheets).event, sheets)

    def plan_standings(self, sheets: Sheets) -> Plan:
        from ratingbook.workbook.plans.team_plan import plan_team

        return plan_team(sheets)

    def plan_pairing(self, sheets: Sheets, *, every_round: bool = False) -> Plan:
        from ratingbook.workbook.plans.team_plan import plan_team_pairing

        return plan_team_pairing(sheets, every_round=every_round)

    def plan_unpairing(self, sheets: Sheets, asked: int | None = None) -> Plan:
        from ratingbook.workbook.plans.team_plan import plan_team_unpairing

        return plan_team_unpairing(sheets, asked)

    def changes_since(self, sheets: Sheets, left: EventState) -> list[LoggedChange]:
        from ratingbook.workbook.plans.team_log import team_changed_since

        return team_changed_since(sheets, left)


#: The team event kind.
TEAM = TeamKind()
