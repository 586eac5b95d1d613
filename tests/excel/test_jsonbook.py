"""Tests for tests/helpers/jsonbook.py, and the xlwings JSON-engine behaviour it relies on.

Each test pins one behaviour of xlwings' JSON ("remote") engine (0.37.8) that
the ratingbook Excel adapter depends on, or one promise of the helper.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import textwrap

import pytest
from tests.helpers.jsonbook import (
    UNSUPPORTED_VALUE_ACTIONS,
    actions,
    apply_actions,
    count_calls,
    make_json_book,
    payload_values,
)

# isort: split
import xlwings as xw  # jsonbook set XLWINGS_LICENSE_KEY before importing it

PLAYERS: list[list[object]] = [
    ["Name", "Rating", "Games"],
    ["Ann", 1500, 3],
    ["Bob", 1620.5, None],
]


def test_reads_values_back_through_the_xlwings_api() -> None:
    """Cells read back as written; empty cells as None; the book is a real xw.Book."""
    book = make_json_book({"Players": PLAYERS, "Games": [["Round", "White", "Black"]]})

    assert isinstance(book, xw.Book)
    assert book.name == "ratingbook.xlsx"
    assert [sheet.name for sheet in book.sheets] == ["Players", "Games"]
    assert book.sheets.active.name == "Players"
    sheet = book.sheets["Players"]
    assert sheet["A1:C3"].value == PLAYERS
    assert sheet["B2"].value == 1500
    assert sheet["C3"].value is None
    assert sheet["A1"].expand().address == "$A$1:$C$3"
    assert book.sheets["Games"]["A1"].expand("right").value == ["Round", "White", "Black"]


def test_used_range_reads_a_whole_sheet_in_one_call_without_queuing_anything() -> None:
    """used_range is A1 to the last cell; .options(ndim=2).value returns the grid; reads
    queue no actions."""
    book = make_json_book({"Players": PLAYERS, "One": [[42]], "Empty": []})

    used = book.sheets["Players"].used_range
    assert used.address == "$A$1:$C$3"
    assert used.options(ndim=2).value == PLAYERS
    # ndim=2 matters: a 1x1 used range otherwise reads as a scalar.
    assert book.sheets["One"].used_range.value == 42
    assert book.sheets["One"].used_range.options(ndim=2).value == [[42]]
    # An empty sheet's used range is A1, holding None.
    assert book.sheets["Empty"].used_range.address == "$A$1"
    assert book.sheets["Empty"].used_range.options(ndim=2).value == [[None]]
    assert count_calls(book) == 0


def test_ragged_input_is_padded_to_a_rectangle() -> None:
    """Ragged rows are padded with "" in the payload and read back as None."""
    ragged: list[list[object]] = [["Name", "Rating", "Games"], ["Ann"], [], ["Bob", 1620]]

    assert payload_values(ragged) == [
        ["Name", "Rating", "Games"],
        ["Ann", "", ""],
        ["", "", ""],
        ["Bob", 1620, ""],
    ]
    assert payload_values([]) == [[""]]
    sheet = make_json_book({"Players": ragged}).sheets[0]
    assert sheet.used_range.address == "$A$1:$C$4"
    assert sheet.used_range.value == [
        ["Name", "Rating", "Games"],
        ["Ann", None, None],
        [None, None, None],
        ["Bob", 1620, None],
    ]


def test_dates_travel_as_iso_strings() -> None:
    """Dates in the payload read back as datetime; dates written go out as ISO strings."""
    book = make_json_book({"Games": [["Date"], [dt.date(2024, 3, 1)]]})
    sheet = book.sheets[0]

    assert sheet["A2"].value == dt.datetime(2024, 3, 1)
    sheet["B1"].value = [[dt.date(2024, 1, 2), dt.datetime(2024, 1, 2, 3, 4, 5)]]
    assert actions(book)[0]["values"] == [["2024-01-02", "2024-01-02 03:04:05"]]


def test_a_block_write_is_one_setvalues_action() -> None:
    """range.value = 2-D list queues one setValues action with the 0-based block and
    the values (None sent as "")."""
    book = make_json_book({"Players": PLAYERS, "Results": []})

    book.sheets["Results"]["B2"].value = [["Ann", 1512.3], ["Bob", None]]

    assert actions(book) == [
        {
            "func": "setValues",
            "args": [None],
            "values": [["Ann", 1512.3], ["Bob", ""]],
            "sheet_position": 1,
            "start_row": 1,
            "start_column": 1,
            "row_count": 2,
            "column_count": 2,
        }
    ]
    assert count_calls(book) == 1


def test_writes_are_queued_not_applied_to_the_snapshot() -> None:
    """After a write, reads in the same Book still see the original snapshot and
    used_range doesn't grow: only the actions record the write."""
    book = make_json_book({"Players": PLAYERS})
    sheet = book.sheets[0]

    sheet["A1"].value = "Player"
    sheet["E5"].value = [[1, 2]]

    assert sheet["A1"].value == "Name"
    assert sheet["E5:F5"].value == [None, None]
    assert sheet.used_range.address == "$A$1:$C$3"
    assert count_calls(book) == 2


