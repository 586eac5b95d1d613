"""Cells' formats and a sheet's layout, read from an openpyxl worksheet and given back to it.

Everything that decides how the openpyxl back end reads and gives back a
:class:`~ratingbook.workbook.port.looks.SheetLooks` lives here (an undo's and a redo's
formats): a cell's number format and its font, fill, border, alignment and protection as
openpyxl writes their XML, and back; a cell given none goes when it holds no value; a row's
height; the columns (``column_dimensions``), the print area and the print titles, replaced
whole. What a look's XML does not read as (another program's extension) is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection
from openpyxl.styles.fills import Fill
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.dimensions import ColumnDimension
from openpyxl.xml.functions import fromstring, tostring

from ratingbook.workbook.port.looks import Columns, Layout, Look, SheetLooks

__all__ = ["give_looks", "read_looks"]

_PRINT_AREA = "_xlnm.Print_Area"
_PRINT_TITLES = "_xlnm.Print_Titles"
#: What openpyxl raises for XML it cannot make a style of (none of it a bug of ours).
_UNREADABLE = (ValueError, SyntaxError, TypeError, KeyError, AttributeError)


def _xml(part: Any) -> str:
    tree = part.to_tree() if part is not None else None
    return "" if tree is None else str(tostring(tree).decode())


def look_of(item: Any) -> Look:
    """The format of a cell (or a column: ``ColumnDimension``) as a :class:`Look`."""
    return Look(
        str(item.number_format),
        _xml(item.font),
        _xml(item.fill),
        _xml(item.border),
        _xml(item.alignment),
        _xml(item.protection),
    )


def _give(item: Any, look: Look) -> None:
    """``item`` (a cell or a ``ColumnDimension``) in format ``look``; a part whose XML openpyxl
    cannot read is left as it is."""
    item.number_format = look.number_format
    for name, kind, default in (
        ("font", Font, Font),
        ("fill", Fill, PatternFill),
        ("border", Border, Border),
        ("alignment", Alignment, Alignment),
        ("protection", Protection, Protection),
    ):
        text = getattr(look, name)
        try:
            setattr(item, name, kind.from_tree(fromstring(text)) if text else default())
        except _UNREADABLE:
            continue


def read_looks(ws: Any, rows: Sequence[int] | None) -> SheetLooks:
    """The formats of ``ws``'s cells in ``rows`` (None: every cell, each row's height and the
    layout), as :meth:`~ratingbook.workbook.port.book.Book.looks` says."""
    wanted = None if rows is None else set(rows)
    cells = {
        (r, c): look_of(cell)
        for (r, c), cell in ws._cells.items()  # openpyxl keeps its cells in this dict
        if wanted is None or r in wanted
    }
    if wanted is not None:
        return SheetLooks(ws.title, cells)
    dimensions = ws.row_dimensions
    last = max([0, *(r for r, _ in cells), *(r for r in dimensions if dimensions[r].height)])
    heights = {r: _height(dimensions, r) for r in range(1, last + 1)}
    columns = tuple(
        Columns(
            each.min or 0,
            each.max or 0,
            float(each.width) if each.width else None,
            look_of(each) if each.has_style else None,
            bool(each.hidden),
        )
        for each in ws.column_dimensions.values()
        if each.min and each.max
    )
    area = ws.print_area or _name(ws, _PRINT_AREA)
    titles = ws.print_titles or _name(ws, _PRINT_TITLES)
    return SheetLooks(ws.title, cells, heights, Layout(columns, area or "", titles or ""))


def _height(dimensions: Any, row: int) -> float | None:
    height = dimensions[row].height if row in dimensions else None
    return None if height is None else float(height)


def _name(ws: Any, name: str) -> str:
    found = ws.defined_names.get(name)
    return str(found.attr_text) if found is not None else ""


def give_looks(ws: Any, looks: SheetLooks) -> None:
    """Give ``looks`` back to ``ws`` (:meth:`~ratingbook.workbook.port.book.Book.give_looks`)."""
    for (r, c), look in looks.cells.items():
        if look is None:
            cell = ws._cells.get((r, c))
            if cell is not None and cell.value is None:
                del ws._cells[(r, c)]  # no cell there before: it goes, format and all
            continue
        _give(ws.cell(row=r, column=c), look)
    for r, height in looks.heights.items():
        ws.row_dimensions[r].height = height
    if looks.layout is not None:
        _give_layout(ws, looks.layout)


def _give_layout(ws: Any, layout: Layout) -> None:
    dimensions = ws.column_dimensions
    for key in list(dimensions):
        del dimensions[key]
    for run in layout.columns:
        letter = get_column_letter(run.first)
        each = ColumnDimension(ws, index=letter, min=run.first, max=run.last)
        each.width = run.width or 0  # 0: the default width (openpyxl writes none)
        each.hidden = run.hidden
        if run.look is not None:
            _give(each, run.look)
        dimensions[letter] = each
    ws.print_area = None  # the defined names below say it (a whole-column area openpyxl
    ws.defined_names.pop(_PRINT_AREA, None)  # cannot parse included)
    if layout.print_area:
        ws.defined_names[_PRINT_AREA] = DefinedName(_PRINT_AREA, attr_text=layout.print_area)
    ws._print_rows = None  # openpyxl's setters take no None
    ws._print_cols = None
    ws.defined_names.pop(_PRINT_TITLES, None)
    if layout.print_titles:
        ws.defined_names[_PRINT_TITLES] = DefinedName(_PRINT_TITLES, attr_text=layout.print_titles)
