"""The Book interface and the plan of writes: everything the adapters and the planners share.

This module alone decides what a *plan* is (blocks written into existing sheets, sheets rebuilt,
summary lines), how it is applied (:func:`apply_plan`), and what an adapter must offer: the
methods of :class:`Book` (a sheet's values, its rows' heights and its cells' formats read,
blocks written, sheets replaced and cut short, formats given back), plus, for a book that is a
file, :class:`FileBook`'s ``save``, ``refuse_in_place`` and ``uncarried``. The adapters (the two
file back ends in :mod:`ratingbook.files`, the xlwings book in :mod:`ratingbook.excel`) and the
templates' in-memory book implement these, each proving its own conformance to mypy; the
planners (``workbook/plans/``) only produce plans. Nothing here knows which spreadsheet library
is on the other side.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from ratingbook.core.cells import Uncalculated
from ratingbook.core.tables import Grid, Table
from ratingbook.workbook.port.looks import SheetLooks
from ratingbook.workbook.port.presentation import (
    LineChart,
    PrintSetup,
    column_alignments,
    indented_columns,
    table_widths,
)

if TYPE_CHECKING:  # the port loads no event model: a ladder run never needs one
    from ratingbook.events.fide_mode.changes import LoggedChange
    from ratingbook.events.fide_mode.machine import Act

__all__ = [
    "KEEP",
    "UNSIZED",
    "Book",
    "FileBook",
    "Formula",
    "GeneratedSheet",
    "Height",
    "Pending",
    "Plan",
    "WriteBlock",
    "apply_plan",
    "cells_written",
    "check_finite",
    "finished",
    "points",
    "read_back",
    "rows_below",
    "rows_emptied",
]


class _Keep:
    """Marks a cell of a write block that must be left exactly as it is."""

    _instance: _Keep | None = None

    def __new__(cls) -> _Keep:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "KEEP"


KEEP = _Keep()


class _Unsized:
    """Marks a row's height (:attr:`WriteBlock.heights`) taken away: the row is as tall as
    the sheet's rows are by default, with no height of its own."""

    _instance: _Unsized | None = None

    def __new__(cls) -> _Unsized:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSIZED"


UNSIZED = _Unsized()
#: A row's height in a block: points, or :data:`UNSIZED` (the sheet's default height).
Height = float | _Unsized


def points(height: Height) -> float | None:
    """``height`` in points; None for :data:`UNSIZED` (the row has no height of its own)."""
    return None if isinstance(height, _Unsized) else height


@dataclass(frozen=True, slots=True)
class Formula:
    """A formula to write into a cell (``text`` without the ``=``, as Excel keeps it in the
    file): a table's calculated column in the rows a block adds under the table (a spreadsheet
    program fills such a column only in rows typed there). Strings are always written as text."""

    text: str


def read_back(value: object) -> object:
    """A value written, as reading the cell gives it before a spreadsheet program opens the
    file: a formula is not calculated yet (:class:`~ratingbook.core.cells.Uncalculated`)."""
    return Uncalculated(f"={value.text}") if isinstance(value, Formula) else value


@dataclass(frozen=True, slots=True)
class WriteBlock:
    """Values for a rectangle of an existing sheet, its top-left cell at (row, column), 1-based.

    A :data:`KEEP` value leaves that cell untouched (formula, value and style). An Excel table
    the block extends downward grows over its rows (:mod:`ratingbook.workbook.port.table_growth`).
    ``heights`` gives each row of the block its height in points (None, or no entry: the row's
    height kept): rows of text wrapped in their cells, which neither Excel nor LibreOffice
    grows for text another program wrote (:func:`~ratingbook.workbook.port.presentation.row_lines`);
    :data:`UNSIZED` takes a row's own height away (an undo: the row had none before the act).
    A row the block writes keeps the height given even where the plan cuts the sheet short
    above it (:attr:`Plan.truncated`: an undo gives back the height of a row that was there
    before the act, empty). The file back ends write them; xlwings, which sets no row's height
    (the JSON engine can set none), keeps the rows'.
    ``page_title``: the title the sheet prints under from now on (its
    :meth:`~ratingbook.workbook.port.presentation.PrintSetup.header` only; the rest of the
    sheet's print setup is kept), for an input sheet whose title follows a setting (a rating
    list's List Name); None keeps the sheet's. The file back ends write it; xlwings
    (in Excel), which sets no page setup, keeps the sheet's (the template's, naming the file).
    ``widths``: (1-based column, width in Excel's units) pairs, each column widened to that width
    if narrower (never narrowed: a width the user gave more room keeps it), for an input sheet's
    text its values need to print uncut (issue 34: a camper's long name in a column the
    template made 24 units wide). The file back ends and desktop Excel (xlwings) write them;
    xlwings' JSON engine, whose clients know no column width, keeps the sheet's.
    ``value_axes``: (chart title, (minimum, maximum, major unit)) pairs, the value axis of the
    sheet's own charts of that title (charts no run rebuilds: the ``Camper Chart``'s, user
    test 48), their other parts kept. The file back ends write them; xlwings, which cannot
    change a chart (the button in Excel, xlwings Server and Lite), keeps the charts' axes.
    """

    sheet: str
    row: int
    column: int
    values: Grid
    heights: tuple[Height | None, ...] = ()
    page_title: PrintSetup | None = None
    widths: tuple[tuple[int, float], ...] = ()
    value_axes: tuple[tuple[str, tuple[float, float, float]], ...] = ()


