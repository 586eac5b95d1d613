"""Book.looks and Book.give_looks, the port's formats (what an undo and a redo give back), on
both file back ends and across them: a look read by one is given by the other (an act kept by
one back end is undone by the other), and a sheet's layout (its columns' widths and formats,
its print area and titles) read and given back whole. The expected formats are the template's
own, as openpyxl reads the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.paths import ROOT

from ratingbook.files.backends import open_book
from ratingbook.workbook.port.looks import Columns, Layout, SheetLooks

TEMPLATES = ROOT / "workbook_templates"
BACKENDS = ("package", "openpyxl")


def cell_format(path: Path, sheet: str, ref: str) -> tuple[object, ...]:
    cell = openpyxl.load_workbook(path)[sheet][ref]
    a, f = cell.alignment, cell.font
    return (cell.number_format, a.horizontal, a.vertical, bool(a.wrap_text), bool(f.b), f.sz)


@pytest.mark.parametrize("giver", BACKENDS)
@pytest.mark.parametrize("reader", BACKENDS)
def test_a_look_read_by_one_back_end_is_given_by_either(
    tmp_path: Path, reader: str, giver: str
) -> None:
    """Swiss Games' Result cell E2 (text, left) and header E1 (bold) read, then given to two
    cells far from the table (H20, H21): they look as E2 and E1 do; a cell given none (H22,
    written and emptied) goes."""
    path = tmp_path / "swiss.xlsx"
    shutil.copy(TEMPLATES / "swiss.xlsx", path)
    read = open_book(str(path), reader).looks("Swiss Games", [1, 2])
    assert read is not None
    result, header = read.cells[(2, 5)], read.cells[(1, 5)]
    book = open_book(str(path), giver)
    book.give_looks(SheetLooks("Swiss Games", {(20, 8): result, (21, 8): header, (22, 8): None}))
    book.save(str(path))
    assert cell_format(path, "Swiss Games", "H20") == cell_format(path, "Swiss Games", "E2")
    assert cell_format(path, "Swiss Games", "H21") == cell_format(path, "Swiss Games", "E1")
    assert cell_format(path, "Swiss Games", "E2")[0] == "@"
    assert (22, 8) not in openpyxl.load_workbook(path)["Swiss Games"]._cells


def layout_of(path: Path, sheet: str) -> tuple[object, ...]:
    ws = openpyxl.load_workbook(path)[sheet]
    widths = {k: (d.min, d.max, d.width, d.number_format) for k, d in ws.column_dimensions.items()}
    return widths, ws.print_area, ws.print_titles


@pytest.mark.parametrize("giver", BACKENDS)
@pytest.mark.parametrize("reader", BACKENDS)
def test_a_layout_read_and_given_back_whole(tmp_path: Path, reader: str, giver: str) -> None:
    """The camp template's Games Archive (seven columns sized and formatted, its date column
    ``yyyy-mm-dd``, a print area and print titles): another layout given (one column, no print
    area), then the one read given back: the sheet is the template's again."""
    path = tmp_path / "ladder.xlsx"
    shutil.copy(TEMPLATES / "ladder.xlsx", path)
    template = layout_of(path, "Games Archive")
    read = open_book(str(path), reader).looks("Games Archive", None)
    assert read is not None and read.layout is not None
    assert len(read.layout.columns) == 7 and read.layout.print_area
    book = open_book(str(path), giver)
    book.give_looks(SheetLooks("Games Archive", layout=Layout((Columns(1, 1, 30.0),))))
    book.save(str(path))
    assert layout_of(path, "Games Archive") != template
    book = open_book(str(path), giver)
    book.give_looks(SheetLooks("Games Archive", layout=read.layout))
    book.save(str(path))
    assert layout_of(path, "Games Archive") == template
