"""A report's table as the sheet written: the one way every planner turns a
:class:`~ratingbook.reports.tables.SheetGrid` into a
:class:`~ratingbook.workbook.port.book.GeneratedSheet`.

The table brings its name, header, rows, number formats, widths, centred columns and title
(:mod:`ratingbook.reports`); the planner adds only where the sheet goes (``after``) and what its
printed title names besides the table: the event ("Round 5 pairings - Club Championship 2026"),
the ladder's week ("Ladder Standings - Week 3"), or, with nothing to name, the file.
"""

from __future__ import annotations

from ratingbook.reports.tables import SheetGrid
from ratingbook.workbook.port.book import GeneratedSheet
from ratingbook.workbook.port.presentation import PrintSetup

__all__ = ["report_sheet"]


def report_sheet(
    grid: SheetGrid, after: str | None, context: str = "", *, landscape: bool = False
) -> GeneratedSheet:
    """``grid`` as the sheet written after sheet ``after``: printed with the header on every
    page, titled ``TITLE - context`` (the grid's title, else its name; the file's name where
    there is no ``context``), portrait or landscape and fitted one page wide or split across
    pages as its columns' width allows a readable size (PrintSetup.laid_out; landscape
    always when ``landscape``), the grid's key columns on every page of a split table."""
    title = grid.title or grid.name
    return GeneratedSheet(
        grid.name,
        grid.header,
        grid.rows,
        number_formats=grid.number_formats,
        widths=grid.widths,
        after=after,
        print_setup=PrintSetup(
            f"{title} - {context}" if context else title,
            landscape=landscape,
            file_name=not context,
            wrapped=grid.wrapped,
            sections=grid.sections,
            sentences=grid.sentences,
            repeat_columns=grid.row_names(),
            unprinted=grid.unprinted,
        ),
        centred=grid.centred,
    )
