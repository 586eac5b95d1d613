"""ratingbook.core.refs: cell references <-> (row, column), checked against Excel's naming."""

from __future__ import annotations

import pytest

from ratingbook.core.refs import column_letter, column_number, split_ref
from ratingbook.errors import WorkbookError

# (reference, row, column): Excel's columns run A..Z, AA..AZ, BA.., the last is XFD = 16,384.
REFS = [
    ("A1", 1, 1),
    ("Z9", 9, 26),
    ("AA10", 10, 27),
    ("AZ1", 1, 52),
    ("BA2", 2, 53),
    ("ZZ3", 3, 702),
    ("AAA4", 4, 703),
    ("XFD1048576", 1_048_576, 16_384),
]


@pytest.mark.parametrize(("ref", "row", "column"), REFS)
def test_references_round_trip(ref: str, row: int, column: int) -> None:
    assert split_ref(ref) == (row, column)
    assert f"{column_letter(column)}{row}" == ref
    letters = ref.rstrip("0123456789")
    assert column_number(letters) == column
    assert column_number(letters.lower()) == column


@pytest.mark.parametrize(("ref", "expected"), [("$B$3", (3, 2)), ("c7", (7, 3)), (" D4 ", (4, 4))])
def test_absolute_lowercase_and_padded_references(ref: str, expected: tuple[int, int]) -> None:
    assert split_ref(ref) == expected


@pytest.mark.parametrize("ref", ["", "A", "12", "A1:B2", "ABCD1", "R1C1"])
def test_unreadable_references_are_refused(ref: str) -> None:
    with pytest.raises(WorkbookError, match="unreadable cell reference"):
        split_ref(ref)
