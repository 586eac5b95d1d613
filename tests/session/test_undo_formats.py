"""Undo and redo give back the book cell for cell, formats too (user test 49): a pairing's empty
``Result`` cells kept their text format (``@``, left-aligned) only until its undo and redo (in
Excel, ``1/2`` typed there then became a date); a camp's first new week, undone, left
``Games Archive`` and ``Weekly Standings`` with the week's widths, alignment and print setup and
without the template's date format; a rating list's addition, undone, took the template's
formatted first row of ``List Events`` and ``Event Ranks`` away, and redone, left the new
``List Players`` rows without their number formats. On both file back ends.

The expected books are the books themselves, as openpyxl reads them: the one before the act
(what its undo gives back) and the one the act wrote (what its redo gives back), each cell's
value, number format, alignment, font and fill, each row's height, each column's width, the
print area and print titles, the tables' ranges. Never ratingbook's output.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.helpers.paths import ROOT

from ratingbook.files.backends import open_book
from ratingbook.files.season_sources import read_each
from ratingbook.session import AddEvents, NeedsConfirmation, NewWeek, Pair, Redo, Session, Undo
from ratingbook.workbook.port.book import WriteBlock

TEMPLATES = ROOT / "workbook_templates"
MASTERS = ROOT / "tests" / "data" / "trf" / "icu_kilkenny-masters_2011.tab"


def run(path: Path, backend: str, command: Any) -> None:
    book = open_book(str(path), backend)
    outcome = Session(book, who="arbiter", now="2026-04-01T10:00:00Z").run(command)
    if isinstance(outcome, NeedsConfirmation):
        outcome = outcome.resume("--confirm")
    book.save(str(path))


def looks(path: Path, sheets: tuple[str, ...]) -> dict[str, Any]:
    """Each sheet of ``sheets`` as openpyxl reads it: every cell's value and format, each
    row's height, each column's width, the print area and titles, the tables' ranges."""
    book = openpyxl.load_workbook(path)
    found: dict[str, Any] = {}
    for name in sheets:
        ws = book[name]
        cells = {
            cell.coordinate: (
                cell.value,
                cell.number_format,
                cell.alignment.horizontal,
                cell.alignment.vertical,
                bool(cell.alignment.wrap_text),
                bool(cell.font.b),
                bool(cell.font.i),
                cell.font.sz,
                cell.fill.fgColor.rgb if cell.fill.fill_type else None,
            )
            for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=ws.max_column)
            for cell in row
        }
        heights = {r: d.height for r, d in ws.row_dimensions.items() if d.height is not None}
        widths = {k: d.width for k, d in ws.column_dimensions.items() if d.customWidth}
        tables = {t.name: t.ref for t in ws.tables.values()}
        found[name] = (cells, heights, widths, ws.print_area, ws.print_titles, tables)
    return found


def assert_same(got: dict[str, Any], expected: dict[str, Any]) -> None:
    for sheet, (cells, *rest) in expected.items():
        differ = {
            k: (v, got[sheet][0].get(k)) for k, v in cells.items() if got[sheet][0].get(k) != v
        }
        differ.update({k: (None, v) for k, v in got[sheet][0].items() if k not in cells and any(v)})
        assert not differ, (sheet, sorted(differ.items())[:6])
        assert got[sheet][1:] == tuple(rest), sheet


def round_four_played(path: Path) -> None:
    """The Swiss template's round 4 (rows 11 to 13, its three boards) played: 1-0 each, typed
    into the Result cells (the template's own format, text, stays)."""
    book = open_book(str(path))
    book.write_values(WriteBlock("Swiss Games", 11, 5, [["1-0"], ["1-0"], ["1-0"]]))
    book.save(str(path))


CASES = {
    # the act, what is typed before it, the sheets compared
    "a Swiss round's pairing": (
        "swiss",
        round_four_played,
        Pair(),
        ("Swiss Games", "Swiss Players", "Swiss Settings"),
    ),
    "a camp's first new week": (
        "ladder",
        None,
        NewWeek(),
        ("Games Archive", "Weekly Standings", "Ladder Games", "Ladder Players"),
    ),
    "a rating list's first addition": (
        "ratinglist",
        None,
        "add",
        ("List Events", "Event Ranks", "List Players", "List Games"),
    ),
}


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_undo_and_redo_give_back_the_cells_formats_rows_columns_and_print_area(
    tmp_path: Path, case: str, backend: str
) -> None:
    kind, typed, command, sheets = CASES[case]
    path = tmp_path / f"{kind}.xlsx"
    shutil.copy(TEMPLATES / f"{kind}.xlsx", path)
    if typed is not None:
        typed(path)
    if command == "add":
        command = AddEvents(read_each([str(MASTERS)]).events)
    before = looks(path, sheets)
    run(path, backend, command)
    after = looks(path, sheets)
    assert after != before
    run(path, backend, Undo())
    assert_same(looks(path, sheets), before)
    run(path, backend, Redo())
    assert_same(looks(path, sheets), after)


def test_the_pairings_empty_result_cells_are_text_again_after_its_redo(tmp_path: Path) -> None:
    """The finding itself: the template formats Swiss Games' Result column as text (``@``), so
    that ``1/2`` typed there stays text; the round's empty Result cells are text after the
    pairing, and again after its undo and redo."""
    path = tmp_path / "swiss.xlsx"
    shutil.copy(TEMPLATES / "swiss.xlsx", path)
    round_four_played(path)
    run(path, "package", Pair())

    def results() -> list[tuple[object, str]]:
        ws = openpyxl.load_workbook(path)["Swiss Games"]
        return [(ws.cell(r, 5).value, ws.cell(r, 5).number_format) for r in range(14, 16)]

    assert results() == [(None, "@"), (None, "@")]
    run(path, "package", Undo())
    run(path, "package", Redo())
    assert results() == [(None, "@"), (None, "@")]
