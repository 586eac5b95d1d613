"""Print setups and line charts in openpyxl's terms (the openpyxl adapter and the templates).

Turns :mod:`ratingbook.workbook.port.presentation`'s descriptions into ``ws.page_setup``,
``ws.print_title_rows``, the header and footer, and ``openpyxl.chart.LineChart`` objects.
"""

from __future__ import annotations

import copy
import re
import warnings
from collections.abc import Callable
from typing import Any

from openpyxl.chart import LineChart as OpenpyxlLineChart
from openpyxl.chart import Reference, Series
from openpyxl.chart.axis import ChartLines, NumericAxis
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.series import SeriesLabel
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.chart.text import RichText
from openpyxl.drawing.line import LineProperties
from openpyxl.drawing.text import (
    CharacterProperties,
    Paragraph,
    ParagraphProperties,
    RichTextProperties,
)
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.pagebreak import Break, ColBreak, RowBreak
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from ratingbook.core.refs import column_letter
from ratingbook.workbook.port.chart_data import (
    AXIS_COLOUR,
    GRIDLINE_COLOUR,
    GRIDLINE_WIDTH,
    LINE_WIDTH,
    series_colour,
)
from ratingbook.workbook.port.presentation import (
    END_MARGIN,
    FOOTER_MARGIN,
    HEADER_MARGIN,
    SIDE_MARGIN,
    CellRange,
    LineChart,
    PrintSetup,
    print_titles_text,
)

__all__ = [
    "add_charts",
    "apply_print_setup",
    "apply_title",
    "book_font",
    "column_style",
    "load_keeping_print_areas",
    "print_titles_columns_first",
    "set_value_axes",
]

_PRINT_TITLES = "_xlnm.Print_Titles"
_PRINT_AREA = "_xlnm.Print_Area"
#: What openpyxl warns when it drops a print area it cannot read (openpyxl.reader.workbook).
_DROPPED_PRINT_AREA = re.compile(
    r"Print area cannot be set to Defined name: (?P<text>.+)\.\Z", re.S
)
#: The sheet a print area's first range names: 'quoted' ('' for a quote) or plain.
_AREA_SHEET = re.compile(r"\A(?:'(?P<quoted>(?:[^']|'')+)'|(?P<plain>[^!',]+))!")


def book_font(wb: Any, *, bold: bool = False, size: float = 0) -> Any:
    """The workbook's own font (its first, Excel's default: Calibri 11 in a new book), bold
    when asked, at ``size`` points when given, as the package back end makes fonts
    (``Styles.font``). ``Font(bold=True)`` names no font, and LibreOffice prints a font with no
    name in its serif default: the camp's archive headers printed so (issue 34)."""
    font = copy.copy(wb._fonts[0])  # openpyxl keeps the stylesheet's fonts there
    if bold:
        font.b = True
    if size:
        font.sz = size
    return font


def column_style(ws: Any, column: int) -> Any:
    """The style (openpyxl's ``StyleArray``) column ``column`` (1-based) of ``ws`` gives its
    cells (a ``<col style>``), or None: what a new cell written there takes, as Excel gives a
    cell typed there and the package back end a cell it writes (``patch.column_styles``)."""
    for dimension in ws.column_dimensions.values():
        low, high = dimension.min or 0, dimension.max or 0
        if low <= column <= high and dimension.has_style:
            return copy.copy(dimension._style)
    return None


