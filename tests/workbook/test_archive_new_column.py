"""A column the camp archive gains later is styled as the others (user test ut47camp, finding
9: Weekly Standings' ``Group Rank``, added when week 4 was posted by group after three weeks
posted whole, printed its header plain and left-aligned over right-aligned numbers, "Losses"
running into it; docs/reference/printing: each header aligned as its column's numbers).

From the ladder template: week 1 (its ten sample games) is ended posted whole, so Weekly
Standings heads its rank ``Rank``; week 2 (no games) is ended posted by group, which adds
``Group Rank``. Week 1's ranks are the hand-worked Ratings of tests/workbook/test_camp_week.py:
Maya 1210, Tom 1177, Priya 1008, Hannah 976, Lucas 969, Zoe 837, Sam 823. In week 2 nobody
played, so every camper has his group's Initial Ladder Rating, and all of a group share rank 1.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.helpers.built_books import write_template
from tests.helpers.cli import run

from ratingbook.files.patching import PackageBook
from ratingbook.workbook.port.book import WriteBlock

WEEK_1_RANKS = {
    "Maya Okafor": 1,
    "Tom Lindqvist": 2,
    "Priya Nair": 3,
    "Hannah Becker": 4,
    "Lucas Moreau": 5,
    "Zoe Campbell": 6,
    "Sam Ortiz": 7,
}


def _post_by_group(book: Path) -> None:
    opened = PackageBook(book)
    grid = opened.read_values("Ladder Settings")
    row = next(n for n, r in enumerate(grid, 1) if r and r[0] == "Posted List")
    opened.write_values(WriteBlock("Ladder Settings", row, 2, [["By group"]]))
    opened.save(book)


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_group_rank_added_to_the_archive_is_styled_as_its_other_columns(
    tmp_path: Path, backend: str
) -> None:
    start, week_2, book = (tmp_path / f"{n}.xlsx" for n in ("camp", "week2", "week3"))
    write_template("ladder", start)
    done = run("new-week", start, "-o", week_2, "--backend", backend)
    assert done.returncode == 0, done.stderr
    _post_by_group(week_2)
    done = run("new-week", week_2, "-o", book, "--backend", backend)
    assert done.returncode == 0, done.stderr

    ws = openpyxl.load_workbook(book)["Weekly Standings"]
    header = [c.value for c in ws[1]]
    assert header == [
        "Week", "Rank", "ID", "Name", "Group", "Rating", "Permanent Rating", "Games", "Wins",
        "Draws", "Losses", "Group Rank",
    ]  # fmt: skip
    rank, losses, group_rank = (header.index(h) + 1 for h in ("Rank", "Losses", "Group Rank"))
    rows = [r for r in ws.iter_rows(min_row=2) if r[0].value]
    week_1 = {r[3].value: r[rank - 1].value for r in rows if r[0].value == "Week 1"}
    assert week_1 == WEEK_1_RANKS
    week_2 = [r for r in rows if r[0].value == "Week 2"]
    assert [r[group_rank - 1].value for r in week_2] == [1] * 7
    # Every header bold; Group Rank's aligned as Rank's and Losses', over its numbers.
    assert all(c.font.b for c in ws[1])
    aligned = {ws.cell(1, c).alignment.horizontal for c in (rank, losses, group_rank)}
    assert aligned == {"right"}
    assert {r[group_rank - 1].alignment.horizontal for r in week_2} == {"right"}
    # As wide as its header needs, which no longer runs into Losses': on one line, or
    # wrapped as the other long headers are ("Permanent Rating").
    width = ws.column_dimensions[openpyxl.utils.get_column_letter(group_rank)].width
    assert width >= len("Group Rank") or ws.cell(1, group_rank).alignment.wrap_text
