"""The ``Rating Corrections`` sheet: results corrected for the rating report only (FIDE mode).

This module alone decides how such a correction is typed and what it changes. A row (Round,
White, Black, Result) names a game of ``Swiss Games`` and the result FIDE's rating report must
count for it; the pairings, the standings and the crosstable keep the result as played, and only
the ``Rating Report`` and ``Rating Games`` sheets are computed with the correction. (The
standings' ``Rtg+/-`` and ``Rp`` columns stay those of the results as played.) Each new row is
logged as a ``Rating Correction`` (level 3, confirmed) by
:mod:`ratingbook.workbook.plans.fide_plan`.
A row naming no game of the event is an error naming its row and column; nothing is written.
"""

from __future__ import annotations

from dataclasses import replace

from ratingbook.core import fields
from ratingbook.core.cells import ROUND, text, whole_number
from ratingbook.core.results import parse_swiss_result
from ratingbook.core.tables import Column, TableSpec
from ratingbook.errors import Problems, RatingbookError
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.workbook.port.book import GeneratedSheet, Plan
from ratingbook.workbook.sheets.reading import Sheets, read

__all__ = [
    "RATING_CORRECTIONS",
    "correction_texts",
    "rated_event",
    "read_rating_corrections",
    "with_rated_report",
]

RATING_CORRECTIONS = TableSpec(
    "Rating Corrections",
    (
        Column("Round", field=fields.ROUND),
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("Result", field=fields.RESULT),
    ),
)


def read_rating_corrections(sheets: Sheets, event: SwissEvent) -> dict[SwissEntry, SwissEntry]:
    """Each corrected game of ``event`` with its corrected row (empty without the sheet)."""
    if sheets.actual(RATING_CORRECTIONS.sheet) is None:
        return {}
    table = read(sheets, RATING_CORRECTIONS)
    games = {(e.round, e.white, e.black): e for e in event.entries if e.black is not None}
    problems = Problems()
    found: dict[SwissEntry, SwissEntry] = {}
    for row in table.rows:
        try:
            number = whole_number(row.get("Round"), row.where, "Round", "a round", bounds=ROUND)
            white = " ".join(text(row.get("White"), row.where, "White").split())
            black = " ".join(text(row.get("Black"), row.where, "Black").split())
            game = games.get((number, white, black))
            if game is None:
                raise RatingbookError(
                    f"no game {white} - {black} in round {number} of Swiss Games",
                    row.where,
                    "White",
                )
            result = parse_swiss_result(row.get("Result"), row.where, bye_row=False)
            if result is None:
                raise RatingbookError("the corrected result is missing", row.where, "Result")
            found[game] = replace(game, result=result)
        except RatingbookError as error:
            problems.append(error)
    problems.check()
    return found


def rated_event(event: SwissEvent, corrections: dict[SwissEntry, SwissEntry]) -> SwissEvent:
    """``event`` as the rating report counts it."""
    return replace(event, entries=tuple(corrections.get(e, e) for e in event.entries))


def with_rated_report(
    plan: Plan, event: SwissEvent, corrections: dict[SwissEntry, SwissEntry]
) -> Plan:
    """``plan`` with its rating report sheets computed from the corrected results."""
    if not corrections or not event.settings.rated:
        return plan
    from ratingbook.fide.rules.rating_report import rating_report
    from ratingbook.reports.rating_grids import rating_games_grid, rating_report_grid

    report = rating_report(rated_event(event, corrections))
    grids = {g.name: g for g in (rating_report_grid(report), rating_games_grid(report))}

    def rated(sheet: GeneratedSheet) -> GeneratedSheet:
        grid = grids.get(sheet.name)
        return sheet if grid is None else replace(sheet, header=grid.header, rows=grid.rows)

    return replace(plan, sheets=tuple(rated(s) for s in plan.sheets))


def correction_texts(corrections: dict[SwissEntry, SwissEntry]) -> tuple[str, ...]:
    """The corrections as the log's state keeps them: ``round|White|Black|played|rated``."""
    return tuple(
        sorted(
            f"{g.round}|{g.white}|{g.black}|{g.result.value if g.result else ''}|"
            f"{c.result.value if c.result else ''}"
            for g, c in corrections.items()
        )
    )
