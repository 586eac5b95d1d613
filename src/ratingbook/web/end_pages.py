"""The end-of-event pages of a published site: ``prizes.html``, ``norms.html`` and
``contenders.html``, each the table of its sheet (:mod:`ratingbook.reports.prize_grids`,
``norm_grids``, ``contender_grids``), so a page equals its sheet. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.reports.names import CONTENDERS, NORMS, PRIZE_LIST
from ratingbook.reports.tables import SheetGrid
from ratingbook.web.pages import Cell, Page, Table, text

__all__ = ["END_FILES", "end_pages"]

#: The page of each end-of-event sheet, by the sheet's name.
END_FILES: Mapping[str, str] = {
    PRIZE_LIST: "prizes.html",
    NORMS: "norms.html",
    CONTENDERS: "contenders.html",
}


def end_pages(grids: Sequence[SheetGrid], title: str) -> list[Page]:
    """A page for each grid, headed by the grid's title."""
    pages = []
    for grid in grids:
        rows = tuple(
            tuple(
                Cell(text(v), None, isinstance(v, int | float) and not isinstance(v, bool))
                for v in row
            )
            for row in grid.rows
        )
        heading = grid.title or grid.name
        table = Table(heading, grid.header, rows, None)
        pages.append(Page(END_FILES[grid.name], f"{heading} - {title}", heading, (table,)))
    return pages
