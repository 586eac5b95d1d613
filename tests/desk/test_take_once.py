"""A take of the desk's released results is one read of the book, one plan and one save, however
many results it takes (issue 36: 250 results into a 500-player book took half a minute when
each result read the whole event again). Counted, not timed: each sheet read from the file, the
event built from its sheets, the recalcs planned and the saves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.desk.desk_books import copy, fide_swiss

import ratingbook.session.planning as planning_module
import ratingbook.workbook.sheets.event_book as event_book
from ratingbook.desk import Desk
from ratingbook.files.patching import PackageBook

RESULTS = ("1-0", "½-½", "0-1")


def _counted(calls: Counter[str], name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return call(*args, **kwargs)

    return counting


def _take(book: Path, boards: int, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Enter ``boards`` results of round 1 at the desk, release the round and take it: what the
    take did, counted (``read Swiss Games``: a sheet read from the book's file)."""
    desk = Desk.open(book)
    for board in range(1, boards + 1):
        desk.enter(1, board, RESULTS[board % 3], by="arbiter")
    desk.release(1, by="arbiter")
    calls: Counter[str] = Counter()
    with monkeypatch.context() as patch:
        read_values = PackageBook.read_values

        def reading(self: PackageBook, sheet: str) -> Any:
            calls[f"read {sheet}"] += 1
            return read_values(self, sheet)

        patch.setattr(PackageBook, "read_values", reading)
        patch.setattr(PackageBook, "save", _counted(calls, "save", PackageBook.save))
        patch.setattr(
            event_book, "build_event", _counted(calls, "event built", event_book.build_event)
        )
        patch.setattr(
            planning_module,
            "plan_recalc",
            _counted(calls, "recalc planned", planning_module.plan_recalc),
        )
        outcome = desk.take()
    assert (outcome.taken, outcome.waiting) == (boards, 0), outcome
    return calls


def test_a_take_reads_the_book_once_plans_once_and_saves_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = fide_swiss(tmp_path)
    five = copy(one, "five.xlsx")
    taking_one = _take(one, 1, monkeypatch)
    taking_five = _take(five, 5, monkeypatch)
    reads = {name: n for name, n in taking_five.items() if name.startswith("read ")}
    assert reads["read Swiss Games"] == 1
    assert set(reads.values()) == {1}, reads  # every sheet read once, for the desk and the session
    assert taking_five["recalc planned"] == 1
    assert taking_five["save"] == 1
    # Building the event from its sheets does not grow with the results taken (it was once more
    # per result): the desk's view, the results' cells, and the recalc of the book with them.
    assert taking_five["event built"] == taking_one["event built"]
    assert taking_five == taking_one
