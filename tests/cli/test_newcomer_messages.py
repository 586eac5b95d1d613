"""Messages as a newcomer meets them (issue 34, "Smaller"): each says the whole problem, in the
words of the book and the command line the person typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import run
from tests.helpers.workbooks import make_book, save_book


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
