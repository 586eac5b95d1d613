"""Every team setting that decides a result travels in a team TRF, and ``Teams`` keeps the
order typed (a user test, issue 49: ``Rating Boards`` and ``FIDE Rated`` came back at their
defaults, so the imported book's team ratings, pairing numbers and rating report could differ
from the first's; a round robin's main score and colour model were lost too; ``Teams`` came
back in pairing-number order).

The books are typed here as an arbiter types them, every setting away from its default.

The team Swiss, 4 boards, ``Rating Boards`` 2: a team's rating is the average of its top two
boards (rounded half up, C.04.6 art. 1.1.1 leaves the rating to the competition's rules).
Typed in this order:

=========  ==========================  ======================  ==============================
team       boards 1-4                  top two: rating, TPN    all four (the default): rating
=========  ==========================  ======================  ==============================
Knights    1950 1940 1900 1890         (1950+1940)/2 = 1945, 3  7680/4 = 1920
Pawns      1900 1880 1870 1860         (1900+1880)/2 = 1890, 4  7510/4 = 1877.5
Rooks      2000 1990 1500 1500         (2000+1990)/2 = 1995, 1  6990/4 = 1747.5
Bishops    2100 1800 1700 1650         (2100+1800)/2 = 1950, 2  7250/4 = 1812.5
=========  ==========================  ======================  ==============================

So the pairing numbers are Rooks 1, Bishops 2, Knights 3, Pawns 4 (by the four boards they
would be Knights 1, Pawns 2, Bishops 3, Rooks 4), the file numbers the players team by team in
that order (Rooks 1-4, Bishops 5-8, Knights 9-12, Pawns 13-16), and the ``Teams`` sheet's
order is the pairing numbers 3 4 1 2. Round 1 (C.04.6: the top half against the bottom half)
is Rooks - Knights and Bishops - Pawns.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from ratingbook.cli import cli
from ratingbook.events.team import Team, TeamEvent, TeamPlayer, TeamSettings
from ratingbook.templates.writer import build_template, sample_rows
from ratingbook.trf.team_records import export_team_trf, read_team_trf

RATINGS = {
    "Knights": (1950, 1940, 1900, 1890),
    "Pawns": (1900, 1880, 1870, 1860),
    "Rooks": (2000, 1990, 1500, 1500),
    "Bishops": (2100, 1800, 1700, 1650),
}
TEAMS = [
    (team, board, f"{team[:-1]} {board}", rating, None)
    for team, ratings in RATINGS.items()
    for board, rating in enumerate(ratings, start=1)
]
MATCHES = [(1, 1, "Rooks", "Knights"), (1, 2, "Bishops", "Pawns")]
#: Round, Match, Board, White, Black, Result: White on the odd boards to the match's first team.
BOARDS = [
    (1, 1, 1, "Rook 1", "Knight 1", "1-0"),
    (1, 1, 2, "Knight 2", "Rook 2", "½-½"),
    (1, 1, 3, "Rook 3", "Knight 3", "0-1"),
    (1, 1, 4, "Knight 4", "Rook 4", "0-1"),
    (1, 2, 1, "Bishop 1", "Pawn 1", "½-½"),
    (1, 2, 2, "Pawn 2", "Bishop 2", "1-0"),
    (1, 2, 3, "Bishop 3", "Pawn 3", "1-0"),
    (1, 2, 4, "Pawn 4", "Bishop 4", "½-½"),
]
#: Every setting away from its default, in the order the import writes them.
SWISS = [
    ("Event", "Bishop's Gambit Cup"),
    ("System", "Team Swiss"),
    ("Rounds", 5),
    ("Boards", 4),
    ("Main Score", "Game Points"),
    ("Match Win", 3),
    ("Match Draw", 1),
    ("Match Loss", 0),
    ("Colour Preferences", "Type B"),
    ("Tie-breaks", "EGGSB/C1 BC TBR"),
    ("Rating Boards", 2),
    ("FIDE Rated", "yes"),
    ("Start Date", _dt.datetime(2026, 4, 11)),
    ("Board Prize Order", "Percentage"),
    ("Board Prize Games", 4),
    ("Main Score at Round 1", "Game Points"),
]
#: A round robin's: record 192 (``FIDE_TEAM_ROUNDROBIN``) says neither main score nor colours.
ROUND_ROBIN = [
    ("Event", "Berger League"),
    ("System", "Round Robin"),
    ("Rounds", 3),
    ("Boards", 4),
    ("Main Score", "Game Points"),
    ("Match Win", 3),
    ("Match Draw", 1),
    ("Match Loss", 0),
    ("Colour Preferences", "None"),
    ("Tie-breaks", "MPVGP BH"),
    ("Rating Boards", 2),
    ("FIDE Rated", "yes"),
    ("Start Date", _dt.datetime(2026, 9, 5)),
    ("Board Prize Order", "Performance"),
    ("Board Prize Games", 2),
]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _typed_book(path: Path, settings: list[tuple[str, object]], *, played: bool) -> None:
    meanings = {row[0]: row[2] for row in sample_rows("team")["Team Settings"]}
    rows = {
        "Team Settings": [(name, value, meanings.get(name)) for name, value in settings],
        "Teams": TEAMS,
        "Team Matches": MATCHES if played else [],
        "Team Boards": BOARDS if played else [],
    }
    build_template("team", rows=rows, recalc=False).save(path)


def _grid(path: Path) -> dict[str, list[tuple[object, ...]]]:
    book = openpyxl.load_workbook(path)
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _round_trip(tmp_path: Path, settings: list[tuple[str, object]], *, played: bool) -> list[str]:
    """The book typed, recalculated, exported, imported and exported again: the imported book
    is the first cell for cell (``Team Settings`` and ``Teams`` among its sheets), the second
    file the first byte for byte. The first file's lines."""
    book, first, back, second = (
        tmp_path / "cup.xlsx",
        tmp_path / "cup.trf",
        tmp_path / "back.xlsx",
        tmp_path / "again.trf",
    )
    _typed_book(book, settings, played=played)
    _run("recalc", str(book), "--in-place")
    _run("trf", "export", str(book), "-o", str(first))
    imported = _run("trf", "import", str(first), "-o", str(back))
    assert "warning" not in imported  # nothing read otherwise than the file says
    typed, again = _grid(book), _grid(back)
    assert again["Team Settings"] == typed["Team Settings"]
    assert [row[:5] for row in again["Teams"]] == [row[:5] for row in typed["Teams"]]
    # The undo store keeps the input cells as each back end read them (the Start Date cell
    # read back from the file is a date and time, the new book's a date: undo counts a date
    # and its midnight alike), so it is no part of the event compared here.
    typed.pop("Event History"), again.pop("Event History")
    assert again == typed
    _run("trf", "export", str(back), "-o", str(second))
    assert second.read_bytes() == first.read_bytes()
    return first.read_text(encoding="utf-8").splitlines()


