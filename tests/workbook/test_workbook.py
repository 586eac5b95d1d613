"""The workbook layer on real .xlsx files (issue 3): recalc, generated sheets, new week.

Books are built with openpyxl (tests/helpers/workbooks.py), recalculated through ``XlsxBook`` and
``workbook.recalc`` / ``workbook.new_week``, saved and read back with openpyxl. Expected ratings
come from seed 001's rule worked by hand in the comments, or from the literal transcription of
its VBA ``Recalc_Ratings()`` below, never from running the engine. Crikey, Elo and Swiss values
are the seeds' own worked examples.
"""

from __future__ import annotations

import datetime as dt
import math
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.styles import Font, PatternFill
from tests.helpers.five_mistakes import FIVE_LINES, FIVE_MISTAKES
from tests.helpers.workbooks import (
    CAMP_GROUPS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    Formula,
    all_values,
    ladder_sheets,
    make_book,
    records,
    save_book,
    saved_by_excel,
    sheet_part,
    sheet_rows,
    write_grid,
)

from ratingbook import workbook
from ratingbook.errors import InputErrors, InvalidValueError, RatingbookError, SelfPlayError
from ratingbook.files.rewriting.openpyxl_book import XlsxBook

# --- seed 001's VBA, transcribed literally ------------------------------------------------------


def vba_int(x: float) -> int:
    """VBA ``Int()``: the largest integer not greater than x."""
    return math.floor(x)


def vba_sgn(x: int) -> int:
    return (x > 0) - (x < 0)


def vba_iif(condition: bool, yes: int, no: int) -> int:
    return yes if condition else no


def vba_recalc_ratings(
    players: Mapping[int, Mapping[str, Any]],
    groups: Mapping[str, int],
    games: Sequence[tuple[int, int, str]],
) -> dict[int, tuple[int, int]]:
    """``Recalc_Ratings()`` of seed 001 line by line: {ID: (Rating, Permanent Rating)}.

    One deliberate difference, from SPEC.md: a ``(0-1)`` row is a black win, transcribed as the
    ``(1-0)`` block with White and Black swapped (the VBA made it a draw). Draw rows are
    ``(½-½)`` or ``(1/2-1/2)``; the VBA's ``Else`` branch handles both.
    """
    table = {i: dict(p) for i, p in players.items()}
    # '''First reset all campers' ratings back to their start-of-week ratings based on group
    for row in table.values():
        if row["Active"]:
            row["Rating"] = groups[row["Group"]]
    # UPDATE [Ladder Players] SET [Permanent Rating] = [StWkPerm] WHERE ACTIVE = YES
    for row in table.values():
        if row["Active"]:
            row["Permanent Rating"] = row["StWkPerm"]
    for white, black, outcome in games:
        if outcome == "(0-1)":  # SPEC.md: a black win, i.e. (1-0) with the roles swapped
            white, black, outcome = black, white, "(1-0)"
        WPRating = table[white]["Rating"]
        WORating = table[black]["Rating"]
        PPRating = table[white]["Permanent Rating"]
        PORating = table[black]["Permanent Rating"]
        if outcome == "(1-0)":
            table[white]["Permanent Rating"] = (
                PPRating
                + 16
                - vba_iif(
                    abs(PPRating - PORating) > 375,
                    15 * vba_sgn(PPRating - PORating),
                    vba_int(abs(PPRating - PORating) / 25) * vba_sgn(PPRating - PORating),
                )
            )
            table[black]["Permanent Rating"] = (
                PORating
                - 16
                - vba_iif(
                    abs(PPRating - PORating) > 375,
                    15 * vba_sgn(PORating - PPRating),
                    vba_int(abs(PORating - PPRating) / 25) * vba_sgn(PORating - PPRating),
                )
            )
            table[white]["Rating"] = (
                WPRating
                + 16
                - vba_iif(
                    abs(WPRating - WORating) > 375,
                    15 * vba_sgn(WPRating - WORating),
                    vba_int(abs(WPRating - WORating) / 25) * vba_sgn(WPRating - WORating),
                )
            )
            table[black]["Rating"] = (
                WORating
                - 16
                - vba_iif(
                    abs(WPRating - WORating) > 375,
                    15 * vba_sgn(WORating - WPRating),
                    vba_int(abs(WORating - WPRating) / 25) * vba_sgn(WORating - WPRating),
                )
            )
        else:  # must have been a draw
            table[white]["Permanent Rating"] = PPRating - vba_iif(
                abs(PPRating - PORating) > 375,
                15 * vba_sgn(PPRating - PORating),
                vba_int(abs(PPRating - PORating) / 25) * vba_sgn(PPRating - PORating),
            )
            table[black]["Permanent Rating"] = PORating - vba_iif(
                abs(PPRating - PORating) > 375,
                15 * vba_sgn(PORating - PPRating),
                vba_int(abs(PORating - PPRating) / 25) * vba_sgn(PORating - PPRating),
            )
            table[white]["Rating"] = WPRating - vba_iif(
                abs(WPRating - WORating) > 375,
                15 * vba_sgn(WPRating - WORating),
                vba_int(abs(WPRating - WORating) / 25) * vba_sgn(WPRating - WORating),
            )
            table[black]["Rating"] = WORating - vba_iif(
                abs(WPRating - WORating) > 375,
                15 * vba_sgn(WORating - WPRating),
                vba_int(abs(WORating - WPRating) / 25) * vba_sgn(WORating - WPRating),
            )
    return {i: (row["Rating"], row["Permanent Rating"]) for i, row in table.items()}


# --- the small hand-worked week of tests/helpers/workbooks.py
# --------------------------------------------- Groups: Juniors 1000, Seniors 1200. Start: Ann
# (Seniors) W 1200 P 1500, Ben (Juniors) W 1000 P 1100, Cat (Juniors) W 1000 P 1450, Eve (Seniors) W
# 1200 P 1000; Dan is inactive (1333/1444). 1. Ann-Ben (1-0): W 1200-1000 d=200, winner higher:
# 16-8=8 -> 1208/992. P 1500-1100 d=400>375: +1 -> 1501/1099. 2. Ben-Cat (0-1): Cat wins. W Cat 1000
# vs Ben 992, winner higher by 8: 16-0 -> Cat 1016, Ben 976. P Cat 1450 vs Ben 1099, winner higher
# by 351: 16-14=2 -> Cat 1452, Ben 1097. 3. Cat-Ann (½-½): W Ann 1208 higher than Cat 1016 by 192:
# gives 7 -> Cat 1023, Ann 1201. P Ann 1501 higher than Cat 1452 by 49: gives 1 -> Cat 1453, Ann
# 1500. 4. Eve-Ann (1-0): W Eve 1200 below Ann 1201 by 1: 16+0 -> Eve 1216, Ann 1185. P Eve 1000
# below Ann 1500 by 500>375: +31 -> Eve 1031, Ann 1469. 5. Ben-Eve (1/2-1/2): W Eve 1216 higher than
# Ben 976 by 240: gives 9 -> Ben 985, Eve 1207. P Ben 1097 higher than Eve 1031 by 66: gives 2 ->
# Ben 1095, Eve 1033. 6. Eve-Ann (½-½): W Eve 1207 vs Ann 1185, d=22: gives 0 -> unchanged. P Ann
# 1469 higher than Eve 1033 by 436>375: gives 15 -> Eve 1048, Ann 1454. Weekly sum 4400 before and
# after, permanent sum 5050 before and after.
HAND_RATINGS = {  # ID: (Rating, Permanent Rating)
    1: (1185, 1454),
    2: (985, 1095),
    3: (1023, 1453),
    4: (1333, 1444),  # inactive: untouched
    5: (1207, 1048),
}


