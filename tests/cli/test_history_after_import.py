"""An imported book's Event Log holds Import rows, which record the file it was made from; undo
keeps none of them. ``history`` and ``undo`` right after an import said "no logged act is kept
in the book" and "it keeps no act" beside a log full of rows (a user test, issue 37): both now
say which acts are kept, and that the Import rows are not taken back."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.helpers.cli import digest, run
from tests.helpers.paths import REAL_TRF, ROOT

KILKENNY = REAL_TRF / "icu_kilkenny-masters_2011.tab"


def test_history_and_undo_after_an_import_say_the_import_rows_are_not_acts(
    tmp_path: Path,
) -> None:
    book = tmp_path / "kilkenny.xlsx"
    imported = run("trf", "import", KILKENNY, "-o", book, "--confirm")
    assert imported.returncode == 0, imported.stderr
    log = openpyxl.load_workbook(book)["Event Log"]
    kinds = [row[2] for row in log.iter_rows(min_row=2, values_only=True) if row[2]]
    assert kinds and set(kinds) == {"Import"}
    before = digest(book)
    for command in ("history", "undo"):
        done = run(command, book)
        assert done.returncode != 0, done.stdout
        said = done.stderr
        assert said.count("\n") == 1, said
        assert "keeps no act yet" in said, said
        assert "the Import rows of an imported book's Event Log" in said, said
        assert "which undo does not take back" in said, said
    assert digest(book) == before


def test_a_book_without_history_is_told_every_act_a_book_keeps(tmp_path: Path) -> None:
    # User test 49: the "no history" message of a rating list and an Elo book left out the acts
    # those books keep: a season add, a custom-list update, an Elo book's results desk take.
    for template in ("ratinglist.xlsx", "elo.xlsx"):
        book = tmp_path / template
        book.write_bytes((ROOT / "workbook_templates" / template).read_bytes())
        for command, none in (("history", "keeps no act yet"), ("undo", "no history to undo")):
            said = " ".join(run(command, book).stderr.split())
            assert none in said, said
            for act in (
                "a rating list's season add",
                "players custom-list",
                "a results desk take into a book that keeps no log (a ladder's or an Elo book's",
                "a ladder's new week",
                "a team event's pairing",
            ):
                assert act in said, (command, template, said)
