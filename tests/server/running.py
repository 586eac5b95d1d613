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
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.task_dispatcher.shutdown()
        server.close()
        thread.join(timeout=10)
