"""A player's round page of a board the arbiter already decided (user test 48: the card of a
board whose result the arbiter entered still offered the report form, and the desk refused
only when Send was pressed): the real desk on a loopback port, a Swiss of 6 players, round 1.
The page shows the board's result and no form, with the sentence the desk refuses such a
report with; a page opened before the arbiter's act (a stale page) is still refused on Send."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from tests.server.client import Client
from tests.server.desk_books import swiss_round_one
from tests.server.running import running_desk

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow

FORM = 'action="/report"'


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_a_board_the_arbiter_decided_shows_its_result_and_no_form(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=6)
    desk = Desk.open(book)
    one, two, three = desk.pairings(1)
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.5.1")
        stale = phone.get(f"/c/{one.code}")  # opened before the arbiter entered board 1
        assert FORM in stale.text
        desk.enter(1, one.board, "½-½", by="arbiter")
        desk.report(two.code, "1-0", side="white", origin="phone 10.0.0.7")
        desk.accept(next(q.id for q in desk.queue(1) if q.board == two.board), by="arbiter")
        entered, accepted = phone.get(f"/c/{one.code}"), phone.get(f"/c/{two.code}")
        typed = phone.get(f"/report?code={one.code}")  # the code typed on the first page
        undecided = phone.get(f"/c/{three.code}")
        form = {"code": one.code, "token": stale.token(), "side": "white", "result": "1-0"}
        sent = phone.post("/report", form)
    # The guide: "A report after you entered a board's result is refused"; the refusal names
    # who decided, what he did and the board (the desk's sentence for it, on Send as before).
    said_entered = (
        "The arbiter has already entered the result of board 1: ask the arbiter if it is wrong."
    )
    for page in (entered, typed):
        assert page.status == 200
        assert FORM not in page.text
        assert "Send the result" not in page.text
        assert "Result ½-½" in _text(page.text)
        assert said_entered in _text(page.text)
    assert FORM not in accepted.text
    assert "Result 1-0" in _text(accepted.text)
    assert (
        "The arbiter has already accepted the result of board 2: ask the arbiter if it is wrong."
        in _text(accepted.text)
    )
    assert FORM in undecided.text  # nobody decided board 3: the form is offered
    assert "Result" not in _text(undecided.text).split("Black")[1].split("I played")[0]
    assert sent.status == 409  # the stale page is refused when sent, as before
    assert said_entered.removesuffix(".") in _text(sent.text)
