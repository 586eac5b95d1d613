"""The xlwings adapter (ratingbook.excel) on xlwings' JSON engine: what a click would write.

Every book here is a real ``xlwings.Book`` built by ``tests/helpers/jsonbook.py``; what the adapter
sends to Excel is read back from the queued actions and replayed onto the input grids. The reference
for "what should be written" is the openpyxl path (``XlsxBook`` + ``workbook.recalc``, exactly what
``ratingbook recalc`` runs) on the same grids, plus hand-checked ratings from the seeds.

The JSON engine is part of xlwings PRO: these tests run it under the PolyForm Noncommercial
license (``XLWINGS_LICENSE_KEY=noncommercial``, set by conftest.py and jsonbook.py).
"""

from __future__ import annotations

import copy
import datetime as dt
import math
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import openpyxl
import pytest
from tests.helpers import history_looks
from tests.helpers.jsonbook import actions, apply_actions, count_calls, make_json_book

# isort: split
import xlwings as xw  # jsonbook set XLWINGS_LICENSE_KEY before importing it

import ratingbook
from ratingbook import workbook
from ratingbook.errors import RatingbookError
from ratingbook.excel import (
    XlwingsBook,
    excel_text,
    main,
    new_week,
    new_week_book,
    recalc_book,
    recalc_ratings,
    start_new_week,
    xlwings_book,
)
from ratingbook.excel.xlwings_book import INTERNAL_NOTE
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.session import NewWeek, Session
from ratingbook.workbook.port.book import KEEP, Plan, WriteBlock

Grid = list[list[Any]]
Sheets = dict[str, Grid]

TODAY = dt.date(2024, 7, 15)
INJECTION = '=HYPERLINK("http://evil.example","click me")'

# --- the books ---------------------------------------------------------------------------------

LADDER_PLAYERS: Grid = [
    ["Week 3 ladder"],  # a title above the table: the header is found below it
    ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm", "Notes"],
    [1, "Ann", "Knights", True, 1111, 1111, 1250, "captain"],
    [2, "Bob", "Rooks", "Yes", None, None, 1000],
    [3, "Cy", "Rooks", 1, None, None, 600],
    [],  # a blank row inside the table: its cells are left as they are
    [4, "Dan", "Rooks", False, 999, 998, 990, "away"],  # inactive: ratings left as they are
    [5, INJECTION, "Rooks", True, None, None, 1000],
]
LADDER_GAMES: Grid = [
    ["White", "Black", "Result"],
    [1, 2, "(1-0)"],
    [2, 1, "(0-1)"],
    [1, 2, "(½-½)"],
    [3, 1, "1-0"],
]
CAMP_GROUPS: Grid = [["Group", "Initial Ladder Rating"], ["Knights", 1200], ["Rooks", 1000]]
LADDER: Sheets = {
    "Ladder Players": LADDER_PLAYERS,
    "Ladder Games": LADDER_GAMES,
    "Camp Groups": CAMP_GROUPS,
}

# Hand-checked with seed 001's rule (d = rating difference before the game, floor(d/25)):
#  weekly (Ann 1200 Knights, Bob 1000, Cy 1000)    permanent (StWkPerm: Ann 1250, Bob 1000, Cy 600)
#  1 Ann beats Bob, d=200: 16-8=8  Ann 1208 Bob 992   d=250: 16-10=6  Ann 1256 Bob 994
#  2 Ann beats Bob, d=216: 16-8=8  Ann 1216 Bob 984   d=262: 16-10=6  Ann 1262 Bob 988
#  3 draw, d=232: Ann gives 9      Ann 1207 Bob 993   d=274: gives 10 Ann 1252 Bob 998
#  4 Cy beats Ann, d=207: 16+8=24  Cy 1024 Ann 1183   d=652 > 375: 31 Cy 631 Ann 1221
LADDER_EXPECTED = {  # ID -> (Rating, Permanent Rating)
    1: (1183, 1221),
    2: (993, 998),
    3: (1024, 631),
    4: (999, 998),  # inactive: kept
    5: (1000, 1000),  # active, no games: group rating and StWkPerm
}

