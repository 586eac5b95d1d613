"""Messages as a newcomer meets them (issue 34, "Smaller"): each says the whole problem, in the
words of the book and the command line the person typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import run
from tests.helpers.workbooks import make_book, save_book, sheet_values


def test_an_empty_rating_names_the_cell_and_the_player(tmp_path: Path) -> None:
    """A row number alone makes a person count rows: the player's name is in the message."""
    sheets = {
        "Elo Players": [["Name", "Rating"], ["Ann Berg", 1613], ["Ben Cole", None]],
        "Elo Games": [["White", "Black", "Result"], ["Ann Berg", "Ben Cole", "1-0"]],
    }
    book = save_book(make_book(sheets), tmp_path / "club.xlsx")
    done = run("recalc", book)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"FAILED {book}: sheet 'Elo Players', row 3, column B (Rating): the cell is empty; "
        "expected a rating (player 'Ben Cole')"
    )


@pytest.mark.parametrize("typed", ["Ben Cloe", "Ben Col"])
def test_a_name_typed_a_letter_off_gets_did_you_mean(tmp_path: Path, typed: str) -> None:
    sheets = {
        "Elo Players": [["Name", "Rating"], ["Ann Berg", 1613], ["Ben Cole", 1609]],
        "Elo Games": [["White", "Black", "Result"], ["Ann Berg", typed, "1-0"]],
    }
    book = save_book(make_book(sheets), tmp_path / "club.xlsx")
    done = run("recalc", book)
    assert done.returncode == 2
    assert (
        f"sheet 'Elo Games', row 2, column B (Black): no player named {typed!r} (did you mean "
        "'Ben Cole'?)" in done.stderr
    )


def test_our_own_trf_export_of_a_withdrawn_player_reads_back_without_a_warning(
    tmp_path: Path,
) -> None:
    """The Swiss template, round 4's results typed and Femke withdrawn from round 5, recalculated
    (round 5 paired without her), exported, imported: she is withdrawn from round 5 again and
    the import says nothing about her (the file states the withdrawal)."""
    import openpyxl

    book = tmp_path / "sw.xlsx"
    assert run("template", "swiss", "-o", book).returncode == 0
    wb = openpyxl.load_workbook(book)
    players, games = wb["Swiss Players"], wb["Swiss Games"]
    header = [c.value for c in players[1]]
    femke = next(r for r in players.iter_rows(min_row=2) if r[1].value == "Femke")
    femke[header.index("Withdrawn")].value = 5
    for row in games.iter_rows(min_row=2):
        if row[0].value == 4:
            row[4].value = "1-0"
    wb.save(book)
    assert run("recalc", book, "--in-place").returncode == 0
    trf = tmp_path / "sw.trf"
    assert run("trf", "export", book, "-o", trf).returncode == 0
    back = tmp_path / "back.xlsx"
    # The import checks every round against the pairing rules: the template's rounds are the
    # Dutch pairing, so nothing is said.
    done = run("trf", "import", trf, "-o", back)
    assert done.returncode == 0, done.stderr
    assert "Femke" not in done.stderr and "warning" not in done.stderr
    read = sheet_values(back, "Swiss Players")[1:]
    withdrawn = {r[1]: r[header.index("Withdrawn")] for r in read}
    assert withdrawn == {
        "Anna": None, "Bob": None, "Charlotte": None, "Daniel": None, "Erik": None, "Femke": 5
    }  # fmt: skip
