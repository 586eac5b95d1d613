"""The pairing cards' QR codes are made once per code, and only for the page that shows them
(issue 36: 250 boards' cards and the pairing list with codes each took some 4.5 s at every
printing, segno making every board's QR code again; the list shows none). Counted, not timed:
every QR code segno makes while the real server answers the arbiter's browser."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from tests.helpers.qr_reading import qr_format, read_qr, svg_modules
from tests.server.client import Client
from tests.server.fake_desk import FakeDesk
from tests.server.running import running_desk
from tests.server.test_desk_security import signed_in

from ratingbook.desk.codes import new_code
from ratingbook.server import DeskState
from ratingbook.server.cards import code_link, svg_qr

BOARDS = [(f"White {n}", f"Black {n}") for n in range(1, 13)]


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What segno is asked to encode, from now on (every fake desk's codes are new: no QR code
    kept from another test is of this one's links)."""
    asked: list[str] = []
    real = segno.make

    def make(content: str, **options: object) -> segno.QRCode:
        asked.append(content)
        return real(content, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(segno, "make", make)  # as the desk calls it: segno.make
    return asked


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[tuple[Client, FakeDesk, DeskState]]:
    fake = FakeDesk(tmp_path / "open.xlsx", BOARDS)
    with running_desk(fake, tmp_path / "open.xlsx") as state:
        yield signed_in(state), fake, state


def test_the_pairing_list_with_codes_makes_no_qr_code(
    laptop: tuple[Client, FakeDesk, DeskState], made: list[str]
) -> None:
    client, fake, _ = laptop
    page = client.get("/arbiter/cards?round=2&list=1")
    assert page.status == 200
    assert all(b.pairing.code in page.text for b in fake.boards.values())
    assert "<svg" not in page.text
    assert made == []


def test_a_boards_qr_code_is_made_once_however_often_the_cards_are_printed(
    laptop: tuple[Client, FakeDesk, DeskState], made: list[str]
) -> None:
    client, fake, state = laptop
    links = sorted(f"{state.base_url}/c/{b.pairing.code}" for b in fake.boards.values())
    first = client.get("/arbiter/cards?round=2").text
    again = client.get("/arbiter/cards?round=2").text
    assert sorted(made) == links  # each board's link, once
    assert first == again
    # each card carries its own board's QR code: its link, as a reader independent of segno
    # reads it (every block's Reed-Solomon check passes), at level M with the one mask
    for board in fake.boards.values():
        link = f"{state.base_url}/c/{board.pairing.code}"
        card = re.search(
            rf"<section class=\"card\"[^>]*>(?:(?!</section>).)*{board.pairing.code}", first, re.S
        )
        assert card is not None
        svg = re.search(r"<svg.*?</svg>", card.group(0), re.S)
        assert svg is not None
        modules = svg_modules(svg.group(0), scale=3, border=2)
        assert read_qr(modules) == link
        assert qr_format(modules) == ("M", 7)  # segno scored no masks to choose one


@pytest.mark.parametrize("host", ["http://127.0.0.1:8036", "http://192.168.178.123:38036"])
def test_every_cards_qr_code_reads_back_its_link(host: str) -> None:
    """A hundred links of fresh codes: each card's QR code, as printed (the SVG), read by the
    independent reader, holds its link, level M, the one mask (none scored)."""
    for _ in range(100):
        link = code_link(host, new_code())
        modules = svg_modules(str(svg_qr(link, "a card")), scale=3, border=2)
        assert read_qr(modules) == link
        assert qr_format(modules) == ("M", 7)
