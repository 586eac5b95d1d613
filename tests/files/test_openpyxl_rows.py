"""Rows of a kind built and written once (``--backend openpyxl``): openpyxl's own workbook and
bytes, row by row (:mod:`ratingbook.files.rewriting.openpyxl_rows`).

The reference is openpyxl itself: the same file loaded and saved by openpyxl alone and inside
:func:`rows_done_once` must give the same row dimensions in memory and the same saved parts.
"""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles import Font

from ratingbook.files.rewriting.openpyxl_rows import rows_done_once

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"


def _rows_book(seed: int) -> Any:
    """A sheet of 300 rows of every kind: heights (one tiny, one the largest), hidden, outline
    levels, collapsed, formats, fonts, thick borders, some rows holding a cell, some skipped."""
    pick = random.Random(seed)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = "ID"
    ws["B3"].number_format = "0.00"
    for r in range(2, 300):
        if pick.random() < 0.3:
            continue
        row = ws.row_dimensions[r]
        if pick.random() < 0.5:
            row.height = pick.choice([10, 20.5, 15, 1e-7, 409])
        if pick.random() < 0.3:
            row.hidden = True
        if pick.random() < 0.3:
            row.outlineLevel = pick.choice([1, 2])
        if pick.random() < 0.2:
            row.collapsed = True
        if pick.random() < 0.3:
            row.number_format = pick.choice(["0.00", "0%", "General"])
        if pick.random() < 0.2:
            row.font = Font(bold=True)
        if pick.random() < 0.1:
            row.thickBot = True
        if pick.random() < 0.1:
            row.thickTop = True
        if pick.random() < 0.2:
            ws.cell(row=r, column=pick.randint(1, 5), value=r)
    return wb


def _load(path: Path, fast: bool) -> Any:
    reader = ExcelReader(path, keep_vba=False, keep_links=True, rich_text=False)
    if fast:
        with rows_done_once():
            reader.read()
    else:
        reader.read()
    return reader.wb


def _rows(wb: Any) -> list[object]:
    return [
        (ws.title, number, sorted(vars(row).items()), row._style and tuple(row._style))
        for ws in wb.worksheets
        for number, row in sorted(ws.row_dimensions.items())
        if row.parent is ws
    ]


def _saved(wb: Any, fast: bool) -> dict[str, bytes]:
    out = io.BytesIO()
    if fast:
        with rows_done_once():
            wb.save(out)
    else:
        wb.save(out)
    with zipfile.ZipFile(out) as package:  # core.xml holds the time of saving
        return {n: package.read(n) for n in package.namelist() if n != "docProps/core.xml"}


@pytest.mark.parametrize("seed", range(4))
def test_rows_of_every_kind_load_and_save_as_openpyxl_does(seed: int, tmp_path: Path) -> None:
    path = tmp_path / "rows.xlsx"
    _rows_book(seed).save(path)
    plain, fast = _load(path, fast=False), _load(path, fast=True)
    assert _rows(fast) == _rows(plain)
    assert _saved(fast, fast=True) == _saved(plain, fast=False)
    assert _rows(fast) == _rows(plain)  # saving gives each row a style array alike
    # A book made in memory (rows without a style array of their own) saves alike too.
    assert _saved(_rows_book(seed), fast=True) == _saved(_rows_book(seed), fast=False)


@pytest.mark.parametrize("name", ["ladder.xlsx", "swiss.xlsx"])
def test_templates_load_and_save_as_openpyxl_does(name: str) -> None:
    plain, fast = _load(TEMPLATES / name, fast=False), _load(TEMPLATES / name, fast=True)
    assert _rows(fast) == _rows(plain)
    assert _saved(fast, fast=True) == _saved(plain, fast=False)
