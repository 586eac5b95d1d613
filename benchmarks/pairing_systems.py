"""Pairing systems benchmark: a 2,000-player round with and without Baku acceleration, and a
20-player double round robin paired all at once (issue 18).

    python benchmarks/pairing_systems.py                  # 2,000 players, round 5; 20-player DRR
    python benchmarks/pairing_systems.py --players 500    # a smaller open
    python benchmarks/pairing_systems.py --only rr        # the round robin alone (seconds)
    python benchmarks/pairing_systems.py --history dutch  # rounds before paired by the rules
    python benchmarks/pairing_systems.py --table          # issue 28: 1,000 and 2,000 players,
        # rounds 1, 2, 5 and 9 after Dutch-paired histories, gacrux's own path (before) and the
        # fast path (after); --sizes 1000 --rounds 1,2,5,9 --paths fast to choose

The open is generated deterministically: players rated 2700 down by 0.8 a place (so 2,000
players span 2700-1100), rounds 1 to R-1 already played, results drawn from the Elo expectation
with a seeded generator. Their pairings are by default a plain "fold each score group" Swiss
(quick to build; not the FIDE rules, and its colours alternate worse than a real event's), or
with ``--history dutch`` ratingbook's own FIDE Dutch pairing, round by round, as a real event's
would be (it takes minutes to build at 2,000 players). The measured round is paired by
ratingbook (gacrux's Dutch engine), once without acceleration and once with Baku.

Each measurement runs in a fresh Python process (this script calling itself with ``--child``):
- in-process: the seconds of ``pair_next_round`` alone (after imports and the event's build) and
  the child's peak resident set size (VmHWM, interpreter and imports included);
- whole command: ``ratingbook pair BOOK -o OUT`` on a workbook holding the same event, wall
  seconds and the peak RSS of the largest process it ran (the command forks a worker per book),
  read with ``getrusage(RUSAGE_CHILDREN)`` in a wrapper process.

Targets (issue 18): a 2,000-player round's whole command under 1 GB peak memory; the 20-player
double round robin (38 rounds) under a second. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from whole_command import whole_command

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import ACCELERATION_NONE, BAKU, DOUBLE_ROUND_ROBIN, SwissSettings

MEMORY_TARGET_MB = 1024
ROUND_ROBIN_TARGET_S = 1.0


def _peak_mb() -> float:
    """This process's peak RSS in MB (VmHWM: it starts afresh at exec)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _result(white: SwissPlayer, black: SwissPlayer, rng: random.Random) -> Result:
    expected = 1 / (1 + 10 ** (((black.rating or 0) - (white.rating or 0)) / 400))
    draw = 0.25
    roll = rng.random()
    if roll < draw:
        return Result.DRAW
    return Result.WHITE_WINS if roll < draw + (1 - draw) * expected else Result.BLACK_WINS


def build_open(
    players: int, played: int, acceleration: str, seed: int = 5, history: str = "folded"
) -> SwissEvent:
    """``players`` players, ``played`` rounds of a folded (or Dutch-paired) history with results."""
    rng = random.Random(seed)
    field = tuple(SwissPlayer(f"Player {i:04d}", int(2700 - 0.8 * i)) for i in range(players))
    settings = SwissSettings(
        rounds=played + 4, start_date=dt.date(2026, 4, 1), acceleration=acceleration
    )
    if history == "dutch":
        return _dutch_history(SwissEvent(field, (), settings), played, rng)
    points = {p.name: 0.0 for p in field}
    whites = {p.name: 0 for p in field}
    met: set[frozenset[str]] = set()
    entries: list[SwissEntry] = []
    for number in range(1, played + 1):
        order = sorted(field, key=lambda p: (-points[p.name], -(p.rating or 0)))
        if len(order) % 2:
            bye = order.pop()
            entries.append(SwissEntry(number, None, bye.name, None, Result.PAIRING_BYE))
            points[bye.name] += 1
        board = 0
        while order:
            top = order.pop(0)
            half = max(1, len(order) // 2)
            k = next(
                (i for i in range(min(half, len(order) - 1), len(order))
                 if frozenset((top.name, order[i].name)) not in met),
                0,
            )  # fmt: skip
            other = order.pop(k)
            white, black = (top, other) if whites[top.name] <= whites[other.name] else (other, top)
            board += 1
            result = _result(white, black, rng)
            entries.append(SwissEntry(number, board, white.name, black.name, result))
            met.add(frozenset((top.name, other.name)))
            whites[white.name] += 1
            score = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5}.get(result, 0.0)
            points[white.name] += score
            points[black.name] += 1 - score
    return SwissEvent(field, tuple(entries), settings)


