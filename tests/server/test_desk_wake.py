"""The taker is woken by a report only where it has something to take (stop 42's wake path):
a round's phones confirming boards before its release never make the desk read the whole
store (the 500-phone benchmark's 99th percentile rose from 0.16 s to 0.3-1.1 s with it); a
board confirmed after the release still wakes it (test_desk_after_release.py: it goes into the
book by itself). Counted on the real desk on a loopback port, not timed."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from tests.server.desk_books import swiss_round_one
from tests.server.running import running_desk
from tests.server.test_desk_book import phone_reports

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow


def test_reports_before_the_release_never_ask_for_every_released_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = swiss_round_one(tmp_path, players=8)
    desk = Desk.open(book)
    codes = [p.code for p in desk.pairings(1)]
    asked: list[str] = []
    real = Desk.waiting

    def waiting(self: Desk) -> frozenset[str]:
        # The taker's own tick (every 15 s at the venue, 0.2 s here) looks too: not counted.
        if "take_in_background" not in threading.current_thread().name:
            asked.append(threading.current_thread().name)
        return real(self)

    monkeypatch.setattr(Desk, "waiting", waiting)
    with running_desk(desk, book) as state:
        for n, code in enumerate(codes):
            phone_reports(state.base_url, f"127.0.5.{2 * n + 1}", code, "white", "1-0")
            phone_reports(state.base_url, f"127.0.5.{2 * n + 2}", code, "black", "1-0")
        assert [q.status for q in desk.queue(1)] == ["confirmed"] * len(codes)
        assert asked == []  # not one look at the whole store for the round's 8 reports
        desk.release(1, by="arbiter")
        state.nudge()  # a result made ready in a released round: the desk looks
    assert asked
