"""Results made ready after their round (or the ladder's games) was released go into the book
by themselves, as the queue promises ("each result confirmed, accepted or entered from now on
goes into the book at once"): the real desk on a loopback port, its taker running, nobody
pressing Take results."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.workbooks import records
from tests.server.client import Client
from tests.server.desk_books import ladder, swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_book import ladder_games, phone_reports, signed_in

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow


def _taken(book: Path) -> set[tuple[int, int, str]]:
    """What the book's Desk Results lists (none before the first take writes the sheet)."""
    if "Desk Results" not in openpyxl.load_workbook(book, read_only=True).sheetnames:
        return set()
    return {(r["Round"], r["Board"], r["Result"]) for r in records(book, "Desk Results")}


def test_a_board_entered_or_confirmed_after_the_release_goes_into_the_book(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=6)
    desk = Desk.open(book)
    codes = {p.board: p.code for p in desk.pairings(1)}
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        for side in ("white", "black"):
            phone_reports(state.base_url, f"127.0.1.{int(side == 'white')}", codes[1], side, "1-0")
        form = {"token": laptop.get("/arbiter?round=1").token(), "act": "release", "round": "1"}
        assert laptop.post("/arbiter/act", form).status == 303
        until(lambda: _taken(book) == {(1, 1, "1-0")}, "board 1 taken at the release")
        # After the release: board 2 entered by the arbiter, board 3 confirmed by both phones.
        form = {"token": laptop.get("/arbiter?round=1").token(), "act": "enter", "round": "1",
                "board": "2", "match": "0", "result": "0-1"}  # fmt: skip
        assert laptop.post("/arbiter/act", form).status == 303
        until(lambda: (1, 2, "0-1") in _taken(book), "board 2 taken without a Take results")
        for side in ("white", "black"):
            phone_reports(state.base_url, f"127.0.2.{int(side == 'white')}", codes[3], side, "½-½")
        until(lambda: (1, 3, "½-½") in _taken(book), "board 3 taken without a Take results")
    assert _taken(book) == {(1, 1, "1-0"), (1, 2, "0-1"), (1, 3, "½-½")}  # each once


def test_a_game_accepted_after_the_evenings_release_goes_into_the_book(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    before = ladder_games(book)
    desk = Desk.open(book)
    with running_desk(desk, book) as state:
        staff = signed_in(state.base_url)
        camp = desk.player_code("*")
        ids = [pid for pid, _ in desk.players()]
        games = [(ids[0], ids[1], "(1-0)"), (ids[2], ids[3], "(0-1)")]

        def report_and_accept(white: str, black: str, result: str) -> None:
            phone = Client(state.base_url, "127.0.3.1")
            form = {"token": phone.get("/game").token(), "code": camp, "white": white,
                    "black": black, "result": result}  # fmt: skip
            assert phone.post("/game", form).status == 200
            queue = staff.get("/arbiter").text
            token, item = re.findall(r'name="token" value="([^"]+)"><input type="hidden" '
                                     r'name="item" value="(\d+)"><button name="act" '
                                     r'value="accept"', queue)[0]  # fmt: skip
            form = {"token": token, "act": "accept", "item": item}
            assert staff.post("/arbiter/act", form).status == 303

        report_and_accept(*games[0])
        form = {"token": staff.get("/arbiter").token(), "act": "release"}
        assert staff.post("/arbiter/act", form).status == 303
        until(lambda: len(ladder_games(book)) == len(before) + 1, "the first game taken")
        report_and_accept(*games[1])  # after the evening's release
        until(lambda: len(ladder_games(book)) == len(before) + 2, "the later game taken")
    assert ladder_games(book) == before + games


def test_with_one_side_the_other_players_report_is_of_the_same_game(tmp_path: Path) -> None:
    """Desk Confirms `one side`, the evening's games released (issue 36, the second user test):
    Zoe's report stands on one report and goes into the book; Tom's report of the same game
    that differs is refused on his phone, never a second row with the opposite result."""
    book = ladder(tmp_path)
    workbook = openpyxl.load_workbook(book)
    workbook["Ladder Settings"].append(["Desk Confirms", "one side"])
    workbook.save(book)
    before = ladder_games(book)
    desk = Desk.open(book)
    with running_desk(desk, book) as state:
        staff = signed_in(state.base_url)
        zoe, tom, priya = [pid for pid, _ in desk.players()][:3]

        def phone_sends(code: str, white: str, black: str, result: str) -> str:
            phone = Client(state.base_url, "127.0.4.1")
            form = {"token": phone.get("/game").token(), "code": code, "white": white,
                    "black": black, "result": result}  # fmt: skip
            return phone.post("/game", form).text

        camp = phone_sends(desk.player_code("*"), tom, priya, "(1-0)")
        assert "confirmed: it stands on this one report" in camp
        assert "both reports agree" not in camp
        form = {"token": staff.get("/arbiter").token(), "act": "release"}
        assert staff.post("/arbiter/act", form).status == 303
        until(lambda: len(ladder_games(book)) == len(before) + 1, "the camp's game taken")
        assert "stands on this one report" in phone_sends(desk.player_code(zoe), zoe, tom, "(1-0)")
        until(lambda: len(ladder_games(book)) == len(before) + 2, "Zoe's game taken")
        refused = phone_sends(desk.player_code(tom), zoe, tom, "(0-1)")
        assert "already in the book" in refused
    assert ladder_games(book) == [*before, (tom, priya, "(1-0)"), (zoe, tom, "(1-0)")]
