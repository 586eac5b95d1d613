"""The results screen and the pairing list with codes at a phone's width (390 px) with the
long names of a real open (the results desk's user test 47: "Alexandra Konstantinopoulou",
"Bartholomew Fitzgerald-Worth" pushed the Result column to "Resu" and the Code column off the
screen): the board, both names (wrapped if need be) and the result or code whole on the
screen without swiping, measured in real headless Chromium as tests/server/test_desk_page_fit.py
measures every page, against the real server on a loopback port over a real Swiss. And a
round's page, published (``ratingbook publish``) and at the desk's ``/live/``, with the second
user test's names: "Siobhán Ní Mhaoilchiaráin" beside "Alexandra Konstantinopoulou" pushed
Black off a 390 px phone; a word wider than its column breaks inside itself there."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import run
from tests.helpers.devtools import Browser
from tests.integration.test_page_fit import INDIVIDUAL, _essential, _problems, measure
from tests.server.desk_books import paired_swiss
from tests.server.running import running_desk
from tests.server.test_desk_page_fit import DESK_COLUMNS, LAPTOP, PHONE, look
from tests.server.test_desk_pages import sign_in

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow

#: The user test's names: one word of 17 letters, a double-barrelled surname, diacritics.
NAMES = ("Alexandra Konstantinopoulou", "Bartholomew Fitzgerald-Worth", "Éloïse Duchâtel",
         "Fatima Al-Rashid", "Chen Wei", "Gunnar Østergaard", "Hiroshi Tanaka",
         "Dmitri Ivanov")  # fmt: skip


def test_long_names_leave_the_result_and_the_code_on_a_phone(tmp_path: Path) -> None:
    players = [{"Name": n, "Rating": 2200 - 10 * i} for i, n in enumerate(NAMES)]
    book = paired_swiss(tmp_path / "open.xlsx", [("Rounds", 5, None)], players)
    desk = Desk.open(book)
    one, two, three, _ = desk.pairings(1)
    desk.report(one.code, "1-0", side="white", origin="phone")
    desk.report(one.code, "0-1", side="black", origin="phone")  # the reports differ
    desk.enter(1, two.board, "½-½", by="arbiter")  # ½-½ (arbiter)
    desk.report(three.code, "1-0", side="white", origin="phone")  # waits for confirmation
    with running_desk(desk, book) as state, Browser(tmp_path / "phone", PHONE, 844) as phone:
        base = state.base_url
        phone.open(f"{base}/screen")
        assert "Konstantinopoulou" in phone.text()
        said = look(phone, tmp_path, "/screen", ("Board", "White", "Black", "Result"))
        sign_in(phone, base)
        phone.open(f"{base}/arbiter/cards?round=1&list=1")
        said += look(phone, tmp_path, "/arbiter/cards-list", ("Board", "White", "Black", "Code"))
    assert said == []


#: The second user test's open (47), by rating: the top half meets the bottom half in round 1,
#: so "Alexandra Konstantinopoulou" meets "Siobhán Ní Mhaoilchiaráin" on board 1.
OPEN = ("Alexandra Konstantinopoulou", "Jean-Baptiste Delacroix-Beaumont",
        "Ingrid Østergaard-Sørensen", "Oluwaseun Adebayo-Ogunleye", "Wei Li",
        "Siobhán Ní Mhaoilchiaráin", "Bartholomew Fitzgerald-Worth", "Ana Lu",
        "Maximilian Hohenberg-Sigmaringen", "Kristjan Vilhjálmsson")  # fmt: skip


def test_a_rounds_page_shows_board_both_names_and_the_result_on_a_phone(tmp_path: Path) -> None:
    players = [{"Name": n, "Rating": 2200 - 10 * i} for i, n in enumerate(OPEN)]
    book = paired_swiss(tmp_path / "open.xlsx", [("Rounds", 5, None)], players)
    desk = Desk.open(book)
    one = desk.pairings(1)[0]
    assert (one.white, one.black) == ("Alexandra Konstantinopoulou", "Siobhán Ní Mhaoilchiaráin")
    for pairing in desk.pairings(1):
        desk.enter(1, pairing.board, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 5
    # published: round 1 with its results, round 2 paired (the frames of test_page_fit: a
    # true 390 px layout, and the 1,280 px screen)
    done = run("publish", book, "--out-dir", tmp_path / "site")
    assert done.returncode == 0, done.stderr
    (tmp_path / "measured").mkdir()
    records = measure(tmp_path / "site", INDIVIDUAL, tmp_path / "measured")
    rounds = [r for r in records if r["page"].startswith("round-")]
    assert {r["page"] for r in rounds} == {"round-1.html", "round-2.html"}
    said = _problems(rounds)
    # round 2's queue as the user test had round 1's: reports that agree, differ, wait
    two = desk.pairings(2)
    origin = "phone 127.0.0.1"
    whites, blacks = ("1-0", "½-½", None, "1-0", None), ("1-0", "0-1", "1-0", "0-1", None)
    for pairing, white, black in zip(two, whites, blacks, strict=True):
        if white:
            desk.report(pairing.code, white, side="white", origin=origin)
        if black:
            desk.report(pairing.code, black, side="black", origin=origin)
    # the same pages at the desk, on a phone and a laptop; the arbiter's queue on a laptop:
    # at 1,280 px it was 1,183 px wide in a 1,168 px box, the Act column cut
    with running_desk(desk, book) as state:
        for width in (PHONE, LAPTOP):
            with Browser(tmp_path / f"browser-{width}", width, 844) as browser:
                for page in ("round-1.html", "round-2.html"):
                    browser.open(f"{state.base_url}/live/{page}")
                    assert "Mhaoilchiar" in browser.text()
                    said += look(browser, tmp_path, f"/live/{page}", _essential(INDIVIDUAL, page))
                assert "Round 2: the queue" in sign_in(browser, state.base_url)
                said += look(browser, tmp_path, "/arbiter", DESK_COLUMNS["/arbiter"])
    assert said == []
