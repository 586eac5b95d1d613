"""Cell references: ``AB12`` <-> (row 12, column 28).

Everything that decides how a cell or column is named in sheet XML lives here.
"""

from __future__ import annotations

import functools
import re

from ratingbook.core.tables import column_letter
from ratingbook.errors import WorkbookError

_CELL_REF = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)")

# Excel's limits (Excel specifications and limits): 1,048,576 rows, 16,384 columns (XFD).
MAX_ROW = 1_048_576
MAX_COLUMN = 16_384


@functools.lru_cache(maxsize=1 << 14)
def column_number(letters: str) -> int:
    """The 1-based number of column ``letters`` (``"A"`` -> 1, ``"AA"`` -> 27)."""
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
def column_name(column: int) -> str:
    """The letters of 1-based column ``column`` (28 -> ``"AB"``)."""
    return column_letter(column)
