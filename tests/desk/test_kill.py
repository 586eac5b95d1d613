"""Tests for the desk's durability (issue 36): a desk process killed with SIGKILL (``kill -9``)
loses no report it acknowledged, and a take killed between writing the book and marking its
results taken writes nothing twice. Each test runs one real child process at a time and kills
it at a point it announces (no timing)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tests.desk.desk_books import fide_swiss
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import records, sheet_rows

from ratingbook.desk import Desk

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

REPORTER = """
import sys
from pathlib import Path
from ratingbook.desk import Desk

desk = Desk.open(Path(sys.argv[1]))
for p in desk.pairings(1):
    for side in ("white", "black"):
        ack = desk.report(p.code, "1-0", side=side, origin=f"phone {p.board} {side}")
        print("ACK", p.board, side, ack.item_id, flush=True)
print("DONE", flush=True)
"""

TAKER = """
import sys, time
from pathlib import Path
from ratingbook.desk import Desk, taking

def stop_before_marking(store, taken, *notes):
    print("SAVED", len(taken), flush=True)
    time.sleep(3600)  # the test kills this process here

taking._mark = stop_before_marking
print(Desk.open(Path(sys.argv[1])).take(), flush=True)
"""


def _child(script: str, book: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script), str(book)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def _kill_after(child: subprocess.Popen[str], lines: int) -> list[str]:
    """Read ``lines`` lines the child printed, then kill it with SIGKILL."""
    assert child.stdout is not None
    seen = [child.stdout.readline().strip() for _ in range(lines)]
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL
    return seen


def test_reports_acknowledged_before_a_kill_are_all_kept_and_taken_once(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    acked = _kill_after(_child(REPORTER, book), 5)
    assert all(line.startswith("ACK") for line in acked), acked
    desk = Desk.open(book)
    kept = {(q.board, r.side, r.origin) for q in desk.queue() for r in q.reports}
    for line in acked:
        _, board, side, _ = line.split()
        assert (int(board), side, f"phone {board} {side}") in kept
    # the desk started again: the rest reported, the round released and taken once
    for p in desk.pairings(1):
        for side in ("white", "black"):
            desk.report(p.code, "1-0", side=side, origin=f"phone {p.board} {side}")  # type: ignore[arg-type]
    assert all(len(q.reports) == 2 for q in desk.queue())
    desk.release(1, by="arbiter")
    assert desk.take().taken == 5
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:]] == ["1-0"] * 5


def test_a_take_killed_after_the_book_is_written_writes_nothing_twice(tmp_path: Path) -> None:
    book = fide_swiss(tmp_path)
    desk = Desk.open(book)
    for board in range(1, 6):
        desk.enter(1, board, "0-1", by="arbiter")
    desk.release(1, by="arbiter")
    assert _kill_after(_child(TAKER, book), 1) == ["SAVED 5"]
    written = book.read_bytes()
    assert [r[4] for r in sheet_rows(book, "Swiss Games")[1:]] == ["0-1"] * 5
    assert {q.status for q in desk.queue()} == {"taken"}  # the book's record says so
    again = desk.take()
    assert (again.taken, again.waiting) == (0, 0)
    assert book.read_bytes() == written
    assert len(records(book, "Desk Results")) == 5
    assert len([r for r in records(book, "Event Log") if r["Kind"] == "Desk Result"]) == 5
