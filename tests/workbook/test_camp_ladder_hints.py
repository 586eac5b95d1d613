"""What a camp ladder's run says of input that is likely a slip (user test ut47camp).

- Finding 4: a game typed twice (rows 14-15 of the user's m4.xlsx repeat rows 13 and 2) was
  counted twice with no word. A rematch is a real game, so both still count, but the run
  names both rows: the rule of :func:`ratingbook.core.rules.same_game`, the results desk's.
- Finding 7: a group or a Camper Chart name a letter off one of the book's is offered ("did
  you mean"), as a player's name is; the group's message names the sheet, ``Camp Groups``.

The book is the small hand-checked week of tests/helpers/workbooks.py (Ann 1, Ben 2, Cat 3,
Dan 4 inactive, Eve 5; Juniors and Seniors), with rows added. Its Ladder Games, rows as
Excel numbers them (header row 1):

    2: Ann - Ben 1-0     3: Ben - Cat 0-1     4: Cat - Ann ½-½
    5: Eve - Ann 1-0     6: Ben - Eve ½-½     7: Eve - Ann ½-½

Row 7 repeats the players of row 5 with another result: not the same game, no line.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.helpers.built_books import write_template
from tests.helpers.cli import run
from tests.helpers.workbooks import (
    CAMP_GROUPS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    ladder_sheets,
    make_book,
    save_book,
)

from ratingbook.workbook.sheets.schemas import CAMPER_CHART


def _book(
    folder: Path, games: list[list[object]], players: list[list[object]] = LADDER_PLAYERS
) -> Path:
    return save_book(make_book(ladder_sheets(players, games, CAMP_GROUPS)), folder / "camp.xlsx")


def test_a_game_typed_twice_counts_twice_and_the_run_names_both_rows(tmp_path: Path) -> None:
    # Row 8: Ann beats Ben again, colours swapped (Black wins); row 9: Cat - Ann drawn again,
    # as typed; row 10: Ben beats Ann, colours swapped but the other winner: a different game.
    games = [*LADDER_GAMES, [2, 1, "(0-1)"], [3, 1, "(½-½)"], [2, 1, "(1-0)"]]
    out = tmp_path / "out.xlsx"
    done = run("recalc", _book(tmp_path, games), "-o", out)
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "9 games replayed" in said  # both copies still count
    assert (
        "Ladder Games: rows 2 and 8 look like one game typed twice (Ann - Ben 1-0: the same "
        "players, the same result): both count; if it is not a rematch, delete one row"
    ) in said
    assert "Ladder Games: rows 4 and 9 look like one game typed twice (Cat - Ann ½-½" in said
    assert said.count("look like one game typed twice") == 2


def test_a_week_without_a_game_typed_twice_says_nothing_of_it(tmp_path: Path) -> None:
    done = run("recalc", _book(tmp_path, LADDER_GAMES), "-o", tmp_path / "out.xlsx")
    assert done.returncode == 0, done.stderr
    assert "typed twice" not in done.stdout + done.stderr


def test_a_group_a_letter_off_is_offered_and_the_sheet_named(tmp_path: Path) -> None:
    players = [list(row) for row in LADDER_PLAYERS]
    players[2][2] = "Junoirs"  # Ben, row 3: "Juniors" with two letters swapped
    players[5][2] = "Zeta"  # Eve, row 6: no group's name at all
    done = run("recalc", _book(tmp_path, LADDER_GAMES, players), "-o", tmp_path / "out.xlsx")
    assert done.returncode != 0
    said = done.stdout + done.stderr
    assert (
        "sheet 'Ladder Players', row 3, column C (Group): group 'Junoirs' of player 'Ben' is "
        "not on 'Camp Groups' (did you mean 'Juniors'?)"
    ) in said
    assert said.endswith("group 'Zeta' of player 'Eve' is not on 'Camp Groups'\n")
    assert "the group table" not in said
    assert not (tmp_path / "out.xlsx").exists()


def test_a_camper_chart_name_a_letter_off_shows_that_camper(tmp_path: Path) -> None:
    """The ladder template's campers are Maya Okafor (the first), Tom Lindqvist, ...; B1
    typed "Tom Lindqvst" now shows Tom, and says so, instead of the first camper."""
    book = tmp_path / "camp.xlsx"
    write_template("ladder", book)
    wb = openpyxl.load_workbook(book)
    assert [wb["Ladder Players"][f"B{r}"].value for r in (2, 3)] == ["Maya Okafor", "Tom Lindqvist"]
    wb[CAMPER_CHART]["B1"].value = "Tom Lindqvst"
    wb.save(book)
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out)
    assert done.returncode == 0, done.stderr
    assert openpyxl.load_workbook(out)[CAMPER_CHART]["B1"].value == "Tom Lindqvist"
    assert (
        "Camper Chart: B1 named 'Tom Lindqvst', who is not on 'Ladder Players': set to "
        "'Tom Lindqvist', the camper it names a letter off"
    ) in done.stdout + done.stderr
