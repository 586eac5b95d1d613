"""Who can still win, on a 300-player open before its last round (figures printed, no assertion).

    python benchmarks/contenders.py [--players 300] [--rounds 9] [--seed 1]

Plays rounds 1 to N-1 of a generated open (players paired within their score order, the
stronger one winning more often), then times :func:`ratingbook.events.contenders.contenders`
before the last round twice: not paired yet, and paired (score order, neighbours meeting).
Prints the time of each and how many players can still finish first (alone / shared).
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

from ratingbook.events.contenders import RoundPlan, contenders, describe


def played_open(players: int, rounds: int, seed: int) -> dict[str, Fraction]:
    rng = random.Random(seed)
    rating = {f"Player {i:03d}": 2600 - 4 * i + rng.randint(-50, 50) for i in range(players)}
    points = dict.fromkeys(rating, Fraction(0))
    for _ in range(rounds - 1):
        order = sorted(rating, key=lambda n: (-points[n], -rating[n]))
        for a, b in zip(order[::2], order[1::2], strict=False):
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            roll = rng.random()
            if roll < expected - 0.15:
                points[a] += 1
            elif roll < expected + 0.15:
                points[a] += Fraction(1, 2)
                points[b] += Fraction(1, 2)
            else:
                points[b] += 1
        if len(order) % 2:
            points[order[-1]] += 1
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    points = played_open(args.players, args.rounds, args.seed)
    order = sorted(points, key=lambda n: -points[n])
    paired = tuple(zip(order[::2], order[1::2], strict=False))
    for label, plan in (("not paired", RoundPlan()), ("paired", RoundPlan(paired))):
        start = time.perf_counter()
        found = contenders(points, [plan])
        took = time.perf_counter() - start
        alone = sum(1 for c in found if c.alone)
        shared = sum(1 for c in found if c.shared)
        print(
            f"{args.players} players before round {args.rounds}, last round {label}: "
            f"{took:.3f} s; {alone} can finish first alone, {shared} first at least shared"
        )
        for c in found[:4]:
            print("   ", describe(c))


if __name__ == "__main__":
    main()
