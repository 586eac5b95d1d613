"""Rating list benchmark (issue 35): a whole season re-rated by Glicko-2 and by Elo, and the
Python Glicko-2 packages from PyPI side by side on the same data.

    python benchmarks/season_rating.py            # federation (50,000 x 1,000,000) and club
    python benchmarks/season_rating.py --quick    # 5,000 players x 100,000 games and the club

Two seasons, generated deterministically (seed 2026): a **small federation**, 50,000 players
(10 % unrated), 1,000,000 games in 12 monthly periods, each game between players close in the
list (as Swiss and league pairings are), results drawn from hidden strengths; a **club**, 500
players, 5,000 games in 40 events, each event a period. Each measurement is a fresh process
(``--child``): the season is generated, then only ``rate_season`` (or the package's loop) is
timed, wall seconds, and the peak resident set size (``VmHWM``) is read before and after.

Engines: ours, Glicko-2 (``Glicko2Settings()``) and Elo (K 40 below 30 games, 20 below 2400,
10 from it; provisional for 10 games: unrated players' performances solved together), with the
per-game lines the reports need; and each Glicko-2 package that is installed: ``pyglicko2``
(the test extra's) and ``glicko2-py`` (import name ``glicko2``; the older ``glicko2`` package
shares that name, and its f uses μ² for φ²: it is left out). A package's loop does what ours
does: each period from copies of every player's values at its start, step 6 for rated players
who sit out. "max diff" is the largest difference from ours in any final rating or RD.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

SEED = 2026
SIZES = {
    "federation": (50_000, 1_000_000, 12),
    "quick": (5_000, 100_000, 12),
    "club": (500, 5_000, 40),
}
SCALE = 173.7178

Season = tuple[dict[str, tuple[float | None, int | None]], list[list[tuple[str, str, float, int]]]]


def generate(players: int, games: int, periods: int) -> Season:
    """Players (rating or None, games before) and each period's games (white, black, score, ref)."""
    rng = random.Random(SEED)
    keys = [f"P{n:06d}" for n in range(players)]
    strength = [rng.gauss(1600, 300) for _ in keys]
    order = sorted(range(players), key=strength.__getitem__)
    starts: dict[str, tuple[float | None, int | None]] = {}
    for n, key in enumerate(keys):
        if rng.random() < 0.1:
            starts[key] = (None, None)
        else:
            starts[key] = (float(round(strength[n] + rng.gauss(0, 100))), rng.randrange(200))
    per_period = games // periods
    season: list[list[tuple[str, str, float, int]]] = []
    ref = 0
    for _ in range(periods):
        period = []
        for _ in range(per_period):
            at = rng.randrange(players)
            other = min(players - 1, max(0, at + rng.randint(-60, 60)))
            if other == at:
                other = (at + 1) % players
            white, black = order[at], order[other]
            expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
            draw = 0.25
            roll = rng.random()
            score = 0.5 if roll < draw else 1.0 if roll < draw + (1 - draw) * expected else 0.0
            ref += 1
            period.append((keys[white], keys[black], score, ref))
        season.append(period)
    return starts, season


def _peak_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ours(system: str, starts: Any, season: Any) -> dict[str, tuple[float, float]]:
    from ratingbook.ratings.elo_rules import EloSettings, KBand
    from ratingbook.ratings.glicko2 import Glicko2Settings
    from ratingbook.ratings.rating_periods import rate_season
    from ratingbook.ratings.season_model import PlayerStart, RatingPeriod

    players = {k: PlayerStart(r, games=None if r is None else g) for k, (r, g) in starts.items()}
    periods = [RatingPeriod(games, f"period {n}") for n, games in enumerate(season, 1)]
    rules: Any
    if system == "glicko2":
        rules = Glicko2Settings()
    else:
        rules = EloSettings(
            bands=(KBand(40, games_below=30), KBand(20, rating_below=2400), KBand(10)),
            provisional_games=10,
        )
    result = rate_season(periods, players, rules)
    return {
        k: (s.rating, s.deviation or 0.0) for k, s in result.players.items() if s.rating is not None
    }


