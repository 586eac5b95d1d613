"""A rejection's reason, and the reports it set aside, as the desk shows them (issue 36's user
test: the reason was kept but shown nowhere, and ``results list`` listed the rejected reports as
if they still counted)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from tests.desk.desk_books import fide_swiss

from ratingbook.cli import cli
from ratingbook.desk import Desk, QueueItem
from ratingbook.server.player_pages import screen_text


def test_a_rejection_keeps_its_reason_and_sets_the_reports_aside(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    first = desk.report(code, "1-0", side="white", origin="phone 10.0.0.4")
    desk.reject(first.item_id, by="arbiter", reason="white played board 2")
    board = desk.queue(1)[0]
    assert (board.status, board.reason, board.set_aside) == ("rejected", "white played board 2", 1)
    # the reason is the arbiter's: the public screen does not show it (user test 47)
    assert screen_text(board) == "reports rejected: report again"
    listed = CliRunner().invoke(cli, ["results", "list", str(book), "--round", "1"]).output
    assert "white 1-0 from phone 10.0.0.4" in listed
    assert listed.splitlines()[1].endswith("(rejected)")
    assert "rejected: white played board 2" in listed
    desk.report(code, "0-1", side="black", origin="phone 10.0.0.5")  # a new report counts
    board = desk.queue(1)[0]
    assert (board.status, board.reason, board.set_aside) == ("reported", "", 1)
    listed = CliRunner().invoke(cli, ["results", "list", str(book), "--round", "1"]).output
    assert [line.endswith("(rejected)") for line in listed.splitlines()[1:3]] == [True, False]


def test_a_rejection_without_a_reason_says_none() -> None:
    board = QueueItem(1, 1, 1, "Ann", "Bo", "rejected", (), None)
    assert screen_text(board) == "reports rejected: report again"
