"""Tables in a grid: a sheet's values -> its header row -> rows that know their Excel row.

This module alone decides how a table is found in a sheet (which row is the header, which column
holds each field, which rows are data) and how cells are named in messages (Excel row numbers,
column letters). A *grid* is a sheet's used range as a list of rows of plain Python values,
starting at cell A1 (so grid[r][c] is Excel row r + 1, column c + 1). Every adapter produces
grids; nothing here knows which library is on the other side.

Columns are found by their header, in any order; case and surrounding spaces are ignored and
extra columns are left alone. The header row is the first row (among the first
:data:`HEADER_SEARCH_ROWS`) that holds every required header, so a title above the table is fine.
Rows whose table cells are all empty are skipped. Which tables a book has is schemas.py's, what
a cell's value means is cells.py's.

Every row's :class:`~ratingbook.errors.Location` knows each found column's letter and its header
as the sheet spells it, under the column's name (for the workbook's own row readers) and under
its field's key (:mod:`ratingbook.core.fields`, for the rules), so a message names the column
as the user sees it: ``column C (Score)`` for a result column headed ``Score``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.core import fields
from ratingbook.core.cells import is_blank
from ratingbook.core.refs import column_letter
from ratingbook.errors import Location, MissingColumnError

__all__ = [
    "HEADER_SEARCH_ROWS",
    "Column",
    "Grid",
    "Row",
    "Table",
    "TableSpec",
    "column_places",
    "header_key",
    "read_table",
    "trim_grid",
]

Grid = list[list[object]]


# A title or a note above a table is common; more than this many rows above it is not.
HEADER_SEARCH_ROWS = 20


def trim_grid(grid: Grid) -> Grid:
    """Drop empty rows and columns at the end (formatted but blank cells); rows may stay ragged."""
    last = len(grid)
    while last and all(v is None or v == "" for v in grid[last - 1]):
        last -= 1
    del grid[last:]
    width = 0
    for row in grid:
        for c in range(len(row) - 1, -1, -1):
            if row[c] is not None and row[c] != "":
                width = max(width, c + 1)
                break
    return [row[:width] for row in grid]


def header_key(value: object) -> str:
    """How headers are compared: case-insensitive, inner runs of spaces as one, ends trimmed."""
    return " ".join(str(value).split()).casefold() if value is not None else ""


@dataclass(frozen=True, slots=True)
class Column:
    """A column a table reads or writes, by its header (and other spellings it may have)."""

    name: str
    required: bool = True
    aliases: tuple[str, ...] = ()
    field: str | None = None
    """The key the rules report this column's mistakes by (:mod:`ratingbook.core.fields`)."""

    def header_keys(self) -> tuple[str, ...]:
        return tuple(header_key(n) for n in (self.name, *self.aliases))


@dataclass(frozen=True, slots=True)
class TableSpec:
    """The columns of one sheet's table."""

    sheet: str
    columns: tuple[Column, ...]


@dataclass(frozen=True, slots=True)
class Row:
    """One data row: its values by column name (missing optional columns absent) and location."""

    values: Mapping[str, object]
    where: Location

    def get(self, column: str) -> object:
        return self.values.get(column)


@dataclass(frozen=True, slots=True)
class Table:
    """A sheet's table: where its header is, which grid column each field is in, and its rows."""

    sheet: str
    header_row: int  # Excel row number of the header
    columns: Mapping[str, int]  # field name -> 1-based column index
    rows: tuple[Row, ...]
    letters: Mapping[str, str] = field(default_factory=dict)

    @property
    def first_data_row(self) -> int:
        return self.header_row + 1


def _find_header(grid: Grid, spec: TableSpec) -> tuple[int, dict[str, int]]:
    """The 0-based header row index and each known field's 0-based column index."""
    best: tuple[int, int, dict[str, int]] | None = None
    for r, row in enumerate(grid[:HEADER_SEARCH_ROWS]):
        found: dict[str, int] = {}
        keys = [header_key(v) for v in row]
        for column in spec.columns:
            matches = [c for c, key in enumerate(keys) if key and key in column.header_keys()]
            if len(matches) > 1:
                where = Location(sheet=spec.sheet, row=r + 1)
                letters = ", ".join(column_letter(c + 1) for c in matches)
                raise MissingColumnError(
                    f"header {column.name!r} appears in more than one column ({letters})", where
                )
            if matches:
                found[column.name] = matches[0]
        required = sum(1 for c in spec.columns if c.required and c.name in found)
        if required == sum(1 for c in spec.columns if c.required):
            return r, found
        if required and (best is None or required > best[1]):
            best = (r, required, found)
    missing_from = best[2] if best else {}
    missing = [c.name for c in spec.columns if c.required and c.name not in missing_from]
    where = Location(sheet=spec.sheet, row=best[0] + 1 if best else None)
    names = ", ".join(repr(m) for m in missing)
    raise MissingColumnError(
        f"missing column{'s' if len(missing) > 1 else ''} {names} "
        f"(headers are looked for in the first {HEADER_SEARCH_ROWS} rows)",
        where,
    )


def column_places(
    spec: TableSpec, header: Sequence[object], found: Mapping[str, int]
) -> tuple[dict[str, str], dict[str, str]]:
    """Each found column's letter and its header as ``header`` (the header row's cells) spells
    it, by the column's name and by its field's key: a :class:`Location`'s ``columns`` and
    ``headers``. ``found`` maps a column's name to its 0-based index."""
    letters: dict[str, str] = {}
    headers: dict[str, str] = {}
    for column in spec.columns:
        if column.name not in found:
            continue
        c = found[column.name]
        typed = " ".join(str(header[c]).split()) if c < len(header) else ""
        for key in filter(None, (column.name, column.field)):
            letters[key] = column_letter(c + 1)
            headers[key] = typed or column.name
    return letters, headers


def read_table(grid: Grid, spec: TableSpec) -> Table:
    """Find the header, map fields to columns and collect the non-empty rows below it."""
    header, found = _find_header(grid, spec)
    letters, headers = column_places(spec, grid[header], found)
    rows: list[Row] = []
    # A player list's Name column: an error about a row names its player too.
    named = next((c.name for c in spec.columns if c.field == fields.NAME and c.name in found), "")
    for r in range(header + 1, len(grid)):
        line = grid[r]
        if not line:  # a row with no cell read (the gap up to a far cell): nothing to collect
            continue
        values = {name: (line[c] if c < len(line) else None) for name, c in found.items()}
        if all(is_blank(v) for v in values.values()):
            continue
        who = values[named] if named else None
        where = Location(
            sheet=spec.sheet,
            row=r + 1,
            columns=letters,
            headers=headers,
            who=" ".join(who.split()) if isinstance(who, str) else "",
        )
        rows.append(Row(values, where))
    return Table(
        sheet=spec.sheet,
        header_row=header + 1,
        columns={name: c + 1 for name, c in found.items()},
        rows=tuple(rows),
        letters={name: column_letter(c + 1) for name, c in found.items()},
    )
