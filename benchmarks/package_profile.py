"""Headless recalc through PackageBook against the openpyxl floor (issue 5), with a profile.

    python benchmarks/package_profile.py [--players 1000] [--games 50000] [--runs 5]
                                         [--xlsxbook] [--profile] [--keep DIR]

Builds a ladder book (seeded, so every run measures the same file), then times in fresh
processes, interleaved so a busy machine slows all of them alike:

- floor: ``openpyxl.load_workbook`` + ``save`` of the book (what any openpyxl rewrite costs);
- package: ``PackageBook`` read + ``workbook.recalc`` + ``save`` (the whole headless recalc);
- both again on the recalculated book, which already holds a 50,000-row Rating History;
- with ``--xlsxbook``, the openpyxl adapter's recalc too (slow).

Each process reports its wall time and CPU time for the work (imports excluded) and its peak
resident memory (imports included). Medians are printed with the ratios to the floor.
``--profile`` prints where a package recalc spends its time (cProfile, in this process).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

_CHILD = textwrap.dedent(
    """
    import json, resource, sys, time
    kind, source, target = sys.argv[1:4]
    if kind == "floor":
        import openpyxl
    else:
        from ratingbook import workbook
        from ratingbook.files.patching import PackageBook
        from ratingbook.files.rewriting.openpyxl_book import XlsxBook
    wall, cpu = time.perf_counter(), time.process_time()
    if kind == "floor":
        openpyxl.load_workbook(source).save(target)
    else:
        book = (PackageBook if kind == "package" else XlsxBook)(source)
        workbook.recalc(book)
        book.save(target)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    print(json.dumps({"wall": wall, "cpu": cpu, "peak": peak}))
    """
)


def make_ladder_book(path: Path, players: int, games: int, seed: int = 5) -> None:
    """A ladder book: ``players`` active players in two groups, ``games`` random games."""
    import openpyxl

    rng = random.Random(seed)
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Ladder Players")
    ws.append(["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"])
    for i in range(1, players + 1):
        group = "Seniors" if i % 2 else "Juniors"
        ws.append([i, f"Player {i}", group, True, 0, 0, rng.randint(900, 1900)])
    ws = wb.create_sheet("Ladder Games")
    ws.append(["White", "Black", "Result"])
    for _ in range(games):
        white, black = rng.sample(range(1, players + 1), 2)
        ws.append([white, black, rng.choice(["(1-0)", "(0-1)", "(½-½)"])])
    ws = wb.create_sheet("Camp Groups")
    ws.append(["Group", "Initial Ladder Rating"])
    ws.append(["Juniors", 1000])
    ws.append(["Seniors", 1200])
    wb.save(path)


def run_child(kind: str, source: Path, target: Path) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, kind, str(source), str(target)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(
    kinds: list[str], source: Path, folder: Path, runs: int
) -> dict[str, list[dict[str, float]]]:
    results: dict[str, list[dict[str, float]]] = {k: [] for k in kinds}
    for _ in range(runs):
        for kind in kinds:
            results[kind].append(run_child(kind, source, folder / f"out-{kind}.xlsx"))
    return results


def report(title: str, results: dict[str, list[dict[str, float]]]) -> None:
    print(f"\n{title}")
    floor = {k: statistics.median(r[k] for r in results["floor"]) for k in ("wall", "cpu", "peak")}
    for kind, runs in results.items():
        wall = statistics.median(r["wall"] for r in runs)
        cpu = statistics.median(r["cpu"] for r in runs)
        peak = statistics.median(r["peak"] for r in runs)
        walls = ", ".join(f"{r['wall']:.2f}" for r in runs)
        print(
            f"  {kind:8} wall {wall:6.2f} s ({wall / floor['wall']:4.2f} x floor)   "
            f"cpu {cpu:6.2f} s ({cpu / floor['cpu']:4.2f} x)   "
            f"peak {peak / 2**20:6.1f} MiB ({peak / floor['peak']:4.2f} x)   "
            f"[walls: {walls}]"
        )


def profile(source: Path, folder: Path) -> None:
    import cProfile
    import pstats

    from ratingbook import workbook
    from ratingbook.files.patching import PackageBook

    def recalc() -> None:
        book = PackageBook(source)
        workbook.recalc(book)
        book.save(folder / "profiled.xlsx")

    profiler = cProfile.Profile()
    profiler.runcall(recalc)
    print("\nwhere a package recalc spends its time (cProfile; the deflate thread is not shown):")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--xlsxbook", action="store_true", help="also time the openpyxl adapter")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one recalc")
    parser.add_argument("--keep", type=Path, help="build the books in this folder and keep them")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        book = folder / "ladder.xlsx"
        make_ladder_book(book, args.players, args.games)
        kinds = ["floor", "package"] + (["xlsxbook"] if args.xlsxbook else [])
        print(f"ladder book: {args.players:,} players, {args.games:,} games, {args.runs} runs each")
        report("fresh book (no generated sheets yet):", measure(kinds, book, folder, args.runs))
        recalculated = folder / "ladder-recalculated.xlsx"
        run_child("package", book, recalculated)
        report(
            "recalculated book (Rating History present, rebuilt):",
            measure(kinds, recalculated, folder, args.runs),
        )
        if args.profile:
            profile(book, folder)


if __name__ == "__main__":
    main()
