"""What the desk's pages say of a take and of a board, by hand-written cases: the book open in
Excel (nothing lost, the button takes them), the desk's own sentences, each board's status on
the public screen."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tests.server.client import Client
from tests.server.desk_books import paired_swiss, swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_book import phone_reports, signed_in

from ratingbook.desk import Desk, QueueItem, Report, TakeOutcome
from ratingbook.server.player_pages import screen_text
from ratingbook.server.state import take_words


@pytest.mark.parametrize(
    ("outcome", "said"),
    [
        (TakeOutcome(0, 20, True, ()), "The book is open in Excel: nothing was written."),
        (TakeOutcome(20, 0, False, ("20 results taken into the book",)),
         "20 results taken into the book."),
        (TakeOutcome(0, 0, False, ()),
         "Nothing released waits to be taken: release the round (or the games) first; results "
         "already in the book are not taken again."),
        (TakeOutcome(1, 0, False, ()), "1 result taken into the book."),
        (TakeOutcome(19, 1, False, ("19 results taken into the book",
                                    "board 4 holds 1-0 in the book: not overwritten")),
         "19 results taken into the book. Board 4 holds 1-0 in the book: not overwritten."),
        (TakeOutcome(0, 1, True, ()), "The book is open in Excel: nothing was written."),
    ],
)  # fmt: skip
def test_what_the_queue_says_after_a_take(outcome: TakeOutcome, said: str) -> None:
    assert take_words(outcome) == said


@pytest.mark.parametrize(
    ("released", "unreleased", "said"),
    [
        (False, 3, "Nothing released waits to be taken: release the round (or the games) "
                   "first; results already in the book are not taken again."),
        (True, None, "Nothing waits to be taken: every released result confirmed, accepted or "
                     "entered is in the book."),
        # user test 48: round 3 open and not released: the next step is its release
        (True, 3, "Nothing waits to be taken: every released result confirmed, accepted or "
                  "entered is in the book. Round 3 is not released yet: when its results are "
                  "ready, press Release round 3 and they go into the book."),
    ],
)  # fmt: skip
def test_a_take_that_found_nothing_says_what_comes_next(
    released: bool, unreleased: int | None, said: str
) -> None:
    assert take_words(TakeOutcome(0, 0, False, ()), released, unreleased) == said


def item(status: str, result: str | None, *reports: str) -> QueueItem:
    sides = ("white", "black")  # each side in turn: White's report, then Black's
    kept = tuple(
        Report(sides[n % 2], r, "phone 10.0.0.9", "2026-07-04T18:00:00")
        for n, r in enumerate(reports)
    )
    return QueueItem(1, 1, 1, "Ann", "Bo", status, kept, result)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("board", "shown"),
    [
        (item("missing", None), ""),
        (item("reported", None, "1-0"), "1-0, waits for confirmation"),
        (item("confirmed", "½-½", "½-½", "½-½"), "½-½"),
        (item("conflict", None, "1-0", "0-1"), "the reports differ: the arbiter decides"),
        # one player changed his own report: nobody else spoke (user test 47)
        (
            replace(
                item("conflict", None, "½-½", "1-0"),
                reports=tuple(
                    Report("white", r, "phone 10.0.0.9", "2026-07-04T18:00:00")
                    for r in ("½-½", "1-0")
                ),
            ),
            "White reported ½-½, then 1-0: the arbiter decides",
        ),
        (item("rejected", None), "reports rejected: report again"),
        (item("entered", "+/-"), "+/- (arbiter)"),
        (item("taken", "0-1", "0-1"), "0-1"),
        # corrected by the arbiter over reports that differ: marked, taken or not
        (item("accepted", "1-0", "1-0", "0-1"), "1-0 (arbiter)"),
        (item("accepted", "½-½", "1-0"), "½-½ (arbiter)"),
        (item("taken", "1-0", "0-1", "1-0"), "1-0 (arbiter)"),
        (item("accepted", "1-0", "1-0"), "1-0"),  # accepted as reported
        # entered by the arbiter, then taken into the book: still the arbiter's
        (replace(item("taken", "+/-"), entered=True), "+/- (arbiter)"),
        (replace(item("taken", "½-½"), entered=True), "½-½ (arbiter)"),
    ],
)
def test_what_the_public_screen_says_of_a_board(board: QueueItem, shown: str) -> None:
    assert screen_text(board) == shown


def test_the_results_screen_marks_a_board_the_arbiter_corrected(tmp_path: Path) -> None:
    """The real desk on a loopback port: both sides of board 1 report differently, the
    arbiter corrects it; the public screen marks its result as the arbiter's."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    with running_desk(desk, book) as state:
        phone_reports(state.base_url, "127.0.1.1", code, "white", "1-0")
        phone_reports(state.base_url, "127.0.1.2", code, "black", "0-1")
        laptop = signed_in(state.base_url)
        item = desk.queue(1)[0].id
        form = {"token": laptop.get("/arbiter").token(), "act": "correct", "item": str(item),
                "round": "1", "board": "1", "match": "0", "result": "½-½"}  # fmt: skip
        assert laptop.post("/arbiter/act", form).status == 303
        screen = Client(state.base_url, "127.0.1.3").get("/screen").text
    assert "<td>½-½ (arbiter)</td>" in screen


