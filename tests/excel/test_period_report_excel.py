"""Report Period in Excel (FIDE's checklist, Q211-216; issue 37): an event over 30 days' finished
rating period written beside the book as its own TRF and logged in its Event Log, as ``ratingbook
trf export BOOK --period N`` does, through xlwings' JSON engine with desktop Excel simulated (the
engine is xlwings Server's, which writes no file beside the book: there the action is refused,
naming the command).

The league is tests/cli/test_long_event_commands.py's: round 3 alone is period 2, at October's
ratings (Anna 2010, Carl 1790); the file's lines are worked out there by hand, and its SHA-256
is ``sha256sum`` of the file written (hashlib on its bytes)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from tests.cli.test_fide_mode_commands import edit, ok
from tests.cli.test_long_event_commands import league
from tests.helpers.jsonbook import actions, apply_actions, make_json_book

from ratingbook.excel import report_period, report_period_book, report_rating_period, scripts
from ratingbook.files.backends import open_book


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Desktop Excel: the book is a file on this computer (the JSON engine stands in for it)."""
    monkeypatch.setattr(scripts, "_remote", lambda book: False)


def _grids(path: Path) -> dict[str, list[list[Any]]]:
    book = open_book(str(path))
    return {name: [list(r) for r in book.read_values(name)] for name in book.sheet_names()}


def _log(grids: dict[str, list[list[Any]]]) -> list[tuple[Any, ...]]:
    rows = grids["Event Log"]
    at = {name: rows[0].index(name) for name in ("Round", "Kind", "After")}
    return [
        (r[at["Round"]], r[at["Kind"]], r[at["After"]])
        for r in rows[1:]
        if r[at["Kind"]] not in (None, "")
    ]


def _alert(book: Any) -> tuple[str, str]:
    [alert] = [a for a in actions(book) if a["func"] == "alert"]
    text, _title, _buttons, mode, _ = alert["args"]
    return text, mode


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.usefixtures("desktop")
def test_report_period_writes_the_finished_period_beside_the_book_and_logs_it(
    tmp_path: Path,
) -> None:
    path = league(tmp_path)
    ok("recalc", path, "--in-place")
    given = _grids(path)
    book = make_json_book(given, name=str(path))
    assert report_period(book) is not None
    written = tmp_path / "league-period-2.trf"
    data = written.read_bytes()
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")  # TRF: lines end CR LF
    lines = _lines(written)
    assert "012 League, period 2 (round 3, list 2026-10)" in lines
    players = [(line[14:47].strip(), line[48:52], line[91:]) for line in lines
               if line.startswith("001")]  # fmt: skip
    assert players == [
        ("Anna", "2010", "   3 b 1"),
        ("Boris", "1900", "   4 w 1"),
        ("Carl", "1790", "   1 w 0"),
        ("Dana", "1700", "   2 b 0"),
    ]
    sha = hashlib.sha256(data).hexdigest()
    logged = _log(apply_actions(given, actions(book)))
    assert logged == [(3, "Period Report", f"period 2 (round 3, list 2026-10): sha256 {sha}")]
    text, mode = _alert(book)
    assert mode == "info" and text.startswith("Period report written.")
    assert "logged: Period Report period 2 (round 3, list 2026-10): its rounds are frozen" in text
    assert "wrote league-period-2.trf beside the book (period 2 (round 3, list 2026-10):" in text


@pytest.mark.usefixtures("desktop")
def test_the_file_and_the_log_row_are_the_commands(tmp_path: Path) -> None:
    """The same book through ``trf export --period 1`` and through Excel: the same bytes, the
    same Event Log row (one home: the session's ReportPeriod)."""
    cli = tmp_path / "cli"
    cli.mkdir()
    path = league(cli)
    ok("recalc", path, "--in-place")
    given = _grids(path)
    ok("trf", "export", path, "--period", "1", "-o", cli / "p1.trf")
    excel = tmp_path / "excel"
    excel.mkdir()
    book = make_json_book(given, name=str(excel / "league.xlsx"))
    report_period_book(book, 1)
    assert (excel / "league-period-1.trf").read_bytes() == (cli / "p1.trf").read_bytes()
    assert _log(apply_actions(given, actions(book))) == _log(_grids(path))


@pytest.mark.usefixtures("desktop")
def test_the_last_finished_period_is_the_one_written(tmp_path: Path) -> None:
    """Round 3 (period 2) waits for its results: period 1 (rounds 1-2) is the one due."""
    path = league(tmp_path)
    edit(path, "Swiss Games", lambda g: [[*r[:4], None] if r[0] == 3 else r for r in g])
    ok("recalc", path, "--in-place")
    book = make_json_book(_grids(path), name=str(path))
    assert report_period(book) is not None
    lines = _lines(tmp_path / "league-period-1.trf")
    assert "012 League, period 1 (rounds 1-2, list 2026-09)" in lines
    assert not (tmp_path / "league-period-2.trf").exists()
    said = _refused(path, period=2)
    assert "period 2 (round 3, list 2026-10) is not finished (round 3" in said


def _refused(path: Path, period: int) -> str:
    book = make_json_book(_grids(path), name=str(path))
    assert report_period(book, period=period) is None
    return _alert(book)[0]


@pytest.mark.usefixtures("desktop")
def test_a_period_not_finished_is_refused_with_the_commands_words(tmp_path: Path) -> None:
    path = league(tmp_path)
    edit(path, "Swiss Games", lambda g: [[*r[:4], None] if r[0] in (2, 3) else r for r in g])
    ok("recalc", path, "--in-place")
    book = make_json_book(_grids(path), name=str(path))
    assert report_period(book) is None  # no period finished: period 1's refusal
    text, mode = _alert(book)
    assert mode == "critical" and text.startswith("Nothing was changed.")
    assert "period 1 (rounds 1-2, list 2026-09) is not finished (round 2: not every " in text
    assert [a["func"] for a in actions(book)] == ["alert"]
    book = make_json_book(_grids(path), name=str(path))
    assert report_period(book, period=3) is None
    assert "period 3: the event has periods 1 to 2" in _alert(book)[0]
    assert not list(tmp_path.glob("*.trf"))


@pytest.mark.usefixtures("desktop")
def test_a_frozen_period_whose_data_changed_is_refused(tmp_path: Path) -> None:
    path = league(tmp_path)
    ok("recalc", path, "--in-place")
    ok("trf", "export", path, "--period", "2", "-o", tmp_path / "p2.trf")
    edit(path, "Swiss Players", lambda g: [[*r[:4], 1795] if r[1] == "Carl" else r for r in g])
    book = make_json_book(_grids(path), name=str(path))
    assert report_period(book) is None
    text, _ = _alert(book)
    assert "period 2 (round 3, list 2026-10)'s rating report was written before" in text
    assert "it is frozen" in text
    assert not (tmp_path / "league-period-2.trf").exists()


def test_xlwings_server_and_lite_say_to_run_the_command(tmp_path: Path) -> None:
    path = league(tmp_path)
    ok("recalc", path, "--in-place")
    book = make_json_book(_grids(path), name=str(path))
    report_rating_period(book)
    text, mode = _alert(book)
    assert mode == "critical" and text.startswith("Nothing was changed.")
    assert "neither reads or writes the files of the computer the book is on" in text
    assert "ratingbook trf export league.xlsx --period N -o league-period-N.trf" in text
    assert [a["func"] for a in actions(book)] == ["alert"]
    assert not list(tmp_path.glob("*.trf"))
