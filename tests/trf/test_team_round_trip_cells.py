"""A team book's round trip through ``ratingbook trf export`` and ``ratingbook trf import``
gives the book back cell for cell, and the imported book's export is the first file, byte for
byte (a user test, issue 49: a reserve who played above a regular player came back on the
regular player's board with the other colour, and ``Main Score at Round 1`` was lost, so the
imported book let the main score change during the event).

The book is typed here as an arbiter types it. Four teams of four boards, Caissa with Ezra Pohl
fifth on its roster, a reserve. Team ratings, the average of the four boards (C.04.6 art.
1.1.1): Caissa (2150+2080+2010+1990)/4 = 2057.5, Dragons 2025, Fianchetto 1976.25, Gambit 1930,
so they are teams 1 to 4. In round 2 Clara Roth (Caissa's board 3) does not play: Ezra Pohl
sits on board 3, above Dario Mele (roster board 4), who keeps board 4. Fianchetto has White on
board 1, so the colours alternate W B W B from its side: Ezra has Black on board 3 against
Pavel Quast, Dario White on board 4 against Rita Sommer.

Record 300 of TRF-2026 (the out-of-order record, ``300 RRR TTT OOO pppp ...``) gives a team's
players of a round in board order where they are not the roster's order. The players are
numbered team by team in pairing-number order, each in roster order (the 001 and 310
records): Caissa 1-5 (Ezra 5), Dragons 6-9, Fianchetto 10-13. So round 2 (the match's teams 3
and 1) is ``300   2   1   3    1    2    5    4`` for Caissa and ``300   2   3   1   10   11   12
13`` for Fianchetto.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from ratingbook.cli import cli
from ratingbook.templates.writer import build_template, sample_rows

TEAMS = [
    ("Caissa", 1, "Anna Volk", 2150, None),
    ("Caissa", 2, "Boris Lenz", 2080, None),
    ("Caissa", 3, "Clara Roth", 2010, None),
    ("Caissa", 4, "Dario Mele", 1990, None),
    ("Caissa", 5, "Ezra Pohl", 1850, None),
    ("Dragons", 1, "Femke Aal", 2105, None),
    ("Dragons", 2, "Georg Huber", 2060, None),
    ("Dragons", 3, "Hilde Sand", 1980, None),
    ("Dragons", 4, "Ivo Kranz", 1955, None),
    ("Fianchetto", 1, "Nils Otte", 2010, None),
    ("Fianchetto", 2, "Olga Pinsk", 1995, None),
    ("Fianchetto", 3, "Pavel Quast", 1960, None),
    ("Fianchetto", 4, "Rita Sommer", 1940, None),
    ("Gambit", 1, "Tara Ulm", 1990, None),
    ("Gambit", 2, "Udo Vogt", 1950, None),
    ("Gambit", 3, "Vera Wendt", 1900, None),
    ("Gambit", 4, "Willi Xander", 1880, None),
]
MATCHES = [
    (1, 1, "Caissa", "Dragons"),
    (1, 2, "Fianchetto", "Gambit"),
    (2, 1, "Fianchetto", "Caissa"),
    (2, 2, "Gambit", "Dragons"),
]
#: Round, Match, Board, White, Black, Result: White on the odd boards to the match's first team.
BOARDS = [
    (1, 1, 1, "Anna Volk", "Femke Aal", "1-0"),
    (1, 1, 2, "Georg Huber", "Boris Lenz", "½-½"),
    (1, 1, 3, "Clara Roth", "Hilde Sand", "1-0"),
    (1, 1, 4, "Ivo Kranz", "Dario Mele", "0-1"),
    (1, 2, 1, "Nils Otte", "Tara Ulm", "½-½"),
    (1, 2, 2, "Udo Vogt", "Olga Pinsk", "0-1"),
    (1, 2, 3, "Pavel Quast", "Vera Wendt", "1-0"),
    (1, 2, 4, "Willi Xander", "Rita Sommer", "½-½"),
    (2, 1, 1, "Nils Otte", "Anna Volk", "½-½"),
    (2, 1, 2, "Boris Lenz", "Olga Pinsk", "1-0"),
    (2, 1, 3, "Pavel Quast", "Ezra Pohl", "0-1"),  # the reserve, above Dario
    (2, 1, 4, "Dario Mele", "Rita Sommer", "½-½"),
    (2, 2, 1, "Tara Ulm", "Femke Aal", "0-1"),
    (2, 2, 2, "Georg Huber", "Udo Vogt", "1-0"),
    (2, 2, 3, "Vera Wendt", "Hilde Sand", "½-½"),
    (2, 2, 4, "Ivo Kranz", "Willi Xander", "1-0"),
]
#: The settings as the import writes them (TRF-2026's order of the book's settings, each with
#: the template's words beside it); Main Score at Round 1 as the pairing of round 1 writes it.
SETTINGS = [
    ("Event", "Reserve Cup"),
    ("System", "Team Swiss"),
    ("Rounds", 3),
    ("Boards", 4),
    ("Main Score", "Match Points"),
    ("Match Win", 2),
    ("Match Draw", 1),
    ("Match Loss", 0),
    ("Colour Preferences", "Type A"),
    ("Tie-breaks", "MPVGP EMGSB/C1 EDE"),
    ("Rating Boards", None),
    ("FIDE Rated", "no"),
    ("Start Date", _dt.datetime(2026, 3, 7)),
    ("Board Prize Order", "Performance"),
    ("Board Prize Games", None),
    ("Main Score at Round 1", "Match Points"),
]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _typed_book(path: Path) -> None:
    meanings = {row[0]: row[2] for row in sample_rows("team")["Team Settings"]}
    settings = [(name, value, meanings.get(name)) for name, value in SETTINGS]
    rows = {
        "Team Settings": settings,
        "Teams": TEAMS,
        "Team Matches": MATCHES,
        "Team Boards": BOARDS,
    }
    build_template("team", rows=rows, recalc=False).save(path)


def _grid(path: Path) -> dict[str, list[tuple[object, ...]]]:
    book = openpyxl.load_workbook(path)
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_team_book_comes_back_cell_for_cell(tmp_path: Path) -> None:
    book, first, back, second = (
        tmp_path / "cup.xlsx",
        tmp_path / "cup.trf",
        tmp_path / "back.xlsx",
        tmp_path / "again.trf",
    )
    _typed_book(book)
    _run("recalc", str(book), "--in-place")
    _run("trf", "export", str(book), "-o", str(first))
    lines = first.read_text(encoding="utf-8").splitlines()
    assert "300   2   1   3    1    2    5    4" in lines
    assert "300   2   3   1   10   11   12   13" in lines
    assert "### Main Score at Round 1: Match Points" in lines
    imported = _run("trf", "import", str(first), "-o", str(back))
    assert "warning" not in imported  # nothing read otherwise than the file says
    # The undo store aside: it keeps the input cells as each back end read them.
    typed, again = _grid(book), _grid(back)
    typed.pop("Event History"), again.pop("Event History")
    assert again == typed
    _run("trf", "export", str(back), "-o", str(second))
    assert second.read_bytes() == first.read_bytes()


def test_the_imported_book_refuses_a_new_main_score(tmp_path: Path) -> None:
    """Round 1 was paired with match points: the imported book, like the first, refuses game
    points (C.04.6 art. 1.2.1: the rules of the competition are stated before the event)."""
    book, trf, back = tmp_path / "cup.xlsx", tmp_path / "cup.trf", tmp_path / "back.xlsx"
    _typed_book(book)
    _run("trf", "export", str(book), "-o", str(trf))
    _run("trf", "import", str(trf), "-o", str(back))
    wb = openpyxl.load_workbook(back)
    ws = wb["Team Settings"]
    row = next(r for r in ws.iter_rows(min_row=2) if r[0].value == "Main Score")
    row[1].value = "Game Points"
    wb.save(back)
    result = CliRunner().invoke(cli, ["recalc", str(back), "--in-place"])
    assert result.exit_code != 0
    assert f"row {row[1].row}, column B (Value)" in result.output
    assert "cannot change to 'Game Points'" in result.output
