"""The desk as an organiser runs it, end to end, on real books: ``ratingbook desk BOOK`` started
as a process, a 40-player Swiss round reported from 40 phones (each its own loopback address),
the arbiter releasing it, and the book then holding what an arbiter typing the same results
would have (cell for cell, but the desk's own record sheets); the live pages showing them; a
team round reported on the players' pages, each board named by its match; a camp evening of
ladder games reported with the camp's code. And where it listens: this computer only, unless
``--lan``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.desk.desk_books import copy, template, type_boards
from tests.helpers.devtools import Browser
from tests.helpers.workbooks import all_values, records
from tests.server.client import Client
from tests.server.desk_books import ladder, swiss_round_one
from tests.server.running import PASSWORD, running_desk, until
from tests.server.started import listening_addresses, started
from tests.server.test_desk_pages import report, sign_in

from ratingbook.desk import Desk
from ratingbook.files.backends import open_book
from ratingbook.session import NeedsConfirmation, Recalc, Session
from ratingbook.workbook.port.book import WriteBlock

pytestmark = pytest.mark.slow

#: A board's result by a rule of the test's own (board n: the n-th of these, cyclically).
RESULTS = ("1-0", "½-½", "0-1")
#: The sheets a take writes by design beside what typing writes: the desk's record of each
#: result taken, and FIDE mode's log, state and the undo history.
RECORDS = ("Desk Results", "Event Log", "Event State", "Event History")


def signed_in(url: str) -> Client:
    laptop = Client(url)
    page = laptop.get("/arbiter")
    assert (
        laptop.post("/arbiter/login", {"token": page.token(), "password": PASSWORD}).status == 303
    )
    return laptop


def codes_list(laptop: Client, round: int) -> list[tuple[int, str, str, str]]:
    """The pairing list with codes, as printed: (board, white, black, code)."""
    page = laptop.get(f"/arbiter/cards?round={round}&list=1").text
    rows = re.findall(
        r'<tr><td class="num">(\d+)</td><td class="name">(.*?)</td>'
        r'<td class="name">(.*?)</td><td class="code">(.*?)</td></tr>', page
    )  # fmt: skip
    return [(int(b), w, k, c) for b, w, k, c in rows]


def phone_reports(url: str, address: str, code: str, side: str, result: str) -> str:
    phone = Client(url, address)
    page = phone.get(f"/c/{code}")
    assert page.status == 200, page.text
    form = {"code": code, "token": page.token(), "side": side, "result": result}
    answer = phone.post("/report", form)
    assert answer.status == 200, answer.text
    return answer.text


def type_results(path: Path, results: dict[int, str]) -> None:
    """Round 1's results typed into Swiss Games by board, then Recalc Ratings: as an arbiter
    at the laptop would."""
    book = open_book(str(path))
    grid = book.read_values("Swiss Games")
    header = [str(v) for v in grid[0]]
    at = {name: header.index(name) for name in ("Round", "Board", "Result")}
    for row, line in enumerate(grid[1:], start=2):
        if line[at["Round"]] == 1 and line[at["Board"]] in results:
            result = results[line[at["Board"]]]
            book.write_values(WriteBlock("Swiss Games", row, at["Result"] + 1, [[result]]))
    outcome = Session(book, who="arbiter").run(Recalc())
    assert not isinstance(outcome, NeedsConfirmation), outcome
    book.save(str(path))


def values_but_records(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    return {name: v for name, v in all_values(path).items() if name not in RECORDS}


def test_a_40_player_round_reported_from_phones_ends_in_the_book(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path)
    typed = tmp_path / "typed" / "open.xlsx"
    typed.parent.mkdir()
    shutil.copy(book, typed)
    with started(book) as desk:
        assert listening_addresses(desk.port) == {"127.0.0.1"}  # this computer only
        assert desk.url == f"http://127.0.0.1:{desk.port}"
        laptop = signed_in(desk.url)
        boards = codes_list(laptop, 1)
        assert [b for b, *_ in boards] == list(range(1, 21))
        results = {board: RESULTS[board % 3] for board, *_ in boards}
        for board, _white, _black, code in boards:
            first = phone_reports(desk.url, f"127.0.1.{board}", code, "white", results[board])
            assert "Received" in first
            phone_reports(desk.url, f"127.0.2.{board}", code, "black", results[board])
        queue = laptop.get("/arbiter?round=1").text
        assert "confirmed 20" in queue
        form = {"token": laptop.get("/arbiter?round=1").token(0), "act": "release", "round": "1"}
        assert laptop.post("/arbiter/act", form).status == 303
        said = laptop.get("/arbiter?round=1").text
        # the release took them before the queue came back: its Last take is this release's
        assert "Round 1: 20 results released." in said and "taken 20" in said
        assert "Last take: 20 results taken into the book." in said
        pairings = laptop.get("/live/round-1.html").text
        assert all(result in pairings for result in RESULTS)
        # a phone on the published pages finds its way back to the desk
        assert '<a href="/">Report a result</a>' in pairings
        assert '<a href="/screen">Results as reported</a>' in pairings
        assert desk.stop().strip().endswith("The desk stopped.")
    type_results(typed, results)
    assert values_but_records(book) == values_but_records(typed)


def ladder_games(book: Path) -> list[tuple[str, str, str]]:
    """The Ladder Games rows: White's id, Black's id, the result."""
    sheet = openpyxl.load_workbook(book)["Ladder Games"]
    return [(str(w), str(b), str(r)) for w, b, r, *_ in sheet.iter_rows(min_row=2, values_only=True)
            if w is not None]  # fmt: skip


def test_a_camp_evening_of_ladder_games(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    before = ladder_games(book)
    with started(book) as desk:
        staff = signed_in(desk.url)
        codes = staff.get("/arbiter/cards").text
        camp = re.search(r'The camp \(anyone\)</td><td class="code">(.*?)</td>', codes)
        assert camp is not None
        phone = Client(desk.url, "127.0.3.1")
        form_page = phone.get("/game").text
        players = re.findall(r'<option value="(\d+)">(.*?)</option>', form_page)
        games = [(players[0][0], players[1][0], "(1-0)"), (players[2][0], players[3][0], "(½-½)"),
                 (players[1][0], players[2][0], "(0-1)")]  # fmt: skip
        for white, black, result in games:
            token = phone.get("/game").token()
            form = {"token": token, "code": camp.group(1), "white": white, "black": black,
                    "result": result}  # fmt: skip
            answer = phone.post("/game", form)
            assert answer.status == 200, answer.text
        queue = staff.get("/arbiter").text
        assert queue.count("(phone 127.0.3.1") == 3
        assert "reported 3" in queue  # the camp's code: each game waits for the staff
        rows = re.findall(r'name="token" value="([^"]+)"><input type="hidden" name="item" '
                          r'value="(\d+)"><button name="act" value="accept"', queue)  # fmt: skip
        assert len(rows) == 3
        for token, item in rows:
            form = {"token": token, "act": "accept", "item": item}
            assert staff.post("/arbiter/act", form).status == 303
        assert "accepted 3" in staff.get("/arbiter").text
        form = {"token": staff.get("/arbiter").token(0), "act": "release"}
        assert staff.post("/arbiter/act", form).status == 303
        until(lambda: "taken 3" in staff.get("/arbiter").text, "3 games taken")
        assert "Last take: 3 results taken into the book." in staff.get("/arbiter").text
        desk.stop()
    assert ladder_games(book) == before + games  # each game once, in the order reported


def test_a_round_reported_and_released_in_chromium_ends_in_the_book(tmp_path: Path) -> None:
    """The same with the real desk in-process and real Chromium: the players on a phone's
    width, the arbiter on a laptop's."""
    book = swiss_round_one(tmp_path, players=6)
    typed = tmp_path / "typed" / "open.xlsx"
    typed.parent.mkdir()
    shutil.copy(book, typed)
    desk = Desk.open(book)
    boards = {p.board: p.code for p in desk.pairings(1)}
    results = {board: RESULTS[board % 3] for board in boards}
    with running_desk(desk, book) as state, Browser(tmp_path / "phone", 390, 800) as phone:
        for board, code in boards.items():
            for side in ("white", "black"):
                phone.open(f"{state.base_url}/c/{code}")
                said = report(phone, side, results[board])
                assert "Received" in said, said
        phone.screenshot(tmp_path / "received-390.png")
        with Browser(tmp_path / "laptop", 1280, 900) as laptop:
            queue = sign_in(laptop, state.base_url)
            assert "confirmed 3" in queue
            laptop.submit("document.querySelector('button[value=release]').click()")
            queue_1 = f"{state.base_url}/arbiter?round=1"
            until(lambda: "taken 3" in laptop.open(queue_1), "3 taken")
            laptop.screenshot(tmp_path / "queue-1280.png")
            standings = laptop.open(f"{state.base_url}/live/round-1.html")
            assert all(results[b] in standings for b in boards)
            # The take recalculated the book, which paired round 2 (Auto-pair): the desk's
            # queue and codes are round 2's now.
            assert "Round 2: the queue" in laptop.open(f"{state.base_url}/arbiter")
            laptop.screenshot(tmp_path / "round-2-1280.png")
    type_results(typed, results)
    assert values_but_records(book) == values_but_records(typed)


