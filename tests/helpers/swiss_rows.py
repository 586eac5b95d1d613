"""Helpers for the Swiss event tests: sheet-like rows with the Location a sheet would give."""

from __future__ import annotations

from collections.abc import Sequence

from ratingbook.core.refs import column_letter
from ratingbook.core.tables import Row
from ratingbook.errors import Location


def rows(sheet: str, header: Sequence[str], *data: Sequence[object]) -> list[Row]:
    """Rows as ``read_table`` gives them: header in Excel row 1, data from row 2."""
    letters = {name: column_letter(i + 1) for i, name in enumerate(header)}
    return [
        Row(dict(zip(header, values, strict=True)), Location(sheet, n, columns=letters))
        for n, values in enumerate(data, start=2)
    ]


def players(*names_and_ratings: tuple[str, int | None]) -> list[Row]:
    return rows("Swiss Players", ("Name", "Rating"), *names_and_ratings)


def games(*data: tuple[object, object, object, object, object]) -> list[Row]:
    return rows("Swiss Games", ("Round", "Board", "White", "Black", "Result"), *data)