# seed 000, tournament 2: alice 55.55, bob 55.55; two draws -> alice 55.61, bob 55.49.
CRIKEY: Sheets = {
    "Crikey Players": [["Name", "Rating"], ["alice", 55.55], ["bob", 55.55], ["-fred", 80.0]],
    "Crikey Games": [
        ["White", "Black", "Result", "White Pieces", "Black Pieces"],
        ["alice", "bob", "drew", 10, 30],
        ["bob", "alice", "drew", 20, 20],
    ],
}

# seed 003: K 32, A 1613, B 1609, A scores 0, 0.5, 0.5, 0, 0, 0 -> 1558 1664.
ELO: Sheets = {
    "Elo Players": [["Name", "Rating"], ["A", 1613], ["B", 1609]],
    "Elo Games": [
        ["White", "Black", "Result"],
        ["A", "B", 0],
        ["A", "B", 0.5],
        ["A", "B", "(½-½)"],
        ["A", "B", "0-1"],
        ["A", "B", 0],
        ["A", "B", "(0-1)"],
    ],
    "Elo Settings": [["Setting", "Value"], ["K", 32]],
}

# seed 004's tournament, three rounds.
SWISS: Sheets = {
    "Swiss Players": [["Name"], ["Anna"], ["Bob"], ["Charlotte"], ["Daniel"], ["Erik"], ["Femke"]],
    "Swiss Games": [
        ["Round", "White", "Black", "White Points", "Black Points"],
        [1, "Anna", "Femke", 1, 0],
        [1, "Bob", "Erik", 0, 1],
        [1, "Charlotte", "Daniel", 0.5, 0.5],
        [2, "Erik", "Anna", 1, 0],
        [2, "Femke", "Charlotte", "½", "½"],
        [2, "Daniel", "Bob", 1, 0],
        [3, "Daniel", "Erik", 0.5, 0.5],
        [3, "Charlotte", "Anna", 1, 0],
        [3, "Bob", "Femke", 1, 0],
    ],
}
SWISS_ORDER = ["Erik", "Daniel", "Charlotte", "Anna", "Bob", "Femke"]  # seed 004's table

FAMILIES: dict[str, Sheets] = {
    "ladder": LADDER,
    "crikey": CRIKEY,
    "elo": ELO,
    "swiss": SWISS,
    "all four": {**LADDER, **CRIKEY, **ELO, **SWISS},
}


def ladder_with_games(count: int) -> Sheets:
    """The ladder book with ``count`` games among its four active players."""
    results = ["(1-0)", "(0-1)", "(½-½)", "1/2-1/2", "1-0"]
    pairs = [(1, 2), (2, 3), (3, 5), (5, 1), (1, 3), (2, 5)]
    games: Grid = [["White", "Black", "Result"]]
    for n in range(count):
        white, black = pairs[n % len(pairs)]
        games.append([white, black, results[n % len(results)]])
    return {**copy.deepcopy(LADDER), "Ladder Games": games}


# --- the two paths -----------------------------------------------------------------------------

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def as_excel_shows(value: object) -> object:
    """A value the adapter sent, as Excel stores it once typed into a cell.

    Excel drops the text prefix (a leading apostrophe) and reads the ISO dates xlwings sends for
    ``date`` objects as dates.
    """
    if isinstance(value, str):
        if value.startswith("'"):
            return value[1:]
        if _ISO_DATE.fullmatch(value):
            return dt.datetime.fromisoformat(value)
    return value


def excel_result(sheets: Mapping[str, Grid], run: Callable[[xw.Book], object]) -> Sheets:
    """Run ``run`` on a JSON book of ``sheets``; the sheets as Excel would end up."""
    book = make_json_book(sheets)
    run(book)
    replayed = apply_actions(sheets, actions(book))
    return {
        name: [[as_excel_shows(v) for v in row] for row in _without_note(grid)]
        for name, grid in replayed.items()
    }


