"""Tests for ``ratingbook.desk``: players' reports, the arbiter's acts, and the take into a
Swiss book (issue 36): the conflicts the issue names, codes of another round, a result in the
book never overwritten, a book open in Excel, and the round's results in the book cell for
cell as the same results typed and recalculated, with FIDE mode's Event Log rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.desk.desk_books import copy, fide_swiss, run, type_boards, values_but_records
from tests.helpers.workbooks import records, sheet_rows

from ratingbook.desk import Desk, DeskError
from ratingbook.files.backends import open_book
from ratingbook.session import Pair, Redo, Session, Undo


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return fide_swiss(tmp_path)


def test_a_round_is_reported_accepted_taken_and_equals_the_same_results_typed(book: Path) -> None:
    """Both sides report every board of round 1; the arbiter releases the round; the take
    writes each Result cell and recalculates: every sheet but the records equals the book where
    the arbiter typed the same results and clicked Recalc Ratings."""
    typed = copy(book, "typed.xlsx")
    desk = Desk.open(book)
    assert (desk.kind, desk.round()) == ("swiss", 1)
    pairings = desk.pairings(1)
    assert [p.board for p in pairings] == [1, 2, 3, 4, 5]
    results = {1: "1-0", 2: "½-½", 3: "0-1", 4: "1-0", 5: "½-½"}
    for p in pairings:
        desk.report(p.code, results[p.board], side="white", origin=f"phone 10.0.0.{p.board}")
        ack = desk.report(p.code, results[p.board], side="black", origin="phone 10.0.0.99")
        assert ack.status == "confirmed"
    assert desk.release(1, by="arbiter") == 5
    outcome = desk.take()
    assert (outcome.taken, outcome.waiting, outcome.locked) == (5, 0, False)
    type_boards(typed, "Swiss Games", {(1, 0, b): r for b, r in results.items()})
    assert values_but_records(book) == values_but_records(typed)
    assert {q.status for q in desk.queue()} == {"taken"}
    # FIDE mode: each result logged with who reported it and from where
    logged = [r for r in records(book, "Event Log") if r["Kind"] == "Desk Result"]
    assert [r["After"] for r in logged] == [f"round 1 board {b}: {results[b]}" for b in results]
    assert logged[0]["Who"] == (
        "results desk: white from phone 10.0.0.1; black from phone 10.0.0.99; confirmed by the "
        "reports"
    )
    listed = records(book, "Desk Results")
    assert [(r["Round"], r["Board"], r["Result"]) for r in listed] == [
        (1, b, r) for b, r in results.items()
    ]
    assert desk.take().taken == 0  # once each


def test_both_sides_report_differently_and_the_arbiter_corrects(book: Path) -> None:
    desk = Desk.open(book)
    first = desk.pairings(1)[0]
    desk.report(first.code, "1-0", side="white", origin="phone A")
    ack = desk.report(first.code, "0-1", side="black", origin="phone B")
    assert ack.status == "conflict"
    with pytest.raises(DeskError, match="the reports of board 1 differ: correct it"):
        desk.accept(ack.item_id, by="arbiter")
    desk.correct(ack.item_id, "½-½", by="arbiter")
    item = next(q for q in desk.queue() if q.id == ack.item_id)
    assert (item.status, item.result) == ("accepted", "½-½")
    assert [(r.side, r.result, r.origin) for r in item.reports] == [
        ("white", "1-0", "phone A"),
        ("black", "0-1", "phone B"),
    ]


def test_one_side_reporting_twice(book: Path) -> None:
    """The same report again changes nothing (a phone sending twice); another result from the
    same side is a conflict for the arbiter, never a silent change."""
    desk = Desk.open(book)
    code = desk.pairings(1)[1].code
    assert desk.report(code, "1-0", side="white", origin="phone A").status == "reported"
    again = desk.report(code, "1-0", side="white", origin="phone A")
    assert again.status == "reported" and "already reported" in again.message
    assert len(desk.queue()[1].reports) == 1
    assert desk.report(code, "0-1", side="white", origin="phone A").status == "conflict"


def test_a_report_after_the_arbiter_entered_a_result_is_refused(book: Path) -> None:
    desk = Desk.open(book)
    code = desk.pairings(1)[2].code
    desk.enter(1, 3, "-/+", by="arbiter")
    with pytest.raises(DeskError, match="the arbiter has already entered the result of board 3"):
        desk.report(code, "1-0", side="white", origin="phone A")
    assert desk.queue()[2].status == "entered"


def test_the_arbiter_rejects_and_the_board_takes_new_reports(book: Path) -> None:
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    ack = desk.report(code, "1-0", side="white", origin="phone A")
    desk.reject(ack.item_id, by="arbiter", reason="wrong board")
    assert desk.queue()[0].status == "rejected"
    assert desk.report(code, "0-1", side="black", origin="phone B").status == "reported"


def test_a_code_reports_for_its_pairing_in_its_round_only(book: Path) -> None:
    desk = Desk.open(book)
    old = desk.pairings(1)[0].code
    assert desk.pairing_for(old) is not None
    assert desk.pairing_for(old.lower().replace("-", "")) is not None  # typed loosely
    assert desk.pairing_for("ZZZZZ-ZZZZZ") is None
    assert desk.pairing_for("../../etc/passwd") is None
    with pytest.raises(DeskError, match="not one of this round's pairings"):
        desk.report("ZZZZZ-ZZZZZ", "1-0", side="white", origin="phone A")
    # every result typed, round 2 paired: the round-1 code is old now
    type_boards(book, "Swiss Games", {(1, 0, b): "1-0" for b in range(1, 6)})
    run(book, Pair())
    assert desk.round() == 2
    assert desk.pairing_for(old) is None
    assert old not in {p.code for p in desk.pairings(2)}


def test_a_forfeit_reported_by_a_player_is_refused(book: Path) -> None:
    desk = Desk.open(book)
    with pytest.raises(DeskError, match="only the arbiter enters a forfeit"):
        desk.report(desk.pairings(1)[0].code, "+/-", side="white", origin="phone A")


def test_a_result_in_the_book_is_never_overwritten(book: Path) -> None:
    """The arbiter typed 0-1 in the book; the desk's 1-0 is not written over it and waits,
    saying why; a board whose cell holds the same result is only marked taken, and the take
    says so (user test 49: it was silent)."""
    desk = Desk.open(book)
    codes = [p.code for p in desk.pairings(1)]
    for code in codes[:2]:
        desk.report(code, "1-0", side="white", origin="phone A")
        desk.report(code, "1-0", side="black", origin="phone B")
    desk.release(1, by="arbiter")
    type_boards(book, "Swiss Games", {(1, 0, 1): "0-1", (1, 0, 2): "1-0"})
    with pytest.raises(DeskError, match="already in the book"):
        desk.report(codes[0], "1-0", side="white", origin="phone C")
    before = sheet_rows(book, "Swiss Games")
    outcome = desk.take()
    assert outcome.taken == 1 and outcome.waiting == 1  # board 2: the book holds it already
    assert outcome.messages == (
        "1 result taken into the book",
        "round 1 board 1: the book holds 0-1, the desk 1-0: not taken (a result is never "
        "overwritten silently: correct it in the book or at the desk)",
        "round 1 board 2 (Gus - Boris 1-0) was already in the book: Swiss Games row 3 holds the "
        "same result, typed there: nothing written over it, listed on Desk Results",
    )
    assert sheet_rows(book, "Swiss Games") == before
    assert [q.status for q in desk.queue()][:2] == ["confirmed", "taken"]


def test_a_book_open_in_excel_is_left_alone_until_it_is_closed(book: Path) -> None:
    desk = Desk.open(book)
    desk.enter(1, 1, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    owner = book.with_name("~$" + book.name)
    owner.write_bytes(b"arbiter")
    before = book.read_bytes()
    outcome = desk.take()
    assert (outcome.taken, outcome.waiting, outcome.locked) == (0, 1, True)
    assert "the book is open in Excel: nothing was written" in outcome.messages[0]
    assert book.read_bytes() == before
    owner.unlink()
    assert desk.take().taken == 1


def test_undo_takes_a_take_back_whole_and_the_desk_does_not_take_it_again(
    book: Path,
) -> None:
    desk = Desk.open(book)
    desk.enter(1, 1, "1-0", by="arbiter")
    desk.enter(1, 2, "0-1", by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 2
    run(book, Undo())
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:3]] == [None, None]
    assert sheet_rows(book, "Desk Results") == []  # the take's record goes with it
    assert desk.take().taken == 0  # the store marked them taken: the arbiter's undo stands
    # The book is the truth: its cells are empty again, so the desk does not say "taken".
    assert [q.status for q in desk.queue()][:2] == ["entered", "entered"]
    desk.correct(desk.queue()[0].id, "½-½", by="arbiter")  # the arbiter's new word goes in
    assert desk.take().taken == 1
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:3]] == ["½-½", None]


def test_undo_of_a_later_take_takes_its_desk_results_rows_back_and_redo_gives_them_back(
    book: Path,
) -> None:
    """The tester's case: Desk Results already held an earlier take's rows when the take was
    undone. Its own rows go with its results (the earlier ones stay), so the desk shows its
    boards as not taken, with Correct and Enter; redo gives the rows and results back."""
    desk = Desk.open(book)
    desk.enter(1, 1, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 1
    desk.enter(1, 2, "0-1", by="arbiter")
    desk.enter(1, 3, "½-½", by="arbiter")
    assert desk.take().taken == 2
    run(book, Undo())
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:4]] == ["1-0", None, None]
    listed = [(r["Round"], r["Board"]) for r in records(book, "Desk Results") if r["Board"]]
    assert listed == [(1, 1)]  # the undone take's rows went; the earlier take's stay
    assert [q.status for q in desk.queue()][:3] == ["taken", "entered", "entered"]
    run(book, Redo())
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:4]] == ["1-0", "0-1", "½-½"]
    listed = [(r["Round"], r["Board"]) for r in records(book, "Desk Results") if r["Board"]]
    assert listed == [(1, 1), (1, 2), (1, 3)]
    assert [q.status for q in desk.queue()][:3] == ["taken", "taken", "taken"]
    assert desk.take().taken == 0  # once each


def test_the_store_survives_a_new_desk_on_the_same_book(book: Path) -> None:
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    desk.report(code, "1-0", side="white", origin="phone A")
    desk.set_password("scrypt$hash")
    again = Desk.open(book)
    assert again.pairings(1)[0].code == code
    assert again.queue()[0].status == "reported"
    assert again.password_hash == "scrypt$hash"


def test_a_session_refuses_to_overwrite_directly(book: Path) -> None:
    """The session's RecordResults itself refuses a board that holds another result (every
    front end, not only the desk), naming the cell; nothing is written."""
    from ratingbook.errors import RatingbookError
    from ratingbook.session import Entered, RecordResults

    type_boards(book, "Swiss Games", {(1, 0, 1): "0-1"})
    workbook = open_book(str(book))
    with pytest.raises(RatingbookError, match=r"the book holds 0-1 for round 1 board 1; 1-0"):
        Session(workbook).run(RecordResults((Entered("1-0", 1, 1),)))
