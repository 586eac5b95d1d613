"""Excel's column letters and cell references: ``AB12`` <-> (row 12, column 28).

Everything that decides how a cell or column is named lives here, for messages, formulas, chart
ranges and sheet XML alike; and Excel's limits (the last row and column).
"""

from __future__ import annotations

import functools
import re

from ratingbook.errors import WorkbookError

__all__ = [
    "MAX_COLUMN",
    "MAX_ROW",
    "column_letter",
    "column_number",
    "rows_below_header",
    "split_ref",
]

_CELL_REF = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)")

# Excel's limits (Excel specifications and limits): 1,048,576 rows, 16,384 columns (XFD).
MAX_ROW = 1_048_576
MAX_COLUMN = 16_384


@functools.lru_cache(maxsize=1 << 14)
def column_number(letters: str) -> int:
    """The 1-based number of column ``letters`` (``"A"`` -> 1, ``"AA"`` -> 27); any case.

    >>> column_number("AB"), column_number("xfd")
    (28, 16384)
    """
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - 64
    return column


def split_ref(ref: str) -> tuple[int, int]:
    """Row and column (1-based) of a cell reference such as ``AB12``."""
    match = _CELL_REF.fullmatch(ref.strip())
    if match is None:
        raise WorkbookError(f"unreadable cell reference {ref!r} in a sheet")
    letters, digits = match.groups()
    return int(digits), column_number(letters)


@functools.lru_cache(maxsize=1 << 14)
def column_letter(index: int) -> str:
    """Excel's name of the 1-based column ``index``.

    >>> column_letter(1), column_letter(28), column_letter(16384)
    ('A', 'AB', 'XFD')
    """
    letters = ""
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def rows_below_header(columns: int, absolute: bool = False) -> str:
    """Every row under the header of a table ``columns`` wide (``A2:H1048576``, or
    ``$A$2:$H$1048576``): an empty table's print area. A page of empty cells is left out
    (LibreOffice, Excel), and the header repeats over the rows written later, however many."""
    dollar = "$" if absolute else ""
    return f"{dollar}A{dollar}2:{dollar}{column_letter(max(columns, 1))}{dollar}{MAX_ROW}"
