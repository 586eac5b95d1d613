"""A result the arbiter enters for a board nobody reported is ``entered`` everywhere, as the
guide's table says (the second desk user test: the queue's Enter was stored, counted and
logged as an accepted correction): the real desk on a loopback port, a Swiss of 10 players,
round 1's board 5 entered from the queue's line as a laptop sends it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.workbooks import records
from tests.server.client import Client
from tests.server.desk_books import ladder, swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_book import signed_in
from tests.server.test_desk_queue import guide_acts, rows_of

from ratingbook.desk import CAMP, Desk

pytestmark = pytest.mark.slow


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _enter(laptop: Client, item: int, result: str, extra: dict[str, str]) -> str:
    """The queue's Enter on line ``item`` (``extra``: the round, the board, as sent)."""
    token = laptop.get("/arbiter?round=1").token()
    form = {"token": token, "act": "enter", "item": str(item), "result": result, **extra}
    assert laptop.post("/arbiter/act", form).status == 303
    return laptop.get("/arbiter?round=1").text


def _who(book: Path) -> list[str]:
    if "Event Log" not in openpyxl.load_workbook(book, read_only=True).sheetnames:
        return []
    return [r["Who"] for r in records(book, "Event Log") if r["Kind"] == "Desk Result"]


@pytest.mark.parametrize("sent", [{"round": "1"}, {"round": "1", "board": "5", "match": "0"}])
def test_a_board_the_arbiter_enters_is_entered_everywhere(
    tmp_path: Path, sent: dict[str, str]
) -> None:
    book = swiss_round_one(tmp_path, players=10)
    desk = Desk.open(book)
    five = next(p for p in desk.pairings(1) if p.board == 5)
    item = next(q.id for q in desk.queue(1) if q.board == 5)
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.4.1")
        stale = phone.get(f"/c/{five.code}").token()  # board 5's page, opened before the Enter
        laptop = signed_in(state.base_url)
        page = _enter(laptop, item, "1-0", sent)
        [row] = [r for r, q in zip(rows_of(page), desk.queue(1), strict=True) if q.board == 5]
        assert row.status == "entered"
        assert {b for form in row.forms for b in form.buttons} == guide_acts()["entered"]
        counts = _text(page.split('<p class="counts">')[1].split("</p>")[0])
        assert "entered 1" in counts and "accepted" not in counts
        screen = _text(Client(state.base_url).get("/screen").text)
        assert "1-0 (arbiter)" in screen
        opened = phone.get(f"/c/{five.code}").text  # opened now: no form, the refusal's words
        assert 'action="/report"' not in opened
        assert "The arbiter has already entered the result of board 5" in _text(opened)
        form = {"code": five.code, "token": stale, "side": "white", "result": "0-1"}
        refused = _text(phone.post("/report", form).text)
        assert "The arbiter has already entered the result of board 5" in refused
        assert "corrected" not in refused
        released = {"token": laptop.get("/arbiter?round=1").token(), "act": "release",
                    "round": "1"}  # fmt: skip
        assert laptop.post("/arbiter/act", released).status == 303
        until(lambda: len(_who(book)) == 1, "board 5 taken at the release")
    assert [(q.board, q.status) for q in desk.queue(1) if q.board == 5] == [(5, "taken")]
    assert _who(book) == ["results desk: entered by arbiter 127.0.0.1"]


def test_a_camp_games_result_entered_by_the_staff_is_entered(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][:2]
    item = desk.report_game(desk.player_code(CAMP), a, b, "1-0", origin="phone").item_id
    desk.reject(item, by="staff", reason="no such game")
    desk.enter_item(item, "0-1", by="staff 127.0.0.1")
    [queued] = desk.queue()
    assert (queued.status, queued.result) == ("entered", "(0-1)")
