"""The desk's taker keeps running when a take cannot read the book (issue 36; a user test
saved the book in place while results waited: the half-written file ended the taker's thread
with "WorkbookError: ... is not an .xlsx file", and nothing was taken again until a restart)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from ratingbook.desk.model import TakeOutcome
from ratingbook.errors import WorkbookError
from ratingbook.server.state import DeskState


class _Desk:
    """A desk whose first take finds the book half-written, and whose second takes one result."""

    def __init__(self) -> None:
        self.takes = 0
        self.done = threading.Event()

    def take(self) -> TakeOutcome:
        self.takes += 1
        if self.takes == 1:
            raise WorkbookError("'camp.xlsx' is not an .xlsx file")
        self.done.set()
        return TakeOutcome(taken=1, waiting=0, locked=False)

    def waiting(self) -> frozenset[str]:
        return frozenset()

    def held(self) -> frozenset[int]:
        return frozenset()

    def any_released(self) -> bool:
        return True

    def unreleased(self) -> int | None:
        return None  # the round is released

    def __getattr__(self, name: str) -> Any:  # what the state reads at start, unused here
        raise AttributeError(name)


# The taker's thread must not die of anything else either (a fake missing what a take reads
# once ended it after the second take, unseen but for pytest's warning).
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_take_that_cannot_read_the_book_is_tried_again(tmp_path: Path) -> None:
    desk = _Desk()
    state = DeskState(desk, tmp_path / "camp.xlsx", "http://127.0.0.1:1")  # type: ignore[arg-type]
    stop = threading.Event()
    state.pending_take = True  # as the queue's Take results button asks
    state.wake.set()
    taker = threading.Thread(target=state.take_in_background, args=(stop, 0.05), daemon=True)
    taker.start()
    try:
        assert desk.done.wait(30), state.last_take  # a hang guard far above 0.1 s
    finally:
        stop.set()
        state.wake.set()
        taker.join(30)
    assert desk.takes == 2
    assert taker.is_alive() is False