def _players(grid: Sequence[Sequence[object]]) -> dict[int, dict[str, Any]]:
    header = list(grid[0])
    return {int(r[0]): dict(zip(header, r, strict=True)) for r in grid[1:]}


def _games(grid: Sequence[Sequence[object]]) -> list[tuple[int, int, str]]:
    return [(int(w), int(b), str(res)) for w, b, res in grid[1:]]


def recalc_file(source: Path, target: Path) -> workbook.Plan:
    book = XlsxBook(source)
    plan = workbook.recalc(book)
    book.save(target)
    return plan


def ratings_by_id(path: Path, sheet: str = "Ladder Players", header_row: int = 1) -> dict:
    return {r["ID"]: (r["Rating"], r["Permanent Rating"]) for r in records(path, sheet, header_row)}


@pytest.fixture
def ladder_xlsx(tmp_path: Path) -> Path:
    return save_book(make_book(ladder_sheets()), tmp_path / "ladder.xlsx")


def test_vba_transcription_reproduces_the_hand_worked_week() -> None:
    """The transcription and the hand arithmetic agree, so either can be trusted below."""
    groups = {g: r for g, r in CAMP_GROUPS[1:]}
    got = vba_recalc_ratings(_players(LADDER_PLAYERS), groups, _games(LADDER_GAMES))
    assert got == HAND_RATINGS


