"""What the desk's pages say on a camp's ladder (issue 36's third user test), against the
real server on a loopback port over the camp template: the Players' codes page says what the
camp's code does under the book's Desk Confirms, the pages say "staff" where a camp's desk
has no arbiter, the queue labels a report sent with the camp's code, and a game whose reports
were rejected is given its result by Enter, as the guide's table says."""

from __future__ import annotations

import html
import re
from pathlib import Path

import openpyxl
import pytest
from tests.server.client import Answer, Client
from tests.server.desk_books import ladder
from tests.server.running import running_desk
from tests.server.test_desk_queue import guide_acts, rows_of, signed_in

from ratingbook.desk import CAMP, Desk
from ratingbook.server import Limits

pytestmark = pytest.mark.slow

LIMITS = Limits(burst=1000, per_second=1000)


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        (None, "such a game waits until one of its players reports it alike with a personal code, "
               "or the staff accept it"),
        ("one side", "the game stands at once, without the staff (Desk Confirms: one side): "
                     "give it to staff only"),
        ("arbiter", "anyone who has it can report any game: the staff accept each"),
    ],
)  # fmt: skip
def test_the_codes_page_says_what_the_camp_code_does(
    tmp_path: Path, setting: str | None, said: str
) -> None:
    book = ladder(tmp_path)
    if setting:
        workbook = openpyxl.load_workbook(book)
        workbook["Ladder Settings"].append(["Desk Confirms", setting])
        workbook.save(book)
    desk = Desk.open(book)
    with running_desk(desk, book, LIMITS) as state:
        page = text(signed_in(state.base_url).get("/arbiter/cards").text)
    assert said in page
    if setting == "one side":
        assert "the staff accept each" not in page


def test_a_camp_desk_says_staff_and_names_the_camp_code(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][:2]
    camp = desk.player_code(CAMP)
    desk.report_game(camp, a, b, "1-0", origin="phone 1")
    differs = desk.report_game(desk.player_code(a), a, b, "0-1", origin="phone 2")
    assert differs.message.endswith(", the reports differ: the staff decide")
    with running_desk(desk, book, LIMITS) as state:
        screen = text(Client(state.base_url).get("/screen").text)
        assert "Wrong? Tell the staff." in screen
        assert "the reports differ: the staff decide" in screen
        signed_out = Client(state.base_url).get("/arbiter").text
        assert "<h1>Staff</h1>" in signed_out and ">Arbiter<" not in signed_out
        staff = signed_in(state.base_url)
        queue = text(staff.get("/arbiter").text)
        assert "(1-0) by the camp's code" in queue and "(0-1) by white" in queue
        assert "arbiter" not in queue.replace("/arbiter", "").lower()


def test_a_rejected_games_button_is_the_guides_enter(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][:2]
    item = desk.report_game(desk.player_code(CAMP), a, b, "1-0", origin="phone").item_id
    desk.reject(item, by="staff", reason="no such game")
    with running_desk(desk, book, LIMITS) as state:
        staff = signed_in(state.base_url)
        page = staff.get("/arbiter").text
        [row] = rows_of(page)
        assert row.status == "rejected"
        assert {button for form in row.forms for button in form.buttons} == guide_acts()["rejected"]
        form = {"token": Answer(0, {}, page).token(), "act": "enter", "item": str(item),
                "result": "0-1"}  # fmt: skip
        assert staff.post("/arbiter/act", form).status == 303
        assert "Entered 0-1 for the game" in text(staff.get("/arbiter").text)
    assert [(q.status, q.result) for q in desk.queue()] == [("entered", "(0-1)")]


def test_a_camp_game_rejected_as_the_same_game_twice_waits_no_more(tmp_path: Path) -> None:
    """The second desk user test: the guide advises Reject for the same game twice ("it
    waits no more"); the queue's answer and the results screen said it waits for new reports,
    and told everyone in the hall to report again."""
    book = ladder(tmp_path)
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][:2]
    camp = desk.player_code(CAMP)
    desk.report_game(camp, a, b, "1-0", origin="phone 1")
    twice = desk.report_game(camp, a, b, "1-0", origin="phone 2").item_id
    with running_desk(desk, book, LIMITS) as state:
        staff = signed_in(state.base_url)
        form = {"token": staff.get("/arbiter").token(), "act": "reject", "item": str(twice),
                "reason": "the same game twice"}  # fmt: skip
        assert staff.post("/arbiter/act", form).status == 303
        queue = text(staff.get("/arbiter").text)
        screen = text(Client(state.base_url).get("/screen").text)
    names = dict(desk.players())
    assert (
        f"Rejected the game {names[a]} - {names[b]} (the same game twice): it waits no more."
    ) in queue
    assert "waits for new reports" not in queue
    assert "rejected by the staff" in screen
    assert "report again" not in screen
