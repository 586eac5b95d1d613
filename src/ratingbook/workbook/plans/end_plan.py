"""The end of an event in the workbook's run: the ``Prize List``, ``Norms`` and ``Contenders``
sheets written after the event's own sheets, each printed one page wide under its title and the
event's name. What is due and how it is read is :mod:`ratingbook.workbook.sheets.end_reports`'; the
tables are :mod:`ratingbook.reports`'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ratingbook.events.event import SwissEvent
from ratingbook.workbook.port.book import GeneratedSheet, Plan
from ratingbook.workbook.sheets.end_reports import end_grids
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.report_sheet import report_sheet

__all__ = ["end_sheets", "with_end_sheets"]


def end_sheets(
    sheets: Sheets, event: SwissEvent, after: str, order: Sequence[str] | None = None
) -> tuple[tuple[GeneratedSheet, ...], tuple[str, ...]]:
    """The end-of-event sheets due for ``event`` (after the sheet ``after``) and summary lines
    (``order``: the names in the standings' order, when the run has them)."""
    grids, summary = end_grids(sheets, event, order=order)
    out: list[GeneratedSheet] = []
    for grid in grids:
        after_this = out[-1].name if out else after
        # a wide table (the norms' figures) prints across the page
        wide = sum(grid.widths.values()) > 120
        out.append(report_sheet(grid, after_this, event.settings.event_name, landscape=wide))
    return tuple(out), tuple(summary)


def with_end_sheets(
    plan: Plan, sheets: Sheets, event: SwissEvent, order: Sequence[str] | None = None
) -> Plan:
    """``plan`` with the end-of-event sheets after its last sheet."""
    after = plan.sheets[-1].name if plan.sheets else "Swiss Games"
    extra, lines = end_sheets(sheets, event, after, order)
    return replace(plan, sheets=(*plan.sheets, *extra), summary=(*plan.summary, *lines))
