"""The openpyxl adapter: .xlsx/.xlsm files on disk, read safely and written atomically.

:class:`OpenpyxlBook` implements :class:`ratingbook.workbook.port.book.Book` over an openpyxl
workbook in
memory; :class:`XlsxBook` is that book loaded from a file, and implements
:class:`ratingbook.workbook.port.book.FileBook`. Safety first:

- defusedxml must be active, so openpyxl refuses hostile XML (entity expansion, external entities);
- the file is checked before openpyxl sees it: a zip (not an encrypted/OLE file or something else),
  not a zip bomb, not missing its workbook part;
- text is always written as text: a name like ``=HYPERLINK(...)`` never becomes a formula;
- saving goes to a temporary file in the target's folder, then replaces the target atomically;
- parts openpyxl cannot carry over (shapes, charts it cannot read, slicers, a pivot table's
  conditional formatting, ...) are detected, so the caller can refuse to overwrite a book that
  would lose them; the charts, pictures and pivot tables openpyxl reads are written back, and
  are not counted lost.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import openpyxl
from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter
from openpyxl.workbook.properties import CalcProperties

from ratingbook.core.cells import Uncalculated
from ratingbook.core.refs import MAX_ROW
from ratingbook.core.tables import Grid, trim_grid
from ratingbook.errors import UnsafeWorkbookError, WorkbookError
from ratingbook.files.disk import (
    MACRO_SUFFIXES,
    MAX_UNCOMPRESSED,
    atomic_save,
    check_package,
    check_save_target,
)
from ratingbook.files.ooxml.trust import file_vouches
from ratingbook.files.rewriting.openpyxl_charts import load_workbook, without_text_property_runs
from ratingbook.files.rewriting.openpyxl_looks import give_looks, read_looks
from ratingbook.files.rewriting.openpyxl_losses import drawing_losses, pivot_table_losses
from ratingbook.files.rewriting.openpyxl_presentation import (
    add_charts,
    apply_print_setup,
    apply_title,
    book_font,
    column_style,
    load_keeping_print_areas,
    print_titles_columns_first,
    set_value_axes,
)
from ratingbook.files.rewriting.openpyxl_rows import rows_done_once
from ratingbook.workbook.port.book import KEEP, Formula, GeneratedSheet, WriteBlock, points
from ratingbook.workbook.port.looks import SheetLooks
from ratingbook.workbook.port.presentation import (
    INDENT,
    LEFT,
    LINE_HEIGHT,
    header_height,
    row_lines,
)
from ratingbook.workbook.port.sentences import sentence_cells
from ratingbook.workbook.port.table_growth import (
    grown_tables,
    parse_area,
    shrunk_tables,
    with_bottom,
)

__all__ = ["MAX_GRID_CELLS", "MAX_UNCOMPRESSED", "OpenpyxlBook", "XlsxBook", "check_package"]

#: The most cells (rows x columns, from A1) a sheet's grid may span on this engine: 50 million,
#: far above a 50,000-game history (about 750,000) and far below a stray note at XFD1048576.
MAX_GRID_CELLS = 50_000_000

#: What openpyxl raises when it loads a broken package (seen in the hostile-file tests and in
#: fuzzing attributes and elements of every part): its ValueErrors (defusedxml's refusals among
#: them), XML parse errors (SyntaxError), a descriptor's TypeError for an attribute of the wrong
#: kind, KeyError for a missing part or relationship, and the zip and file errors. Only
#: openpyxl's code runs inside the load, so none of these is a bug of ours; anything else is
#: a bug and surfaces as one.
_BROKEN_PACKAGE = (
    ValueError,
    SyntaxError,
    TypeError,
    KeyError,
    OSError,
    EOFError,
    zipfile.BadZipFile,
    zlib.error,
)

# A sheet's row element, with or without a namespace prefix (<row ...>, <x:row/>; not <rowBreaks>).
_ROW_START = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,40}:)?row[\s/>]")
_SCAN_PIECE = 1 << 20


def _refuse_impossible_rows(path: Path) -> None:
    """Refuse a sheet part holding more row elements than a sheet has rows (1,048,576).

    No spreadsheet program writes one; a small file can (5 million ``<row r="1"/>`` pack into
    120 KB and pass the zip-bomb checks), and openpyxl would build an object for every one
    (tens of seconds, hundreds of MB) before anything could be said. The parts are streamed and
    counted, which stops at the limit. A package zipfile cannot inflate is left to openpyxl,
    which reports it.
    """
    try:
        with zipfile.ZipFile(path) as package:
            for info in package.infolist():
                name = info.filename
                if info.flag_bits & 0x1 or not (
                    name.startswith("xl/worksheets/") and name.endswith(".xml")
                ):
                    continue  # an encrypted member is openpyxl's to refuse
                rows, tail = 0, b""
                with package.open(info) as part:
                    while piece := part.read(_SCAN_PIECE):
                        text = tail + piece
                        last = 0
                        for match in _ROW_START.finditer(text):
                            rows += 1
                            last = match.end()
                        if rows > MAX_ROW:
                            raise WorkbookError(
                                f"{str(path)!r} is damaged: its sheet part {name!r} holds more "
                                f"than {MAX_ROW:,} rows, the most a sheet can have"
                            )
                        # Keep the end of the piece (after the last match) for a tag cut in two.
                        tail = text[max(last, len(text) - 64) :]
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError):
        return


def _require_defusedxml() -> None:
    if not openpyxl.DEFUSEDXML:
        raise WorkbookError(
            "defusedxml is not active for openpyxl (is it installed, and OPENPYXL_DEFUSEDXML not "
            "set to False?); refusing to read workbooks without protection against hostile XML"
        )


class OpenpyxlBook:
    """An openpyxl workbook in memory, seen through the :class:`~ratingbook.workbook.port.book.Book`
    interface.

    With no file behind it there are no cached formula values: a formula cell reads as
    :class:`~ratingbook.core.tables.Uncalculated`. :class:`XlsxBook` adds the file.
    """

    #: Whether the charts it builds read the whole room kept for games to come, not only the
    #: games played: a template's do (:class:`~ratingbook.templates.writer.TemplateBook`).
    chart_room = False

    def __init__(self, workbook: Any) -> None:
        self.workbook = workbook

    # --- Book interface ------------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        # Chart sheets are not worksheets; they hold no cells to read.
        return [ws.title for ws in self.workbook.worksheets]

    def read_values(self, sheet: str) -> Grid:
        ws = self.workbook[sheet]
        # Only as far as the last cell holding a value: a formatted but empty cell a million rows
        # down must not make us build a million rows (ws.iter_rows walks the used range).
        last_row = last_column = 0
        formulas: list[tuple[int, int]] = []
        for (row, column), cell in ws._cells.items():  # openpyxl keeps its cells in this dict
            if cell.value is not None:
                last_row = max(last_row, row)
                last_column = max(last_column, column)
                if cell.data_type == "f":  # also array and data-table formulas
                    formulas.append((row, column))
        if last_row * last_column > MAX_GRID_CELLS:
            # The grid is dense from A1: one note at XFD1048576 would be 17 billion cells. The
            # package back end reads only what the tables use; this back end cannot (issue 10).
            raise WorkbookError(
                f"sheet {sheet!r} holds a value at {get_column_letter(last_column)}{last_row}, "
                "far from its table, and --backend openpyxl reads every cell up to there; delete "
                "the cells far from the table, or use the default back end (package)"
            )
        grid: Grid = (
            [
                list(row)
                for row in ws.iter_rows(
                    min_row=1,
                    max_row=last_row,
                    min_col=1,
                    max_col=last_column,
                    values_only=True,
                )
            ]
            if last_row
            else []
        )
        if formulas:
            self._use_cached_values(sheet, grid, formulas)
        return trim_grid(grid)

    def write_values(self, block: WriteBlock) -> None:
        ws = self.workbook[block.sheet]
        styles: dict[int, Any] = {}
        for r, line in enumerate(block.values):
            for c, value in enumerate(line):
                if value is KEEP:
                    continue
                column = block.column + c
                new = (block.row + r, column) not in ws._cells
                cell = ws.cell(row=block.row + r, column=column)
                if new:  # a new cell takes its column's style, as in Excel
                    if column not in styles:
                        styles[column] = column_style(ws, column)
                    if styles[column] is not None:
                        cell._style = copy.copy(styles[column])
                _set(cell, value)
        for r, height in enumerate(block.heights):
            if height is not None:  # UNSIZED: no height of its own (openpyxl's None)
                ws.row_dimensions[block.row + r].height = points(height)
        if block.page_title is not None:
            apply_title(ws, block.page_title)
        for column, width in block.widths:
            _widen(ws, column, width)
        if block.value_axes and not self.chart_room:  # a template's leave it to the viewer
            set_value_axes(ws, block.value_axes)
        # Excel tables the block extends downward grow over the new rows (table_growth's rule).
        tables = {table.name: table for table in ws.tables.values()}
        areas = [
            parse_area(name, table.ref or "", max(table.totalsRowCount or 0, 0))
            for name, table in tables.items()
        ]
        known = [area for area in areas if area is not None]
        for name, bottom in grown_tables(known, [block]).items():
            table = tables[name]
            table.ref = with_bottom(table.ref, bottom)
            if table.autoFilter is not None and table.autoFilter.ref:
                table.autoFilter.ref = with_bottom(table.autoFilter.ref, bottom)

    def row_heights(self, sheet: str, rows: Sequence[int]) -> dict[int, float | None]:
        dimensions = self.workbook[sheet].row_dimensions  # a row asked for is not added
        heights = {r: dimensions[r].height if r in dimensions else None for r in rows}
        return {r: None if h is None else float(h) for r, h in heights.items()}

    def truncate(self, sheet: str, rows: int) -> None:
        # The values below go; a cell with a format of its own stays, empty, as Excel's Clear
        # Contents leaves it (an undo takes the cells its act made away: give_looks). Each
        # row keeps its height: one the plan's blocks gave a row below stays (the port's rule).
        ws = self.workbook[sheet]
        for where in [where for where in ws._cells if where[0] > rows]:
            cell = ws._cells[where]
            if cell.has_style:
                cell.value = None
            else:
                del ws._cells[where]
        # openpyxl moves no table over deleted rows: the ranges shrink by table_growth's rule.
        tables = {table.name: table for table in ws.tables.values()}
        areas = [
            parse_area(name, table.ref or "", max(table.totalsRowCount or 0, 0))
            for name, table in tables.items()
        ]
        for name, bottom in shrunk_tables([a for a in areas if a is not None], rows).items():
            table = tables[name]
            table.ref = with_bottom(table.ref, bottom)
            if table.autoFilter is not None and table.autoFilter.ref:
                table.autoFilter.ref = with_bottom(table.autoFilter.ref, bottom)

    def looks(self, sheet: str, rows: Sequence[int] | None) -> SheetLooks | None:
        return read_looks(self.workbook[sheet], rows)

    def give_looks(self, looks: SheetLooks) -> None:
        give_looks(self.workbook[looks.sheet], looks)

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        wb = self.workbook
        existing = {ws.title.casefold(): ws for ws in wb.worksheets}
        old = existing.get(sheet.name.casefold())
        if old is not None:
            index = wb.index(old)
            wb.remove(old)
        elif sheet.after is not None and sheet.after.casefold() in existing:
            index = wb.index(existing[sheet.after.casefold()]) + 1
        else:
            index = len(wb.sheetnames)
        ws = wb.create_sheet(sheet.name, index)
        if sheet.hidden:
            ws.sheet_state = "hidden"
        widths = sheet.column_widths()
        setup = sheet.printed(widths)
        size = setup.font_size if setup is not None else 0
        # Each column's header and cells aligned alike (presentation.column_alignments).
        wrapped = setup.wrapped if setup is not None else frozenset()
        # a row of wrapped sentences is tall: its other cells start at the top, beside them
        indented = sheet.indented()
        shrunk = setup.shrunk if setup is not None else frozenset()
        aligned = [
            Alignment(
                horizontal=a,
                vertical="top" if wrapped else None,
                wrap_text=c in wrapped or None,
                indent=INDENT if c in indented else 0,
                # a long text printed whole on one line, in smaller type (PrintSetup.shrunk)
                shrink_to_fit=c in shrunk or None,
            )
            for c, a in enumerate(sheet.alignments())
        ]
        bold = book_font(wb, bold=True, size=size)
        # A long header wraps onto a few lines (presentation.HEADER_LINES), its row that tall.
        header_tall = header_height(sheet.header, widths, setup)
        for c, title in enumerate(sheet.header, start=1):
            cell = ws.cell(row=1, column=c)
            _set(cell, title)
            cell.font = bold
            align = aligned[c - 1]
            if c - 1 in shrunk:  # a header never shrinks: it wraps (HEADER_LINES) if long
                align = Alignment(horizontal=align.horizontal, vertical=align.vertical)
            cell.alignment = (
                Alignment(horizontal=align.horizontal, wrap_text=True, indent=align.indent)
                if header_tall
                else align
            )
        if header_tall:
            ws.row_dimensions[1].height = header_tall
        font = book_font(wb, size=size) if size else None
        for r, values in enumerate(sheet.rows, start=2):
            for c, value in enumerate(values, start=1):
                if value is not None:
                    cell = ws.cell(row=r, column=c)
                    _set(cell, value)
                    cell.alignment = aligned[c - 1]
                    if font is not None:
                        cell.font = font
        for c, number_format in sheet.number_formats.items():
            for r in range(2, len(sheet.rows) + 2):
                ws.cell(row=r, column=c + 1).number_format = number_format
        for c, width in enumerate(widths):
            ws.column_dimensions[get_column_letter(c + 1)].width = width
            # The column carries its cells' style: a cell written below later (an archive's
            # next week) or typed there lines up with those above (as generated.py writes it).
            if c < len(aligned):
                dimension = ws.column_dimensions[get_column_letter(c + 1)]
                dimension.alignment = aligned[c]
                if font is not None:
                    dimension.font = font
                if c in sheet.number_formats:
                    dimension.number_format = sheet.number_formats[c]
            if c in sheet.hidden_columns:
                ws.column_dimensions[get_column_letter(c + 1)].hidden = True
        for r in sheet.hidden_rows:
            ws.row_dimensions[r + 2].hidden = True
        if wrapped:  # Excel grows no row for wrapped text: each row gets its height
            for r, values in enumerate(sheet.rows, start=2):
                height = LINE_HEIGHT * row_lines(values, widths, wrapped)
                ws.row_dimensions[r].height = height
        for sentence in sentence_cells(sheet.rows, widths, setup):  # merged across the table
            cell = ws.cell(row=sentence.row, column=sentence.first + 1)
            cell.alignment = Alignment(horizontal=LEFT, vertical="top", wrap_text=True)
            ws.merge_cells(sentence.ref())
            ws.row_dimensions[sentence.row].height = sentence.height
        if setup is not None:  # a section's heading: its name, bold, running on from the left
            for r in setup.heading_rows():
                cell = ws.cell(row=r, column=1)
                cell.font = bold
                cell.alignment = Alignment(horizontal=LEFT)
        ws.freeze_panes = "A2"
        if setup is not None:
            apply_print_setup(ws, setup)
        if sheet.charts:
            add_charts(ws, sheet.charts, room=self.chart_room)

    def _use_cached_values(self, sheet: str, grid: Grid, formulas: list[tuple[int, int]]) -> None:
        """Formula cells (row, column) of ``grid``: no cached values in memory, so Uncalculated."""
        for row, column in formulas:
            grid[row - 1][column - 1] = Uncalculated(_formula_text(grid[row - 1][column - 1]))


class XlsxBook(OpenpyxlBook):
    """A workbook file loaded with openpyxl: a :class:`~ratingbook.workbook.port.book.FileBook`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        _require_defusedxml()
        self.path = Path(path)
        self.uncarried = check_package(self.path)
        _refuse_impossible_rows(self.path)
        self.keep_vba = self.path.suffix.lower() in MACRO_SUFFIXES
        self._values_book: Any = None
        try:
            workbook = load_keeping_print_areas(
                lambda: load_workbook(self.path, keep_vba=self.keep_vba)
            )
        except WorkbookError:
            raise
        except _BROKEN_PACKAGE as error:
            raise WorkbookError(
                f"{str(self.path)!r} cannot be read as a workbook: {_explain(error)}"
            ) from error
        without_text_property_runs(workbook)
        self.uncarried = [
            *pivot_table_losses(self.path, workbook),
            *self.uncarried,
            *drawing_losses(self.path, workbook),
        ]
        super().__init__(workbook)

    # --- saving --------------------------------------------------------------------------------

    def save(self, target: str | os.PathLike[str]) -> None:
        """Save to ``target`` atomically: a temporary file in its folder, then a rename."""
        path = check_save_target(target, self.path, self.keep_vba)
        # A read-only values book keeps the input file open; close it before replacing files.
        if self._values_book is not None:
            self._values_book.close()
            self._values_book = None
        # openpyxl keeps no cached formula values, and Excel does not recompute a book it last
        # saved itself: without this, a formula over the new ratings would show a stale value.
        if self.workbook.calculation is None:
            self.workbook.calculation = CalcProperties()
        self.workbook.calculation.fullCalcOnLoad = True
        print_titles_columns_first(self.workbook)

        def write(temporary: str) -> None:
            with rows_done_once():  # the same bytes, each kind of row without cells written once
                self.workbook.save(temporary)

        atomic_save(path, write)

    def refuse_in_place(self) -> None:
        """Raise :class:`UnsafeWorkbookError` if rewriting the file would lose some of its parts."""
        if self.uncarried:
            raise UnsafeWorkbookError(
                f"{str(self.path)!r} contains {', '.join(self.uncarried)}, which cannot be carried "
                "over when the file is rewritten; refusing --in-place (write a copy with -o and "
                "copy the ratings, or run Recalc Ratings from Excel)"
            )

    # --- cached values of formulas -------------------------------------------------------------

    @functools.cached_property
    def _file_vouches(self) -> bool:
        return file_vouches(self.path)

    def _use_cached_values(self, sheet: str, grid: Grid, formulas: list[tuple[int, int]]) -> None:
        """Replace the formula cells (row, column) of ``grid`` by the values Excel cached,
        where the file vouches for them (:mod:`ratingbook.files.ooxml.trust`)."""
        if not self._file_vouches:
            super()._use_cached_values(sheet, grid, formulas)
            return
        if self._values_book is None:
            try:
                self._values_book = openpyxl.load_workbook(
                    self.path, read_only=True, data_only=True, keep_links=False
                )
            except _BROKEN_PACKAGE as error:
                raise WorkbookError(
                    f"{str(self.path)!r} cannot be read as a workbook: {_explain(error)}"
                ) from error
        cached = self._values_book[sheet]
        # Read-only sheets trust the file's <dimension>, which some programs leave at "A1":
        # forget it, or every cached value past A1 reads as missing.
        cached.reset_dimensions()
        values = [[_cached_value(cell) for cell in row] for row in cached.iter_rows()]
        for row, column in formulas:
            r, c = row - 1, column - 1
            new = values[r][c] if r < len(values) and c < len(values[r]) else None
            grid[r][c] = Uncalculated(_formula_text(grid[r][c])) if new is None else new


