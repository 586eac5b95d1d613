"""``ratingbook unpair`` on a team event (user test 49: it said "the workbook has no sheet 'Swiss
Players'"): the last round's rows leave ``Team Matches`` and ``Team Boards``, the generated
sheets are rebuilt without it, and undo gives the round back, as for an individual event. A
round with results typed waits for ``--confirm``, naming each result it deletes.

The template's camp cup (:mod:`ratingbook.templates.team_design`): round 1 played (Queens -
Knights, Rooks - Bishops, Pawns the bye), its three matches on rows 2-4 of ``Team Matches``
and its four boards on rows 2-5 of ``Team Boards``; ``pair`` appends round 2 under them.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from click.testing import CliRunner
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import sheet_values

from ratingbook.cli import cli

#: Round 1 of the template, as typed (Team Matches, then Team Boards).
ROUND_1_MATCHES = [
    ["Round", "Match", "White Team", "Black Team"],
    [1, 1, "Queens", "Knights"],
    [1, 2, "Rooks", "Bishops"],
    [1, 3, "Pawns", "BYE"],
]
ROUND_1_BOARDS = [
    ["Round", "Match", "Board", "White", "Black", "Result"],
    [1, 1, 1, "Jade Kim", "Ada Berg", "1-0"],
    [1, 1, 2, "Ben Cole", "Kai Lund", "½-½"],
    [1, 2, 1, "Gus Hart", "Dan Eide", "0-1"],
    [1, 2, 2, "Eva Falk", "Hana Ito", "0-1"],
]


def _cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.xlsx"
    path.write_bytes((ROOT / "workbook_templates" / "team.xlsx").read_bytes())
    return path


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def _filled(path: Path, sheet: str) -> list[list[object]]:
    return [list(r) for r in sheet_values(path, sheet) if any(v is not None for v in r)]


def test_unpair_takes_back_a_team_round_and_undo_gives_it_back(tmp_path: Path) -> None:
    cup = _cup(tmp_path)
    assert _run("pair", str(cup), "--in-place")[0] == 0
    paired = (_filled(cup, "Team Matches"), _filled(cup, "Team Boards"))
    assert len(paired[0]) == 4 + 3  # round 2: five teams, two matches and a bye (+ header)
    code, output = _run("unpair", str(cup), "--in-place")
    assert code == 0, output
    assert "unpaired round 2: 3 matches" in output
    assert "undo with: ratingbook undo" in output and "(before Unpairing round 2)" in output
    assert _filled(cup, "Team Matches") == ROUND_1_MATCHES
    assert _filled(cup, "Team Boards") == ROUND_1_BOARDS
    # The captains' sheet shows round 1 again, its three matches.
    pairings = sheet_values(cup, "Team Pairings")
    assert [r[2] for r in pairings[1:] if r[0] is not None] == ["Queens", "Rooks", "Pawns"]
    code, output = _run("undo", str(cup))
    assert code == 0, output
    assert (_filled(cup, "Team Matches"), _filled(cup, "Team Boards")) == paired


def test_a_team_round_with_results_waits_for_confirm(tmp_path: Path) -> None:
    """Round 2 with one board typed: unpairing deletes that result, so it is named and waits
    for --confirm (nothing written before); confirmed, it goes with the round, and undo
    gives it back."""
    cup = _cup(tmp_path)
    assert _run("pair", str(cup), "--in-place")[0] == 0
    book = openpyxl.load_workbook(cup)
    boards = book["Team Boards"]
    boards.cell(row=6, column=6).value = "1-0"  # round 2, match 1, board 1
    book.save(cup)
    typed = _filled(cup, "Team Boards")
    code, output = _run("unpair", str(cup), "--in-place")
    assert code == 2
    assert (
        "nothing was changed: level 3: Unpair round 2: round 2's pairing taken back: its "
        "result typed is deleted from Team Boards with its rows: match 1 board 1 '1-0' (an undo "
        "of the unpairing gives them back) -- to go on, run again with --confirm"
    ) in output
    assert _filled(cup, "Team Boards") == typed
    code, output = _run("unpair", str(cup), "--in-place", "--confirm")
    assert code == 0, output
    assert "unpaired round 2: 3 matches, 1 result typed deleted (undo gives them back)" in output
    assert _filled(cup, "Team Boards") == ROUND_1_BOARDS
    assert _run("undo", str(cup))[0] == 0
    assert _filled(cup, "Team Boards") == typed


def test_unpairing_round_1_clears_the_main_score_lock_and_the_pairings(tmp_path: Path) -> None:
    """Round 1 unpaired: no round is paired, so the main score may change again (the lock
    round 1's pairing wrote is emptied) and the captains' sheet holds no match."""
    cup = _cup(tmp_path)
    book = openpyxl.load_workbook(cup)
    settings = book["Team Settings"]
    lock = next(r for r in settings.iter_rows(min_row=2) if r[0].value == "Main Score at Round 1")
    lock[1].value = "Match Points"  # as round 1's pairing writes it
    book.save(cup)
    code, output = _run("unpair", str(cup), "--in-place", "--confirm")
    assert code == 0, output
    assert "unpaired round 1: 3 matches, 4 results typed deleted" in output
    assert _filled(cup, "Team Matches") == [ROUND_1_MATCHES[0]]
    rows = sheet_values(cup, "Team Settings")
    assert [r[1] for r in rows if r[0] == "Main Score at Round 1"] == [None]
    assert _filled(cup, "Team Pairings") == [["Match", "Board", "White", "Black", "Result"]]
    code, output = _run("unpair", str(cup), "--in-place")
    assert code == 2 and "no round is paired: there is nothing to unpair" in output
