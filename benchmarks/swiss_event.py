"""Swiss event benchmark: FIDE Dutch pairing of one round, FIDE standings with every tie-break.

    python benchmarks/swiss_event.py            # 300 players, 9 rounds, medians of 3
    python benchmarks/swiss_event.py --players 100 --rounds 7 --repeat 1

The event is generated deterministically: players rated 2700 down in steps of 3, every round paired
by ratingbook.fide (gacrux's Dutch engine), results drawn from a seeded random generator
(mostly decisive games and draws, a few forfeits, a requested half-point bye now and then, and two
withdrawals), so the pairing works on a realistic field with byes and forfeits.

Measured (wall clock, after imports):
  pairing   pair_next_round() of the last round of the event (round 9 of 300 players)
  standings fide_standings() of the finished event with all the FIDE tie-breaks of the issue
            (BH, BH/C1, BH/M1, SB, DE, WIN, WON, BPG, BWG, ARO, TPR, PTP)
Targets (issue 11, on a 2-core machine): pairing <= 5 s, standings <= 1 s.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import fide_standings, gacrux_version, pair_next_round

ALL_CODES = ("BH", "BH/C1", "BH/M1", "SB", "DE", "WIN", "WON", "BPG", "BWG", "ARO", "TPR", "PTP")
PAIRING_TARGET_S = 5.0
STANDINGS_TARGET_S = 1.0


def _results(rows: list[SwissEntry], rng: random.Random) -> list[SwissEntry]:
    outcomes = (
        [Result.WHITE_WINS] * 38
        + [Result.BLACK_WINS] * 30
        + [Result.DRAW] * 28
        + [Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT]
        + [Result.DOUBLE_FORFEIT]
    )
    done = []
    for e in rows:
        result = e.result if e.black is None else rng.choice(outcomes)
        done.append(SwissEntry(e.round, e.board, e.white, e.black, result))
    return done


def build_event(players: int, rounds: int, seed: int = 11) -> tuple[SwissEvent, SwissEvent]:
    """The finished event, and the same event before its last round was paired."""
    rng = random.Random(seed)
    field = [
        SwissPlayer(
            f"Player {i:04d}",
            rating=2700 - 3 * i,
            withdrawn=(rounds - 2 if i in (7, players // 2) else None),
        )
        for i in range(players)
    ]
    event = SwissEvent(
        tuple(field),
        (),
        SwissSettings(rounds=rounds, start_date=dt.date(2026, 4, 1), tiebreaks=ALL_CODES),
    )
    before_last = event
    for number in range(1, rounds + 1):
        byes = [
            SwissEntry(number, None, p.name, None, Result.HALF_POINT_BYE)
            for p in field
            if p.plays_in(number) and rng.random() < 0.02
        ]
        event = event.with_entries(byes)
        if number == rounds:
            before_last = event
        event = event.with_entries(_results(pair_next_round(event), rng))
    return event, before_last


def _median_time(func: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"gacrux {gacrux_version()}, Python {sys.version.split()[0]}")
    start = time.perf_counter()
    event, before_last = build_event(args.players, args.rounds)
    print(
        f"generated {args.players} players x {args.rounds} rounds "
        f"({len(event.entries)} rows) in {time.perf_counter() - start:.1f} s"
    )
    pairing = _median_time(lambda: pair_next_round(before_last), args.repeat)
    standings = _median_time(lambda: fide_standings(event, ALL_CODES), args.repeat)
    ok_p = "ok" if pairing <= PAIRING_TARGET_S else "OVER"
    ok_s = "ok" if standings <= STANDINGS_TARGET_S else "OVER"
    print(
        f"pairing round {args.rounds} of {args.players} players: {pairing:.3f} s "
        f"(target <= {PAIRING_TARGET_S:g} s, {pairing / PAIRING_TARGET_S:.2f} x target) {ok_p}"
    )
    print(
        f"standings, {len(ALL_CODES)} tie-breaks, {args.players} x {args.rounds}: "
        f"{standings:.3f} s (target <= {STANDINGS_TARGET_S:g} s, "
        f"{standings / STANDINGS_TARGET_S:.2f} x target) {ok_s}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
