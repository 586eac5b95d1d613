"""What the desk says, by hand-written sentences (issue 36's third user test, 47's): a phone's
answer punctuated as a sentence, ``Desk Results`` naming a result that stands on one report
as such (Desk Confirms ``one side``), and a take the book refuses saying "nothing was taken"
once, its reasons after it."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.desk.desk_books import fide_swiss, template
from tests.desk.test_inactive import add_camper, remove_camper
from tests.helpers.workbooks import records

from ratingbook.desk import CAMP, Desk
from ratingbook.reports.swiss_grids import seed_standings_grid
from ratingbook.server.player_pages import screen_text


def test_a_phones_answer_is_punctuated(tmp_path: Path) -> None:
    desk = Desk.open(fide_swiss(tmp_path))
    pairing = desk.pairings(1)[2]
    desk.report(pairing.code, "1-0", side="white", origin="phone")
    ack = desk.report(pairing.code, "0-1", side="black", origin="phone")
    assert ack.message == "board 3: 0-1, the reports differ: the arbiter decides"
    # the phone shows it as a sentence, begun with a capital (user test 47)
    assert ack.sentence == "Board 3: 0-1, the reports differ: the arbiter decides"


def test_a_player_who_changes_his_report_is_not_told_the_reports_differ(tmp_path: Path) -> None:
    """User test 47: Femke reported ½-½, then 1-0, both as White; nobody else spoke. The
    arbiter decides, but the phone and the results screen say it is White's two reports."""
    desk = Desk.open(fide_swiss(tmp_path))
    pairing = desk.pairings(1)[2]
    desk.report(pairing.code, "½-½", side="white", origin="phone")
    ack = desk.report(pairing.code, "1-0", side="white", origin="phone")
    assert ack.status == "conflict"
    said = "White reported ½-½, then 1-0: the arbiter decides"
    assert ack.sentence == f"Board 3: 1-0, {said}"
    board = next(q for q in desk.queue(1) if q.board == pairing.board)
    assert screen_text(board) == said


def test_a_player_who_changes_his_report_to_agree_is_told_what_is_true(tmp_path: Path) -> None:
    """Desk user test 2: White 1-0, Black 0-1, then White 0-1: both latest reports are 0-1,
    so "the reports differ" is untrue; the rules keep a changed report for the arbiter (a
    player may not change his own report), and the words say who reported what."""
    desk = Desk.open(fide_swiss(tmp_path))
    pairing = desk.pairings(1)[0]
    desk.report(pairing.code, "1-0", side="white", origin="phone 1")
    desk.report(pairing.code, "0-1", side="black", origin="phone 2")
    ack = desk.report(pairing.code, "0-1", side="white", origin="phone 1")
    assert ack.status == "conflict"
    said = "White reported 1-0, then 0-1; Black reported 0-1: the arbiter decides"
    assert ack.sentence == f"Board 1: 0-1, {said}"
    board = next(q for q in desk.queue(1) if q.board == pairing.board)
    assert screen_text(board) == said


def test_published_standings_say_how_they_are_ranked() -> None:
    """User test 47: "seed order" read as start-number order to a player."""
    grid, _ = seed_standings_grid([])
    assert grid.note == "ranked by: points, resistance, Sonneborn-Berger, blacks"


def test_desk_results_names_a_result_that_stands_on_one_report(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    workbook = openpyxl.load_workbook(book)
    workbook["Ladder Settings"].append(["Desk Confirms", "one side"])
    workbook.save(book)
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][:2]
    desk.report_game(desk.player_code(a), a, b, "1-0", origin="phone 10.0.0.4")
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    [row] = records(book, "Desk Results")
    assert row["Reported By"] == "results desk: white from phone 10.0.0.4; stands on one report"


def test_a_refused_take_says_nothing_was_taken_once(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    gone = add_camper(book, "Nina Vale")
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players() if ident != gone][:2]
    for other in (a, b):  # two games of a camper then taken off the list: two problems
        item = desk.report_game(desk.player_code(CAMP), other, gone, "1-0", origin="p").item_id
        desk.accept(item, by="staff")
    remove_camper(book, gone)
    desk.release(None, by="staff")
    said = " ".join(desk.take().messages)
    assert said.lower().count("nothing was taken") == 1, said
