"""A summary says a count of one in the singular (user test 48: ``new-week`` on a week of one
game printed "Week 1 archived (1 games, ...)"); every count a summary writes goes through
:func:`ratingbook.core.counts.many`.

The book is the ladder template with its sample games cut to the first one; the players and
the permanent ratings carried over are counted here from its ``Ladder Players`` sheet (the
active ones: the week's standings and the ratings carried over are theirs), not from ratingbook.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.helpers.built_books import write_template
from tests.helpers.cli import run
from tests.helpers.workbooks import records

from ratingbook.events.fide_mode.state import board_count, unpairing_text


def _one_game_week(folder: Path) -> Path:
    """The ladder template with one game left in ``Ladder Games`` (its table shrunk to it)."""
    book = folder / "camp.xlsx"
    write_template("ladder", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Ladder Games"]
    table = next(iter(ws.tables.values()))
    first, last = table.ref.split(":")
    end = int("".join(c for c in last if c.isdigit()))
    ws.delete_rows(3, end - 2)
    table.ref = f"{first}:{''.join(c for c in last if c.isalpha())}2"
    wb.save(book)
    return book


def test_new_week_of_one_game_says_1_game(tmp_path: Path) -> None:
    book = _one_game_week(tmp_path)
    assert len(records(book, "Ladder Games")) == 1
    players = records(book, "Ladder Players")
    active = sum(1 for p in players if p["Active"])
    done = run("new-week", book, "--backend", "openpyxl", "-o", tmp_path / "out.xlsx")
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert f"archived (1 game, standings of {active} players)" in said, said
    assert f"started with {active} permanent ratings carried over" in said, said
    assert "1 games" not in said


def test_a_round_of_one_board_says_1_board() -> None:
    # The Event Log's text of a pairing and of an unpairing's question.
    assert board_count([("Anna", "Bob")]) == "1 board"
    assert board_count([("Anna", "Bob"), ("Carl", "PAB")]) == "1 board and a pairing-allocated bye"
    assert board_count([("Anna", "Bob"), ("Carl", "Dana")]) == "2 boards"
    assert unpairing_text(3, 1, ()) == "round 3's pairing taken back with 1 result typed"
