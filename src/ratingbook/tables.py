"""Sheet schemas: a sheet's grid of values -> a header row -> typed rows that know their Excel row.

A *grid* is a sheet's used range as a list of rows of plain Python values, starting at cell A1
(so grid[r][c] is Excel row r + 1, column c + 1). Both adapters (openpyxl and xlwings) produce
grids; nothing here knows which library is on the other side.

Columns are found by their header, in any order; case and surrounding spaces are ignored and
extra columns are left alone. The header row is the first row (among the first
:data:`HEADER_SEARCH_ROWS`) that holds every required header, so a title above the table is fine.
Rows whose table cells are all empty are skipped.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from ratingbook.errors import InvalidValueError, Location, MissingColumnError

__all__ = [
    "HEADER_SEARCH_ROWS",
    "Column",
    "Grid",
    "Row",
    "Table",
    "TableSpec",
    "Uncalculated",
    "column_letter",
    "flag",
    "header_key",
    "read_table",
    "text",
    "trim_grid",
    "whole_number",
]

Grid = list[list[object]]


class Uncalculated(str):
    """A formula cell whose value was never calculated (the file was not saved by Excel).

    Adapters put one in a grid instead of a silent empty value; reading it is an error.
    """

    __slots__ = ()


# A title or a note above a table is common; more than this many rows above it is not.
HEADER_SEARCH_ROWS = 20

# What Excel shows for a cell holding an error; both adapters hand them over as these strings.
EXCEL_ERRORS = frozenset(
    {
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CALC!",
        "#FIELD!",
        "#BLOCKED!",
        "#CONNECT!",
        "#BUSY!",
        "#UNKNOWN!",
    }
)


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


def column_letter(index: int) -> str:
    """Excel's name of the 1-based column ``index``: 1 -> A, 27 -> AA."""
    letters = ""
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def header_key(value: object) -> str:
    """How headers are compared: case-insensitive, inner runs of spaces as one, ends trimmed."""
    return " ".join(str(value).split()).casefold() if value is not None else ""


@dataclass(frozen=True, slots=True)
class Column:
    """A column a table reads or writes, by its header (and other spellings it may have)."""

    name: str
    required: bool = True
    aliases: tuple[str, ...] = ()

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


def _is_blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


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


def read_table(grid: Grid, spec: TableSpec) -> Table:
    """Find the header, map fields to columns and collect the non-empty rows below it."""
    header, found = _find_header(grid, spec)
    letters = {name: column_letter(c + 1) for name, c in found.items()}
    rows: list[Row] = []
    for r in range(header + 1, len(grid)):
        line = grid[r]
        values = {name: (line[c] if c < len(line) else None) for name, c in found.items()}
        if all(_is_blank(v) for v in values.values()):
            continue
        rows.append(Row(values, Location(sheet=spec.sheet, row=r + 1, columns=letters)))
    return Table(
        sheet=spec.sheet,
        header_row=header + 1,
        columns={name: c + 1 for name, c in found.items()},
        rows=tuple(rows),
        letters=letters,
    )


# --- typed cell readers -----------------------------------------------------------------------


def _describe(value: object) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return "is empty"
    return f"{value!r}"


def _reject_special(value: object, where: Location | None, column: str, what: str) -> None:
    # NaN and infinity: Excel cannot hold them, but a file can (python-calamine reads <v>NaN</v>
    # as nan and a 400-digit number as inf; openpyxl reads <v>1e999</v> as inf). Decided here,
    # once, for every adapter: an input error at the cell, never a player called "nan".
    if isinstance(value, float) and not math.isfinite(value):
        problem = "is not a number" if math.isnan(value) else "is too large"
        raise InvalidValueError(f"{value!r} {problem}; expected {what}", where, column)
    if isinstance(value, Uncalculated):
        raise InvalidValueError(
            f"holds the formula {str(value)!r} whose value was never calculated; open the file "
            "in Excel and save it, or type the value",
            where,
            column,
        )
    if isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS:
        raise InvalidValueError(
            f"holds the Excel error {value.strip()!r} where {what} belongs", where, column
        )
    if isinstance(value, _dt.date | _dt.time | _dt.timedelta):
        raise InvalidValueError(
            f"holds the date/time {value!s} where {what} belongs "
            "(is the cell formatted as a date?)",
            where,
            column,
        )
    if isinstance(value, bool):
        raise InvalidValueError(f"holds {value!r} where {what} belongs", where, column)


def _too_large(number: int | float | Decimal) -> bool:
    """Beyond what any spreadsheet cell holds (Excel's numbers are doubles): such a number only
    comes from text, and could not be written back."""
    try:
        return not math.isfinite(float(number))  # a huge Decimal gives inf, a huge int raises
    except OverflowError:
        return True


def whole_number(
    value: object, where: Location | None, column: str, what: str = "a whole number"
) -> int:
    """A whole number: 1200, 1200.0 or the text "1200"; anything else is an error at its cell."""
    _reject_special(value, where, column, what)
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidValueError(f"is empty; expected {what}", where, column)
    number: float | int | Decimal
    if isinstance(value, int):
        if _too_large(value):
            raise InvalidValueError(f"{value!r} is too large; expected {what}", where, column)
        return value
    if isinstance(value, float | Decimal):
        number = value
    elif isinstance(value, str):
        try:
            number = Decimal(value.strip())
        except ArithmeticError:
            raise InvalidValueError(
                f"{value!r} is not a number; expected {what}", where, column
            ) from None
    else:
        raise InvalidValueError(f"{value!r} is not a number; expected {what}", where, column)
    if isinstance(number, float) and not math.isfinite(number):
        raise InvalidValueError(f"{value!r} is not a number; expected {what}", where, column)
    if isinstance(number, Decimal) and not number.is_finite():
        raise InvalidValueError(f"{value!r} is not a number; expected {what}", where, column)
    # Checked before int(): the text "1e99999999" would become a 100-million-digit integer.
    if _too_large(number):
        raise InvalidValueError(f"{value!r} is too large; expected {what}", where, column)
    if number != int(number):
        raise InvalidValueError(f"{value!r} is not a whole number; expected {what}", where, column)
    return int(number)


def text(value: object, where: Location | None, column: str, *, required: bool = True) -> str:
    """A piece of text with its ends trimmed; numbers are taken as their digits (ID 7 -> "7")."""
    _reject_special(value, where, column, "text")
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise InvalidValueError("is empty", where, column)
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())


_TRUE = frozenset({"true", "yes", "y", "x", "1", "-1", "active", "✓", "✔"})
_FALSE = frozenset({"false", "no", "n", "0", "", "inactive"})


def flag(value: object, where: Location | None, column: str) -> bool:
    """A yes/no cell: TRUE/FALSE, Yes/No, Y/N, 1/0 (Access stores Yes as -1), x; empty is No."""
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    if isinstance(value, Uncalculated):
        # LibreOffice stores TRUE/FALSE cells as the formulas =TRUE() and =FALSE().
        constant = "".join(value.split()).upper()
        if constant in ("=TRUE()", "=FALSE()"):
            return constant == "=TRUE()"
    _reject_special(value, where, column, "yes or no")
    if isinstance(value, int | float) and value in (0, 1, -1):
        return bool(value)
    if isinstance(value, str):
        key = value.strip().casefold()
        if key in _TRUE:
            return True
        if key in _FALSE:
            return False
    raise InvalidValueError(
        f"{value!r} is not yes or no (use TRUE/FALSE, Yes/No or 1/0)", where, column
    )