def test_a_team_swiss_keeps_every_setting_and_the_order_typed(tmp_path: Path) -> None:
    lines = _round_trip(tmp_path, SWISS, played=True)
    assert "192 FIDE_TEAM_TYPEB_GP_MP" in lines  # the colour model and main score: no line
    assert "212 GPTS EGGSB/C1 BC TBR" in lines
    assert [line for line in lines if line.startswith("###")] == [
        "### Rating Boards: 2",
        "### FIDE Rated: Yes",
        "### Board Prize Order: Percentage",
        "### Board Prize Games: 4",
        "### Main Score at Round 1: Game Points",
        "### Teams Sheet Order: 3 4 1 2",
    ]
    # The pairing numbers of the top two boards' averages, and the players numbered by them.
    teams = [line[:40].rstrip() for line in lines if line.startswith("310")]
    assert teams == ["310   1 Rooks", "310   2 Bishops", "310   3 Knights", "310   4 Pawns"]
    assert next(line for line in lines if line.startswith("001    5"))[14:47].rstrip() == (
        "Bishop 1"
    )


def test_a_round_robin_keeps_its_main_score_and_colour_model(tmp_path: Path) -> None:
    lines = _round_trip(tmp_path, ROUND_ROBIN, played=False)
    assert "192 FIDE_TEAM_ROUNDROBIN" in lines
    assert "212 GPTS MPVGP BH" in lines  # the main score, read back from here
    assert [line for line in lines if line.startswith("###")] == [
        "### Colour Preferences: None",
        "### Rating Boards: 2",
        "### FIDE Rated: Yes",
        "### Board Prize Games: 2",  # Performance is the default: no line
        "### Teams Sheet Order: 3 4 1 2",
    ]