def _pyglicko2(starts: Any, season: Any) -> dict[str, tuple[float, float]]:
    import pyglicko2

    outcome = {1.0: pyglicko2.Outcome.WIN, 0.5: pyglicko2.Outcome.DRAW, 0.0: pyglicko2.Outcome.LOSS}
    values = {k: None if r is None else (r, 350.0, 0.06) for k, (r, _) in starts.items()}
    fresh = (1500.0, 350.0, 0.06)
    with pyglicko2.system(0.5):
        for games in season:
            played: dict[str, list[tuple[str, float]]] = {}
            for white, black, score, _ in games:
                played.setdefault(white, []).append((black, score))
                played.setdefault(black, []).append((white, 1.0 - score))
            pre = {k: pyglicko2.Player(*(values[k] or fresh)) for k in played}
            new = dict(values)
            for key in played.keys() | {k for k, v in values.items() if v is not None}:
                player = pyglicko2.Player(*(values[key] or fresh))
                own = played.get(key, ())
                player.update([pre[o] for o, _ in own], [outcome[s] for _, s in own])
                new[key] = (SCALE * player.μ + 1500, SCALE * player.φ, player.σ)
            values = new
    return {k: (v[0], v[1]) for k, v in values.items() if v is not None}


def _glicko2_py(starts: Any, season: Any) -> dict[str, tuple[float, float]]:
    from glicko2.math.algorithm import update_rating  # the glicko2-py package

    values = {
        k: None if r is None else ((r - 1500) / SCALE, 350 / SCALE, 0.06)
        for k, (r, _) in starts.items()
    }
    fresh = (0.0, 350 / SCALE, 0.06)
    for games in season:
        played: dict[str, list[tuple[str, float]]] = {}
        for white, black, score, _ in games:
            played.setdefault(white, []).append((black, score))
            played.setdefault(black, []).append((white, 1.0 - score))
        new = dict(values)
        for key in played.keys() | {k for k, v in values.items() if v is not None}:
            mu, phi, sigma = values[key] or fresh
            opponents = [(*(values[o] or fresh)[:2], s) for o, s in played.get(key, ())]
            new[key] = tuple(update_rating(mu, phi, sigma, opponents, 0.5))
        values = new
    return {k: (SCALE * v[0] + 1500, SCALE * v[1]) for k, v in values.items() if v is not None}


ENGINES = {
    "ours glicko2": lambda s, g: _ours("glicko2", s, g),
    "ours elo": lambda s, g: _ours("elo", s, g),
    "pyglicko2": _pyglicko2,
    "glicko2-py": _glicko2_py,
}


def child(size: str, engine: str, out: Path) -> None:
    starts, season = generate(*SIZES[size])
    base = _peak_mb()
    began = time.perf_counter()
    final = ENGINES[engine](starts, season)
    seconds = time.perf_counter() - began
    peak = _peak_mb()
    out.write_text(json.dumps({"seconds": seconds, "base": base, "peak": peak, "final": final}))


def _available(engine: str) -> bool:
    module = {"pyglicko2": "pyglicko2", "glicko2-py": "glicko2.math.algorithm"}.get(engine)
    if module is None:
        return True
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--child", nargs=3, metavar=("SIZE", "ENGINE", "OUT"))
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], Path(args.child[2]))
        return
    import tempfile

    rows = []
    for size in ("quick" if args.quick else "federation", "club"):
        players, games, periods = SIZES[size]
        ours: dict[str, Any] = {}
        for engine in ENGINES:
            if not _available(engine):
                continue
            with tempfile.TemporaryDirectory() as folder:
                out = Path(folder) / "result.json"
                command = [sys.executable, __file__, "--child", size, engine, str(out)]
                subprocess.run(command, check=True)
                got = json.loads(out.read_text())
            if engine.startswith("ours"):
                ours[engine] = got
            reference = ours["ours glicko2"]
            diff = ratio = ""
            if not engine.startswith("ours"):
                mine, theirs = reference["final"], got["final"]
                assert mine.keys() == theirs.keys(), "the packages rated other players"
                largest = max(
                    max(abs(a - b) for a, b in zip(mine[k], theirs[k], strict=True)) for k in mine
                )
                diff = f"{largest:.1e}"
                ratio = f"{got['seconds'] / reference['seconds']:.2f}"
            rows.append(
                (
                    f"{size} ({players:,} x {games:,}, {periods} periods)",
                    engine,
                    f"{got['seconds']:.2f}",
                    f"{got['base']:.0f}",
                    f"{got['peak']:.0f}",
                    diff,
                    ratio,
                )
            )
            print(" | ".join(rows[-1]), flush=True)
    header = ("season", "engine", "seconds", "base MB", "peak MB", "max diff", "time / ours")
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    print()
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
    if not math.isfinite(sum(float(r[2]) for r in rows)):
        raise SystemExit("a measurement failed")


if __name__ == "__main__":
    main()