def test_recalc_writes_the_hand_worked_ratings_into_ladder_players(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.xlsx"
    recalc_file(ladder_xlsx, out)
    assert ratings_by_id(out) == HAND_RATINGS


def _random_week(seed: int) -> tuple[list[list[object]], list[list[object]], list[list[object]]]:
    """A bigger week: 3 groups, ratings spread wide enough to reach every branch (d > 375)."""
    rng = random.Random(seed)
    groups = [["Group", "Initial Ladder Rating"], ["Red", 800], ["Blue", 1100], ["Green", 1500]]
    players: list[list[object]] = [list(LADDER_PLAYERS[0])]
    for i in range(1, 19):
        active = i % 7 != 0
        players.append(
            [
                i,
                f"P{i}",
                rng.choice(["Red", "Blue", "Green"]),
                active,
                rng.randint(500, 2000),
                rng.randint(500, 2000),
                rng.randint(500, 2000),
            ]
        )
    ids = [int(r[0]) for r in players[1:] if r[3]]
    games: list[list[object]] = [["White", "Black", "Result"]]
    for _ in range(120):
        white, black = rng.sample(ids, 2)
        games.append([white, black, rng.choice(["(1-0)", "(0-1)", "(½-½)", "(1/2-1/2)"])])
    return players, games, groups


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_recalc_equals_the_vba_with_black_wins_on_a_long_week(seed: int, tmp_path: Path) -> None:
    """Both Rating and Permanent Rating of every player equal the VBA's, (0-1) a black win."""
    players, games, groups = _random_week(seed)
    src = save_book(make_book(ladder_sheets(players, games, groups)), tmp_path / "week.xlsx")
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    expected = vba_recalc_ratings(
        _players(players),
        {g: r for g, r in groups[1:]},
        _games(games),
    )
    assert ratings_by_id(out) == expected


def test_recalculating_the_output_again_changes_no_cell_of_any_sheet(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    once, twice = tmp_path / "once.xlsx", tmp_path / "twice.xlsx"
    recalc_file(ladder_xlsx, once)
    recalc_file(once, twice)
    assert all_values(twice) == all_values(once)


def test_recalc_twice_on_the_same_open_book_changes_nothing(ladder_xlsx: Path) -> None:
    book = XlsxBook(ladder_xlsx)
    workbook.recalc(book)
    first = {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.workbook.worksheets}
    workbook.recalc(book)
    second = {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.workbook.worksheets}
    assert second == first


# --- a book as people really keep it --------------------------------------------------------------

GOLD = "FFFFD700"


def _messy_ladder_book(path: Path) -> Path:
    """The hand-worked week, laid out the way a camp office might keep it.

    - Ladder Players: a title in B1, the header in row 3 from column B, columns shuffled, headers
      in odd case and spacing, an extra Notes column, a note below the table, styled rating cells;
      Dan (inactive) has a formula as his Rating.
    - ladder games: lower-case sheet name, a Comment column, columns reordered.
    - Summary: =SUM over its own cells and a cross-sheet formula; Camp Groups has a title row.
    """
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    summary = wb.create_sheet("Summary")
    write_grid(summary, [[1], [2], [3], [Formula("=SUM(A1:A3)")]])
    summary["B1"] = "='Ladder Players'!F4"
    summary["B1"].font = Font(italic=True)

    ws = wb.create_sheet("Ladder Players")
    ws["B1"] = "SCA Camp Ladder - Week 3"
    ws["B1"].font = Font(size=16, bold=True)
    header = [
        "  stwkperm ",
        "NAME",
        "Permanent   Rating",
        "id",
        "Notes",
        "Active",
        "group",
        "RATING",
    ]
    by_field = {
        "  stwkperm ": "StWkPerm",
        "NAME": "Name",
        "Permanent   Rating": "Permanent Rating",
        "id": "ID",
        "Notes": None,
        "Active": "Active",
        "group": "Group",
        "RATING": "Rating",
    }
    source = _players(LADDER_PLAYERS)
    rows: list[list[object]] = [header]
    for pid, player in source.items():
        rows.append([player[by_field[h]] if by_field[h] else f"note {pid}" for h in header])
    write_grid(ws, rows, top=3, left=2)
    # Dan (inactive, row 7) keeps a formula as his Rating: it must not be touched.
    ws["I7"] = "=1300+33"
    # A note below the table, in the extra column only, after a blank row.
    ws["F10"] = "checked by the head coach"
    ws["J4"] = "outside the table"
    rating_font = Font(bold=True, color="FF0000FF")
    for r in range(4, 9):
        for col in ("D", "I"):  # Permanent Rating and Rating
            cell = ws[f"{col}{r}"]
            cell.font = rating_font
            cell.fill = PatternFill("solid", fgColor=GOLD)
            cell.number_format = "#,##0"
    ws.column_dimensions["C"].width = 31.5
    ws.column_dimensions["I"].width = 12.25

    games = wb.create_sheet("ladder games")
    game_rows: list[list[object]] = [["Comment", "result", "BLACK", "White"]]
    game_rows += [[f"game {n}", res, b, w] for n, (w, b, res) in enumerate(LADDER_GAMES[1:], 1)]
    write_grid(games, game_rows)

    groups = wb.create_sheet("Camp Groups")
    write_grid(groups, [["Groups of the camp"], [], *CAMP_GROUPS])
    wb.save(path)
    return path


def test_messy_layout_gets_the_hand_worked_ratings_in_the_right_cells(tmp_path: Path) -> None:
    """Title row, header in row 3 from column B, shuffled odd-case headers: found by name."""
    src = _messy_ladder_book(tmp_path / "messy.xlsx")
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    ws = openpyxl.load_workbook(out)["Ladder Players"]
    got = {ws[f"E{r}"].value: (ws[f"I{r}"].value, ws[f"D{r}"].value) for r in range(4, 9)}
    expected = dict(HAND_RATINGS)
    expected[4] = ("=1300+33", 1444)  # Dan is inactive: his formula and value stay
    assert got == expected


def test_recalculating_the_messy_book_twice_changes_no_cell(tmp_path: Path) -> None:
    once, twice = tmp_path / "once.xlsx", tmp_path / "twice.xlsx"
    recalc_file(_messy_ladder_book(tmp_path / "messy.xlsx"), once)
    recalc_file(once, twice)
    assert all_values(twice) == all_values(once)


def test_other_sheets_formulas_extra_columns_and_rows_below_survive(tmp_path: Path) -> None:
    src = _messy_ladder_book(tmp_path / "messy.xlsx")
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    before, after = openpyxl.load_workbook(src), openpyxl.load_workbook(out)
    assert after["Summary"]["A4"].value == "=SUM(A1:A3)"
    assert after["Summary"]["B1"].value == "='Ladder Players'!F4"
    assert after["Summary"]["B1"].font.i
    # Every cell of every input sheet but the active players' rating cells is as it was.
    rating_cells = {f"{c}{r}" for c in "DI" for r in (4, 5, 6, 8)}
    for name in ("Summary", "Ladder Players", "ladder games", "Camp Groups"):
        old, new = before[name], after[name]
        cells = {c.coordinate: c.value for row in old.iter_rows() for c in row}
        cells.update(
            {
                c.coordinate: None
                for row in new.iter_rows()
                for c in row
                if c.coordinate not in cells
            }
        )
        for coordinate, value in cells.items():
            if name == "Ladder Players" and coordinate in rating_cells:
                continue
            assert new[coordinate].value == value, (name, coordinate)
    assert after["Ladder Players"]["F10"].value == "checked by the head coach"
    assert after["Ladder Players"]["F4"].value == "note 1"
    # Sheet order: the inputs where they were, generated sheets after them.
    assert after.sheetnames[:4] == ["Summary", "Ladder Players", "ladder games", "Ladder Standings"]


def test_styles_of_rating_cells_and_column_widths_survive(tmp_path: Path) -> None:
    src = _messy_ladder_book(tmp_path / "messy.xlsx")
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    ws = openpyxl.load_workbook(out)["Ladder Players"]
    for r in range(4, 9):
        for col in "DI":
            cell = ws[f"{col}{r}"]
            assert cell.font.b and cell.font.color.rgb == "FF0000FF", cell.coordinate
            assert cell.fill.fgColor.rgb == GOLD, cell.coordinate
            assert cell.number_format == "#,##0", cell.coordinate
    assert ws["B1"].font.sz == 16 and ws["B1"].font.b
    assert ws.column_dimensions["C"].width == 31.5
    assert ws.column_dimensions["I"].width == 12.25


def test_ratings_are_written_as_numbers_not_text(ladder_xlsx: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    recalc_file(ladder_xlsx, out)
    ws = openpyxl.load_workbook(out)["Ladder Players"]
    for r in range(2, 7):
        assert ws[f"E{r}"].data_type == "n" and isinstance(ws[f"E{r}"].value, int)
        assert ws[f"F{r}"].data_type == "n" and isinstance(ws[f"F{r}"].value, int)


def test_stwkperm_given_as_a_formula_with_a_cached_value_is_read_as_that_value(
    tmp_path: Path,
) -> None:
    """A formula typed in an input cell counts with the value Excel saved for it."""
    players = [list(r) for r in LADDER_PLAYERS]
    players[1][6] = Formula("=1400+100")  # Ann's StWkPerm: 1500, as in the hand-worked week
    src = save_book(make_book(ladder_sheets(players)), tmp_path / "f.xlsx")
    _set_cached_value(src, "xl/worksheets/sheet1.xml", "G2", "1500")
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    assert ratings_by_id(out) == HAND_RATINGS
    assert openpyxl.load_workbook(out)["Ladder Players"]["G2"].value == "=1400+100"


def _set_cached_value(path: Path, part: str, ref: str, value: str) -> None:
    """Give a formula cell the cached value Excel would have saved (openpyxl writes none),
    and the ``<calcPr>`` Excel writes."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    xml = parts[part].decode()
    cell = re.compile(rf'(<c r="{ref}"[^>]*>)(<f>[^<]*</f>)(<v\s*/>|<v>[^<]*</v>)?(</c>)')
    xml, n = cell.subn(rf"\1\2<v>{value}</v>\4", xml)
    assert n == 1, xml
    parts[part] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    saved_by_excel(path)


# --- generated sheets -----------------------------------------------------------------------------


def test_ladder_standings_ranks_active_players_with_their_record(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.xlsx"
    recalc_file(ladder_xlsx, out)
    rows = sheet_rows(out, "Ladder Standings")
    assert rows[0] == [
        "Rank", "ID", "Name", "Group", "Rating", "Games", "Wins", "Draws", "Losses",
    ]  # fmt: skip
    # By weekly Rating (from the hand-worked week); W/D/L counted from the six games:
    # Ann: won 1, drew 3 and 6, lost 4; Ben: lost 1 and 2, drew 5; Cat: won 2, drew 3;
    # Eve: won 4, drew 5 and 6. Dan is inactive and not ranked. The posted list shows the
    # posted Rating only (the Permanent Ratings 1048, 1454, 1453, 1095 stay off it).
    assert rows[1:] == [
        [1, 5, "Eve", "Seniors", 1207, 3, 1, 2, 0],
        [2, 1, "Ann", "Seniors", 1185, 4, 1, 2, 1],
        [3, 3, "Cat", "Juniors", 1023, 2, 1, 1, 0],
        [4, 2, "Ben", "Juniors", 985, 3, 0, 1, 2],
    ]


def test_rating_history_lists_each_game_with_both_ratings_before_and_after(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.xlsx"
    recalc_file(ladder_xlsx, out)
    got = records(out, "Rating History")
    assert [
        (
            r["White ID"], r["Black ID"],
            r["White Rating Before"], r["White Rating After"],
            r["Black Rating Before"], r["Black Rating After"],
            r["White Permanent Before"], r["White Permanent After"],
            r["Black Permanent Before"], r["Black Permanent After"],
        )
        for r in got
    ] == [  # the hand-worked week, game by game (White first)
        (1, 2, 1200, 1208, 1000, 992, 1500, 1501, 1100, 1099),
        (2, 3, 992, 976, 1000, 1016, 1099, 1097, 1450, 1452),
        (3, 1, 1016, 1023, 1208, 1201, 1452, 1453, 1501, 1500),
        (5, 1, 1200, 1216, 1201, 1185, 1000, 1031, 1500, 1469),
        (2, 5, 976, 985, 1216, 1207, 1097, 1095, 1031, 1033),
        (5, 1, 1207, 1207, 1185, 1185, 1033, 1048, 1469, 1454),
    ]  # fmt: skip
    assert [r["Game"] for r in got] == [1, 2, 3, 4, 5, 6]
    assert [r["Games Row"] for r in got] == [2, 3, 4, 5, 6, 7]  # Excel rows of Ladder Games
    assert [(r["White"], r["Black"]) for r in got][:2] == [("Ann", "Ben"), ("Ben", "Cat")]


def test_generated_sheets_are_rebuilt_not_appended_to(ladder_xlsx: Path, tmp_path: Path) -> None:
    """A stale, longer Ladder Standings is replaced wholesale, in its old place."""
    wb = openpyxl.load_workbook(ladder_xlsx)
    stale = wb.create_sheet("Ladder Standings", 0)
    write_grid(stale, [["old"], *[[n] for n in range(40)]])
    wb.save(ladder_xlsx)
    out = tmp_path / "out.xlsx"
    recalc_file(ladder_xlsx, out)
    after = openpyxl.load_workbook(out)
    assert after.sheetnames[0] == "Ladder Standings"
    rows = sheet_rows(out, "Ladder Standings")
    assert rows[0][0] == "Rank" and len(rows) == 5


def _family_book(path: Path, sheets: Mapping[str, Sequence[Sequence[object]]]) -> Path:
    return save_book(make_book(sheets), path)


# seed 000, example tournaments 1-3 (tournament 4 lists "fred fred", self-play: an error here).
CRIKEY_TOURNAMENTS = {
    # alice (white) 76.91+3 = 79.91 vs bob 76.36: gap 3.55, CE 0.36; bob (lower) wins: 1.36,
    # and bob ends with fewer pieces (15 < 20): doubled, 2.72. alice 74.19, bob 79.08.
    "t1": (
        [["alice", 76.91], ["bob", 76.36]],
        [["alice", "bob", "lost", 20, 15]],
        [[1, "bob", 76.36, 79.08, 2.72, 1], [2, "alice", 76.91, 74.19, -2.72, 1]],
    ),
    # alice 58.55 vs bob 55.55: CE 0.30, draw: alice gives 0.30 (55.25 / 55.85); then bob white
    # 58.85 vs alice 55.25: gap 3.60, CE 0.36, bob gives 0.36: alice 55.61, bob 55.49.
    "t2": (
        [["alice", 55.55], ["bob", 55.55]],
        [["alice", "bob", "drew", 10, 30], ["bob", "alice", "drew", 20, 20]],
        [[1, "alice", 55.55, 55.61, 0.06, 2], [2, "bob", 55.55, 55.49, -0.06, 2]],
    ),
    # alice 97.26 vs bob 96.00: gap 1.26, CE 0.13; alice (higher) wins: 1 - 0.13 = 0.87.
    # Both end on 95.13: equal ratings in decreasing alphabetical order, sharing rank 1.
    "t3": (
        [["alice", 94.26], ["bob", 96.00]],
        [["alice", "bob", "won", 10, 10]],
        [[1, "bob", 96.00, 95.13, -0.87, 1], [1, "alice", 94.26, 95.13, 0.87, 1]],
    ),
}


@pytest.mark.parametrize("name", list(CRIKEY_TOURNAMENTS))
def test_crikey_book_gets_the_seed_example_standings(name: str, tmp_path: Path) -> None:
    players, games, expected = CRIKEY_TOURNAMENTS[name]
    src = _family_book(
        tmp_path / "crikey.xlsx",
        {
            "Crikey Players": [["Name", "Rating"], *players],
            "Crikey Games": [
                ["White", "Black", "Result", "White Pieces", "Black Pieces"],
                *games,
            ],
        },
    )
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    rows = sheet_rows(out, "Crikey Standings")
    assert rows[0] == ["Rank", "Name", "Start Rating", "Rating", "Change", "Games"]
    assert [r[:2] + [round(v, 2) for v in r[2:5]] + r[5:] for r in rows[1:]] == expected
    ws = openpyxl.load_workbook(out)["Crikey Standings"]
    assert ws["D2"].number_format == "0.00"


def test_crikey_history_shows_the_seed_exchange_of_tournament_1(tmp_path: Path) -> None:
    players, games, _ = CRIKEY_TOURNAMENTS["t1"]
    src = _family_book(
        tmp_path / "crikey.xlsx",
        {
            "Crikey Players": [["Name", "Rating"], *players],
            "Crikey Games": [["White", "Black", "Result", "White Pieces", "Black Pieces"], *games],
        },
    )
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    (row,) = records(out, "Crikey History")
    assert (row["White"], row["Black"], row["White Result"]) == ("alice", "bob", "lost")
    assert round(row["White Before"], 2) == 76.91 and round(row["White After"], 2) == 74.19
    assert round(row["Black Before"], 2) == 76.36 and round(row["Black After"], 2) == 79.08
    assert round(row["Points Exchanged"], 2) == -2.72  # White's gain: alice lost 2.72 to bob


# seed 003: K 32, A 1613, B 1609, A scores 0, 0.5, 0.5, 0, 0, 0 ->
# 1613 1609 / 1597 1625 / 1598 1624 / 1599 1623 / 1584 1638 / 1570 1652 / 1558 1664.
ELO_SERIES = [(1613, 1609), (1597, 1625), (1598, 1624), (1599, 1623), (1584, 1638),
              (1570, 1652), (1558, 1664)]  # fmt: skip
ELO_SCORES = [0, 0.5, 0.5, 0, 0, 0]


def _elo_book(path: Path) -> Path:
    return _family_book(
        path,
        {
            "Elo Players": [["Name", "Rating"], ["A", 1613], ["B", 1609]],
            "Elo Games": [["White", "Black", "Result"], *[["A", "B", s] for s in ELO_SCORES]],
            "Elo Settings": [["Setting", "Value"], ["K", 32]],
        },
    )


def test_elo_book_follows_the_seed_series_with_k_from_the_settings_sheet(tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    recalc_file(_elo_book(tmp_path / "elo.xlsx"), out)
    history = records(out, "Elo History")
    assert [(r["White Before"], r["Black Before"]) for r in history] == ELO_SERIES[:-1]
    assert [(r["White After"], r["Black After"]) for r in history] == ELO_SERIES[1:]
    assert [r["White Score"] for r in history] == ELO_SCORES
    # seed 003's worked step: E_A = 1 / (1 + 10^((1609 - 1613)/400)) = 0.506
    assert history[0]["White Expected"] == pytest.approx(1 / (1 + 10 ** (-4 / 400)))
    assert round(history[0]["White Expected"], 3) == 0.506
    standings = sheet_rows(out, "Elo Standings")
    assert standings[0] == [
        "Rank", "Name", "Start Rating", "Rating", "Change", "Games", "Wins", "Draws", "Losses",
    ]  # fmt: skip
    # A lost 4 and drew 2; B the mirror. 1664 - 1609 = 55, 1558 - 1613 = -55.
    assert standings[1:] == [
        [1, "B", 1609, 1664, 55, 6, 4, 2, 0],
        [2, "A", 1613, 1558, -55, 6, 0, 2, 4],
    ]


def test_elo_book_without_settings_sheet_uses_k_20(tmp_path: Path) -> None:
    """K = 20 by default: 1613 vs 1609, A loses: 1613 + 20(0 - 0.5058) = 1602.9 -> 1603."""
    src = _family_book(
        tmp_path / "elo.xlsx",
        {
            "Elo Players": [["Name", "Rating"], ["A", 1613], ["B", 1609]],
            "Elo Games": [["White", "Black", "Result"], ["A", "B", "(0-1)"]],
        },
    )
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    (row,) = records(out, "Elo History")
    # B: 1609 + 20(1 - 0.4942) = 1619.1 -> 1619
    assert (row["White After"], row["Black After"]) == (1603, 1619)


# seed 004: the six-player, three-round example and its table.
SWISS_NAMES = ["Anna", "Bob", "Charlotte", "Daniel", "Erik", "Femke"]
SWISS_GAMES = [
    [1, "Anna", "Femke", 1, 0], [1, "Bob", "Erik", 0, 1], [1, "Charlotte", "Daniel", 0.5, 0.5],
    [2, "Erik", "Anna", 1, 0], [2, "Femke", "Charlotte", 0.5, 0.5], [2, "Daniel", "Bob", 1, 0],
    [3, "Daniel", "Erik", 0.5, 0.5], [3, "Charlotte", "Anna", 1, 0], [3, "Bob", "Femke", 1, 0],
]  # fmt: skip
SWISS_TABLE = [  # pt rp SB b, as printed in the seed
    [1, "Erik", 2.5, 4.0, 3.00, 2],
    [2, "Daniel", 2.0, 5.5, 3.25, 1],
    [3, "Charlotte", 2.0, 3.5, 2.25, 1],
    [4, "Anna", 1.0, 5.0, 0.50, 2],
    [5, "Bob", 1.0, 5.0, 0.50, 1],
    [6, "Femke", 0.5, 4.0, 1.00, 2],
]


def test_swiss_book_gets_the_seed_table(tmp_path: Path) -> None:
    src = _family_book(
        tmp_path / "swiss.xlsx",
        {
            "Swiss Players": [["Name"], *[[n] for n in SWISS_NAMES]],
            "Swiss Games": [
                ["Round", "White", "Black", "White Points", "Black Points"],
                *SWISS_GAMES,
            ],
        },
    )
    out = tmp_path / "out.xlsx"
    recalc_file(src, out)
    rows = sheet_rows(out, "Swiss Standings")
    assert rows[0] == ["Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"]
    assert rows[1:] == SWISS_TABLE


def test_a_book_with_every_family_recalculates_them_all(tmp_path: Path) -> None:
    players, games, _ = CRIKEY_TOURNAMENTS["t1"]
    sheets: dict[str, Sequence[Sequence[object]]] = dict(ladder_sheets())
    sheets["Crikey Players"] = [["Name", "Rating"], *players]
    sheets["Crikey Games"] = [["White", "Black", "Result", "White Pieces", "Black Pieces"], *games]
    sheets["Swiss Players"] = [["Name"], *[[n] for n in SWISS_NAMES]]
    sheets["Swiss Games"] = [["Round", "White", "Black", "White Points", "Black Points"],
                             *SWISS_GAMES]  # fmt: skip
    src = _family_book(tmp_path / "all.xlsx", sheets)
    out = tmp_path / "out.xlsx"
    plan = recalc_file(src, out)
    assert [line.split(":")[0] for line in plan.summary] == ["ladder", "crikey", "swiss"]
    assert ratings_by_id(out) == HAND_RATINGS
    names = openpyxl.load_workbook(out).sheetnames
    for generated in ("Ladder Standings", "Rating History", "Crikey Standings",
                      "Crikey History", "Swiss Standings"):  # fmt: skip
        assert generated in names
    assert sheet_rows(out, "Swiss Standings")[1:] == SWISS_TABLE


# --- new week -------------------------------------------------------------------------------------


def new_week_file(source: Path, target: Path, today: dt.date) -> workbook.Plan:
    book = XlsxBook(source)
    plan = workbook.new_week(book, today=today)
    book.save(target)
    return plan


def test_new_week_carries_permanent_to_stwkperm_for_active_players_only(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    out = tmp_path / "week2.xlsx"
    new_week_file(ladder_xlsx, out, dt.date(2024, 7, 6))
    players = {r["ID"]: r for r in records(out, "Ladder Players")}
    # The hand-worked week's Permanent Ratings; Dan (inactive) keeps his StWkPerm 1400.
    assert {i: r["StWkPerm"] for i, r in players.items()} == {
        1: 1454, 2: 1095, 3: 1453, 4: 1400, 5: 1048,
    }  # fmt: skip
    # The new week starts from scratch: Rating = group's initial, Permanent = StWkPerm.
    assert {i: (r["Rating"], r["Permanent Rating"]) for i, r in players.items()} == {
        1: (1200, 1454), 2: (1000, 1095), 3: (1000, 1453), 4: (1333, 1444), 5: (1200, 1048),
    }  # fmt: skip


NAMES = {row[0]: row[1] for row in LADDER_PLAYERS[1:]}


def test_new_week_archives_the_games_under_a_week_label_and_empties_ladder_games(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    out = tmp_path / "week2.xlsx"
    new_week_file(ladder_xlsx, out, dt.date(2024, 7, 6))
    assert sheet_rows(out, "Ladder Games") == [["White", "Black", "Result"]]
    archive = sheet_rows(out, "Games Archive")
    assert archive[0][:2] == ["Week", "Archived On"]
    # Issue 9: both players' names are archived beside the IDs, so past weeks stay readable.
    assert archive[0][2:] == ["White", "Black", "Result", "White Name", "Black Name"]
    assert [r[0] for r in archive[1:]] == ["Week 1"] * 6
    assert all(r[1] == dt.datetime(2024, 7, 6) for r in archive[1:])
    assert [r[2:] for r in archive[1:]] == [
        [*g, NAMES[g[0]], NAMES[g[1]]] for g in LADDER_GAMES[1:]
    ]


def test_second_new_week_appends_week_2_below_week_1(ladder_xlsx: Path, tmp_path: Path) -> None:
    week2 = tmp_path / "week2.xlsx"
    new_week_file(ladder_xlsx, week2, dt.date(2024, 7, 6))
    wb = openpyxl.load_workbook(week2)
    write_grid(wb["Ladder Games"], [[1, 3, "(1-0)"]], top=2)
    wb.save(week2)
    week3 = tmp_path / "week3.xlsx"
    new_week_file(week2, week3, dt.date(2024, 7, 13))
    archive = sheet_rows(week3, "Games Archive")
    assert [r[0] for r in archive[1:]] == ["Week 1"] * 6 + ["Week 2"]
    assert archive[7][1:] == [dt.datetime(2024, 7, 13), 1, 3, "(1-0)", "Ann", "Cat"]
    assert [r[2:5] for r in archive[1:7]] == [list(g) for g in LADDER_GAMES[1:]]
    # Ann (P 1454) beat Cat (P 1453): winner higher by 1, 16 - 0 -> 1470 / 1437.
    players = {r["ID"]: r for r in records(week3, "Ladder Players")}
    assert (players[1]["StWkPerm"], players[3]["StWkPerm"]) == (1470, 1437)
    assert sheet_rows(week3, "Ladder Games") == [["White", "Black", "Result"]]


def test_recalc_after_new_week_gives_group_ratings_and_stwkperm(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    week2 = tmp_path / "week2.xlsx"
    new_week_file(ladder_xlsx, week2, dt.date(2024, 7, 6))
    out = tmp_path / "out.xlsx"
    recalc_file(week2, out)
    players = {r["ID"]: r for r in records(out, "Ladder Players")}
    groups = {"Juniors": 1000, "Seniors": 1200}
    for r in players.values():
        if r["Active"]:
            assert (r["Rating"], r["Permanent Rating"]) == (groups[r["Group"]], r["StWkPerm"])
    assert (players[4]["Rating"], players[4]["Permanent Rating"]) == (1333, 1444)
    assert records(out, "Rating History") == []


def test_new_week_keeps_title_and_header_and_archives_games_with_their_extra_columns(
    tmp_path: Path,
) -> None:
    """A title above the games, an extra Board column and a blank row between two games."""
    games = [
        ["Ladder games of the week"],
        [],
        ["White", "Black", "Result", "Board"],
        [1, 2, "(1-0)", 4],
        [None, None, None, None],
        [2, 3, "(0-1)", 5],
        [3, 1, "(½-½)", None],
    ]
    src = save_book(make_book(ladder_sheets(games=games)), tmp_path / "camp.xlsx")
    out = tmp_path / "out.xlsx"
    new_week_file(src, out, dt.date(2024, 7, 6))
    assert sheet_rows(out, "Ladder Games") == [
        ["Ladder games of the week", None, None, None],
        [None, None, None, None],
        ["White", "Black", "Result", "Board"],
    ]
    day = dt.datetime(2024, 7, 6)
    assert sheet_rows(out, "Games Archive") == [
        ["Week", "Archived On", "White", "Black", "Result", "Board", "White Name", "Black Name"],
        ["Week 1", day, 1, 2, "(1-0)", 4, "Ann", "Ben"],  # the blank row is not archived
        ["Week 1", day, 2, 3, "(0-1)", 5, "Ben", "Cat"],
        ["Week 1", day, 3, 1, "(½-½)", None, "Cat", "Ann"],
    ]


def test_new_week_appends_by_header_to_an_archive_with_its_own_column_order(
    ladder_xlsx: Path, tmp_path: Path
) -> None:
    """The archive's columns are matched by header; a column it lacks is added at its end."""
    wb = openpyxl.load_workbook(ladder_xlsx)
    archive = wb.create_sheet("Games Archive")
    write_grid(archive, [["Week", "Archived On", "Result", "Black", "White"],
                         ["Week 4", dt.datetime(2024, 6, 29), "(1-0)", 2, 1]])  # fmt: skip
    write_grid(wb["Ladder Games"], [["Board"], [7]], top=1, left=4)
    wb.save(ladder_xlsx)
    out = tmp_path / "out.xlsx"
    new_week_file(ladder_xlsx, out, dt.date(2024, 7, 6))
    rows = sheet_rows(out, "Games Archive")
    assert rows[0] == [
        "Week", "Archived On", "Result", "Black", "White", "Board", "White Name", "Black Name"
    ]  # fmt: skip
    assert rows[1] == ["Week 4", dt.datetime(2024, 6, 29), "(1-0)", 2, 1, None, None, None]
    # "Week 5" follows the highest week label; White/Black/Result land under their headers.
    assert [r[0] for r in rows[2:]] == ["Week 5"] * 6
    assert [(r[4], r[3], r[2]) for r in rows[2:]] == [tuple(g) for g in LADDER_GAMES[1:]]
    assert [r[5] for r in rows[2:]] == [7, None, None, None, None, None]
    assert [(r[6], r[7]) for r in rows[2:]] == [
        (NAMES[g[0]], NAMES[g[1]]) for g in LADDER_GAMES[1:]
    ]


# --- NaN and infinity: one verdict whichever adapter read the cell ----------------------------


class GridBook:
    """The Book interface over plain grids: what any adapter hands to the workbook logic."""

    def __init__(self, sheets: Mapping[str, list[list[object]]]) -> None:
        self.sheets = {name: [list(r) for r in grid] for name, grid in sheets.items()}

    def sheet_names(self) -> list[str]:
        return list(self.sheets)

    def read_values(self, sheet: str) -> list[list[object]]:
        return [list(r) for r in self.sheets[sheet]]

    def write_values(self, block: Any) -> None:  # pragma: no cover - never reached here
        raise AssertionError("nothing may be written")

    def replace_sheet(self, sheet: Any) -> None:  # pragma: no cover - never reached here
        raise AssertionError("nothing may be written")


_PLACEHOLDER = 4242.125  # a number exactly representable, replaced in the XML by NaN or INF

NON_FINITE_CASES = {
    # (sheets, where the non-finite number goes, the place the message names)
    "nan as a Crikey name": (
        {
            "Crikey Players": [["Name", "Rating"], ["alice", 76.91], [_PLACEHOLDER, 70]],
            "Crikey Games": [["White", "Black", "Result", "White Pieces", "Black Pieces"]],
        },
        "sheet 'Crikey Players', row 3, column A (Name)",
    ),
    "nan as a ladder ID": (
        {
            "Camp Groups": [["Group", "Initial Ladder Rating"], ["Seniors", 1000]],
            "Ladder Players": [
                ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
                [_PLACEHOLDER, "Ann", "Seniors", True, None, None, 1000],
            ],
            "Ladder Games": [["White", "Black", "Result"]],
        },
        "sheet 'Ladder Players', row 2, column A (ID)",
    ),
    "nan as Active": (
        {
            "Camp Groups": [["Group", "Initial Ladder Rating"], ["Seniors", 1000]],
            "Ladder Players": [
                ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
                [1, "Ann", "Seniors", _PLACEHOLDER, None, None, 1000],
            ],
            "Ladder Games": [["White", "Black", "Result"]],
        },
        "sheet 'Ladder Players', row 2, column D (Active)",
    ),
}


def _with(sheets: Mapping[str, list[list[object]]], value: object) -> dict[str, list[list[object]]]:
    return {
        name: [[value if v == _PLACEHOLDER else v for v in row] for row in grid]
        for name, grid in sheets.items()
    }


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("case", list(NON_FINITE_CASES))
def test_a_non_finite_number_in_a_cell_is_an_input_error_naming_the_cell(
    case: str, value: float
) -> None:
    """Excel cannot hold NaN or infinity, but a file can: an error at the cell, never a name."""
    sheets, place = NON_FINITE_CASES[case]
    with pytest.raises(RatingbookError) as raised:
        workbook.plan_recalc(GridBook(_with(sheets, value)))
    problem = "is not a number" if math.isnan(value) else "is too large"
    assert str(raised.value).startswith(f"{place}: {value!r} {problem}")


@pytest.mark.parametrize("case", list(NON_FINITE_CASES))
def test_a_nan_stored_in_the_file_gets_the_same_error_through_the_package_adapter(
    case: str, tmp_path: Path
) -> None:
    """python-calamine reads ``<v>NaN</v>`` as nan: the common reading path names the cell."""
    from ratingbook.files.patching import PackageBook

    sheets, place = NON_FINITE_CASES[case]
    path = save_book(make_book(sheets), tmp_path / "nan.xlsx")
    _replace_in_sheets(path, f"<v>{_PLACEHOLDER}</v>", "<v>NaN</v>")
    with pytest.raises(RatingbookError) as raised:
        workbook.plan_recalc(PackageBook(path))
    assert str(raised.value).startswith(f"{place}: nan is not a number")


def _replace_in_sheets(path: Path, old: str, new: str) -> None:
    import zipfile

    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    hits = 0
    for name, data in parts.items():
        if name.startswith("xl/worksheets/") and old.encode() in data:
            parts[name] = data.replace(old.encode(), new.encode())
            hits += 1
    assert hits == 1
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)


# --- every problem at once (issue 9, item 5) --------------------------------------------------


def test_a_book_with_five_mistakes_reports_all_five_in_one_run_and_writes_nothing(
    tmp_path: Path,
) -> None:
    path = save_book(make_book(FIVE_MISTAKES), tmp_path / "five.xlsx")
    before = path.read_bytes()
    book = XlsxBook(path)
    with pytest.raises(InputErrors) as raised:
        workbook.recalc(book)
    assert [str(e) for e in raised.value.errors] == FIVE_LINES
    assert str(raised.value) == "\n".join(FIVE_LINES)
    assert path.read_bytes() == before
    assert [ws.title for ws in book.workbook.worksheets] == list(FIVE_MISTAKES)  # none added


def test_a_ladder_book_with_cell_and_game_mistakes_reports_all_five_in_one_run(
    tmp_path: Path,
) -> None:
    """Issue 17: a group rating that is not a number, an unknown result twice, an unknown
    player ID and a player against themself are five lines of one run. Before, the game-level
    checks (who plays) waited until every cell read well, so a second run found the last two.
    Players of the group whose rating is unreadable are not reported as being in no group."""
    games = [
        ["White", "Black", "Result"],
        [1, 2, "(1-0)"],
        [2, 3, "won"],  # 2: not a ladder result
        [9, 1, "(1-0)"],  # 3: no player 9
        [3, 3, "(½-½)"],  # 4: Cat against herself
        [5, 1, "(1-O)"],  # 5: a letter O
    ]
    groups = [["Group", "Initial Ladder Rating"], ["Juniors", "abc"], ["Seniors", 1200]]  # 1
    path = save_book(make_book(ladder_sheets(games=games, groups=groups)), tmp_path / "five.xlsx")
    before = path.read_bytes()
    with pytest.raises(InputErrors) as raised:
        workbook.recalc(XlsxBook(path))
    assert [str(e) for e in raised.value.errors] == [
        "sheet 'Camp Groups', row 2, column B (Initial Ladder Rating): 'abc' is not a number; "
        "expected a whole-number rating",
        "sheet 'Ladder Games', row 3, column C (Result): unknown result 'won'; expected one of "
        "(1-0), (0-1), (½-½), (1/2-1/2)",
        "sheet 'Ladder Games', row 6, column C (Result): unknown result '(1-O)'; expected one of "
        "(1-0), (0-1), (½-½), (1/2-1/2)",
        "sheet 'Ladder Games', row 4, column A (White): no player has ID 9",
        "sheet 'Ladder Games', row 5, column B (Black): player 3 cannot play themself",
    ]
    assert path.read_bytes() == before


def test_the_ladder_reports_every_unknown_inactive_or_self_playing_game_at_once() -> None:
    """Checks of the engine (who may play) are collected too, once every cell has been read."""
    games = [
        ["White", "Black", "Result"],
        [1, 2, "(1-0)"],
        [9, 2, "(1-0)"],  # no player 9
        [4, 1, "(0-1)"],  # Dan (4) is not active
        [3, 3, "(½-½)"],  # self-play
    ]
    with pytest.raises(InputErrors) as raised:
        workbook.plan_recalc(GridBook(ladder_sheets(games=games)))
    assert [str(e) for e in raised.value.errors] == [
        "sheet 'Ladder Games', row 3, column A (White): no player has ID 9",
        "sheet 'Ladder Games', row 4, column A (White): player 4 ('Dan') is not active (sheet "
        "'Ladder Players', row 5, column D (Active)), but this week's games name them: a camper "
        "who leaves during the week stays Active = TRUE until the new week archives the games; "
        "set it back to TRUE until then, or correct or delete this game",
        "sheet 'Ladder Games', row 5, column B (Black): player 3 cannot play themself",
    ]


def test_more_than_a_hundred_problems_are_listed_up_to_a_hundred_then_counted() -> None:
    games = [["White", "Black", "Result"], *([1, 2, "drawn"] for _ in range(150))]
    with pytest.raises(InputErrors) as raised:
        workbook.plan_recalc(GridBook(ladder_sheets(games=games)))
    assert len(raised.value.errors) == 150
    lines = str(raised.value).split("\n")
    assert len(lines) == 101
    assert lines[0].startswith("sheet 'Ladder Games', row 2, column C (Result): unknown result")
    assert lines[99].startswith("sheet 'Ladder Games', row 101, column C (Result)")
    assert lines[100] == "and 50 more"


def test_one_problem_is_raised_as_itself() -> None:
    games = [["White", "Black", "Result"], [1, 1, "(1-0)"]]
    with pytest.raises(SelfPlayError):
        workbook.plan_recalc(GridBook(ladder_sheets(games=games)))


def test_input_errors_survive_a_process_pool() -> None:
    """``ratingbook recalc --jobs N`` sends errors between processes: they pickle whole."""
    import pickle

    error = InputErrors([InvalidValueError("bad", None, "X"), InputErrors([SelfPlayError("s")])])
    copy = pickle.loads(pickle.dumps(error))
    assert [str(e) for e in copy.errors] == ["column 'X': bad", "s"]
    assert str(copy) == str(error) == "column 'X': bad\ns"


def test_numbers_computed_by_excel_are_read_as_the_values_they_show() -> None:
    """StWkPerm =12*100.1-1.2 (1200 less noise) is 1200; a Crikey rating =89.90+0.01 is
    89.91. Ladder: Ann (1200) beats Ben (1200), d = 0: 16 each way -> 1216 / 1184, weekly and
    permanent. Crikey: as in test_udfs, alice 89.91 wins against bob 76.36: 89.25 / 77.02."""
    sheets = {
        "Camp Groups": [["Group", "Initial Ladder Rating"], ["Seniors", 1200.0000000001]],
        "Ladder Players": [
            ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
            [1, "Ann", "Seniors", True, None, None, 12 * 100.1 - 1.2],
            [2.0000000000001, "Ben", "Seniors", True, None, None, 1200],
        ],
        "Ladder Games": [["White", "Black", "Result"], [1, 2, "(1-0)"]],
        "Crikey Players": [["Name", "Rating"], ["alice", 89.90 + 0.01], ["bob", 76.36]],
        "Crikey Games": [
            ["White", "Black", "Result", "White Pieces", "Black Pieces"],
            ["alice", "bob", "won", 10.000000000000002, 10],
        ],
    }
    plan = workbook.plan_recalc(GridBook(sheets))
    # (A block writing no value widens the names' columns: input_widths.)
    assert [b.values for b in plan.blocks if b.values] == [[[1216], [1184]], [[1216], [1184]]]
    standings = next(s for s in plan.sheets if s.name == "Crikey Standings")
    assert [(r[1], r[3]) for r in standings.rows] == [("alice", 89.25), ("bob", 77.02)]


def test_an_elo_sheet_rounds_a_fractional_starting_rating_like_every_later_one() -> None:
    """Elo Players A 1500.5, B 1500, K 10, A wins: A starts on 1501 and ends on 1506, B on 1495
    (the arithmetic is in tests/ratings/test_elo.py)."""
    sheets = {
        "Elo Settings": [["Setting", "Value"], ["K", 10]],
        "Elo Players": [["Name", "Rating"], ["A", 1500.5], ["B", 1500]],
        "Elo Games": [["White", "Black", "Result"], ["A", "B", 1]],
    }
    plan = workbook.plan_recalc(GridBook(sheets))
    standings = next(s for s in plan.sheets if s.name == "Elo Standings")
    # Rank, Name, Start Rating, Rating, Change, Games, Wins, Draws, Losses
    assert [list(r) for r in standings.rows] == [
        [1, "A", 1501, 1506, 5, 1, 1, 0, 0],
        [2, "B", 1500, 1495, -5, 1, 0, 0, 1],
    ]
    history = next(s for s in plan.sheets if s.name == "Elo History")
    assert [r[5:] for r in history.rows] == [(1501, 1506, 1500, 1495)]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (
            [["Setting", "Value"], ["Kfactor", 32]],
            "sheet 'Elo Settings', row 2, column A (Setting): unknown setting 'Kfactor'; "
            "expected K (or K-factor)",
        ),
        (
            [["Setting", "Value"], ["K", 32], ["K-factor", 16]],
            "sheet 'Elo Settings', row 3, column A (Setting): setting 'K-factor' is given twice "
            "(also row 2)",
        ),
    ],
    ids=["a typo", "twice"],
)
def test_an_elo_setting_that_is_not_one_k_is_an_error_not_a_silent_k_of_20(
    settings: list[list[object]], message: str
) -> None:
    """Before, "Kfactor 32" was ignored and every game was rated with K 20 (A 1500 beating B
    1500 moved 10 points, not 16); two K rows silently took the last."""
    sheets = {
        "Elo Settings": settings,
        "Elo Players": [["Name", "Rating"], ["A", 1500], ["B", 1500]],
        "Elo Games": [["White", "Black", "Result"], ["A", "B", 1]],
    }
    with pytest.raises(InvalidValueError) as raised:
        workbook.plan_recalc(GridBook(sheets))
    assert str(raised.value) == message


