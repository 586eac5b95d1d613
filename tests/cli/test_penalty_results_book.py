"""A penalty's score typed into a book's ``Swiss Games`` (issue #37: ½-0, 0-½ and 0-0, the
Laws of Chess art. 12.9): read, scored in the standings, written to TRF as each player's own
letter, and the next round paired; on a bye row, an error naming the cell. The points are
added up by hand in the test from the rules (the side not penalised keeps a draw's ½)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from tests.cli.test_fide_mode_commands import edit, grid, new_book, ok, refused
from tests.helpers.fide_event import type_results

PENALTIES = {1: "½-0", 2: "0 - 1/2", 3: "0-0"}  # boards 1-3; White wins on boards 4 and 5
#: Each typed result: White's and Black's points (art. 12.9, by hand).
POINTS = {"½-0": (Fraction(1, 2), 0), "0 - 1/2": (0, Fraction(1, 2)), "0-0": (0, 0), "1-0": (1, 0)}


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def test_penalties_typed_are_scored_written_to_trf_and_paired_after(tmp_path: Path) -> None:
    book = new_book(tmp_path)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 1, lambda b: PENALTIES.get(b, "1-0")))
    ok("recalc", book, "--in-place")
    games = grid(book, "Swiss Games")
    at = {c: games[0].index(c) for c in ("Board", "White", "Black", "Result")}
    expected: dict[str, Fraction] = {}
    letters: dict[str, str] = {}
    for row in games[1:]:
        white, black, result = row[at["White"]], row[at["Black"]], str(row[at["Result"]])
        w, b = POINTS[result]
        expected[white], expected[black] = Fraction(w), Fraction(b)
        # TRF: each player's own score, ½ "=", 1 "1", nothing "0"
        letters[white], letters[black] = (
            {Fraction(1, 2): "=", 1: "1", 0: "0"}[Fraction(x)] for x in (w, b)
        )
    standings = grid(book, "Swiss Standings")
    head = next(i for i, r in enumerate(standings) if r and "Name" in r)
    name, points = standings[head].index("Name"), standings[head].index("Points")
    shown = {r[name]: Fraction(str(r[points])) for r in standings[head + 1 :] if r and r[name]}
    assert shown == expected

    ok("pair", book, "--in-place")  # round 2, on the points the penalties left
    trf = tmp_path / "event.trf"
    ok("trf", "export", book, "-o", trf)
    for line in trf.read_text(encoding="utf-8").splitlines():
        if line[:3] == "001":
            assert line[98] == letters[line[14:47].strip()], line


def test_a_penalty_on_a_bye_row_names_the_cell(tmp_path: Path) -> None:
    book = new_book(tmp_path)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: [*g, [1, None, "Anna", "BYE", "½-0"]])
    said = refused("recalc", book, "--in-place")
    assert "sheet 'Swiss Games'" in said and "'½-0' is not a bye" in said
