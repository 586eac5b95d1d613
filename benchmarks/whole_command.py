"""A whole command measured from outside: wall seconds and the peak resident set size of the
largest process it ran (``getrusage(RUSAGE_CHILDREN)`` in a fresh wrapper process, so no
other run's high-water mark counts), and the CPU seconds of all its processes. Shared by the
benchmark scripts."""

from __future__ import annotations

import json
import subprocess
import sys

_WRAPPER = (
    "import json, resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
    "seconds = time.perf_counter() - start\n"
    "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "peak = usage.ru_maxrss / 1024\n"
    "cpu = usage.ru_utime + usage.ru_stime\n"
    "print(json.dumps({'seconds': seconds, 'cpu_seconds': cpu, 'peak_mb': peak, 'code': code}))\n"
)


def whole_command(args: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    """``{"seconds": ..., "cpu_seconds": ..., "peak_mb": ..., "code": ...}`` for the command
    ``args`` (wall seconds; CPU seconds of all its processes, steadier on a busy machine; run with
    the environment ``env``, else this process's)."""
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, *args], capture_output=True, text=True, check=True,
        env=env,
    )  # fmt: skip
    return json.loads(done.stdout)  # type: ignore[no-any-return]