def _without_note(grid: Grid) -> Grid:
    """``grid`` without the column of the JSON engine's note on a sheet it cannot hide
    (INTERNAL_NOTE, after ratingbook's own columns): what the file back ends write."""
    if grid and grid[0] and grid[0][-1] == INTERNAL_NOTE:
        return [row[:-1] for row in grid]
    return grid


def _trimmed(grid: Sequence[Sequence[Any]]) -> Grid:
    rows = [[None if v == "" else v for v in row] for row in grid]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max(
        (max((c + 1 for c, v in enumerate(row) if v is not None), default=0) for row in rows),
        default=0,
    )
    return [(row + [None] * width)[:width] for row in rows]


def save_xlsx(sheets: Mapping[str, Grid], path: Path) -> None:
    """The grids as an .xlsx file, text always stored as text (as Excel holds it)."""
    book = openpyxl.Workbook()
    for default in book.worksheets:
        book.remove(default)
    for name, grid in sheets.items():
        ws = book.create_sheet(name)
        for r, row in enumerate(grid, start=1):
            for c, value in enumerate(row, start=1):
                if value is None:
                    continue
                cell = ws.cell(row=r, column=c)
                cell.value = value
                if isinstance(value, str):
                    cell.data_type = "s"
    book.save(path)


def openpyxl_result(
    sheets: Mapping[str, Grid], tmp_path: Path, run: Callable[[XlsxBook], object]
) -> Sheets:
    """What ``ratingbook recalc`` (or ``new-week``) writes for the same grids."""
    source, target = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    save_xlsx(sheets, source)
    book = XlsxBook(source)
    run(book)
    book.save(target)
    saved = openpyxl.load_workbook(target, read_only=True)  # values only: no cell objects
    try:
        return {ws.title: _trimmed(list(ws.iter_rows(values_only=True))) for ws in saved.worksheets}
    finally:
        saved.close()


def without_looks(sheets: Sheets) -> Sheets:
    """``sheets`` with the formats a file back end keeps beside each act in ``Event History``
    taken out (:func:`tests.helpers.history_looks.without_looks`)."""
    return history_looks.without_looks(sheets, _trimmed)


class SameSheets:
    """Compares sheets cell by cell; floats to 15 significant digits, the precision of Excel
    (openpyxl writes 16 digits to its XML, a double needs up to 17)."""

    def __init__(self, sheets: Sheets) -> None:
        self.sheets = sheets

    @staticmethod
    def _same(a: object, b: object) -> bool:
        if isinstance(a, float) or isinstance(b, float):
            return (
                isinstance(a, int | float)
                and isinstance(b, int | float)
                and math.isclose(a, b, rel_tol=1e-15, abs_tol=0.0)
            )
        return a == b and type(a) is type(b)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, dict) or list(other) != list(self.sheets):
            return False
        for name, grid in self.sheets.items():
            theirs = other[name]
            if [len(r) for r in grid] != [len(r) for r in theirs]:
                return False
            for mine, their in zip(grid, theirs, strict=True):
                if not all(self._same(a, b) for a, b in zip(mine, their, strict=True)):
                    return False
        return True

    def __repr__(self) -> str:
        return repr(self.sheets)


def column_values(grid: Grid, header: str, key: str) -> dict[object, object]:
    """``{row[key]: row[header]}`` for the table under the first row holding both headers."""
    for h, row in enumerate(grid):
        if header in row and key in row:
            hi, ki = row.index(header), row.index(key)
            return {
                line[ki]: line[hi]
                for line in grid[h + 1 :]
                if len(line) > max(hi, ki) and line[ki] is not None
            }
    raise AssertionError(f"no table with {header!r} and {key!r}")


def xlsx_new_week(book: XlsxBook) -> object:
    # As `ratingbook new-week` runs it: through the session, which keeps the act for undo.
    return Session(book, today=TODAY).run(NewWeek())


def new_week_today(book: xw.Book) -> Plan:
    return new_week_book(book, today=TODAY)


# --- same results as the openpyxl path ---------------------------------------------------------


