"""Start numbers in a workbook: written back into Swiss Players' No. and Swiss Games' White No. /
Black No., kept through recalc, pair, import and export, a changed number refused at its cell.

The events are small and worked by hand: four players, Ann 2200, Bob 2100, Cat 2000, Dan 1900,
so C.04.2's order is Ann 1, Bob 2, Cat 3, Dan 4; round 1 of the FIDE Dutch system pairs the top
half with the bottom half: 1-3 and 2-4 (C.04.3), the top seed White on board 1 and colours
alternating (board 2: Dan, number 4, White).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.helpers.sheet_grids import sheet_grid

from ratingbook import workbook
from ratingbook.cli import cli
from ratingbook.core.fields import BLACK_NUMBER, NUMBER, WHITE_NUMBER
from ratingbook.errors import Location, RatingbookError
from ratingbook.events.event import SwissPlayer
from ratingbook.events.start_order import RecordedNumber, number_players
from ratingbook.files.backends import open_book
from ratingbook.templates import TemplateBook, build_template

PLAYERS = [("Ann", 2200), ("Bob", 2100), ("Cat", 2000), ("Dan", 1900)]
SETTINGS = [("Rounds", 3, None), ("Start Date", dt.datetime(2026, 4, 1), None)]


def make_book(
    tmp_path: Path, games: list[dict[str, object]], numbers: dict[str, int] | None = None
) -> Path:
    players = [{"No.": (numbers or {}).get(n), "Name": n, "Rating": r} for n, r in PLAYERS]
    rows = {"Swiss Settings": SETTINGS, "Swiss Players": players, "Swiss Games": games}
    path = tmp_path / "event.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    return path


def table(path: Path, sheet: str) -> list[dict[str, object]]:
    rows = sheet_grid(path, sheet)
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if any(v is not None for v in r)]


def recalc(path: Path, backend: str = "package") -> None:
    book = open_book(str(path), backend)
    workbook.recalc(book)
    book.save(path)


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_recalc_numbers_the_players_and_records_the_numbers_round_1_was_paired_with(
    tmp_path: Path, backend: str
) -> None:
    path = make_book(tmp_path, [])
    recalc(path, backend)
    assert [(r["No."], r["Name"]) for r in table(path, "Swiss Players")] == [
        (1, "Ann"),
        (2, "Bob"),
        (3, "Cat"),
        (4, "Dan"),
    ]
    games = [
        (g["White"], g["Black"], g["White No."], g["Black No."]) for g in table(path, "Swiss Games")
    ]
    assert games == [("Ann", "Cat", 1, 3), ("Dan", "Bob", 4, 2)]


def test_numbers_exchanged_before_round_4_is_paired_are_kept_and_the_games_follow(
    tmp_path: Path,
) -> None:
    """C.04.2: the pairing numbers may be reassigned (a corrected rating) until the fourth
    round has been paired. Round 1 is paired with Ann 1, Dan 4; the arbiter exchanges them:
    Swiss Games' White No. column follows, Ann-Cat 4-3 and Dan-Bob 1-2."""
    path = make_book(tmp_path, [])
    recalc(path)
    wb = openpyxl.load_workbook(path)
    wb["Swiss Players"]["A2"] = 4  # Ann: 1 -> 4
    wb["Swiss Players"]["A5"] = 1  # Dan: 4 -> 1
    wb.save(path)
    # FIDE mode: a level-3 act, done once confirmed and logged; the question names the numbers
    # that change, player by player (user test 49), not only the log.
    with pytest.raises(RatingbookError) as asked:
        recalc(path)
    assert (
        "level 3: Start numbers: start numbers changed after round 1 (regenerated or "
        "exchanged): Ann No. 1 to 4, Dan No. 4 to 1"
    ) in str(asked.value)
    done = CliRunner().invoke(cli, ["recalc", str(path), "--in-place", "--confirm"])
    assert done.exit_code == 0, done.output
    numbers = {r["Name"]: r["No."] for r in table(path, "Swiss Players")}
    assert numbers == {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 1}
    games = [
        (g["White"], g["Black"], g["White No."], g["Black No."]) for g in table(path, "Swiss Games")
    ]
    assert games == [("Ann", "Cat", 4, 3), ("Dan", "Bob", 1, 2)]


