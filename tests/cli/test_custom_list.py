"""``ratingbook players custom-list``: a rating list of the organiser's own (a federation's or a
club's, not FIDE's) filling ``National Rating`` or ``Manual Rating`` (issue #37; checklist
question 117 as Sharly-Chess quotes it, #2314: "support custom (user-imported) rating lists").
The expected cells are what the lists written here say; the start order under ``Rating
Method`` ``National`` is worked out by hand from them (C.04.2: the highest rating first)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_players_update import book, sheet
from tests.helpers.cli import digest, run

PLAYERS = [
    {"Name": "Ann Berg", "FIDE ID": 703303, "Rating": 2100},
    {"Name": "Bo Lind", "FIDE ID": 48701955, "Rating": 2000},
    {"Name": "Cy Moss", "National ID": "IRL-77", "Rating": 1900},
    {"Name": "Di Nash", "FIDE ID": 4804929, "Rating": 1800},
]


def write(tmp_path: Path, text: str, name: str = "federation.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("cp1252"))  # a federation's export, in the legacy encoding
    return path


def test_a_list_keyed_by_fide_id_fills_national_rating(tmp_path: Path) -> None:
    path = book(tmp_path, PLAYERS)
    listed = write(
        tmp_path, "FIDE ID,Name,Rating\n703303,Berg,1950\n4804929,Nash,2150\n48701955,Lind,\n"
    )
    done = run("players", "custom-list", path, listed, "--in-place")
    assert done.returncode == 0, done.stderr
    got = {r["Name"]: r.get("National Rating") for r in sheet(path)}
    assert got == {"Ann Berg": 1950, "Bo Lind": None, "Cy Moss": None, "Di Nash": 2150}
    out = done.stdout
    assert (
        "Swiss Players row 2 (Ann Berg, FIDE ID 703303): National Rating empty -> 1950 "
        "(federation.csv line 2)" in out
    )
    assert "2 changed, 0 not found" in out  # Bo Lind is on it, unrated: nothing to change


def test_a_list_keyed_by_name_with_semicolons_fills_manual_rating(tmp_path: Path) -> None:
    path = book(tmp_path, PLAYERS)
    listed = write(tmp_path, "Name;Elo\ncy moss;1777\nZoë Úna;1600\n", "club.csv")
    done = run("players", "custom-list", path, listed, "--into", "manual", "--in-place")
    assert done.returncode == 0, done.stderr
    got = {r["Name"]: r.get("Manual Rating") for r in sheet(path)}
    assert got == {"Ann Berg": None, "Bo Lind": None, "Cy Moss": 1777, "Di Nash": None}
    assert "Swiss Players row 2 (Ann Berg): not on club.csv" in done.stdout


def test_the_national_rating_method_orders_the_field_by_the_list(tmp_path: Path) -> None:
    """By hand: national ratings Bo 2400, Di 2300, Ann 1500 and none for Cy (not on the list:
    unrated), so Bo is No. 1, Di 2, Ann 3, Cy 4 (C.04.2: the highest rating first), whatever
    their FIDE ratings (Ann 2100 would be first)."""
    path = book(tmp_path, PLAYERS, (("Rating Method", "National", None),))
    listed = write(tmp_path, "FIDE ID,Rating\n703303,1500\n48701955,2400\n4804929,2300\n")
    assert run("players", "custom-list", path, listed, "--in-place").returncode == 0
    done = run("pair", path, "--in-place")
    assert done.returncode == 0, done.stderr
    numbers = {r["Name"]: r["No."] for r in sheet(path)}
    assert numbers == {"Bo Lind": 1, "Di Nash": 2, "Ann Berg": 3, "Cy Moss": 4}


def test_a_rating_that_is_not_a_number_names_line_and_column_and_writes_nothing(
    tmp_path: Path,
) -> None:
    path = book(tmp_path, PLAYERS)
    before = digest(path)
    listed = write(tmp_path, "FIDE ID,Rating\n703303,19x0\n4804929,2150\n4804929,2160\n")
    done = run("players", "custom-list", path, listed, "--in-place")
    assert done.returncode != 0
    said = done.stderr
    assert "column B (Rating), line 2: federation.csv: '19x0' is not a rating" in said
    assert (
        "column A (FIDE ID), line 4: federation.csv: FIDE ID 4804929 is listed twice with "
        "different ratings (also line 3)" in said
    )
    assert digest(path) == before


def test_a_header_without_a_rating_is_refused(tmp_path: Path) -> None:
    path = book(tmp_path, PLAYERS)
    done = run("players", "custom-list", path, write(tmp_path, "FIDE ID,Name\n1,A\n"), "--dry-run")
    assert done.returncode != 0
    assert (
        "expected a header naming the players (FIDE ID, National ID or Name) and their Rating"
        in (done.stderr)
    )


def test_a_list_keyed_by_national_id_as_id_fills_the_player_who_has_one(tmp_path: Path) -> None:
    path = book(tmp_path, PLAYERS)
    listed = write(tmp_path, "ID\tRating\nIRL-77\t1850\nIRL-78\t1700\n", "irl.tsv")
    done = run("players", "custom-list", path, listed, "--in-place")
    assert done.returncode == 0, done.stderr
    got = {r["Name"]: r.get("National Rating") for r in sheet(path)}
    assert got == {"Ann Berg": None, "Bo Lind": None, "Cy Moss": 1850, "Di Nash": None}
    assert "players: 1 with a National ID, 1 found on irl.tsv (2 players), 1 changed" in done.stdout
