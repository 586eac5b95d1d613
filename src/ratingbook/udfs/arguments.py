"""How a worksheet function reads Excel's arguments (:mod:`ratingbook.udfs`): a range as rows
or as its non-blank cells, a rating, K, a whole number, a score; and how it hands a number back.

A range argument can arrive as a single value (one cell), a flat list (one row or one column) or
a list of rows, depending on its shape and the runtime; all three are accepted. A bad argument
raises :class:`~ratingbook.errors.RatingbookError` with the bad value quoted, which Excel shows as
the cell's error. The bounds of each value are :mod:`ratingbook.core.cells`'.
"""

from __future__ import annotations

from fractions import Fraction

from ratingbook.core import cells
from ratingbook.errors import RatingbookError
from ratingbook.ratings import elo

__all__ = [
    "as_cells",
    "as_k",
    "as_rating",
    "as_rows",
    "as_score",
    "as_whole",
    "excel_number",
    "reworded",
]


def as_rows(value: object) -> list[list[object]]:
    """A range argument as rows: one cell -> [[v]], a flat list -> one row, rows stay rows."""
    if isinstance(value, list | tuple):
        if not value:
            return []
        if all(isinstance(line, list | tuple) for line in value):
            return [list(line) for line in value]
        return [list(value)]
    return [[value]]


def as_cells(value: object) -> list[object]:
    """Every non-blank cell of a range argument, row by row."""
    return [cell for line in as_rows(value) for cell in line if not cells.is_blank(cell)]


def as_rating(value: object, name: str) -> int | float:
    """A rating: 1613, 1613.0 (-> 1613), or the text "1613", within cells.RATING."""
    return cells.number(value, what="a rating", name=name, bounds=cells.RATING)


def as_k(value: object, default: int | None = None) -> int | float:
    """Elo's K, within cells.K_FACTOR; an empty argument is ``default`` when there is one."""
    if default is not None and cells.is_blank(value):
        return default
    return cells.number(value, what="K", name="k", bounds=cells.K_FACTOR)


def as_whole(
    value: object, name: str, low: int | None = None, bounds: cells.Bounds | None = None
) -> int:
    """A whole number (Excel passes 4 as 4.0), of at least ``low`` if given."""
    what = f"a whole number of at least {low}" if low is not None else "a whole number"
    return cells.whole_number(value, what=what, name=name, low=low, bounds=bounds)


def as_score(value: object, name: str = "score") -> Fraction:
    """A player's score 1, ½ or 0: a number, "½", "1/2", or a result such as 1-0, (½-½), 0-1."""
    return cells.score(value, name=name, results=True)


def reworded(error: RatingbookError, prefix: str) -> RatingbookError:
    """The same error, its message starting with where it was (``games row 3, White``)."""
    return type(error)(f"{prefix}: {error.problem}")


def excel_number(value: elo.Number) -> int | float:
    """A number as Excel should get it: whole numbers as int, others as float."""
    if isinstance(value, int):
        return value
    return int(value) if value == int(value) else float(value)