@pytest.mark.parametrize("family", list(FAMILIES))
def test_consistency_recalc_book_writes_exactly_what_ratingbook_recalc_writes(
    family: str, tmp_path: Path
) -> None:
    """For every family, the sheets after a click equal the sheets `ratingbook recalc` saves:
    same values, same generated sheets, in the same places."""
    sheets = FAMILIES[family]
    expected = SameSheets(openpyxl_result(sheets, tmp_path, workbook.recalc))
    assert excel_result(sheets, recalc_book) == expected


def test_ladder_ratings_are_the_hand_checked_ones() -> None:
    """Rating and Permanent Rating follow seed 001's rule game by game; an inactive player's
    cells and the extra Notes column are left as they were."""
    result = excel_result(LADDER, recalc_book)["Ladder Players"]
    ratings = column_values(result, "Rating", "ID")
    permanent = column_values(result, "Permanent Rating", "ID")
    assert {i: (ratings[i], permanent[i]) for i in LADDER_EXPECTED} == LADDER_EXPECTED
    assert column_values(result, "Notes", "ID") == {
        1: "captain",
        2: None,
        3: None,
        4: "away",
        5: None,
    }
    assert all(v is None for v in result[5])  # the blank row stays blank


def test_other_families_reproduce_their_seed_examples() -> None:
    """Crikey (seed 000, tournament 2), Elo (seed 003) and Swiss (seed 004) standings land in
    their sheets as the seeds give them."""
    crikey = excel_result(CRIKEY, recalc_book)["Crikey Standings"]
    assert column_values(crikey, "Rating", "Name") == {"alice": 55.61, "bob": 55.49, "-fred": 80.0}
    elo = excel_result(ELO, recalc_book)["Elo Standings"]
    assert column_values(elo, "Rating", "Name") == {"A": 1558, "B": 1664}
    swiss = excel_result(SWISS, recalc_book)["Swiss Standings"]
    assert [row[1] for row in swiss[1:]] == SWISS_ORDER
    assert swiss[1][2:] == [2.5, 4.0, 3.0, 2]  # Erik: pt 2.5, rp 4.0, SB 3.00, b 2


def test_consistency_new_week_book_writes_exactly_what_ratingbook_new_week_writes(
    tmp_path: Path,
) -> None:
    """Start New Week: StWkPerm carried over, games archived (created at the end), Ladder Games
    emptied below its header -- the same as the command line."""
    expected = SameSheets(without_looks(openpyxl_result(LADDER, tmp_path, xlsx_new_week)))
    assert excel_result(LADDER, new_week_today) == expected


def test_consistency_second_new_week_with_a_new_games_column_keeps_the_archive(
    tmp_path: Path,
) -> None:
    """Week 2 appends to the archive; a column new to Ladder Games widens the archive header and
    the existing archive rows (KEEP cells) come out as they were."""
    week1 = excel_result(LADDER, new_week_today)
    week2 = copy.deepcopy(week1)
    week2["Ladder Games"] = [["White", "Black", "Result", "Board"], [2, 3, "(1-0)", 4]]
    expected = without_looks(openpyxl_result(week2, tmp_path, xlsx_new_week))
    assert excel_result(week2, new_week_today) == SameSheets(expected)
    archive = expected["Games Archive"]
    assert archive[0][-1] == "Board"
    assert [row[0] for row in archive[1:]] == ["Week 1"] * 4 + ["Week 2"]


def test_recalc_twice_changes_nothing_and_rewrites_generated_sheets_in_place() -> None:
    """A second click clears and rewrites Ladder Standings, Rating History, Ladder Charts and
    Ladder Progress where they are (no new sheets, so the charts stay), and the sheets come out
    identical."""
    once = excel_result(LADDER, recalc_book)
    book = make_json_book(once)
    recalc_book(book)
    funcs = [a["func"] for a in actions(book)]
    assert "addSheet" not in funcs
    assert funcs.count("sheetClearContents") == 4
    twice = apply_actions(once, actions(book))
    assert {k: [[as_excel_shows(v) for v in r] for r in g] for k, g in twice.items()} == once


# --- calls to Excel ----------------------------------------------------------------------------


