"""``ratingbook generate --system roundrobin|double|team`` and ``ratingbook check`` on what it
writes (issue 37, FIDE C.02 Q16-39: the free generator makes every kind of event the product
pairs).

Expected values: the Berger table for eight places as C.05 Annex 1 prints it (an odd number of
players plays the table of the next even number, the highest place being the bye); gacrux's own
pairing checker (``pairingchecker -c``) on the very file; mistakes made by hand in the file
(:mod:`tests.helpers.trf_mutations`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.cli.test_check_command import check, gacrux_rounds
from tests.helpers.trf_mutations import swap_two_boards

from ratingbook.cli import cli

#: C.05 Annex 1, the table for 7 or 8 players, rounds 1-7, White first.
BERGER_8 = (
    ((1, 8), (2, 7), (3, 6), (4, 5)),
    ((8, 5), (6, 4), (7, 3), (1, 2)),
    ((2, 8), (3, 1), (4, 7), (5, 6)),
    ((8, 6), (7, 5), (1, 4), (2, 3)),
    ((3, 8), (4, 2), (5, 1), (6, 7)),
    ((8, 7), (1, 6), (2, 5), (3, 4)),
    ((4, 8), (5, 3), (6, 2), (7, 1)),
)


def generated(folder: Path, *options: str) -> str:
    out = folder / "event.trf"
    done = CliRunner().invoke(cli, ["generate", "-o", str(out), *options])
    assert done.exit_code == 0, done.output
    return out.read_bytes().decode("utf-8").replace("\r\n", "\n")


def games_of(text: str, round_number: int) -> set[tuple[int, int]]:
    """The round's games as (White, Black) start numbers, read from the 001 columns (92-95
    opponent, 97 colour, a round every ten columns); a bye as (player, 0)."""
    games = set()
    start = 91 + 10 * (round_number - 1)
    for line in text.splitlines():
        if not line.startswith("001 "):
            continue
        me, field = int(line[4:8]), line[start : start + 8]
        opponent = int(field[:4])
        if field[5] == "w":
            games.add((me, opponent))
        elif opponent == 0:
            games.add((me, 0))
    return games


def test_a_round_robin_of_seven_follows_the_berger_table(tmp_path: Path) -> None:
    text = generated(tmp_path, "--system", "roundrobin", "--players", "7", "--forfeits", "5%")
    assert "192 FIDE_ROUNDROBIN" in text and "142 7" in text
    for number, table in enumerate(BERGER_8, start=1):
        expected = {(w, b) for w, b in table if 8 not in (w, b)}
        sits_out = next(w if b == 8 else b for w, b in table if 8 in (w, b))
        assert games_of(text, number) == expected | {(sits_out, 0)}
    # The player the table leaves out has its bye, worth nothing (162's P 0.0).
    assert " P 0.0" in next(line for line in text.splitlines() if line.startswith("162"))
    assert gacrux_rounds(text, tmp_path) == [True] * 7
    code, output = check(tmp_path, text)
    assert code == 0 and output.rstrip().endswith("clean"), output


def test_a_double_round_robin_plays_the_table_twice_with_colours_reversed(tmp_path: Path) -> None:
    """Eight players, 14 rounds. C.05 Annex 1 recommends exchanging the last two rounds of the
    first cycle (so no player has one colour three times running): rounds 6 and 7 are the
    table's 7 and 6; the second cycle is the table in its order, colours reversed."""
    text = generated(tmp_path, "--system", "double", "--players", "8")
    assert "142 14" in text
    first = [set(t) for t in BERGER_8[:5]] + [set(BERGER_8[6]), set(BERGER_8[5])]
    for number, table in enumerate(first, start=1):
        assert games_of(text, number) == table
    for number, pairs in enumerate(BERGER_8, start=8):
        assert games_of(text, number) == {(b, w) for w, b in pairs}
    assert gacrux_rounds(text, tmp_path) == [True] * 14
    code, output = check(tmp_path, text)
    assert code == 0 and output.rstrip().endswith("clean"), output


