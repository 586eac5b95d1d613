"""The end of an event in the workbook's run: the ``Prize List``, ``Norms`` and ``Contenders``
sheets written after the event's own sheets, each printed one page wide under its title and the
event's name. What is due and how it is read is :mod:`ratingbook.workbook.end_reports`'; the
tables are :mod:`ratingbook.reports`'.
"""

from __future__ import annotations

from ratingbook.events.event import SwissEvent
from ratingbook.reports.swiss_grids import SheetGrid
from ratingbook.workbook.book import GeneratedSheet, Plan
from ratingbook.workbook.end_reports import end_grids
from ratingbook.workbook.presentation import PrintSetup, centred_columns
from ratingbook.workbook.reading import Sheets

__all__ = ["end_sheets", "with_end_sheets"]


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
            f"{title} - {event_name}" if event_name else title,
            # a wide table (the norms' figures) prints across the page
            landscape=sum(grid.widths.values()) > 120,
            file_name=not event_name,
        ),
        centred=grid.centred | centred_columns(grid.header),
    )


def end_sheets(
    sheets: Sheets, event: SwissEvent, after: str
) -> tuple[tuple[GeneratedSheet, ...], tuple[str, ...]]:
    """The end-of-event sheets due for ``event`` (after the sheet ``after``) and summary lines."""
    grids, summary = end_grids(sheets, event)
    out: list[GeneratedSheet] = []
    for grid in grids:
        out.append(_generated(grid, out[-1].name if out else after, event.settings.event_name))
    return tuple(out), tuple(summary)


def with_end_sheets(plan: Plan, sheets: Sheets, event: SwissEvent) -> Plan:
    """``plan`` with the end-of-event sheets after its last sheet."""
    after = plan.sheets[-1].name if plan.sheets else "Swiss Games"
    extra, lines = end_sheets(sheets, event, after)
    return Plan(plan.blocks, (*plan.sheets, *extra), (*plan.summary, *lines))
