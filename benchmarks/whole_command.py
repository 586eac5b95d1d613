"""A whole command measured from outside: wall seconds and the peak resident set size of the
largest process it ran (``getrusage(RUSAGE_CHILDREN)`` in a fresh wrapper process, so no
other run's high-water mark counts). Shared by the benchmark scripts."""

from __future__ import annotations

import json
import subprocess
import sys

_WRAPPER = (
    "import json, resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
    "seconds = time.perf_counter() - start\n"
    "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
    "print(json.dumps({'seconds': seconds, 'peak_mb': peak, 'code': code}))\n"
)


def whole_command(args: list[str]) -> dict[str, float]:
    """``{"seconds": ..., "peak_mb": ..., "code": ...}`` for the command ``args``."""
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, *args], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]
