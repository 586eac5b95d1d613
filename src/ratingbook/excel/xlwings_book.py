"""The xlwings adapter: :class:`XlwingsBook`, the Book interface over any ``xlwings.Book``.

Desktop Excel (Windows COM, macOS AppleScript) and the JSON ("remote") engine that xlwings Server
(Office.js, Office Scripts, Google Apps Script) and xlwings Lite hand to a script. The workbook
logic is the same one the file back ends run, so a button click and ``ratingbook recalc`` write
the same ratings.

Calls to Excel do not grow with the number of rows: each sheet is read in one call (its used
range), each result block is written in one call, and a generated sheet costs one write plus a
fixed number of formatting calls.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import math
import numbers
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

import xlwings as xw

from ratingbook.core.cells import EXCEL_ERRORS
from ratingbook.core.refs import column_letter
from ratingbook.core.tables import Grid, trim_grid
from ratingbook.errors import RatingbookError
from ratingbook.workbook.port.book import (
    KEEP,
    Formula,
    GeneratedSheet,
    Plan,
    WriteBlock,
    apply_plan,
)
from ratingbook.workbook.port.looks import SheetLooks
from ratingbook.workbook.port.table_growth import (
    TableArea,
    grown_tables,
    shrunk_tables,
    written_extent,
)

__all__ = ["INTERNAL_NOTE", "REMOTE", "XlwingsBook", "excel_text"]

# The JSON engine's name in xlwings (xlwings Server and xlwings Lite).
REMOTE = "remote"

#: What a sheet for ratingbook alone (Event State, Event History) says on the JSON engine, at
#: the end of its header row, since there it cannot be hidden. xlwings 0.37.8 does queue a
#: ``setSheetVisibility`` action for ``Sheet.visible = False``, but none of its clients knows
#: it (xlwings Server's Office.js client, the Google Apps Script and VBA clients xlwings ships:
#: none has a handler), and a client meeting an unknown action aborts mid-run, half written.
#: So the sheet is placed last and says what it is; hidden by hand, it stays hidden.
INTERNAL_NOTE = (
    "ratingbook's own record, read by ratingbook alone: do not edit, sort or delete it. "
    "Hide it if you like (right-click its tab > Hide): ratingbook keeps writing it hidden."
)

# Text Excel would take for something else when it is written as a cell value (COM Range.Value,
# AppleScript and Office.js range.values all parse a string as if typed): "=..." "+..." "-..."
# "@..." become formulas, "007" a number, "1/2" or "June 5" a date, "TRUE" a boolean, "#N/A" an
# error. Excel's text prefix, a leading apostrophe, keeps such a string as text; Excel neither
# shows nor stores the apostrophe as part of the value (xlwings issue #1269: "use an apostrophe").
_MONTH_DATE = re.compile(
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s,./-]*\d", re.IGNORECASE
)
_EXCEL_WORDS = frozenset({"true", "false"})


def excel_text(text: str) -> str:
    """``text`` as it must be written so that Excel stores exactly that text.

    Text that starts with anything but a letter (``=``, ``+``, ``-``, ``@``, a digit, ``(``,
    ``#``, ...), the words TRUE/FALSE and month-name dates get Excel's text prefix ``'``; other
    text (names, headers) is written unchanged.

    >>> excel_text('=HYPERLINK("http://x")')
    '\\'=HYPERLINK("http://x")'
    >>> excel_text("Ann")
    'Ann'
    """
    if not text:
        return text
    if (
        not text[0].isalpha()
        or text.casefold() in _EXCEL_WORDS
        or _MONTH_DATE.match(text) is not None
    ):
        return "'" + text
    return text


def _value_out(value: object) -> object:
    """A computed value as xlwings should write it: text as text, never NaN."""
    if value is None or isinstance(value, bool | int | _dt.date | _dt.time):
        return value
    if isinstance(value, Formula):  # Excel takes "=..." written as a value for a formula
        return f"={value.text}"
    if isinstance(value, str):
        return excel_text(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            # A bug upstream, never bad input: refuse rather than write NaN (the JSON clients
            # cannot even parse it) or an empty cell that would look like a rating.
            raise ValueError(f"refusing to write the non-finite number {value!r} to Excel")
        return value
    if isinstance(value, numbers.Real):  # Fraction, Decimal: Excel holds doubles
        return _value_out(float(value))
    raise TypeError(f"cannot write a {type(value).__name__} to Excel: {value!r}")


def _value_in(value: object) -> object:
    """A cell value as read, in the form the openpyxl adapter gives (1500.0 -> 1500)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _kept_value(original: object, formula: object) -> object:
    """What to write into a KEEP cell so that it ends up as it was.

    One write call covers the whole block, so a KEEP cell is rewritten with what it held: its
    formula when the engine could read formulas (desktop Excel), else the value read. An Excel
    error value read as ``"#N/A"`` is written as typed, so Excel turns it back into the error.
    """
    if isinstance(formula, str) and formula.startswith("=") and formula != original:
        # A formula (text that merely starts with "=" reads back equal to its "formula").
        return formula
    if isinstance(original, str) and original.strip().upper() in EXCEL_ERRORS:
        return original
    return _value_out(original)


def _anchored_at_a1(values: Sequence[Sequence[object]], row: int, column: int) -> Grid:
    """Pad a used range that starts at (row, column) so that grid[0][0] is cell A1.

    Desktop Excel's used range starts at the first used row and column (e.g. B3:D9 when A1:A2
    and row 1-2 are empty); the JSON engine's always starts at A1.
    """
    lead = [None] * (column - 1)
    return [[] for _ in range(row - 1)] + [[*lead, *line] for line in values]


def _reshaped(raw: object, nrows: int, ncols: int) -> list[list[object]] | None:
    """A formula read as a scalar, a flat list or rows, as ``nrows`` x ``ncols``; None if unsure."""
    if nrows == 1 and ncols == 1 and not isinstance(raw, list | tuple):
        return [[raw]]
    if not isinstance(raw, list | tuple):
        return None
    if all(isinstance(line, list | tuple) for line in raw):
        rows = [list(line) for line in raw]
    elif nrows == 1 or ncols == 1:
        flat = list(raw)
        rows = [flat] if nrows == 1 else [[v] for v in flat]
    else:
        return None
    if len(rows) != nrows or any(len(line) != ncols for line in rows):
        return None
    return rows


class XlwingsBook:
    """An ``xlwings.Book`` seen through the :class:`ratingbook.workbook.port.book.Book`
    interface."""

    def __init__(self, book: xw.Book) -> None:
        self.book = book
        self.remote = book.app.engine.name == REMOTE
        self._grids: dict[str, Grid] = {}
        self._active: str | None = None

    # --- Book interface ------------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def read_values(self, sheet: str) -> Grid:
        used = self.book.sheets[sheet].used_range
        # ndim=2: a 1x1 used range would read as a scalar. err_to_str: Excel errors arrive as
        # "#N/A" etc. (as from openpyxl), so a bad cell is reported as what it is, not as empty.
        values = used.options(ndim=2, err_to_str=True).value
        grid = trim_grid(
            [
                [_value_in(v) for v in line]
                for line in _anchored_at_a1(values, used.row, used.column)
            ]
        )
        self._grids[sheet.casefold()] = grid
        return [list(line) for line in grid]

    def write_values(self, block: WriteBlock) -> None:
        if block.widths and not self.remote:  # a block may be widths alone (no values)
            _widen(self.book.sheets[block.sheet], block)
        width = max((len(line) for line in block.values), default=0)
        if width == 0:
            return
        nrows = len(block.values)
        values = [list(line) + [KEEP] * (width - len(line)) for line in block.values]
        ws = self.book.sheets[block.sheet]
        if any(v is KEEP for line in values for v in line):
            original = self._original(block.sheet, block.row, block.column, nrows, width)
            formulas = self._formulas(ws, block.row, block.column, nrows, width)
            out = [
                [
                    _kept_value(original[r][c], formulas[r][c] if formulas else None)
                    if v is KEEP
                    else _value_out(v)
                    for c, v in enumerate(line)
                ]
                for r, line in enumerate(values)
            ]
        else:
            out = [[_value_out(v) for v in line] for line in values]
        ws.range((block.row, block.column)).value = out
        if not self.remote:
            _grow_tables(ws, block)

    def truncate(self, sheet: str, rows: int) -> None:
        ws = self.book.sheets[sheet]
        used = ws.used_range
        last = used.row + used.rows.count - 1
        if last > rows:  # cleared, as a replaced sheet is: the cells keep their formats
            ws.range((rows + 1, 1), (last, used.column + used.columns.count - 1)).clear_contents()
        self._grids.pop(sheet.casefold(), None)
        if not self.remote:  # the JSON engine cannot resize a table (see _grow_tables)
            _shrink_tables(ws, rows)

    def row_heights(self, sheet: str, rows: Sequence[int]) -> dict[int, float | None]:
        # No engine here writes a row's height (WriteBlock.heights): an act run in Excel
        # changes none, and its undo leaves every row's as it is.
        return {}

    def looks(self, sheet: str, rows: Sequence[int] | None) -> SheetLooks | None:
        # Excel keeps a cell's format whatever ratingbook writes into it or clears (truncate:
        # Clear Contents): an act run here changes none, and its undo has none to give back.
        return None

    def give_looks(self, looks: SheetLooks) -> None:
        """Nothing to give: see :meth:`looks` (an act kept by a file back end and undone in
        Excel leaves the cells' formats as they are)."""

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        existing = {ws.name.casefold(): ws for ws in self.book.sheets}
        ws = existing.get(sheet.name.casefold())
        if ws is not None:
            ws.clear_contents()
        else:
            anchor = existing.get(sheet.after.casefold()) if sheet.after else None
            if sheet.hidden and self.remote:
                anchor = None  # unhidden here (INTERNAL_NOTE): out of the way, last
            if not self.remote and self._active is None:
                # Desktop Excel activates a sheet it adds; the user's sheet is restored after.
                self._active = self.book.sheets.active.name
            # Always with a position: without one, desktop Excel inserts before the active
            # sheet and the JSON engine appends at the end.
            ws = self.book.sheets.add(
                sheet.name, after=anchor if anchor is not None else self.book.sheets[-1]
            )
        lines: list[list[object]] = [list(sheet.header), *(list(row) for row in sheet.rows)]
        if sheet.hidden and self.remote:  # beyond the columns ratingbook reads back
            lines[0].append(INTERNAL_NOTE)
        width = max(len(line) for line in lines)
        grid = [[_value_out(v) for v in line] + [None] * (width - len(line)) for line in lines]
        ws.range((1, 1)).value = grid
        self._format(ws, sheet, nrows=len(sheet.rows), ncols=width)
        if sheet.hidden and not self.remote:  # the JSON engine's cannot: see INTERNAL_NOTE
            ws.visible = False

    # --- applying a plan -----------------------------------------------------------------------

    def apply(self, plan: Plan) -> None:
        """Write ``plan``; on desktop Excel, without screen flicker and on the user's sheet."""
        with self._quiet_screen():
            try:
                apply_plan(self, plan)
            finally:
                if self._active is not None:
                    self.book.sheets[self._active].activate()
                    self._active = None

    @contextlib.contextmanager
    def _quiet_screen(self) -> Iterator[None]:
        if self.remote:
            # Older Office.js, Office Scripts and Google Sheets clients don't know the
            # screen-updating action, and an unknown action aborts the client mid-run.
            yield
            return
        app = self.book.app
        before = app.screen_updating
        app.screen_updating = False
        try:
            yield
        finally:
            app.screen_updating = before

    # --- helpers -------------------------------------------------------------------------------

    def _original(self, sheet: str, row: int, column: int, nrows: int, ncols: int) -> Grid:
        """The values read from the block's cells (None beyond the used range)."""
        grid = self._grids.get(sheet.casefold())
        if grid is None:
            self.read_values(sheet)
            grid = self._grids[sheet.casefold()]
        rows: Grid = []
        for r in range(row - 1, row - 1 + nrows):
            line = grid[r] if r < len(grid) else []
            rows.append(
                [line[c] if c < len(line) else None for c in range(column - 1, column - 1 + ncols)]
            )
        return rows

    def _formulas(
        self, ws: xw.Sheet, row: int, column: int, nrows: int, ncols: int
    ) -> list[list[object]] | None:
        """The block's formulas in one read, where the engine can read them synchronously.

        The JSON engine cannot (its clients send values only), so there a KEEP cell holding a
        formula is rewritten with its value.
        """
        if self.remote:
            return None
        rng = ws.range((row, column), (row + nrows - 1, column + ncols - 1))
        try:
            raw = rng.formula
        except NotImplementedError:
            return None
        return _reshaped(raw, nrows, ncols)

    def _format(self, ws: xw.Sheet, sheet: GeneratedSheet, *, nrows: int, ncols: int) -> None:
        """Number formats per column, a bold header and column widths: a fixed number of calls.

        On the JSON engine only number formats and autofit are sent: every xlwings Server client
        (Office.js, Office Scripts, Google Apps Script) and Lite knows those, while bold fonts and
        column widths are unknown to older clients, which abort on an unknown action.
        """
        if nrows:
            for column, number_format in sorted(sheet.number_formats.items()):
                if column < ncols:
                    cells = ws.range((2, column + 1), (nrows + 1, column + 1))
                    _tolerated(setattr, cells, "number_format", number_format)
        if self.remote:
            _tolerated(ws.range((1, 1), (nrows + 1, ncols)).columns.autofit)
            return
        _tolerated(setattr, ws.range((1, 1), (1, ncols)).font, "bold", True)
        for column in range(ncols):
            title = str(sheet.header[column]) if column < len(sheet.header) else ""
            width = sheet.widths.get(column, max(10.0, len(title) + 2.0))
            cell = ws.range((1, column + 1))
            _tolerated(setattr, cell, "column_width", width)
        _hide(ws, sheet, nrows=nrows, ncols=ncols)


def _widen(ws: xw.Sheet, block: WriteBlock) -> None:
    """Desktop Excel: each column of :attr:`WriteBlock.widths` (an input sheet's names) widened
    to its width where it is narrower, never narrowed, as the file back ends do (issue 34: a
    camper's long name printed cut): two calls a column (``Range.column_width`` read, then
    set), for the few columns a block names. Not on the JSON engine: none of the clients
    xlwings 0.37.8 ships (``js/xlwings.js``, ``addin/Remote.bas``) handles its
    ``setColumnWidth`` action, a client aborts on an unknown action, and the width cannot be
    read there to leave a wider column alone; its sheets keep their widths."""
    for column, width in block.widths:
        cell = ws.range((1, column))
        try:
            current = cell.column_width
        except (NotImplementedError, AttributeError):
            return  # an engine that cannot read a width cannot widen without narrowing
        if not isinstance(current, int | float) or current < width:
            _tolerated(setattr, cell, "column_width", width)


def _hide(ws: xw.Sheet, sheet: GeneratedSheet, *, nrows: int, ncols: int) -> None:
    """Desktop Excel: the sheet's rows and columns shown, then those it keeps out of sight and
    print hidden (:attr:`GeneratedSheet.hidden_rows`, ``hidden_columns``), a few calls: one per
    run of at most :data:`_AREAS` ranges. Not on the JSON engine, whose clients know no action
    to hide a row (xlwings 0.37.8 queues ``setRowHidden``; none of its clients handles it, and a
    client aborts on an unknown action): there a sheet keeps the rows and columns it has hidden,
    and its charts still read them (they plot hidden cells)."""
    rows = sorted(r + 2 for r in sheet.hidden_rows if r < nrows)
    columns = sorted(c + 1 for c in sheet.hidden_columns if c < ncols)
    _tolerated(setattr, ws.range((1, 1), (nrows + 1, 1)).rows, "hidden", False)
    _tolerated(setattr, ws.range((1, 1), (1, ncols)).columns, "hidden", False)
    for areas in _areas(rows, lambda first, last: f"A{first}:A{last}"):
        _tolerated(setattr, ws.range(areas).rows, "hidden", True)
    letter = column_letter
    for areas in _areas(columns, lambda first, last: f"{letter(first)}1:{letter(last)}1"):
        _tolerated(setattr, ws.range(areas).columns, "hidden", True)


#: The ranges one address names at most (Excel's Range() takes an address of up to 255
#: characters).
_AREAS = 12


def _areas(numbers: Sequence[int], address: Callable[[int, int], str]) -> list[str]:
    """``numbers`` (sorted) as runs of consecutive numbers, each written by ``address``, joined
    by commas :data:`_AREAS` at a time: the addresses of multi-area ranges."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    named = [address(first, last) for first, last in runs]
    return [",".join(named[i : i + _AREAS]) for i in range(0, len(named), _AREAS)]


def _tolerated(call: Callable[..., object], *args: object) -> None:
    """Run a formatting call; an engine that cannot do it (NotImplementedError; AttributeError:
    xlwings on macOS has no ``row_hidden``) just skips it."""
    try:
        call(*args)
    except RatingbookError:
        raise
    except (NotImplementedError, AttributeError):
        pass


def _table_areas(ws: xw.Sheet) -> dict[str, tuple[xw.main.Table, TableArea]]:
    """The sheet's tables (ListObjects) and their areas; none on an engine without tables."""
    try:
        found = list(ws.tables)
    except NotImplementedError:  # an engine without tables: nothing to resize
        return {}
    tables: dict[str, tuple[xw.main.Table, TableArea]] = {}
    for table in found:
        rng = table.range
        if rng is None:
            continue
        last = rng.last_cell
        totals = 1 if table.show_totals else 0
        area = TableArea(table.name, rng.row, rng.column, last.row, last.column, totals)
        tables[area.name] = (table, area)
    return tables


def _shrink_tables(ws: xw.Sheet, rows: int) -> None:
    """Desktop Excel: the tables that reached below row ``rows`` end there (``ListObject.
    Resize``), by :func:`~ratingbook.workbook.port.table_growth.shrunk_tables`."""
    tables = _table_areas(ws)
    for name, bottom in shrunk_tables([area for _, area in tables.values()], rows).items():
        table, area = tables[name]
        _tolerated(table.resize, ws.range((area.top, area.left), (bottom, area.right)))


def _grow_tables(ws: xw.Sheet, block: WriteBlock) -> None:
    """Desktop Excel: the tables (ListObjects) ``block`` extends downward are resized over its
    rows (``ListObject.Resize``), by :mod:`ratingbook.workbook.port.table_growth`'s rule.

    Read after the write, so a table Excel already extended is resized no further. Not on the
    JSON engine: its Office.js client answers ``resizeTable`` with "NotImplemented" and aborts
    the run, so there the rows are written under the table and the table keeps its range.
    """
    if written_extent(block) is None:
        return
    tables = _table_areas(ws)
    grown = grown_tables([area for _, area in tables.values()], [block])
    for name, bottom in grown.items():
        table, area = tables[name]
        _tolerated(table.resize, ws.range((area.top, area.left), (bottom, area.right)))


if TYPE_CHECKING:  # mypy proves here that this adapter implements the interface
    from ratingbook.workbook.port.book import Book as _Interface

    _CONFORMS: type[_Interface] = XlwingsBook
