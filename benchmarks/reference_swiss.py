"""Plain Swiss standings (seed 004) to compare `ratingbook swiss` with: no validation at all.

python benchmarks/reference_swiss.py FILE        # prints what `ratingbook swiss FILE` prints
"""

import sys


def solve(text: str) -> str:
    names_part, games_part = text.strip().split("\n\n", 1)
    names = names_part.split()
    points = dict.fromkeys(names, 0.0)
    blacks = dict.fromkeys(names, 0)
    games = []
    tokens = games_part.split()
    for i in range(0, len(tokens), 4):
        white, black, wp, bp = tokens[i : i + 4]
        games.append((white, black, float(wp), float(bp)))
        points[white] += float(wp)
        points[black] += float(bp)
        blacks[black] += 1
    resistance = dict.fromkeys(names, 0.0)
    sonneborn = dict.fromkeys(names, 0.0)
    for white, black, wp, bp in games:
        resistance[white] += points[black]
        resistance[black] += points[white]
        sonneborn[white] += wp * points[black]
        sonneborn[black] += bp * points[white]
    keys = {n: (points[n], resistance[n], sonneborn[n], blacks[n]) for n in names}
    ranked = sorted(names, key=keys.__getitem__, reverse=True)
    out = ["\tpt\trp\tSB\tb\n"]
    rank = 0
    for position, n in enumerate(ranked, start=1):
        if position == 1 or keys[n] != keys[ranked[position - 2]]:
            rank = position
        p, r, sb, b = keys[n]
        out.append(f"{rank} {n}\t{p:.1f}\t{r:.1f}\t{sb:.2f}\t{b}\n")
    return "".join(out)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        sys.stdout.write(solve(handle.read()))
