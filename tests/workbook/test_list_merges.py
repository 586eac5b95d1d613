"""The officer's aliases in the rating list template (issue 35): a Same As alias takes the
ghost player off every view, his games go to the player he is, the next addition knows him,
his row can be deleted; an alias naming no player, or a loop, is an error at its cell.

Expected ratings come from :func:`independent_elo` (written in the rating list's tests from
the template's stated rules), never from ratingbook's engine."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import pytest
from tests.helpers.season_events import one_game_event
from tests.workbook.test_rating_list import independent_elo

from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.season import SourcePlayer
from ratingbook.session import AddEvents, Recalc, Session
from ratingbook.templates import build_template, sample_rows
from ratingbook.templates.writer import TemplateBook
from ratingbook.workbook.kinds.base import ListSite
from ratingbook.workbook.kinds.rating_list import read_list_site

KIND = "ratinglist"
GHOST_FIDE = 2500123


def _book(rows: dict[str, Sequence[Sequence[object]]]) -> TemplateBook:
    return TemplateBook(build_template(KIND, rows=rows, recalc=False))


def _grid(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    header, *rows = book.read_values(sheet)
    return [dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)]


def _ghost_rows(*, keep_ghost: bool = True) -> dict[str, list[list[object]]]:
    """The template with Tom O'Neill's first game typed under 'T. O'Neill' (player 9, who has
    a FIDE ID), and the officer's alias: T. O'Neill is player 2."""
    samples = sample_rows(KIND)
    players = [list(p) for p in samples["List Players"]]
    players[8][1] = GHOST_FIDE
    if not keep_ghost:
        del players[8]
    games = [list(g) for g in samples["List Games"]]
    assert games[2][3:5] == ["Tom O'Neill", 2]
    games[2][3:5] = ["T. O'Neill", "9"]
    return {
        "List Players": players,
        "List Games": games,
        "Aliases": [["T. O'Neill", "2", None, None, None]],
    }


def _expected() -> dict[str, float]:
    samples = sample_rows(KIND)
    players = [p for p in samples["List Players"] if p[0] != "9"]
    ratings, _ = independent_elo(players, samples["List Games"])
    return ratings


def test_an_alias_merges_the_ghost_into_the_player_in_every_view() -> None:
    book = _book(_ghost_rows())
    done = Session(book).run(Recalc())
    listed = {r["ID"]: r for r in _grid(book, "Season List")}
    assert "9" not in listed
    assert {key: row["Rating"] for key, row in listed.items()} == _expected()
    assert _grid(book, "Near Duplicates") == []
    assert all(r["ID"] != "9" for r in _grid(book, "List History"))
    assert (
        "alias (sheet 'Aliases', row 2): \"T. O'Neill\" (ID 9) is Tom O'Neill (ID 2), off the "
        "list: the rated games under that name (1) count for ID 2, from period 2025-09 on"
    ) in done.summary
    site = read_list_site(book).view
    assert isinstance(site, ListSite)
    assert "T. O'Neill" not in [row[2] for row in site.rating_list.rows]


def test_the_next_addition_knows_the_merged_player() -> None:
    """An event naming 'O'Neill, T.' with the ghost's FIDE ID: his games are player 2's, no
    new player is added."""
    book = _book(_ghost_rows())
    event = one_game_event(
        "Club Night",
        "night.pgn",
        dt.date(2025, 11, 26),
        SourcePlayer("O'Neill, T.", fide_id=GHOST_FIDE),
        SourcePlayer("Shah, Priya"),
        Result.DRAW,
    )
    done = Session(book).run(AddEvents((event,)))
    assert not any(line.startswith("new players") for line in done.summary)
    last = _grid(book, "List Games")[-1]
    assert (last["White ID"], last["Black ID"]) == ("2", "3")


def test_the_merged_players_row_can_be_deleted() -> None:
    """His games keep his old ID in List Games; the alias says whose they are."""
    book = _book(_ghost_rows(keep_ghost=False))
    Session(book).run(Recalc())
    listed = {r["ID"]: r["Rating"] for r in _grid(book, "Season List")}
    assert listed == _expected()


@pytest.mark.parametrize(
    ("aliases", "message"),
    [
        (
            [["T. O'Neill", "99", None, None, None]],
            r"sheet 'Aliases', row 2, column B \(Same As\): the alias \"T. O'Neill\" names "
            r"player '99', who is not on the list",
        ),
        (
            [["T. O'Neill", "2", None, None, None], ["Tom O'Neill", "9", None, None, None]],
            r"sheet 'Aliases', row 2, column B \(Same As\): the aliases make a loop",
        ),
    ],
)
def test_a_bad_alias_is_an_error_at_its_cell_and_nothing_is_written(
    aliases: list[list[object]], message: str
) -> None:
    book = _book({"Aliases": aliases})
    before = book.sheet_names()
    with pytest.raises(RatingbookError, match=message):
        Session(book).run(Recalc())
    assert book.sheet_names() == before