def test_apply_actions_reproduces_the_write() -> None:
    """Replaying a write yields the sheet as Excel would have it; the input is untouched."""
    sheets: dict[str, list[list[object]]] = {"Players": PLAYERS}
    book = make_json_book(sheets)

    book.sheets[0]["C3"].value = 4
    book.sheets[0]["D1"].options(transpose=True).value = ["Score", 2.5, 0.5]

    result = apply_actions(sheets, actions(book))
    assert result == {
        "Players": [
            ["Name", "Rating", "Games", "Score"],
            ["Ann", 1500, 3, 2.5],
            ["Bob", 1620.5, 4, 0.5],
        ]
    }
    assert sheets["Players"][2] == ["Bob", 1620.5, None]


def test_adding_a_sheet_and_writing_to_it() -> None:
    """sheets.add(name, after=...) queues addSheet [0-based position, name]; a write to
    the new sheet targets that position; reads of the new sheet see nothing."""
    sheets: dict[str, list[list[object]]] = {"Players": PLAYERS, "Games": [["Round"]]}
    book = make_json_book(sheets)

    new = book.sheets.add("Standings", after=book.sheets["Players"])
    new["A1"].value = [["Rank", "Name"], [1, "Bob"], [2, "Ann"]]

    assert [sheet.name for sheet in book.sheets] == ["Players", "Standings", "Games"]
    assert new["A1"].value is None  # the snapshot never sees the write
    queued = actions(book)
    assert queued[0] == {
        "func": "addSheet",
        "args": [1, "Standings"],
        "values": None,
        "sheet_position": None,
        "start_row": None,
        "start_column": None,
        "row_count": None,
        "column_count": None,
    }
    assert (queued[1]["func"], queued[1]["sheet_position"]) == ("setValues", 1)
    assert apply_actions(sheets, queued) == {
        "Players": PLAYERS,
        "Standings": [["Rank", "Name"], [1, "Bob"], [2, "Ann"]],
        "Games": [["Round"]],
    }


def test_clear_rename_delete_and_copy_replay_in_order() -> None:
    """Clears, renames, deletes and copies replay against the sheet positions of
    their moment, like the client applies them."""
    sheets: dict[str, list[list[object]]] = {"A": [[1, 2], [3, 4]], "B": [["x"]], "C": [["keep"]]}
    book = make_json_book(sheets)

    book.sheets["A"]["B1:B2"].clear_contents()
    book.sheets["B"].delete()
    book.sheets["C"].name = "Kept"  # now at position 1
    book.sheets["Kept"].clear()
    book.sheets["Kept"]["B2"].value = "new"
    book.sheets["A"].copy(after=book.sheets["Kept"])

    funcs = [action["func"] for action in actions(book)]
    assert funcs == [
        "rangeClearContents",
        "sheetDelete",
        "setSheetName",
        "sheetClear",
        "setValues",
        "copySheet",
    ]
    assert apply_actions(sheets, actions(book)) == {
        "A": [[1], [3]],
        "Kept": [[None, None], [None, "new"]],
        "A (2)": [[1], [3]],
    }


