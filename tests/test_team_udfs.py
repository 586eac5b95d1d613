"""The team worksheet functions (TEAM_STANDINGS, TEAM_EXPLAIN) against the team template and a
hand-checked match.

The template's expected values are the cells its ``Team Standings`` and ``Team Notes`` sheets
hold, written by the recalc that built ``workbook_templates/team.xlsx``; the functions get the
template's own input sheets as Excel hands ranges over (rows of cells, blank rows included).
"""

from __future__ import annotations

from typing import Any

import openpyxl
import pytest
from tests.helpers.paths import TEMPLATES

from ratingbook.errors import RatingbookError
from ratingbook.udfs import TEAM_EXPLAIN, TEAM_STANDINGS

Grid = list[list[Any]]


def _template_sheets() -> dict[str, Grid]:
    book = openpyxl.load_workbook(TEMPLATES / "team.xlsx", data_only=True, read_only=True)
    try:
        return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in book}
    finally:
        book.close()


SHEETS = _template_sheets()
INPUTS = [SHEETS[name] for name in ("Teams", "Team Matches", "Team Boards", "Team Settings")]


def _filled(grid: Grid) -> Grid:
    """The rows of a sheet that hold something (a generated sheet's table, without its
    formatted empty rows)."""
    return [row for row in grid if any(cell is not None for cell in row)]


def test_team_standings_spills_the_templates_team_standings_sheet() -> None:
    """Cell for cell what the template's recalc wrote into Team Standings: Queens 2 MP first,
    three teams sharing rank 2 on every tie-break, Knights last."""
    expected = _filled(SHEETS["Team Standings"])
    assert expected[0][:3] == ["Rank", "No.", "Team"] and len(expected) == 6  # 5 teams
    assert TEAM_STANDINGS(*INPUTS) == expected


def test_team_explain_gives_the_templates_team_notes_about_the_team() -> None:
    """The Team Notes rows that name the team: its two neighbours in the table, its match."""
    notes = _filled(SHEETS["Team Notes"])
    about_rooks = [row for row in notes[1:] if "Rooks" in row[1]]
    assert len(about_rooks) == 3  # Bishops-Rooks, Rooks-Pawns, match 2 of round 1
    assert TEAM_EXPLAIN(*INPUTS[:3], "Rooks", INPUTS[3]) == [["About", "Note"], *about_rooks]
    about_pawns = [row for row in notes[1:] if "Pawns" in row[1]]
    assert TEAM_EXPLAIN(*INPUTS[:3], "Pawns", INPUTS[3]) == [["About", "Note"], *about_pawns]


# A hand-checked match, with numbers as Excel passes them (floats).
TEAMS: Grid = [
    ["Team", "Board", "Player", "Rating"],
    ["Oaks", 1.0, "Ann", 1900.0],
    ["Oaks", 2.0, "Bo", 1700.0],
    ["Elms", 1.0, "Cy", 1800.0],
    ["Elms", 2.0, "Di", 1600.0],
    ["Elms", 3.0, "Ed", 1500.0],  # a reserve: the rating is of the top 2 boards
]
MATCHES: Grid = [["Round", "Match", "White Team", "Black Team"], [1.0, 1.0, "Oaks", "Elms"]]
BOARDS: Grid = [
    ["Round", "Match", "Board", "White", "Black", "Result"],
    [1.0, 1.0, 1.0, "Ann", "Cy", "1-0"],
    [1.0, 1.0, 2.0, "Di", "Bo", "½-½"],
    [None, None, None, None, None, None],  # an empty row of the range is skipped
]
SETTINGS: Grid = [["Setting", "Value"], ["Boards", 2.0], ["Rounds", 1.0], ["Tie-breaks", "MPVGP"]]


def test_team_standings_of_one_match_by_hand() -> None:
    """Oaks win 1½-½: 2 match points (a won match) to 0; ratings the averages of the two top
    boards, (1900 + 1700) / 2 = 1800 and (1800 + 1600) / 2 = 1700, so Oaks are no. 1; MPVGP is
    the game points of the one (won) match."""
    assert TEAM_STANDINGS(TEAMS, MATCHES, BOARDS, SETTINGS) == [
        ["Rank", "No.", "Team", "Rating", "MP", "GP", "MPVGP"],
        [1, 1, "Oaks", 1800, 2, 1.5, 1.5],
        [2, 2, "Elms", 1700, 0, 0.5, 0.5],
    ]


def test_team_explain_of_one_match_by_hand() -> None:
    rows = TEAM_EXPLAIN(TEAMS, MATCHES, BOARDS, "Elms", SETTINGS)
    assert rows[:2] == [
        ["About", "Note"],
        ["Standings", "Oaks (1) ranks above Elms (2): Oaks has 2 match points, Elms 0."],
    ]
    assert len(rows) == 3 and rows[2][0] == "Round 1"
    assert rows[2][1].startswith("Match 1: Oaks (no. 1) - Elms (no. 2): both had 0 match points")


def test_a_team_in_two_matches_of_a_round_is_named_by_its_row_in_the_matches_range() -> None:
    matches = [*INPUTS[1], [1, 4, "Queens", "Knights"]]
    row = len(matches)
    with pytest.raises(RatingbookError) as caught:
        TEAM_STANDINGS(INPUTS[0], matches, INPUTS[2], INPUTS[3])
    message = str(caught.value)
    assert f"matches row {row}, column C (White Team): team 'Queens' already plays in round 1" in (
        message
    )
    assert "sheet" not in message


def test_a_board_player_off_the_roster_is_named_by_its_row_in_the_boards_range() -> None:
    boards = [list(line) for line in BOARDS]
    boards[2][3] = "Zoe"
    with pytest.raises(
        RatingbookError,
        match=r"^boards row 3, column D \(White\): 'Zoe' is not on the roster of 'Elms'",
    ):
        TEAM_STANDINGS(TEAMS, MATCHES, boards, SETTINGS)


def test_a_range_without_its_header_row_is_named() -> None:
    with pytest.raises(RatingbookError, match=r"^teams: missing columns 'Team', 'Board'"):
        TEAM_STANDINGS(TEAMS[1:], MATCHES, BOARDS, SETTINGS)


def test_team_explain_of_a_team_not_in_the_teams_range() -> None:
    with pytest.raises(RatingbookError, match="team 'Pines' is not in the teams range"):
        TEAM_EXPLAIN(TEAMS, MATCHES, BOARDS, "Pines", SETTINGS)
