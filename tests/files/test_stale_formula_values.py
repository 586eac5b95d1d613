"""A formula whose inputs ratingbook wrote keeps no stale value (user test 47, mend47j).

After ``new-week`` a book LibreOffice had saved printed last week's pairings by name on
``Ladder Games`` and last week's line on the Camper Chart: the name and lookup formulas kept
the values LibreOffice had stored, and LibreOffice's headless conversion does not recalculate
on opening. The package back end now drops the stored value of every formula that may read a
cell it wrote (so any program computes it) and keeps the others' (a constant, a lookup of a
sheet it did not write). The openpyxl back end stores no formula values at all.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
from openpyxl.worksheet.table import Table
from tests.helpers.workbooks import saved_by_excel

from ratingbook.files.patching import PackageBook
from ratingbook.files.patching.stale import staleness
from ratingbook.workbook.port.book import WriteBlock

#: The value a spreadsheet program stored for every formula of the test book.
OLD = "99"


def test_which_formulas_go_stale() -> None:
    going = staleness(
        {
            "Games": ["A2*2", "1000+500", "TRUE()"],
            "Look": ["MATCH($B$1,'Games'!$C$1:$C$20,0)", "B2+1"],
            "Names": ["INDEX(Players[Name],1)", "Results"],
            "Other": ["'Far Away'!A1", "SUM(C1:C3)"],
        },
        written={"Games"},
        tables={"Games": ["Players"]},
        defined_names={"Results": "Games!$A$1:$A$9", "Elsewhere": "'Far Away'!$A$1"},
    )
    assert going.stale("Games", "A2*2")  # reads its own, written sheet
    assert not going.stale("Games", "1000+500") and not going.stale("Games", "TRUE()")
    assert going.stale("Look", "MATCH($B$1,'Games'!$C$1:$C$20,0)")
    assert going.stale("Look", "B2+1")  # reads a cell whose value went (Look is reached)
    assert going.stale("Names", "INDEX(Players[Name],1)")  # a table on Games
    assert going.stale("Names", "Results")  # a defined name on Games
    assert not going.stale("Other", "'Far Away'!A1")
    assert not going.stale("Other", "SUM(C1:C3)")  # Other reads nothing written
    assert going.sheets == {"Games", "Look", "Names"}


def _book(tmp_path: Path) -> Path:
    wb = openpyxl.Workbook()
    games = wb.active
    assert games is not None
    games.title = "Games"
    games.append(["White", "Name"])
    games.append([3, '=IF(Games!A2="","",Games!A2*2)'])
    games.append([None, "=1000+500"])
    games.add_table(Table(displayName="GameList", ref="A1:B3"))
    wb.create_sheet("Chart").append(["=SUM(GameList[White])", "=A1+1"])
    wb.create_sheet("Apart").append([5, "=A1*3"])
    path = tmp_path / "book.xlsx"
    wb.save(path)
    with zipfile.ZipFile(path) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    for name, data in parts.items():  # as a spreadsheet program stores its results
        if name.startswith("xl/worksheets/sheet"):
            parts[name] = re.sub(rb"</f>(?:<v\s*/>|<v></v>)?", f"</f><v>{OLD}</v>".encode(), data)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    return saved_by_excel(path)


def _stored(path: Path) -> dict[str, list[object]]:
    wb = openpyxl.load_workbook(path, data_only=True)
    return {ws.title: [c.value for row in ws.iter_rows() for c in row] for ws in wb.worksheets}


def test_a_written_input_drops_the_values_of_the_formulas_reading_it(tmp_path: Path) -> None:
    source = _book(tmp_path)
    assert _stored(source)["Chart"] == [99, 99]  # the program's values, before
    book = PackageBook(source)
    book.write_values(WriteBlock("Games", 2, 1, ((None,),)))  # new-week empties White
    out = tmp_path / "out.xlsx"
    book.save(out)
    stored = _stored(out)
    # Games: the name formula reads the emptied cell, the constant reads nothing.
    assert stored["Games"] == ["White", "Name", None, None, None, 99]
    # Chart: the table on Games and, through it, its own cell: computed anew by any program.
    assert stored["Chart"] == [None, None]
    # Apart reads nothing ratingbook wrote: its value stays.
    assert stored["Apart"] == [5, 99]
    formulas = openpyxl.load_workbook(out)
    assert formulas["Games"]["B2"].value == '=IF(Games!A2="","",Games!A2*2)'  # kept
    assert formulas["Chart"]["B1"].value == "=A1+1"
