"""The desk's pages as people use them, in real headless Chromium against the real server on a
loopback port: players report from a phone (390 px wide), a conflict shows on the public
screen, the arbiter (a laptop, 1,280 px; and a phone) signs in, corrects, enters and releases
the round, and prints the pairing cards. The desk behind is the in-memory fake
(tests/server/fake_desk.py); the real desk's round ending in the book is
tests/server/test_desk_book.py's.

Each page leaves a screenshot in the test's folder (``pytest --basetemp DIR`` keeps them)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.helpers.devtools import Browser
from tests.server.fake_desk import FakeDesk
from tests.server.running import PASSWORD, running_desk, until

from ratingbook.server import DeskState

pytestmark = pytest.mark.slow

PHONE, LAPTOP = 390, 1280
BOARDS = [("Ann Berg", "Tom <b>Hart</b>"), ("Dita Kay", "Emil Ost"),
          ("Zoë Long-Surname-Of-Many-Parts", "Bo Li")]  # fmt: skip


@pytest.fixture
def fake(tmp_path: Path) -> FakeDesk:
    return FakeDesk(tmp_path / "open.xlsx", BOARDS)


@pytest.fixture
def desk(fake: FakeDesk, tmp_path: Path) -> Iterator[DeskState]:
    with running_desk(fake, tmp_path / "open.xlsx") as state:
        yield state


def js(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def report(browser: Browser, side: str, result: str) -> str:
    """On a pairing's page: choose the side and the result, press Send."""
    return browser.submit(
        f"document.querySelector('input[name=side][value={side}]').checked = true;"
        f"document.querySelector('input[name=result][value=' + {js(js(result))} + ']')"
        ".checked = true; document.querySelector('form.desk button').click()"
    )


def fits(browser: Browser, width: int) -> None:
    """Nothing on the page makes it scroll sideways (a wide table scrolls in its own box)."""
    assert browser.scroll_width() <= width


def test_players_report_from_their_phones(desk: DeskState, fake: FakeDesk, tmp_path: Path) -> None:
    one, two = fake.boards[1].pairing.code, fake.boards[2].pairing.code
    with Browser(tmp_path / "phone", PHONE, 800) as phone:
        home = phone.open(f"{desk.base_url}/")
        assert "Round 2 is open for reports" in home
        phone.screenshot(tmp_path / "home-390.png")
        typed = one.lower().replace("-", " ")  # as a player types it
        page = phone.submit(
            f"document.getElementById('code').value = {js(typed)};"
            "document.querySelector('form.desk button').click()"
        )
        assert "Round 2, board 1" in page
        assert "Tom <b>Hart</b>" in page  # a name is text, never markup
        assert "+/-" not in page  # forfeits are the arbiter's
        fits(phone, PHONE)
        phone.screenshot(tmp_path / "pairing-390.png")
        received = report(phone, "white", "1-0")
        assert "Received" in received
        assert "Reported: it waits for the other player or the arbiter" in received
        phone.screenshot(tmp_path / "received-390.png")

        phone.open(f"{desk.base_url}/c/{one}")  # the other player scans the card's QR code
        assert "Confirmed: both reports agree" in report(phone, "black", "1-0")
        phone.open(f"{desk.base_url}/c/{two}")
        report(phone, "white", "1-0")
        phone.open(f"{desk.base_url}/c/{two}")
        assert "The reports differ: the arbiter decides" in report(phone, "black", "0-1")

        screen = phone.open(f"{desk.base_url}/screen")
        rows = [line for line in screen.splitlines() if line.strip()]
        assert any(re.search(r"1\s+Ann Berg\s+Tom <b>Hart</b>\s+1-0$", r) for r in rows), rows
        assert any("Dita Kay" in r and "the reports differ" in r for r in rows), rows
        fits(phone, PHONE)
        phone.screenshot(tmp_path / "screen-390.png")
    assert [call[3] for call in fake.calls if call[0] == "report"] == [
        "white", "black", "white", "black"]  # fmt: skip
    assert all(call[4] == "phone 127.0.0.1" for call in fake.calls if call[0] == "report")


