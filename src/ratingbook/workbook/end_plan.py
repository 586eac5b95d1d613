"""The end of an event in the workbook: the ``Prizes`` sheet read, and the ``Prize List``,
``Norms`` and ``Contenders`` sheets a run writes.

This module decides when each is written: ``Prize List`` when the book has a ``Prizes`` sheet
(columns Place, Category, Amount, Object; the settings ``Prize Sharing``, ``Prize Step`` and
``One Prize Each`` in ``Swiss Settings``); ``Norms`` when the event is FIDE-rated (``FIDE
Rated``); ``Contenders`` while rounds remain (the number of rounds set). Each is printed one
page wide under its title and the event's name. A bad Prizes row stops the run with every
problem named (sheet, Excel row, column); a category no player is in is a warning line of the
sheet and of the run's summary. The tables are :mod:`ratingbook.reports`'.
"""

from __future__ import annotations

from dataclasses import dataclass

from ratingbook.core.cells import text
from ratingbook.core.tables import Column, TableSpec
from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.events.prize_rules import Prize, PrizeSettings, prize_settings, read_prizes
from ratingbook.reports.swiss_grids import SheetGrid
from ratingbook.workbook.book import GeneratedSheet, Plan
from ratingbook.workbook.presentation import PrintSetup, centred_columns
from ratingbook.workbook.reading import Sheets, read

__all__ = ["PRIZES", "EndInputs", "end_sheets", "read_end_inputs", "with_end_sheets"]

PRIZES = TableSpec(
    "Prizes",
    (
        Column("Place", aliases=("Prize", "Rank", "No.")),
        Column("Category", required=False, aliases=("Class", "Section")),
        Column("Amount", required=False, aliases=("Money", "Cash", "Value")),
        Column("Object", required=False, aliases=("Item", "Trophy", "Prize Object")),
    ),
)
#: The optional ``Club`` column of Swiss Players, for club and team prizes.
_CLUBS = TableSpec(
    "Swiss Players",
    (Column("Name"), Column("Club", required=False, aliases=("Team", "Club/Team"))),
)


@dataclass(frozen=True, slots=True)
class EndInputs:
    """What the end-of-event reports read besides the event: the prizes (None: no Prizes
    sheet), their settings, each player's club."""

    prizes: tuple[Prize, ...] | None
    settings: PrizeSettings
    clubs: dict[str, str]


def read_end_inputs(sheets: Sheets, event: SwissEvent) -> EndInputs:
    """The Prizes sheet (every bad row reported), the prize settings and the clubs."""
    settings = prize_settings(event.settings.prizes, event.settings.places)
    if sheets.actual(PRIZES.sheet) is None:
        return EndInputs(None, settings, {})
    prizes = read_prizes(read(sheets, PRIZES).rows)
    clubs: dict[str, str] = {}
    table = read(sheets, _CLUBS)
    for row in table.rows:
        name = text(row.get("Name"), row.where, "Name", required=False)
        club = text(row.get("Club"), row.where, "Club", required=False)
        if name and club:
            clubs[name] = club
    return EndInputs(prizes, settings, clubs)


def _generated(grid: SheetGrid, after: str, event_name: str) -> GeneratedSheet:
    title = grid.title or grid.name
    return GeneratedSheet(
        grid.name,
        grid.header,
        grid.rows,
        number_formats=grid.number_formats,
        widths=grid.widths,
        after=after,
        print_setup=PrintSetup(
            f"{title} - {event_name}" if event_name else title, file_name=not event_name
        ),
        centred=grid.centred | centred_columns(grid.header),
    )


def end_sheets(
    sheets: Sheets, event: SwissEvent, after: str
) -> tuple[tuple[GeneratedSheet, ...], tuple[str, ...]]:
    """The end-of-event sheets due for ``event`` (after the sheet ``after``) and summary lines."""
    from ratingbook.events.event_contenders import event_contenders
    from ratingbook.reports.contender_grids import contender_grid
    from ratingbook.reports.prize_grids import event_prizes, prize_grid

    name = event.settings.event_name
    inputs = read_end_inputs(sheets, event)
    out: list[GeneratedSheet] = []
    summary: list[str] = []
    if inputs.prizes is not None:
        result, standings = event_prizes(event, inputs.prizes, inputs.settings, inputs.clubs)
        grid = prize_grid(result, standings)
        out.append(_generated(grid, after, name))
        summary.append(f"prize list: {grid.note}")
        summary += [f"warning: {w}" for w in result.warnings]
    if event.settings.rated:
        from ratingbook.fide.norm_event import event_norms
        from ratingbook.reports.norm_grids import norm_grid

        grid = norm_grid(event, event_norms(event))
        out.append(_generated(grid, out[-1].name if out else after, name))
        summary.append(f"norms: {grid.note}")
    planned = event.rounds_planned
    if planned is not None and event.entries:
        try:
            before, found = event_contenders(event)
        except RatingbookError:
            before, found = 0, []  # the event is over: nobody is left to ask about
        if found:
            grid = contender_grid(before, found)
            out.append(_generated(grid, out[-1].name if out else after, name))
            summary.append(f"contenders {grid.note}")
    return tuple(out), tuple(summary)


def with_end_sheets(plan: Plan, sheets: Sheets, event: SwissEvent) -> Plan:
    """``plan`` with the end-of-event sheets after its last sheet."""
    after = plan.sheets[-1].name if plan.sheets else "Swiss Games"
    extra, lines = end_sheets(sheets, event, after)
    return Plan(plan.blocks, (*plan.sheets, *extra), (*plan.summary, *lines))