def test_calls_to_excel_do_not_grow_with_the_number_of_games() -> None:
    """50 or 5,000 games: the same actions -- one write per result block, and per generated
    sheet one add, one write and a fixed number of formatting calls."""
    small, large = make_json_book(ladder_with_games(50)), make_json_book(ladder_with_games(5000))
    recalc_book(small)
    recalc_book(large)
    assert [a["func"] for a in actions(small)] == [a["func"] for a in actions(large)]
    assert count_calls(small) == count_calls(large)
    history = next(a for a in actions(large) if a["func"] == "setValues" and a["row_count"] > 4000)
    assert history["row_count"] == 5001  # the whole Rating History in one write
    # 2 columns + 4 sheets (standings, history, charts, progress)
    assert [a["func"] for a in actions(large)].count("setValues") == 6


def test_each_sheet_is_read_once_with_one_used_range_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """read_values asks for each sheet's used range once, whatever its size."""
    reads: list[str] = []
    original = XlwingsBook.read_values

    def counting(self: XlwingsBook, sheet: str) -> Grid:
        reads.append(sheet)
        return original(self, sheet)

    monkeypatch.setattr(XlwingsBook, "read_values", counting)
    recalc_book(make_json_book(ladder_with_games(500)))
    assert sorted(reads) == sorted(LADDER)


# --- bad input ---------------------------------------------------------------------------------

BAD_LADDER = [
    pytest.param(
        "Ladder Games",
        (3, 2),
        "(1-O)",
        r"^sheet 'Ladder Games', row 4, column C \(Result\): unknown result '\(1-O\)'",
        id="bad result",
    ),
    pytest.param(
        "Ladder Games",
        (2, 0),
        "#N/A",
        r"^sheet 'Ladder Games', row 3, column A \(White\): the cell holds the Excel error '#N/A'",
        id="Excel error in a cell",
    ),
    pytest.param(
        "Ladder Games",
        (1, 1),
        4,
        r"^sheet 'Ladder Games', row 2, column B \(Black\): player 4 \('Dan'\) is not active",
        id="inactive player",
    ),
    pytest.param(
        "Ladder Players",
        (3, 2),
        "Bishops",
        r"^sheet 'Ladder Players', row 4, column C \(Group\): .*'Bishops'",
        id="unknown group",
    ),
]


@pytest.mark.parametrize(("sheet", "cell", "value", "message"), BAD_LADDER)
def test_bad_input_raises_the_cli_message_and_writes_nothing(
    sheet: str, cell: tuple[int, int], value: object, message: str
) -> None:
    """A bad cell stops recalc_book with the sheet/row/column message, before any action."""
    sheets = copy.deepcopy(LADDER)
    r, c = cell
    sheets[sheet][r][c] = value
    book = make_json_book(sheets)
    with pytest.raises(RatingbookError, match=message):
        recalc_book(book)
    assert count_calls(book) == 0


def test_consistency_the_message_is_the_one_the_command_line_prints(tmp_path: Path) -> None:
    """The Excel path and the openpyxl path fail with the very same message."""
    sheets = copy.deepcopy(LADDER)
    sheets["Ladder Games"][3][2] = "(1-O)"
    with pytest.raises(RatingbookError) as from_excel:
        recalc_book(make_json_book(sheets))
    with pytest.raises(RatingbookError) as from_file:
        openpyxl_result(sheets, tmp_path, workbook.recalc)
    assert str(from_excel.value) == str(from_file.value)


def test_a_book_without_rating_sheets_is_an_error_not_a_crash() -> None:
    """No family found: a RatingbookError naming the sheets expected; nothing written."""
    book = make_json_book({"Sheet1": [["hello"]]})
    with pytest.raises(RatingbookError, match="no ratingbook sheets found"):
        recalc_book(book)
    assert count_calls(book) == 0


# --- the entry points --------------------------------------------------------------------------


