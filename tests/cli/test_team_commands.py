"""The team template through the commands: ``pair``, ``trf export`` / ``trf import`` (a round
trip of the whole book) and ``publish`` (the team pages)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import sheet_values

from ratingbook.cli import cli


def _cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.xlsx"
    path.write_bytes((ROOT / "workbook_templates" / "team.xlsx").read_bytes())
    return path


def test_pair_export_import_and_publish(tmp_path: Path) -> None:
    runner = CliRunner()
    cup = _cup(tmp_path)
    result = runner.invoke(cli, ["pair", str(cup), "--in-place"])
    assert result.exit_code == 0, result.output
    assert "paired round 2: 3 matches" in result.output
    trf = tmp_path / "cup.trf"
    result = runner.invoke(cli, ["trf", "export", str(cup), "-o", str(trf)])
    assert result.exit_code == 0, result.output
    text = trf.read_bytes().decode("utf-8")
    assert "\r\n192 FIDE_TEAM_TYPEA_MP_GP\r\n" in text and "\r\n352 WB\r\n" in text
    again = tmp_path / "again.xlsx"
    result = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(again)])
    assert result.exit_code == 0, result.output
    assert "5 teams, round 2" in result.output
    result = runner.invoke(cli, ["trf", "export", str(again)])
    assert result.exit_code == 0
    assert result.output == text.replace("\r\n", "\n")
    site = tmp_path / "site"
    result = runner.invoke(cli, ["publish", str(cup), "--out-dir", str(site)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in site.iterdir())
    assert names == [
        ".ratingbook-site",  # the site's own list of its files (a later publish reads it)
        "crosstable.html",
        "index.html",
        "players.html",
        "round-1.html",
        "round-2.html",
        "style.css",
    ]
    round_2 = (site / "round-2.html").read_text("utf-8")
    assert "Knights has the pairing-allocated bye" in round_2
    assert "C.04.6 art. 3.5" in round_2


def test_explain_a_team_event(tmp_path: Path) -> None:
    """The template after round 1: Queens alone on 2 match points; Bishops, Rooks and Pawns
    level on 1 match point and 1 game point share rank 2."""
    cup = _cup(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["explain", str(cup), "--standings"])
    assert result.exit_code == 0, result.output
    assert (
        "Queens (1) ranks above Bishops (2): Queens has 2 match points, Bishops 1." in result.output
    )
    assert "Bishops (2) shares rank with Rooks (2)" in result.output
    result = runner.invoke(cli, ["explain", str(cup)])
    assert result.exit_code == 0, result.output
    assert "Round 1: Match 3: Pawns has the pairing-allocated bye" in result.output
    assert "C.04.6 art. 4.3.1" in result.output


def test_a_match_with_one_board_typed_recalculates_and_publishes(tmp_path: Path) -> None:
    """Results are typed board by board: round 2's first match with only board 1 typed is a
    match in progress, not an error (the notes explain its pairing from the rounds before)."""
    import openpyxl

    runner = CliRunner()
    cup = _cup(tmp_path)
    assert runner.invoke(cli, ["pair", str(cup), "--in-place"]).exit_code == 0
    book = openpyxl.load_workbook(cup)
    boards = book["Team Boards"]
    header = [c.value for c in boards[1]]
    row = next(r for r in boards.iter_rows(min_row=2) if r[0].value == 2 and r[1].value == 1)
    row[header.index("Result")].value = "1-0"
    book.save(cup)
    result = runner.invoke(cli, ["recalc", str(cup), "--in-place"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["publish", str(cup), "--out-dir", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    notes = openpyxl.load_workbook(cup)["Team Notes"]
    assert any(str(r[0].value) == "Round 2" for r in notes.iter_rows(min_row=2))
    # The board typed is round 2's board 1 of match 1 (Dan Eide's second game): the team table
    # counts round 1 only, and so does the board prize list (one game each, not two).
    white = row[header.index("White")].value
    games = {r[2]: r[4] for r in sheet_values(cup, "Board Prizes")[1:]}
    assert games[white] == 1
