"""The real desk server (waitress, the desk's application) on 127.0.0.1 and a free port, in a
thread of the test's process, over a desk the test chooses (the fake, or the real one)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from ratingbook.desk import Desk
from ratingbook.server import DeskState, Limits
from ratingbook.server.security import hash_password
from ratingbook.server.serving import make_server

PASSWORD = "board-seven-knight"


@contextlib.contextmanager
def running_desk(desk: Desk, book: Path, limits: Limits | None = None) -> Iterator[DeskState]:
    """The desk served until the block ends; its state (``base_url``: where it answers)."""
    desk.set_password(hash_password(PASSWORD))
    state = DeskState(desk=desk, book=book, base_url="", limits=limits or Limits())
    server, _ = make_server(state, lan=False, port=0)
    stop = threading.Event()

    def run() -> None:  # waitress's loop a turn at a time, so that it ends where it runs
        while not stop.is_set():
            server.asyncore.loop(timeout=0.05, map=server._map, count=1)
        server.close()
        server.task_dispatcher.shutdown()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        stop.set()
        thread.join(timeout=30)
