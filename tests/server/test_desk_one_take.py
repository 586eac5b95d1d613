"""One take per act: the taker's tick never takes again what the arbiter's act is taking.
Before, the tick asked "is anything untried?" while the act's take was still writing the
book, then took the same refused result again once that take let go, and its words replaced
the act's: the queue said only the refusal, not the result the act took. A banner test had
come to expect those second words, and failed on stop 43's CI, where the tick came late."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ratingbook.desk.model import TakeOutcome
from ratingbook.server.state import DeskState

HANG = 30  # seconds: a hang guard far above the milliseconds each step takes


class _Desk:
    """A desk with one released result that every take refuses (an inactive player): it
    waits before and after, and each take says so in its own words. The first take holds
    until ``go`` is set, so the taker's tick comes while it writes the book."""

    def __init__(self) -> None:
        self.takes: list[str] = []
        self.inside = threading.Event()
        self.go = threading.Event()
        self.tick = threading.Event()

    def take(self) -> TakeOutcome:
        self.takes.append(threading.current_thread().name)
        if len(self.takes) == 1:
            self.inside.set()
            assert self.go.wait(HANG)
        return TakeOutcome(
            taken=0, waiting=1, locked=False, messages=(f"take {len(self.takes)} refused it",)
        )

    def waiting(self) -> frozenset[str]:
        if threading.current_thread().name == "taker":
            self.tick.set()
        return frozenset({"round 1 board 1"})

    def held(self) -> frozenset[int]:
        return frozenset()  # no game waits for another

    def any_released(self) -> bool:
        return True

    def unreleased(self) -> int | None:
        return None  # the round is released

    def __getattr__(self, name: str) -> Any:  # what the state reads at start, unused here
        raise AttributeError(name)


class _Lock:
    """The state's take lock, telling ``desk`` when the taker's tick reaches for it."""

    def __init__(self, desk: _Desk) -> None:
        self.lock = threading.Lock()
        self.desk = desk

    def __enter__(self) -> None:
        if threading.current_thread().name == "taker":
            self.desk.tick.set()
        self.lock.acquire()

    def __exit__(self, *_: object) -> None:
        self.lock.release()


def test_the_tick_during_an_acts_take_takes_nothing_again(tmp_path: Path) -> None:
    desk = _Desk()
    state = DeskState(desk, tmp_path / "camp.xlsx", "http://127.0.0.1:1")  # type: ignore[arg-type]
    state.taking = _Lock(desk)  # type: ignore[assignment]
    act = threading.Thread(target=state.take_if_ready, name="act")
    act.start()
    assert desk.inside.wait(HANG)  # the act's take is writing the book
    stop = threading.Event()
    taker = threading.Thread(
        target=state.take_in_background, args=(stop, 0.01), name="taker", daemon=True
    )
    taker.start()
    # The tick comes while the act's take writes the book (it asks whether anything is
    # untried, or reaches for the take's lock); only then does the act's take finish.
    assert desk.tick.wait(HANG)
    desk.go.set()
    act.join(HANG)
    stop.set()
    state.wake.set()
    taker.join(HANG)
    assert desk.takes == ["act"]
    assert state.last_take == "Take 1 refused it."
    assert not taker.is_alive()
