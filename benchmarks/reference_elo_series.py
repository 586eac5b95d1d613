"""A plain Elo series (seed 003) to compare `ratingbook elo-series` with: no validation at all.

python benchmarks/reference_elo_series.py FILE   # prints what `ratingbook elo-series FILE` does
"""

import math
import sys


def number(token: str) -> float:
    value = float(token)
    return int(value) if value.is_integer() else value


def solve(text: str) -> str:
    lines = text.split("\n")
    k, a, b = (number(token) for token in lines[0].split())
    out = [f"{a} {b}\n"]
    for line in lines[1:]:
        for token in line.split():
            s = float(token)
            expected_a = 1 / (1 + 10 ** ((b - a) / 400))
            expected_b = 1 / (1 + 10 ** ((a - b) / 400))
            # R' = R + K (S - E), both rounded half-up after every game
            a, b = (
                math.floor(a + k * (s - expected_a) + 0.5),
                math.floor(b + k * ((1 - s) - expected_b) + 0.5),
            )
            out.append(f"{a} {b}\n")
    return "".join(out)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        sys.stdout.write(solve(handle.read()))