def test_a_number_changed_once_round_4_is_paired_is_refused_at_its_cell() -> None:
    """ "No modification of a TPN for this reason [a correction] is allowed after the fourth
    round has been paired" (C.04.2 art. 2.3): with four rounds paired, Ann (paired as 1) typed 4
    and Dan (4) typed 1 are both refused; with three paired, the same exchange stands."""

    def cell(row: int) -> Location:
        return Location("Swiss Players", row, columns={NUMBER: "A"}, headers={NUMBER: "No."})

    def game(row: int, column: str) -> Location:
        header = "White No." if column == WHITE_NUMBER else "Black No."
        return Location("Swiss Games", row, headers={column: header})

    players = [
        SwissPlayer("Ann", 2200, number=4, where=cell(2)),
        SwissPlayer("Bob", 2100),
        SwissPlayer("Cat", 2000),
        SwissPlayer("Dan", 1900, number=1, where=cell(5)),
    ]
    recorded = {
        "Ann": RecordedNumber(1, game(2, WHITE_NUMBER), WHITE_NUMBER),
        "Bob": RecordedNumber(2, game(3, BLACK_NUMBER), BLACK_NUMBER),
        "Cat": RecordedNumber(3, game(2, BLACK_NUMBER), BLACK_NUMBER),
        "Dan": RecordedNumber(4, game(3, WHITE_NUMBER), WHITE_NUMBER),
    }
    kept = number_players(players, recorded, paired_rounds=3).numbers
    assert kept == {"Ann": 4, "Bob": 2, "Cat": 3, "Dan": 1}
    with pytest.raises(RatingbookError) as caught:
        number_players(players, recorded, paired_rounds=4)
    assert str(caught.value).splitlines() == [
        "sheet 'Swiss Players', row 2, column A (No.): start number 4 differs from 1, the number "
        "'Ann' was paired with (Swiss Games row 2, column White No.); no start number may be "
        "corrected once round 4 has been paired (FIDE C.04.2 art. 2.3): type 1 back",
        "sheet 'Swiss Players', row 5, column A (No.): start number 1 differs from 4, the number "
        "'Dan' was paired with (Swiss Games row 3, column White No.); no start number may be "
        "corrected once round 4 has been paired (FIDE C.04.2 art. 2.3): type 4 back",
    ]


def test_numbers_typed_before_round_1_decide_the_pairing(tmp_path: Path) -> None:
    """The arbiter numbered Dan 1 and Ann 4 (an estimate he trusts more): round 1 pairs
    1-3 Dan-Cat and 2-4 Ann-Bob by those numbers (number 4, Ann, is White on board 2)."""
    path = make_book(tmp_path, [], numbers={"Dan": 1, "Bob": 2, "Cat": 3, "Ann": 4})
    recalc(path)
    games = [(g["White"], g["Black"]) for g in table(path, "Swiss Games")]
    assert games == [("Dan", "Cat"), ("Ann", "Bob")]


def test_a_late_entry_is_numbered_in_rating_order_and_the_records_follow(tmp_path: Path) -> None:
    """Round 1 played with Ann 1, Bob 2, Cat 3, Dan 4; Eve (2050) arrives for round 2 with an
    empty No.: C.04.2 art. 2.4 gives her 3 (between Bob 2100 and Cat 2000); Cat becomes 4 and
    Dan 5, in Swiss Players and in the numbers Swiss Games records (art. 2.5)."""
    path = make_book(tmp_path, [])
    recalc(path)
    wb = openpyxl.load_workbook(path)
    games = wb["Swiss Games"]
    games["E2"], games["E3"] = "1-0", "0-1"
    players = wb["Swiss Players"]
    players["B6"], players["C6"] = "Eve", 2050
    wb.save(path)
    recalc(path)
    assert [(r["No."], r["Name"]) for r in table(path, "Swiss Players")] == [
        (1, "Ann"),
        (2, "Bob"),
        (4, "Cat"),
        (5, "Dan"),
        (3, "Eve"),
    ]
    round_1 = [
        (g["White"], g["White No."], g["Black"], g["Black No."])
        for g in table(path, "Swiss Games")
        if g["Round"] == 1
    ]
    assert round_1 == [("Ann", 1, "Cat", 4), ("Dan", 5, "Bob", 2)]


