"""The suite's two-process rule when pytest-xdist runs it on two workers.

No more than two processes work at once. On one process a test may run two processes at a
time (and wait for them), but beside a second worker that would make three. So, under
pytest-xdist, a pool of commands runs :data:`AT_ONCE` (one) at a time, and a test that must run
two at once (``--jobs 2``, two commands racing for a lock) is marked ``two_processes``: every
test holds a shared lock while it runs (setup, call and teardown: ``tests/conftest.py``), and a
marked one holds it alone, the other worker waiting between two of its tests. A turnstile keeps
the one waiting to be alone from being overtaken by the other worker's next test. Outside
pytest-xdist nothing is locked.

The locks are ``flock`` locks on two files named after the run (``PYTEST_XDIST_TESTRUNUID``)
in the temporary folder: a worker's locks go when it ends, however it ends.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

#: The marker of a test that runs two processes at once (registered in pyproject.toml).
MARK = "two_processes"

#: How many processes a test's pool of commands may run at once: two on one pytest process,
#: one beside a second worker (so the pool never waits for the other worker to stop).
AT_ONCE = 1 if os.environ.get("PYTEST_XDIST_WORKER") else 2


def _lock_paths() -> tuple[Path, Path] | None:
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not os.environ.get("PYTEST_XDIST_WORKER") or not run:
        return None
    folder = Path(tempfile.gettempdir())
    return folder / f"ratingbook-tests-{run}.turnstile", folder / f"ratingbook-tests-{run}.lock"


def _take(turnstile: IO[str], lock: IO[str], mode: int) -> None:
    fcntl.flock(turnstile, fcntl.LOCK_EX)
    try:
        fcntl.flock(lock, mode)
    finally:
        fcntl.flock(turnstile, fcntl.LOCK_UN)


@contextlib.contextmanager
def process_share(alone: bool) -> Iterator[None]:
    """Hold this worker's share of the machine for one test: alone, or beside the other
    worker (nothing to hold outside pytest-xdist)."""
    paths = _lock_paths()
    if paths is None:
        yield
        return
    with open(paths[0], "a") as turnstile, open(paths[1], "a") as lock:
        _take(turnstile, lock, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def remove_lock_files(run: str) -> None:
    """A worker's tidying at the end of its run."""
    folder = Path(tempfile.gettempdir())
    for suffix in ("turnstile", "lock"):
        with contextlib.suppress(FileNotFoundError):
            (folder / f"ratingbook-tests-{run}.{suffix}").unlink()
