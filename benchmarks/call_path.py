"""How far one workbook command travels through ratingbook's own code: files entered, moves.

    python benchmarks/call_path.py [--src SRC] [--action pair] [--book BOOK.xlsx]

Runs one book job (``ratingbook pair`` by default, on a copy of the bundled Swiss template with
its unplayed round's results typed in) in this process, through the job function the command line
runs in its child (:func:`ratingbook.cli.jobs.run_book_job`), and counts, over every call made
inside ratingbook's own modules:

- the **files entered**: the distinct modules of ``src/ratingbook`` whose code ran;
- the **moves between packages**: calls whose caller and callee live in different packages of
  ``ratingbook`` (``cli`` -> ``session``, ``workbook`` -> ``fide``, ...), in all and as distinct
  (caller package, callee package) pairs.

``--src`` names the ``src`` folder of another tree (an older commit in a worktree), so the same
job is measured before and after a change. Calls into other libraries (gacrux, openpyxl) are not
counted; what they call back into ratingbook is.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _measure(src: Path, action: str, book: Path) -> None:
    """Run in a child whose ratingbook is ``src``'s: print the three figures."""
    sys.path.insert(0, str(src))
    import collections

    import openpyxl

    from ratingbook.cli.jobs import BookJob, run_book_job

    if book.name == "swiss-played.xlsx":  # the template with its open round's results typed
        wb = openpyxl.load_workbook(book)
        ws = wb["Swiss Games"]
        header = [c.value for c in ws[1]]
        result, black = header.index("Result"), header.index("Black")
        for row in ws.iter_rows(min_row=2):
            if row[black].value not in (None, "BYE") and row[result].value is None:
                row[result].value = "1-0"
        wb.save(book)
    package = str(src / "ratingbook")
    files: set[str] = set()
    moves: collections.Counter[tuple[str, str]] = collections.Counter()

    def part(filename: str) -> str:
        rest = os.path.relpath(filename, package).split(os.sep)
        return rest[0].removesuffix(".py") if len(rest) > 1 else "ratingbook"

    def profile(frame: object, event: str, arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code  # type: ignore[attr-defined]
        if not code.co_filename.startswith(package):
            return
        files.add(code.co_filename)
        caller = frame.f_back  # type: ignore[attr-defined]
        while caller is not None and not caller.f_code.co_filename.startswith(package):
            caller = caller.f_back
        if caller is None:
            return
        here, there = part(caller.f_code.co_filename), part(code.co_filename)
        if here != there:
            moves[(here, there)] += 1

    target = book.with_name("out.xlsx")
    job = BookJob(str(book), str(target), False, action)
    sys.setprofile(profile)
    try:
        outcome = run_book_job(job)
    finally:
        sys.setprofile(None)
    assert not outcome.errors, outcome.errors
    print(f"files entered: {len(files)}")
    print(f"moves between packages: {sum(moves.values())} ({len(moves)} distinct)")
    for (here, there), count in sorted(moves.items()):
        print(f"  {here:10s} -> {there:10s} {count}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    parser.add_argument("--action", default="pair")
    parser.add_argument("--book", type=Path, default=None)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _measure(args.src.resolve(), args.action, args.book)
        return
    with tempfile.TemporaryDirectory() as folder:
        book = Path(folder) / "swiss-played.xlsx"
        shutil.copyfile(args.book or ROOT / "workbook_templates" / "swiss.xlsx", book)
        env = {**os.environ, "PYTHONPATH": str(args.src.resolve())}
        command = [sys.executable, __file__, "--child", "--src", str(args.src), "--action"]
        command += [args.action, "--book", str(book)]
        subprocess.run(command, check=True, env=env)


if __name__ == "__main__":
    main()
