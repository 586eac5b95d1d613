"""The team template through the commands: ``pair``, ``trf export`` / ``trf import`` (a round
trip of the whole book) and ``publish`` (the team pages)."""

from __future__ import annotations

from pathlib import Path

import pytest
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
    # The whole file again, byte for byte: its log (round 2's pairing) comes back as it was.
    exported = text.replace("\r\n", "\n")
    assert "\n### Pairing @ Round 2: round 2 paired: 2 matches and a bye\n" in exported
    assert result.output == exported
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


def test_check_reads_the_last_round_paired_before_its_results(tmp_path: Path) -> None:
    """The template has round 1 played; round 2 paired and not played is checked too (user
    test 49: it said "1 round"), with a note saying so, as for an individual event."""
    runner = CliRunner()
    cup = _cup(tmp_path)
    assert runner.invoke(cli, ["pair", str(cup), "--in-place"]).exit_code == 0
    result = runner.invoke(cli, ["check", str(cup)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{cup}: 2 rounds by the Swiss team system (C.04.6)")
    assert lines[1] == (
        "  note: round 2 is paired and not played yet: its pairing is checked (it depends on "
        "the rounds before it only)"
    )
    assert lines[-1] == f"{cup}: clean"


def test_explain_a_players_board_in_a_team_event(tmp_path: Path) -> None:
    """``--player`` keeps the player's team's match and says his board (user test 49: it was
    ignored, every match printed). The template's round 1: Queens - Knights, board 2 Ben Cole
    (Knights) with White against Kai Lund; Cleo Dunn, Knights' reserve, did not play; Pawns had
    the bye. Knights, the only team without a match point, ranks 5th of 5."""
    cup = _cup(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["explain", str(cup), "--player", "Ben Cole"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 2 and lines[0].startswith("Round 1: Match 1: Queens (no. 1) - Knights")
    assert (
        lines[1]
        == "   Ben Cole (Knights) plays board 2 of match 1 with White against Kai Lund (Queens)"
    )
    result = runner.invoke(cli, ["explain", str(cup), "--player", "Cleo Dunn", "--round", "1"])
    assert result.output.splitlines()[1] == (
        "   Cleo Dunn (Knights) is on no board of match 1: Knights fielded others"
    )
    result = runner.invoke(cli, ["explain", str(cup), "--player", "Otto Pike"])
    assert result.output.splitlines() == [
        "Round 1: Match 3: Pawns has the pairing-allocated bye, a drawn match (C.04.6 art. 1.4); "
        "the bye is assigned first, to a team that has not had one nor won by forfeit (art. "
        "2.1.2, 3.4).",
        "   Otto Pike (Pawns): Pawns has the pairing-allocated bye, no board is played",
    ]
    result = runner.invoke(cli, ["explain", str(cup), "--player", "Ben Cole", "--standings"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and "ranks above Knights (5): " in lines[0]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("Nobody at all", "no player named 'Nobody at all' in Teams"),
        ("Ben Kole", "no player named 'Ben Kole' in Teams (did you mean 'Ben Cole'?)"),
    ],
)
def test_explain_an_unknown_player_of_a_team_event_is_an_error(
    tmp_path: Path, typed: str, said: str
) -> None:
    result = CliRunner().invoke(cli, ["explain", str(_cup(tmp_path)), "--player", typed])
    assert result.exit_code == 2
    assert result.output.endswith(f" explain: error: {said}\n")


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("prizes", "team events have no prize list"),
        ("norms", "team events have no norms list"),
        ("contenders", "team events have no contenders list"),
    ],
)
def test_the_individual_only_commands_say_so_on_a_team_event(
    tmp_path: Path, command: str, said: str
) -> None:
    """User test 49: each said "the workbook has no sheet 'Swiss Players'" and "... 'Swiss
    Games'". Now one line says the team event has none, and where it shows what it has."""
    result = CliRunner().invoke(cli, [command, str(_cup(tmp_path))])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1 and f" {command}: error: {said} (" in lines[0]
    assert "'Board Prizes'" in lines[0] and "Swiss Players" not in lines[0]


def test_manual_pairing_of_a_team_event_is_refused(tmp_path: Path) -> None:
    """It recalculated the book and said nothing of the phase asked."""
    cup = _cup(tmp_path)
    before = cup.read_bytes()
    result = CliRunner().invoke(
        cli, ["manual-pairing", "start", str(cup), "--round", "1", "--in-place"]
    )
    assert result.exit_code == 2
    assert "team events have no manual pairing phase" in result.output
    assert cup.read_bytes() == before


def test_a_prizes_sheet_in_a_team_book_is_named_as_not_read(tmp_path: Path) -> None:
    """A Prizes sheet typed into a team book was left without a word (no Prize List)."""
    import openpyxl

    cup = _cup(tmp_path)
    book = openpyxl.load_workbook(cup)
    prizes = book.create_sheet("Prizes")
    prizes.append(["Place", "Category", "Amount", "Object"])
    prizes.append([1, None, 300, "Trophy"])
    book.save(cup)
    result = CliRunner().invoke(cli, ["recalc", str(cup), "--in-place"])
    assert result.exit_code == 0, result.output
    assert "; sheet 'Prizes' is not read: team events have no prize list (" in result.output
    assert "Prize List" not in openpyxl.load_workbook(cup, read_only=True).sheetnames


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["players", "update", "--rating-list", "list.txt"], "players update"),
        (["players", "custom-list"], "players custom-list"),
    ],
)
def test_the_players_updates_say_so_on_a_team_event(
    tmp_path: Path, command: list[str], said: str
) -> None:
    """User test 49: each said "the workbook has no sheet 'Swiss Players'". Now one line says
    the team event has no such list, and where its players' ratings are typed (``Teams``)."""
    cup = _cup(tmp_path)
    before = cup.read_bytes()
    listed = tmp_path / "list.txt"
    listed.write_text("ID Number      Name\n", encoding="utf-8")
    args = [
        *command[:2],
        str(cup),
        *(str(listed) if part == "list.txt" else part for part in command[2:]),
    ]
    if said == "players custom-list":
        custom = tmp_path / "club.csv"
        custom.write_text("Name,Rating\nAnna,1500\n", encoding="utf-8")
        args.append(str(custom))
    result = CliRunner().invoke(cli, [*args, "--in-place"])
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output
    assert "error: team events have no rating list to fill" in lines[0]
    assert f"({said} fills the 'Swiss Players' sheet of a Swiss event or round robin)" in lines[0]
    assert lines[0].endswith("type a team player's Rating and FIDE ID on its 'Teams' sheet")
    assert cup.read_bytes() == before
