"""ratingbook benchmarks: headless recalc vs the openpyxl floor, engine throughput, Excel calls.

    python benchmarks/run.py                 # full run (a few minutes on a small machine)
    python benchmarks/run.py --quick         # small inputs, one run each: a smoke test
    python benchmarks/run.py --repeat 5      # medians over 5 runs instead of 3
    python benchmarks/run.py --profile       # also cProfile the engine paths (top functions)
    python benchmarks/run.py --only engine   # just one part: book, engine, excel, formats

Every measurement runs in a fresh Python process (this script calling itself with ``--child``),
so each one starts cold and its memory peak is its own. Times are wall-clock seconds of the
measured work only (interpreter start-up and imports are done before the clock starts). Memory
is the child's peak resident set size (VmHWM on Linux, else ``ru_maxrss``), which
includes the interpreter and its imports (the "base MB" column: the peak before the work).
Each figure printed is the median over the runs.

Targets (issue 5): headless recalc <= 1.10 x the time and <= 1.3 x the peak memory of openpyxl's
own ``load_workbook`` + ``save`` of the same file; ladder and Crikey >= 500,000 games/s; Swiss
2,000 players x 11 rounds <= 100 ms; the number of calls to Excel the same for 50 and 5,000 games.
Issue 13: the seed formats (formats.py) in at most half the time of a plain reference program.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

# The xlwings JSON engine is only registered when the key is set before xlwings is imported.
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import generate  # noqa: E402  (benchmarks/generate.py, found through sys.path above)

LADDER_TARGET = 500_000  # games per second
CRIKEY_TARGET = 500_000
SWISS_TARGET_MS = 100.0
TIME_RATIO_TARGET = 1.10
MEMORY_RATIO_TARGET = 1.3


# --- the child side: one measurement per process ------------------------------------------------


def _peak_mb() -> float:
    """This process's peak resident set size in MB.

    On Linux, VmHWM from /proc/self/status: unlike ``ru_maxrss`` it starts afresh at exec, so a
    child does not inherit the high-water mark of the (possibly big) parent that forked it.
    Elsewhere ``getrusage(RUSAGE_SELF).ru_maxrss``.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes.
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _adapter_class(name: str) -> Any:
    if name == "XlsxBook":
        from ratingbook.files.rewriting.openpyxl_book import XlsxBook

        return XlsxBook
    from ratingbook.files.patching import PackageBook  # type: ignore[import-not-found]

    return PackageBook


def _child_book(args: dict[str, Any]) -> dict[str, Any]:
    """Time one workbook job: the openpyxl floor, the CLI's code path, or one adapter by name."""
    import openpyxl

    source = args["path"]
    out_dir = tempfile.mkdtemp(prefix="ratingbook-bench-")
    target = os.path.join(out_dir, "out" + Path(source).suffix)
    used: list[str] = []
    if args["mode"] == "floor":
        baseline = _peak_mb()
        start = time.perf_counter()
        wb = openpyxl.load_workbook(source)
        wb.save(target)
        seconds = time.perf_counter() - start
    else:
        from ratingbook import workbook
        from ratingbook.cli.jobs import BookJob, run_book_job

        _watch_adapters(used)
        baseline = _peak_mb()
        start = time.perf_counter()
        if args["mode"] == "cli":
            outcome = run_book_job(BookJob(source, target, False, "recalc"))
            if outcome.errors:
                raise SystemExit(f"recalc failed: {outcome.errors}")
        else:  # the same calls as run_book_job, with the adapter named
            book = _adapter_class(args["mode"])(source)
            workbook.recalc(book)
            book.save(target)
        seconds = time.perf_counter() - start
    size = os.path.getsize(target)
    if args.get("keep"):
        os.replace(target, args["keep"])
    else:
        os.unlink(target)
    os.rmdir(out_dir)
    return {
        "seconds": seconds,
        "peak_mb": _peak_mb(),
        "baseline_mb": baseline,
        "out_bytes": size,
        "adapter": sorted(set(used)),
    }


