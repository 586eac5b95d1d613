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

#: A table wider than this prints landscape.
PORTRAIT_COLUMNS = 10


def report_sheet(
    grid: SheetGrid, after: str | None, context: str = "", *, landscape: bool | None = None
) -> GeneratedSheet:
    """``grid`` as the sheet written after sheet ``after``: printed one page wide with the
    header on every page, titled ``TITLE - context`` (the grid's title, else its name; the
    file's name where there is no ``context``), landscape when the table has more than
    :data:`PORTRAIT_COLUMNS` columns unless ``landscape`` says otherwise."""
    title = grid.title or grid.name
    wide = len(grid.header) > PORTRAIT_COLUMNS if landscape is None else landscape
    return GeneratedSheet(
        grid.name,
        grid.header,
        grid.rows,
        number_formats=grid.number_formats,
        widths=grid.widths,
        after=after,
        print_setup=PrintSetup(
            f"{title} - {context}" if context else title,
            landscape=wide,
            file_name=not context,
            wrapped=grid.wrapped,
            sections=grid.sections,
        ),
        centred=grid.centred,
    )
