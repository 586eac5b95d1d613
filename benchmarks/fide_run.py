"""What a run asks of gacrux for a Swiss event, phase by phase, and the whole command.

    python benchmarks/fide_run.py                         # 283 players, 9 rounds, this tree
    python benchmarks/fide_run.py --src /tmp/old/src      # the same inputs, another tree's code
    python benchmarks/fide_run.py --players 100 --repeat 1

The event is ``swiss_event.py``'s (generated deterministically, byes, forfeits and two
withdrawals), written once as TRF files before and after its last round and kept in
``generate.cache_dir()``, with a workbook of each made by ``ratingbook trf import``: every tree
measured reads the very same files. Measured in a fresh process with the code of ``--src``
(each repetition starts with nothing kept from the one before, as a command does):

  pair       the phases of ``ratingbook pair``: pairing the last round (``pair_next_round``), the
             standings with their tie-break details (``fide_standings``), the notes' analysis of
             the round just paired (``analyse_round(..., just_paired=True)``)
  recalc     the phases of a recalc of the finished event: the standings, then the notes'
             analysis of the last round (the checker, and the pairing the rules give)
  readings   how many TRF texts gacrux parsed in each sequence
  commands   ``ratingbook pair`` and ``ratingbook recalc`` on the two workbooks, whole processes
             (wall seconds and CPU seconds, ``whole_command.py``)

Medians of ``--repeat`` runs, in CPU seconds (the phases are one thread's work; steadier than
the wall clock on a busy machine), and the wall clock of the commands beside theirs. Run a
before and an after tree in turns, in the same hour.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402  (benchmarks/ is not a package)
from whole_command import whole_command  # noqa: E402

_CHILD = """
import json, statistics, sys, time
from pathlib import Path
import ratingbook
from ratingbook.trf.importer import import_trf
try:  # the rooms of issue 33
    from ratingbook.fide.gacrux import analysis as analysis_module, event as event_module
    from ratingbook.fide.gacrux import fide_standings, pair_next_round
except ImportError:  # a tree from before them
    from ratingbook.fide import analysis as analysis_module, gacrux_event as event_module
    from ratingbook.fide import fide_standings, pair_next_round

before = import_trf(Path(sys.argv[1]).read_text(encoding="utf-8")).event
finished = import_trf(Path(sys.argv[2]).read_text(encoding="utf-8")).event
repeat = int(sys.argv[3])
readings = []
read = event_module.tournament_from_trf
def counted(*args, **kwargs):
    readings.append(1)
    return read(*args, **kwargs)
event_module.tournament_from_trf = counted

def fresh():
    for module, name in ((event_module, "_READ"), (analysis_module, "_PAIRED")):
        getattr(module, name, {}).clear()
    readings.clear()

def timed(call):
    start = time.process_time()
    out = call()
    return out, time.process_time() - start

figures = {}
def note(name, seconds):
    figures.setdefault(name, []).append(seconds)

for _ in range(repeat):
    fresh()
    rows, t = timed(lambda: pair_next_round(before))
    note("pair: pairing", t)
    after = before.with_entries(rows)
    codes = after.settings.tiebreaks
    _, t = timed(lambda: fide_standings(after, codes, details=True))
    note("pair: standings", t)
    _, t = timed(lambda: analysis_module.analyse_round(after, rows[0].round, just_paired=True))
    note("pair: notes' analysis", t)
    note("pair: readings", len(readings))
    fresh()
    last = finished.paired_rounds
    _, t = timed(lambda: fide_standings(finished, codes, details=True))
    note("recalc: standings", t)
    _, t = timed(lambda: analysis_module.analyse_round(finished, last))
    note("recalc: notes' analysis", t)
    note("recalc: readings", len(readings))
print(json.dumps({"ratingbook": ratingbook.__file__,
                  "medians": {k: statistics.median(v) for k, v in figures.items()}}))
"""


def inputs(players: int, rounds: int) -> tuple[Path, Path, Path, Path]:
    """The TRF files and workbooks of the event before and after its last round (made once)."""
    folder = generate.cache_dir()
    stem = f"fide-run-p{players}-r{rounds}"
    paths = tuple(folder / f"{stem}-{part}" for part in ("before.trf", "after.trf"))
    books = tuple(folder / f"{stem}-{part}" for part in ("before.xlsx", "after.xlsx"))
    if not all(p.exists() for p in (*paths, *books)):
        from swiss_event import build_event

        from ratingbook.trf.exporter import export_trf

        finished, before_last = build_event(players, rounds)
        for path, event in zip(paths, (before_last, finished), strict=True):
            path.write_text(export_trf(event), encoding="utf-8")
        for path, book in zip(paths, books, strict=True):
            subprocess.run(
                [sys.executable, "-m", "ratingbook", "trf", "import", str(path), "-o", str(book),
                 "--force"],
                check=True, capture_output=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
            )  # fmt: skip
    return paths[0], paths[1], books[0], books[1]


def phases(src: Path, before: Path, after: Path, repeat: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(before), str(after), str(repeat)],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"the run with {src} failed:\n{done.stdout}{done.stderr}")
    found = json.loads(done.stdout.splitlines()[-1])
    if not Path(found["ratingbook"]).resolve().is_relative_to(src.resolve()):
        sys.exit(f"the run imported ratingbook from {found['ratingbook']}, not from {src}")
    medians: dict[str, float] = found["medians"]
    return medians


def commands(src: Path, before: Path, after: Path, repeat: int) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of ``ratingbook pair`` and ``ratingbook recalc``."""
    env = dict(os.environ, PYTHONPATH=str(src), XLWINGS_LICENSE_KEY="noncommercial")
    found: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        out = str(Path(scratch) / "out.xlsx")
        for action, book in (("pair", before), ("recalc", after)):
            runs = [
                whole_command(
                    [sys.executable, "-m", "ratingbook", action, str(book), "-o", out, "--force"],
                    env=env,
                )
                for _ in range(repeat)
            ]
            if any(r["code"] for r in runs):
                sys.exit(f"ratingbook {action} failed with {src}")
            found[action] = (
                statistics.median(r["seconds"] for r in runs),
                statistics.median(r["cpu_seconds"] for r in runs),
            )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="src folder of the tree")
    parser.add_argument("--players", type=int, default=283)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-commands", action="store_true", help="the phases only")
    args = parser.parse_args()
    before, after, before_book, after_book = inputs(args.players, args.rounds)
    print(f"{args.players} players x {args.rounds} rounds, code from {args.src}, "
          f"medians of {args.repeat}")  # fmt: skip
    for name, value in phases(args.src, before, after, args.repeat).items():
        shown = f"{value:g}" if name.endswith("readings") else f"{value:.3f} s CPU"
        print(f"  {name:<26} {shown}")
    if not args.no_commands:
        for action, (wall, cpu) in commands(args.src, before_book, after_book, args.repeat).items():
            print(f"  ratingbook {action:<15} {wall:.2f} s wall, {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
