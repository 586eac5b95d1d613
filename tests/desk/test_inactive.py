"""A camp's inactive player at the results desk (issue 36's user test): the template's Ladder
Players has a camper with Active FALSE, and the recalc refuses any game of his
(InactivePlayerError). The desk offers him to no one, refuses a report naming him, and a
released game of a player made inactive after it was reported is named and left out of the
take while the evening's other games go in; ``ratingbook results take`` then fails (exit 1)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from tests.desk.desk_books import template
from tests.helpers.workbooks import records

from ratingbook.cli import cli
from ratingbook.desk import CAMP, Desk, DeskError


def ladder_players(path: Path) -> list[tuple[str, str, bool]]:
    """Ladder Players' (ID, Name, Active) as the file holds them, read with openpyxl."""
    sheet = openpyxl.load_workbook(path)["Ladder Players"]
    rows = list(sheet.iter_rows(values_only=True))
    at = {name: rows[0].index(name) for name in ("ID", "Name", "Active")}
    return [
        (str(row[at["ID"]]), str(row[at["Name"]]), bool(row[at["Active"]]))
        for row in rows[1:]
        if row[at["Name"]]
    ]


def add_camper(path: Path, name: str) -> str:
    """A new active camper in Ladder Players' first empty row, in the first camper's group
    (StWkPerm empty: a new camper); his ID."""
    book = openpyxl.load_workbook(path)
    sheet = book["Ladder Players"]
    header = [cell.value for cell in sheet[1]]
    rows = [row for row in sheet.iter_rows(min_row=2) if row[header.index("Name")].value]
    ident = max(int(row[header.index("ID")].value) for row in rows) + 1
    at = rows[-1][0].row + 1
    values = {"ID": ident, "Name": name, "Group": rows[0][header.index("Group")].value,
              "Active": True}  # fmt: skip
    for column, value in values.items():
        sheet.cell(at, header.index(column) + 1, value)
    book.save(path)
    return str(ident)


def _edit_camper(
    path: Path, ident: str, change: Callable[[list[str], tuple[Any, ...]], None]
) -> None:
    """``change(header, row)`` made to the camper ``ident``'s row of Ladder Players."""
    book = openpyxl.load_workbook(path)
    sheet = book["Ladder Players"]
    header = [cell.value for cell in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if str(row[header.index("ID")].value) == ident:
            change(header, row)
    book.save(path)


def make_inactive(path: Path, ident: str) -> None:
    def inactive(header: list[str], row: tuple[Any, ...]) -> None:
        row[header.index("Active")].value = False

    _edit_camper(path, ident, inactive)


def test_an_inactive_camper_is_offered_to_no_one_and_his_game_is_refused(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    players = ladder_players(book)
    idle = [(ident, name) for ident, name, active in players if not active]
    assert idle, "the template has an inactive camper"
    desk = Desk.open(book)
    assert desk.players() == [(ident, name) for ident, name, active in players if active]
    (gone, name), (a, _) = idle[0], desk.players()[0]
    with pytest.raises(DeskError, match=f"{name} is not active"):
        desk.report_game(desk.player_code(CAMP), a, gone, "1-0", origin="phone")


def test_a_game_of_a_camper_made_inactive_is_named_and_the_others_are_taken(
    tmp_path: Path,
) -> None:
    book = template(tmp_path, "ladder")
    d = add_camper(book, "Nina Vale")  # no game in the sheet: made inactive, those still stand
    desk = Desk.open(book)
    names = dict(desk.players())
    a, b, c = [ident for ident in names if ident != d][:3]
    camp = desk.player_code(CAMP)
    for white, black in ((a, b), (c, d)):
        desk.accept(desk.report_game(camp, white, black, "1-0", origin="phone").item_id, by="s")
    make_inactive(book, d)  # staff mark him inactive after his game was reported
    assert desk.release(None, by="staff") == 2
    outcome = desk.take()
    assert (outcome.taken, outcome.waiting) == (1, 1)
    said = " ".join(outcome.messages)
    assert f"the game {names[c]} - {names[d]}: {names[d]} is not active" in said
    assert [q.status for q in desk.queue()] == ["taken", "accepted"]
    done = CliRunner().invoke(cli, ["results", "take", str(book)])
    assert done.exit_code == 1
    assert f"{names[d]} is not active" in done.output
    assert "1 released result not taken" in done.output


def test_desk_results_names_a_ladder_games_players(tmp_path: Path) -> None:
    """Desk Results names the players as a Swiss book's does, not by the ladder's IDs."""
    book = template(tmp_path, "ladder")
    name_of = {ident: name for ident, name, active in ladder_players(book) if active}
    (a, b) = list(name_of)[:2]
    desk = Desk.open(book)
    desk.accept(desk.report_game(desk.player_code(CAMP), a, b, "1-0", origin="p").item_id, by="s")
    desk.release(None, by="staff")
    assert desk.take().taken == 1
    listed = records(book, "Desk Results")
    assert (listed[0]["White"], listed[0]["Black"]) == (name_of[a], name_of[b])


def remove_camper(path: Path, ident: str) -> None:
    def removed(header: list[str], row: tuple[Any, ...]) -> None:
        for cell in row:
            cell.value = None

    _edit_camper(path, ident, removed)


def evening_with(book: Path, name: str) -> tuple[Desk, str, str]:
    """The ladder ``book`` with camper ``name`` added, and an evening the staff accepted: two
    of the others' game, then a third's against ``name``, each 1-0 with the camp's code. The
    desk, ``name``'s ID and the third camper's ID."""
    gone = add_camper(book, name)
    desk = Desk.open(book)
    a, b, c = [ident for ident, _ in desk.players() if ident != gone][:3]
    camp = desk.player_code(CAMP)
    for white, black in ((a, b), (c, gone)):
        desk.accept(desk.report_game(camp, white, black, "1-0", origin="phone").item_id, by="s")
    return desk, gone, c


def test_one_game_the_recalc_refuses_does_not_hold_back_the_others(tmp_path: Path) -> None:
    """Whatever the recalc refuses in one game (here: its player's row deleted from the book
    after the report), that game is named and the evening's other games are taken."""
    book = template(tmp_path, "ladder")
    desk, gone, c = evening_with(book, "Nina Vale")
    names = dict(desk.players())
    remove_camper(book, gone)
    desk.release(None, by="staff")
    outcome = desk.take()
    assert (outcome.taken, outcome.waiting) == (1, 1)
    said = "\n".join(outcome.messages)
    assert f"the game {names[c]} - Nina Vale not taken: " in said
    assert f"no player has ID {gone}" in said or f"no player has ID '{gone}'" in said
    assert "nothing was taken" not in said