def _dutch_history(event: SwissEvent, played: int, rng: random.Random) -> SwissEvent:
    """``played`` rounds paired by ratingbook's FIDE Dutch pairing, each played out."""
    from ratingbook.fide.gacrux import pair_next_round

    by_name = {p.name: p for p in event.players}
    for _ in range(played):
        rows = [
            e if e.black is None else SwissEntry(
                e.round, e.board, e.white, e.black,
                _result(by_name[e.white], by_name[e.black], rng),
            )
            for e in pair_next_round(event)
        ]  # fmt: skip
        event = event.with_entries(rows)
    return event


def dutch_snapshots(players: int, rounds: list[int], seed: int = 5) -> dict[int, SwissEvent]:
    """The open before each round of ``rounds`` (rounds 1 to max-1 paired by the FIDE Dutch
    rules and played out), each built once and cached in ``$TMPDIR/ratingbook-bench-cache``
    (``RATINGBOOK_BENCH_CACHE`` overrides). The history is paired by the fast path, which
    gives gacrux's own pairs (``tests/fide/test_fast_dutch.py``)."""
    from ratingbook.fide.gacrux import pair_next_round

    cache = Path(
        os.environ.get("RATINGBOOK_BENCH_CACHE")
        or Path(tempfile.gettempdir()) / "ratingbook-bench-cache"
    )
    cache.mkdir(parents=True, exist_ok=True)
    field = tuple(SwissPlayer(f"Player {i:04d}", int(2700 - 0.8 * i)) for i in range(players))
    settings = SwissSettings(rounds=11, start_date=dt.date(2026, 4, 1))
    event = SwissEvent(field, (), settings)
    rng = random.Random(seed)
    by_name = {p.name: p for p in field}
    found: dict[int, SwissEvent] = {}
    for number in range(1, max(rounds) + 1):
        # Plain rows, not the event object: a cache outlives changes to ratingbook's classes.
        saved = cache / f"dutch-v2-{players}-seed{seed}-before-round{number}.pickle"
        if saved.exists():
            rows, state = pickle.loads(saved.read_bytes())
            entries = tuple(
                SwissEntry(r, b, w, k, None if v is None else Result(v)) for r, b, w, k, v in rows
            )
            event = SwissEvent(field, entries, settings)
            rng.setstate(state)
        else:
            rows = [
                (e.round, e.board, e.white, e.black, None if e.result is None else e.result.value)
                for e in event.entries
            ]
            saved.write_bytes(pickle.dumps((rows, rng.getstate())))
        if number in rounds:
            found[number] = event
        if number == max(rounds):
            break
        rows = [
            e if e.black is None else SwissEntry(
                e.round, e.board, e.white, e.black,
                _result(by_name[e.white], by_name[e.black], rng),
            )
            for e in pair_next_round(event)
        ]  # fmt: skip
        event = event.with_entries(rows)
    return found


def rounds_table(sizes: list[int], rounds: list[int], paths: list[str], seed: int = 5) -> None:
    """Issue 28's table: each round of each open (its results drawn with ``seed``) as a whole
    ``ratingbook pair`` command, on each pairing path (``gacrux``: gacrux's own engine,
    before; ``fast``: after)."""
    ratingbook = [str(Path(sys.executable).with_name("ratingbook"))]
    print(f"players round path     wall s    CPU s  peak MB   (Dutch history, seed {seed})")
    print("(targets: 2,000 players <= 60 s, 1,000 <= 15 s, <= 1,024 MB; CPU s: all processes)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for players in sizes:
            for number, event in sorted(dutch_snapshots(players, rounds, seed).items()):
                book = folder / f"open-{players}-{number}.xlsx"
                _book(event, book)
                for path in paths:
                    out = folder / f"out-{players}-{number}-{path}.xlsx"
                    env = {**os.environ, "RATINGBOOK_PAIRING_PATH": path}
                    whole = whole_command([*ratingbook, "pair", str(book), "-o", str(out)], env)
                    print(
                        f"{players:7} {number:5} {path:6} {whole['seconds']:9.1f} "
                        f"{whole['cpu_seconds']:8.1f} {whole['peak_mb']:8.0f}"
                        + ("" if whole["code"] == 0 else f"  [exit {whole['code']:.0f}]"),
                        flush=True,
                    )


def round_robin(players: int) -> SwissEvent:
    field = tuple(SwissPlayer(f"Player {i:02d}", 2400 - 10 * i) for i in range(players))
    return SwissEvent(field, (), SwissSettings(pairing=DOUBLE_ROUND_ROBIN))


def _child(kind: str, players: int, saved: str | None) -> None:
    if kind == "rr":
        from ratingbook.fide.gacrux.berger import pair_round_robin

        event = round_robin(players)
        start = time.perf_counter()
        rows = pair_round_robin(event, range(1, (event.rounds_planned or 0) + 1))
        seconds = time.perf_counter() - start
        print(json.dumps({"seconds": seconds, "rows": len(rows), "peak_mb": _peak_mb()}))
        return
    from ratingbook.fide.gacrux import pair_next_round

    assert saved is not None
    event = pickle.loads(Path(saved).read_bytes())  # built by the parent: built once
    base = _peak_mb()
    start = time.perf_counter()
    rows = pair_next_round(event)
    seconds = time.perf_counter() - start
    out = {"seconds": seconds, "rows": len(rows), "base_mb": base, "peak_mb": _peak_mb()}
    print(json.dumps(out))


def _book(event: SwissEvent, path: Path) -> None:
    from ratingbook.events.settings import settings_values
    from ratingbook.templates import TemplateBook, build_template
    from ratingbook.workbook.sheets.event_rows import entry_cells, player_cells

    numbers = event.start_numbers()
    rows = {
        "Swiss Settings": [(k, v, None) for k, v in settings_values(event.settings).items()],
        "Swiss Players": [player_cells(p, numbers[p.name]) for p in event.players],
        "Swiss Games": [entry_cells(e, numbers) for e in event.entries],
    }
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)


