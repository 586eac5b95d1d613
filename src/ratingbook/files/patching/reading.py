"""What a cell reads as: calamine's values cleaned up, plus what calamine cannot see.

Everything that decides the Python value a read cell gives lives here: whole floats become
ints and empty strings None (as openpyxl gives them), Excel error cells and formulas never
calculated (which calamine reports as empty) are found in the sheet's XML, pending writes are
laid over the file's values; and which cells are read at all: a sheet is read no further than
its table reaches, so stray far cells cost nothing (see :func:`read_sheet`).
"""

from __future__ import annotations

import datetime as _dt
import io
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ratingbook.core.cells import Uncalculated
from ratingbook.core.refs import column_letter
from ratingbook.core.tables import HEADER_SEARCH_ROWS, Grid
from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.xmltext import (
    attributes,
    check_xml,
    decode_part,
    set_attribute,
    unescape,
)
from ratingbook.files.ooxml.zipread import PackageZip
from ratingbook.files.ooxml.zipwrite import replaced_copy
from ratingbook.files.patching.walker import (
    SheetExtent,
    SheetXml,
    check_inline_strings,
    sheet_extent,
    translate_formula,
)
from ratingbook.workbook.port.book import KEEP, WriteBlock, read_back

if TYPE_CHECKING:
    from python_calamine import CalamineWorkbook

# A sheet part bigger than this once unpacked is refused before it is parsed: a camp's or a
# club's sheets are a few MB (50,000 games are 7 MB).
MAX_SHEET_BYTES = 256 << 20
# A dense grid from A1 to the last cell is read as it is up to this many cells, or up to 4
# cells per cell present; beyond, stray far cells would make it huge, and the sheet is read
# bounded by its table (see read_sheet).
DENSE_FLOOR = 1_000_000
DENSE_PER_CELL = 4
# A compact copy wider than this (rows x columns) is refused rather than read.
MAX_DENSE = 20_000_000

_HAS_FORMULA = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")
_HAS_ERROR = _ERROR_TEXT = re.compile(r"\st\s*=\s*[\"']e[\"']")


def special_cells(sheet: SheetXml, trusted: bool = True) -> dict[tuple[int, int], object]:
    """Error cells and never-calculated formulas of a sheet, which calamine reads as empty.

    Returns {(row, column): value}: the error text (``"#N/A"``) or an :class:`Uncalculated`
    holding the formula. Where the file does not vouch for its formulas' stored values
    (``trusted`` False, see :mod:`~ratingbook.files.ooxml.trust`), every formula is Uncalculated.
    """
    if not (_HAS_FORMULA.search(sheet.body) or _HAS_ERROR.search(sheet.body)):
        return {}
    patterns = sheet.patterns
    p = patterns.p
    markers = (f"<{p}f>", f"<{p}f ", f"<{p}f/")
    found: dict[tuple[int, int], object] = {}
    masters: dict[str, tuple[str, str]] = {}
    for row, _, _, _, inside, _ in sheet.rows():
        if not inside or not (any(m in inside for m in markers) or _ERROR_TEXT.search(inside)):
            continue
        for column, _, _, attrs_text, content, _ in sheet.cells(inside):
            if content is None:
                continue
            attrs = attributes(attrs_text)
            kind = attrs.get("t", "n")
            value = patterns.value.search(content)
            cached = value.group(1) if value else None
            formula = patterns.formula.search(content)
            if kind == "e" and (trusted or formula is None):
                if cached:
                    found[row, column] = unescape(cached).strip()
                continue
            if formula is None:
                continue
            ref = f"{column_letter(column)}{row}"
            f_attrs = attributes(formula.group(1))
            text = unescape(formula.group(2) or "")
            if f_attrs.get("t") == "shared" and "si" in f_attrs:
                if "ref" in f_attrs and text:
                    masters[f_attrs["si"]] = (text, ref)
                elif not text and f_attrs["si"] in masters:
                    # Only shown in a message (a formula never calculated): where openpyxl
                    # cannot translate it, the master's own text says which formula it is.
                    master = masters[f_attrs["si"]]
                    text = translate_formula(*master, ref) or master[0]
            has_value = value is not None and (bool(cached) or kind in ("str", "inlineStr"))
            if not (has_value and trusted) and kind != "inlineStr":
                found[row, column] = Uncalculated(f"={text}")
    return found


