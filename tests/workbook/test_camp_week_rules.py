"""The Week cell (issue 9, item 1): raised by one rolls over; lowered or jumped is refused."""

from __future__ import annotations

import pytest

from ratingbook.core.tables import read_table
from ratingbook.errors import InvalidValueError
from ratingbook.workbook.plans.camp_week import (
    last_archived_week,
    read_week,
    rolls_over,
    week_label,
    week_number,
)
from ratingbook.workbook.sheets.schemas import LADDER_SETTINGS

# (Week typed, last archived week, rolls over?) -- None: refused.
WEEK_CASES = [
    (1, 0, False),  # the first week, nothing archived
    (2, 0, True),  # raised from 1 to 2: week 1 is archived
    (3, 2, False),
    (4, 2, True),
    (5, 2, None),  # jumps a week
    (2, 2, None),  # lowered below the current week 3
    (1, 2, None),
]


@pytest.mark.parametrize(("typed", "last", "expected"), WEEK_CASES)
def test_week_cell_is_the_current_week_or_one_more(
    typed: int, last: int, expected: bool | None
) -> None:
    grid: list[list[object]] = [["Setting", "Value"], ["Camp", "Summer"], ["Week", typed]]
    cell = read_week(read_table(grid, LADDER_SETTINGS))
    assert cell is not None and (cell.row, cell.column) == (3, 2)
    if expected is None:
        with pytest.raises(InvalidValueError) as caught:
            rolls_over(cell, last)
        message = str(caught.value)
        assert "sheet 'Ladder Settings', row 3, column B (Value)" in message
        assert f"type {last + 1} to recalculate this week, or {last + 2}" in message
    else:
        assert rolls_over(cell, last) is expected


@pytest.mark.parametrize("bad", ["two", 0, 2.5, None])
def test_week_must_be_a_whole_number_of_at_least_one(bad: object) -> None:
    grid: list[list[object]] = [["Setting", "Value"], ["Week", bad]]
    with pytest.raises(InvalidValueError, match=r"row 2, column B \(Value\)"):
        read_week(read_table(grid, LADDER_SETTINGS))


def test_no_week_row_means_no_week_cell() -> None:
    assert read_week(read_table([["Setting", "Value"], ["Camp", "x"]], LADDER_SETTINGS)) is None


def test_week_labels_read_back_and_the_last_archived_week_is_the_highest() -> None:
    assert week_label(3) == "Week 3"
    assert [week_number(v) for v in ("Week 3", " week12 ", 4, "Weekly", None, True)] == [
        3,
        12,
        4,
        None,
        None,
        None,
    ]
    games = [["Week", "Archived On"], ["Week 1", None], ["Week 1", None], ["Week 2", None]]
    standings = [["Week", "Rank"], ["Week 1", 1], ["Week 3", 1]]  # week 3 had no games
    assert last_archived_week([games, standings]) == 3
    assert last_archived_week([]) == 0