def load_keeping_print_areas(load: Callable[[], Any]) -> Any:
    """The workbook ``load()`` reads with openpyxl, with every print area kept as the file has it.

    openpyxl reads no print area of whole columns or rows (``Pairings!$B:$K``: Excel writes
    one so when whole columns are chosen, and LibreOffice writes every print area so) and
    warns; saved again, that sheet would print whole. Such an area is kept here as the file's
    own text, written back unchanged on save, and its warning is not passed on. Every other
    warning of the load is passed on as it was raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        workbook = load()
    for warning in caught:
        dropped = _DROPPED_PRINT_AREA.match(str(warning.message))
        if dropped is None or not _keep_print_area(workbook, dropped["text"]):
            warnings.warn_explicit(
                warning.message, warning.category, warning.filename, warning.lineno
            )
    return workbook


def _keep_print_area(workbook: Any, text: str) -> bool:
    """Keep print area ``text`` on the sheet it names, as a defined name of that sheet (the
    way :func:`print_titles_columns_first` keeps print titles); False if no sheet is named."""
    match = _AREA_SHEET.match(text)
    if match is None:
        return False
    name = match["plain"] or match["quoted"].replace("''", "'")
    if name not in workbook.sheetnames:
        return False
    ws = workbook[name]
    ws.defined_names[_PRINT_AREA] = DefinedName(_PRINT_AREA, attr_text=text)
    return True


def print_titles_columns_first(workbook: Any) -> None:
    """Before ``workbook`` is saved: each sheet that repeats both columns and rows on every
    page gets its ``_xlnm.Print_Titles`` written columns first, as the package back end
    writes it (:func:`~ratingbook.workbook.port.presentation.print_titles_text`, ECMA-376
    part 1, 18.2.5), in place of openpyxl's rows first. LibreOffice 7.4 reads
    ``'Swiss Players'!$1:$1,'Swiss Players'!$A:$B`` and saves it twice, once each way round:
    two print titles of one sheet, a name defined twice in one scope, which Excel repairs as
    a damaged file. Written columns first, LibreOffice saves it once."""
    for ws in workbook.worksheets:
        rows, columns = ws.print_title_rows, ws.print_title_cols
        if not (rows and columns):
            continue
        titles = print_titles_text(ws.title, columns, rows)
        ws.defined_names[_PRINT_TITLES] = DefinedName(_PRINT_TITLES, attr_text=titles)
        # openpyxl writes the rows and columns it holds as a second name: none left to write
        # (its setters take no None; openpyxl reads the name back into both when loading).
        ws._print_rows = None
        ws._print_cols = None


def apply_print_setup(ws: Worksheet, setup: PrintSetup) -> None:
    """One page wide, any number tall (or one), or at the setup's scale across pages with its
    row-naming columns repeated; header rows repeated; the cells' grid; title, date and page
    numbers; the rows' height for the setup's type size; the setup's page breaks."""
    properties = ws.sheet_properties
    if properties.pageSetUpPr is None:
        properties.pageSetUpPr = PageSetupProperties(fitToPage=setup.fitted)
    else:
        properties.pageSetUpPr.fitToPage = setup.fitted
    ws.page_setup.orientation = "landscape" if setup.landscape else "portrait"
    if setup.fitted:
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = setup.pages_tall
    else:  # as the package back end writes it (patching.drawing.page_setup_xml)
        ws.page_setup.scale = setup.scale
        ws.page_setup.pageOrder = "overThenDown"
    ws.print_options.gridLines = setup.grid or None
    height = setup.row_height()
    if height:
        ws.sheet_format.defaultRowHeight = height
        ws.sheet_format.customHeight = True
    ws.defined_names.pop(_PRINT_TITLES, None)  # set again below, written at save time
    ws.print_title_rows = f"1:{setup.repeat_rows}"
    area = setup.area(ws.max_column, ws.max_row)  # empty, shrunk, unprinted (PrintSetup)
    if area:
        ws.print_area = area.replace("$", "")
    if setup.repeat_columns:
        ws.print_title_cols = setup.title_columns().replace("$", "")
    ws.row_breaks = RowBreak(brk=[Break(id=row) for row in setup.break_rows()])
    ws.col_breaks = ColBreak(brk=[Break(id=c, max=1048575) for c in setup.column_breaks])
    # The same header and footer the package back end writes (presentation.PrintSetup).
    apply_title(ws, setup)
    footer = ws.oddFooter
    assert footer is not None  # openpyxl makes it with the sheet
    footer.center.text = setup.footer_text
    footer.right.text = setup.date_code
    # The margins the package back end writes (presentation.SIDE_MARGIN, END_MARGIN,
    # HEADER_MARGIN, FOOTER_MARGIN).
    ws.page_margins.left = ws.page_margins.right = SIDE_MARGIN
    ws.page_margins.top = ws.page_margins.bottom = END_MARGIN
    ws.page_margins.header = HEADER_MARGIN
    ws.page_margins.footer = FOOTER_MARGIN


def apply_title(ws: Worksheet, setup: PrintSetup) -> None:
    """The setup's title in the sheet's page header (the centre, bold; nothing beside it), as
    the package back end writes it (``PrintSetup.header``)."""
    header = ws.oddHeader
    assert header is not None  # openpyxl makes it with the sheet
    header.left.text = None
    header.center.text = setup.title_text()
    header.center.font = setup.title_font
    header.center.size = setup.title_size
    header.right.text = None


def _reference(ws: Worksheet, rng: CellRange) -> Reference:
    book = ws.parent
    sheet = book[rng.sheet] if book is not None and rng.sheet in book.sheetnames else None
    if sheet is None:
        # The data sheet is written in the same run, maybe after this one: refer by name.
        return Reference(
            range_string=f"{rng.formula().split('!')[0]}!"
            f"${column_letter(rng.first_column)}${rng.first_row}:"
            f"${column_letter(rng.last_column)}${rng.last_row}"
        )
    return Reference(
        sheet,
        min_col=rng.first_column,
        min_row=rng.first_row,
        max_col=rng.last_column,
        max_row=rng.last_row,
    )


