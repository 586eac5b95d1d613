"""Undo of a desk take takes its appended rows away (issue 36, the fresh-clone user test after
desk43b): no blank row stays at the end of Desk Results or of a ladder's games, and the
LadderGames table's range shrinks back to where it was before the take (the ladder template's
A1:E11); redo gives the rows and the range back."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.desk.desk_books import fide_swiss, run, template

from ratingbook.desk import CAMP, Desk
from ratingbook.session import Redo, Undo


def _shape(book: Path, sheet: str) -> tuple[int, list[str]]:
    """The sheet's last row as the file holds it, and its tables' ranges."""
    ws = openpyxl.load_workbook(book)[sheet]
    return ws.max_row, [t.ref for t in ws.tables.values()]


def _blank_rows(book: Path, sheet: str) -> list[int]:
    ws = openpyxl.load_workbook(book)[sheet]
    return [
        n
        for n, line in enumerate(ws.iter_rows(values_only=True), start=1)
        if all(v in (None, "") for v in line)
    ]


def test_undo_of_a_ladder_take_takes_its_rows_and_the_tables_range_back(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    assert _shape(book, "Ladder Games") == (11, ["A1:E11"])
    desk = Desk.open(book)
    ids = [ident for ident, _ in desk.players()]
    for white, black in [(ids[0], ids[1]), (ids[2], ids[3])]:
        item = desk.report_game(desk.player_code(CAMP), white, black, "(1-0)", origin="p")
        desk.accept(item.item_id, by="staff")
    desk.release(None, by="staff")
    assert desk.take().taken == 2
    assert _shape(book, "Ladder Games") == (13, ["A1:E13"])
    run(book, Undo())
    assert _shape(book, "Ladder Games") == (11, ["A1:E11"])
    assert _blank_rows(book, "Ladder Games") == []
    assert _blank_rows(book, "Desk Results") == []
    run(book, Redo())
    assert _shape(book, "Ladder Games") == (13, ["A1:E13"])


def test_undo_of_a_later_swiss_take_leaves_no_blank_desk_results_row(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    desk = Desk.open(book)
    desk.enter(1, 1, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 1
    desk.enter(1, 2, "0-1", by="arbiter")
    assert desk.take().taken == 1
    run(book, Undo())
    assert _blank_rows(book, "Desk Results") == []
    assert _shape(book, "Desk Results")[0] == 2  # the header and the first take's row
    assert _blank_rows(book, "Swiss Games") == []
