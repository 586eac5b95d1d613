"""A late arrival added to the camp ladder the way the camp staff guide says (issue 34, repro 6):
a new row in ``Ladder Players`` with ID, Name, Group and Active, Rating, Permanent Rating and
StWkPerm left empty.

Seed 001 sets no start-of-week permanent rating for a new camper (its VBA would copy the empty
StWkPerm, which ``Nz`` reads as 0); ratingbook's documented rule (docs/reference/rules.md, "A new
camper") starts it at the group's Initial Ladder Rating, writes it into the StWkPerm cell and
says so. Expected numbers by hand from seed 001's rule, on the ladder template (Beginners 800;
after its ten sample games Sam Ortiz, ID 6, has Rating 823 and Permanent Rating 834, see
tests/workbook/test_camp_week.py):

    Ada Late (new, Beginners) starts 800 / 800. Game 11, Ada (W) beats Sam (1-0):
      weekly    800 v 823, d 23, winner lower: 16 + 0 = 16  -> Ada 816, Sam 807
      permanent 800 v 834, d 34, winner lower: 16 + 1 = 17  -> Ada 817, Sam 817
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.helpers.built_books import write_template
from tests.helpers.cli import run
from tests.helpers.workbooks import records

ADA = {"ID": 9, "Name": "Ada Late", "Group": "Beginners", "Active": True}


def _late_camper_book(folder: Path) -> Path:
    """The ladder template with Ada typed under the players (her three rating cells empty)
    and her first game under the games, each table grown by its row as Excel grows it."""
    book = folder / "camp.xlsx"
    write_template("ladder", book)
    wb = openpyxl.load_workbook(book)
    for sheet, row in (
        ("Ladder Players", [9, "Ada Late", "Beginners", True, None, None, None]),
        ("Ladder Games", [9, 6, "(1-0)"]),
    ):
        ws = wb[sheet]
        table = next(iter(ws.tables.values()))
        first, last = table.ref.split(":")
        end = int("".join(c for c in last if c.isdigit())) + 1
        for column, value in enumerate(row, 1):
            ws.cell(end, column, value)
        table.ref = f"{first}:{''.join(c for c in last if c.isalpha())}{end}"
    wb.save(book)
    return book


def test_a_late_camper_with_empty_ratings_is_recalculated_from_the_group_rating(
    tmp_path: Path,
) -> None:
    book = _late_camper_book(tmp_path)
    done = run("recalc", book, "-o", tmp_path / "out.xlsx")
    assert done.returncode == 0, done.stderr
    players = {r["ID"]: r for r in records(tmp_path / "out.xlsx", "Ladder Players")}
    ada, sam = players[9], players[6]
    assert (ada["Rating"], ada["Permanent Rating"], ada["StWkPerm"]) == (816, 817, 800)
    assert (sam["Rating"], sam["Permanent Rating"], sam["StWkPerm"]) == (807, 817, 812)
    # Never silent: the run says which cell it filled, with what, and why.
    assert (
        "new camper 'Ada Late' (ID 9, row 10): StWkPerm was empty, set to 800, the Initial "
        "Ladder Rating of group 'Beginners'" in done.stdout
    )
    # The cell now holds the start: a second recalc is the same and fills nothing.
    again = run("recalc", tmp_path / "out.xlsx", "-o", tmp_path / "again.xlsx")
    assert again.returncode == 0 and "new camper" not in again.stdout
    assert records(tmp_path / "again.xlsx", "Ladder Players") == list(players.values())


def test_a_late_camper_in_a_week_that_ends_carries_his_permanent_rating(tmp_path: Path) -> None:
    """The week ends with Ada's game (new-week): her StWkPerm for week 2 is her Permanent
    Rating at the end of week 1 (817), and her Rating restarts from the group (800)."""
    book = _late_camper_book(tmp_path)
    done = run("new-week", book, "-o", tmp_path / "week2.xlsx")
    assert done.returncode == 0, done.stderr
    assert "new camper 'Ada Late'" in done.stdout
    ada = next(r for r in records(tmp_path / "week2.xlsx", "Ladder Players") if r["ID"] == 9)
    assert (ada["Rating"], ada["Permanent Rating"], ada["StWkPerm"]) == (800, 817, 817)


def test_a_camps_first_recalc_counts_its_new_campers_in_one_line(tmp_path: Path) -> None:
    """Camp start (issue 34, see42c): 60 campers typed with empty ratings printed 60 lines of
    'new camper ...' joined into one of 10,384 characters. More than three are counted by
    group in one line, the rows saying which; the ratings are the groups' (800, 1000, 1200 on
    the template's Camp Groups)."""
    book = tmp_path / "camp.xlsx"
    write_template("ladder", book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Ladder Players"]
    groups = ("Beginners", "Intermediate", "Advanced")
    for i in range(60):
        values = [i + 1, f"Camper {i + 1}", groups[i % 3], True, None, None, None]
        for column, value in enumerate(values, 1):
            ws.cell(i + 2, column).value = value
    ws.tables["LadderPlayers"].ref = "A1:G61"
    wb.save(book)
    done = run("recalc", book, "-o", tmp_path / "out.xlsx")
    assert done.returncode == 0, done.stderr
    assert "new camper '" not in done.stdout
    assert (
        "60 new campers (rows 2-61): StWkPerm was empty, set to their group's Initial Ladder "
        "Rating, where the weekly Rating starts: 'Beginners' 800 (20 campers), 'Intermediate' "
        "1000 (20 campers), 'Advanced' 1200 (20 campers)" in done.stdout
    )
    assert len(done.stdout) < 600
