"""The desk's small sentences say what is so, against the real desk on a loopback port: the
Take button pressed with nothing released, the first page and the command after the event's
last round, a camper's forfeit, and a code nobody issued (codes are typed by people)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from tests.desk.desk_books import template, type_boards
from tests.server.client import Client
from tests.server.desk_books import PLAYERS, paired_swiss, swiss_round_one
from tests.server.running import running_desk
from tests.server.test_desk_book import signed_in

from ratingbook.desk import CAMP, Desk

pytestmark = pytest.mark.slow


def _last_take(page: str) -> str:
    """The queue's Last take line."""
    found = re.search(r'<p class="note take" role="status">(.*?)</p>', page)
    assert found, "no Last take line"
    return found.group(1).replace("&#39;", "'")


def test_take_with_nothing_released_never_says_it_is_taking(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        form = {"token": laptop.get("/arbiter").token(), "act": "take"}
        assert laptop.post("/arbiter/act", form).status == 303
        page = laptop.get("/arbiter").text
    said = _last_take(page)
    assert "Taking" not in page
    assert said.startswith("Last take: Nothing released waits to be taken: release the round")


def test_take_with_released_results_in_a_book_open_in_excel_says_so(tmp_path: Path) -> None:
    """The take runs when pressed (the queue shown after it is about it): the book open in
    Excel, its Last take says nothing was written, and the banner how many wait."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    for pairing in desk.pairings(1):
        desk.report(pairing.code, "1-0", side="white", origin="phone W")
        desk.report(pairing.code, "1-0", side="black", origin="phone B")
    desk.release(1, by="arbiter")
    desk.book.with_name("~$" + desk.book.name).write_text("")  # Excel has it: nothing is taken
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        form = {"token": laptop.get("/arbiter").token(), "act": "take"}
        assert laptop.post("/arbiter/act", form).status == 303
        page = " ".join(laptop.get("/arbiter").text.split())
    assert _last_take(page) == "Last take: The book is open in Excel: nothing was written."
    assert "The book is open in Excel: 2 released results wait." in page


def _last_round_over(folder: Path) -> Path:
    """A four-player Swiss of one round, its two boards played and typed in the book."""
    settings: list[tuple[str, object, None]] = [
        ("Event", "One Evening", None),
        ("Rounds", 1, None),
        ("Start Date", dt.datetime(2026, 7, 4), None),
    ]
    book = paired_swiss(folder / "one.xlsx", settings, PLAYERS[:4])
    type_boards(book, "Swiss Games", {(1, 0, 1): "1-0", (1, 0, 2): "½-½"})
    return book


def test_after_the_last_round_no_round_is_open_for_reports(tmp_path: Path) -> None:
    book = _last_round_over(tmp_path)
    desk = Desk.open(book)
    assert desk.round_state() == (
        "the event is over: round 1, its last round, has every result in the book, and no "
        "round is open for reports"
    )
    with running_desk(desk, book) as state:
        home = Client(state.base_url, "127.0.4.1").get("/").text
    assert "open for reports." not in home.replace("no round is open for reports.", "")
    assert "Round 1 is open" not in home
    assert "The event is over: round 1, its last round, has every result in the book" in home


def test_the_last_round_is_open_while_a_result_is_missing(tmp_path: Path) -> None:
    settings: list[tuple[str, object, None]] = [("Event", "One Evening", None), ("Rounds", 1, None)]
    book = paired_swiss(tmp_path / "one.xlsx", settings, PLAYERS[:4])
    type_boards(book, "Swiss Games", {(1, 0, 1): "1-0"})
    desk = Desk.open(book)
    assert desk.round_state() == "round 1 open for reports"
    assert desk.open_round() == 1


def test_a_camper_reporting_a_forfeit_is_told_it_is_the_staffs(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    desk = Desk.open(book)
    (a, _), (b, _) = desk.players()[:2]
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.3.1")
        form = {"token": phone.get("/game").token(), "code": desk.player_code(CAMP),
                "white": a, "black": b, "result": "+/-"}  # fmt: skip
        answer = phone.post("/game", form)
    assert answer.status == 400
    assert "A forfeit is never a player&#39;s report: only games played are rated" in answer.text
    assert "tell the staff." in answer.text
    assert "Choose two different players" not in answer.text
    assert desk.queue() == []  # nothing reported


def test_an_unknown_code_says_how_codes_are_read(tmp_path: Path) -> None:
    """The code alphabet (Crockford's base32) has no I, L, O or U: a code typed with O for 0,
    I or L for 1, in lower case, opens the pairing; an unknown one says how codes are read."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    assert all(ch in alphabet for ch in code.replace("-", ""))
    typed = code.replace("0", "o").replace("1", "l").lower().replace("-", " ")
    unknown = "ZZZZZ-ZZZZZ" if code != "ZZZZZ-ZZZZZ" else "YYYYY-YYYYY"
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.4.2")
        opened = phone.get(f"/report?code={typed.replace(' ', '+')}")
        refused = phone.get(f"/report?code={unknown}")
    assert opened.status == 200 and code in opened.text
    assert refused.status == 404
    assert "O is read as 0, I is read as 1, L is read as 1" in refused.text