def test_non_value_actions_are_skipped_and_value_changing_ones_refused() -> None:
    """Formats/alerts don't change values and are skipped; actions that change values
    in ways apply_actions can't model raise NotImplementedError."""
    sheets: dict[str, list[list[object]]] = {"S": [[1.23456]]}
    book = make_json_book(sheets)
    book.sheets[0]["A1"].number_format = "0.00"
    book.app.alert("Done", title="ratingbook")
    book.sheets[0].autofit()

    assert [a["func"] for a in actions(book)] == [
        "setNumberFormat",
        "alert",
        "setSheetAutofit",
        "setSheetAutofit",
    ]
    assert actions(book)[1]["args"] == ["Done", "ratingbook", "ok", "", ""]
    assert apply_actions(sheets, actions(book)) == {"S": [[1.23456]]}

    book.sheets[0]["A1:A2"].insert("down")
    assert "rangeInsert" in UNSUPPORTED_VALUE_ACTIONS
    with pytest.raises(NotImplementedError, match="rangeInsert"):
        apply_actions(sheets, actions(book))


def test_engine_refuses_what_it_cannot_do() -> None:
    """number_format/formula reads and app.status_bar raise NotImplementedError; an
    unknown sheet raises ValueError; a ragged write raises before queuing."""
    book = make_json_book({"S": [[1]]})
    sheet = book.sheets[0]

    with pytest.raises(NotImplementedError, match="number format"):
        _ = sheet["A1"].number_format
    with pytest.raises(NotImplementedError, match="formulas"):
        _ = sheet["A1"].formula
    with pytest.raises(NotImplementedError, match="status_bar"):
        book.app.status_bar = "working"
    with pytest.raises(ValueError, match="doesn't exist"):
        book.sheets["Nope"]
    assert book.sheets["s"].name == "S"  # sheet lookup ignores case
    with pytest.raises(Exception, match="same length"):
        sheet["A1"].value = [[1, 2], [3]]
    assert count_calls(book) == 0


def test_active_sheet_and_mock_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    """active= sets the active sheet; set_mock_caller makes Book.caller() return the
    JSON book, so a main() written for RunPython can be driven by tests."""
    book = make_json_book({"Players": PLAYERS, "Games": []}, active="games", name="club.xlsx")
    assert book.sheets.active.name == "Games"
    assert book.app.books.active.name == "club.xlsx"

    monkeypatch.setattr(xw.Book, "_mock_caller", None, raising=False)  # undone after test
    book.set_mock_caller()
    assert xw.Book.caller().name == "club.xlsx"

    with pytest.raises(ValueError, match="not one of"):
        make_json_book({"Players": PLAYERS}, active="Nope")


def test_app_level_actions_go_to_the_last_opened_book() -> None:
    """book.app.alert/calculation queue on the engine's *active* book, i.e. the JSON
    book opened last, not necessarily on `book`."""
    first = make_json_book({"S": [[1]]}, name="first.xlsx")
    second = make_json_book({"S": [[1]]}, name="second.xlsx")

    first.app.alert("hi")

    assert count_calls(first) == 0
    assert [a["func"] for a in actions(second)] == ["alert"]
    first.sheets[0]["A1"].value = 2  # sheet/range actions stay on their own book
    assert count_calls(first) == 1


@pytest.mark.skipif(
    sys.platform.startswith("win") or os.environ.get("XLWINGS_ON_SERVER") == "true",
    reason="on Windows/xlwings Server the decorators are the real ones",
)
def test_decorators_are_pass_through_on_linux() -> None:
    """Off Windows and off xlwings Server, xw.script/xw.func/xw.arg/xw.ret return the
    function unchanged, so decorated code stays callable and testable."""

    def main(book: xw.Book) -> None: ...

    assert xw.script(main) is main
    assert xw.script(name="Rate")(main) is main
    assert xw.func(main) is main
    assert xw.arg("x", ndim=2)(main) is main
    assert xw.ret(index=False)(main) is main


def test_json_engine_needs_license_key_before_import(tmp_path: os.PathLike[str]) -> None:
    """Without XLWINGS_LICENSE_KEY at `import xlwings` time, xw.Book(json=...) raises
    LicenseError, even if the key is set afterwards."""
    env = {k: v for k, v in os.environ.items() if k != "XLWINGS_LICENSE_KEY"}
    env["HOME"] = str(tmp_path)  # no ~/.xlwings/xlwings.conf with a key
    env["USERPROFILE"] = str(tmp_path)
    code = textwrap.dedent(
        """
        import os
        import xlwings as xw
        os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"  # too late
        try:
            xw.Book(json={"version": xw.__version__, "client": "Office.js",
                          "book": {"name": "b", "active_sheet_index": 0},
                          "sheets": [{"name": "S", "values": [[1]]}]})
        except Exception as e:
            print(type(e).__name__, e)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("LicenseError xlwings Server requires a license key")
