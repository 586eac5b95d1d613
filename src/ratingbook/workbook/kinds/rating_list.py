"""A season's rating list (issue 35) as ``publish`` reads it: the list rated exactly as its
Recalc rates it (:func:`ratingbook.workbook.plans.list_plan.plan_list`), and the tables that
Recalc writes handed to the web as they are, so the site says what the sheets say: one model,
many views, no rating worked out twice.

The planner is imported when it is used, so a book of another family never loads the season
stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratingbook.errors import Problems
from ratingbook.reports.names import (
    LIST_CHANGES,
    LIST_HISTORY,
    RATING_LIST,
    SERIES_NOTES,
    SERIES_STANDINGS,
)
from ratingbook.reports.tables import SheetGrid
from ratingbook.workbook.kinds.base import BookSite, ListSite
from ratingbook.workbook.sheets.reading import Sheets

if TYPE_CHECKING:
    from ratingbook.workbook.port.book import Book, GeneratedSheet

__all__ = ["read_list_site"]


def _grid(sheet: GeneratedSheet, name: str) -> SheetGrid:
    """The sheet as a table with its number formats, titled as printed without the list's name
    (the site's own title names the list on every page)."""
    title = sheet.print_setup.title if sheet.print_setup is not None else ""
    if name:
        title = title.removesuffix(f" - {name}")
    # its number formats go with it: a page shows a figure as its cell shows it (issue 35)
    rows, formats = list(sheet.rows), sheet.number_formats
    return SheetGrid(sheet.name, sheet.header, rows, number_formats=formats, title=title)


def read_list_site(book: Book) -> BookSite:
    """The list in ``book`` rated from its sheets (every problem of them at once, as Recalc
    reports them), with the generated tables its Recalc would write, named by List Settings'
    List Name (empty: ``publish`` names it by the file)."""
    from ratingbook.workbook.plans.list_plan import rated_plan
    from ratingbook.workbook.sheets.list_rows import read_list_settings

    sheets = Sheets(book)
    rated, plan = rated_plan(sheets)
    name = read_list_settings(sheets, Problems()).name  # read without a problem by rated_plan
    grids = {sheet.name: _grid(sheet, name) for sheet in plan.sheets}
    holds = plan.summary[0] if plan.summary else "rating list"
    view = ListSite(
        grids[RATING_LIST],
        grids[LIST_HISTORY],
        grids[LIST_CHANGES],
        grids.get(SERIES_STANDINGS),
        grids.get(SERIES_NOTES),
        holds,
        rated.tables.period_events,
    )
    return BookSite(view, name, holds)