def _adapters() -> list[str]:
    names = ["XlsxBook"]
    with contextlib.suppress(ImportError):
        _adapter_class("PackageBook")
        names.append("PackageBook")
    return names


def _watch_adapters(used: list[str]) -> None:
    """Record in ``used`` every adapter class instantiated from now on in this process."""
    for name in _adapters():
        cls = _adapter_class(name)
        original = cls.__init__

        def init(
            self: Any, *a: Any, _original: Any = original, _name: str = name, **k: Any
        ) -> None:
            used.append(_name)
            _original(self, *a, **k)

        cls.__init__ = init


def _child_which(args: dict[str, Any]) -> dict[str, Any]:
    """Which adapter ``ratingbook recalc`` uses: run it on a tiny book and watch."""
    from ratingbook.cli.jobs import BookJob, run_book_job

    spec = generate.LadderBookSpec(players=10, games=20)
    source = generate.ladder_book(spec)
    used: list[str] = []
    _watch_adapters(used)
    with tempfile.TemporaryDirectory() as folder:
        outcome = run_book_job(
            BookJob(str(source), os.path.join(folder, "o.xlsx"), False, "recalc")
        )
    error = "; ".join(outcome.errors) or None
    return {"adapter": sorted(set(used)), "error": error, "adapters": _adapters()}


def _child_engine(args: dict[str, Any]) -> dict[str, Any]:
    """Time one engine path on generated input; inputs are built before the clock starts."""
    kind, size = args["kind"], args["size"]
    run, games = _engine_case(kind, size)
    baseline = _peak_mb()
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "games": games, "peak_mb": _peak_mb(), "baseline_mb": baseline}