def rows_below(
    table: Table, rows: Sequence[Mapping[str, object]], heights: Sequence[float | None] = ()
) -> WriteBlock | None:
    """New rows under ``table``'s last row (or its header), each given as column name -> value;
    cells of the table's other columns in those rows are kept, a name it lacks is left out.
    ``heights``: each row's height in points (:attr:`WriteBlock.heights`)."""
    if not rows:
        return None
    columns = table.columns
    first = min(columns.values())
    width = max(columns.values()) - first + 1
    last = table.rows[-1].where.row if table.rows else None
    start = (last or table.header_row) + 1
    values: Grid = []
    for row in rows:
        line: list[object] = [KEEP] * width
        for name, value in row.items():
            if name in columns:
                line[columns[name] - first] = value
        values.append(line)
    return WriteBlock(table.sheet, start, first, values, tuple(heights))


def rows_emptied(table: Table, rows: Sequence[int], names: Sequence[str]) -> list[WriteBlock]:
    """The cells of the columns ``names`` (those ``table`` has) emptied in each Excel row of
    ``rows``; the row's other cells kept (a round's rows taken back)."""
    columns = table.columns
    first = min(columns.values())
    blocks = []
    for row in rows:
        line: list[object] = [KEEP] * (max(columns.values()) - first + 1)
        for name in names:
            if name in columns:
                line[columns[name] - first] = None
        blocks.append(WriteBlock(table.sheet, row, first, [line]))
    return blocks


def cells_written(blocks: Iterable[WriteBlock]) -> frozenset[tuple[str, int, int]]:
    """Every cell the blocks write, as (sheet, row, column); a :data:`KEEP` cell is not."""
    return frozenset(
        (block.sheet, block.row + r, block.column + c)
        for block in blocks
        for r, line in enumerate(block.values)
        for c, value in enumerate(line)
        if value is not KEEP
    )


