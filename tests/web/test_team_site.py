"""A team event's published pages (user test 49, the Riverside Team Swiss: tests/helpers/
riverside_cup.py), read from their HTML: one spelling of a percentage, and the layout that keeps
a phone's table whole (how wide it lays out is measured by Chromium in
tests/integration/test_page_fit.py).

The findings: the players page wrote ``62½`` beside ``33.3`` (a half spelt as a point's ``½``
in a percentage); on a 390 px phone "Hypermodern" broke inside the word in a round's table
and the standings' tie-breaks were off the screen.
"""

from __future__ import annotations

import re

import pytest
from tests.helpers.browser import Tables
from tests.helpers.riverside_cup import riverside_event

from ratingbook.web.team_pages import render_team_site


@pytest.fixture(scope="module")
def site() -> dict[str, str]:
    return render_team_site(riverside_event(), "Riverside Team Swiss 2026")


def _tables(html: str) -> list[dict[str, object]]:
    return Tables(html).tables


def test_a_percentage_has_one_decimal_in_every_row(site: dict[str, str]) -> None:
    """Yara Zell 2½ of 4 is 62.5, Dina Engel 1 of 3 33.3, Jonas Berk 4 of 4 100.0: never 62½."""
    cells = []
    for table in _tables(site["players.html"]):
        header = list(table["header"])  # type: ignore[call-overload]
        if "%" in header:
            at = header.index("%")
            cells += [row[at] for row in table["rows"] if row[at]]  # type: ignore[attr-defined]
    assert cells and all(re.fullmatch(r"\d+\.\d", c) for c in cells), cells
    assert {"62.5", "33.3", "100.0"} <= set(cells)


def test_the_tables_a_phone_needs_whole(site: dict[str, str]) -> None:
    """The standings and each round are compact tables (small headers, narrow padding, names
    whole: not a round's ``pairs``, whose names may break inside a word); the standings leave
    the pairing number and rating to a wider screen, and a tie-break code may wrap after its
    slash (``EMGSB/<wbr>C1``)."""
    index = site["index.html"]
    assert re.search(r'<table [^>]*class="compact"', index)
    assert '<th scope="col" class="detail num">No.</th>' in index
    assert '<th scope="col" class="detail num">Rating</th>' in index
    assert ">EMGSB/<wbr>C1</th>" in index
    for number in range(1, 5):
        page = site[f"round-{number}.html"]
        assert re.search(r'<table [^>]*class="compact"', page)
        assert 'class="pairs' not in page


def test_the_board_prizes_a_table_per_board_the_team_under_the_name(site: dict[str, str]) -> None:
    """A table per board (ranked by performance, from 3 games: Emil Frey above Boris Lenz on
    board 2), with every figure of the prize: rank, player, games, points, % and performance
    on a phone, the team the player's second line there (its column a detail), the forfeits
    apart a detail too; the rule's three sentences under the tables."""
    page = site["players.html"]
    prizes = [t for t in _tables(page) if str(t["caption"]).endswith("prizes after round 4")]
    assert [t["caption"] for t in prizes] == [
        f"Board {b} prizes after round 4" for b in range(1, 5)
    ]
    assert list(prizes[0]["header"]) == [  # type: ignore[call-overload]
        "Rank", "Player", "Team", "Games", "Points", "%", "Perf.", "Unplayed"
    ]  # fmt: skip
    board_2 = prizes[1]["rows"]
    assert [row[:2] for row in board_2[:2]] == [  # type: ignore[index]
        ["1", "Emil FreyIsolani"],
        ["2", "Boris LenzCaissa Club"],
    ]
    assert '<span class="sub">Isolani</span>' in page
    assert '<th scope="col" class="detail">Team</th>' in page
    assert '<th scope="col" class="detail num">Unplayed</th>' in page
    assert "70 % of the 4 rounds counted" in page