def _measure(kind: str, players: int, saved: Path | None = None) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", kind, "--players", str(players),
         *(["--event", str(saved)] if saved else [])],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--played", type=int, default=4, help="rounds already played")
    parser.add_argument("--rr-players", type=int, default=20)
    parser.add_argument("--history", choices=("folded", "dutch"), default="folded")
    parser.add_argument("--only", choices=("open", "rr"))
    parser.add_argument("--event", help=argparse.SUPPRESS)  # the child's pickled event
    parser.add_argument("--child", choices=("none", "baku", "rr"))
    parser.add_argument(
        "--table", action="store_true", help="issue 28: whole commands, rounds x sizes x paths"
    )
    parser.add_argument("--sizes", default="1000,2000", help="with --table: players, e.g. 1000")
    parser.add_argument("--rounds", default="1,2,5,9", help="with --table: the rounds paired")
    parser.add_argument("--paths", default="gacrux,fast", help="with --table: pairing paths")
    parser.add_argument("--seed", type=int, default=5, help="with --table: the results' seed")
    args = parser.parse_args()
    if args.table:
        rounds_table(
            [int(n) for n in args.sizes.split(",")],
            [int(n) for n in args.rounds.split(",")],
            args.paths.split(","),
            args.seed,
        )
        return 0
    if args.child:
        players = args.rr_players if args.child == "rr" else args.players
        _child(args.child, players, args.event)
        return 0
    ratingbook = [str(Path(sys.executable).with_name("ratingbook"))]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.only != "rr":
            number = args.played + 1
            print(
                f"one round of {args.players} players (round {number}, {args.played} played, "
                f"{args.history} history)"
            )
            for kind, acceleration in (("none", ACCELERATION_NONE), ("baku", BAKU)):
                event = build_open(args.players, args.played, acceleration, history=args.history)
                saved = folder / f"open-{kind}.pickle"
                saved.write_bytes(pickle.dumps(event))
                inside = _measure(kind, args.players, saved)
                book = folder / f"open-{kind}.xlsx"
                _book(event, book)
                out = folder / f"out-{kind}.xlsx"
                whole = whole_command([*ratingbook, "pair", str(book), "-o", str(out)])
                verdict = "ok" if whole["peak_mb"] <= MEMORY_TARGET_MB else "OVER"
                print(
                    f"  {acceleration:5}: in-process {inside['seconds']:6.2f} s, peak "
                    f"{inside['peak_mb']:6.0f} MB (base {inside['base_mb']:.0f} MB); whole "
                    f"command {whole['seconds']:6.2f} s, peak {whole['peak_mb']:6.0f} MB "
                    f"(target <= {MEMORY_TARGET_MB} MB) {verdict}"
                    + ("" if whole["code"] == 0 else f" [exit {whole['code']:.0f}]")
                )
        if args.only != "open":
            n = args.rr_players
            inside = _measure("rr", n)
            book = folder / "rr.xlsx"
            _book(round_robin(n), book)
            whole = whole_command(
                [*ratingbook, "pair", "--all", str(book), "-o", str(folder / "rr-out.xlsx")]
            )
            verdict = "ok" if whole["seconds"] <= ROUND_ROBIN_TARGET_S else "OVER"
            print(
                f"{n}-player double round robin, {inside['rows']:.0f} rows at once: in-process "
                f"{inside['seconds']:.3f} s, peak {inside['peak_mb']:.0f} MB; whole command "
                f"{whole['seconds']:.2f} s, peak {whole['peak_mb']:.0f} MB (target <= "
                f"{ROUND_ROBIN_TARGET_S:g} s) {verdict}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
