"""Stopping ``ratingbook pair`` stops the work (issue 28): however the command ends (SIGTERM,
SIGHUP, SIGINT, or its process killed outright), the worker process it forked for the book ends
too, and nothing is written.

Each test runs one real command (the parent and its one worker: never more than two processes)
on a 1,000-player round 1, which takes the worker seconds to read and pair; the command is
stopped as soon as its worker exists. No test measures time: the waits are hang guards only.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from tests.helpers.cli import SCRIPT

from ratingbook.templates import TemplateBook, build_template

pytestmark = pytest.mark.slow

#: Hang guard for a worker to appear or end (its whole job takes a few seconds).
GUARD_S = 120.0


def _large_round_one(path: Path, players: int = 1000) -> None:
    rows = {
        "Swiss Settings": [("Rounds", 9, None)],
        "Swiss Players": [{"Name": f"Player {i:04d}", "Rating": 2700 - i} for i in range(players)],
        "Swiss Games": [],
    }
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


def _running(pid: int) -> bool:
    """Whether ``pid`` is still a live process (a zombie waiting to be reaped is not)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _wait(condition: object, what: str) -> None:
    deadline = time.monotonic() + GUARD_S
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"hang guard: {what}"
        time.sleep(0.02)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize(
    "stop", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name
)
def test_stopping_the_command_ends_its_worker_and_writes_nothing(
    tmp_path: Path, stop: signal.Signals
) -> None:
    book = tmp_path / "open.xlsx"
    _large_round_one(book)
    out = tmp_path / "paired.xlsx"
    before = sorted(p.name for p in tmp_path.iterdir())
    command = subprocess.Popen(
        [*SCRIPT, "pair", str(book), "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        workers: list[int] = []

        def started() -> bool:
            workers[:] = _children(command.pid)
            return bool(workers) or command.poll() is not None

        _wait(started, "the command's worker never started")
        assert command.poll() is None, "the pairing ended before it could be stopped"
        os.kill(command.pid, stop)
        command.wait(GUARD_S)
        _wait(lambda: not any(_running(w) for w in workers), "the worker outlived its command")
    finally:
        if command.poll() is None:
            command.kill()
            command.wait()
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no temporary file either
