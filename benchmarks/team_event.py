"""Team event benchmark: an Olympiad-sized team Swiss (FIDE C.04.6, gacrux's fideteam engine)
paired and ranked. No target and no assertion: the figures are printed.

    python benchmarks/team_event.py                      # 150 teams, 4 boards, round 5 paired
    python benchmarks/team_event.py --teams 40 --rounds 3

The event is generated deterministically: teams of four boards and a reserve, ratings drawn
from a seeded generator; rounds 1 .. R-1 paired by ratingbook.fide.gacrux.team_pairing and
played with seeded random board results (wins, draws, a few forfeits); then measured (wall
clock, after imports):
  pairing   pair_next_team_round() of round R
  ranking   team_standings() after round R-1 with MP, MPVGP, EMGSB/C1, BC and EDE
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ratingbook.core.results import Result
from ratingbook.events.team import BoardGame, Team, TeamEvent, TeamPlayer, TeamSettings
from ratingbook.fide.gacrux.team_pairing import lineup_games, pair_next_team_round
from ratingbook.fide.gacrux.team_tiebreaks import team_standings

RESULTS = (
    (Result.WHITE_WINS,) * 4
    + (Result.BLACK_WINS,) * 3
    + (Result.DRAW,) * 4
    + (Result.WHITE_WINS_BY_FORFEIT,)
)


def generate(teams: int, boards: int, seed: int) -> TeamEvent:
    rnd = random.Random(seed)
    built = []
    for t in range(1, teams + 1):
        name = f"Team {t:03d}"
        ratings = sorted((rnd.randint(1400, 2750) for _ in range(boards + 1)), reverse=True)
        players = tuple(
            TeamPlayer(f"{name} P{b}", name, b, r) for b, r in enumerate(ratings, start=1)
        )
        built.append(Team(name, players))
    return TeamEvent(tuple(built), TeamSettings(rounds=11, boards=boards))


def play(event: TeamEvent, rnd: random.Random) -> TeamEvent:
    matches = [p.match for p in pair_next_team_round(event)]
    games = [
        BoardGame(g.round, g.table, g.board, g.white, g.black, rnd.choice(RESULTS))
        for g in lineup_games(event, matches)
    ]
    return TeamEvent(
        event.teams, event.settings, event.matches + tuple(matches), event.games + tuple(games)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=150)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5, help="the round measured")
    args = parser.parse_args()
    rnd = random.Random(2016)
    event = generate(args.teams, args.boards, 2016)
    started = time.perf_counter()
    for _ in range(args.rounds - 1):
        event = play(event, rnd)
    built = time.perf_counter() - started
    started = time.perf_counter()
    paired = pair_next_team_round(event)
    pairing = time.perf_counter() - started
    started = time.perf_counter()
    standings = team_standings(event, ("MPVGP", "EMGSB/C1", "BC", "EDE"))
    ranking = time.perf_counter() - started
    print(f"team Swiss: {args.teams} teams x {args.boards} boards, round {args.rounds} paired")
    print(f"  rounds 1-{args.rounds - 1} paired and played  {built:8.2f} s")
    matches, teams = len(paired), len(standings.lines)
    print(f"  pairing of round {args.rounds:<2}      {pairing:8.2f} s  ({matches} matches)")
    print(f"  ranking after round {args.rounds - 1:<2}   {ranking:8.2f} s  ({teams} teams)")
    top = standings.lines[0]
    print(f"  leader: {top.team}, {top.match_points} MP, {float(top.game_points)} GP")


if __name__ == "__main__":
    main()
