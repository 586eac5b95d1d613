"""The sheets of sentences print readably (issue 34): their sentence columns wrap."""

from __future__ import annotations

from pathlib import Path

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