def test_an_elo_settings_sheet_may_hold_empty_rows_and_k_spelled_k_factor() -> None:
    """K-factor 16, A 1500 beats B 1500: E = 0.5, A gains 16 x 0.5 = 8 (seed 003's formula)."""
    sheets = {
        "Elo Settings": [["Setting", "Value"], [None, None], ["K-factor", 16]],
        "Elo Players": [["Name", "Rating"], ["A", 1500], ["B", 1500]],
        "Elo Games": [["White", "Black", "Result"], ["A", "B", 1]],
    }
    plan = workbook.plan_recalc(GridBook(sheets))
    standings = next(s for s in plan.sheets if s.name == "Elo Standings")
    assert [(r[1], r[3]) for r in standings.rows] == [("A", 1508), ("B", 1492)]


def test_an_id_beyond_2_to_the_53_is_an_error_naming_the_cell() -> None:
    players = [list(r) for r in LADDER_PLAYERS]
    players[1][0] = 2**53
    with pytest.raises(InvalidValueError) as raised:
        workbook.plan_recalc(GridBook(ladder_sheets(players=players)))
    assert str(raised.value) == (
        "sheet 'Ladder Players', row 2, column A (ID): 9007199254740992 is too large for a "
        "player ID (at most 2,147,483,647) (player 'Ann')"
    )


