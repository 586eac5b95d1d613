"""Tests for ``ratingbook.desk`` on every kind of book it serves (issue 36): a round robin's and
a team event's boards, a camp ladder's and an Elo book's games, each taken into the book cell
for cell as the same results typed into the sheet and recalculated."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.desk.desk_books import copy, run, template, type_boards, type_games, values_but_records
from tests.helpers.libreoffice import convert_all
from tests.helpers.workbooks import records

from ratingbook.desk import CAMP, Desk, DeskError
from ratingbook.session import Redo, Undo


def _report_all(desk: Desk, rnd: int, results: dict[int, str]) -> dict[tuple[int, int, int], str]:
    typed = {}
    for n, p in enumerate(desk.pairings(rnd)):
        result = results[n % len(results)]
        desk.report(p.code, result, side="white", origin="phone W")
        desk.report(p.code, result, side="black", origin="phone B")
        typed[(p.round, p.match, p.board)] = result
    return typed


@pytest.mark.parametrize(
    ("kind", "sheet", "pair"), [("roundrobin", "Swiss Games", False), ("team", "Team Boards", True)]
)
def test_boards_taken_equal_boards_typed(tmp_path: Path, kind: str, sheet: str, pair: bool) -> None:
    book = template(tmp_path, kind, pair=pair)
    typed = copy(book, "typed.xlsx")
    desk = Desk.open(book)
    assert desk.kind == kind
    rnd = desk.round()
    assert rnd is not None
    results = _report_all(desk, rnd, {0: "1-0", 1: "½-½", 2: "0-1"})
    assert all(q.status == "confirmed" for q in desk.queue())
    assert desk.release(rnd, by="arbiter") == len(results)
    assert desk.take().taken == len(results)
    type_boards(typed, sheet, results)
    assert values_but_records(book) == values_but_records(typed)
    if kind == "team":
        listed = records(book, "Desk Results")
        assert {(r["Round"], r["Match"], r["Board"]) for r in listed} == set(results)


def _ids(desk: Desk) -> list[str]:
    return [ident for ident, _ in desk.players()]


@pytest.mark.parametrize(("kind", "sheet"), [("ladder", "Ladder Games"), ("elo", "Elo Games")])
def test_a_camp_evening_of_games_taken_equals_the_games_typed(
    tmp_path: Path, kind: str, sheet: str
) -> None:
    """Campers report games with their own codes (the other player confirms) or the camp's
    code (staff accept it); released, the games are new rows under the games sheet."""
    book = template(tmp_path, kind)
    typed = copy(book, "typed.xlsx")
    desk = Desk.open(book)
    a, b, c, d = _ids(desk)[:4]
    win, draw = desk.allowed()[0], desk.allowed()[1]
    ack = desk.report_game(desk.player_code(a), a, b, win, origin="phone A")
    assert ack.status == "reported"
    assert desk.report_game(desk.player_code(b), a, b, "1-0", origin="phone B").status == (
        "confirmed"
    )
    camp = desk.player_code(CAMP)
    shared = desk.report_game(camp, c, d, "1/2-1/2", origin="phone C")
    assert shared.status == "reported"
    desk.accept(shared.item_id, by="staff")
    with pytest.raises(DeskError, match="its player's own games only"):
        desk.report_game(desk.player_code(a), c, d, "1-0", origin="phone A")
    assert desk.release(None, by="staff") == 2
    assert desk.take().taken == 2

    def cell(ident: str) -> object:  # a ladder's IDs are numbers in its sheet
        return int(ident) if kind == "ladder" else ident

    type_games(typed, sheet, [(cell(a), cell(b), win), (cell(c), cell(d), draw)])
    assert values_but_records(book) == values_but_records(typed)
    assert [q.status for q in desk.queue()] == ["taken", "taken"]
    listed = records(book, "Desk Results")
    assert listed[0]["Reported By"] == (
        "results desk: white from phone A; black from phone B; confirmed by the reports"
    )
    assert (
        listed[1]["Reported By"] == "results desk: the camp's code from phone C; accepted by staff"
    )


def test_with_one_side_the_other_players_report_is_of_the_same_game(tmp_path: Path) -> None:
    """Desk Confirms `one side` on a ladder, the games released (issue 36, the second user
    test): Zoe's report of Zoe - Tom stands and goes into the book; Tom's report of the same
    pairing is a second report of THAT game, never a new row: equal, it is in the book once;
    differing, it is refused (the book holds the game: the staff change it there)."""
    book = template(tmp_path, "ladder")
    workbook = openpyxl.load_workbook(book)
    workbook["Ladder Settings"].append(["Desk Confirms", "one side"])
    workbook.save(book)
    before = len(_games(book))
    desk = Desk.open(book)
    a, b, c, d = _ids(desk)[:4]
    first = desk.report_game(desk.player_code(CAMP), c, d, "(1-0)", origin="camp")
    assert first.message.endswith("(1-0), confirmed: it stands on this one report")
    desk.release(None, by="staff")
    desk.take()
    zoe = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="Zoe")
    assert zoe.status == "confirmed"
    assert "both reports agree" not in zoe.message
    assert desk.take().taken == 1
    with pytest.raises(DeskError, match=r"already in the book \(\(1-0\)\)"):
        desk.report_game(desk.player_code(b), a, b, "(0-1)", origin="Tom")
    assert desk.report_game(desk.player_code(b), a, b, "(1-0)", origin="Tom").status == "taken"
    assert desk.take().taken == 0
    games = _games(book)
    assert games[before:] == [(c, d, "(1-0)"), (a, b, "(1-0)")]


def _games(book: Path) -> list[tuple[str, str, str]]:
    """Ladder Games' rows (White, Black, Result as text)."""
    rows = [r for r in records(book, "Ladder Games") if r.get("White") not in (None, "")]
    return [(str(r["White"]), str(r["Black"]), str(r["Result"])) for r in rows]