def _event() -> TeamEvent:
    teams = tuple(
        Team(name, tuple(TeamPlayer(p, name, b, r) for name_, b, p, r, _ in TEAMS if name_ == name))
        for name in RATINGS
    )
    settings = TeamSettings(
        system="Double Round Robin", colours="Type B", rating_boards=2, fide_rated=True
    )
    return TeamEvent(teams, settings, (), ())


def test_a_line_that_does_not_read_is_a_warning_naming_line_and_column() -> None:
    """Each bad value is named at its line and the column it starts in: after ``### ``, the
    name and ``: ``, column 25 for ``Colour Preferences`` (4 + 18 + 2 characters before it),
    20 for ``Rating Boards`` (4 + 13 + 2), 17 for ``FIDE Rated`` (4 + 10 + 2), and for the
    second 3 of ``### Teams Sheet Order: 3 4 1 3`` 4 + 17 + 2 + 6 + 1 = 30. The setting keeps
    its default, the teams the file's pairing-number order."""
    text = export_team_trf(_event())
    lines = text.splitlines()
    assert lines[lines.index("### Colour Preferences: Type B") :][:4] == [
        "### Colour Preferences: Type B",
        "### Rating Boards: 2",
        "### FIDE Rated: Yes",
        "### Teams Sheet Order: 3 4 1 2",
    ]
    at = lines.index("### Colour Preferences: Type B") + 1  # the first line is line 1
    bad = text.replace(": Type B", ": Type C").replace(": 2\n", ": 0\n")
    bad = bad.replace("Rated: Yes", "Rated: Maybe").replace("3 4 1 2", "3 4 1 3")
    event, noted = read_team_trf(bad)
    assert noted == [
        f"line {at + 3}, column 30: team 3 is listed twice: the Teams sheet lists the teams in "
        "pairing-number order",
        f"line {at}, column 25: Colour Preferences 'Type C' is not Type A, Type B or None: "
        "Colour Preferences left empty in Team Settings",
        f"line {at + 1}, column 20: Rating Boards '0' must be a number of boards, 1 or more: "
        "Rating Boards left empty in Team Settings",
        f"line {at + 2}, column 17: FIDE Rated 'Maybe' is not yes or no (use TRUE/FALSE, "
        "Yes/No or 1/0): FIDE Rated left empty in Team Settings",
    ]
    assert event.settings == TeamSettings(system="Double Round Robin")
    assert [team.name for team in event.teams] == ["Rooks", "Bishops", "Knights", "Pawns"]
    # Without the lines (another program's file): the same defaults, pairing-number order.
    plain = "\n".join(line for line in lines if not line.startswith("###"))
    assert read_team_trf(plain)[0] == event
    assert read_team_trf(plain)[1] == []


def test_the_board_prize_lines_read_back_or_warn() -> None:
    """``### Board Prize Order: Percentage`` and ``### Board Prize Games: 5`` come back; a value
    that does not read is named at its line and column 24 (4 + 17 + 2 characters before it)."""
    event = _event()
    settings = replace(event.settings, board_prize_order="Percentage", board_prize_games=5)
    text = export_team_trf(replace(event, settings=settings))
    lines = text.splitlines()
    at = lines.index("### Board Prize Order: Percentage") + 1  # the first line is line 1
    assert lines[at] == "### Board Prize Games: 5"
    back, noted = read_team_trf(text)
    assert noted == []
    assert (back.settings.board_prize_order, back.settings.board_prize_games) == ("Percentage", 5)
    bad = text.replace("Order: Percentage", "Order: Points").replace("Games: 5", "Games: 0")
    back, noted = read_team_trf(bad)
    assert noted == [
        f"line {at}, column 24: Board Prize Order 'Points' is not Performance or Percentage: "
        "Board Prize Order left empty in Team Settings",
        f"line {at + 1}, column 24: Board Prize Games '0' must be a number of games, 1 or "
        "more: Board Prize Games left empty in Team Settings",
    ]
    assert (back.settings.board_prize_order, back.settings.board_prize_games) == (
        "Performance",
        None,
    )