# --- a formula never calculated: one message in every family and column (issue 10, item 3) ---

CRIKEY_BOOK = {
    "Crikey Players": [["Name", "Rating"], ["alice", 76.91], ["bob", 76.36]],
    "Crikey Games": [
        ["White", "Black", "Result", "White Pieces", "Black Pieces"],
        ["alice", "bob", "lost", 20, 15],
    ],
}
ELO_BOOK = {
    "Elo Settings": [["Setting", "Value"], ["K", 32]],
    "Elo Players": [["Name", "Rating"], ["A", 1613], ["B", 1609]],
    "Elo Games": [["White", "Black", "Result"], ["A", "B", 0]],
}
SWISS_BOOK = {
    "Swiss Players": [["Name"], ["Anna"], ["Bob"]],
    "Swiss Games": [["White", "Black", "White Points", "Black Points"], ["Anna", "Bob", 1, 0]],
}
# (book, sheet, Excel row, column letter, column name): the cell that gets =1+1 instead.
NEVER_CALCULATED_CELLS = [
    (ladder_sheets(), "Camp Groups", 2, "A", "Group"),
    (ladder_sheets(), "Camp Groups", 3, "B", "Initial Ladder Rating"),
    (ladder_sheets(), "Ladder Players", 2, "A", "ID"),
    (ladder_sheets(), "Ladder Players", 3, "C", "Group"),
    (ladder_sheets(), "Ladder Players", 3, "D", "Active"),
    (ladder_sheets(), "Ladder Players", 4, "G", "StWkPerm"),
    (ladder_sheets(), "Ladder Games", 2, "A", "White"),
    (ladder_sheets(), "Ladder Games", 3, "B", "Black"),
    (ladder_sheets(), "Ladder Games", 4, "C", "Result"),
    (CRIKEY_BOOK, "Crikey Players", 3, "B", "Rating"),
    (CRIKEY_BOOK, "Crikey Games", 2, "A", "White"),
    (CRIKEY_BOOK, "Crikey Games", 2, "C", "Result"),
    (CRIKEY_BOOK, "Crikey Games", 2, "E", "Black Pieces"),
    (ELO_BOOK, "Elo Settings", 2, "A", "Setting"),
    (ELO_BOOK, "Elo Settings", 2, "B", "Value"),
    (ELO_BOOK, "Elo Players", 2, "A", "Name"),
    (ELO_BOOK, "Elo Players", 3, "B", "Rating"),
    (ELO_BOOK, "Elo Games", 2, "C", "Result"),
    (SWISS_BOOK, "Swiss Players", 3, "A", "Name"),
    (SWISS_BOOK, "Swiss Games", 2, "B", "Black"),
    (SWISS_BOOK, "Swiss Games", 2, "C", "White Points"),
]


