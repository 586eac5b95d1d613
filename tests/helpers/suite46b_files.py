"""Inputs the file and workbook tests share, built once for the run instead of once a test,
and one sheet read back without loading the whole book.

A template's bytes are the same on every call (``templates.template_bytes`` says so, and
tests/templates checks it byte for byte against the committed files), so a test that starts
from a template writes its own copy of bytes built once: the book it works on is the one it
built before, without building it again (0.05 to 0.2 s of CPU a template, the template's own
recalc included, measured on the 2-core machine).

A full ``openpyxl.load_workbook`` parses every sheet and binds every cell's style; a test
that reads values only needs the read-only load of :func:`sheet_grid` and :func:`book_grids`.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import openpyxl

from ratingbook import templates


@functools.cache
def template_bytes(kind: str) -> bytes:
    """``templates.template_bytes(kind)``, built the first time it is asked for."""
    return templates.template_bytes(kind)


def write_template(kind: str, path: Path) -> Path:
    """The ``kind`` template at ``path``, as ``ratingbook template KIND -o PATH`` writes it."""
    path.write_bytes(template_bytes(kind))
    return path


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
