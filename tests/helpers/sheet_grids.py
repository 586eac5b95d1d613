"""One sheet, or every sheet, read back with openpyxl's read-only mode, shaped as a full load
shapes them (for cached values too: ``data_only``). The commands' books are read back faster
still by :func:`tests.helpers.workbooks.sheet_values`, which reads formulas as their text only.

A full ``openpyxl.load_workbook`` parses every sheet and binds every cell's style; a test
that reads values only needs the read-only load of :func:`sheet_grid` and :func:`book_grids`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl


def sheet_grid(path: Path, sheet: str, *, data_only: bool = False) -> list[list[Any]]:
    """``[list(r) for r in openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True)]``
    (formulas as their text, or with ``data_only`` their cached values), reading that sheet
    alone: openpyxl's read-only mode parses only the sheet iterated and binds no styles."""
    wb = openpyxl.load_workbook(path, read_only=True, data_only=data_only)
    try:
        return _shaped(wb[sheet])
    finally:
        wb.close()


def book_grids(path: Path, *, data_only: bool = False) -> dict[str, list[list[Any]]]:
    """Every sheet's :func:`sheet_grid`, by title in the book's order, from one read-only load."""
    wb = openpyxl.load_workbook(path, read_only=True, data_only=data_only)
    try:
        return {ws.title: _shaped(ws) for ws in wb.worksheets}
    finally:
        wb.close()


def _shaped(ws: Any) -> list[list[Any]]:
    """A read-only sheet's rows shaped as a full load shapes them. Read-only rows follow the
    file's ``<dimension>``, which a file may misstate (a full load ignores it); so it is set
    aside, and the grid runs from A1 to the last row and column holding a cell, every row as
    wide (no rows at all for a sheet without a cell)."""
    ws.reset_dimensions()
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    while rows and not rows[-1]:
        rows.pop()
    width = max((len(r) for r in rows), default=0)
    return [r + [None] * (width - len(r)) for r in rows]