def test_start_numbers_survive_import_pair_and_export(tmp_path: Path) -> None:
    """The Open de Gros (tests/data/trf): imported, paired (round 5), exported: every 001
    record keeps the file's number and name."""
    source = Path(__file__).resolve().parents[1] / "data" / "trf"
    trf = source / "javafo_trfxsample2_open-gros_2010.trfx"
    book = tmp_path / "gros.xlsx"
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["trf", "import", str(trf), "-o", str(book), "--no-check"]).exit_code
        == 0
    )
    done = runner.invoke(cli, ["pair", str(book), "--in-place"])
    assert done.exit_code == 0, done.output
    assert "paired round 5" in done.output
    out = tmp_path / "gros.trf"
    assert runner.invoke(cli, ["trf", "export", str(book), "-o", str(out)]).exit_code == 0

    def records(text: str) -> list[tuple[int, str]]:
        return [
            (int(line[4:8]), line[14:47].strip()) for line in text.splitlines() if line[:3] == "001"
        ]

    original = trf.read_bytes().decode("latin-1")
    assert records(out.read_text(encoding="utf-8")) == records(original)


def test_the_rating_method_and_the_national_and_manual_columns_decide_the_numbers(
    tmp_path: Path,
) -> None:
    """Rating Method FIDON (FIDE else national): Ann FIDE 2200, Bob national 2300 only, Cat
    FIDE 2000 and national 2400 (FIDE counts), Dan a manual 2250 only (the arbiter's
    estimate). By hand: Bob 2300, Dan 2250, Ann 2200, Cat 2000."""
    players = [
        {"Name": "Ann", "Rating": 2200},
        {"Name": "Bob", "National Rating": 2300},
        {"Name": "Cat", "Rating": 2000, "National Rating": 2400},
        {"Name": "Dan", "Manual Rating": 2250},
    ]
    rows = {
        "Swiss Settings": [*SETTINGS, ("Rating Method", "FIDON", None)],
        "Swiss Players": players,
        "Swiss Games": [],
    }
    path = tmp_path / "event.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    recalc(path)
    got = sorted((r["No."], r["Name"]) for r in table(path, "Swiss Players"))
    assert got == [(1, "Bob"), (2, "Dan"), (3, "Ann"), (4, "Cat")]


def test_the_standings_show_the_rating_the_method_takes(tmp_path: Path) -> None:
    """Rating Method NIDOF (national else FIDE): Ann FIDE 2200 and national 1800 is shown
    1800; Bob, FIDE 2100 only, 2100; Cat, a manual 2150 only, 2150."""
    players = [
        {"Name": "Ann", "Rating": 2200, "National Rating": 1800},
        {"Name": "Bob", "Rating": 2100},
        {"Name": "Cat", "Manual Rating": 2150},
    ]
    rows = {
        "Swiss Settings": [*SETTINGS, ("Rating Method", "NIDOF", None)],
        "Swiss Players": players,
        "Swiss Games": [],
    }
    path = tmp_path / "event.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    recalc(path)
    grid = sheet_grid(path, "Swiss Standings")
    header = next(r for r in grid if "Rating" in r and "Name" in r)
    shown = {r[header.index("Name")]: r[header.index("Rating")] for r in grid if r[0] is not None}
    assert {n: shown[n] for n in ("Ann", "Bob", "Cat")} == {"Ann": 1800, "Bob": 2100, "Cat": 2150}