def sign_in(browser: Browser, base_url: str, password: str = PASSWORD) -> str:
    assert "Password" in browser.open(f"{base_url}/arbiter")
    return browser.submit(
        f"document.getElementById('password').value = {js(password)};"
        "document.querySelector('form.desk button').click()"
    )


def act_on_row(browser: Browser, board: int, act: str, result: str = "") -> str:
    """In the queue, board ``board``'s row: choose ``result``, press ``act``."""
    return browser.submit(
        f"const row = [...document.querySelectorAll('table.queue tbody tr')]"
        f".find(r => r.cells[0].innerText.trim() === '{board}');"
        f"row.querySelector('select[name=result]').value = {js(result)};"
        f"row.querySelector('button[value={act}]').click()"
    )


def test_the_arbiter_corrects_enters_and_releases_a_round(
    desk: DeskState, fake: FakeDesk, tmp_path: Path
) -> None:
    fake.report(fake.boards[1].pairing.code, "1-0", side="white", origin="phone 10.0.0.4")
    fake.report(fake.boards[1].pairing.code, "1-0", side="black", origin="phone 10.0.0.5")
    fake.report(fake.boards[2].pairing.code, "1-0", side="white", origin="phone 10.0.0.6")
    fake.report(fake.boards[2].pairing.code, "0-1", side="black", origin="phone 10.0.0.7")
    with Browser(tmp_path / "laptop", LAPTOP, 900) as laptop:
        assert "Wrong password" in sign_in(laptop, desk.base_url, "not it at all")
        queue = sign_in(laptop, desk.base_url)
        assert "Round 2: the queue" in queue
        assert "conflict 1" in queue and "missing 1" in queue and "confirmed 1" in queue
        assert "phone 10.0.0.7" in queue  # who reported, and from where
        laptop.screenshot(tmp_path / "queue-before-1280.png")
        corrected = act_on_row(laptop, 2, "correct", "½-½")
        assert "Corrected round 2, board 2 (Dita Kay - Emil Ost) to ½-½." in corrected
        entered = act_on_row(laptop, 3, "enter", "+/-")
        assert "Entered +/- for round 2, board 3." in entered
        released = laptop.submit("document.querySelector('button[value=release]').click()")
        assert "Round 2: 3 results released." in released
        until(lambda: "taken 3" in laptop.open(f"{desk.base_url}/arbiter"), "3 taken")
        assert "Last take: 3 results taken into the book." in laptop.text()
        laptop.screenshot(tmp_path / "queue-after-1280.png")
        cards = laptop.open(f"{desk.base_url}/arbiter/cards?round=2")
        assert laptop.evaluate("document.querySelectorAll('section.card svg.qr').length") == 3
        code = fake.boards[3].pairing.code
        assert code in cards
        assert f"{desk.base_url}" in cards
        laptop.screenshot(tmp_path / "cards-1280.png")
        laptop.open(f"{desk.base_url}/arbiter/cards?round=2&list=1")
        laptop.screenshot(tmp_path / "codes-1280.png")
    acts = [call[:4] for call in fake.calls if call[0] in ("correct", "enter", "release")]
    assert acts == [("correct", 2, "½-½", "arbiter 127.0.0.1"),
                    ("enter", 2, 3, "+/-"), ("release", 2, "arbiter 127.0.0.1")]  # fmt: skip
    assert [b.pairing.result_in_book for b in fake.boards.values()] == ["1-0", "½-½", "+/-"]


def test_the_arbiters_queue_on_a_phone(desk: DeskState, fake: FakeDesk, tmp_path: Path) -> None:
    fake.report(fake.boards[1].pairing.code, "½-½", side="white", origin="phone 10.0.0.4")
    with Browser(tmp_path / "phone", PHONE, 800) as phone:
        queue = sign_in(phone, desk.base_url)
        assert "reported 1" in queue
        fits(phone, PHONE)  # the queue's table scrolls in its own box
        phone.screenshot(tmp_path / "queue-390.png")
        accepted = act_on_row(phone, 1, "accept")
        assert "Accepted round 2, board 1 (Ann Berg - Tom <b>Hart</b>)." in accepted
        signed_out = phone.submit("document.querySelector('button.quiet').click()")
        assert "Password" in signed_out
