"""ratingbook's team TRF read by a second C.04.6 engine (issue 37): Sharly-Chess's bbpPairings
fork, which pairs teams with ``--team``. Not a dependency: build it yourself and pass its path.

    python benchmarks/team_engines.py --engine /path/to/bbpPairings.exe [--events 60]

For each of ``--events`` generated team Swiss events (seeded: 5-13 teams, 2-4 boards, 2/1/0 or
3/1/0, 4-7 rounds, random board results), ratingbook pairs every round (gacrux's C.04.6
engine); before each round after the first, the event so far is written as ratingbook's team
TRF and the fork pairs the next round from that file. Printed: in how many rounds the fork's
pairing is ratingbook's, for the file as written and for the same file in the form written
before issue 37 (``362  W 3.0``; no ``U`` for a bye team's boards), and, as the two engines'
own baseline, the same count for events where neither matters (an even number of teams, so no
bye, and 2/1/0).
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

from ratingbook.core.results import Result
from ratingbook.events.team import BoardGame, Team, TeamEvent, TeamPlayer, TeamSettings
from ratingbook.fide.gacrux.team_pairing import lineup_games, pair_next_team_round
from ratingbook.trf.team_records import export_team_trf

RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
Pairs = list[tuple[int, int]]


def before_issue_37(text: str) -> str:
    """The same file as ratingbook wrote it before: 362 with one letter, no U, no 162 P."""
    text = re.sub(
        r"^362 TW(....)   TD(....)   TL(....)", r"362  W\1    D\2    L\3", text, flags=re.M
    )
    text = text.replace("    P 0.5", "")
    lines = []
    for line in text.split("\n"):
        if line.startswith("001"):
            line = line.replace("0000 - U", "        ").rstrip()
        lines.append(line)
    return "\n".join(lines)


def engine_pairs(engine: str, text: str) -> Pairs | None:
    """The fork's pairing of the next round (team pairing numbers, 0 for the bye)."""
    with tempfile.TemporaryDirectory() as folder:
        trf, out = Path(folder, "event.trf"), Path(folder, "pairs.txt")
        trf.write_text(text, encoding="utf-8")
        done = subprocess.run([engine, "--team", str(trf), "-p", str(out)], capture_output=True)
        if done.returncode:
            return None
        numbers = [int(n) for n in out.read_text().split()[1:]]
    pairs = zip(numbers[0::2], numbers[1::2], strict=True)
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def event_of(seed: int, *, baseline: bool) -> TeamEvent:
    rng = random.Random(seed)
    teams = rng.randint(5, 13)
    teams += teams % 2 if baseline else 0
    boards = rng.choice((2, 3, 4))
    rounds = rng.randint(4, min(7, teams - 1))
    win = 2 if baseline else rng.choice((2, 3))
    roster = tuple(
        Team(
            f"T{t:02d}",
            tuple(
                TeamPlayer(f"T{t:02d} P{b}", f"T{t:02d}", b, rng.randint(1200, 2400))
                for b in range(1, boards + 1)
            ),
        )
        for t in range(1, teams + 1)
    )
    return TeamEvent(roster, TeamSettings(rounds=rounds, boards=boards, match_win=Fraction(win)))


def compare(engine: str, events: int, *, baseline: bool) -> tuple[int, int, int]:
    """Rounds compared, rounds the fork pairs as ratingbook (file as written, file as before)."""
    rounds = same = same_before = 0
    for seed in range(events):
        rng = random.Random(seed * 7919)
        event = event_of(seed, baseline=baseline)
        for number in range(1, (event.settings.rounds or 0) + 1):
            try:
                matches = [p.match for p in pair_next_team_round(event)]
            except Exception:  # no legal pairing left: the event ends here
                break
            if number > 1:
                tpn = event.pairing_numbers()
                ours = sorted(
                    (min(a, b), max(a, b))
                    for a, b in ((tpn[m.white], tpn[m.black] if m.black else 0) for m in matches)
                )
                text = export_team_trf(event)
                rounds += 1
                same += engine_pairs(engine, text) == ours
                same_before += engine_pairs(engine, before_issue_37(text)) == ours
            games = [
                BoardGame(g.round, g.table, g.board, g.white, g.black, rng.choice(RESULTS))
                for g in lineup_games(event, matches)
            ]
            event = TeamEvent(
                event.teams,
                event.settings,
                event.matches + tuple(matches),
                event.games + tuple(games),
            )
    return rounds, same, same_before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the fork's bbpPairings executable")
    parser.add_argument("--events", type=int, default=60)
    args = parser.parse_args()
    print("| events | rounds | fork = ratingbook, file as written | file as before issue 37 |")
    print("|---|---:|---:|---:|")
    for baseline, label in ((False, "generated (byes, 2/1/0 or 3/1/0)"), (True, "even, 2/1/0")):
        rounds, same, before = compare(args.engine, args.events, baseline=baseline)
        print(f"| {label} | {rounds} | {same} | {before} |")


if __name__ == "__main__":
    main()
