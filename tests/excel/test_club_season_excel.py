"""A club's season in Excel (issue 35, "Done when"), on xlwings' JSON engine as the other tests
here build it (``xw.Book(json=...)``, tests/helpers/jsonbook.py): the rating list of
tests/helpers/club_season.py (the template, ten events added from the command line, one late)
opened in Excel and recalculated by the entry points the officer's guide names for a rating
list: the Recalc Ratings button (:func:`ratingbook.excel.main`) and its xlwings Server and Lite
script (:func:`ratingbook.excel.recalc_ratings`). Events are added from the command line only
(docs/guides/rating-officer.md offers no Excel command for ``season add``); in Excel the
officer types a game into ``List Games`` and recalculates, as the late game is typed here.

What the book's actions write is compared with what the command line wrote for the same list
(consistency tests), and the members' ratings with the independent Elo of
:func:`tests.helpers.club_season.members_elo`.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.club_season import (
    CLUB_NIGHTS,
    LATE,
    MEMBER_IDS,
    Season,
    club_season,
    final,
    members_elo,
)
from tests.helpers.jsonbook import actions, apply_actions, make_json_book

# isort: split
# jsonbook set XLWINGS_LICENSE_KEY before ratingbook.excel imports xlwings
from ratingbook.excel import main, recalc_book, recalc_ratings
from ratingbook.excel.xlwings_book import INTERNAL_NOTE

pytestmark = pytest.mark.slow

Grid = list[list[Any]]
#: The sheets a recalculation of a rating list writes.
GENERATED = (
    "Season List",
    "List History",
    "Rating Changes",
    "Near Duplicates",
    "Series Standings",
    "Series Notes",
)
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}( 00:00:00)?")


def grids(path: Path) -> dict[str, Grid]:
    """Every sheet of an .xlsx file, as its values (what Excel holds once the file is open)."""
    book = openpyxl.load_workbook(path)
    return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in book}


def shown(value: object) -> object:
    """A cell as Excel holds it once written: the text prefix dropped, an ISO date a date, a
    whole float the number it is, an empty string an empty cell."""
    if isinstance(value, str):
        if value.startswith("'"):
            return value[1:]
        if _ISO.fullmatch(value):
            return dt.datetime.fromisoformat(value[:10])
        if value == "":
            return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def trimmed(grid: Grid) -> Grid:
    if grid and grid[0] and grid[0][-1] == INTERNAL_NOTE:
        grid = [row[:-1] for row in grid]
    rows = [[shown(v) for v in row] for row in grid]
    rows = [row for row in rows if any(v is not None for v in row)]
    for row in rows:
        while row and row[-1] is None:
            row.pop()
    return rows


def clicked(sheets: dict[str, Grid], button: Any) -> tuple[dict[str, Grid], list[dict[str, Any]]]:
    """The sheets after ``button`` ran on a JSON book of them, and the actions it sent."""
    book = make_json_book(sheets)
    button(book)
    sent = actions(book)
    return apply_actions(sheets, sent), sent


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Season:
    return club_season(tmp_path_factory.mktemp("club-season-excel"))


@pytest.mark.parametrize("system", ["Elo", "Glicko-2", "FIDE"])
def test_consistency_recalc_in_excel_writes_what_ratingbook_recalc_writes(
    season: Season, system: str
) -> None:
    """The list after its ten events, its `System` set in `List Settings` (the template's Elo,
    Glicko-2, or FIDE), opened in Excel, Recalc Ratings: every generated sheet as ``ratingbook
    recalc`` of the same file writes it."""
    book = openpyxl.load_workbook(season.book)
    for row in book["List Settings"].iter_rows(min_row=2):
        if row[0].value == "System":
            row[1].value = system
    typed = season.folder / f"club-list-{system}.xlsx"
    book.save(typed)
    out = season.folder / f"recalculated-{system}.xlsx"
    done = run("recalc", typed, "-o", out)
    assert done.returncode == 0, done.stderr
    assert f"rating list ({system}, by month)" in done.stdout
    wanted = grids(out)
    after, _ = clicked(grids(typed), recalc_book)
    for name in GENERATED:
        assert trimmed(after[name]) == trimmed(wanted[name]), name


@pytest.mark.parametrize("button", [main, recalc_ratings], ids=["button", "script"])
def test_consistency_the_late_game_typed_in_excel_is_rated_as_season_add_and_the_hand_rate_it(
    season: Season, button: Any
) -> None:
    """The list before the late event, opened in Excel; the officer types the New Year Rapid's
    game (10 January: Ann Kelly beats Bob Byrne) at the end of ``List Games`` and clicks
    Recalc Ratings (the button, or the script xlwings Server and Lite run). The members'
    ratings are the independent Elo's (January: Ann 1600 -> 1609, Bob 1500 -> 1488); every
    player's rating, games and history are what ``season add`` of the late PGN wrote
    (a consistency test: the same game by two routes), and the button says it is done."""
    sheets = grids(season.before_late)
    games = sheets["List Games"]
    header = games[0]
    typed: list[Any] = [None] * len(header)
    for column, value in {
        "Date": dt.datetime(2026, 1, 10),
        "Event Name": "New Year Rapid",
        "Round": 1,
        "White": "Ann Kelly",
        "White ID": 1,
        "Black": "Bob Byrne",
        "Black ID": 2,
        "Result": "1-0",
    }.items():
        typed[header.index(column)] = value
    last = max(i for i, row in enumerate(games) if any(v is not None for v in row))
    games.insert(last + 1, typed)
    after, sent = clicked(sheets, button)
    assert sent[-1]["func"] == "alert" and "Recalc Ratings done." in sent[-1]["args"][0]

    listed = trimmed(after["Season List"])
    columns = listed[0]
    rows = {str(r[columns.index("ID")]): r for r in listed[1:]}
    expected = final(members_elo(LATE + CLUB_NIGHTS))
    assert {key: rows[key][columns.index("Rating")] for key in MEMBER_IDS} == expected
    history = trimmed(after["List History"])
    ann = [r for r in history[1:] if str(r[history[0].index("ID")]) == "1"]
    worked = [after for _, key, _, after in members_elo(LATE + CLUB_NIGHTS) if key == "1"]
    assert [r[history[0].index("After")] for r in ann] == worked == [1609, 1620, 1606]

    cli = grids(season.book)
    for name in GENERATED:
        assert trimmed(after[name]) == trimmed(cli[name]), name
