"""Which of FIDE's three rating lists a file holds (issue #37; checklist question 121 as
Sharly-Chess quotes it, #2314: "verify that the standard, rapid and blitz FIDE lists are all
available"): ``players update`` says when the file is not FIDE's combined list (the effective
rating of B.02 7.2.1 and the list sequence read the other two), and refuses a single list read
for another kind of rating than its own. Which list a file is: its TXT header (``SRtng``: the
combined list) and FIDE's names for its downloads (``standard_rating_list.zip``,
``rapid_...``, ``blitz_...``, ``players_list.zip``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.cli.test_players_update import LIST, PLAYERS, book
from tests.helpers.cli import digest, run

from ratingbook.fide.rules.rating_list import lists_held

COMBINED = LIST.parent / "players_list_foa.txt"
ALL = ("Standard", "Rapid", "Blitz")
NOT_ALL = "FIDE's standard, rapid and blitz lists are not all here"


@pytest.mark.parametrize(
    ("name", "combined", "held"),
    [
        ("players_list.zip", False, ALL),
        ("players_list_xml_foa.xml", False, ALL),
        ("anything.txt", True, ALL),  # the header says so
        ("standard_rating_list.zip", False, ("Standard",)),
        ("rapid_rating_list_xml.zip", False, ("Rapid",)),
        ("Blitz_rating_list.txt", False, ("Blitz",)),
        ("standard_jan23.txt", False, ("Standard",)),
        ("ratings.txt", False, ()),  # nothing says which
    ],
)
def test_which_lists_a_file_holds(name: str, combined: bool, held: tuple[str, ...]) -> None:
    assert lists_held(name, combined) == held


def test_a_single_standard_list_is_said_not_to_hold_the_other_two(tmp_path: Path) -> None:
    done = run("players", "update", book(tmp_path), "--rating-list", LIST, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert f"{NOT_ALL}: the file holds the standard list only" in done.stdout


def test_the_combined_list_holds_all_three_and_nothing_is_said(tmp_path: Path) -> None:
    done = run("players", "update", book(tmp_path), "--rating-list", COMBINED, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert NOT_ALL not in done.stdout


def test_a_list_whose_name_does_not_say_is_read_as_the_one_asked_and_said(tmp_path: Path) -> None:
    renamed = tmp_path / "ratings.txt"
    shutil.copy(LIST, renamed)
    done = run("players", "update", book(tmp_path), "--rating-list", renamed, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "one list, which its name does not give (read as the standard list)" in done.stdout


def test_a_standard_list_read_for_a_rapid_event_is_refused_and_nothing_written(
    tmp_path: Path,
) -> None:
    """The file's ratings are standard ones: read as the rapid ratings they would rate the
    rapid event wrongly (Peter Leko's 2738 is his standard rating, not his rapid one)."""
    path = book(tmp_path, PLAYERS, (("FIDE Rated", "Rapid", None),))
    before = digest(path)
    done = run("players", "update", path, "--rating-list", LIST, "--in-place")
    assert done.returncode != 0
    assert "'standard_jan23.txt' is FIDE's standard list" in done.stderr
    assert "asks for the rapid ratings" in done.stderr
    assert digest(path) == before
