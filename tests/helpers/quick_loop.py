"""The quick loop's measured half: the tests that cost the most CPU, recorded once, run only in
the full suite.

Beside the families marked slow by what they are (``tests/conftest.py``: LibreOffice, real
processes, the long real files), the quick loop leaves out every test recorded in
:data:`RECORD`: those whose CPU, their own and that of the processes they start and wait for,
was at least :data:`HEAVY_CPU` seconds when the quick loop was last measured. The CPU is
measured rather than the time on the clock, so a record made beside other work names the same
tests as one made on a quiet machine. A test's module fixtures count for the first test that
uses them.

To record again (after adding long tests, or when the quick loop has grown), from the
repository root, then commit the file::

    python -m pytest -m "not slow" --with-heavy --record-cpu /tmp/cpu.tsv
    python -m tests.helpers.quick_loop /tmp/cpu.tsv

A test in the record that is renamed or gone is simply no longer left out; a new long test runs
in the quick loop until the next record.
"""

from __future__ import annotations

import datetime
import os
import platform
import resource
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.helpers.paths import ROOT

#: The tests the quick loop leaves out, one node id a line after its CPU seconds.
RECORD = ROOT / "tests" / "data" / "quick_loop_heavy.txt"
#: A quick-loop test whose CPU reached this many seconds is recorded (and so left out).
HEAVY_CPU = 0.2


def heavy_tests() -> frozenset[str]:
    """The node ids of :data:`RECORD` (none when there is no record)."""
    if not RECORD.is_file():
        return frozenset()
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    return frozenset(line.split("\t", 1)[1] for line in lines if line and not line.startswith("#"))


def _cpu() -> float:
    """CPU seconds of this process and of its children waited for so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@contextmanager
def measured(nodeid: str, out: Path) -> Iterator[None]:
    """Append ``CPU<TAB>nodeid`` to ``out`` for what runs inside (one line, written at once, so
    two pytest-xdist workers can share the file)."""
    start = _cpu()
    try:
        yield
    finally:
        line = f"{_cpu() - start:.3f}\t{nodeid}\n".encode()
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)


def write_record(measurements: list[Path]) -> tuple[int, float, float]:
    """:data:`RECORD` from the ``--record-cpu`` files; returns how many tests it names, their
    CPU and the CPU of every test measured."""
    cpu: dict[str, float] = {}
    for path in measurements:
        for line in path.read_text(encoding="utf-8").splitlines():
            seconds, nodeid = line.split("\t", 1)
            cpu[nodeid] = cpu.get(nodeid, 0.0) + float(seconds)
    heavy = sorted(
        ((s, n) for n, s in cpu.items() if s >= HEAVY_CPU), key=lambda sn: (-sn[0], sn[1])
    )
    total, left_out = sum(cpu.values()), sum(s for s, _ in heavy)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    header = [
        "# The quick loop leaves these tests out (tests/helpers/quick_loop.py says how to record",
        f"# again): CPU seconds, a tab, the node id. Recorded {stamp} on {platform.machine()}"
        f" with {os.cpu_count()} cores:",
        f"# {len(heavy)} of {len(cpu)} tests at {HEAVY_CPU} s or more, {left_out:.0f} s of the"
        f" {total:.0f} s of CPU the tests measured.",
    ]
    body = [f"{s:.2f}\t{n}" for s, n in heavy]
    RECORD.write_text("\n".join(header + body) + "\n", encoding="utf-8")
    return len(heavy), left_out, total


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m tests.helpers.quick_loop CPU.tsv...", file=sys.stderr)
        return 2
    count, left_out, total = write_record([Path(a) for a in argv])
    print(
        f"{RECORD.relative_to(ROOT)}: {count} tests, {left_out:.0f} s of the {total:.0f} s of CPU "
        f"measured ({left_out / total:.0%}) leave the quick loop"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
