"""The rating report of a FIDE-rated event in a workbook (``FIDE Rated`` in Swiss Settings), and
the FIDE_RATING_CHANGE worksheet function. Figures by hand from B.02's table 8.1.2.

The event: a round robin of four (Berger table round 1: 1-4, 2-3), start 2026-04-09 (the
rules of 1 March 2024 as amended 1 October 2025):
Ann 2450 (K 10: 2400 or more), Bob 2210 (born 2010: a junior below 2300, K 40),
Cat 2100 (K 20), Dan 1700 (K typed 40: a new player).
Round 1: Ann-Dan 1-0, Bob-Cat ½-½.
- Ann v Dan: D 750 -> counted 400 (Ann is below 2650): PD .92; +0.08 x 10 = 0.8 -> +1.
- Dan v Ann: counted 400: PD .08; -0.08 x 40 = -3.2 -> -3.
- Bob v Cat: D 110 (107-113): PD .65; -0.15 x 40 = -6.0 -> -6.
- Cat v Bob: PD .35; +0.15 x 20 = 3.0 -> +3.
Performance (Rp = Ra + dp): Ann 1700 + 800 = 2500; Dan 2450 - 800 = 1650; Bob 2100 + 0 = 2100;
Cat 2210 + 0 = 2210.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.sheet_grids import sheet_grid

from ratingbook import workbook
from ratingbook.errors import RatingbookError
from ratingbook.files.backends import open_book
from ratingbook.templates import TemplateBook, build_template
from ratingbook.udfs import FIDE_RATING_CHANGE

PLAYERS = [
    {"Name": "Ann", "Rating": 2450},
    {"Name": "Bob", "Rating": 2210, "Birth": 2010},
    {"Name": "Cat", "Rating": 2100},
    {"Name": "Dan", "Rating": 1700, "K": 40},
]
GAMES = [
    {"Round": 1, "Board": 1, "White": "Ann", "Black": "Dan", "Result": "1-0"},
    {"Round": 1, "Board": 2, "White": "Bob", "Black": "Cat", "Result": "½-½"},
]


def table(path: Path, sheet: str) -> list[dict[str, object]]:
    rows = sheet_grid(path, sheet)
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if any(v is not None for v in r)]


def rated_book(
    tmp_path: Path,
    players: list[dict[str, object]] = PLAYERS,
    games: list[dict[str, object]] = GAMES,
) -> Path:
    rows = {
        "Swiss Settings": [
            ("Pairing", "Round Robin", None),
            ("Start Date", dt.datetime(2026, 4, 9), None),
            ("FIDE Rated", "Standard", None),
            ("Tie-breaks", "SB", None),
            # round 1 typed by hand, as FIDE mode asks (level 3): confirmed in the book
            ("Confirm", "Pairing round 1", None),
        ],
        "Swiss Players": players,
        "Swiss Games": games,
    }
    path = tmp_path / "rated.xlsx"
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)
    return path


def recalc(path: Path) -> None:
    book = open_book(str(path), "package")
    workbook.recalc(book)
    book.save(path)


def test_the_standings_show_each_rating_change_and_performance(tmp_path: Path) -> None:
    path = rated_book(tmp_path)
    recalc(path)
    shown = {r["Name"]: (r["Rtg+/-"], r["Rp"]) for r in table(path, "Swiss Standings")}
    assert shown == {"Ann": (1, 2500), "Dan": (-3, 1650), "Bob": (-6, 2100), "Cat": (3, 2210)}


def test_the_rating_report_sheet_has_k_expected_score_and_exact_change(tmp_path: Path) -> None:
    path = rated_book(tmp_path)
    recalc(path)
    report = {r["Name"]: r for r in table(path, "Rating Report")}
    got = {
        name: (r["K"], r["Expected"], r["Change"], r["Rtg+/-"], r["New Rating"])
        for name, r in report.items()
    }
    assert got == {
        "Ann": (10, 0.92, 0.8, 1, 2451),
        "Bob": (40, 0.65, -6, -6, 2204),
        "Cat": (20, 0.35, 3, 3, 2103),
        "Dan": (40, 0.08, -3.2, -3, 1697),
    }
    assert "under 18" in str(report["Bob"]["Note"])
    games = table(path, "Rating Games")
    ann = next(g for g in games if g["Name"] == "Ann")
    assert (ann["Opponent"], ann["Opp. Rating"], ann["Counted As"], ann["Expected"]) == (
        "Dan",
        1700,
        2050,
        0.92,
    )


def test_an_unrated_players_games_do_not_count_for_the_rated(tmp_path: Path) -> None:
    # Dan unrated: Ann's game against him is not rated (8.3.1); Dan's line shows the rating
    # his one game against a rated player would give (8.2.2: Ra = (2450 + 3600) / 3 = 2016.67,
    # p = (0 + 1) / 3 = .33 -> dp -125: 1891.67 -> 1892).
    players = [dict(p) for p in PLAYERS]
    players[3] = {"Name": "Dan"}
    path = rated_book(tmp_path, players)
    recalc(path)
    report = {r["Name"]: r for r in table(path, "Rating Report")}
    assert report["Ann"]["Games"] == 0 and report["Ann"]["Rtg+/-"] is None
    assert report["Dan"]["Games"] == 1
    # A zero score in a first event is disregarded (8.2.1).
    assert "disregarded" in str(report["Dan"]["Note"])


def test_a_k_that_fide_does_not_use_is_an_error_at_its_cell(tmp_path: Path) -> None:
    players = [dict(p) for p in PLAYERS]
    players[0]["K"] = 15
    path = rated_book(tmp_path, players)
    with pytest.raises(RatingbookError, match=r"Swiss Players.*row 2.*\(K\).*40, 20 or 10"):
        workbook.recalc(open_book(str(path)))


def test_the_worksheet_function() -> None:
    # 2100 beats 2000 (D 100: PD .64, +0.36) and draws 2150 (D 50: PD .43, +0.07): K 20 x 0.43.
    assert FIDE_RATING_CHANGE(2100, [2000, 2150], [1, 0.5], 20) == pytest.approx(8.6)
    # FIDE's F-P01 (see tests/fide/test_fide_ratings.py): -2.50, the date choosing the rules.
    assert FIDE_RATING_CHANGE(
        2813, [[1787, 2025, 2310, 2400, 2505]], [[1, 1, 1, 1, "½"]], 10, dt.datetime(2025, 11, 7)
    ) == pytest.approx(-2.5)
    # Without K: 20 below 2400 (2100 v 2100, a win: +0.5 x 20).
    assert FIDE_RATING_CHANGE(2100, 2100, 1) == 10
    with pytest.raises(RatingbookError, match="1 opponents but 2 scores"):
        FIDE_RATING_CHANGE(2100, [2000], [1, 1])
    with pytest.raises(RatingbookError, match="k 15"):
        FIDE_RATING_CHANGE(2100, [2000], [1], 15)


def test_an_unrated_players_first_rating_stands_under_new_rating_and_his_note_wraps(
    tmp_path: Path,
) -> None:
    # User test: the first rating stood at the end of a note run on past the page ("... after
    # 5 games agains" on one page, "t rated players (7.1.4): 1854" on a page of its own), New
    # Rating empty. Dan unrated draws Ann: with the two hypothetical 1800 draws (8.2.2),
    # Ra = (2450 + 1800 + 1800) / 3 = 2016.67 -> 2017, p = 1.5 / 3 = .50 -> dp 0: 2017.
    players = [dict(p) for p in PLAYERS]
    players[3] = {"Name": "Dan"}
    games = [dict(GAMES[0], Result="½-½"), GAMES[1]]
    path = rated_book(tmp_path, players, games)
    recalc(path)
    report = {r["Name"]: r for r in table(path, "Rating Report")}
    assert report["Dan"]["New Rating"] == 2017
    # the note traces it (user test): the two 1800 draws, Ra with them, the score, dp
    assert str(report["Dan"]["Note"]).startswith(
        "unrated: first rating 2017 (8.2): with two draws against 1800, 3 games, average 2017, "
        "1½ of 3 (50 %), dp 0; only 1 game against rated players"
    )
    ws = openpyxl.load_workbook(path)["Rating Report"]
    header = [c.value for c in ws[1]]
    row = next(r for r in ws.iter_rows(min_row=2) if r[header.index("Name")].value == "Dan")
    note = row[header.index("Note")]
    assert note.alignment.wrap_text  # wrapped in its cell, on his line...
    width = ws.column_dimensions[note.column_letter].width
    assert len(str(note.value)) > width  # ... more than one line of it...
    assert ws.row_dimensions[note.row].height >= 2 * 15  # ... and his row that tall
