"""Tests for ``ratingbook results take`` and ``ratingbook results list`` (issue 36): the
desk's released results taken into the book in place, once; a book open in Excel left alone
(exit status 1); a book without a desk refused (exit status 2)."""

from __future__ import annotations

from pathlib import Path

from tests.desk.desk_books import fide_swiss
from tests.helpers.cli import run
from tests.helpers.workbooks import sheet_rows

from ratingbook.desk import Desk


def test_results_take_writes_the_released_results_once(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    desk = Desk.open(book)
    first = desk.pairings(1)[0]
    desk.report(first.code, "1-0", side="white", origin="phone 192.168.1.23")
    desk.enter(1, 2, "-/+", by="arbiter")
    desk.release(1, by="arbiter")
    listed = run("results", "list", book)
    assert listed.returncode == 0, listed.stderr
    assert "round 1 board 1: Anna - Fay  reported 1-0 (released)" in listed.stdout
    assert "white 1-0 from phone 192.168.1.23 at " in listed.stdout
    assert "round 1 board 2: Gus - Boris  entered -/+ (released)" in listed.stdout
    taken = run("results", "take", book)
    # Board 1 waits for Black or the arbiter; boards 3 to 5 were not reported (user test 49:
    # the take names the next step).
    still = [
        "1 board of round 1 is reported and not confirmed yet: the arbiter may accept, correct "
        "or reject it on the desk's Arbiter page.",
        "3 boards of round 1 have no result yet: their players report them with the pairing "
        "card's code, or enter them on the desk's Arbiter page.",
    ]
    assert taken.returncode == 0
    assert taken.stdout.splitlines() == [
        "1 result taken into the book",
        "What went in is in Swiss Games now, and the book is recalculated with it (as Recalc "
        "Ratings does).",
        *still,
    ]
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:3]] == [None, "-/+"]
    again = run("results", "take", book)
    assert again.stdout.splitlines() == [
        "Nothing waits to be taken: every released result confirmed, accepted or entered is "
        "in the book.",
        *still,
    ]


def test_results_take_leaves_a_book_open_in_excel_alone(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    desk = Desk.open(book)
    desk.enter(1, 1, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    book.with_name("~$" + book.name).write_text("arbiter")
    taken = run("results", "take", book)
    assert taken.returncode == 1
    assert taken.stderr.startswith(
        "the book is open in Excel: nothing was written; 1 released result waiting "
    )


def test_results_take_without_a_desk_is_refused(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    taken = run("results", "take", book)
    assert taken.returncode == 2
    assert "there is no results desk store" in taken.stderr
    assert not book.with_name(book.name + ".desk.sqlite").exists()


def test_a_recalc_says_when_released_results_wait_on_the_desk(tmp_path: Path) -> None:
    """Recalc Ratings on a book whose desk holds released results not taken says how many
    (those that stand at a result: one side's lone report waits for the other side); without a
    desk it says nothing and makes none; the store is only read."""
    book = fide_swiss(tmp_path)
    store = book.with_name(book.name + ".desk.sqlite")
    alone = run("recalc", book, "--in-place")
    assert alone.returncode == 0, alone.stderr
    assert "released on the desk" not in alone.stdout
    assert not store.exists()
    desk = Desk.open(book)
    desk.report(desk.pairings(1)[0].code, "1-0", side="white", origin="phone A")
    desk.enter(1, 2, "0-1", by="arbiter")
    desk.enter(1, 3, "½-½", by="arbiter")
    desk.release(1, by="arbiter")
    kept = store.read_bytes()
    waiting = run("recalc", book, "--in-place")
    assert waiting.returncode == 0, waiting.stderr
    assert (
        f"2 results released on the desk wait: Take results, or ratingbook results take {book}"
        in waiting.stdout
    )
    assert store.read_bytes() == kept
    assert run("results", "take", book).returncode == 0
    assert "released on the desk" not in run("recalc", book, "--in-place").stdout