@dataclass(frozen=True, slots=True)
class GeneratedSheet:
    """A sheet ratingbook owns and rebuilds on every run: a header row and rows of values.

    ``number_formats`` maps a 0-based column to an Excel number format; ``widths`` gives column
    widths in characters. ``after`` names the sheet it is placed after when it is created.
    ``print_setup`` says how it prints and ``charts`` are native charts placed on it, for the
    adapters that can write them (see :mod:`ratingbook.workbook.port.presentation`).
    """

    name: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[object]]
    number_formats: Mapping[int, str] = field(default_factory=dict)
    widths: Mapping[int, float] = field(default_factory=dict)
    after: str | None = None
    print_setup: PrintSetup | None = None
    charts: tuple[LineChart, ...] = ()
    #: 0-based columns whose cells are centred (short numbers and codes beside a name, so
    #: that a printed list never runs a rank into a name).
    centred: frozenset[int] = frozenset()
    #: A sheet for ratingbook alone (the undo store): hidden, so that it is neither seen nor
    #: printed (Excel prints no hidden sheet).
    hidden: bool = False
    #: 0-based rows (of :attr:`rows`) and columns kept out of sight and out of print: a
    #: progress sheet's room for players, games and weeks still to come, whose cells its charts
    #: read at fixed places (:mod:`ratingbook.workbook.sheets.charts`). Printed, they were pages
    #: of empty grid (issue 34); a chart over them plots hidden cells
    #: (:attr:`~ratingbook.workbook.port.presentation.LineChart.plots_hidden`).
    hidden_rows: frozenset[int] = frozenset()
    hidden_columns: frozenset[int] = frozenset()
    #: What the sheet's columns measured (alignments, indents, widths), kept: a back end asks
    #: for each several times, and each reads up to a thousand rows per column.
    _measured: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def grid(self) -> Grid:
        return [list(self.header), *(list(r) for r in self.rows)]

    def alignments(self) -> tuple[str, ...]:
        """Each column's alignment, its header's and its cells' alike
        (:func:`~ratingbook.workbook.port.presentation.column_alignments`)."""
        found = self._measured.get("alignments")
        if found is None:
            found = self._measured["alignments"] = column_alignments(
                self.header, self.rows, self.centred
            )
        return found

    def indented(self) -> frozenset[int]:
        """The columns indented away from a number on their left
        (:func:`~ratingbook.workbook.port.presentation.indented_columns`)."""
        found = self._measured.get("indented")
        if found is None:
            found = self._measured["indented"] = self._indented()
        return found

    def _indented(self) -> frozenset[int]:
        aligned = self.alignments()
        beside = indented_columns(aligned)
        if self.print_setup is None or not self.print_setup.repeat_columns:
            return beside
        # Split across pages wide, a page may start beside the repeated columns: where they
        # are laid out (their widths without that indent; it adds a column's few units).
        widths = table_widths(self.header, self.rows, self.widths, self.print_setup, beside)
        laid = self.printed(widths)
        repeated = laid.repeat_columns if laid is not None else 0
        return beside | indented_columns(aligned, repeated)

    def column_widths(self) -> list[float]:
        """Each column's width, as every back end writes it
        (:func:`~ratingbook.workbook.port.presentation.table_widths`): a new list each time."""
        found = self._measured.get("widths")
        if found is None:
            found = self._measured["widths"] = table_widths(
                self.header, self.rows, self.widths, self.print_setup, self.indented()
            )
        return list(found)

    def printed(self, widths: Sequence[float]) -> PrintSetup | None:
        """How the sheet prints, its orientation and fit chosen for its columns ``widths`` and
        its rows, those hidden left out
        (:meth:`~ratingbook.workbook.port.presentation.PrintSetup.laid_out`)."""
        if self.print_setup is None:
            return None
        shown = [w for c, w in enumerate(widths) if c not in self.hidden_columns]
        setup = self.print_setup.laid_out(shown, len(self.rows) + 1 - len(self.hidden_rows))
        # A table with no row under its header (an Event Log before the first change): nothing
        # to print. A sheet of charts or prose (no grid) prints what it shows.
        empty = not self.rows and setup.grid and not self.charts
        return replace(setup, empty=True) if empty else setup


