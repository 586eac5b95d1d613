"""The queue's head after an act is true of the moment (the second desk user test): a camp's
game accepted behind an open one is said to wait for it, by its number, as soon as the queue
is shown again (no "before your last act", no Take needed); after ``ratingbook undo`` of a
take, the queue says those results are out of the book and why they stay out. The real desk
on a loopback port."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from tests.desk.desk_books import run
from tests.server.client import Client
from tests.server.desk_books import ladder, swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_book import signed_in

from ratingbook.desk import CAMP, Desk
from ratingbook.session import Undo

pytestmark = pytest.mark.slow


def _head(page: str) -> str:
    """The queue's lines above its counts, as read."""
    top = page.split('<p class="counts">')[0]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", top)))


def _act(laptop: Client, form: dict[str, str], queue: str = "/arbiter") -> str:
    form = {"token": laptop.get(queue).token(), **form}
    assert laptop.post("/arbiter/act", form).status == 303
    return laptop.get(queue).text


def test_a_game_accepted_behind_an_open_one_is_said_to_wait_at_once(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    a, b, c, d, e, f = [ident for ident, _ in desk.players()][:6]
    names = dict(desk.players())
    camp = desk.player_code(CAMP)
    with running_desk(desk, book) as state:
        staff = signed_in(state.base_url)
        first = desk.report_game(camp, c, d, "1-0", origin="phone 1").item_id
        _act(staff, {"act": "accept", "item": str(first)})
        _act(staff, {"act": "release"})
        until(lambda: desk.queue()[0].status == "taken", "the first game taken at the release")
        conflict = desk.report_game(camp, a, b, "1-0", origin="phone 2").item_id
        desk.report_game(desk.player_code(a), a, b, "0-1", origin="phone 3")
        behind = desk.report_game(camp, e, f, "0-1", origin="phone 4").item_id
        head = _head(_act(staff, {"act": "accept", "item": str(behind)}))
    assert "before your last act" not in head
    assert (
        f"Last take: 1 game waits for game #{conflict} ({names[a]} - {names[b]}), reported "
        "before and not confirmed yet"
    ) in head


def test_the_queue_says_a_take_was_undone_in_the_book(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=6)
    desk = Desk.open(book)
    for board in (1, 2, 3):
        desk.enter(1, board, "1-0", by="arbiter")
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        head = _head(_act(laptop, {"act": "release", "round": "1"}, "/arbiter?round=1"))
        assert "Last take: 3 results taken into the book." in head
        run(book, Undo())  # ratingbook undo of that take, the desk running
        until(lambda: {q.status for q in desk.queue(1)} == {"entered"}, "the undo seen")
        head = _head(laptop.get("/arbiter?round=1").text)
    assert "Last take: 3 results taken into the book. Since undone in the book" in head
    assert (
        "3 released results went into the book and were undone there (ratingbook undo): the "
        "desk does not take them again by itself."
    ) in head
