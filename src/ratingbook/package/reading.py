"""What a cell reads as: calamine's values cleaned up, plus what calamine cannot see.

Everything that decides the Python value a read cell gives lives here: whole floats become
ints and empty strings None (as openpyxl gives them), Excel error cells and formulas never
calculated (which calamine reports as empty) are found in the sheet's XML, pending writes are
laid over the file's values.
"""

from __future__ import annotations

import datetime as _dt
import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ratingbook.errors import WorkbookError
from ratingbook.package.refs import column_name
from ratingbook.package.walker import SheetXml, translate_formula
from ratingbook.package.xmltext import attributes, decode_part, refuse_dtd, unescape
from ratingbook.tables import Grid, Uncalculated
from ratingbook.workbook import KEEP, WriteBlock

if TYPE_CHECKING:
    from python_calamine import CalamineWorkbook

_HAS_FORMULA = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")
_HAS_ERROR = re.compile(rb"\st\s*=\s*[\"']e[\"']")
_ERROR_TEXT = re.compile(r"\st\s*=\s*[\"']e[\"']")


def special_cells(data: bytes, part: str) -> dict[tuple[int, int], object]:
    """Error cells and never-calculated formulas of a sheet, which calamine reads as empty.

    Returns {(row, column): value}: the error text (``"#N/A"``) or an :class:`Uncalculated`
    holding the formula.
    """
    refuse_dtd(data, part)
    if not (_HAS_FORMULA.search(data) or _HAS_ERROR.search(data)):
        return {}
    sheet = SheetXml.split(decode_part(data, part), part)
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
            if kind == "e":
                if cached:
                    found[row, column] = unescape(cached).strip()
                continue
            formula = patterns.formula.search(content)
            if formula is None:
                continue
            ref = f"{column_name(column)}{row}"
            f_attrs = attributes(formula.group(1))
            text = unescape(formula.group(2) or "")
            if f_attrs.get("t") == "shared" and "si" in f_attrs:
                if "ref" in f_attrs and text:
                    masters[f_attrs["si"]] = (text, ref)
                elif not text and f_attrs["si"] in masters:
                    text = translate_formula(*masters[f_attrs["si"]], ref)
            has_value = value is not None and (bool(cached) or kind in ("str", "inlineStr"))
            if not has_value and kind != "inlineStr":
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
            column = block.column - 1 + c
            if len(row) <= column:
                row.extend([None] * (column + 1 - len(row)))
            row[column] = value


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

    Imported here, not at the top: ``import ratingbook.package`` must work where calamine is
    not installed (Pyodide, the runtime of xlwings Lite, which never reads through this engine).
    """
    try:
        import python_calamine
    except ImportError:
        raise WorkbookError(
            f"{name!r} cannot be read: the package engine needs python-calamine, which is not "
            "installed here"
        ) from None
    try:
        return python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    except Exception as error:  # calamine raises its own errors and others
        raise WorkbookError(f"{name!r} cannot be read as a workbook: {explain(error)}") from None


def calamine_values(book: CalamineWorkbook, sheet: str, name: str) -> Grid:
    """Sheet ``sheet``'s values as calamine reads them, cleaned up by :func:`plain_values`."""
    try:
        raw = book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
    except Exception as error:
        raise WorkbookError(f"{name!r}: sheet {sheet!r} cannot be read: {explain(error)}") from None
    return plain_values(raw)
