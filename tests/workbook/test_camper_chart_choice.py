"""Camper Chart's B1 names a camper of the book after a recalc (issue 34, see42c).

The user test's camp typed its own campers over the template's sample ones; B1 still named
the sample camper ``Maya Okafor``, who is not in the book, and the printed Camper Chart was two
empty charts. A recalc now sets B1 to the first camper on Ladder Players, and says so; a B1
naming a camper of the book is left as it is.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.helpers.built_books import write_template
from tests.helpers.cli import run

from ratingbook.workbook.sheets.schemas import CAMPER_CHART


def _book(folder: Path, rename: bool) -> Path:
    book = folder / "camp.xlsx"
    write_template("ladder", book)
    if rename:
        wb = openpyxl.load_workbook(book)
        ws = wb["Ladder Players"]
        for row in range(2, ws.max_row + 1):
            if ws.cell(row, 2).value:
                ws.cell(row, 2).value = f"Camper {row - 1}"
        wb.save(book)
    return book


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_camper_chart_naming_no_camper_shows_the_first(tmp_path: Path, backend: str) -> None:
    book = _book(tmp_path, rename=True)
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    assert openpyxl.load_workbook(out)[CAMPER_CHART]["B1"].value == "Camper 1"
    said = done.stdout + done.stderr
    assert "B1 named 'Maya Okafor', who is not on 'Ladder Players'" in said
    assert "set to 'Camper 1', the first camper" in said


def test_a_camper_chart_naming_a_camper_is_left_alone(tmp_path: Path) -> None:
    book = _book(tmp_path, rename=False)
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out)
    assert done.returncode == 0, done.stderr
    assert openpyxl.load_workbook(out)[CAMPER_CHART]["B1"].value == "Maya Okafor"
    assert "Camper Chart" not in done.stdout + done.stderr