class Pending(Protocol):
    """FIDE mode's part of a plan, the one part that waits for the run's confirmation: the log's
    new rows carry it (:mod:`ratingbook.workbook.plans.fide_plan` makes it; the session finishes
    it)."""

    @property
    def asks(self) -> tuple[Act, ...]:
        """The acts of level 3 or 4 to confirm; empty when none waits."""
        ...

    @property
    def confirmed(self) -> str:
        """The book's own confirmation of ``asks`` (its ``Confirm`` setting), or ""."""
        ...

    @property
    def logged(self) -> tuple[LoggedChange, ...]:
        """The changes this run logs."""
        ...

    @property
    def warnings(self) -> tuple[str, ...]:
        """The warnings found besides ``asks`` (said with any question or refusal)."""
        ...

    @property
    def in_book(self) -> str:
        """How to confirm ``asks`` where nobody can be asked (xlwings Server and Lite, a run
        from code)."""
        ...

    def finish(self, confirmation: str) -> tuple[GeneratedSheet, ...]:
        """The ``Event Log`` and ``Event State`` sheets, the new rows confirmed by
        ``confirmation`` (the text logged)."""
        ...


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything a run will write, computed before anything is written.

    ``pending`` is set when the run planned an event that keeps a log: the session asks for its
    confirmations and adds the sheets it finishes (a plan is written only once finished).
    ``act`` names what the run does where no event log records it ("New week", "Pairing round
    3", "Players update"): the session keeps it for undo under that name; "" for a run that
    only recalculates.
    """

    blocks: tuple[WriteBlock, ...] = ()
    sheets: tuple[GeneratedSheet, ...] = ()
    summary: tuple[str, ...] = ()
    pending: Pending | None = None
    act: str = ""
    truncated: tuple[tuple[str, int], ...] = ()
    """Sheets cut short after the blocks are written: (sheet, the rows whose values it keeps).
    Undo of an act that appended rows takes their values and the tables' ranges away
    (:meth:`Book.truncate`), and with :attr:`looks` the cells the act made."""
    looks: tuple[SheetLooks, ...] = ()
    """Formats given back once the blocks are written and the sheets cut short (an undo, a
    redo: :meth:`Book.give_looks`)."""


class Book(Protocol):
    """The few things the workbook logic needs from a spreadsheet library."""

    def sheet_names(self) -> list[str]:
        """The names of the worksheets, in order."""
        ...

    def read_values(self, sheet: str) -> Grid:
        """The sheet's used range from A1 as rows of plain values, in one call."""
        ...

    def write_values(self, block: WriteBlock) -> None:
        """Write one block in one call; strings are written as text, never as formulas."""
        ...

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        """Create the sheet (after ``sheet.after``) or clear it, then write its grid in one call."""
        ...

    def truncate(self, sheet: str, rows: int) -> None:
        """Keep the values of only the first ``rows`` rows of ``sheet``: every value below
        goes, and an Excel table's range over them ends at ``rows`` (never above its first
        data row, :func:`~ratingbook.workbook.port.table_growth.shrunk_tables`). A cell below
        keeps its format, as Excel's Clear Contents leaves it: the cells an act made go when
        its undo gives them no format (:meth:`give_looks`), and a row left with no cell and no
        height of its own goes with them."""
        ...

    def row_heights(self, sheet: str, rows: Sequence[int]) -> dict[int, float | None]:
        """The height in points of each of ``rows`` (1-based) of ``sheet`` that has one of its
        own, None for a row of the sheet's default height; a row whose height the book cannot
        tell is left out (xlwings, which writes none: :attr:`WriteBlock.heights`). What an
        act's undo gives the rows the act made taller or shorter."""
        ...

    def looks(self, sheet: str, rows: Sequence[int] | None) -> SheetLooks | None:
        """The formats of ``sheet``'s cells in ``rows`` (1-based), each cell that is there
        (a place holding no cell is left out); None for ``rows``: every cell of the sheet, each
        row's height and the sheet's layout too. None when the book cannot tell (xlwings, whose
        Excel keeps a cell's format whatever is written: :mod:`~ratingbook.workbook.port.looks`).
        What an act's undo and redo give back."""
        ...

    def give_looks(self, looks: SheetLooks) -> None:
        """Give ``looks`` back to its sheet (:class:`~ratingbook.workbook.port.looks.SheetLooks`:
        each cell's format, each row's height, the layout); a book that reads none gives none."""
        ...


class FileBook(Book, Protocol):
    """A :class:`Book` that is a file: it can be saved, and says what saving would lose.

    ``uncarried`` names the parts of the original file that a save does not carry over (charts,
    images, ...); empty when nothing is lost. :meth:`refuse_in_place` raises
    :class:`~ratingbook.errors.UnsafeWorkbookError` when overwriting the original would lose
    them.
    """

    uncarried: list[str]

    def save(self, target: str | os.PathLike[str]) -> None:
        """Save to ``target`` atomically (a temporary file in its folder, then a rename)."""
        ...

    def refuse_in_place(self) -> None:
        """Raise if rewriting the original file would lose some of its parts."""
        ...


def finished(plan: Plan, confirmation: str) -> Plan:
    """``plan`` with its pending part written out (confirmed by ``confirmation``, the text the
    log keeps; "" when nothing asked for one): the plan that may be applied."""
    if plan.pending is None:
        return plan
    return replace(plan, sheets=(*plan.sheets, *plan.pending.finish(confirmation)), pending=None)


def apply_plan(book: Book, plan: Plan) -> None:
    """Write every block and generated sheet of ``plan`` into ``book`` (a finished plan: one
    whose log part waits for a confirmation is a bug here, never written half)."""
    if plan.pending is not None:
        raise TypeError("a plan whose Event Log waits for its confirmation cannot be written")
    for block in plan.blocks:
        book.write_values(block)
    for name, rows in plan.truncated:
        book.truncate(name, rows)
    for looks in plan.looks:
        book.give_looks(looks)
    for sheet in plan.sheets:
        book.replace_sheet(sheet)


def check_finite(plan: Plan) -> None:
    """Refuse a plan holding NaN or infinity before anything is written (a bug, never input)."""
    for grid in [*(b.values for b in plan.blocks), *(s.rows for s in plan.sheets)]:
        for line in grid:
            for value in line:
                if isinstance(value, float) and not math.isfinite(value):
                    raise ValueError(f"refusing to write the non-finite number {value!r}")
