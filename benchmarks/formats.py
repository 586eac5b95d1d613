"""The seed formats' whole job (parse + engine + print) against plain reference programs.

    python benchmarks/formats.py               # 150,000 games per format, medians of 3
    python benchmarks/formats.py --quick       # 15,000 games, one run: a smoke test
    python benchmarks/run.py --only formats    # the same, as a part of the benchmark run

For each of ``ratingbook crikey``, ``elo-series`` and ``swiss`` a deterministic input of 150,000
games is generated, and the job is timed two ways:

- in process: the click command itself (``CliRunner``, so exactly the CLI's code: read the
  file, parse and validate, run the engine, print) against the reference's ``solve(text)``
  (plus reading the file); the parse / engine / print split of ours is shown beside it;
- as a command: ``ratingbook CMD FILE`` against ``python benchmarks/reference_CMD.py FILE``,
  the whole process (interpreter start-up and imports included): CPU seconds of the child
  (user + system), wall clock beside them. The package's bytecode is compiled first
  (``compileall``), as ``pip install`` does: with ``PYTHONDONTWRITEBYTECODE`` set (as on the
  development machine) an editable install would otherwise compile its sources on every run,
  which a user's installed command never does (~0.02 s of each run).

The references (``reference_crikey.py``, ``reference_elo_series.py``, ``reference_swiss.py``)
are what a contestant would write in ~40 lines: no validation, no line numbers. Both outputs
must be byte-identical, or the benchmark stops. Target (issue 13): ours takes at most half the
reference's time; the ratio column is ours / reference.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

TARGET_RATIO = 0.5
GAMES = 150_000


# --- inputs ------------------------------------------------------------------------------------


def crikey_input(games: int, tournaments: int = 30, players: int = 100, seed: int = 0) -> str:
    """``tournaments`` tournaments of ``players`` players, ``games`` games in all (seed 000)."""
    rng = random.Random(seed)
    lines = [str(tournaments)]
    per = games // tournaments
    for _ in range(tournaments):
        names = [f"p{i:03d}" for i in range(players)]
        lines.append(f"{players} {per}")
        lines += [f"{name} {rng.randint(2000, 15000) / 100:.2f}" for name in names]
        for _ in range(per):
            white, black = rng.sample(names, 2)
            result = rng.choice(("won", "drew", "lost"))
            lines.append(f"{white} {black} {result} {rng.randint(0, 39)} {rng.randint(0, 39)}")
    return "\n".join(lines) + "\n"


def elo_series_input(games: int, seed: int = 0) -> str:
    """``K RA RB`` then one score of A per line (seed 003's file.in)."""
    rng = random.Random(seed)
    return "32 1613 1609\n" + "".join(rng.choice(("1\n", "0.5\n", "0\n")) for _ in range(games))


def swiss_input(games: int, players: int = 1000, seed: int = 0) -> str:
    """``players`` names, a blank line, then rounds of ``players // 2`` games (seed 004)."""
    rng = random.Random(seed)
    names = [f"player{i:04d}" for i in range(players)]
    out = ["\n".join(names), "\n\n"]
    for _ in range(games // (players // 2)):
        order = names[:]
        rng.shuffle(order)
        for white, black in zip(order[0::2], order[1::2], strict=True):
            points = rng.choice(("1 0", "0 1", "0.5 0.5"))
            out.append(f"{white} {black} {points}\n")
        out.append("\n")
    return "".join(out)


INPUTS: dict[str, Callable[[int], str]] = {
    "crikey": crikey_input,
    "elo-series": elo_series_input,
    "swiss": swiss_input,
}


# --- ours, split into its steps (the same calls as ratingbook.cli) -----------------------------


def ours_in_steps(command: str, text: str) -> tuple[str, dict[str, float]]:
    """Run the job as cli.py does, timing parse, engine and print separately."""
    from ratingbook import swiss
    from ratingbook.ratings import crikey, elo
    from ratingbook.seeds import formats

    times: dict[str, float] = {}  # CPU seconds of each step
    start = time.process_time()
    if command == "crikey":
        tables = formats.read_crikey(text)
        times["parse"] = time.process_time() - start
        results = []
        for table in tables:
            ratings = list(table.ratings)
            crikey.replay_crikey(ratings, table.games)
            results.append(dict(zip(table.names, ratings, strict=True)))
        times["engine"] = time.process_time() - start - times["parse"]
        out = formats.format_crikey(results)
    elif command == "elo-series":
        data = formats.parse_elo_series(text)
        times["parse"] = time.process_time() - start
        pairs = elo.elo_series(data.k, data.rating_a, data.rating_b, data.scores)
        times["engine"] = time.process_time() - start - times["parse"]
        out = formats.format_elo_series(pairs)
    else:
        table = formats.read_swiss(text)  # swiss.determine_output(text) in two steps
        times["parse"] = time.process_time() - start
        standings = swiss.rank_games(table.players, table.games)
        times["engine"] = time.process_time() - start - times["parse"]
        out = formats.format_swiss_table(standings)
    times["print"] = time.process_time() - start - times["parse"] - times["engine"]
    return out, times


def ours_cli_in_process(command: str, path: str) -> str:
    from click.testing import CliRunner

    from ratingbook.cli import cli

    result = CliRunner().invoke(cli, [command, path])
    if result.exit_code != 0:
        raise SystemExit(f"ratingbook {command} failed: {result.output}")
    return result.stdout


def reference(command: str) -> Callable[[str], str]:
    module = importlib.import_module("reference_" + command.replace("-", "_"))
    solve: Callable[[str], str] = module.solve
    return solve


def reference_in_process(command: str, path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return reference(command)(handle.read())


# --- timing ------------------------------------------------------------------------------------


def _cpu(children: bool) -> float:
    """CPU seconds (user + system) of this process, or of its finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(run: Callable[[], object], repeat: int, children: bool) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of ``run`` (CPU of the child process for commands):
    on a busy machine the CPU figure is the steadier one."""
    walls, cpus = [], []
    for _ in range(repeat):
        cpu, start = _cpu(children), time.perf_counter()
        run()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu(children) - cpu)
    return statistics.median(walls), statistics.median(cpus)


def compile_package() -> None:
    """Write the package's bytecode (``__pycache__``, ignored by git), as pip does when it
    installs it, so that each command run reads it instead of compiling the sources."""
    import compileall

    import ratingbook

    compileall.compile_dir(Path(ratingbook.__file__).parent, quiet=1)


def console_script() -> str:
    """The installed ``ratingbook`` script next to this interpreter (or on PATH)."""
    beside = Path(sys.executable).parent / "ratingbook"
    found = str(beside) if beside.exists() else shutil.which("ratingbook")
    if not found:
        raise SystemExit("the ratingbook console script is not installed (pip install -e .)")
    return found


def command_line(command: str, path: str, ours: bool) -> list[str]:
    if ours:
        return [console_script(), command, path]
    return [sys.executable, str(HERE / f"reference_{command.replace('-', '_')}.py"), path]


def run_command(args: list[str]) -> None:
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def bench(games: int, repeat: int) -> list[str]:
    """Print the table; return the commands that miss the target."""
    print(
        f"\nseed formats, {games:,} games each: ours (validated, line-numbered errors) vs a"
        f" plain reference (no validation); target ours/reference <= {TARGET_RATIO}"
        " (judged on CPU seconds, steady on a busy machine; wall clock beside them)"
    )
    header = (
        f"{'command':<12}{'where':<12}{'ours s':>8}{'ref s':>8}{'ratio':>7}"
        f"{'ours cpu':>10}{'ref cpu':>9}{'ratio':>7}   ours cpu: parse / engine / print"
    )
    print(header)
    print("-" * len(header))
    missing: list[str] = []
    compile_package()
    with tempfile.TemporaryDirectory(prefix="ratingbook-formats-") as folder:
        for command, make in INPUTS.items():
            text = make(games)
            path = os.path.join(folder, f"{command}.txt")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            ours_out, _ = ours_in_steps(command, text)
            if ours_out != reference(command)(text):
                raise SystemExit(f"{command}: ours and the reference print different outputs")
            if ours_cli_in_process(command, path) != ours_out:
                raise SystemExit(f"{command}: the CLI prints something else than its steps")
            steps = [ours_in_steps(command, text)[1] for _ in range(repeat)]
            split = " / ".join(
                f"{statistics.median(s[step] for s in steps):.3f}"
                for step in ("parse", "engine", "print")
            )
            cli_ours = functools.partial(ours_cli_in_process, command, path)
            cli_ref = functools.partial(reference_in_process, command, path)
            run_ours = functools.partial(run_command, command_line(command, path, True))
            run_ref = functools.partial(run_command, command_line(command, path, False))
            rows = [
                (
                    "in process",
                    measure(cli_ours, repeat, children=False),
                    measure(cli_ref, repeat, children=False),
                    split,
                ),
                (
                    "command",
                    measure(run_ours, repeat, children=True),
                    measure(run_ref, repeat, children=True),
                    "",
                ),
            ]
            for where, (ours, ours_cpu), (ref, ref_cpu), extra in rows:
                ratio = ours_cpu / ref_cpu
                flag = "" if ratio <= TARGET_RATIO else "  (over target)"
                print(
                    f"{command:<12}{where:<12}{ours:>8.3f}{ref:>8.3f}{ours / ref:>7.2f}"
                    f"{ours_cpu:>10.3f}{ref_cpu:>9.3f}{ratio:>7.2f}   {extra}{flag}"
                )
                if ratio > TARGET_RATIO:
                    missing.append(f"{command} ({where})")
    return missing


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="15,000 games, one run")
    parser.add_argument("--repeat", type=int, default=None, help="runs per figure (default 3)")
    options = parser.parse_args(argv)
    repeat = options.repeat or (1 if options.quick else 3)
    missing = bench(GAMES // 10 if options.quick else GAMES, repeat)
    if missing:
        print(f"over target: {', '.join(missing)}")


if __name__ == "__main__":
    main()