def overlay(grid: Grid, block: WriteBlock) -> None:
    """Lay a pending write ``block`` over ``grid`` (KEEP cells stay as they are)."""
    for r, line in enumerate(block.values):
        row_index = block.row - 1 + r
        for c, value in enumerate(line):
            if value is KEEP:
                continue
            while len(grid) <= row_index:
                grid.append([])
            row = grid[row_index]
            if not row:  # maybe the one empty list standing for every blank row: never grown
                row = grid[row_index] = []
            column = block.column - 1 + c
            if len(row) <= column:
                row.extend([None] * (column + 1 - len(row)))
            row[column] = read_back(value)


_EXACT_FLOATS = float(1 << 53)


def plain_values(raw: Sequence[Sequence[object]]) -> Grid:
    """calamine's rows as the values openpyxl gives: None for empty, int for whole numbers."""
    grid: Grid = []
    date, datetime, combine, midnight = _dt.date, _dt.datetime, _dt.datetime.combine, _dt.time()
    for line in raw:
        row: list[object] = []
        append = row.append
        for value in line:
            kind = value.__class__
            if kind is float:
                if value.is_integer() and -_EXACT_FLOATS <= value <= _EXACT_FLOATS:  # type: ignore[attr-defined,operator]
                    value = int(value)  # type: ignore[call-overload]
            elif kind is str:
                if not value:
                    value = None
            elif kind is date:
                value = combine(value, midnight)  # type: ignore[arg-type]
            elif kind is datetime:
                pass
            append(value)
        grid.append(row)
    return grid


def explain(error: BaseException) -> str:
    text = " ".join((str(error) or type(error).__name__).split())
    if "entity" in text.lower():
        return f"it contains forbidden XML ({type(error).__name__}: {text})"
    return f"{type(error).__name__}: {text}"


def open_calamine(data: bytes, name: str) -> CalamineWorkbook:
    """The workbook ``data`` opened with python-calamine.

    Imported here, not at the top: ``import ratingbook.files.patching`` must work where calamine is
    not installed (Pyodide, the runtime of xlwings Lite, which never reads through this engine).
    """
    try:
        import python_calamine
    except ImportError as error:
        raise WorkbookError(
            f"{name!r} cannot be read: the package back end needs python-calamine, which is not "
            "installed here"
        ) from error
    try:
        return python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    except python_calamine.CalamineError as error:  # ZipError, XmlError, PasswordError, ...
        raise WorkbookError(f"{name!r} cannot be read as a workbook: {explain(error)}") from error


def calamine_values(book: CalamineWorkbook, sheet: str, name: str) -> Grid:
    """Sheet ``sheet``'s values as calamine reads them, cleaned up by :func:`plain_values`."""
    from python_calamine import CalamineError

    try:
        raw = book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
    except (CalamineError, OverflowError, ValueError) as error:
        # calamine's own errors, and Python's when a duration or date cell holds a number no
        # timedelta or datetime can hold (1e20 formatted [h]:mm:ss: OverflowError).
        raise WorkbookError(
            f"{name!r}: sheet {sheet!r} cannot be read: {explain(error)}"
        ) from error
    return plain_values(raw)


