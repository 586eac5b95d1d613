"""The undo store in a workbook file: ratingbook's alone, so hidden (never seen, never printed),
with either file back end, and hidden again in a book that shows it (one made by ratingbook 0.1,
whose Excel history was a visible sheet)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.fide_event import event_sheets
from tests.helpers.workbooks import make_book

from ratingbook.files.backends import open_book
from ratingbook.session import Pair, Session


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_the_event_history_is_a_hidden_sheet(tmp_path: Path, backend: str) -> None:
    source = tmp_path / "event.xlsx"
    make_book(event_sheets()).save(source)
    book = open_book(str(source), backend)
    Session(book).run(Pair())
    book.save(tmp_path / "out.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "out.xlsx")
    # ratingbook's own records, JSON, neither seen nor printed: the undo store and the state.
    internal = ("Event History", "Event State")
    assert all(wb[n].sheet_state == "hidden" for n in internal)
    assert all(wb[n].sheet_state == "visible" for n in wb.sheetnames if n not in internal)


def test_a_visible_event_history_is_hidden_when_written_again(tmp_path: Path) -> None:
    source = tmp_path / "event.xlsx"
    wb = make_book({**event_sheets(), "Event History": [["State", "Before", "Values"]]})
    wb.save(source)
    book = open_book(str(source), "package")
    Session(book).run(Pair())
    book.save(tmp_path / "out.xlsx")
    with zipfile.ZipFile(tmp_path / "out.xlsx") as package:
        workbook = package.read("xl/workbook.xml").decode()
    assert 'name="Event History"' in workbook
    assert openpyxl.load_workbook(tmp_path / "out.xlsx")["Event History"].sheet_state == "hidden"
