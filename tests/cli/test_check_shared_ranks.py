"""``ratingbook check`` on shared ranks (issue 37, FIDE C.02 Q16-39; C.07): players may share a
rank only when the tie-break list leaves them tied (equal on points and on every tie-break),
and a shared rank may not sit above a player the list puts ahead.

The expected ranks are gacrux's own tie-break checker's (``gacrux.tiebreakchecker``, FIDE's
reference tool, run in-process as its command line runs) on the very file checked: never
ratingbook's. The event is the one the user test broke by hand: ``ratingbook generate
--players 20 --rounds 6 --seed 1`` (tie-break list ``PTS,BH/C1,BH,SB``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from unittest import mock

from click.testing import CliRunner
from gacrux.tiebreakchecker import tiebreakchecker

from ratingbook.cli import cli


def generated(folder: Path) -> str:
    out = folder / "event.trf"
    options = ["--players", "20", "--rounds", "6", "--seed", "1"]
    done = CliRunner().invoke(cli, ["generate", "-o", str(out), *options])
    assert done.exit_code == 0, done.output
    return out.read_bytes().decode("utf-8").replace("\r\n", "\n")


def gacrux_ranks(text: str, folder: Path, codes: tuple[str, ...]) -> dict[int, tuple[int, list]]:
    """gacrux's tie-break checker on ``text``: each start number's (rank, [points, values])."""
    source, out = folder / "gacrux.trf", folder / "gacrux.json"
    source.write_text(text, encoding="utf-8")
    argv = ["tiebreakchecker", "-i", str(source), "-b", "utf-8", "-s", "-n", "6", "-N", "6"]
    argv += ["-t", "PTS", *codes, "-o", str(out)]
    with mock.patch.object(sys, "argv", argv):
        tiebreakchecker().common_main()
    result = json.loads(out.read_text(encoding="utf-8"))["tiebreakResult"]
    return {c["cid"]: (c["rank"], c["tiebreakScore"]) for c in result["competitors"]}


def ranked(text: str, ranks: dict[int, int]) -> str:
    """``text`` with each 001 record's rank (columns 86-89) set to ``ranks[start number]``."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001 "):
            line = line.ljust(89)[:85] + f"{ranks[int(line[4:8])]:4}" + line[89:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def check(folder: Path, text: str) -> tuple[int, list[str]]:
    path = folder / "checked.trf"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", str(path)])
    return done.exit_code, done.output.splitlines()


def name(number: int) -> str:
    return f"Generated, Player {number:04d}"


CODES = ("BH/C1", "BH", "SB")


def test_a_rank_shared_with_the_leader_above_a_player_ahead_is_found(tmp_path: Path) -> None:
    """The user test's ``g-tie2.trf``: gacrux's sixth (3.5 points) given rank 1, shared with
    gacrux's first (5), above gacrux's second (4.5, rank 2)."""
    text = generated(tmp_path)
    theirs = gacrux_ranks(text, tmp_path, CODES)
    by_rank = {rank: number for number, (rank, _) in theirs.items()}
    first, second, sixth = by_rank[1], by_rank[2], by_rank[6]
    points = {n: float(scores[0]) for n, (_, scores) in theirs.items()}
    assert (points[first], points[second], points[sixth]) == (5.0, 4.5, 3.5)
    ranks = {n: rank for n, (rank, _) in theirs.items()}
    code, output = check(tmp_path, ranked(text, ranks))
    assert code == 0, output  # gacrux's own ranks: clean
    code, output = check(tmp_path, ranked(text, {**ranks, sixth: 1}))
    assert code == 1, output
    problems = [line.strip() for line in output if "standings after round 6" in line]
    assert (
        f"standings after round 6: {name(first)} and {name(sixth)} share rank 1 in the file, but "
        f"{name(first)} is ahead on points (5 against 3.5), so they are not tied "
        "(tie-break list: BH/C1 BH SB; C.07)"
    ) in problems, output
    assert (
        f"standings after round 6: {name(sixth)} is ranked 1 in the file, above {name(second)} "
        f"(2), but {name(second)} is ahead on points (4.5 against 3.5) "
        "(tie-break list: BH/C1 BH SB; C.07)"
    ) in problems, output


def test_players_tied_on_points_only_may_not_share_a_rank(tmp_path: Path) -> None:
    """gacrux's third, fourth and fifth have 4 points each, set apart by BH/C1 (20, 16, 14.5):
    all three given rank 3 is two problems, each naming the Buchholz that separates them."""
    text = generated(tmp_path)
    theirs = gacrux_ranks(text, tmp_path, CODES)
    by_rank = {rank: number for number, (rank, _) in theirs.items()}
    third, fourth, fifth = by_rank[3], by_rank[4], by_rank[5]
    values = [[float(v) for v in theirs[n][1][:2]] for n in (third, fourth, fifth)]
    assert values == [[4.0, 20.0], [4.0, 16.0], [4.0, 14.5]]
    ranks = {n: rank for n, (rank, _) in theirs.items()}
    code, output = check(tmp_path, ranked(text, {**ranks, fourth: 3, fifth: 3}))
    assert code == 1, output
    problems = [line.strip() for line in output if "standings after round 6" in line]
    assert problems == [
        f"standings after round 6: {name(third)} and {name(fourth)} share rank 3 in the file, "
        f"but {name(third)} is ahead on Buchholz (BH/C1) (20 against 16), so they are not tied "
        "(tie-break list: BH/C1 BH SB; C.07)",
        f"standings after round 6: {name(fourth)} and {name(fifth)} share rank 3 in the file, "
        f"but {name(fourth)} is ahead on Buchholz (BH/C1) (16 against 14.5), so they are not "
        "tied (tie-break list: BH/C1 BH SB; C.07)",
    ], output


def test_players_the_list_leaves_tied_may_share_a_rank_or_not(tmp_path: Path) -> None:
    """With points alone as the list (212 ``PTS``), gacrux ranks the players tied on points
    alike: those shared ranks are clean, and so are the generator's distinct ones."""
    text = generated(tmp_path)
    text = "\n".join("212 PTS" if line.startswith("212 ") else line for line in text.splitlines())
    theirs = gacrux_ranks(text, tmp_path, ())
    ranks = {n: rank for n, (rank, _) in theirs.items()}
    assert sorted(ranks.values())[:5] == [1, 2, 3, 3, 3]  # the three on 4 points share 3
    code, output = check(tmp_path, ranked(text, ranks))
    assert code == 0, output
    code, output = check(tmp_path, text + "\n")
    assert code == 0, output
