"""A table's long headers wrap onto a few lines when printed (issue 34), in both back ends."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from ratingbook import templates
from ratingbook.files.backends import open_book
from ratingbook.session import Done, Recalc, Session


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_the_rating_historys_long_headers_wrap_over_narrow_columns(
    backend: str, tmp_path: Path
) -> None:
    """Issue 34: the camp's Rating History printed 8 pages, each with the names and one rating
    column, every rating column as wide as its header on one line (``White Permanent
    Before``: 27.3 units for four digits). Its headers wrap onto three lines, each column as
    wide as its header's longest word in bold (``Permanent``: 9 x 1.15 + 2 = 12.35 units), the
    header row three lines of 15 points tall; both back ends write the same."""
    path = tmp_path / "ladder.xlsx"
    path.write_bytes(templates.template_bytes("ladder"))
    book = open_book(str(path), backend)
    assert isinstance(Session(book).run(Recalc()), Done)
    book.save(tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "out.xlsx")["Rating History"]
    assert ws.row_dimensions[1].height == 45
    assert all(c.alignment.wrap_text for c in ws[1])
    widths = {c.value: ws.column_dimensions[c.column_letter].width for c in ws[1]}
    assert widths["White Permanent Before"] == widths["Black Permanent After"] == 12.35
    assert widths["White Rating Before"] == 8.9  # "Rating", "Before": 6 x 1.15 + 2
