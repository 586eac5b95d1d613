"""``ratingbook check`` of a round robin paired ahead (``ratingbook pair --all``: the list of
every round, printed or published before the event starts): every paired round is checked
against the Berger tables (C.05 Annex 1), played or not, and the summary counts them all (a
user test: only the rounds with results were checked, "1 round ... clean", so a game of round
4 with its colours reversed went unsaid).

The expected pairings are FIDE's Berger table for 5 or 6 players (C.05 Annex 1), written out
below; the files are written by hand from it, and each mistake is made by hand in the TRF
layout (:mod:`tests.helpers.trf_mutations`), never with ratingbook's own output.
"""

from __future__ import annotations

from pathlib import Path
from shutil import copyfile

import pytest
from click.testing import CliRunner
from tests.helpers.paths import TEMPLATES
from tests.helpers.trf_mutations import Trf

from ratingbook.cli import cli

#: C.05 Annex 1, the table for 5 or 6 players: each round's boards, White first (with five
#: players, number 6 is the bye: his opponent sits the round out).
BERGER_6 = {
    1: [(1, 6), (2, 5), (3, 4)],
    2: [(6, 4), (5, 3), (1, 2)],
    3: [(2, 6), (3, 1), (4, 5)],
    4: [(6, 5), (1, 4), (2, 3)],
    5: [(3, 6), (4, 2), (5, 1)],
}
NAMES = {1: "Nadia Holm", 2: "Oskar Lind", 3: "Petra Aas", 4: "Quentin Berg", 5: "Rita Dahl"}
NAMES[6] = "Sven Eng"
TABLE = "the Berger tables (C.05 Annex 1)"
#: Six players, round 1 played (1-6 1-0, 2-5 ½-½, 3-4 0-1), rounds 2 to 5 paired by the table
#: and not played yet (no result letter), as ``pair --all`` leaves them; ranks by DE WIN SB KS
#: after round 1 (1.0: Nadia and Quentin, by start number; 0.5: Oskar and Rita; 0.0: Petra and
#: Sven), the direct encounter and the rest leaving each pair tied.
SIX = """\
012 Thursday all-play-all
042 2026/04/09
062 6
072 6
092 Individual: round-robin
142 5
152 W
162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.0
192 FIDE_ROUNDROBIN
202 DE,WIN,SB,KS
212 PTS,DE,WIN,SB,KS
001    1      Nadia Holm                        2012                             1.0    1     6 w 1     2 w       3 b       4 w       5 b
001    2      Oskar Lind                        1968                             0.5    3     5 w =     1 b       6 w       3 w       4 b
001    3      Petra Aas                         1875                             0.0    5     4 w 0     5 b       1 w       2 b       6 w
001    4      Quentin Berg                      1802                             1.0    1     3 b 1     6 b       5 w       1 b       2 w
001    5      Rita Dahl                         1730                             0.5    3     2 b =     3 w       4 b       6 b       1 w
001    6      Sven Eng                          1655                             0.0    5     1 b 0     4 w       2 b       5 w       3 b
XXR 5
"""  # noqa: E501
#: The same five of them without Sven (number 6): whoever the table pairs with 6 sits the
#: round out, written as ratingbook writes it, a zero-point bye (``Z``), known ahead. Round 1
#: played: 2-5 ½-½, 3-4 0-1, Nadia out; no ranks stated.
FIVE = """\
012 Thursday all-play-all
042 2026/04/09
062 5
072 5
092 Individual: round-robin
142 5
152 W
162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.0
192 FIDE_ROUNDROBIN
001    1      Nadia Holm                        2012                             0.0       0000 - Z     2 w       3 b       4 w       5 b
001    2      Oskar Lind                        1968                             0.5          5 w =     1 b    0000 - Z     3 w       4 b
001    3      Petra Aas                         1875                             0.0          4 w 0     5 b       1 w       2 b    0000 - Z
001    4      Quentin Berg                      1802                             1.0          3 b 1  0000 - Z     5 w       1 b       2 w
001    5      Rita Dahl                         1730                             0.5          2 b =     3 w       4 b    0000 - Z     1 w
XXR 5
"""  # noqa: E501


def check(folder: Path, text: str) -> tuple[int, str]:
    path = folder / "event.trf"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", str(path)])
    return done.exit_code, done.output


def test_the_files_are_the_berger_table() -> None:
    """The hand-written files hold the table's games, round by round (the five players' the
    table's without number 6): the check of a clean file below checks a right file."""
    for text, players in ((SIX, 6), (FIVE, 5)):
        trf = Trf(text)
        for number, boards in BERGER_6.items():
            games = [(w, b) for w, b in boards if max(w, b) <= players]
            assert sorted(trf.games(number)) == sorted(games), (players, number)


