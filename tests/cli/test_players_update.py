"""``ratingbook players update``: Swiss Players filled from FIDE's rating list by FIDE ID, the
changes shown before anything is written. The list is tests/data/rating_lists/standard_jan23.txt
(see tests/fide/test_rating_list.py); the expected cells are what its lines say."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.helpers.built_books import template_book
from tests.helpers.cli import digest, run
from tests.helpers.workbooks import sheet_values

LIST = Path(__file__).resolve().parents[1] / "data" / "rating_lists" / "standard_jan23.txt"
PLAYERS = [
    {"Name": "Peter Leko", "FIDE ID": 703303, "Rating": 2700},
    {"Name": "Aadya Gowda", "FIDE ID": 48701955, "Birth": "2013/04/02"},
    {"Name": "Sali", "FIDE ID": 4804929, "Rating": 1876, "Title": "WFM", "Federation": "IRQ",
     "Sex": "w", "Birth": 2001, "K": 20},
    {"Name": "Nobody", "FIDE ID": 99999999},
    {"Name": "No ID", "Rating": 1500},
]  # fmt: skip


def book(
    tmp_path: Path,
    players: list[dict[str, object]] = PLAYERS,
    settings: tuple[tuple[str, object, None], ...] = (),
) -> Path:
    path = tmp_path / "event.xlsx"
    rows = {
        "Swiss Settings": [("Rounds", 5, None), *settings],
        "Swiss Players": players,
        "Swiss Games": [],
    }
    return template_book(path, "swiss", rows, recalc=False)


def sheet(path: Path) -> list[dict[str, object]]:
    rows = [list(r) for r in sheet_values(path, "Swiss Players")]
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if any(v is not None for v in r)]


def test_the_players_are_filled_as_the_list_says(tmp_path: Path) -> None:
    path = book(tmp_path)
    done = run("players", "update", path, "--rating-list", LIST, "--in-place")
    assert done.returncode == 0, done.stderr
    got = {r["Name"]: tuple(r[c] for c in ("Rating", "Title", "Federation", "Birth", "Sex", "K"))
           for r in sheet(path)}  # fmt: skip
    assert got == {
        "Peter Leko": (2738, "GM", "HUN", 1979, "M", 10),  # Sex as the template spells it
        "Aadya Gowda": (1807, "WCM", "IND", "2013/04/02", "F", 40),  # her full date is kept
        "Sali": (1876, "WFM", "IRQ", 2001, "w", 20),  # as the list says already: unchanged
        "Nobody": (None, None, None, None, None, None),
        "No ID": (1500, None, None, None, None, None),
    }
    out = done.stdout
    assert (
        "Swiss Players row 2 (Peter Leko, FIDE ID 703303): Rating 2700 -> 2738, Title empty -> GM"
        in out
    )
    assert "Swiss Players row 5 (Nobody, FIDE ID 99999999): not on the list" in out
    assert "Sali" not in out
    assert "2 changed, 1 not found" in out


def test_a_dry_run_shows_the_changes_and_writes_nothing(tmp_path: Path) -> None:
    path = book(tmp_path)
    before = digest(path)
    done = run("players", "update", path, "--rating-list", LIST, "--dry-run", "--in-place")
    assert done.returncode == 0, done.stderr
    assert "Rating 2700 -> 2738" in done.stdout and "nothing written" in done.stdout
    assert digest(path) == before


def test_a_book_without_a_k_column_gets_one(tmp_path: Path) -> None:
    path = tmp_path / "plain.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Swiss Players"
    ws.append(["Name", "FIDE ID", "Rating"])
    ws.append(["Peter Leko", 703303, 2600])
    wb.create_sheet("Swiss Games").append(["Round", "White", "Black", "Result"])
    wb.save(path)
    done = run("players", "update", path, "--rating-list", LIST, "-o", tmp_path / "out.xlsx")
    assert done.returncode == 0, done.stderr
    assert "new column D (Title)" in done.stdout
    # One player changed; the five new columns are said, not counted as players changed.
    assert "1 changed, 0 not found" in done.stdout
    assert sheet(tmp_path / "out.xlsx") == [
        {"Name": "Peter Leko", "FIDE ID": 703303, "Rating": 2738, "Title": "GM",
         "Federation": "HUN", "Birth": 1979, "Sex": "M", "K": 10},
    ]  # fmt: skip


def test_an_id_that_is_not_a_number_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    players = [dict(p) for p in PLAYERS]
    players[1]["FIDE ID"] = "48701955x"
    players[3]["K"] = 25
    path = book(tmp_path, players)
    before = digest(path)
    done = run("players", "update", path, "--rating-list", LIST, "--in-place")
    assert done.returncode == 2
    assert "sheet 'Swiss Players', row 3, column D (FIDE ID)" in done.stderr
    assert (
        "sheet 'Swiss Players', row 5, column K (K): K 25 is not one of FIDE's values"
        in done.stderr
    )
    assert digest(path) == before


def test_a_file_that_is_no_rating_list_writes_nothing(tmp_path: Path) -> None:
    path = book(tmp_path)
    before = digest(path)
    other = tmp_path / "list.csv"
    other.write_text("Name,Rating\n", encoding="utf-8")
    done = run("players", "update", path, "--rating-list", other, "--in-place")
    assert done.returncode == 2
    assert "line 1: not one of FIDE's rating lists" in done.stderr
    assert digest(path) == before


COMBINED = LIST.parent / "players_list_foa.txt"


def test_a_rapid_event_takes_the_standard_rating_of_a_player_unrated_in_rapid(
    tmp_path: Path,
) -> None:
    """B.02 7.2.1 (the effective rating): A-ALI's combined-list line has SRtng 1876 and no
    RRtng, so a rapid event rates her 1876; Leko has RRtng 2700, his own."""
    players = [{"Name": "Sali", "FIDE ID": 4804929}, {"Name": "Leko", "FIDE ID": 703303}]
    path = book(tmp_path, players, (("FIDE Rated", "Rapid", None),))
    done = run("players", "update", path, "--rating-list", COMBINED, "--in-place")
    assert done.returncode == 0, done.stderr
    assert {r["Name"]: r["Rating"] for r in sheet(path)} == {"Sali": 1876, "Leko": 2700}
    assert "Rating empty -> 1876 (standard: unrated on the rapid list, B.02 7.2.1)" in done.stdout
    assert "Rating empty -> 2700," in done.stdout


def test_a_list_of_another_month_than_the_start_is_named(tmp_path: Path) -> None:
    """The list valid at the start of an event starting on 2023-03-04 is FIDE's MAR23 list;
    standard_jan23.txt is JAN23's (its header labels the rating JAN23)."""
    players = [{"Name": "Peter Leko", "FIDE ID": 703303}]
    late = book(tmp_path, players, (("Start Date", "2023-03-04", None),))
    done = run("players", "update", late, "--rating-list", LIST, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert (
        "the list is FIDE's JAN23 list; the event starts on 2023-03-04, when the MAR23 list is "
        "valid: update from that one" in done.stdout
    )
    (tmp_path / "on_time").mkdir()
    on_time = book(tmp_path / "on_time", players, (("Start Date", "2023-01-14", None),))
    done = run("players", "update", on_time, "--rating-list", LIST, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "list is valid" not in done.stdout and "JAN23 list" not in done.stdout


def test_a_player_unrated_on_the_events_list_is_shown_the_next_lists_of_its_sequence(
    tmp_path: Path,
) -> None:
    """Checklist Q123 (the default sequence, standard -> rapid, blitz) and Q126/Q128-129 (the
    arbiter names the lists; the ratings found are shown to pick from). A-ALI's combined-list
    line with its SRtng taken away: no standard and no rapid rating, blitz 1850."""
    lines = COMBINED.read_text("latin-1").splitlines()
    header, ali = lines[0], next(line for line in lines if line.startswith("4804929"))
    start = header.index("SRtng")
    unrated = ali[:start] + " " * 5 + ali[start + 5 :]
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(f"{header}\n{unrated}\n", "latin-1")
    path = book(tmp_path, [{"Name": "Sali", "FIDE ID": 4804929}])
    done = run("players", "update", path, "--rating-list", listing, "--dry-run")
    assert done.returncode == 0, done.stderr
    assert (
        "Swiss Players row 2 (Sali, FIDE ID 4804929): unrated on the standard list; the next "
        "lists give blitz 1850: type the one to use in Manual Rating" in done.stdout
    )
    none = run("players", "update", path, "--rating-list", listing, "--dry-run", "--sequence",
               "none")  # fmt: skip
    assert none.returncode == 0, none.stderr
    assert "next lists" not in none.stdout
    wrong = run("players", "update", path, "--rating-list", listing, "--sequence", "bullet")
    assert wrong.returncode == 2 and "bullet: expected standard, rapid, blitz or none" in (
        wrong.stderr + wrong.stdout
    )
