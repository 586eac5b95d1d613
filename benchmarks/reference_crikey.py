"""A plain Crikey judge (seed 000) to compare `ratingbook crikey` with: no validation at all.

python benchmarks/reference_crikey.py FILE      # prints what `ratingbook crikey FILE` prints
"""

import sys


def solve(text: str) -> str:
    tokens = text.split()
    pos = 1
    out = []
    for t in range(1, int(tokens[0]) + 1):
        n, m = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        ratings = {}
        for _ in range(n):
            ratings[tokens[pos]] = round(float(tokens[pos + 1]) * 100)  # in hundredths
            pos += 2
        for _ in range(m):
            white, black, result, wp, bp = tokens[pos : pos + 5]
            pos += 5
            w, b = ratings[white] + 300, ratings[black]  # White counts 3 points stronger
            ce = (abs(w - b) + 5) // 10  # the gap / 10, rounded half-up to hundredths
            if result == "drew":
                gain = -ce if w > b else ce if w < b else 0
            elif result == "won":
                gain = (100 - ce if w >= b else 100 + ce) * (2 if int(wp) < int(bp) else 1)
            else:
                gain = -(100 - ce if b >= w else 100 + ce) * (2 if int(bp) < int(wp) else 1)
            ratings[white] += gain
            ratings[black] -= gain
        out.append(f"Ratings after Tournament {t}:\n")
        for name, r in sorted(ratings.items(), key=lambda item: (item[1], item[0]), reverse=True):
            out.append(f"{name} {'-' if r < 0 else ''}{abs(r) // 100}.{abs(r) % 100:02d}\n")
    return "".join(out)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        sys.stdout.write(solve(handle.read()))
