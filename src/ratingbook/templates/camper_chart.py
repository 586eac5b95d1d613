"""The ladder template's chosen-camper view: pick a name, see that camper's charts.

This module alone decides what the ``Camper Chart`` sheet holds: a dropdown of the names on
``Ladder Players`` (cell B1), formulas that look the camper up on ``Ladder Progress`` (a game
not played is ``#N/A``, which a line chart leaves out) and two line charts reading them (and
one empty cell after them, so that LibreOffice leaves the ``#N/A`` out too). Unlike
the generated sheets, ratingbook never rewrites it: it lives in the template and follows
``Ladder Progress`` through its formulas, in every front end that recalculates formulas; a
recalc writes only B1, when it names no camper on ``Ladder Players`` (the template's sample
camper in a camp's own book): the first camper, and column B's width, to the longest name
there (:func:`~ratingbook.workbook.plans.ladder_plan.camper_chart_choice`); and a recalc by a
file back end sets its charts' rating axes to hold the whole camp's ratings
(:func:`~ratingbook.workbook.plans.ladder_plan.camper_chart_axes`). The template leaves the
axes to the viewer: the button in Excel and xlwings Server and Lite, which start from it,
cannot change a chart.
"""

from __future__ import annotations

from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.datavalidation import DataValidation

from ratingbook.core.refs import column_letter
from ratingbook.files.rewriting.openpyxl_presentation import (
    add_charts,
    apply_print_setup,
    book_font,
)
from ratingbook.workbook.port.presentation import (
    CellRange,
    ChartSeries,
    LineChart,
    PrintSetup,
    quote_sheet,
)
from ratingbook.workbook.sheets.charts import (
    CAMPER_CHARTS,
    CAMPER_NAME_POINTS,
    CHART_COLUMNS,
    CHART_ROWS,
    camper_name_width,
    ladder_columns,
)
from ratingbook.workbook.sheets.schemas import CAMPER_CHART, LADDER_PLAYERS, LADDER_PROGRESS

__all__ = ["CAMPER_CHART", "write_camper_chart"]

_LAST_ROW = 2000  # how far down the lookups reach on Ladder Players and Ladder Progress
_FIRST_CHART = 8  # the first chart's top row (0-based: under the hidden lookups, rows 2-7)
#: The charts' width in columns, the group charts' (a landscape page at full size). Each reads
#: the room kept for 30 games, 32 categories, so its labels need the plot's whole width: beside
#: a legend on the right, "Start 1 2 3" printed run together (issue 34). The one line's name is
#: B1's, so its legend goes below the plot.
_WIDE = CHART_COLUMNS


def write_camper_chart(wb: Workbook, first_name: str, *, index: int | None = None) -> None:
    """Add the ``Camper Chart`` sheet to ``wb`` (at ``index``), showing ``first_name`` at first."""
    ws = wb.create_sheet(CAMPER_CHART, index)
    progress = quote_sheet(LADDER_PROGRESS)
    # The book's font, named: a font with no name prints in LibreOffice's serif default.
    ws["A1"] = "Camper"
    ws["A1"].font = book_font(wb, bold=True)
    ws["B1"] = first_name
    ws["B1"].font = book_font(wb, bold=True, size=CAMPER_NAME_POINTS)
    ws["C1"] = "Pick a camper in B1 to see their charts."  # no wider than the charts
    ws["A2"] = "Row"
    # The camper's row on Ladder Progress (names are in its column C).
    ws["B2"] = f"=MATCH($B$1,{progress}!$C$1:$C${_LAST_ROW},0)"
    names = f"{quote_sheet(LADDER_PLAYERS.sheet)}!$B$2:$B${_LAST_ROW}"
    choice = DataValidation(type="list", formula1=names, allow_blank=False)
    choice.add("B1")
    ws.add_data_validation(choice)
    first_game, last_game, first_week, last_week = ladder_columns()
    this_week, by_week = CAMPER_CHARTS
    blocks = ((this_week, 3, first_game, last_game), (by_week, 6, first_week, last_week))
    charts = []
    for n, (title, row, first, last) in enumerate(blocks):
        ws.cell(row=row, column=1, value=title).font = book_font(wb, bold=True)
        ws.cell(row=row + 1, column=1, value="Rating")
        for c, source in enumerate(range(first, last + 1), start=2):
            letter = column_letter(source)
            # Text joined: a game column not headed yet labels nothing (an empty cell read
            # alone is 0, a label under every game to come).
            ws.cell(row=row, column=c, value=f'=""&{progress}!{letter}$1')
            found = f"INDEX({progress}!{letter}$1:{letter}${_LAST_ROW},$B$2)"
            ws.cell(row=row + 1, column=c, value=f'=IFERROR(IF({found}="",NA(),{found}),NA())')
        # The charts read one cell more than the lookups fill, a cell left empty for good:
        # LibreOffice draws a line chart's text and error values (#N/A) as 0, dropping the
        # line to 0 after the last game, unless its values hold an empty cell as well; then it
        # follows the chart's 'gap' (oox chartspaceconverter.cxx,
        # lcl_useWorkaroundForNoGapInOOXML). Excel leaves #N/A out either way.
        width = last - first + 2
        charts.append(
            LineChart(
                f"{title}",
                CellRange(CAMPER_CHART, row, 2, row, 1 + width),
                (
                    ChartSeries(
                        CellRange(CAMPER_CHART, 1, 2, 1, 2),
                        CellRange(CAMPER_CHART, row + 1, 2, row + 1, 1 + width),
                    ),
                ),
                # One under the other, each on a page of its own at full size.
                anchor=(_FIRST_CHART + n * (CHART_ROWS + 1), 0, CHART_ROWS, _WIDE),
                legend="b",
                x_title="Games played this week" if n == 0 else "End of week",
                y_title="Rating",
                plots_hidden=True,
            )
        )
    ws.column_dimensions["A"].width = 13
    # As wide as a recalc widens it for the camp's names (ladder_plan.camper_chart_choice).
    ws.column_dimensions["B"].width = max(22, camper_name_width([first_name]))
    # The lookups (rows 2 to 7, 32 columns of numbers the charts repeat) are hidden: printed,
    # they made the page four times as wide as a chart and its type a third of its size.
    for row in range(2, _FIRST_CHART + 1):
        ws.row_dimensions[row].hidden = True
    add_charts(ws, tuple(charts))
    below = _FIRST_CHART + CHART_ROWS + 1  # the row under the first chart (1-based)
    apply_print_setup(
        ws,
        PrintSetup(CAMPER_CHART, landscape=True, file_name=True, grid=False, page_breaks=(below,)),
    )
    # The name picked and the two charts: the columns the charts span.
    ws.print_area = f"A1:{column_letter(_WIDE)}{below + CHART_ROWS + 1}"
