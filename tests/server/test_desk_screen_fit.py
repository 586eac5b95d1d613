"""The public results screen at a phone's width (390 px) with every kind of line it shows
(issue 36's third user test found "waits for confirmatio" clipped): the essential columns
(White, Black, Result) whole on the screen, measured in real headless Chromium as
tests/server/test_desk_page_fit.py measures every page, against the real server on a loopback
port over a real Swiss whose players have names of a real open's lengths."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.devtools import Browser
from tests.server.desk_books import paired_swiss
from tests.server.running import running_desk
from tests.server.test_desk_page_fit import DESK_COLUMNS, PHONE, look

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow


#: Names as long as the user test's (two words, up to 13 letters each).
NAMES = ("Anna Berg", "Priya Sharma", "Quentin Moreau", "Bob Carter", "Chloé Dubois",
         "Rosa Alvarez", "Sven Olsen", "Dmitri Volkov", "Gabriel Ortiz", "Vera Kuznetsova",
         "Åsa Lindqvist", "Lena Schmidt", "Femke de Vries", "Umar Farouk")  # fmt: skip


def test_the_results_screen_fits_a_phone_with_every_kind_of_line(tmp_path: Path) -> None:
    players = [{"Name": n, "Rating": 2200 - 10 * i} for i, n in enumerate(NAMES)]
    book = paired_swiss(tmp_path / "open.xlsx", [("Rounds", 5, None)], players)
    desk = Desk.open(book)
    one, two, three, four, five = desk.pairings(1)[:5]
    desk.report(one.code, "1-0", side="white", origin="phone")  # waits for confirmation
    desk.report(two.code, "1-0", side="white", origin="phone")
    desk.report(two.code, "0-1", side="black", origin="phone")  # the reports differ
    desk.report(three.code, "½-½", side="white", origin="phone")
    item = next(q.id for q in desk.queue(1) if q.board == three.board)
    desk.reject(item, by="arbiter", reason="wrong board")  # rejected, with its reason
    desk.enter(1, four.board, "+/-", by="arbiter")  # the arbiter's
    desk.report(five.code, "½-½", side="black", origin="phone")
    with running_desk(desk, book) as state, Browser(tmp_path / "phone", PHONE, 800) as phone:
        phone.open(f"{state.base_url}/screen")
        assert "waits for confirmation" in phone.text()
        said = look(phone, tmp_path, "/screen", DESK_COLUMNS["/screen"])
    assert said == []