def _adapters() -> list[Any]:
    from ratingbook.files.patching import PackageBook

    return [XlsxBook, PackageBook]


@pytest.mark.parametrize("adapter", _adapters(), ids=lambda a: a.__name__)
@pytest.mark.parametrize(
    ("book", "sheet", "row", "letter", "column"),
    NEVER_CALCULATED_CELLS,
    ids=[f"{c[1]}!{c[3]}{c[2]}" for c in NEVER_CALCULATED_CELLS],
)
def test_a_formula_never_calculated_gets_the_same_message_in_every_family_and_column(
    book: dict[str, list[list[object]]],
    sheet: str,
    row: int,
    letter: str,
    column: str,
    adapter: Any,
    tmp_path: Path,
) -> None:
    sheets = {name: [list(r) for r in grid] for name, grid in book.items()}
    header = sheets[sheet][0]
    sheets[sheet][row - 1][header.index(column)] = Formula("=1+1")
    path = save_book(make_book(sheets), tmp_path / "book.xlsx")
    with pytest.raises(RatingbookError) as raised:
        workbook.plan_recalc(adapter(path))
    errors = raised.value.errors if isinstance(raised.value, InputErrors) else (raised.value,)
    # A player list's row names its player too (issue 34), unless the Name cell is the formula.
    name = book[sheet][row - 1][header.index("Name")] if "Name" in header else None
    who = f" (player {name!r})" if column != "Name" and isinstance(name, str) else ""
    assert str(errors[0]) == (
        f"sheet '{sheet}', row {row}, column {letter} ({column}): the formula '=1+1' was never "
        f"calculated; open and save the file in Excel or LibreOffice{who}"
    )


