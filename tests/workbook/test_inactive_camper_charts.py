"""A camper made inactive keeps the weeks she played on the charts (user test 48).

Staff set a camper who left to Active = FALSE once the new week has started (camp-staff.md, "A
camper who leaves"). Her past weeks are history: the guide draws a past week "as Weekly
Standings keeps it", so she keeps her row on ``Ladder Progress``, whose week columns the
group's week-by-week chart and the Camper Chart read. Before, she left ``Ladder Progress``:
her week 1 vanished from the group's chart, and the Camper Chart offering her drew nothing.

From the ladder template: week 1's ten sample games, then week 2 started, then Priya Nair (ID
3, Intermediate) set inactive. Her week-1 Rating, 1008, is worked by hand in
tests/workbook/test_camp_week.py (G1: 1000 v 1200 lost, d 200, 16 - 8 = 8 -> 992; G7: 992 v
992 won, d 0, 16 -> 1008); she has no point this week (no start, no game): she plays no more.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from tests.helpers.built_books import template_bytes
from tests.helpers.sheet_grids import book_grids

from ratingbook.files.patching import PackageBook
from ratingbook.workbook import recalc
from ratingbook.workbook.port.book import WriteBlock

TODAY = dt.date(2026, 7, 10)
PRIYA = 3
#: Each Intermediate's end-of-week-1 Rating (hand-worked in tests/workbook/test_camp_week.py).
WEEK_1 = {3: 1008, 4: 969, 5: 976}


def _set(path: Path, sheet: str, label: str, column: str, value: object) -> None:
    """Staff type ``value`` in ``column`` of the row of ``sheet`` whose first cell is
    ``label`` (the package engine stands in for Excel)."""
    book = PackageBook(path)
    grid = book.read_values(sheet)
    row = next(i for i, r in enumerate(grid, start=1) if r and r[0] == label)
    book.write_values(WriteBlock(sheet, row, grid[0].index(column) + 1, [[value]]))
    book.save(path)


def _recalc(path: Path) -> None:
    book = PackageBook(path)
    recalc(book, today=TODAY)
    book.save(path)


def _progress(path: Path) -> dict[int, dict[str, Any]]:
    """``Ladder Progress``'s rows by ID: each headed cell that holds a value."""
    grid = book_grids(path, data_only=True)["Ladder Progress"]
    header = [str(h) if h is not None else "" for h in grid[0]]
    return {
        int(row[1]): {h: v for h, v in zip(header, row, strict=False) if h and v not in (None, "")}
        for row in grid[1:]
        if len(row) > 1 and isinstance(row[1], int | float)
    }


def test_an_inactive_camper_keeps_her_past_weeks_on_the_charts(tmp_path: Path) -> None:
    camp = tmp_path / "camp.xlsx"
    camp.write_bytes(template_bytes("ladder"))
    _recalc(camp)  # week 1's games
    _set(camp, "Ladder Settings", "Week", "Value", 2)
    _recalc(camp)  # week 1 archived, week 2 started
    _set(camp, "Ladder Players", PRIYA, "Active", False)
    _recalc(camp)

    rows = _progress(camp)
    assert rows[PRIYA] == {
        "Group": "Intermediate",
        "ID": PRIYA,
        "Name": "Priya Nair",
        "Week 1": WEEK_1[PRIYA],
    }
    # The other Intermediates as before: the week's start (the group's 1000), week 1's end.
    for pid in (4, 5):
        assert rows[pid]["Start"] == 1000 and rows[pid]["Week 1"] == WEEK_1[pid]
    # The template's sample inactive camper (ID 8) has no archived week: nothing to draw.
    assert 8 not in rows
    # The camper picked on the Camper Chart is looked up on Ladder Progress by name (column C).
    grid = book_grids(camp, data_only=True)["Ladder Progress"]
    assert "Priya Nair" in [row[2] for row in grid[1:] if len(row) > 2]
