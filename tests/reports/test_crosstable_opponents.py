"""A crosstable names each opponent uniquely (issue 34, user test ut43see): a cell names the
opponent by the start number of the table's ``No.`` column, as Swiss-Manager's and FIDE's
crosstables do; a rank named two players where ranks are shared (the Irish Juniors: rank 28 is
No. 27's and No. 32's, and Pozniak's rounds 4 and 5 were both ``28b0``).

Over every real TRF file, the sheet's grid and the published ``crosstable.html``: each cell's
number, looked up in the table's own ``No.`` column, is the player the rows say was met that
round, with the colour the rows say. The team crosstable likewise, by pairing number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from tests.reports.test_consistency_views import FILES, Page, column, imported
from tests.reports.test_team_grids import _after_round_2

from ratingbook.events.event import SwissEvent
from ratingbook.fide.gacrux.team_tiebreaks import team_standings
from ratingbook.reports.event_grids import event_grids
from ratingbook.reports.team_grids import team_crosstable_grid
from ratingbook.web.site import render_site
from ratingbook.web.team_pages import team_pages

CELL = re.compile(r"(\d+)([wb])")


def met(event: SwissEvent) -> dict[tuple[str, int], tuple[str, str]]:
    """Who each player met in each round and with which colour, from the rows alone."""
    games = {}
    for e in event.entries:
        if e.black is not None:
            games[(e.white, e.round)] = (e.black, "w")
            games[(e.black, e.round)] = (e.white, "b")
    return games


def check_cells(rows: Sequence[Sequence[Any]], event: SwissEvent, key: str = "Name") -> int:
    """Each round cell's number names, through the ``No.`` column, the opponent of the rows;
    the number of cells checked."""
    names = {str(no): name for no, name in column(rows, "No.", key).items()}
    assert len(names) == len(rows) - 1, "a No. shared by two rows"
    header = [str(h) for h in rows[0]]
    rounds = {i: int(h[1:]) for i, h in enumerate(header) if re.fullmatch(r"R\d+", h)}
    games, checked = met(event), 0
    for row in rows[1:]:
        name = str(row[header.index(key)])
        for i, number in rounds.items():
            found = CELL.match(str(row[i] or ""))
            if found is None:  # a bye or a round not counted
                assert (name, number) not in games or not row[i], (name, number, row[i])
                continue
            assert (names[found.group(1)], found.group(2)) == games[(name, number)], (
                name,
                number,
                row[i],
            )
            checked += 1
    return checked


@pytest.mark.parametrize("name", FILES)
def test_crosstable_cells_name_the_opponent_by_start_number(name: str) -> None:
    event = imported(name)
    grid = event_grids(event).crosstable
    assert check_cells([grid.header, *grid.rows], event) > 0


def test_shared_ranks_of_the_irish_juniors_on_the_sheet_and_the_site() -> None:
    """Rank 28 is shared; Pozniak's rounds 4 and 5 name two different players."""
    event = imported("icu_irish-junior-champs_2011.tab", ("BH", "SB"))
    grids = event_grids(event)
    ranks = [row[0] for row in grids.crosstable.rows]
    assert len(set(ranks)) < len(ranks)  # the case: ranks shared
    page = Page(render_site(event, "Irish")["crosstable.html"])
    (rows,) = [rows for _, rows in page.tables if rows]
    assert check_cells(rows, event) == check_cells(
        [grids.crosstable.header, *grids.crosstable.rows], event
    )
    header = [str(h) for h in rows[0]]
    (pozniak,) = [r for r in rows[1:] if r[header.index("Name")].startswith("Pozniak")]
    r4, r5 = pozniak[header.index("R4")], pozniak[header.index("R5")]
    assert CELL.match(r4).group(1) != CELL.match(r5).group(1), (r4, r5)  # type: ignore[union-attr]


def test_team_crosstable_names_the_opponent_by_pairing_number() -> None:
    """The cup after round 2 (tests.reports.test_team_grids): Knights and Bishops share rank
    3; the team crosstable has a ``No.`` column, on the sheet and on the site, and each cell's
    number is the team met."""
    event = _after_round_2()
    standings = team_standings(event)
    grid = team_crosstable_grid(event, standings)
    numbers = event.pairing_numbers()
    met_teams = {}
    for m in event.matches:
        if m.black is not None:
            met_teams[(m.white, m.round)] = (m.black, "w")
            met_teams[(m.black, m.round)] = (m.white, "b")
    rows = [grid.header, *grid.rows]
    assert {str(k): v for k, v in column(rows, "Team", "No.").items()} == numbers
    for row in grid.rows:
        for number, cell in enumerate(row[3:5], start=1):
            found = CELL.match(str(cell))
            if found:
                by_number = {n: t for t, n in numbers.items()}
                assert (by_number[int(found.group(1))], found.group(2)) == met_teams[
                    (str(row[2]), number)
                ]
    page = next(p for p in team_pages(event, "Cup", standings) if p.file == "crosstable.html")
    assert page.tables[0].header[:3] == ("Rank", "No.", "Team")