def test_a_team_round_reported_from_the_players_pages_ends_in_the_team_book(
    tmp_path: Path,
) -> None:
    """A team event's round (every match has its board 1: the match names the board) reported
    on the players' pages in Chromium on a phone's width, both sides of each board; the arbiter
    releases it; the team book holds what typing the same results into Team Boards and Recalc
    Ratings gives, cell for cell (but the desk's own records), and Desk Results lists each
    board with its match."""
    book = template(tmp_path, "team", pair=True)
    typed = copy(book, "typed.xlsx")
    desk = Desk.open(book)
    rnd = desk.round()
    assert (desk.kind, rnd) == ("team", 2)
    pairings = desk.pairings(rnd)
    boards = {m: {p.board for p in pairings if p.match == m} for m in (1, 2)}
    assert boards[1] == boards[2]  # every match has its board 1
    results = {(p.match, p.board): RESULTS[n % 3] for n, p in enumerate(pairings)}
    with running_desk(desk, book) as state, Browser(tmp_path / "phone", 390, 800) as phone:
        for p in pairings:
            page = phone.open(f"{state.base_url}/c/{p.code}")
            assert f"Round 2, match {p.match}, board {p.board}" in page
            assert f"White ({p.white})" in page and f"Black ({p.black})" in page
            for side in ("white", "black"):
                phone.open(f"{state.base_url}/c/{p.code}")
                said = report(phone, side, results[(p.match, p.board)])
                assert "Received" in said, said
                assert f"Round 2, match {p.match}, board {p.board}: {p.white}" in said
        screen = phone.open(f"{state.base_url}/screen")
        assert "Match" in screen
        phone.screenshot(tmp_path / "team-screen-390.png")
        laptop = signed_in(state.base_url)
        cards = laptop.get(f"/arbiter/cards?round={rnd}&list=1").text
        listed = re.findall(
            r'<tr><td class="num">(\d+)</td><td class="num">(\d+)</td><td class="name">(.*?)</td>',
            cards,
        )
        assert [(int(m), int(b), w) for m, b, w in listed] == [
            (p.match, p.board, p.white) for p in pairings
        ]
        queue = laptop.get(f"/arbiter?round={rnd}")
        assert f"confirmed {len(pairings)}" in queue.text
        form = {"token": queue.token(0), "act": "release", "round": str(rnd)}
        assert laptop.post("/arbiter/act", form).status == 303
        until(lambda: f"taken {len(pairings)}" in laptop.get(f"/arbiter?round={rnd}").text, "taken")
    type_boards(typed, "Team Boards", {(rnd, m, b): r for (m, b), r in results.items()})
    assert values_but_records(book) == values_but_records(typed)
    taken = records(book, "Desk Results")
    assert {(r["Round"], r["Match"], r["Board"], r["Result"]) for r in taken} == {
        (rnd, m, b, r) for (m, b), r in results.items()
    }


def test_the_desk_serves_the_venues_network_only_when_told(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=4)
    with started(book, "--lan") as desk:
        assert listening_addresses(desk.port) == {"0.0.0.0"}
        assert any("▄" in line or "█" in line for line in desk.said)  # the QR code
        assert not desk.url.startswith("http://127.")
        assert Client(f"http://127.0.0.1:{desk.port}").get("/").status == 200
        desk.stop()
