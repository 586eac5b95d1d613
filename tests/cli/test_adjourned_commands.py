"""Adjourned games on the command line, in a real workbook file (FIDE's 2026 checklist,
Q157-169, as Sharly-Chess's issue #2316 quotes them): the Swiss template (FIDE mode on by
default, 5 rounds, round 4 paired) with round 4's board 3 unfinished. ``ratingbook pair``
adjourns it at level 2 and pairs round 5, the last; ``trf export`` is then refused naming the
game (Q169); its result typed later, not a draw, needs ``--confirm`` (level 3) and is logged
as ``### Adjournment`` (Q163). With no result of round 4 typed (the template paired at once,
a step too early), ``pair`` is refused as outside FIDE mode, naming the three boards, and
writes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import cell_value, sheet_names, sheet_values

from ratingbook.cli import cli

TEMPLATE = ROOT / "workbook_templates" / "swiss.xlsx"
#: Round 4 of the template: Charlotte - Erik, Daniel - Bob, Femke - Anna, rows 11 to 13.
FEMKE_ANNA = 13


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def type_results(book: Path, results: dict[int, str]) -> None:
    wb = openpyxl.load_workbook(book)
    for row, result in results.items():
        wb["Swiss Games"].cell(row=row, column=5).value = result
    wb.save(book)


def result_at(book: Path, row: int) -> object:
    return cell_value(book, "Swiss Games", row, 5)


def test_an_adjourned_game_through_pair_export_and_its_late_result(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copy(TEMPLATE, book)
    type_results(book, {11: "0-1", 12: "1-0"})
    runner = CliRunner()
    paired = runner.invoke(cli, ["pair", str(book), "--in-place"])
    assert paired.exit_code == 0, paired.output
    assert result_at(book, FEMKE_ANNA) == "?"
    assert "level 2 warning: Femke - Anna (round 4) had no result when round 5 was paired" in (
        paired.output
    )
    round_5 = sheet_values(book, "Swiss Games")
    assert [r[0] for r in round_5].count(5) == 3  # the last round, paired on three boards
    trf = tmp_path / "club.trf"
    refused = runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert refused.exit_code == 2
    assert "round 4 board 3 (Femke - Anna)" in refused.output and not trf.exists()
    type_results(book, {FEMKE_ANNA: "0-1"})
    unconfirmed = runner.invoke(cli, ["recalc", str(book), "--in-place"])
    assert unconfirmed.exit_code != 0 and "Adjournment round 4" in unconfirmed.output
    confirmed = runner.invoke(cli, ["recalc", str(book), "--in-place", "--confirm"])
    assert confirmed.exit_code == 0, confirmed.output
    exported = runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    # The board is the start numbers (nobody is rated: by name), Femke 6 - Anna 1.
    assert "### Adjournment @ Round 4: 6-1: ? => 0-1" in trf.read_text().splitlines()


def log_kinds(book: Path) -> list[object]:
    """The Kind column of the book's Event Log (empty: no log yet)."""
    if "Event Log" not in sheet_names(book):
        return []
    rows = sheet_values(book, "Event Log")
    kind = rows[0].index("Kind")
    return [r[kind] for r in rows[1:] if any(v is not None for v in r)]


def test_the_template_paired_at_once_is_refused_naming_round_4s_boards(tmp_path: Path) -> None:
    # No result of round 4 is in: adjourning its three games would pair round 5 on three
    # draws no one played; pairing is refused as outside FIDE mode, and nothing is written.
    book = tmp_path / "club.xlsx"
    shutil.copy(TEMPLATE, book)
    before = book.read_bytes()
    refused = CliRunner().invoke(cli, ["pair", str(book), "--in-place"])
    assert refused.exit_code == 2, refused.output
    said = " ".join(refused.output.split())
    assert "round 4 is not complete: board 1, board 2, board 3 have no result" in said
    assert "or ? to adjourn the game" in said
    assert book.read_bytes() == before
    beside = CliRunner().invoke(cli, ["pair", str(book)])
    assert beside.exit_code == 2 and not (tmp_path / "club-paired.xlsx").exists()


def test_one_result_typed_and_two_missing_adjourns_the_two_at_level_2(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copy(TEMPLATE, book)
    type_results(book, {11: "0-1"})  # Charlotte - Erik; Daniel - Bob and Femke - Anna missing
    paired = CliRunner().invoke(cli, ["pair", str(book), "--in-place"])
    assert paired.exit_code == 0, paired.output
    assert [result_at(book, row) for row in (11, 12, 13)] == ["0-1", "?", "?"]
    said = " ".join(paired.output.split())
    for game in ("Daniel - Bob", "Femke - Anna"):
        assert f"level 2 warning: {game} (round 4) had no result when round 5 was paired" in said
    assert said.count("level 2 warning") == 2
    assert log_kinds(book).count("Adjournment") == 2
    games = sheet_values(book, "Swiss Games")
    assert [r[0] for r in games].count(5) == 3
