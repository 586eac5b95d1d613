"""The camp's settings: the Week cell staff raise to start a new week, the weeks kept since,
and how the camp posts its list.

One home for the ``Ladder Settings`` rules and spellings:

- ``Ladder Settings`` holds a row ``Week`` whose Value is the week being played (1, 2, ...).
- It may hold a row ``Posted List``: ``Whole camp`` (the default, also when the row is missing
  or its Value empty) posts one list of every camper ranked on Rating; ``By group`` posts each
  group together, in Camp Groups' order, ranked within the group. Anything else is an error
  naming the cell.
- The archives (``Games Archive``: every game with both players' names; ``Weekly Standings``:
  every active player's end-of-week Rating, Permanent Rating and W/D/L) label each past week
  ``Week 1``, ``Week 2``, ... and are never cleared. The last label is the state that tells a
  raised Week cell from an unchanged one, so it lives in the workbook itself.
- With weeks 1..L archived, the Week cell must read L + 1 (the current week: recalculate) or
  L + 2 (staff raised it by one: roll the week over, then recalculate). Anything else (lower, or
  more than one up) is an error naming the cell, and nothing is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ratingbook.core.cells import whole_number
from ratingbook.core.rules import listed_twice
from ratingbook.core.tables import Grid, Table, header_key
from ratingbook.errors import InvalidValueError, Location
from ratingbook.workbook.sheets.schemas import BY_GROUP, POSTED_LIST_SETTING, WHOLE_CAMP

__all__ = [
    "WEEK_SETTING",
    "WeekCell",
    "last_archived_week",
    "read_posted_list",
    "read_week",
    "rolls_over",
    "week_label",
    "week_number",
]

WEEK_SETTING = "Week"

_LABEL = re.compile(r"week\s*(\d+)", re.IGNORECASE)


def week_label(week: int) -> str:
    """The label of a week in the archives: ``Week 3``."""
    return f"Week {week}"


def week_number(value: object) -> int | None:
    """The number of an archive label (``Week 3`` -> 3, also a bare 3); None if it is none."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    if isinstance(value, str):
        match = _LABEL.fullmatch(value.strip())
        if match:
            return int(match.group(1))
    return None


def last_archived_week(grids: Iterable[Grid]) -> int:
    """The highest week label in the first column of the archive sheets (0 when none)."""
    last = 0
    for grid in grids:
        for row in grid[1:]:
            number = week_number(row[0]) if row else None
            if number is not None:
                last = max(last, number)
    return last


@dataclass(frozen=True, slots=True)
class WeekCell:
    """The Week setting as typed: its value and where it is (for messages and for writing)."""

    week: int
    where: Location
    row: int
    column: int


def read_week(table: Table) -> WeekCell | None:
    """The ``Week`` row of the ``Ladder Settings`` table; None when there is no such row."""
    found: WeekCell | None = None
    for row in table.rows:
        if header_key(row.get("Setting")) != header_key(WEEK_SETTING):
            continue
        if found is not None:
            raise InvalidValueError(
                listed_twice("Week", what="the setting", also_row=found.row), row.where, "Setting"
            )
        week = whole_number(row.get("Value"), row.where, "Value", "a whole-number week", low=1)
        found = WeekCell(week, row.where, row.where.row or 0, table.columns["Value"])
    return found


def rolls_over(cell: WeekCell, last_archived: int) -> bool:
    """Whether the Week cell asks for a new week (True) or names the current one (False).

    Raises :class:`InvalidValueError` at the cell when it was lowered or raised by more than one.
    """
    current = last_archived + 1
    if cell.week == current:
        return False
    if cell.week == current + 1:
        return True
    archived = (
        f"weeks 1 to {last_archived} are archived" if last_archived > 1 else
        "week 1 is archived" if last_archived == 1 else "no week is archived yet"
    )  # fmt: skip
    if cell.week < current:
        problem = f"week {cell.week} is before the current week {current} ({archived})"
    else:
        problem = f"week {cell.week} skips weeks: the current week is {current} ({archived})"
    raise InvalidValueError(
        f"{problem}; type {current} to recalculate this week, or {current + 1} to start the "
        "next week",
        cell.where,
        "Value",
    )


def read_posted_list(table: Table) -> bool:
    """Whether the ``Posted List`` row of ``Ladder Settings`` asks for the list by group."""
    found: int | None = None
    by_group = False
    for row in table.rows:
        if header_key(row.get("Setting")) != header_key(POSTED_LIST_SETTING):
            continue
        if found is not None:
            raise InvalidValueError(
                listed_twice(POSTED_LIST_SETTING, what="the setting", also_row=found),
                row.where,
                "Setting",
            )
        found = row.where.row or 0
        value = row.get("Value")
        key = header_key(value) or header_key(WHOLE_CAMP)  # empty: the default
        if key not in (header_key(WHOLE_CAMP), header_key(BY_GROUP)):
            raise InvalidValueError(
                f"{value!r}: expected {WHOLE_CAMP} (one list of every camper) or {BY_GROUP} "
                "(each group's list)",
                row.where,
                "Value",
            )
        by_group = key == header_key(BY_GROUP)
    return by_group
