"""Rating list benchmark (issue 35): a whole season re-rated by Glicko-2 and by Elo, and the
Python Glicko-2 packages from PyPI side by side on the same data; a late event re-rated from
its period on; and a club's whole ``ratingbook recalc``.

    python benchmarks/season_rating.py            # federation (50,000 x 1,000,000) and club
    python benchmarks/season_rating.py --quick    # 5,000 players x 100,000 games and the club

**A late event** (``late``): the season rated once (not timed), then 2,000 games of a late
event put into month 7; timed: where every player stood after month 6
(``standing_after``) and months 7 to 12 rated again from there, the lines nothing changed kept
from the season as rated before (``previous``), which is what ``season add`` hands the rating
maths for a late event; beside it, the whole season rated again.

**A club's recalc** (``recalc``): a rating list book of 500 players and 40 events in a year
(a Swiss of 5 rounds on consecutive days, 25 boards: 5,000 games, the issue's club season),
made from the ``ratinglist`` template, with its season series and without; timed: the whole
``ratingbook recalc BOOK -o OUT`` command, a fresh process, wall and CPU seconds (reading the
book, matching, rating, writing every generated sheet). ``--club`` runs this part alone;
``--club-book PATH`` only writes the book (with ``--no-series``: without the series), to
profile the command on it.

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
from dataclasses import replace
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


def _setup(system: str, starts: Any, season: Any) -> tuple[Any, Any, Any]:
    from ratingbook.ratings.elo_rules import EloSettings, KBand
    from ratingbook.ratings.glicko2 import Glicko2Settings
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
    return players, periods, rules


def _ours(system: str, starts: Any, season: Any) -> dict[str, tuple[float, float]]:
    from ratingbook.ratings.rating_periods import rate_season

    players, periods, rules = _setup(system, starts, season)
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


def _late(system: str, starts: Any, season: Any) -> dict[str, tuple[float, float]]:
    """Months 7-12 rated again from the standing after month 6, with a late event's 2,000
    games in month 7 (the season as it was rated is worked out first, not timed)."""
    from ratingbook.ratings.rating_periods import rate_season, standing_after

    players, periods, rules = _setup(system, starts, season)
    rated = rate_season(periods, players, rules)
    rng = random.Random(SEED + 1)
    keys = sorted(players)
    late = []
    for n in range(2_000):
        white, black = rng.sample(keys, 2)
        late.append((white, black, rng.choice((1.0, 0.5, 0.0)), f"late {n}"))
    six = len(periods) // 2
    periods[six] = replace(periods[six], games=[*periods[six].games, *late])
    began = time.perf_counter()
    standing = standing_after(players, rules, rated, six)
    result = rate_season(periods[six:], standing, rules, previous=rated.periods[six:])
    _LATE_SECONDS.append(time.perf_counter() - began)
    return {
        k: (s.rating, s.deviation or 0.0) for k, s in result.players.items() if s.rating is not None
    }


_LATE_SECONDS: list[float] = []


ENGINES = {
    "ours glicko2": lambda s, g: _ours("glicko2", s, g),
    "ours elo": lambda s, g: _ours("elo", s, g),
    "pyglicko2": _pyglicko2,
    "glicko2-py": _glicko2_py,
    "late glicko2": lambda s, g: _late("glicko2", s, g),
    "late elo": lambda s, g: _late("elo", s, g),
}


def child(size: str, engine: str, out: Path) -> None:
    starts, season = generate(*SIZES[size])
    base = _peak_mb()
    began = time.perf_counter()
    final = ENGINES[engine](starts, season)
    seconds = _LATE_SECONDS[0] if _LATE_SECONDS else time.perf_counter() - began
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


CLUB_LIST = (500, 40, 5, 25)  # players, events, rounds, boards: 5,000 games
_GIVEN = [
    "Ada",
    "Alan",
    "Alice",
    "Anna",
    "Ben",
    "Carla",
    "Chen",
    "David",
    "Diego",
    "Elena",
    "Emma",
    "Eric",
    "Farah",
    "Felix",
    "Grace",
    "Hana",
    "Ian",
    "Ines",
    "Jan",
    "Jonas",
    "Karin",
    "Kofi",
    "Lars",
    "Lena",
    "Liam",
    "Maria",
    "Marek",
    "Mia",
    "Nadia",
    "Noah",
    "Olga",
    "Omar",
    "Paul",
    "Priya",
    "Rosa",
    "Sam",
    "Sofia",
    "Tom",
    "Vera",
    "Yusuf",
]
_SURNAMES = [
    "Adams",
    "Baker",
    "Berg",
    "Brennan",
    "Costa",
    "Dahl",
    "Diaz",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Haas",
    "Ivanov",
    "Jensen",
    "Kowalski",
    "Laurent",
    "Lindqvist",
    "Moreau",
    "Nair",
    "Novak",
    "Okafor",
    "Olsen",
    "Park",
    "Quinn",
    "Rossi",
    "Sato",
    "Schmidt",
    "Shah",
    "Silva",
    "Tanaka",
    "Varga",
    "Walsh",
    "Weber",
    "Young",
    "Zhang",
    "Murphy",
    "Kelly",
    "Byrne",
    "Ryan",
    "Doyle",
    "Lynch",
]


def club_book(path: Path) -> int:
    """A rating list book of the club season (:data:`CLUB_LIST`) at ``path``: the template's
    settings and K rules, its players and games replaced; the number of games."""
    import datetime as dt

    from ratingbook.templates import build_template
    from ratingbook.templates.writer import TemplateBook

    players, events, rounds, boards = CLUB_LIST
    rng = random.Random(SEED)
    strength = {str(n): rng.gauss(1500, 250) for n in range(1, players + 1)}
    names = rng.sample([f"{g} {s}" for g in _GIVEN for s in _SURNAMES], players)
    name = dict(zip(strength, names, strict=True))
    player_rows = [
        (
            key,
            None,
            name[key],
            "Club",
            rng.randrange(1950, 2015),
            None,
            None if rng.random() < 0.1 else round(value + rng.gauss(0, 80)),
            None,
            None,
        )
        for key, value in strength.items()
    ]
    game_rows = []
    for event in range(events):
        start = dt.date(2025, 9, 1) + dt.timedelta(days=9 * event)  # 40 events in a year
        for round_ in range(1, rounds + 1):
            day = start + dt.timedelta(days=round_ - 1)
            seated = rng.sample(sorted(strength), 2 * boards)
            for white, black in zip(seated[::2], seated[1::2], strict=True):
                expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
                roll = rng.random()
                result = "½-½" if roll < 0.25 else "1-0" if roll < 0.25 + 0.75 * expected else "0-1"
                game_rows.append(
                    (
                        day,
                        f"Club Swiss {event + 1}",
                        round_,
                        name[white],
                        white,
                        name[black],
                        black,
                        result,
                        None,
                    )
                )
    rows = {"List Players": player_rows, "List Games": game_rows}
    TemplateBook(build_template("ratinglist", rows=rows, recalc=False)).save(path)
    return len(game_rows)


def club_series_book(path: Path, series: bool) -> int:
    """:func:`club_book` at ``path``, with the template's season series or without one (its
    Series Points setting cleared); the number of games."""
    import openpyxl

    games = club_book(path)
    if not series:
        wb = openpyxl.load_workbook(path)
        for row in wb["List Settings"].iter_rows(min_row=2):
            if row[0].value == "Series Points":
                row[1].value = None
        wb.save(path)
    return games


def club_recalc(series: bool) -> tuple[str, str]:
    """The whole ``ratingbook recalc`` of the club list book (with the template's season
    series, or without one), a fresh process: wall seconds, and CPU seconds (user and system,
    of the command and its worker: on a shared machine the wall clock waits for others)."""
    import resource
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        book, out = Path(folder) / "club-list.xlsx", Path(folder) / "rated.xlsx"
        games = club_series_book(book, series)
        command = [sys.executable, "-m", "ratingbook", "recalc", str(book), "-o", str(out)]
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)
        print(f"club list book ({games:,} games): {done.stdout.strip()}", flush=True)
    return f"{seconds:.2f}", f"{cpu:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--child", nargs=3, metavar=("SIZE", "ENGINE", "OUT"))
    parser.add_argument("--club", action="store_true", help="the club's recalc alone")
    parser.add_argument("--club-book", type=Path, metavar="PATH", help="only write the club book")
    parser.add_argument("--no-series", action="store_true", help="the club book without a series")
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], Path(args.child[2]))
        return
    if args.club_book:
        club_series_book(args.club_book, not args.no_series)
        return
    import tempfile

    rows = []
    missing = [engine for engine in ENGINES if not _available(engine)]
    if missing:  # said, not silently left out of the table
        print(
            f"left out (not installed): {', '.join(missing)}; "
            "`pip install pyglicko2 glicko2-py` adds them to the comparison"
        )
    for size in () if args.club else ("quick" if args.quick else "federation", "club"):
        players, games, periods = SIZES[size]
        ours: dict[str, Any] = {}
        for engine in ENGINES:
            if engine in missing:
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
            if engine.startswith("late"):  # against the whole season rated again
                ratio = f"{got['seconds'] / ours[engine.replace('late', 'ours')]['seconds']:.2f}"
            elif not engine.startswith("ours"):
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
    for series in (True, False):
        wall, cpu = club_recalc(series)
        name = "club list book (500 x 5,000, 40 events" + (", a series)" if series else ")")
        rows.append((name, "ratingbook recalc", wall, "", "", "", f"CPU {cpu} s"))
    header = ("season", "engine", "seconds", "base MB", "peak MB", "max diff", "time / ours")
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    print()
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
    if not math.isfinite(sum(float(r[2]) for r in rows)):
        raise SystemExit("a measurement failed")


if __name__ == "__main__":
    main()
