"""Tests for Excel's **Take results** (issue 36) through xlwings' JSON engine, as the other
buttons are tested: the results released at the desk written into the open book (the book the
desk cannot write while Excel holds it) as the desk's own take writes them into the file;
nothing marked taken until the saved file lists them; a book without a desk told so."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tests.desk.desk_books import copy, fide_swiss, released_round_one
from tests.helpers.jsonbook import actions, apply_actions, make_json_book
from tests.helpers.workbooks import all_values

from ratingbook.desk import Desk
from ratingbook.excel import recalc_book, take_results_book, take_results_from_desk
from ratingbook.files.backends import open_book

#: What differs by design: the minute of the take in the records (and FIDE mode's digests), and
#: the undo history (each adapter writes its own note there).
TIMED = ("Desk Results", "Event Log", "Event State", "Event History")


def _grids(path: Path) -> dict[str, list[list[Any]]]:
    book = open_book(str(path))
    return {name: [list(r) for r in book.read_values(name)] for name in book.sheet_names()}


def _cell(value: Any) -> Any:
    """A value as Excel holds it: text sent with the apostrophe that keeps it text (``'1-0``,
    never a date) is that text."""
    if isinstance(value, str):
        return value.removeprefix("'") or None
    return value


def _trimmed(grid: list[list[Any]]) -> list[list[Any]]:
    rows = [[_cell(v) for v in r] for r in grid]
    rows = [r[: max((i + 1 for i, v in enumerate(r) if v is not None), default=0)] for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def test_take_results_writes_into_the_open_book_what_the_desk_writes_into_the_file(
    tmp_path: Path,
) -> None:
    path = released_round_one(tmp_path)
    desk = Desk.open(path)
    sheets = _grids(path)
    book = make_json_book(sheets, name=str(path))
    plan = take_results_book(book)
    assert plan.summary == ("3 results taken into the book (save the book to keep them)",)
    in_excel = apply_actions(sheets, actions(book))
    assert [_cell(r[4]) for r in in_excel["Swiss Games"][1:]] == ["1-0"] * 3 + [None] * 2
    # nothing is marked taken before the saved file lists them; the file's take writes the same
    assert {q.status for q in desk.queue()[:3]} == {"confirmed"}
    reference = copy(path, "reference.xlsx")
    assert Desk(reference, desk.store_path).take().taken == 3
    expected = all_values(reference)
    keys = [r[-1] for r in expected["Desk Results"][1:]]
    assert len(keys) == 3
    assert [_cell(r[-1]) for r in in_excel["Desk Results"][1:]] == keys
    for name, grid in in_excel.items():
        if name not in TIMED:
            assert _trimmed(grid) == _trimmed([list(r) for r in expected[name]]), name


def test_the_script_for_server_and_lite_says_when_the_book_has_no_desk(tmp_path: Path) -> None:
    path = fide_swiss(tmp_path)
    book = make_json_book(_grids(path), name=str(path))
    take_results_from_desk(book)
    [alert] = actions(book)
    assert alert["func"] == "alert"
    assert "there is no results desk beside this book" in alert["args"][0]


def test_recalc_ratings_says_when_released_results_wait_on_the_desk(tmp_path: Path) -> None:
    """The button's summary names the released results not taken yet; those the open book's
    Desk Results lists already (taken in Excel, not yet found by the desk) do not wait."""
    path = fide_swiss(tmp_path)
    desk = Desk.open(path)
    desk.enter(1, 1, "1-0", by="arbiter")
    desk.release(1, by="arbiter")
    plan = recalc_book(make_json_book(_grids(path), name=str(path)))
    assert plan.summary[-1] == "1 result released on the desk waits: Take results"
    sheets = _grids(path)
    book = make_json_book(sheets, name=str(path))
    take_results_book(book)
    taken = apply_actions(sheets, actions(book))
    as_excel_holds = {name: [[_cell(v) for v in r] for r in grid] for name, grid in taken.items()}
    plan = recalc_book(make_json_book(as_excel_holds, name=str(path)))
    assert not any("released on the desk" in line for line in plan.summary)


def test_recalc_ratings_in_a_python_without_sqlite3_says_nothing_of_a_desk(
    tmp_path: Path,
) -> None:
    """xlwings Lite's Python may have no sqlite3 (and no desk is beside its book): the button
    recalculates as before."""
    path = fide_swiss(tmp_path)
    book = make_json_book(_grids(path), name=str(path))
    kept = dict(sys.modules)
    try:
        for name in [n for n in sys.modules if n.startswith(("ratingbook.desk", "sqlite3"))]:
            del sys.modules[name]
        sys.modules["sqlite3"] = None  # type: ignore[assignment]  # import sqlite3 fails
        plan = recalc_book(book)
    finally:
        sys.modules.clear()
        sys.modules.update(kept)
    assert plan.summary
    assert not any("released on the desk" in line for line in plan.summary)
