"""Round robins, Baku acceleration and forbidden pairs in a workbook, through the commands.

Expected pairings are FIDE's Berger table for six (C.05 Annex 1): round 1 1-6, 2-5, 3-4;
round 2 6-4, 5-3, 1-2; round 3 2-6, 3-1, 4-5; round 4 6-5, 1-4, 2-3; round 5 3-6, 4-2, 5-1.
The round-robin template's six players are numbered by rating: Nadia 1, Oskar 2, Petra 3,
Quentin 4, Rita 5, Sven 6, and its round 1 is played.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import digest, run
from tests.helpers.sheet_grids import sheet_grid

from ratingbook import workbook
from ratingbook.errors import RatingbookError
from ratingbook.files.backends import open_book
from ratingbook.templates import TemplateBook, build_template

SIX = ["Nadia Holm", "Oskar Lind", "Petra Aas", "Quentin Berg", "Rita Dahl", "Sven Eng"]
TABLE_SIX = {
    2: [(6, 4), (5, 3), (1, 2)],
    3: [(2, 6), (3, 1), (4, 5)],
    4: [(6, 5), (1, 4), (2, 3)],
    5: [(3, 6), (4, 2), (5, 1)],
}


def table(path: Path, sheet: str) -> list[dict[str, object]]:
    rows = sheet_grid(path, sheet)
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if any(v is not None for v in r)]


def round_robin_book(tmp_path: Path) -> Path:
    path = tmp_path / "rr.xlsx"
    TemplateBook(build_template("roundrobin")).save(path)
    return path


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_pair_all_writes_every_remaining_round_of_the_table(tmp_path: Path, backend: str) -> None:
    path = round_robin_book(tmp_path)
    done = run("pair", path, "--all", "--in-place", "--backend", backend)
    assert done.returncode == 0, done.stderr
    games = table(path, "Swiss Games")
    for number, pairs in TABLE_SIX.items():
        got = [(g["White"], g["Black"]) for g in games if g["Round"] == number]
        assert got == [(SIX[w - 1], SIX[b - 1]) for w, b in pairs]
        assert all(g["Result"] is None for g in games if g["Round"] == number)
    assert max(g["Round"] for g in games) == 5  # type: ignore[type-var]


def test_the_crosstable_of_a_round_robin_is_square_with_its_diagonal_crossed(
    tmp_path: Path,
) -> None:
    path = round_robin_book(tmp_path)
    rows = sheet_grid(path, "Crosstable")
    header = next(r for r in rows if r and "Name" in r)
    name_at = header.index("Name")
    body = [r for r in rows[rows.index(header) + 1 :] if r[name_at] in SIX]
    assert [r[name_at] for r in body] == SIX
    first = name_at + 1 + next(i for i, h in enumerate(header[name_at + 1 :]) if h in (1, "1"))
    for i, row in enumerate(body):
        assert row[first + i] == "X"
    # Round 1: Nadia beat Sven, Oskar drew with Rita, Quentin beat Petra (the template's games).
    assert body[0][first + 5] == "1" and body[5][first] == "0"
    assert body[1][first + 4] == "½" and body[3][first + 2] == "1"
    assert body[0][first + 1 : first + 5] == [None] * 4  # not played yet


def test_pair_all_on_a_swiss_event_says_what_it_is_for(tmp_path: Path) -> None:
    path = tmp_path / "swiss.xlsx"
    TemplateBook(build_template("swiss")).save(path)
    before = digest(path)
    done = run("pair", path, "--all", "--in-place")
    assert done.returncode != 0
    assert "sheet 'Swiss Settings', row 6, column B (Value)" in done.stderr
    assert "only a round robin can have all its rounds paired at once" in done.stderr
    assert digest(path) == before


def test_changing_a_paired_swiss_event_to_a_round_robin_names_the_rows(tmp_path: Path) -> None:
    # Four players Ann > Bob > Cat > Dan: the Dutch round 1 is Ann-Cat and Dan-Bob; the Berger
    # table's round 1 for four is 1-4 and 2-3, so both rows are refused.
    rows = {
        "Swiss Settings": [("Rounds", 3, None), ("Start Date", dt.datetime(2026, 4, 1), None)],
        "Swiss Players": [{"Name": n, "Rating": r} for n, r in
                          [("Ann", 2200), ("Bob", 2100), ("Cat", 2000), ("Dan", 1900)]],
        "Swiss Games": [],
    }  # fmt: skip
    path = tmp_path / "event.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    book = open_book(str(path), "package")
    workbook.recalc(book)
    book.save(path)
    wb = openpyxl.load_workbook(path)
    settings = wb["Swiss Settings"]
    settings.append(["Pairing", "Round Robin"])
    wb.save(path)
    with pytest.raises(RatingbookError) as caught:
        workbook.recalc(open_book(str(path)))
    text = str(caught.value)
    assert "sheet 'Swiss Games', row 2, column C (White)" in text
    assert "sheet 'Swiss Games', row 3, column C (White)" in text
    assert "Ann (White) against Dan" in text


def test_forbidden_pairs_sheet_problems_are_all_named_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "swiss.xlsx"
    TemplateBook(build_template("swiss")).save(path)
    wb = openpyxl.load_workbook(path)
    bans = wb["Forbidden Pairs"]
    players = [r[1] for r in wb["Swiss Players"].iter_rows(min_row=2, values_only=True) if r[1]]
    bans["A2"], bans["B2"] = players[0], "Nobody Atall"
    bans["A3"], bans["B3"] = players[1], players[1]
    wb.save(path)
    before = digest(path)
    done = run("recalc", path, "--in-place")
    assert done.returncode != 0
    assert "sheet 'Forbidden Pairs', row 2, column B (Other Player)" in done.stderr
    assert "no player named 'Nobody Atall'" in done.stderr
    assert "sheet 'Forbidden Pairs', row 3, column B (Other Player)" in done.stderr
    assert digest(path) == before


def test_a_baku_event_pairs_group_a_apart_in_round_one(tmp_path: Path) -> None:
    # 16 players, 7 rounds, Baku: GA 1-8 with a virtual point, so round 1 is 1-5, 6-2, 3-7, 8-4
    # and 9-13, 14-10, 11-15, 16-12 (see tests/events/test_acceleration.py).
    names = [f"Player {i:02}" for i in range(1, 17)]
    rows = {
        "Swiss Settings": [("Rounds", 7, None), ("Acceleration", "Baku", None),
                           ("Start Date", dt.datetime(2026, 4, 1), None)],
        "Swiss Players": [{"Name": n, "Rating": 2400 - 10 * i} for i, n in enumerate(names)],
        "Swiss Games": [],
    }  # fmt: skip
    path = tmp_path / "baku.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    done = run("pair", path, "--in-place")
    assert done.returncode == 0, done.stderr
    got = [(g["White No."], g["Black No."]) for g in table(path, "Swiss Games")]
    assert got == [(1, 5), (6, 2), (3, 7), (8, 4), (9, 13), (14, 10), (11, 15), (16, 12)]