def _engine_case(kind: str, size: dict[str, int]) -> tuple[Callable[[], object], int]:
    """(the call to time, the number of games it plays) for one engine path."""
    from ratingbook import swiss
    from ratingbook.ratings import crikey, elo, ladder

    if kind in ("replay_ladder", "recalc_ladder", "recalc_ladder+history"):
        players, groups, games = generate.ladder_inputs(size["players"], size["games"])
        if kind == "replay_ladder":
            index = {p.id: i for i, p in enumerate(players)}
            code = {"1-0": 0, "0-1": 1, "½-½": 2}
            moves = [(index[g.white], index[g.black], code[g.result.value]) for g in games]
            weekly = [1200] * len(players)
            permanent = [p.start_permanent for p in players]
            return (lambda: ladder.replay_ladder(weekly, permanent, moves)), len(moves)
        history = kind == "recalc_ladder+history"
        return (lambda: ladder.recalc_ladder(players, groups, games, history=history)), len(games)
    if kind in ("replay_crikey", "crikey_tournament"):
        ratings, games = generate.crikey_inputs(size["players"], size["games"])
        if kind == "replay_crikey":
            names = list(ratings)
            index = {n: i for i, n in enumerate(names)}
            code = {"1-0": 0, "0-1": 1, "½-½": 2}
            moves = [
                (
                    index[g.white],
                    index[g.black],
                    code[g.result.value],
                    g.white_pieces,
                    g.black_pieces,
                )
                for g in games
            ]
            values = [ratings[n] for n in names]
            return (lambda: crikey.replay_crikey(values, moves)), len(moves)
        return (lambda: crikey.crikey_tournament(ratings, games)), len(games)
    if kind == "elo_series":
        scores = generate.elo_series_scores(size["games"])
        return (lambda: elo.elo_series(32, 1613, 1609, scores)), len(scores)
    if kind == "elo_tournament":
        contestants, rounds = size["players"], size["rounds"]
        return (lambda: elo.elo_tournament(contestants, rounds, 1)), contestants // 2 * rounds
    if kind == "swiss_standings":
        names, games = generate.swiss_inputs(size["players"], size["rounds"])
        return (lambda: swiss.swiss_standings(names, games)), len(games)
    if kind == "swiss determine_output":
        names, games = generate.swiss_inputs(size["players"], size["rounds"])
        text = generate.swiss_text(names, games, size["players"] // 2)
        return (lambda: swiss.determine_output(text)), len(games)
    raise SystemExit(f"unknown engine case {kind!r}")


def _child_excel(args: dict[str, Any]) -> dict[str, Any]:
    """Count the actions (calls to Excel) one recalc queues on the xlwings JSON engine."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from ratingbook.excel import recalc_book
    except ImportError as error:
        return {"skipped": f"ratingbook.excel is not importable ({error})"}
    from jsonbook import actions, count_calls, make_json_book  # tests/jsonbook.py

    spec = generate.LadderBookSpec(players=args["players"], games=args["games"])
    book = make_json_book(generate.ladder_grids(spec))
    start = time.perf_counter()
    plan = recalc_book(book)
    seconds = time.perf_counter() - start
    return {
        "calls": count_calls(book),
        "funcs": [a["func"] for a in actions(book)],
        "seconds": seconds,
        "summary": list(plan.summary) if plan is not None else [],
    }


def child_main(kind: str, payload: str) -> None:
    args = json.loads(payload)
    handler = {
        "book": _child_book,
        "engine": _child_engine,
        "excel": _child_excel,
        "which": _child_which,
    }[kind]
    print("RESULT " + json.dumps(handler(args)))


# --- the parent side: run children, take medians, print -----------------------------------------


def measure(kind: str, args: dict[str, Any], timeout: float = 1800) -> dict[str, Any]:
    """Run one measurement in a fresh interpreter and return what it reported."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", kind, json.dumps(args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=False,
    )
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT ") :])
    raise RuntimeError(
        f"benchmark child {kind} {args} failed (exit {done.returncode}):\n{done.stderr[-3000:]}"
    )


def median_of(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def sheet_values(path: Path) -> dict[str, list[list[object]]]:
    """Every sheet's values (python-calamine when installed: fast; else openpyxl read-only)."""
    try:
        import python_calamine
    except ImportError:
        import openpyxl

        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        values = {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in wb}
        wb.close()
        return values
    book = python_calamine.CalamineWorkbook.from_path(str(path))
    return {name: book.get_sheet_by_name(name).to_python() for name in book.sheet_names}


def bench_books(spec: generate.LadderBookSpec, repeat: int, variants: list[str]) -> None:
    print(
        f"\n== a. headless recalc vs openpyxl load_workbook + save "
        f"({spec.players:,} players, {spec.games:,} games; median of {repeat}) =="
    )
    which = measure("which", {})
    cli_adapter = ",".join(which["adapter"]) or "?"
    others = [a for a in which["adapters"] if a not in which["adapter"]]
    print(f"   the CLI (ratingbook recalc, jobs.run_book_job) uses: {cli_adapter}")
    if "PackageBook" not in which["adapters"]:
        print("   (src/ratingbook/package.py with PackageBook not importable: XlsxBook only)")
    modes = ["floor", "cli", *others]
    labels = {
        "floor": "openpyxl load_workbook + save",
        "cli": f"CLI path: {cli_adapter}",
        **{a: f"{a} + recalc + save" for a in others},
    }
    keep_dir = Path(tempfile.mkdtemp(prefix="ratingbook-bench-out-"))
    for variant in variants:
        path = (
            generate.ladder_book(spec) if variant == "fresh" else generate.steady_ladder_book(spec)
        )
        about = {
            "fresh": "fresh book: the three input sheets only (the recalc adds two sheets)",
            "steady": "steady book: already recalculated once (holds Standings + History)",
        }[variant]
        print(f"\n-- {about}\n   {path} ({path.stat().st_size / 1e6:.2f} MB)")
        runs: dict[str, list[dict[str, Any]]] = {m: [] for m in modes}
        kept: dict[str, Path] = {}
        for n in range(repeat):  # interleaved, so drift in machine speed hits all modes alike
            for mode in modes:
                args: dict[str, Any] = {"mode": mode, "path": str(path)}
                if n == 0 and mode != "floor":
                    kept[mode] = keep_dir / f"{variant}-{mode}.xlsx"
                    args["keep"] = str(kept[mode])
                runs[mode].append(measure("book", args))
        seen = sorted({a for r in runs["cli"] for a in r["adapter"]})
        if seen != which["adapter"]:
            print(f"   note: the CLI used {', '.join(seen)} in these runs (cli.py changed?)")
            labels["cli"] = f"CLI path: {', '.join(seen)}"
        floor_s = median_of(runs["floor"], "seconds")
        floor_mb = median_of(runs["floor"], "peak_mb")
        print(
            f"   {'what':<32}{'seconds':>9}{'peak MB':>9}{'base MB':>9}{'x time':>8}{'x mem':>7}"
            f"   target <= {TIME_RATIO_TARGET} x time, <= {MEMORY_RATIO_TARGET} x memory"
        )
        for mode in modes:
            s = median_of(runs[mode], "seconds")
            mb = median_of(runs[mode], "peak_mb")
            base = median_of(runs[mode], "baseline_mb")
            if mode == "floor":
                print(f"   {labels[mode]:<32}{s:>9.2f}{mb:>9.0f}{base:>9.0f}{'1.00':>8}{'1.00':>7}")
                continue
            tr, mr = s / floor_s, mb / floor_mb
            print(
                f"   {labels[mode]:<32}{s:>9.2f}{mb:>9.0f}{base:>9.0f}{tr:>8.2f}{mr:>7.2f}   "
                f"time {verdict(tr <= TIME_RATIO_TARGET)}, "
                f"memory {verdict(mr <= MEMORY_RATIO_TARGET)}"
            )
        if len(kept) > 1:
            values = {mode: sheet_values(p) for mode, p in kept.items()}
            first = next(iter(values.values()))
            same = all(v == first for v in values.values())
            print(
                f"   outputs of {' and '.join(labels[m] for m in kept)}: "
                f"{'same values in every sheet' if same else 'DIFFERENT VALUES'}"
            )
        for p in kept.values():
            p.unlink()
    keep_dir.rmdir()


ENGINE_CASES: list[tuple[str, str, float | None]] = [
    # (case, system, games/s target)
    ("replay_ladder", "ladder", LADDER_TARGET),
    ("recalc_ladder", "ladder", LADDER_TARGET),
    ("recalc_ladder+history", "ladder", LADDER_TARGET),
    ("replay_crikey", "crikey", CRIKEY_TARGET),
    ("crikey_tournament", "crikey", CRIKEY_TARGET),
    ("elo_series", "elo", None),
    ("elo_tournament", "elo", None),
]


def engine_sizes(quick: bool) -> dict[str, dict[str, int]]:
    scale = 10 if quick else 1
    return {
        "replay_ladder": {"players": 1000, "games": 500_000 // scale},
        "recalc_ladder": {"players": 1000, "games": 500_000 // scale},
        "recalc_ladder+history": {"players": 1000, "games": 500_000 // scale},
        "replay_crikey": {"players": 1000, "games": 500_000 // scale},
        "crikey_tournament": {"players": 1000, "games": 500_000 // scale},
        "elo_series": {"games": 200_000 // scale},
        "elo_tournament": {"players": 2000, "rounds": 100 // scale},
        "swiss_standings": {"players": 2000, "rounds": 11},
        "swiss determine_output": {"players": 2000, "rounds": 11},
    }


def bench_engines(quick: bool, repeat: int) -> list[str]:
    sizes = engine_sizes(quick)
    print(f"\n== b. engine throughput (median of {repeat}) ==")
    print(f"   {'path':<26}{'games':>11}{'seconds':>9}{'games/s':>12}   target")
    failing: list[str] = []
    for case, _system, target in ENGINE_CASES:
        runs = [measure("engine", {"kind": case, "size": sizes[case]}) for _ in range(repeat)]
        seconds = median_of(runs, "seconds")
        games = runs[0]["games"]
        rate = games / seconds
        if target is None:
            mark = "(no target)"
        else:
            mark = f">= {target:,.0f}  {verdict(rate >= target)}"
            if rate < target:
                failing.append(case)
        print(f"   {case:<26}{games:>11,}{seconds:>9.3f}{rate:>12,.0f}   {mark}")
    for case in ("swiss_standings", "swiss determine_output"):
        runs = [measure("engine", {"kind": case, "size": sizes[case]}) for _ in range(repeat)]
        ms = median_of(runs, "seconds") * 1000
        games = runs[0]["games"]
        if case == "swiss_standings":
            ok = ms <= SWISS_TARGET_MS
            if not ok:
                failing.append(case)
            mark = f"<= {SWISS_TARGET_MS:.0f} ms  {verdict(ok)}"
        else:
            mark = "(incl. parsing seed 004's text; no target)"
        print(
            f"   {case:<26}{games:>11,}{ms:>8.1f} ms{'':>10}   {mark}  [2,000 players x 11 rounds]"
        )
    return failing


def bench_excel() -> None:
    print("\n== c. calls to Excel per recalc (xlwings JSON engine, actions queued) ==")
    counts = {}
    for games in (50, 5_000):
        result = measure("excel", {"players": 100, "games": games})
        if "skipped" in result:
            print(f"   skipped: {result['skipped']}")
            return
        counts[games] = result
        print(
            f"   {games:>6,} games: {result['calls']:>3} calls  ({result['seconds']:.2f} s; "
            f"{', '.join(result['summary'])})"
        )
    same = counts[50]["calls"] == counts[5_000]["calls"]
    print(f"   calls constant (50 vs 5,000 games): {verdict(same)}")
    if not same:
        print(f"   50 games:    {counts[50]['funcs']}\n   5,000 games: {counts[5_000]['funcs']}")
    else:
        print(f"   the calls: {', '.join(counts[50]['funcs'])}")


def profile_engines(quick: bool, cases: list[str]) -> None:
    """cProfile each engine path in this process and print where the time goes."""
    import cProfile
    import io
    import pstats

    sizes = engine_sizes(quick)
    print("\n== profile (cProfile, sorted by own time; cProfile slows pure-Python loops) ==")
    for case in cases:
        run, games = _engine_case(case, {**sizes[case]})
        profiler = cProfile.Profile()
        profiler.enable()
        run()
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(8)
        lines = [ln for ln in out.getvalue().splitlines() if ln.strip()]
        print(f"\n-- {case} ({games:,} games)")
        start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls")), 0)
        for line in lines[start:]:
            print("   " + line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="small inputs (100 players x 5,000 games; engines / 10), one run",
    )
    parser.add_argument("--repeat", type=int, default=None, help="runs per figure (default 3)")
    parser.add_argument("--profile", action="store_true", help="cProfile the engine paths")
    parser.add_argument(
        "--only",
        choices=("book", "engine", "excel", "formats"),
        action="append",
        help="run only this part (repeatable)",
    )
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        child_main(*options.child)
        return
    repeat = options.repeat or (1 if options.quick else 3)
    parts = options.only or ["book", "engine", "excel", "formats"]
    import openpyxl

    import ratingbook

    print(
        f"ratingbook {getattr(ratingbook, '__version__', '?')} benchmarks on "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs, openpyxl {openpyxl.__version__}"
    )
    print(
        "memory = the child process's peak RSS (VmHWM; like ru_maxrss but not inherited from"
        " the parent), interpreter and imports included;"
        " times = the measured work only"
    )
    started = time.perf_counter()
    failing: list[str] = []
    if "book" in parts:
        if options.quick:
            bench_books(generate.LadderBookSpec(players=100, games=5_000), repeat, ["steady"])
        else:
            bench_books(generate.LadderBookSpec(), repeat, ["steady", "fresh"])
    if "engine" in parts:
        failing = bench_engines(options.quick, repeat)
    if "excel" in parts:
        bench_excel()
    if "formats" in parts:
        # benchmarks/formats.py: the seed formats' whole job against plain reference programs.
        import formats as seed_formats  # benchmarks/ is on sys.path

        games = seed_formats.GAMES // 10 if options.quick else seed_formats.GAMES
        seed_formats.bench(games, repeat)
    if options.profile:
        profile_engines(options.quick, [c for c, _, _ in ENGINE_CASES])
    elif failing:
        profile_engines(options.quick, failing)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
