"""The sheets of sentences print readably (issue 34): their sentence columns wrap."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from ratingbook import templates
from ratingbook.files.backends import open_book
from ratingbook.session import Done, Recalc, Session


def test_the_sentence_sheets_print_their_sentences_wrapped(tmp_path: Path) -> None:
    """A notes sheet's sentences wrap in their column when printed (issue 34: run on over the
    empty cells beside them, they widened the page and shrank the type to about 5 points)."""
    path = tmp_path / "swiss.xlsx"
    path.write_bytes(templates.template_bytes("swiss"))
    outcome = Session(open_book(str(path))).run(Recalc(), dry_run=True)
    assert isinstance(outcome, Done)
    plan = outcome.plan
    sheets = {s.name: s for s in plan.sheets}
    for name, column in (("Pairing Notes", "Note"), ("Standings Notes", "Note")):
        setup = sheets[name].print_setup
        assert setup is not None
        assert list(sheets[name].header).index(column) in setup.wrapped, name


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_the_cells_beside_a_wrapped_sentence_start_at_the_top(backend: str, tmp_path: Path) -> None:
    """A pairing note wraps over several lines: its row's round, board and players stand at
    the top of the row, beside the sentence's first line (they stood at the bottom, beside its
    last), with both back ends."""
    path = tmp_path / "swiss.xlsx"
    path.write_bytes(templates.template_bytes("swiss"))
    book = open_book(str(path), backend)
    assert isinstance(Session(book).run(Recalc()), Done)
    book.save(tmp_path / "out.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx")["Pairing Notes"]
    header = [c.value for c in sheet[1]]
    row = next(r for r in sheet.iter_rows(min_row=2) if r[header.index("Note")].value)
    for name in ("Round", "Board", "Players", "Note"):
        assert row[header.index(name)].alignment.vertical == "top", name