@pytest.mark.parametrize("text", [SIX, FIVE], ids=["six", "five with a bye"])
def test_every_round_paired_ahead_is_checked_and_counted(tmp_path: Path, text: str) -> None:
    code, output = check(tmp_path, text)
    assert code == 0, output
    assert f"event.trf: 5 rounds by {TABLE}" in output, output
    assert (
        "note: rounds 2, 3, 4 and 5 are paired and not played yet: their pairings are checked"
    ) in output, output
    assert output.rstrip().endswith("event.trf: clean"), output


@pytest.mark.parametrize("text", [SIX, FIVE], ids=["six", "five with a bye"])
@pytest.mark.parametrize("number", [2, 3, 4, 5])
def test_a_game_reversed_in_a_round_not_played_is_found(
    tmp_path: Path, text: str, number: int
) -> None:
    """Nadia Holm's game of the round with its colours reversed: the table's board and White,
    said for that round, whichever round it is."""
    board, (white, black) = next(
        (board, game) for board, game in enumerate(BERGER_6[number], 1) if 1 in game
    )
    trf = Trf(text)
    trf.reverse_colours(number, (white, black))
    code, output = check(tmp_path, trf.text())
    assert code == 1, output
    assert (
        f"round {number}, board {board}: {NAMES[black]} has White against {NAMES[white]}, but "
        f"the colour rules of {TABLE} give White to {NAMES[white]}"
    ) in output, output
    assert f"event.trf: 5 rounds by {TABLE}" in output, output
    assert output.rstrip().endswith("event.trf: 1 problem"), output


def test_a_round_robin_with_one_round_ahead_says_the_table_s_reason(tmp_path: Path) -> None:
    """Round 2 paired, not played, the rounds after it not paired yet: the one round checked
    before its results, by the table."""
    lines = [line[:109].rstrip() if line.startswith("001") else line for line in SIX.split("\n")]
    code, output = check(tmp_path, "\n".join(lines))
    assert code == 0, output
    assert f"event.trf: 2 rounds by {TABLE}" in output, output
    assert "note: round 2 is paired and not played yet: its pairing is checked" in output


def test_a_book_paired_with_all_is_checked_whole(tmp_path: Path) -> None:
    """The user's way: the round-robin template (six players, round 1 played, round 2 paired)
    and ``pair --all``: all five rounds of the table checked, the four ahead named."""
    book = tmp_path / "rr.xlsx"
    copyfile(TEMPLATES / "roundrobin.xlsx", book)
    done = CliRunner().invoke(cli, ["pair", str(book), "--all", "--in-place"])
    assert done.exit_code == 0, done.output
    done = CliRunner().invoke(cli, ["check", str(book)])
    assert done.exit_code == 0, done.output
    assert f"rr.xlsx: 5 rounds by {TABLE}" in done.output, done.output
    assert "rounds 2, 3, 4 and 5 are paired and not played yet" in done.output, done.output


def test_a_team_round_robin_paired_with_all_is_checked_whole(tmp_path: Path) -> None:
    """User test 49: the team template made a round robin (five teams: the table for 5 or 6,
    five rounds, C.05 Annex 1) and paired with ``pair --all`` before any result said "no
    paired round". Every round of the table is checked, all five named as not played yet."""
    import openpyxl

    book = tmp_path / "cup.xlsx"
    copyfile(TEMPLATES / "team.xlsx", book)
    wb = openpyxl.load_workbook(book)
    for row in wb["Team Settings"].iter_rows(min_row=2):
        if row[0].value == "System":
            row[1].value = "Round Robin"
        elif row[0].value == "Rounds":
            row[1].value = 5
        elif row[0].value == "Main Score at Round 1":
            row[1].value = None
    for name in ("Team Matches", "Team Boards"):
        sheet = wb[name]
        for row in sheet.iter_rows(min_row=2):
            for cell in row:
                cell.value = None
    wb.save(book)
    done = CliRunner().invoke(cli, ["pair", str(book), "--all", "--in-place"])
    assert done.exit_code == 0, done.output
    done = CliRunner().invoke(cli, ["check", str(book)])
    assert done.exit_code == 0, done.output
    assert f"cup.xlsx: 5 rounds by {TABLE}" in done.output, done.output
    assert "rounds 1, 2, 3, 4 and 5 are paired and not played yet" in done.output, done.output
    assert done.output.rstrip().endswith("cup.xlsx: clean"), done.output
