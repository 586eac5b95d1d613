"""Update from Custom List in Excel (FIDE's checklist, Q117; issue 37): ``National Rating`` or
``Manual Rating`` filled from a rating list of the organiser's own, the CSV file the ``Custom
List`` setting names, through xlwings' JSON engine as tests/excel/test_update_players.py does
for FIDE's list. The expected cells are what the lists written here say (as in
tests/cli/test_custom_list.py); desktop Excel is the same code with the book's folder on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.helpers.jsonbook import actions, apply_actions, make_json_book

import ratingbook
from ratingbook.errors import RatingbookError
from ratingbook.excel import (
    update_custom_list,
    update_custom_list_book,
    update_players_from_custom_list,
)

HEADER = ["Name", "Rating", "FIDE ID", "National ID", "National Rating", "Manual Rating"]
PLAYERS = [
    ["Ann Berg", 2100, 703303, None, None, None],
    ["Bo Lind", 2000, 48701955, None, None, None],
    ["Cy Moss", 1900, None, "IRL-77", None, None],
    ["Di Nash", 1800, 4804929, None, None, None],
]
BY_FIDE_ID = "FIDE ID,Name,Rating\n703303,Berg,1950\n4804929,Nash,2150\n48701955,Lind,\n"


def sheets(*settings: tuple[str, object]) -> dict[str, list[list[Any]]]:
    return {
        "Swiss Settings": [["Setting", "Value"], ["Rounds", 5], *[list(s) for s in settings]],
        "Swiss Players": [HEADER, *[list(p) for p in PLAYERS]],
        "Swiss Games": [["Round", "White", "Black", "Result"]],
    }


def write(folder: Path, text: str, name: str = "federation.csv") -> Path:
    path = folder / name
    path.write_bytes(text.encode("cp1252"))  # a federation's export, in the legacy encoding
    return path


def column(grids: dict[str, list[list[Any]]], name: str) -> dict[str, Any]:
    rows = grids["Swiss Players"]
    at = rows[0].index(name)
    return {r[0]: r[at] for r in rows[1:]}


def test_the_custom_list_setting_fills_national_rating_beside_the_book(tmp_path: Path) -> None:
    """Desktop Excel: the setting names the file by its name, found in the book's folder."""
    write(tmp_path, BY_FIDE_ID)
    given = sheets(("Custom List", "federation.csv"))
    book = make_json_book(given, name=str(tmp_path / "event.xlsx"))
    plan = ratingbook.update_custom_list_book(book)
    got = apply_actions(given, actions(book))
    assert column(got, "National Rating") == {
        "Ann Berg": 1950,
        "Bo Lind": None,  # on the list, unrated: nothing to change
        "Cy Moss": None,
        "Di Nash": 2150,
    }
    assert column(got, "Manual Rating") == dict.fromkeys(column(got, "Manual Rating"))
    assert (
        "Swiss Players row 2 (Ann Berg, FIDE ID 703303): National Rating empty -> 1950 "
        "(federation.csv line 2)" in plan.summary
    )
    assert any(line.endswith("2 changed, 0 not found") for line in plan.summary)


def test_custom_list_into_manual_fills_manual_rating(tmp_path: Path) -> None:
    listed = write(tmp_path, "Name;Elo\ncy moss;1777\nZoë Úna;1600\n", "club.csv")
    given = sheets(("Custom List", str(listed)), ("Custom List Into", "Manual"))
    book = make_json_book(given)
    assert update_custom_list(book) is not None
    got = apply_actions(given, actions(book))
    assert column(got, "Manual Rating")["Cy Moss"] == 1777
    assert set(column(got, "National Rating").values()) == {None}
    [alert] = [a for a in actions(book) if a["func"] == "alert"]
    text, _title, _buttons, mode, _ = alert["args"]
    assert text.startswith("Players updated from the custom rating list.") and mode == "info"
    assert "Swiss Players row 2 (Ann Berg): not on club.csv" in text


def test_a_bad_line_names_line_and_column_and_nothing_is_written(tmp_path: Path) -> None:
    listed = write(tmp_path, "FIDE ID,Rating\n703303,19x0\n4804929,2150\n4804929,2160\n")
    book = make_json_book(sheets(("Custom List", str(listed))))
    assert update_custom_list(book) is None
    [alert] = actions(book)  # the message box, and nothing else
    text, _title, _buttons, mode, _ = alert["args"]
    assert mode == "critical" and text.startswith("Nothing was changed")
    assert "column B (Rating), line 2: federation.csv: '19x0' is not a rating" in text
    assert "FIDE ID 4804929 is listed twice with different ratings (also line 3)" in text


@pytest.mark.parametrize(
    ("settings", "said", "cell"),
    [
        ((), "no custom list to read: type the path of your rating list", None),
        ((("Custom List", "nowhere.csv"),), "cannot read the custom list", "row 3, column B"),
        (
            (("Custom List", "x.csv"), ("Custom List Into", "FIDE")),
            "Custom List Into 'FIDE': expected National (National Rating) or Manual",
            "row 4, column B",
        ),
    ],
)
def test_without_a_readable_list_or_column_nothing_is_written(
    tmp_path: Path, settings: tuple[tuple[str, object], ...], said: str, cell: str | None
) -> None:
    """On xlwings Server and Lite (the script), which cannot read the files of the book's
    computer, the message says so and names the command to use there."""
    book = make_json_book(sheets(*settings), name=str(tmp_path / "event.xlsx"))
    update_players_from_custom_list(book)
    [alert] = actions(book)
    text, _title, _buttons, mode, _ = alert["args"]
    assert mode == "critical" and text.startswith("Nothing was changed.") and said in text
    if cell is not None:
        assert f"sheet 'Swiss Settings', {cell} (Value)" in text
    if "cannot read" in said:
        assert "neither reads or writes the files of the computer the book is on" in text
        # the command to type there names this book and its list (issue 34), in place
        assert "run ratingbook players custom-list event.xlsx nowhere.csv --in-place on" in text


def test_a_list_and_a_column_given_by_the_caller_need_no_setting(tmp_path: Path) -> None:
    listed = write(tmp_path, BY_FIDE_ID)
    given = sheets()
    book = make_json_book(given)
    update_custom_list_book(book, listed, into="manual")
    got = apply_actions(given, actions(book))
    assert column(got, "Manual Rating")["Di Nash"] == 2150
    with pytest.raises(RatingbookError, match="into 'fide': expected National or Manual"):
        update_custom_list_book(make_json_book(sheets()), listed, into="fide")