def read_sheet(
    source: PackageZip,
    calamine: Callable[[], CalamineWorkbook],
    sheet: str,
    part: str,
    trusted: bool = True,
) -> Grid:
    """The values of worksheet ``sheet`` (zip member ``part``), as a grid from A1; formulas
    read as their stored values only when ``trusted`` (see :func:`special_cells`).

    calamine reads a dense grid from A1 to the last cell. Where stray far cells would make it
    huge (a note in XFD1048576), calamine is given a compact copy of the sheet instead: only
    the columns a table's header can be in (those used in the first HEADER_SEARCH_ROWS rows;
    cells beyond are in no table and are not read) and only rows holding such cells,
    renumbered; the rows are then put back where they were, every blank row between them
    being one shared empty list.
    """
    name = source.name
    size = source.size(part)
    if size > MAX_SHEET_BYTES:
        raise WorkbookError(
            f"{name!r}: sheet {sheet!r} is {size:,} bytes once unpacked, more than ratingbook "
            f"reads ({MAX_SHEET_BYTES:,})"
        )
    data = source.read(part)
    check_xml(data, part)
    xml = SheetXml.split(decode_part(data, part), part, sheet)
    extent = sheet_extent(xml, HEADER_SEARCH_ROWS)
    check_inline_strings(xml)
    budget = max(DENSE_FLOOR, DENSE_PER_CELL * extent.cells)
    width: int | None = None
    if not extent.cells:
        calamine()  # the workbook's own checks (hostile XML in its other parts) all the same
        grid = []
    elif extent.dense <= budget:
        grid = calamine_values(calamine(), sheet, name)
    else:
        calamine()  # the workbook's own checks (hostile XML in its other parts) come first
        width = _compact_width(extent, xml.label)
        compact, rows = compact_sheet(xml, width)
        copy = replaced_copy(source, part, compact.encode())
        grid = spread_rows(calamine_values(open_calamine(copy, name), sheet, name), rows)
    for (row, column), value in special_cells(xml, trusted).items():
        if width is not None and column > width:
            continue
        while len(grid) < row:
            grid.append([])
        line = grid[row - 1]
        if not line:
            line = grid[row - 1] = []
        if len(line) < column:
            line.extend([None] * (column - len(line)))
        line[column - 1] = value
    return grid


def row_heights(
    source: PackageZip, part: str, sheet: str, rows: Sequence[int]
) -> dict[int, float | None]:
    """The height in points (its ``<row>``'s ``ht``) of each of ``rows`` of worksheet ``sheet``
    (zip member ``part``), None for a row of the sheet's default height."""
    if source.size(part) > MAX_SHEET_BYTES:
        return {}  # read_sheet says why, naming the sheet
    data = source.read(part)
    check_xml(data, part)
    xml = SheetXml.split(decode_part(data, part), part, sheet)
    heights: dict[int, float | None] = dict.fromkeys(rows)
    last = max(heights, default=0)
    for number, _, _, attrs, _, _ in xml.rows():
        if number > last:
            break
        if number in heights:
            try:
                heights[number] = float(attributes(attrs)["ht"])
            except (KeyError, ValueError):
                continue  # no height of its own (or none that reads: Excel's default, too)
    return heights


def _compact_width(extent: SheetExtent, label: str) -> int:
    """The columns a compact copy keeps: those a table's header can be in (the first rows')."""
    width = max(extent.head_width, 1)
    if extent.rows * width > MAX_DENSE:
        raise WorkbookError(
            f"{label} spreads its cells over {extent.rows:,} rows and {width:,} columns, "
            f"more than ratingbook reads ({MAX_DENSE:,} cells); delete the cells far from "
            "its table"
        )
    return width


def compact_sheet(sheet: SheetXml, width: int) -> tuple[str, list[int]]:
    """A worksheet holding only ``sheet``'s cells in columns 1..``width``, its rows renumbered
    1, 2, 3...; and the original number of each row."""
    p = sheet.patterns.p
    start = re.search(rf"<{re.escape(p)}worksheet(?=[\s/>])[^>]*>", sheet.head)
    assert start is not None  # SheetXml.split found the root element
    out = [start.group(0), f"<{p}sheetData>"]
    rows: list[int] = []
    for number, _, _, _, inside, _ in sheet.rows():
        if not inside:
            continue
        kept: list[str] = []
        for column, first, end, _, _, _ in sheet.cells(inside):
            if column > width:
                break
            element = inside[first:end]
            tag_end = element.index(">") + 1
            ref = f"{column_letter(column)}{len(rows) + 1}"
            kept.append(set_attribute(element[:tag_end], "r", ref) + element[tag_end:])
        if kept:
            rows.append(number)
            out.append(f'<{p}row r="{len(rows)}">{"".join(kept)}</{p}row>')
    out.append(f"</{p}sheetData></{p}worksheet>")
    return "".join(out), rows


def spread_rows(compact: Grid, rows: Sequence[int]) -> Grid:
    """The rows of a compact grid put back at their original row numbers."""
    blank: list[object] = []  # every blank row is this one list: callers never grow it
    grid: Grid = []
    for index, number in enumerate(rows):
        if len(grid) < number - 1:
            grid.extend([blank] * (number - 1 - len(grid)))
        grid.append(compact[index] if index < len(compact) else [])
    return grid
