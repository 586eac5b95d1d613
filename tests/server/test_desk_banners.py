"""The arbiter's queue says what is true at the moment it is shown (issue 36's third user
test), against the real server on a loopback port over real books: the count of released
results that wait is the desk's one count (the same ``ratingbook results take`` gives), a
released ladder game the book refuses can be rejected, and the banners say why results wait
(a conflict with the book, the book open in Excel) and what the arbiter's last act took."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.desk.desk_books import template
from tests.desk.test_inactive import evening_with, make_inactive
from tests.server.client import Client
from tests.server.desk_books import swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_queue import rows_of, signed_in

from ratingbook.cli import cli
from ratingbook.desk import Desk
from ratingbook.files.backends import open_book
from ratingbook.server import Limits
from ratingbook.workbook.port.book import WriteBlock

pytestmark = pytest.mark.slow

LIMITS = Limits(burst=1000, per_second=1000)


def act(laptop: Client, page: str, **form: str) -> str:
    """Send an act from the queue ``page`` (its first form's token: any of its forms' is
    this session's) and read the queue it sends back to."""
    back = laptop.get(page)
    answer = laptop.post("/arbiter/act", {"token": back.token(), **form})
    assert answer.status == 303, answer.text
    return laptop.get(answer.headers["Location"]).text


def banners(page: str) -> str:
    """The queue's sentences above the table, tags stripped."""
    top = page[page.index("<h1>") : page.index('<table class="queue">')]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", top))


def test_a_released_game_the_book_refuses_is_rejected_and_waits_no_more(
    tmp_path: Path,
) -> None:
    book = template(tmp_path, "ladder")
    desk, gone, _ = evening_with(book, "Nina Vale")
    make_inactive(book, gone)  # staff mark her inactive after her game was reported
    with running_desk(desk, book, LIMITS) as state:
        laptop = signed_in(state.base_url)
        page = act(laptop, "/arbiter", act="release")
        said = banners(page)
        assert "Nina Vale is not active this week: not taken" in said
        assert "1 released result waits: the last take left it out" in said
        refused = [row for row in rows_of(page) if row.status == "accepted"]
        assert len(refused) == 1
        offered = {button for form in refused[0].forms for button in form.buttons}
        assert offered == {"correct", "reject"}  # the guide: "or reject the game"
        item = next(q.id for q in desk.queue() if q.status == "accepted")
        page = act(laptop, "/arbiter", act="reject", item=str(item), reason="inactive")
        said = banners(page)
        assert "released result" not in said  # nothing waits, as results take says
        # The release's one take: it took Priya's other game and refused this one.
        assert (
            "Last take (before your last act): 1 result taken into the book. The game Priya "
            "Nair - Nina Vale: Nina Vale is not active this week: not taken" in said
        ), said
        assert desk.waiting() == frozenset()
    done = CliRunner().invoke(cli, ["results", "take", str(book)])
    assert done.exit_code == 0, done.output
    assert "Nothing waits to be taken" in done.output


def type_result(path: Path, board: int, result: str) -> None:
    """``result`` typed into round 1's ``board`` in Swiss Games, saved."""
    opened = open_book(str(path))
    grid = opened.read_values("Swiss Games")
    at = {name: grid[0].index(name) for name in ("Round", "Board", "Result")}
    row = next(
        n
        for n, line in enumerate(grid[1:], 2)
        if (line[at["Round"]], line[at["Board"]]) == (1, board)
    )
    opened.write_values(WriteBlock("Swiss Games", row, at["Result"] + 1, [[result]]))
    opened.save(str(path))


def test_each_banner_is_true_of_the_moment(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=8)
    desk = Desk.open(book)
    pairings = desk.pairings(1)
    for pairing in pairings[:2]:
        for side in ("white", "black"):
            desk.report(pairing.code, "0-1", side=side, origin="phone")  # type: ignore[arg-type]
    type_result(book, 1, "1-0")  # board 1 typed in the book meanwhile, otherwise
    owner = book.with_name("~$" + book.name)
    with running_desk(desk, book, LIMITS) as state:
        laptop = signed_in(state.base_url)
        owner.write_bytes(b"arbiter")  # the book open in Excel
        page = act(laptop, "/arbiter?round=1", act="release", round="1")
        said = banners(page)
        assert "Round 1: 2 results released." in said
        assert "go into the book now" not in said  # it does not, the book is open in Excel
        assert "The book is open in Excel: 2 released results wait." in said
        owner.unlink()  # closed
        act(laptop, "/arbiter?round=1", act="take", round="1")
        until(lambda: "the book holds" in state.last_take, "the take asked for by the button")
        said = banners(laptop.get("/arbiter?round=1").text)
        assert "the book holds 1-0, the desk 0-1: not taken" in said
        assert "as soon as the book is free" not in said and "open in Excel" not in said
        assert "1 released result waits: the last take left it out" in said
        # Accept a third board in the released round: the queue shown next is its take's
        third = pairings[2]
        desk.report(third.code, "½-½", side="white", origin="phone")
        item = next(q.id for q in desk.queue(1) if q.board == third.board)
        page = act(laptop, "/arbiter?round=1", act="accept", item=str(item), round="1")
        said = banners(page)
        assert "Accepted round 1, board 3" in said
        assert "Last take: 1 result taken into the book." in said
        assert "taken 2" in page
