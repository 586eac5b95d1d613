"""The real desk server (waitress, the desk's application) on 127.0.0.1 and a free port, in a
thread of the test's process, over a desk the test chooses (the fake, or the real one)."""

from __future__ import annotations

import contextlib
import functools
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ratingbook.desk import Desk
from ratingbook.server import DeskState, Limits
from ratingbook.server.security import hash_password
from ratingbook.server.serving import make_server

PASSWORD = "board-seven-knight"


@functools.cache
def password_hash() -> str:
    """PASSWORD's stored form, made once for the run: scrypt costs some 0.1 s a hash by
    design (ratingbook.server.security), and every desk served here is given the same
    password; the tests that check the hash itself call ``hash_password`` directly."""
    return hash_password(PASSWORD)


@contextlib.contextmanager
def running_desk(desk: Desk, book: Path, limits: Limits | None = None) -> Iterator[DeskState]:
    """The desk served until the block ends; its state (``base_url``: where it answers)."""
    desk.set_password(password_hash())
    state = DeskState(desk=desk, book=book, base_url="", limits=limits or Limits())
    server, _ = make_server(state, lan=False, port=0)
    stop = threading.Event()

    def run() -> None:  # waitress's loop a turn at a time, so that it ends where it runs
        while not stop.is_set():
            server.asyncore.loop(timeout=0.05, map=server._map, count=1)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    taker = threading.Thread(target=state.take_in_background, args=(stop, 0.2), daemon=True)
    taker.start()
    try:
        yield state
    finally:
        stop.set()
        # The loop woken at once, not at its turn's 0.05 s timeout; the server (and the
        # trigger) closed only once the loop has ended, so the trigger is never pulled closed.
        server.pull_trigger()
        state.wake.set()
        thread.join(timeout=30)
        taker.join(timeout=30)
        server.close()
        server.task_dispatcher.shutdown()


def until(check: Callable[[], bool], what: str) -> None:
    """Wait for ``check`` (a take in the desk's background), asking again every 0.05 s (the
    test goes on soon after the take is done, not up to 0.2 s later; a check may load the
    book, so not much oftener): a hang guard of a minute, not a speed test."""
    for _ in range(1200):
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")
