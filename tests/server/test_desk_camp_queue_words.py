"""The staff's queue and the phone on a camp's desk, as user test 48 found them (the real
server on a loopback port, over the camp ladder template):

- the queue's note on a rejection's reason quotes what the results screen says of a rejected
  game: a camp's screen says *rejected by the staff* (a round's board: *reports rejected:
  report again*);
- the release button counts what a release may still bring in: a rejected camp game waits for
  no new report, and is not counted (it said "5 of 8 ready" with 2 of the 8 rejected);
- a take undone in the book, then a new week: ``ratingbook redo`` answers "no history to
  redo", so the queue no longer says that redo gives the results back;
- the phone's Received line spells the pairing as the next line does, with a hyphen.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from tests.desk.desk_books import run
from tests.server.client import Client
from tests.server.desk_books import ladder
from tests.server.running import running_desk, until
from tests.server.test_desk_book import signed_in
from tests.server.test_desk_queue import release_buttons

from ratingbook.desk import Desk
from ratingbook.session import NewWeek, Redo, Undo

pytestmark = pytest.mark.slow


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_the_queue_quotes_the_camp_screen_and_counts_what_may_be_released(
    tmp_path: Path,
) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    names = dict(desk.players())
    a, b, c, d = list(names)[:4]
    kept = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="phone 1")
    sent_twice = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="phone 1")
    other = desk.report_game(desk.player_code(c), c, d, "(½-½)", origin="phone 2")
    desk.accept(kept.item_id, by="staff")
    desk.reject(sent_twice.item_id, by="staff", reason="the form sent twice")
    assert other.status == "reported"
    with running_desk(desk, book) as state:
        page = signed_in(state.base_url).get("/arbiter").text
        screen = text(Client(state.base_url).get("/screen").text)
    assert "rejected by the staff" in screen and "report again" not in screen
    # Three games: one accepted, one reported, one rejected (it waits for nothing).
    assert release_buttons(page) == ["Release the games (1 of 2 ready)"]
    queue = text(page)
    assert "the results screen says only rejected by the staff ." in queue
    assert "report again" not in queue


def test_the_queue_says_redo_gives_a_take_back_only_while_it_does(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][1:3]
    game = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="phone")
    desk.accept(game.item_id, by="staff")
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    banner = (
        "1 released result went into the book and was undone there (ratingbook undo): the desk "
        "does not take it again by itself. Correct or Enter one and it goes in at once"
    )
    with running_desk(desk, book) as state:
        staff = signed_in(state.base_url)
        run(book, Undo())
        until(lambda: desk.queue()[0].status == "accepted", "the undo seen")
        before = text(staff.get("/arbiter").text)
        assert "ratingbook redo gives" in before  # true: redo gives the take back
        run(book, NewWeek())  # an act since the undo: redo has nothing to give back
        queue = text(staff.get("/arbiter").text)
    assert f"{banner}." in queue and "ratingbook redo" not in queue
    with pytest.raises(Exception, match="no history to redo"):
        run(book, Redo())
    assert f"{banner}; ratingbook redo gives it back." in before


def test_the_received_line_spells_the_pairing_with_a_hyphen(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    names = dict(desk.players())
    a, b = list(names)[:2]
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.4.2")
        form = {"token": phone.get("/game").token(), "code": desk.player_code(a), "white": a,
                "black": b, "result": "(1-0)"}  # fmt: skip
        received = text(phone.post("/game", form).text)
    assert f"Received {names[a]} - {names[b]}, (1-0) ." in received
    assert "–" not in received
