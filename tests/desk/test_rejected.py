"""A rejection's reason, and the reports it set aside, as the desk shows them (issue 36's user
test: the reason was kept but shown nowhere, and ``results list`` listed the rejected reports as
if they still counted)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from tests.desk.desk_books import fide_swiss, template

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


GUIDE = Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md"


def _guide_says_of_rejected() -> str:
    """The meaning the guide's status table gives a rejected item."""
    text = GUIDE.read_text(encoding="utf-8")
    table = text[text.index("| status | meaning |") :].split("\n\n", 1)[0]
    row = next(line for line in table.splitlines() if line.startswith("| rejected |"))
    return row.strip("|").split("|")[1].strip()


def test_the_guides_rejected_status_is_true_of_a_board_and_of_a_camps_game(tmp_path: Path) -> None:
    """User test 48: the guide's table said a rejected item "waits for new ones", untrue of a
    camp's game (gone once rejected: the camper reports again, a new game). The table says
    each, and the desk does each: a board's new report counts on the same board; a camp's
    game reported again after its rejection is a new game, the rejected one left as it is."""
    meaning = _guide_says_of_rejected()
    assert "a round's board waits for new reports" in meaning
    assert "a camp's game waits no more: a report of it again is a new game" in meaning
    # A round's board: the next report is the board's (the same line of the queue).
    swiss = Desk.open(fide_swiss(tmp_path))
    code = swiss.pairings(1)[0].code
    first = swiss.report(code, "1-0", side="white", origin="phone 10.0.0.4")
    swiss.reject(first.item_id, by="arbiter", reason="")
    again = swiss.report(code, "1-0", side="white", origin="phone 10.0.0.4")
    assert (again.item_id, again.status) == (first.item_id, "reported")
    # A camp's game: the same players, the same result, the same reporter: a new game.
    camp = Desk.open(template(tmp_path, "ladder"))
    (ann, _), (bo, _) = camp.players()[:2]
    own = camp.player_code(ann)
    game = camp.report_game(own, ann, bo, "(1-0)", origin="phone 10.0.0.4")
    camp.reject(game.item_id, by="staff", reason="")
    new = camp.report_game(own, ann, bo, "(1-0)", origin="phone 10.0.0.4")
    assert new.item_id != game.item_id
    assert [(q.id, q.status) for q in camp.queue()] == [
        (game.item_id, "rejected"), (new.item_id, "reported")
    ]  # fmt: skip