def _line(colour: str, width: int) -> GraphicalProperties:
    """Shape properties drawing a line of one colour, named in the chart, not left to the theme
    (as the package back end's :func:`~ratingbook.files.patching.drawing.chart_xml`)."""
    return GraphicalProperties(ln=LineProperties(solidFill=colour, w=width, cap="rnd"))


def add_charts(ws: Worksheet, charts: tuple[LineChart, ...], *, room: bool = False) -> None:
    """Add each chart to ``ws`` at its anchor, reading the cells it names: the categories that
    hold a point (:meth:`~ratingbook.workbook.port.presentation.LineChart.played`), or with
    ``room`` (a template, whose charts the front ends that cannot change a chart start from)
    all of them, the value axis left to the viewer (:meth:`LineChart.roomy`)."""
    for chart in tuple(c.roomy() for c in charts) if room else tuple(c.played() for c in charts):
        line = OpenpyxlLineChart()
        line.title = chart.title
        line.x_axis.title = chart.x_title or None
        line.y_axis.title = chart.y_title or None
        line.display_blanks = "gap"
        if line.legend is not None:
            line.legend.position = chart.legend
        line.visible_cells_only = not chart.plots_hidden
        if chart.value_axis is not None:  # as the package back end writes it
            line.y_axis.scaling.min, line.y_axis.scaling.max, line.y_axis.majorUnit = (
                chart.value_axis
            )
        if chart.label_rotation:  # the labels turned, as the package back end writes them
            line.x_axis.txPr = RichText(
                bodyPr=RichTextProperties(rot=chart.label_rotation * 60000, vert="horz"),
                p=[  # no run (ooxml.charttext): openpyxl's default empty one reads back as "None"
                    Paragraph(
                        pPr=ParagraphProperties(defRPr=CharacterProperties()),
                        endParaRPr=CharacterProperties(lang="en-US"),
                        r=[],
                    )
                ],
            )
        for s in chart.series:
            series = Series(_reference(ws, s.values))
            series.tx = SeriesLabel(strRef=StrRef(f=s.name.formula()))
            series.marker.symbol = "circle"  # a player with one game is one point, not a line
            series.marker.size = 5
            colour = series_colour(len(line.series))
            series.graphicalProperties = _line(colour, LINE_WIDTH)
            series.marker.graphicalProperties = _line(colour, GRIDLINE_WIDTH)
            series.marker.graphicalProperties.solidFill = colour
            series.smooth = False
            line.series.append(series)
        line.set_categories(_reference(ws, chart.categories))
        line.y_axis.majorGridlines = ChartLines(spPr=_line(GRIDLINE_COLOUR, GRIDLINE_WIDTH))
        line.x_axis.spPr = _line(AXIS_COLOUR, GRIDLINE_WIDTH)
        line.y_axis.spPr = _line(AXIS_COLOUR, GRIDLINE_WIDTH)
        top, left, rows, columns = chart.anchor
        # Centimetres, from Excel's default column width and row height (1.69 cm x 0.53 cm).
        line.width = round(columns * 1.69)
        line.height = round(rows * 0.53)
        ws.add_chart(line, f"{column_letter(left + 1)}{top + 1}")


def _title_text(chart: Any) -> str:
    """The text of a chart's title as the file holds it (its runs, joined); "" for none."""
    rich = getattr(getattr(chart.title, "tx", None), "rich", None)
    if rich is None:
        return ""
    return "".join(run.t or "" for paragraph in rich.p for run in paragraph.r or ())


def set_value_axes(ws: Worksheet, axes: tuple[tuple[str, tuple[float, float, float]], ...]) -> None:
    """The value axis of each of ``ws``'s charts titled as in ``axes`` (title, (minimum,
    maximum, major unit)) set, as :func:`add_charts` sets a chart's it builds
    (:attr:`~ratingbook.workbook.port.book.WriteBlock.value_axes`); its other parts kept."""
    by_title = dict(axes)
    charts: list[Any] = ws._charts  # type: ignore[attr-defined]  # as read from the file
    for chart in charts:
        axis = by_title.get(_title_text(chart))
        if axis is not None and isinstance(getattr(chart, "y_axis", None), NumericAxis):
            chart.y_axis.scaling.min, chart.y_axis.scaling.max, chart.y_axis.majorUnit = axis