def test_check_finds_a_round_robin_board_exchanged(tmp_path: Path) -> None:
    text = generated(tmp_path, "--system", "roundrobin", "--players", "8", "--seed", "3")
    wrong, boards = swap_two_boards(text, 4)
    assert gacrux_rounds(wrong, tmp_path)[3] is False
    code, output = check(tmp_path, wrong)
    assert code == 1
    assert "round 4, board" in output and "is not the pairing of the Berger tables" in output, (
        boards,
        output,
    )


def test_a_team_swiss_is_clean_and_reads_back(tmp_path: Path) -> None:
    """Nine teams of four boards, 3/1/0, six rounds: a bye each round (record 320 and ``U`` on
    the boards), gacrux's checker confirms every round, and the file imports as a team book."""
    options = ["--system", "team", "--players", "9", "--rounds", "6", "--boards", "4"]
    text = generated(tmp_path, *options, "--match-win", "3", "--forfeits", "2%")
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "362 TW 3.0" in text
    assert len([line for line in text.splitlines() if line.startswith("310 ")]) == 9
    assert len([line for line in text.splitlines() if line.startswith("001 ")]) == 36
    byes = next(line for line in text.splitlines() if line.startswith("320"))
    assert len(byes[14:].split()) == 6  # one team a round
    assert gacrux_rounds(text, tmp_path) == [True] * 6
    code, output = check(tmp_path, text)
    assert code == 0 and output.rstrip().endswith("clean"), output
    book = tmp_path / "cup.xlsx"
    done = CliRunner().invoke(cli, ["trf", "import", str(tmp_path / "event.trf"), "-o", str(book)])
    assert done.exit_code == 0, done.output


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--system", "roundrobin", "--players", "8", "--rounds", "5"], "has 7 rounds"),
        (["--system", "roundrobin", "--players", "8", "--tiebreaks", "BH SB"], "Buchholz"),
        (["--system", "double", "--players", "6", "--byes", "1"], "table pairs every round"),
        (["--system", "team", "--players", "8", "--unusual", "1%"], "not in a team event"),
        (["--system", "team", "--players", "6", "--rounds", "7"], "within 5 rounds"),
        (["--system", "team", "--boards", "15"], "1 to 14 boards"),
    ],
)
def test_what_cannot_be_generated_is_refused(
    tmp_path: Path, options: list[str], message: str
) -> None:
    out = tmp_path / "x.trf"
    done = CliRunner().invoke(cli, ["generate", "-o", str(out), *options])
    assert done.exit_code != 0 and message in done.output, done.output
    assert not out.exists()


def test_a_round_robin_sit_out_written_as_a_zero_point_bye_is_the_tables(tmp_path: Path) -> None:
    """ratingbook's own round robins write the player the table leaves out as ``0000 - Z`` (a
    zero-point bye row): the same event so written is the table's pairing too (before issue 37
    the checker said "is not paired in the file, but the rules give him the pairing-allocated
    bye" for each round)."""
    text = generated(tmp_path, "--system", "roundrobin", "--players", "7")
    as_ratingbook_writes = text.replace("0000 - U", "0000 - Z")
    code, output = check(tmp_path, as_ratingbook_writes)
    assert code == 0 and output.rstrip().endswith("clean"), output


def test_a_generated_file_leaves_the_sex_blank_and_imports_without_warnings(
    tmp_path: Path,
) -> None:
    """TRF-2026, record 001: column 10 is the sex, ``m`` or ``w``, not mandatory. A generated
    player's sex is not known: blank, so that ``trf import`` reads it without a warning."""
    text = generated(tmp_path, "--players", "6", "--rounds", "3")
    sexes = {line[9] for line in text.splitlines() if line.startswith("001 ")}
    assert sexes == {" "}
    book = tmp_path / "event.xlsx"
    done = CliRunner().invoke(cli, ["trf", "import", str(tmp_path / "event.trf"), "-o", str(book)])
    assert done.exit_code == 0, done.output
    assert "sex" not in done.output