def test_main_alerts_the_error_instead_of_raising() -> None:
    """The ribbon's main(): bad input shows the message in a message box; nothing else is sent."""
    sheets = copy.deepcopy(LADDER)
    sheets["Ladder Games"][3][2] = "(1-O)"
    book = make_json_book(sheets)
    assert main(book) is None
    [alert] = actions(book)
    assert alert["func"] == "alert"
    prompt, title, buttons, mode, _ = alert["args"]
    assert "sheet 'Ladder Games', row 4, column C (Result)" in prompt
    assert "Nothing was changed" in prompt
    assert (title, buttons, mode) == ("ratingbook", "ok", "critical")


def test_main_shows_the_first_ten_of_many_problems_and_their_count() -> None:
    """Twelve bad results: the box lists ten (a message box cannot scroll) and counts them."""
    sheets = copy.deepcopy(LADDER)
    sheets["Ladder Games"] = [["White", "Black", "Result"], *([1, 2, "won"] for _ in range(12))]
    book = make_json_book(sheets)
    assert main(book) is None
    [alert] = actions(book)
    lines = alert["args"][0].split("\n")
    assert lines[0] == "Nothing was changed: 12 problems were found."
    assert lines[1] == ""
    problems = lines[2:]
    assert len(problems) == 11 and problems[-1] == "and 2 more"
    for n, line in enumerate(problems[:10], start=2):  # the games are rows 2 to 13
        assert line.startswith(f"sheet 'Ladder Games', row {n}, column C (Result): unknown result")


def test_main_recalculates_and_reports_the_summary() -> None:
    """main(book) writes the recalculation, then shows a short summary."""
    book = make_json_book(LADDER)
    plan = main(book)
    assert plan is not None
    sent = actions(book)
    assert sent[-1]["func"] == "alert"
    assert sent[-1]["args"][3] == "info"
    assert "ladder: 4 active players, 4 games replayed" in sent[-1]["args"][0]
    assert (
        excel_result(LADDER, main)["Ladder Players"]
        == excel_result(LADDER, recalc_book)["Ladder Players"]
    )


def test_new_week_alerts_when_there_is_no_ladder() -> None:
    """Start New Week on a book without ladder sheets: a message, no writes."""
    book = make_json_book(ELO)
    assert new_week(book) is None
    [alert] = actions(book)
    assert "a new week needs the ladder sheets" in alert["args"][0]


@pytest.mark.parametrize(
    ("script", "run"),
    [(recalc_ratings, recalc_book), (start_new_week, new_week_book)],
    ids=["recalc_ratings", "start_new_week"],
)
def test_server_and_lite_scripts_do_what_the_button_does(
    script: Callable[[xw.Book], None], run: Callable[[xw.Book], object]
) -> None:
    """The @xw.script functions write what recalc_book/new_week_book write, then alert."""
    book = make_json_book(LADDER)
    script(book)
    sent = actions(book)
    reference = make_json_book(LADDER)
    run(reference)
    assert sent[:-1] == actions(reference)
    assert sent[-1]["func"] == "alert"


def test_server_scripts_alert_errors_too() -> None:
    """recalc_ratings shows bad input as an alert (xlwings Server returns it to the client)."""
    sheets = copy.deepcopy(LADDER)
    sheets["Ladder Games"][1][0] = 42
    book = make_json_book(sheets)
    recalc_ratings(book)
    [alert] = actions(book)
    assert "row 2, column A (White)" in alert["args"][0]


def test_office_scripts_client_gets_no_success_alert() -> None:
    """Office Scripts turns every alert into an error, so success is not announced there; an
    input error still is."""
    good = make_json_book(LADDER)
    good.api["client"] = "Microsoft Office Scripts"
    main(good)
    assert "alert" not in [a["func"] for a in actions(good)]
    sheets = copy.deepcopy(LADDER)
    sheets["Ladder Games"][3][2] = "(1-O)"
    bad = make_json_book(sheets)
    bad.api["client"] = "Microsoft Office Scripts"
    main(bad)
    assert [a["func"] for a in actions(bad)] == ["alert"]


def test_main_without_a_book_uses_the_calling_workbook(monkeypatch: pytest.MonkeyPatch) -> None:
    """RunPython: main() recalculates xw.Book.caller(), the workbook the user is looking at."""
    book = make_json_book(LADDER, name="camp.xlsx")
    monkeypatch.setattr(xw.Book, "_mock_caller", None, raising=False)  # undone after the test
    book.set_mock_caller()
    assert main() is not None
    assert "setValues" in [a["func"] for a in actions(book)]


