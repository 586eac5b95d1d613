"""Excel tables (ListObjects) that grow over the rows ratingbook appends under them.

Everything that decides how an Excel table's range follows rows ratingbook writes lives here, and
every adapter calls it: the package back end (:mod:`ratingbook.files.patching.tableparts` patches
the table parts), the openpyxl back end (``ws.tables``) and xlwings (``ListObject.Resize``). The
rule, for each write block in turn:

- only the cells the block really writes count: a
  :data:`~ratingbook.workbook.port.book.KEEP` cell, or one it clears (``None`` or ``""``),
  extends nothing, so clearing rows never grows a table;
- a table grows when its columns hold every column the block writes, and the block's rows start
  inside the table or on the row right under it (last row + 1) and go past its last row: the
  Swiss pairing's new round under ``Swiss Games``, archive rows under an archive table;
- the table's top (its header row) and its columns never change; only its last row moves down,
  to the block's last written row;
- a table with a totals row (``totalsRowCount`` > 0) is left alone: its last row is the totals
  row, and rows written under it are not table data. Nothing is refused; the rows are written
  and read as before, only the table does not cover them;
- a table is never grown over another table of the same sheet (Excel refuses overlapping
  tables): it is left as it was.

Pure: no spreadsheet library is imported here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ratingbook.core.refs import column_number
from ratingbook.workbook.port.book import KEEP, WriteBlock

__all__ = [
    "TableArea",
    "grown_tables",
    "parse_area",
    "shrunk_tables",
    "with_bottom",
    "written_extent",
]

_AREA = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)(?::\$?([A-Za-z]{1,3})\$?([0-9]+))?")


@dataclass(frozen=True, slots=True)
class TableArea:
    """An Excel table's range, 1-based and inclusive, and how many totals rows it ends with."""

    name: str
    top: int
    left: int
    bottom: int
    right: int
    totals_rows: int = 0


def parse_area(name: str, ref: str, totals_rows: int = 0) -> TableArea | None:
    """The area of table ``name`` from its ``ref`` (``"A1:E13"``); None if it is unreadable."""
    match = _AREA.fullmatch(ref.strip())
    if match is None:
        return None
    left, top = column_number(match.group(1)), int(match.group(2))
    right = column_number(match.group(3)) if match.group(3) else left
    bottom = int(match.group(4)) if match.group(4) else top
    if right < left or bottom < top:
        return None
    return TableArea(name, top, left, bottom, right, totals_rows)


def with_bottom(ref: str, bottom: int) -> str:
    """``ref`` (a table's or its autoFilter's) with its last row moved to ``bottom``."""
    match = _AREA.fullmatch(ref.strip())
    if match is None:
        return ref
    right = match.group(3) or match.group(1)
    return f"{match.group(1)}{match.group(2)}:{right}{bottom}"


def written_extent(block: WriteBlock) -> tuple[int, int, int, int] | None:
    """(first row, first column, last row, last column) of the cells ``block`` writes a value
    into; None when it writes no value (only kept or cleared cells)."""
    rows: list[int] = []
    columns: list[int] = []
    for r, line in enumerate(block.values):
        for c, value in enumerate(line):
            if value is KEEP or value is None or value == "":
                continue
            rows.append(block.row + r)
            columns.append(block.column + c)
    if not rows:
        return None
    return min(rows), min(columns), max(rows), max(columns)


def _overlaps(a: TableArea, top: int, left: int, bottom: int, right: int) -> bool:
    return a.left <= right and left <= a.right and a.top <= bottom and top <= a.bottom


def grown_tables(tables: Sequence[TableArea], blocks: Iterable[WriteBlock]) -> dict[str, int]:
    """The tables of one sheet that the ``blocks`` (written in order) make grow: name -> new
    last row. Tables that keep their range are not listed."""
    areas = list(tables)
    grown: dict[str, int] = {}
    for block in blocks:
        extent = written_extent(block)
        if extent is None:
            continue
        first_row, first_column, last_row, last_column = extent
        for i, area in enumerate(areas):
            if area.totals_rows > 0:
                continue  # the totals row stays the last row: see the module docstring
            if not (area.left <= first_column and last_column <= area.right):
                continue
            if not (first_row <= area.bottom + 1 and last_row > area.bottom):
                continue
            others = (other for j, other in enumerate(areas) if j != i)
            if any(_overlaps(o, area.top, area.left, last_row, area.right) for o in others):
                continue
            areas[i] = replace(area, bottom=last_row)
            grown[area.name] = last_row
    return grown


def shrunk_tables(tables: Sequence[TableArea], rows: int) -> dict[str, int]:
    """The tables of one sheet cut short when the sheet keeps only its first ``rows`` rows
    (:meth:`~ratingbook.workbook.port.book.Book.truncate`: undo of an act that appended rows):
    name -> new last row. A table ends at ``rows``, never above its first data row (Excel keeps
    a header and one row); one wholly below ``rows`` + 1 and one with a totals row (its last
    row is the totals row, left alone as growth leaves it) keep their range, and are not
    listed."""
    shrunk: dict[str, int] = {}
    for area in tables:
        if area.totals_rows > 0 or area.bottom <= rows or area.top > rows:
            continue
        bottom = max(rows, area.top + 1)
        if bottom < area.bottom:
            shrunk[area.name] = bottom
    return shrunk
