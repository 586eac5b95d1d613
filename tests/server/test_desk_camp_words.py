"""What the desk's pages say on a camp's ladder (issue 36's third user test), against the
real server on a loopback port over the camp template: the Players' codes page says what the
camp's code does under the book's Desk Confirms, the pages say "staff" where a camp's desk
has no arbiter, and the queue labels a report sent with the camp's code."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from tests.server.desk_books import ladder
from tests.server.running import running_desk
from tests.server.test_desk_queue import signed_in

from ratingbook.desk import Desk
from ratingbook.server import Limits

pytestmark = pytest.mark.slow

LIMITS = Limits(burst=1000, per_second=1000)


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        (None, "such a game waits until one of its players reports it alike with his own code, "
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