def test_main_never_recalculates_the_add_in_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the caller is the .xlam (VBA from xlwings.bas), the active workbook is used instead."""
    addin = make_json_book({"xlwings.conf": [["UDF Modules", "ratingbook.udfs"]]})
    addin.api["book"]["name"] = "ratingbook.xlam"
    user = make_json_book(LADDER, name="camp.xlsx")
    monkeypatch.setattr(xw.Book, "_mock_caller", None, raising=False)
    addin.set_mock_caller()
    monkeypatch.setattr(xw, "books", SimpleNamespace(active=user))
    assert main() is not None
    assert count_calls(addin) == 0
    assert "setValues" in [a["func"] for a in actions(user)]


def test_package_exposes_the_excel_entry_points() -> None:
    """import ratingbook; ratingbook.main() is what the add-in's button runs."""
    assert ratingbook.main is main
    assert ratingbook.recalc_book is recalc_book
    assert ratingbook.new_week_book is new_week_book
    assert ratingbook.new_week is new_week


def test_help_of_the_package_lists_the_excel_entry_points() -> None:
    """help(ratingbook) shows main, new_week, recalc_book and new_week_book with their help."""
    import pydoc

    assert {"main", "new_week", "new_week_book", "recalc_book"} <= set(ratingbook.__all__)
    text = pydoc.render_doc(ratingbook, renderer=pydoc.plaintext)
    functions = text[text.index("FUNCTIONS") :]
    for name in ("main(", "new_week(", "new_week_book(", "recalc_book("):
        assert f"\n    {name}" in functions, name
    assert "Recalc Ratings" in functions


# --- reading -----------------------------------------------------------------------------------


def test_an_offset_used_range_is_padded_to_start_at_a1() -> None:
    """Desktop Excel's used range can start at B3: the grid still starts at A1."""
    book = make_json_book({"S": [[], [], [None, "a", "b"], [None, 1, None, 2]]})
    book.api["sheets"][0]["used_range_address"] = "B3:D4"
    assert XlwingsBook(book).read_values("S") == [
        [],
        [],
        [None, "a", "b", None],
        [None, 1, None, 2],
    ]


def test_consistency_recalc_with_offset_used_ranges_matches_the_file_path(tmp_path: Path) -> None:
    """Ladder tables starting at B3 (desktop used range B3:...) are found and written in place."""
    shifted = {
        name: [[], [], *([None, *row] for row in grid)]
        for name, grid in copy.deepcopy(LADDER).items()
    }

    def run(book: xw.Book) -> Plan:
        for ws in book.api["sheets"]:
            rows, cols = len(ws["values"]), len(ws["values"][0])
            ws["used_range_address"] = f"B3:{chr(64 + cols)}{rows}"
        return recalc_book(book)

    result = excel_result(shifted, run)
    assert result == SameSheets(openpyxl_result(shifted, tmp_path, workbook.recalc))
    assert column_values(result["Ladder Players"], "Rating", "ID")[1] == 1183


def test_ragged_rows_and_trailing_blanks_are_trimmed() -> None:
    """Rows come back as a trimmed grid: no trailing empty rows or columns, 1500.0 as 1500."""
    book = make_json_book(
        {"S": [["Name", "Rating", None], ["Ann", 1500.0], [None, None, None], []]}
    )
    assert XlwingsBook(book).read_values("S") == [["Name", "Rating"], ["Ann", 1500]]
    empty = make_json_book({"Empty": []})
    assert XlwingsBook(empty).read_values("Empty") == []


# --- writing -----------------------------------------------------------------------------------