@pytest.mark.parametrize("adapter", _adapters(), ids=lambda a: a.__name__)
def test_a_formula_excel_calculated_to_empty_text_is_an_empty_cell(
    adapter: Any, tmp_path: Path
) -> None:
    """A row prefilled with ``=IF(...,"",...)`` looks empty, and Excel saved its value: empty
    text (``t="str"``, ``<v></v>``). It is skipped like any empty row, on every adapter; only a
    formula without a value is never calculated."""
    import re
    import zipfile

    sheets = {name: [list(r) for r in grid] for name, grid in ELO_BOOK.items()}
    sheets["Elo Games"].append([Formula('=IF(1=1,"","x")'), Formula('=IF(1=1,"","x")'), None])
    path = save_book(make_book(sheets), tmp_path / "book.xlsx")
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    name = sheet_part(path, "Elo Games")
    # What Excel and LibreOffice write for a formula whose value is empty text.
    parts[name], hits = re.subn(
        rb'<c r="(A3|B3)"([^>]*)><f>(IF\(1=1,"","x"\))</f><v\s*/></c>',
        rb'<c r="\1"\2 t="str"><f>\3</f><v></v></c>',
        parts[name],
    )
    assert hits == 2
    with zipfile.ZipFile(path, "w") as target:
        for part, data in parts.items():
            target.writestr(part, data)
    saved_by_excel(path)  # and Excel's <calcPr>: its stored values count
    plan = workbook.plan_recalc(adapter(path))
    standings = next(s for s in plan.sheets if s.name == "Elo Standings")
    # seed 003 with K 32: 1613 vs 1609, A scores 0 -> 1597 and 1625 (SPEC's first game).
    assert [(row[1], row[3]) for row in standings.rows] == [("B", 1625), ("A", 1597)]


def test_a_file_that_cannot_be_read_stops_the_run_once_not_once_per_table() -> None:
    """A broken part makes every sheet unreadable: one WorkbookError, not one per family."""
    from ratingbook.errors import WorkbookError

    class BrokenBook(GridBook):
        def read_values(self, sheet: str) -> list[list[object]]:
            raise WorkbookError("part 'xl/styles.xml' is broken")

    with pytest.raises(WorkbookError) as raised:
        workbook.plan_recalc(BrokenBook({**ladder_sheets(), **CRIKEY_BOOK}))
    assert str(raised.value) == "part 'xl/styles.xml' is broken"
