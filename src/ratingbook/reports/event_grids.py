"""Every table an event shows, computed once: the standings (with the rating columns of a
FIDE-rated event), each player's rank, the crosstable (the square one of a round robin), and
the rating report. The workbook writes them as sheets (:mod:`ratingbook.workbook.plans.swiss_plan`)
and ``ratingbook publish`` as web pages (:mod:`ratingbook.web`), so both show the same figures.
Every table counts the same rounds (:attr:`~ratingbook.events.event.SwissEvent.standings_round`)
and its title says which (:mod:`ratingbook.reports.stages`); the standings' and crosstable's
title says "provisional" while an adjourned game of a finished event has no result (FIDE's
checklist, Q161: :func:`~ratingbook.events.adjourned.end_refusal`), on the sheet and the page
alike. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratingbook.events.adjourned import end_refusal
from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux.tiebreaks import FideStandings, fide_standings
from ratingbook.fide.rules.rating_report import RatingReport, rating_report
from ratingbook.reports.rating_grids import (
    rating_games_grid,
    rating_report_grid,
    with_rating_columns,
)
from ratingbook.reports.round_robin_grid import round_robin_crosstable
from ratingbook.reports.stages import stage_text
from ratingbook.reports.swiss_grids import (
    Shown,
    crosstable_grid,
    fide_standings_grid,
    pairings_grid,
    standings_grid,
)
from ratingbook.reports.tables import SheetGrid

__all__ = ["PROVISIONAL", "EventGrids", "event_grids"]

#: What the standings' and crosstable's titles add while an adjourned game of a finished event
#: has no result (Q161): the game counts as a draw until its result is typed.
PROVISIONAL = "(provisional: an adjourned game has no result)"


@dataclass(frozen=True, slots=True)
class EventGrids:
    standings: SheetGrid
    ranks: dict[str, int]
    crosstable: SheetGrid
    report: RatingReport | None
    #: The FIDE standings with each value's details (None: the seed's order, no FIDE codes).
    fide: FideStandings | None = None
    #: The pairings of the last round paired (titled "Round 5 pairings").
    pairings: SheetGrid | None = None
    #: A FIDE-rated event's rating report: a line a player, then a line a game (titled).
    report_tables: tuple[SheetGrid, ...] = ()
    #: The players' names in the standings' order (the Contenders report lists them so).
    order: tuple[str, ...] = ()


def event_grids(event: SwissEvent) -> EventGrids:
    fide = None
    if event.settings.tiebreaks:
        fide = fide_standings(event, event.settings.tiebreaks, details=True)
        standings, ranks = fide_standings_grid(fide, Shown.of(event))
    else:
        standings, ranks = standings_grid(event)
    name = standings.header.index("Name")
    order = tuple(str(row[name]) for row in standings.rows)
    report = rating_report(event) if event.settings.rated else None
    if report is not None:
        standings = with_rating_columns(standings, report)
    if event.settings.round_robin:
        crosstable = round_robin_crosstable(event, ranks)
    else:
        crosstable = crosstable_grid(event, ranks)
    # Every table counts the same rounds (SwissEvent.standings_round) and its title says
    # which, and what is typed beyond them (reports.stages).
    stage = stage_text(event.round_state())
    if end_refusal(event) is not None:
        stage = f"{stage} {PROVISIONAL}"
    pairings = pairings_grid(event)
    shown_round = pairings.rows[0][0] if pairings.rows else None
    report_tables: tuple[SheetGrid, ...] = ()
    if report is not None:
        report_tables = (
            replace(rating_report_grid(report), title="Rating report"),
            replace(rating_games_grid(report), title="Rating report, game by game"),
        )
    return EventGrids(
        replace(standings, title=f"Standings {stage}"),
        ranks,
        replace(crosstable, title=f"Crosstable {stage}"),
        report,
        fide,
        replace(pairings, title=f"Round {shown_round} pairings" if shown_round else "Pairings"),
        report_tables,
        order,
    )