def test_with_one_side_a_second_report_before_the_take_makes_a_conflict(tmp_path: Path) -> None:
    """Not yet taken, the other player's differing report of the game is a conflict for the
    staff (one game, two reports), not a second game."""
    book = template(tmp_path, "ladder")
    workbook = openpyxl.load_workbook(book)
    workbook["Ladder Settings"].append(["Desk Confirms", "one side"])
    workbook.save(book)
    desk = Desk.open(book)
    a, b = _ids(desk)[:2]
    zoe = desk.report_game(desk.player_code(a), a, b, "(1-0)", origin="Zoe")
    tom = desk.report_game(desk.player_code(b), a, b, "(0-1)", origin="Tom")
    assert (tom.item_id, tom.status) == (zoe.item_id, "conflict")
    assert [q.status for q in desk.queue()] == ["conflict"]


@pytest.mark.usefixtures("needs_soffice")  # LibreOffice: slow (tests/conftest.py)
def test_a_desk_taken_ladder_row_shows_both_names(tmp_path: Path) -> None:
    """The Instructions promise the names beside the IDs fill in; a row the desk adds under
    Ladder Games holds the template's name formulas, which LibreOffice calculates to the
    names Ladder Players gives those IDs (issue 36, the second user test)."""
    book = template(tmp_path, "ladder")
    desk = Desk.open(book)
    (a, name_a), (b, name_b) = desk.players()[:2]
    before = len(_games(book))
    desk.accept(desk.report_game(desk.player_code(CAMP), b, a, "(0-1)", origin="p").item_id, by="s")
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    done = convert_all([book], tmp_path / "lo", tmp_path / "profile", "xlsx", recalc_on_load=True)
    assert done.returncode == 0, done.stderr
    sheet = openpyxl.load_workbook(tmp_path / "lo" / book.name, data_only=True)["Ladder Games"]
    rows = [r for r in sheet.iter_rows(min_row=2, values_only=True) if r[0] not in (None, "")]
    assert len(rows) == before + 1
    assert rows[-1][3:5] == (name_b, name_a)  # White Name, Black Name as LibreOffice shows


def test_undo_takes_back_a_ladder_take_whole(tmp_path: Path) -> None:
    """commands.md: a take is one act undo takes back whole; a ladder keeps no log, and its
    take is still an act of the undo history (issue 36, the second user test)."""
    book = template(tmp_path, "ladder")
    games = _games(book)
    desk = Desk.open(book)
    a, b = _ids(desk)[:2]
    desk.accept(desk.report_game(desk.player_code(CAMP), b, a, "(0-1)", origin="p").item_id, by="s")
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    assert _games(book) == [*games, (b, a, "(0-1)")]
    run(book, Undo())
    assert _games(book) == games
    listed = openpyxl.load_workbook(book)["Desk Results"].iter_rows(min_row=2, values_only=True)
    assert not [line for line in listed if any(v not in (None, "") for v in line)]
    assert [q.status for q in Desk.open(book).queue()] == ["accepted"]  # not taken: the undo stands
    run(book, Redo())
    assert _games(book) == [*games, (b, a, "(0-1)")]
