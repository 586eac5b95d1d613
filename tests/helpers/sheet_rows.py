"""Helpers for tests of the rules: rows and row locations as a sheet read by the workbook gives
them (each column's letter and header under its name and under its field's key)."""

from __future__ import annotations

from collections.abc import Sequence

from ratingbook.core.tables import Row, TableSpec, column_places, header_key
from ratingbook.errors import Location
from ratingbook.workbook.sheets import schemas


def spec_of(sheet: str) -> TableSpec:
    """The workbook's table of ``sheet`` (``Swiss Games``, ``Swiss Players``: the event's)."""
    for event_spec in (schemas.SWISS_EVENT_GAMES, schemas.SWISS_EVENT_PLAYERS):
        if sheet == event_spec.sheet:
            return event_spec
    (spec,) = [s for s in vars(schemas).values() if isinstance(s, TableSpec) and s.sheet == sheet]
    return spec


def place(spec: TableSpec, row: int, header: Sequence[str] | None = None) -> Location:
    """Excel row ``row`` of ``spec``'s sheet whose header row (row 1, from column A) is
    ``header`` (default: the table's columns in order), as ``read_table`` locates it."""
    header = [c.name for c in spec.columns] if header is None else list(header)
    keys = [header_key(h) for h in header]
    found = {
        column.name: keys.index(key)
        for column in spec.columns
        for key in column.header_keys()
        if key in keys
    }
    letters, headers = column_places(spec, header, found)
    return Location(spec.sheet, row, columns=letters, headers=headers)


def rows(sheet: str, header: Sequence[str], *data: Sequence[object]) -> list[Row]:
    """Rows as ``read_table`` gives them: header in Excel row 1, data from row 2."""
    spec = spec_of(sheet)
    return [
        Row(dict(zip(header, values, strict=True)), place(spec, n, header))
        for n, values in enumerate(data, start=2)
    ]


def players(*names_and_ratings: tuple[str, int | None]) -> list[Row]:
    return rows("Swiss Players", ("Name", "Rating"), *names_and_ratings)


def games(*data: tuple[object, object, object, object, object]) -> list[Row]:
    return rows("Swiss Games", ("Round", "Board", "White", "Black", "Result"), *data)
