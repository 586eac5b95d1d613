"""Reports sent at the same time share one commit (issue 36: after a restart every phone sends
again at once, and one fsync'ed commit each queued the last for seconds). Counted, not timed:
the commits made while writers wait, what each writer is told, and what the store keeps."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.desk.desk_books import fide_swiss

from ratingbook.desk import Desk, DeskError
from ratingbook.desk.store import Store

WRITERS = 10


def _meta(db: sqlite3.Connection, key: str) -> str:
    db.execute("INSERT INTO meta VALUES (?, ?)", (key, "kept"))
    return key


def test_writers_waiting_meanwhile_share_one_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "desk.sqlite")
    commits: list[int] = []
    write = Store.write

    @contextlib.contextmanager
    def counted(self: Store) -> Iterator[sqlite3.Connection]:
        with write(self) as db:
            yield db
        commits.append(1)

    monkeypatch.setattr(Store, "write", counted)
    inside, go_on = threading.Event(), threading.Event()

    def first(db: sqlite3.Connection) -> str:
        inside.set()
        assert go_on.wait(60)  # a hang guard: the others are queued well before
        return _meta(db, "first")

    def refused(db: sqlite3.Connection) -> str:
        _meta(db, "refused")
        raise DeskError("refused")

    told: dict[str, object] = {}

    def writer(name: str, work: object) -> None:
        try:
            told[name] = store.together(work)  # type: ignore[arg-type]
        except DeskError as error:
            told[name] = error

    leader = threading.Thread(target=writer, args=("first", first))
    leader.start()
    assert inside.wait(60)
    others = [
        threading.Thread(target=writer, args=(f"w{n}", lambda db, n=n: _meta(db, f"w{n}")))
        for n in range(WRITERS)
    ]
    others.append(threading.Thread(target=writer, args=("refused", refused)))
    for thread in others:
        thread.start()
    for _ in range(6000):  # until every one waits for the commit under way (a hang guard)
        if len(store._queue) == WRITERS + 1:
            break
        threading.Event().wait(0.01)
    go_on.set()
    for thread in [leader, *others]:
        thread.join(60)
    assert len(commits) == 2  # the first writer's, then one for the eleven that waited
    assert {k: v for k, v in told.items() if k != "refused"} == {
        "first": "first",
        **{f"w{n}": f"w{n}" for n in range(WRITERS)},
    }
    assert isinstance(told["refused"], DeskError)  # its own work undone, the others kept
    with store.read() as db:
        kept = {k for (k,) in db.execute("SELECT key FROM meta WHERE value = 'kept'")}
    assert kept == {"first", *(f"w{n}" for n in range(WRITERS))}


def test_both_sides_of_every_board_reporting_at_once_are_each_kept_once(tmp_path: Path) -> None:
    desk = Desk.open(fide_swiss(tmp_path))
    pairings = desk.pairings(1)
    start = threading.Barrier(2 * len(pairings))
    acks = []

    def phone(code: str, side: str) -> None:
        start.wait(60)
        acks.append(desk.report(code, "1-0", side=side, origin=f"phone {side}"))  # type: ignore[arg-type]

    threads = [
        threading.Thread(target=phone, args=(p.code, side))
        for p in pairings
        for side in ("white", "black")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(acks) == 2 * len(pairings)
    queue = desk.queue(1)
    assert [q.status for q in queue] == ["confirmed"] * len(pairings)
    sides = [sorted(r.side or "" for r in q.reports) for q in queue]
    assert sides == [["black", "white"]] * len(pairings)
