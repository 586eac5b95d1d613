"""Byte-for-byte outputs of the package engine, compared between two source trees.

    python benchmarks/compare_outputs.py --out DIR [--src SRC] [--against OTHER_DIR]
                                         [--players 200] [--games 5000]

Recalculates (and, for the camp ladder, starts a new week of) every ``workbook_templates/*.xlsx``
and the benchmark ladder books of ``generate.py`` (fresh: the three input sheets; steady: the
same book already recalculated once) through :class:`ratingbook.files.patching.PackageBook`, writes
each output into ``DIR`` and its SHA-256 into ``DIR/manifest.json``.

``--src`` names the ``src`` folder of the source tree that does the work (default: this tree's),
so outputs of an older commit can be made with the same inputs and the same script::

    git worktree add /tmp/old c616e0d
    python benchmarks/compare_outputs.py --src /tmp/old/src --out /tmp/out-old
    python benchmarks/compare_outputs.py --out /tmp/out-new --against /tmp/out-old

With ``--against``, prints a table of every output's hash in both folders and exits 1 if any
differs or is missing. The inputs are generated once (by this tree's ``generate.py``) and kept
in ``generate.cache_dir()``, so both runs read the very same files. New weeks use a fixed date.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402  (benchmarks/ is not a package)

NEW_WEEK_DATE = "2024-05-06"

_CHILD = """
import datetime, json, sys
from pathlib import Path
import ratingbook
from ratingbook import workbook
try:
    from ratingbook.files.patching import PackageBook
except ImportError:  # a tree from before the sub-packages (issue 16)
    from ratingbook.package import PackageBook

jobs, out = json.loads(sys.argv[1]), Path(sys.argv[2])
today = datetime.date.fromisoformat(sys.argv[3])
print(json.dumps({"ratingbook": ratingbook.__file__}), flush=True)
for name, source, action in jobs:
    book = PackageBook(source)
    if action == "recalc":
        workbook.recalc(book)
    else:
        workbook.new_week(book, today=today)
    book.save(out / name)
"""


def inputs(players: int, games: int) -> list[tuple[str, Path, tuple[str, ...]]]:
    """(label, file, actions) for every book compared."""
    found: list[tuple[str, Path, tuple[str, ...]]] = []
    for template in sorted((ROOT / "workbook_templates").glob("*.xlsx")):
        actions = ("recalc", "new-week") if template.stem == "ladder" else ("recalc",)
        found.append((f"template-{template.stem}", template, actions))
    spec = generate.LadderBookSpec(players=players, games=games)
    fresh = generate.ladder_book(spec)
    steady = generate.steady_ladder_book(spec)  # made once, cached: both trees read this file
    found.append((f"bench-fresh-p{players}-g{games}", fresh, ("recalc", "new-week")))
    found.append((f"bench-steady-p{players}-g{games}", steady, ("recalc", "new-week")))
    return found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def produce(src: Path, out: Path, players: int, games: int) -> dict[str, str]:
    """Run every job with the code in ``src``; return {output name: SHA-256}, also saved."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    jobs = [
        (f"{label}-{action}.xlsx", str(path), action)
        for label, path, actions in inputs(players, games)
        for action in actions
    ]
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(jobs), str(out), NEW_WEEK_DATE],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the run with {src} failed:\n{done.stdout}{done.stderr}")
    used = json.loads(done.stdout.splitlines()[0])["ratingbook"]
    if not Path(used).resolve().is_relative_to(src.resolve()):
        sys.exit(f"the run imported ratingbook from {used}, not from {src}")
    hashes = {name: sha256(out / name) for name, _, _ in jobs}
    manifest = {"src": str(src), "ratingbook": used, "sha256": hashes}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"{len(hashes)} outputs written to {out} with ratingbook from {used}")
    return hashes


def compare(mine: dict[str, str], out: Path, other: Path) -> int:
    """Print both folders' hashes side by side; the number of differences."""
    manifest = other / "manifest.json"
    if not manifest.is_file():
        sys.exit(f"{other} holds no manifest.json: make it first with --out {other}")
    theirs: dict[str, str] = json.loads(manifest.read_text())["sha256"]
    names = sorted(set(mine) | set(theirs))
    width = max(len(n) for n in names)
    print(f"{'output':<{width}}  {out.name[:16]:<16}  {other.name[:16]:<16}  verdict")
    differences = 0
    for name in names:
        a, b = mine.get(name), theirs.get(name)
        same = a is not None and a == b
        differences += not same
        print(
            f"{name:<{width}}  {(a or 'missing')[:16]:<16}  {(b or 'missing')[:16]:<16}  "
            f"{'same' if same else 'DIFFERENT'}"
        )
    print(f"{len(names) - differences} of {len(names)} outputs byte-identical")
    return differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the outputs")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="src folder of the tree")
    parser.add_argument("--against", type=Path, help="another --out folder to compare with")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=5000)
    args = parser.parse_args()
    hashes = produce(args.src, args.out, args.players, args.games)
    if args.against is not None:
        sys.exit(1 if compare(hashes, args.out, args.against) else 0)


if __name__ == "__main__":
    main()