def _cached_value(cell: Any) -> object:
    """A read-only cell's cached value. openpyxl reads an empty ``<v></v>`` as None, the same as
    no ``<v>`` at all; but ``t="str"`` says a spreadsheet program calculated text, here ``""``
    (``=IF(B9="","",...)``), which is an empty cell, not a formula never calculated."""
    value = cell.value
    return "" if value is None and cell.data_type == "str" else value


def _formula_text(value: object) -> str:
    text = getattr(value, "text", value)
    return str(text)


def _set(cell: Any, value: object) -> None:
    """Write ``value``; text is stored as text even when it starts with = + - or @."""
    if isinstance(value, Formula):
        cell.value = f"={value.text}"
        return
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"


def _explain(error: BaseException) -> str:
    # openpyxl wraps what went wrong (defusedxml's EntitiesForbidden among others) in a
    # multi-line ValueError of its own: look down the chain, and keep the message on one line.
    chain: list[BaseException] = []
    cause: BaseException | None = error
    while cause is not None and cause not in chain:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    for link in chain:
        text = " ".join((str(link) or type(link).__name__).split())
        if "entit" in text.lower() or type(link).__module__.startswith("defusedxml"):
            return f"it contains forbidden XML ({type(link).__name__}: {text})"
    return f"{type(error).__name__}: {' '.join((str(error) or type(error).__name__).split())}"


if TYPE_CHECKING:  # mypy proves here that this adapter implements the interface
    from ratingbook.workbook.port.book import FileBook as _Interface

    _CONFORMS: type[_Interface] = XlsxBook


def _widen(ws: Any, column: int, width: float) -> None:
    """Column ``column`` of ``ws`` at least ``width`` wide (:attr:`WriteBlock.widths`), never
    narrowed: a column openpyxl read as part of a range sizing several is split from it."""
    letter = get_column_letter(column)
    dimensions = ws.column_dimensions
    for key, each in list(dimensions.items()):
        low, high = each.min or 0, each.max or 0
        if low <= column <= high and low < high:
            del dimensions[key]
            for a, b in ((low, column - 1), (column, column), (column + 1, high)):
                if a <= b:
                    part = copy.copy(each)
                    part.index, part.min, part.max = get_column_letter(a), a, b
                    dimensions[part.index] = part
            break
    found = dimensions[letter]
    if not found.width or found.width < width:
        found.width = width
