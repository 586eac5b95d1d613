"""A ladder game sent twice from a phone (issue 36, the fresh-clone user test after desk43):
the real desk on a loopback port, Tom's phone opening the game form again and sending the same
game, and Zoe's phone sending Lucas's game with the colours swapped. Each is a new game (campers
may play a rematch), but the phone's answer says to tell the staff if it is the same game, and
the staff's queue marks the row with the earlier game's number."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from tests.server.client import Client
from tests.server.desk_books import ladder
from tests.server.running import running_desk
from tests.server.test_desk_queue import rows_of, signed_in

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_a_game_sent_twice_is_said_on_the_phone_and_marked_in_the_queue(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    names = dict(desk.players())
    tom, priya, lucas, zoe = list(names)[:4]
    with running_desk(desk, book) as state:

        def phone_sends(code: str, white: str, black: str, result: str) -> str:
            phone = Client(state.base_url, "127.0.4.1")
            form = {"token": phone.get("/game").token(), "code": code, "white": white,
                    "black": black, "result": result}  # fmt: skip
            answer = phone.post("/game", form)
            assert answer.status == 200
            return text(answer.text)

        first = phone_sends(desk.player_code(tom), tom, priya, "(1-0)")
        assert "already reported" not in first
        again = phone_sends(desk.player_code(tom), tom, priya, "(1-0)")
        assert (
            f"You already reported game #1 with {names[priya]} this evening ({names[tom]} - "
            f"{names[priya]}): it waits for the other player or the staff. This report is a "
            f"new game: if you played {names[priya]} again, nothing more to do; if it is game "
            "#1 again, tell the staff." in again
        )
        phone_sends(desk.player_code(lucas), lucas, zoe, "(1-0)")
        swapped = phone_sends(desk.player_code(zoe), zoe, lucas, "(0-1)")
        assert f"{names[lucas]} already reported a game with you this evening" in swapped
        page = signed_in(state.base_url).get("/arbiter").text
    games = [q.id for q in desk.queue()]
    assert len(games) == 4 and len(rows_of(page)) == 4
    queue = text(page)
    for n in games:
        assert f"#{n}" in queue
    for earlier in (games[0], games[2]):
        assert (
            f"same players as game #{earlier} this evening: a rematch, or the same game twice?"
            in queue
        )
    assert queue.count("a rematch, or the same game twice?") == 2
