"""How many released results wait (issue 36's user test: a locked take said "4 released results
waiting" where one waited, and recalc's note said 1): a result waits when it is released, ready
(confirmed, accepted or entered) and not in the book's Desk Results; a rejected, a one-sided or
a conflicting board is released with its round but waits for nobody."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.desk.desk_books import fide_swiss

from ratingbook.desk import Desk, DeskError


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return fide_swiss(tmp_path)


def test_a_locked_take_counts_only_the_results_that_wait(book: Path) -> None:
    desk = Desk.open(book)
    one, two, three, four = (p.code for p in desk.pairings(1)[:4])
    desk.report(one, "1-0", side="white", origin="phone")
    desk.report(one, "1-0", side="black", origin="phone")  # confirmed: waits
    desk.report(two, "0-1", side="white", origin="phone")  # one side only (both sides needed)
    rejected = desk.report(three, "1-0", side="white", origin="phone")
    desk.reject(rejected.item_id, by="arbiter", reason="wrong board")
    desk.report(four, "1-0", side="white", origin="phone")
    desk.report(four, "0-1", side="black", origin="phone")  # conflict
    assert desk.release(1, by="arbiter") == 1
    book.with_name("~$" + book.name).write_bytes(b"arbiter")  # Excel holds it open
    outcome = desk.take()
    assert (outcome.locked, outcome.waiting) == (True, 1)
    assert "1 released result waiting" in outcome.messages[0]


def test_a_release_of_nothing_ready_is_refused(book: Path) -> None:
    desk = Desk.open(book)
    desk.report(desk.pairings(1)[0].code, "1-0", side="white", origin="phone")  # one side only
    with pytest.raises(DeskError, match="no result of round 1 is confirmed, accepted or entered"):
        desk.release(1, by="arbiter")
    assert not any(item.released for item in desk.queue(1))
