"""Charts as data: which cells a native Excel line chart plots, and where it sits.

Pure data, no spreadsheet library (the print setups' companion in
:mod:`ratingbook.workbook.port.presentation`, which names these too): a :class:`LineChart`
plots :class:`ChartSeries` over shared categories, each a :class:`CellRange`; each back end
turns it into its own calls (DrawingML XML, ``openpyxl.chart``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ratingbook.core.refs import column_letter

__all__ = [
    "AXIS_COLOUR",
    "GRIDLINE_COLOUR",
    "GRIDLINE_WIDTH",
    "LINE_WIDTH",
    "SERIES_COLOURS",
    "CellRange",
    "ChartSeries",
    "LineChart",
    "quote_sheet",
    "series_colour",
]

#: Every chart's line colours, series by series (``RRGGBB``), named in the chart itself: a
#: chart that leaves them to the workbook's theme draws every line in one pale colour and no
#: gridlines in a book without ``xl/theme/theme1.xml`` (as LibreOffice saves one, issue 47).
#: Twelve colours told apart in print; a thirteenth series starts again at the first.
SERIES_COLOURS: tuple[str, ...] = (
    "1F77B4",  # blue
    "D62728",  # red
    "2CA02C",  # green
    "FF7F0E",  # orange
    "9467BD",  # purple
    "8C564B",  # brown
    "E377C2",  # pink
    "17BECF",  # cyan
    "7F7F7F",  # grey
    "BCBD22",  # olive
    "000080",  # navy
    "800000",  # maroon
)
#: A series' line width, in EMUs (12,700 to the point): 2 pt.
LINE_WIDTH = 25400
#: The value axis' major gridlines: light grey, 0.75 pt.
GRIDLINE_COLOUR = "D9D9D9"
GRIDLINE_WIDTH = 9525
#: Both axes' lines: mid grey.
AXIS_COLOUR = "868686"


def series_colour(index: int) -> str:
    """The line (and marker) colour of a chart's series number ``index`` (0-based)."""
    return SERIES_COLOURS[index % len(SERIES_COLOURS)]


def quote_sheet(name: str) -> str:
    """A sheet name as a formula refers to it: always in single quotes, quotes doubled."""
    return "'" + name.replace("'", "''") + "'"


@dataclass(frozen=True, slots=True)
class CellRange:
    """A rectangle of cells on one sheet, 1-based and inclusive."""

    sheet: str
    first_row: int
    first_column: int
    last_row: int
    last_column: int

    def __post_init__(self) -> None:
        if (
            not 1 <= self.first_row <= self.last_row
            or not 1 <= self.first_column <= self.last_column
        ):
            raise ValueError(f"{self!r} is not a range of cells")

    @property
    def size(self) -> int:
        return (self.last_row - self.first_row + 1) * (self.last_column - self.first_column + 1)

    def formula(self) -> str:
        """The range as a chart or a defined name refers to it: ``'Sheet'!$D$2:$BB$2``."""
        first = f"${column_letter(self.first_column)}${self.first_row}"
        if self.size == 1:
            return f"{quote_sheet(self.sheet)}!{first}"
        last = f"${column_letter(self.last_column)}${self.last_row}"
        return f"{quote_sheet(self.sheet)}!{first}:{last}"

    def cells(self) -> list[tuple[int, int]]:
        """The (row, column) of every cell, row by row."""
        return [
            (r, c)
            for r in range(self.first_row, self.last_row + 1)
            for c in range(self.first_column, self.last_column + 1)
        ]


@dataclass(frozen=True, slots=True)
class ChartSeries:
    """One line of a chart: its name from one cell, its points from a row of cells."""

    name: CellRange
    values: CellRange


@dataclass(frozen=True, slots=True)
class LineChart:
    """A native line chart placed on a sheet, plotting series over shared categories.

    ``anchor`` is the chart's place on its sheet: (top row, left column, rows, columns), 0-based
    cell positions as DrawingML counts them. Empty cells are gaps (a line stops where a player's
    games stop).
    """

    title: str
    categories: CellRange
    series: tuple[ChartSeries, ...]
    anchor: tuple[int, int, int, int]
    x_title: str = ""
    y_title: str = ""
    #: The category axis' labels turned by this many degrees (counter-clockwise negative, as
    #: DrawingML counts). Level, LibreOffice breaks a label wider than its category's room
    #: into lines, letter by letter: ``Start`` under 31 categories printed as ``St/ar/t``
    #: (issue 34); turned, a label keeps its letters together.
    label_rotation: int = -45
    #: Plots cells in hidden rows too (``plotVisOnly`` off): a chart reading lookups kept out
    #: of print in hidden rows (the template's chosen-camper charts).
    plots_hidden: bool = False
    #: Where the legend goes (DrawingML's ``legendPos``): ``r`` right of the plot, ``b`` below
    #: it. On the right a legend of many long names takes the chart's width from the plot
    #: (20 campers: the plot a third of the chart, issue 34); below, it spreads across it.
    legend: str = "r"
    #: How many categories, from the first, hold a point (a week's start and the games played
    #: so far, at least a few so that an empty chart still draws); None: all of them. The
    #: ranges keep the room beyond for what is to come, so that a chart made once keeps
    #: reading the right cells when a front end that cannot change a chart (xlwings) writes
    #: later games; a back end that builds the chart on every recalc plots :meth:`played`.
    shown: int | None = None
    #: The value axis' (minimum, maximum, major unit), or None for the viewer's own scale: set
    #: from the ratings a chart draws, each bound rounded out to a round step, so that lines
    #: bunched in a narrow band spread over the plot (a group's 11 lines within 150 points
    #: were drawn on 0 to 1000, issue 34). Like :attr:`shown` it fits the numbers of the
    #: recalc that built the chart: a template's chart (:meth:`roomy`) leaves it to the viewer.
    value_axis: tuple[float, float, float] | None = None

    def played(self) -> LineChart:
        """This chart with its categories and every series cut to the first :attr:`shown`
        cells: its axis ends at the last game played, not at the room kept for later ones
        (the camp's charts ran to game 30 after 4 games, issue 34)."""
        if self.shown is None:
            return self
        cut = self.categories.last_column - self.categories.first_column + 1 - self.shown
        if cut <= 0:
            return self

        def shorter(rng: CellRange) -> CellRange:
            return replace(rng, last_column=rng.last_column - cut)

        return replace(
            self,
            categories=shorter(self.categories),
            series=tuple(replace(s, values=shorter(s.values)) for s in self.series),
            shown=None,
        )

    def roomy(self) -> LineChart:
        """This chart as a template keeps it for the front ends that cannot change a chart: all
        the room kept for games to come, and the value axis scaled by the viewer (the numbers
        those front ends write later are not the ones :attr:`value_axis` was fitted to)."""
        return replace(self, value_axis=None)