TEXT_CASES = [
    (INJECTION, "'" + INJECTION),
    ("=1+2", "'=1+2"),
    ("+44 20 7946", "'+44 20 7946"),
    ("-Bob", "'-Bob"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("007", "'007"),
    ("1/2", "'1/2"),
    ("(1-0)", "'(1-0)"),
    ("#N/A", "'#N/A"),
    ("TRUE", "'TRUE"),
    ("June 5", "'June 5"),
    ("'quoted", "''quoted"),
    ("Ann", "Ann"),
    ("Anna-Lena", "Anna-Lena"),
    ("May Chen", "May Chen"),
    ("Åsa", "Åsa"),
    ("", ""),
]


@pytest.mark.parametrize(("text", "written"), TEXT_CASES)
def test_text_excel_would_reinterpret_gets_the_text_prefix(text: str, written: str) -> None:
    """Formulas, numbers, dates, booleans and errors typed as text keep an apostrophe, which
    Excel hides: the cell holds exactly the text."""
    assert excel_text(text) == written


def test_a_formula_injection_name_is_written_as_text() -> None:
    """A player called =HYPERLINK(...) reaches Excel with the text prefix, never as a formula."""
    book = make_json_book(LADDER)
    recalc_book(book)
    written = [v for a in actions(book) if a["func"] == "setValues" for r in a["values"] for v in r]
    assert "'" + INJECTION in written
    assert INJECTION not in written
    assert not [v for v in written if isinstance(v, str) and v and v[0] in "=+-@"]


def test_keep_cells_are_rewritten_with_what_they_held() -> None:
    """One write per column block: an inactive player's rating and a blank row are rewritten
    with their own values (there is no 'skip this cell' in a single write)."""
    book = make_json_book(LADDER)
    recalc_book(book)
    rating = next(a for a in actions(book) if a["func"] == "setValues")
    assert (rating["start_row"], rating["start_column"]) == (2, 4)  # E3, 0-based
    assert rating["values"] == [[1183], [993], [1024], [""], [999], [1000]]


KEPT_CASES = [
    (999, "=F7", "=F7"),  # desktop: a formula is rewritten as the formula
    ("=text", "=text", "'=text"),  # text that merely looks like a formula stays text
    (999, None, 999),  # JSON engine: no formulas, the value
    ("007", None, "'007"),
    ("#N/A", None, "#N/A"),  # an error value is typed back as the error
    (None, "", None),
]


@pytest.mark.parametrize(("original", "formula", "written"), KEPT_CASES)
def test_what_a_keep_cell_is_rewritten_with(
    original: object, formula: object, written: object
) -> None:
    """A KEEP cell gets its formula where one was read, else its value (text kept as text)."""
    assert xlwings_book._kept_value(original, formula) == written


def test_nan_is_never_written() -> None:
    """A non-finite number is a bug: refused before anything reaches Excel."""
    book = make_json_book({"S": [["x"]]})
    with pytest.raises(ValueError, match="non-finite"):
        XlwingsBook(book).write_values(WriteBlock("S", 1, 1, [[1.0, float("nan")]]))
    assert count_calls(book) == 0


def test_write_values_is_one_call_and_skips_nothing() -> None:
    """A block is one setValues from its top-left cell; KEEP beyond the used range is empty."""
    book = make_json_book({"S": [["a", "b"]]})
    XlwingsBook(book).write_values(WriteBlock("S", 1, 2, [[KEEP, 5], [KEEP, 6]]))
    [action] = actions(book)
    assert action["func"] == "setValues"
    assert (action["start_row"], action["start_column"]) == (0, 1)
    assert action["values"] == [["b", 5], ["", 6]]


def test_the_rating_list_template_recalculates_in_the_json_engine() -> None:
    """issue 35: the rating list's input sheets, as xlwings Lite hands them over (dates as ISO
    text), recalculated by the Excel button: the same Season List as the template's own."""
    from ratingbook.templates import build_template, sample_rows

    samples = sample_rows("ratinglist")
    template = build_template("ratinglist")
    sheets = {
        name: [[cell.value for cell in template[name][1]], *(list(r) for r in rows)]
        for name, rows in samples.items()
    }
    result = excel_result(sheets, recalc_book)
    wanted = [list(r) for r in template["Season List"].iter_rows(values_only=True)]
    got = _trimmed(result["Season List"])
    assert [row[:5] for row in got] == [row[:5] for row in wanted]
