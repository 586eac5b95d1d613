"""Update Players from Excel: Swiss Players filled from FIDE's rating list, the file the
``Rating List`` setting names, through xlwings' JSON engine (the book xlwings Server hands a
script; desktop Excel runs the same code). The list is tests/data/rating_lists/standard_jan23.txt
(see tests/fide/test_rating_list.py); the expected cells are what its lines say, as in
tests/cli/test_players_update.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.helpers.jsonbook import actions, apply_actions, make_json_book

import ratingbook
from ratingbook.excel import update_players, update_players_book

LIST = Path(__file__).resolve().parents[1] / "data" / "rating_lists" / "standard_jan23.txt"
HEADER = ["Name", "Rating", "FIDE ID", "Title", "Federation", "Birth", "Sex", "K"]
PLAYERS = [
    ["Peter Leko", 2700, 703303, None, None, None, None, None],
    ["Aadya Gowda", None, 48701955, None, None, "2013/04/02", None, None],
    ["Nobody", None, 99999999, None, None, None, None, None],
    ["No ID", 1500, None, None, None, None, None, None],
]


def shows(value: object) -> object:
    """A cell as Excel shows it: a leading ' is Excel's mark of a text cell."""
    return value[1:] if isinstance(value, str) and value.startswith("'") else value


def sheets(rating_list: object) -> dict[str, list[list[Any]]]:
    return {
        "Swiss Settings": [["Setting", "Value"], ["Rounds", 5], ["Rating List", rating_list]],
        "Swiss Players": [HEADER, *PLAYERS],
        "Swiss Games": [["Round", "White", "Black", "Result"]],
    }


def test_the_rating_list_setting_fills_the_players_as_the_list_says() -> None:
    given = sheets(str(LIST))
    book = make_json_book(given)
    plan = ratingbook.update_players_book(book)
    got = apply_actions(given, actions(book))["Swiss Players"]
    shown = [[shows(v) for v in row[:8]] for row in got[1:5]]
    assert shown == [
        ["Peter Leko", 2738, 703303, "GM", "HUN", 1979, "M", 10],
        ["Aadya Gowda", 1807, 48701955, "WCM", "IND", "2013/04/02", "F", 40],
        ["Nobody", None, 99999999, None, None, None, None, None],
        ["No ID", 1500, None, None, None, None, None, None],
    ]
    assert plan.summary[0].endswith("2 changed, 1 not found")
    assert "Swiss Players row 4 (Nobody, FIDE ID 99999999): not on the list" in plan.summary


def test_the_button_says_what_changed_in_a_message_box() -> None:
    book = make_json_book(sheets(str(LIST)))
    assert update_players(book) is not None
    [alert] = [a for a in actions(book) if a["func"] == "alert"]
    text, _title, _buttons, mode, _ = alert["args"]
    assert text.startswith("Players updated from FIDE's rating list.")
    assert "Rating 2700 -> 2738" in text and mode == "info"


@pytest.mark.parametrize(
    ("rating_list", "said"),
    [
        (None, "no rating list to read: type the path of FIDE's rating list file"),
        ("no-such-list.zip", "no rating list file"),
    ],
)
def test_without_a_readable_list_nothing_is_written(rating_list: object, said: str) -> None:
    book = make_json_book(sheets(rating_list))
    assert update_players(book) is None
    [alert] = actions(book)  # the message box, and nothing else
    text, _title, _buttons, mode, _ = alert["args"]
    assert alert["func"] == "alert" and mode == "critical"
    assert text.startswith("Nothing was changed.") and said in text
    # The setting's cell: the one that names the file, or the empty one to type it in.
    assert "sheet 'Swiss Settings', row 3, column B (Value)" in text


def test_a_list_given_by_the_caller_needs_no_setting() -> None:
    given = sheets(None)
    book = make_json_book(given)
    update_players_book(book, LIST)
    got = apply_actions(given, actions(book))["Swiss Players"]
    assert got[1][:2] == ["Peter Leko", 2738]
