"""The Event Log of a take that completes a round in an Auto-pair Swiss (issue 36's user test:
"Pairing round 2" was logged before round 1's Desk Result rows that led to it)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.workbooks import sheet_rows
from tests.server.desk_books import swiss_round_one

from ratingbook.desk import Desk


def test_the_results_taken_are_logged_before_the_pairing_they_complete(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=6)
    desk = Desk.open(book)
    for board in (1, 2, 3):
        desk.enter(1, board, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 3
    kinds = [(row[1], row[2]) for row in sheet_rows(book, "Event Log")[1:]]
    assert kinds == [(1, "Pairing"), (1, "Desk Result"), (1, "Desk Result"), (1, "Desk Result"),
                     (2, "Pairing")]  # fmt: skip
