"""The results screen and the pairing list with codes at a phone's width (390 px) with the
long names of a real open (the results desk's user test 47: "Alexandra Konstantinopoulou",
"Bartholomew Fitzgerald-Worth" pushed the Result column to "Resu" and the Code column off the
screen): the board, both names (wrapped if need be) and the result or code whole on the
screen without swiping, measured in real headless Chromium as tests/server/test_desk_page_fit.py
measures every page, against the real server on a loopback port over a real Swiss."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.devtools import Browser
from tests.server.desk_books import paired_swiss
from tests.server.running import running_desk
from tests.server.test_desk_page_fit import PHONE, look
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
