"""An event over 30 days on the command line (FIDE's checklist, Q210-216, issue 37).

The texts as Sharly-Chess quotes them (its issues #1514 and #2320): the event is flagged as
lasting more than 30 days (Q210); each player has a rating per period, linked to its rounds
(Q212); each period is reported on its own, with only that period's games ("if you submit a
file for round 1-2 in September, only submit results for rounds 3-6 in October", FIDE's
rating administration) and the list valid then (B.02); rating tie-breaks are advised against
and use the first rating (Q211, C.07 art. 10). ratingbook's reading: the period's file is
written once and logged with its SHA-256, and its rounds are frozen (a correction refused in
FIDE mode, as an earlier round's is).

The league: four players, a round robin of three rounds in two periods (rounds 1-2 on
September's list, round 3 on October's); Anna is 2010 and Carl 1790 on October's list. Every
rating figure is worked by hand with B.02's table 8.1.2 (K 20):

- period 1: Anna beats Dana (300 points: PD 0.85) and draws Boris (100: 0.64): 1.5 - 1.49,
  +0.2, rounded 0; Boris draws Carl (0.64) and Anna (0.36): 0; Carl draws Boris (0.36) and
  beats Dana (0.64): +10; Dana loses to Anna (0.15) and Carl (0.36): -10.2, -10;
- period 2: Anna (2010) beats Carl (1790; 220 points: 0.78): +4.4, 4; Boris beats Dana (200:
  0.76): +4.8, 5; Carl -4.4, -4; Dana -4.8, -5.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from tests.cli.test_fide_mode_commands import edit, grid, ok, refused
from tests.helpers.cli import digest
from tests.helpers.fide_event import Grid, setting
from tests.helpers.workbooks import make_book


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


GAMES: Grid = [
    ["Round", "Board", "White", "Black", "Result"],
    [1, 1, "Anna", "Dana", "1-0"],
    [1, 2, "Boris", "Carl", "½-½"],
    [2, 1, "Dana", "Carl", "0-1"],
    [2, 2, "Anna", "Boris", "½-½"],
    [3, 1, "Boris", "Dana", "1-0"],
    [3, 2, "Carl", "Anna", "0-1"],
]


def league(tmp_path: Path, *, tiebreaks: str = "SB ARO", over_30_days: str = "On") -> Path:
    sheets: dict[str, Grid] = {
        "Swiss Settings": [
            ["Setting", "Value"],
            ["Event", "League"],
            ["Pairing", "Round Robin"],
            ["FIDE Mode", "On"],
            ["Auto-pair", "Off"],
            ["Tie-breaks", tiebreaks],
            ["FIDE Rated", "Standard"],
            ["Start Date", "2026-09-01"],
            ["Over 30 Days", over_30_days],
            ["Rating Periods", "1-2 2026-09, 3 2026-10" if over_30_days == "On" else None],
            ["Confirm", None],
        ],
        "Swiss Players": [
            ["No.", "Name", "Rating", "K", "Rating 2"],
            [1, "Anna", 2000, 20, 2010],
            [2, "Boris", 1900, 20, None],
            [3, "Carl", 1800, 20, 1790],
            [4, "Dana", 1700, 20, None],
        ],
        "Swiss Games": [list(r) for r in GAMES],
    }
    path = tmp_path / "league.xlsx"
    make_book(sheets).save(path)
    return path


def records(path: Path, sheet: str) -> list[dict[str, Any]]:
    rows = grid(path, sheet)
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if any(v is not None for v in r)]


def test_the_rating_report_rates_each_period_with_its_own_ratings(tmp_path: Path) -> None:
    book = league(tmp_path)
    ok("recalc", book, "--in-place")
    lines = [
        (r["Name"], r["Rating"], r["Games"], r["Expected"], r["Change"], r["Rtg+/-"])
        for r in records(book, "Rating Report")
    ]
    assert lines == [
        ("Anna", 2000, 2, 1.49, 0.2, 0),
        ("Boris", 1900, 2, 1, 0, 0),
        ("Carl", 1800, 2, 1, 10, 10),
        ("Dana", 1700, 2, 0.51, -10.2, -10),
        ("Anna", 2010, 1, 0.78, 4.4, 4),
        ("Boris", 1900, 1, 0.76, 4.8, 5),
        ("Carl", 1790, 1, 0.22, -4.4, -4),
        ("Dana", 1700, 1, 0.24, -4.8, -5),
    ]
    notes = [r["Note"] for r in records(book, "Rating Report")]
    assert notes[0] == "period 1 (rounds 1-2, list 2026-09)"
    assert notes[4] == "period 2 (round 3, list 2026-10)"
    # The standings' Rtg+/- is the event's: both periods' changes.
    standings = {r["Name"]: r["Rtg+/-"] for r in records(book, "Swiss Standings")}
    assert standings == {"Anna": 4, "Boris": 5, "Carl": 6, "Dana": -15}


def test_rating_tiebreaks_over_30_days_are_a_level_2_warning_naming_the_rating(
    tmp_path: Path,
) -> None:
    said = ok("recalc", league(tmp_path), "--in-place")
    assert "level 2 warning: rating tie-breaks (ARO) are not recommended" in said
    assert "each player's first rating (the Rating column, period 1's list" in said
    other = tmp_path / "other"
    other.mkdir()
    assert "not recommended" not in ok("recalc", league(other, tiebreaks="SB DE"), "--in-place")
    short = tmp_path / "short"
    short.mkdir()
    assert "not recommended" not in ok("recalc", league(short, over_30_days="Off"), "--in-place")


def _trf(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_a_periods_report_holds_its_rounds_and_ratings_and_is_logged_once(
    tmp_path: Path,
) -> None:
    book = league(tmp_path)
    ok("recalc", book, "--in-place")
    ok("trf", "export", book, "--period", "2", "-o", tmp_path / "p2.trf")
    lines = _trf(tmp_path / "p2.trf")
    # Round 3 alone, as round 1 of its own file, at October's ratings.
    assert "012 League, period 2 (round 3, list 2026-10)" in lines
    assert "142 1" in lines
    # TRF columns: name 15-47, rating 49-52, points 81-84, round 1 from column 92.
    players = [(line[14:47].strip(), line[48:52], line[80:84], line[91:]) for line in lines
               if line.startswith("001")]  # fmt: skip
    assert players == [
        ("Anna", "2010", " 1.0", "   3 b 1"),
        ("Boris", "1900", " 1.0", "   4 w 1"),
        ("Carl", "1790", " 0.0", "   1 w 0"),
        ("Dana", "1700", " 0.0", "   2 b 0"),
    ]
    file_sha = hashlib.sha256((tmp_path / "p2.trf").read_bytes()).hexdigest()
    logged = [(r["Round"], r["Kind"], r["After"]) for r in records(book, "Event Log")]
    assert logged == [(3, "Period Report", f"period 2 (round 3, list 2026-10): sha256 {file_sha}")]
    # Written again: the same file, nothing logged again.
    ok("trf", "export", book, "--period", "2", "-o", tmp_path / "again.trf")
    assert (tmp_path / "again.trf").read_bytes() == (tmp_path / "p2.trf").read_bytes()
    assert len(records(book, "Event Log")) == 1
    # Period 1 holds rounds 1-2 only, at September's ratings.
    ok("trf", "export", book, "--period", "1", "-o", tmp_path / "p1.trf")
    p1 = _trf(tmp_path / "p1.trf")
    assert "142 2" in p1
    assert [line[48:52] for line in p1 if line.startswith("001")] == [
        "2000", "1900", "1800", "1700",
    ]  # fmt: skip
    # two rounds: the second round's field ends at column 109 (TRF: 10 columns a round)
    assert all(len(line.rstrip()) == 109 for line in p1 if line.startswith("001"))
    # The event's own file carries both reports as ### lines.
    ok("trf", "export", book, "-o", tmp_path / "event.trf")
    comments = [line for line in _trf(tmp_path / "event.trf") if line.startswith("### Period")]
    assert comments[0].startswith("### Period Report @ Round 3: period 2 (round 3, list 2026-10)")
    assert comments[1].startswith("### Period Report @ Round 2: period 1 (rounds 1-2")


def test_a_reported_periods_results_are_frozen_in_fide_mode(tmp_path: Path) -> None:
    def anna_beats_boris(g: Grid) -> Grid:
        return [[*r[:4], "1-0"] if r[:4] == [2, 2, "Anna", "Boris"] else r for r in g]

    # Not reported: round 2 is the previous round, so a correction is level 3 (C.02, Q189).
    free = tmp_path / "free"
    free.mkdir()
    book = league(free)
    ok("recalc", book, "--in-place")
    edit(book, "Swiss Games", anna_beats_boris)
    said = refused("recalc", book, "--in-place")
    assert "level 3: Correction round 2" in said
    assert "run again with --confirm" in said
    # Reported: period 1's rounds are frozen, refused whatever is confirmed.
    book = league(tmp_path)
    ok("recalc", book, "--in-place")
    ok("trf", "export", book, "--period", "1", "-o", tmp_path / "p1.trf")
    edit(book, "Swiss Games", anna_beats_boris)
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "round 2 is in rating period 1, whose rating report was written" in said
    assert digest(book) == before


def test_a_reported_period_whose_file_changed_is_refused(tmp_path: Path) -> None:
    book = league(tmp_path)
    ok("recalc", book, "--in-place")
    ok("trf", "export", book, "--period", "2", "-o", tmp_path / "p2.trf")
    # October's list corrected after the report: Carl 1795, not 1790.
    edit(book, "Swiss Players", lambda g: [[*r[:4], 1795] if r[1] == "Carl" else r for r in g])
    before = digest(book)
    said = refused("trf", "export", book, "--period", "2", "-o", tmp_path / "other.trf")
    assert "period 2 (round 3, list 2026-10)'s rating report was written before" in said
    assert "it is frozen" in said
    # The log row is named by its kind, as the Event Log shows it.
    assert "(the Event Log's Period Report row, sha256 " in said
    assert digest(book) == before
    assert not (tmp_path / "other.trf").exists()


def test_a_period_not_finished_or_an_event_not_over_30_days_has_no_period_report(
    tmp_path: Path,
) -> None:
    book = league(tmp_path)
    edit(book, "Swiss Games", lambda g: [[*r[:4], None] if r[0] == 3 else r for r in g])
    said = refused("trf", "export", book, "--period", "2")
    assert "period 2 (round 3, list 2026-10) is not finished" in said
    assert said.rstrip().endswith("its rating report is written once its last round is played")
    assert "the event has periods 1 to 2" in refused("trf", "export", book, "--period", "3")
    short = tmp_path / "short"
    short.mkdir()
    said = refused("trf", "export", league(short, over_30_days="Off"), "--period", "1")
    assert "set Over 30 Days to On" in said


def test_rating_tiebreaks_use_the_first_rating_or_the_period_asked(tmp_path: Path) -> None:
    """ARO (C.07 art. 10.1: the opponents' average rating, rounded) by hand. Anna met Dana,
    Boris and Carl: (1700 + 1900 + 1800) / 3 = 1800 on the first ratings, (1700 + 1900 + 1790)
    / 3 = 1796.67, 1797, on period 2's; Carl met Boris, Dana and Anna: 5600 / 3 = 1866.67,
    1867, then (1900 + 1700 + 2010) / 3 = 1870."""

    def aro(book: Path) -> dict[str, Any]:
        return {r["Name"]: r["ARO"] for r in records(book, "Swiss Standings")}

    book = league(tmp_path, tiebreaks="ARO")
    ok("recalc", book, "--in-place")
    assert aro(book) == {"Anna": 1800, "Boris": 1833, "Carl": 1867, "Dana": 1900}
    second = tmp_path / "second"
    second.mkdir()
    book = league(second, tiebreaks="ARO")
    edit(book, "Swiss Settings", lambda g: [*g, ["Tie-break Rating", "Period 2"]])
    said = ok("recalc", book, "--in-place")
    assert aro(book) == {"Anna": 1797, "Boris": 1833, "Carl": 1870, "Dana": 1900}
    assert "they use each player's rating of period 2 (Rating 2" in said
    edit(book, "Swiss Settings", lambda g: setting(g, "Tie-break Rating", "Period 3"))
    assert "the event has 2 rating period(s)" in refused("recalc", book, "--in-place")
    # Changed after round 1 (the log holds the event from the first run on): a logged setting.
    edit(book, "Swiss Settings", lambda g: setting(g, "Tie-break Rating", None))
    assert "level 3: Setting Tie-break Rating" in refused("recalc", book, "--in-place")
    ok("recalc", book, "--in-place", "--confirm")
    logged = [(r["Kind"], r["Before"], r["After"]) for r in records(book, "Event Log")]
    assert logged[-1] == ("Setting", "Tie-break Rating Period 2", "Tie-break Rating First")


def test_over_30_days_and_its_periods_are_settings_of_the_book(tmp_path: Path) -> None:
    book = league(tmp_path)
    edit(book, "Swiss Settings", lambda g: setting(g, "Rating Periods", "1-2, 4"))
    said = refused("recalc", book, "--in-place")
    assert "Rating Periods '4': period 2 must start at round 3" in said
    assert "Swiss Settings" in said


def test_a_later_periods_list_fills_that_periods_rating_only(tmp_path: Path) -> None:
    """The January 2023 list (tests/data/rating_lists/standard_jan23.txt) gives Peter Leko 2738
    and Aadya Gowda 1807 (tests/cli/test_players_update.py); as period 2's list it fills
    ``Rating 2`` and nothing else."""
    from tests.cli.test_players_update import LIST, PLAYERS, sheet
    from tests.cli.test_players_update import book as update_book

    settings = (
        ("Over 30 Days", "On", None),
        ("Rating Periods", "1-2 2022-12, 3-5 2023-01", None),
    )
    path = update_book(tmp_path, PLAYERS[:2], settings)
    said = ok("players", "update", path, "--rating-list", LIST, "--period", "2", "--in-place")
    got = {r["Name"]: (r["Rating"], r.get("Title"), r["Rating 2"]) for r in sheet(path)}
    assert got == {"Peter Leko": (2700, None, 2738), "Aadya Gowda": (None, None, 1807)}
    assert "Rating 2 empty -> 2738" in said
    assert "update from that one" not in said  # JAN23 is period 2's list
    # A list of another month than the period's is named.
    said = ok("players", "update", path, "--rating-list", LIST, "--period", "1", "--dry-run")
    assert "period 1 (rounds 1-2, list 2022-12) is rated on the DEC22 list" in said
    assert "the event has periods 1 to 2" in refused(
        "players", "update", path, "--rating-list", LIST, "--period", "3", "--in-place"
    )


def test_a_period_report_waiting_for_a_confirmation_suggests_commands_that_work_as_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report is refused while the book holds a change that waits for its confirmation;
    the recalculation it suggests writes the book itself (``--in-place``), so the export it
    suggests after it finds the change confirmed (issue 34: commands that work as typed)."""
    import shlex

    from tests.helpers.cli import run

    path = league(tmp_path)
    ok("recalc", path, "--in-place")
    edit(path, "Swiss Games", lambda g: [[*r[:4], "1-0"] if r[:2] == [2, 2] else r for r in g])
    monkeypatch.chdir(tmp_path)
    said = " ".join(refused("trf", "export", "league.xlsx", "--period", "1").split())
    recalc = "ratingbook recalc league.xlsx --in-place"
    export = "ratingbook trf export league.xlsx --period 1"
    assert f"run {recalc} first (confirming them), then {export}" in said
    assert run(*shlex.split(recalc)[1:], "--confirm", cwd=tmp_path).returncode == 0
    done = run(*shlex.split(export)[1:], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Correction" in str(grid(path, "Event Log"))
