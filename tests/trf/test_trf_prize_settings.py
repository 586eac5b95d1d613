"""The prize settings (``Prize Sharing``, ``Prize Step``, ``One Prize Each`` in ``Swiss
Settings``; docs/guides/end-of-event.md) through ``trf export`` and ``trf import``: TRF-2026 has
no prize record, so they travel as ``###`` lines, as ``FIDE Rated`` does (a user test: they were
lost on the way). The values expected are the ones typed, in the settings' own words (Equal,
5, No), and the defaults (Hort, 1, Yes) are what an empty setting means."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.trf.test_round_trip_cells import typed_book

from ratingbook.cli import cli

PRIZES = {"Prize Sharing": "equal", "Prize Step": 5, "One Prize Each": "no"}


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _settings(path: Path) -> dict[object, object]:
    ws = openpyxl.load_workbook(path)["Swiss Settings"]
    return {row[0]: row[1] for row in ws.iter_rows(min_row=2, values_only=True) if row[0]}


def _book_with(path: Path, settings: dict[str, object]) -> None:
    typed_book(path)
    wb = openpyxl.load_workbook(path)
    for name, value in settings.items():
        wb["Swiss Settings"].append((name, value))
    wb.save(path)


def test_prize_settings_travel_as_comment_lines_and_come_back(tmp_path: Path) -> None:
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    _book_with(book, PRIZES)
    runner = CliRunner()
    exported = runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    comments = [ln for ln in trf.read_text(encoding="utf-8").splitlines() if "Prize" in ln]
    assert comments == [
        "### Prize Sharing: Equal",
        "### Prize Step: 5",
        "### One Prize Each: No",
    ]
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    assert "Prize" not in imported.output  # read, not warned about
    settings = _settings(back)
    assert [settings.get(name) for name in PRIZES] == ["Equal", 5, "No"]
    # ... and the book's export writes the same lines again
    again = runner.invoke(cli, ["trf", "export", str(back)])
    assert [ln for ln in again.output.splitlines() if "Prize" in ln] == comments


def test_prize_settings_left_empty_write_no_line(tmp_path: Path) -> None:
    book = tmp_path / "event.xlsx"
    typed_book(book)
    exported = CliRunner().invoke(cli, ["trf", "export", str(book)])
    assert exported.exit_code == 0, exported.output
    assert "Prize" not in exported.output


def test_a_prize_line_that_does_not_read_is_a_warning_and_the_setting_left_empty(
    tmp_path: Path,
) -> None:
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    _book_with(book, {"Prize Step": 0.5})
    runner = CliRunner()
    assert runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)]).exit_code == 0
    lines = trf.read_text(encoding="utf-8").splitlines()
    assert "### Prize Step: 0.5" in lines
    at = lines.index("### Prize Step: 0.5")
    lines[at] = "### Prize Step: lots"
    trf.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    assert f"line {at + 1}: Prize Step 'lots' does not read" in imported.output
    assert _settings(back).get("Prize Step") is None
