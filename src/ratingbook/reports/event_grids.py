"""Every table an event shows, computed once: the standings (with the rating columns of a
FIDE-rated event), each player's rank, the crosstable (the square one of a round robin), and
the rating report. The workbook writes them as sheets (:mod:`ratingbook.workbook.swiss_plan`)
and ``ratingbook publish`` as web pages (:mod:`ratingbook.web`), so both show the same figures.
Pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from ratingbook.events.event import SwissEvent
from ratingbook.fide.rating_report import RatingReport, rating_report
from ratingbook.fide.tiebreaks import FideStandings, fide_standings
from ratingbook.reports.rating_grids import with_rating_columns
from ratingbook.reports.round_robin_grid import round_robin_crosstable
from ratingbook.reports.swiss_grids import (
    Shown,
    crosstable_grid,
    fide_standings_grid,
    standings_grid,
)
from ratingbook.reports.tables import SheetGrid

__all__ = ["EventGrids", "event_grids"]


@dataclass(frozen=True, slots=True)
class EventGrids:
    standings: SheetGrid
    ranks: dict[str, int]
    crosstable: SheetGrid
    report: RatingReport | None
    #: The FIDE standings with each value's details (None: the seed's order, no FIDE codes).
    fide: FideStandings | None = None


def event_grids(event: SwissEvent) -> EventGrids:
    fide = None
    if event.settings.tiebreaks:
        fide = fide_standings(event, event.settings.tiebreaks, details=True)
        standings, ranks = fide_standings_grid(fide, Shown.of(event))
    else:
        standings, ranks = standings_grid(event)
    report = rating_report(event) if event.settings.rated else None
    if report is not None:
        standings = with_rating_columns(standings, report)
    if event.settings.round_robin:
        crosstable = round_robin_crosstable(event, ranks)
    else:
        crosstable = crosstable_grid(event, ranks)
    return EventGrids(standings, ranks, crosstable, report, fide)
