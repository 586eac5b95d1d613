"""Excel's **Take results** on a ladder through xlwings' JSON engine (issue 36): the row the take
adds under Ladder Games gets the template's name formulas (White Name, Black Name), sent to
Excel as formulas, never as the text of a formula nor a value; the IDs and the result as the
file's take writes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.desk.desk_books import template
from tests.excel.test_take_results import _grids
from tests.helpers.jsonbook import actions, make_json_book

from ratingbook.desk import CAMP, Desk
from ratingbook.excel import take_results_book
from ratingbook.workbook.sheets.schemas import table_name

LADDER = "Ladder Games"


def _written(book: Any, sheet: str) -> dict[tuple[int, int], object]:
    """Every cell the queued actions write on ``sheet``, by (row, column), 1-based: the
    actions read here by their own fields, as xlwings' Office.js client applies them."""
    cells: dict[tuple[int, int], object] = {}
    for action in actions(book):
        if action["sheet_position"] != _position(book, sheet):
            continue
        if action["func"] not in ("setValues", "setFormula"):
            continue
        top, left = action["start_row"] + 1, action["start_column"] + 1
        for r, line in enumerate(action["values"]):
            for c, value in enumerate(line):
                cells[(top + r, left + c)] = (action["func"], value)
    return cells


def _position(book: Any, sheet: str) -> int:
    return [s.name for s in book.sheets].index(sheet)


def test_a_ladder_row_taken_in_excel_gets_the_name_formulas(tmp_path: Path) -> None:
    path = template(tmp_path, "ladder")
    desk = Desk.open(path)
    (a, _), (b, _) = desk.players()[:2]
    ack = desk.report_game(desk.player_code(CAMP), b, a, "(0-1)", origin="phone")
    desk.accept(ack.item_id, by="staff")
    desk.release(None, by="staff")
    sheets = _grids(path)
    header = [str(v) for v in sheets[LADDER][0]]
    last = max(
        i
        for i, line in enumerate(sheets[LADDER], start=1)
        if any(v not in (None, "") for v in line)
    )
    book = make_json_book(sheets, name=str(path))
    plan = take_results_book(book)
    assert plan.summary[0] == "1 result taken into the book (save the book to keep them)"
    written = _written(book, LADDER)
    row = last + 1
    at = {name: header.index(name) + 1 for name in ("White", "Black", "Result")}
    assert written[(row, at["White"])][1] == int(b)
    assert written[(row, at["Black"])][1] == int(a)
    assert str(written[(row, at["Result"])][1]).removeprefix("'") == "(0-1)"
    games = table_name(LADDER)
    players = table_name("Ladder Players")
    for side, column in (("White", "White Name"), ("Black", "Black Name")):
        func, value = written[(row, header.index(column) + 1)]
        this_row = f"{games}[[#This Row],[{side}]]"
        expected = (
            f'=IF({this_row}="","",IFERROR(INDEX({players}[Name],MATCH({this_row},'
            f'{players}[ID],0)),"?"))'
        )
        assert (func, value) == ("setValues", expected) or (func, value) == (
            "setFormula",
            expected,
        ), (column, func, value)
