"""A camper's report with his own code of a game already reported (issue 36, stop 42's list):
the other player's report of the same pairing, the same evening, is a second report of THAT
game, whether it waits, the staff accepted it, or it is in the book: equal, it is counted
once; differing, it is refused ("ask the staff"). A game of another evening is a new game."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import openpyxl
import pytest
from tests.desk.desk_books import template
from tests.helpers.workbooks import records

from ratingbook.desk import CAMP, Desk, DeskError


def _ids(desk: Desk) -> list[str]:
    return [ident for ident, _ in desk.players()]


def _games(book: Path) -> list[tuple[str, str, str]]:
    rows = [r for r in records(book, "Ladder Games") if r.get("White") not in (None, "")]
    return [(str(r["White"]), str(r["Black"]), str(r["Result"])) for r in rows]


@pytest.fixture
def camp(tmp_path: Path) -> tuple[Path, Desk]:
    book = template(tmp_path, "ladder")
    return book, Desk.open(book)


@pytest.mark.parametrize("first_code", ["own", "camp"])
def test_a_report_of_a_game_the_staff_accepted_is_a_second_report_of_it(
    camp: tuple[Path, Desk], first_code: str
) -> None:
    book, desk = camp
    before = _games(book)
    a, b = _ids(desk)[:2]
    code = desk.player_code(a if first_code == "own" else CAMP)
    zoe = desk.report_game(code, a, b, "(1-0)", origin="Zoe")
    desk.accept(zoe.item_id, by="staff")
    tom = desk.report_game(desk.player_code(b), a, b, "(1-0)", origin="Tom")
    assert tom.item_id == zoe.item_id
    assert tom.status == "accepted"
    assert tom.message.endswith("(1-0), accepted by the staff")
    assert [q.status for q in desk.queue()] == ["accepted"]
    assert len(desk.queue()[0].reports) == 2
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    assert _games(book) == [*before, (a, b, "(1-0)")]  # one game, once


def test_a_differing_report_of_a_game_the_staff_accepted_is_refused(
    camp: tuple[Path, Desk],
) -> None:
    _, desk = camp
    a, b = _ids(desk)[:2]
    zoe = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="Zoe")
    desk.accept(zoe.item_id, by="staff")
    with pytest.raises(DeskError) as refused:
        desk.report_game(desk.player_code(b), a, b, "(0-1)", origin="Tom")
    said = str(refused.value)
    assert "the staff have already accepted the result of the game" in said
    assert said.endswith("ask the staff if it is wrong")
    assert [(q.status, q.result, len(q.reports)) for q in desk.queue()] == [
        ("accepted", "(1-0)", 1)
    ]


def test_a_differing_report_of_a_game_in_the_book_says_ask_the_staff(
    camp: tuple[Path, Desk],
) -> None:
    book, desk = camp
    workbook = openpyxl.load_workbook(book)
    workbook["Ladder Settings"].append(["Desk Confirms", "one side"])
    workbook.save(book)
    a, b = _ids(desk)[:2]
    desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="Zoe")
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    with pytest.raises(DeskError, match=r"already in the book \(\(1-0\)\): ask the staff if it"):
        desk.report_game(desk.player_code(b), a, b, "(½-½)", origin="Tom")


def _sent_days_ago(store: Path, days: int) -> None:
    """Every report kept in ``store`` moved ``days`` days back (an evening before)."""
    when = dt.datetime.now(dt.UTC) - dt.timedelta(days=days)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE reports SET at = ?", (when.isoformat().replace("+00:00", "Z"),))


@pytest.mark.parametrize("accepted", [False, True])
def test_a_report_of_another_evening_is_a_new_game(camp: tuple[Path, Desk], accepted: bool) -> None:
    """Zoe and Tom played on Monday (Zoe reported it) and again on Wednesday: Tom's report on
    Wednesday is Wednesday's game, never a second report of Monday's."""
    _, desk = camp
    a, b = _ids(desk)[:2]
    monday = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="Zoe")
    if accepted:
        desk.accept(monday.item_id, by="staff")
    _sent_days_ago(desk.store_path, 2)
    wednesday = desk.report_game(desk.player_code(b), a, b, "(0-1)", origin="Tom")
    assert wednesday.item_id != monday.item_id
    assert wednesday.status == "reported"
    assert len(desk.queue()) == 2