def test_the_results_screen_keeps_the_arbiters_mark_once_taken(tmp_path: Path) -> None:
    """The real desk on a loopback port, the event's last round: board 1 entered by the
    arbiter, board 2 confirmed by both players; released and taken into the book, the public
    screen still marks board 1's result as the arbiter's (user test 47), board 2's not."""
    players = [{"Name": n, "Rating": r} for n, r in (("Ann", 2000), ("Bo", 1900),
                                                     ("Cy", 1800), ("Di", 1700))]  # fmt: skip
    book = paired_swiss(tmp_path / "open.xlsx", [("Rounds", 1, None)], players)
    desk = Desk.open(book)
    one, two = desk.pairings(1)
    desk.enter(1, one.board, "½-½", by="arbiter")
    desk.report(two.code, "1-0", side="white", origin="phone")
    desk.report(two.code, "1-0", side="black", origin="phone")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 2
    assert [q.status for q in desk.queue(1)] == ["taken", "taken"]
    with running_desk(desk, book) as state:
        screen = Client(state.base_url, "127.0.1.3").get("/screen").text
    assert "<td>½-½ (arbiter)</td>" in screen
    assert "<td>1-0</td>" in screen


def test_a_rejections_reason_stays_off_the_public_screen(tmp_path: Path) -> None:
    """The real desk on a loopback port: the arbiter rejects board 1's report with a reason
    naming a player (user test 47); the hall's screen says the reports were rejected, without
    the reason; the queue keeps it and says so beside the form."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    reason = "Daniel tapped the wrong result"
    with running_desk(desk, book) as state:
        phone_reports(state.base_url, "127.0.1.1", code, "white", "1-0")
        laptop = signed_in(state.base_url)
        item, before = desk.queue(1)[0].id, laptop.get("/arbiter")
        assert 'placeholder="reason (private)"' in before.text
        form = {"token": before.token(), "act": "reject", "item": str(item),
                "round": "1", "board": "1", "match": "0", "reason": reason}  # fmt: skip
        assert laptop.post("/arbiter/act", form).status == 303
        screen = Client(state.base_url, "127.0.1.3").get("/screen").text
        queue = " ".join(laptop.get("/arbiter").text.split())
    assert "<td>reports rejected: report again</td>" in screen
    assert "Daniel" not in screen
    assert f"Rejected: {reason}" in queue
    assert "A rejection's reason is yours: it stays on this page" in queue


def test_take_results_into_the_book_with_nothing_released_says_so(tmp_path: Path) -> None:
    """The arbiter's always-shown button pressed before any release: the queue says nothing
    waits, and why (the guide quotes it)."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        queue = laptop.get("/arbiter").text
        assert '<button name="act" value="take">Take results into the book</button>' in queue
        form = {"token": laptop.get("/arbiter").token(), "act": "take"}
        assert laptop.post("/arbiter/act", form).status == 303
        until(lambda: "Last take:" in laptop.get("/arbiter").text, "the take's words")
        said = laptop.get("/arbiter").text
    assert "Last take: Nothing released waits to be taken: release the round" in said
    guide = (Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md").read_text()
    words = " ".join(guide.split())
    assert "**Take results into the book**" in words
    assert "*Nothing released waits to be taken: release the round (or the games) first" in words


def test_take_results_after_a_take_says_nothing_waits_once(tmp_path: Path) -> None:
    """Round 1 released and taken (2 results); then the arbiter presses Take results into the
    book with nothing waiting (user test 47): the queue shown at once says nothing waits, as
    its Last take, and no longer the take before ("2 results taken into the book")."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    one, two = desk.pairings(1)
    desk.enter(1, one.board, "1-0", by="arbiter")
    desk.enter(1, two.board, "0-1", by="arbiter")
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        form = {"token": laptop.get("/arbiter").token(), "act": "release", "round": "1"}
        assert laptop.post("/arbiter/act", form).status == 303
        released = laptop.get("/arbiter?round=1").text
        assert "Last take: 2 results taken into the book." in released
        form = {"token": laptop.get("/arbiter?round=1").token(), "act": "take", "round": "1"}
        assert laptop.post("/arbiter/act", form).status == 303
        said = " ".join(laptop.get("/arbiter?round=1").text.split())
    # Desk user test 2: the round is released, so "release the round first" is untrue.
    assert said.count("Nothing waits to be taken") == 1
    assert (
        "Last take: Nothing waits to be taken: every released result confirmed, accepted or "
        "entered is in the book." in said
    )
    assert "release the round" not in said
    assert "2 results taken into the book" not in said


def test_take_results_with_the_open_round_not_released_says_to_release_it(tmp_path: Path) -> None:
    """Round 1 released and taken, so the book paired round 2; the arbiter presses Take
    results into the book before releasing round 2 (user test 48): the queue says nothing
    waits, every released result is in the book, and what to do next: release round 2."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    one, two = desk.pairings(1)
    desk.enter(1, one.board, "1-0", by="arbiter")
    desk.enter(1, two.board, "0-1", by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 2
    assert desk.round() == 2  # round 1 complete: Auto-pair paired round 2
    with running_desk(desk, book) as state:
        laptop = signed_in(state.base_url)
        form = {"token": laptop.get("/arbiter").token(), "act": "take"}
        assert laptop.post("/arbiter/act", form).status == 303
        said = " ".join(laptop.get("/arbiter").text.split())
    assert (
        "Last take: Nothing waits to be taken: every released result confirmed, accepted or "
        "entered is in the book. Round 2 is not released yet: when its results are ready, "
        "press Release round 2 and they go into the book." in said
    )
    guide = " ".join(
        (Path(__file__).parents[2] / "docs/guides/results-desk.md").read_text().split()
    )
    assert (
        "*Round 2 is not released yet: when its results are ready, press Release round 2" in guide
    )
