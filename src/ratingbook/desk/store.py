"""The desk's store: what was reported and decided, kept in SQLite beside the book.

This module alone reads and writes the store (``BOOK.desk.sqlite``). It is durable before it
answers: WAL mode with ``synchronous=FULL``, so a report is on disk before the player's phone
is told so, and a process killed at any moment (``kill -9``) loses nothing it acknowledged.
Every change is one ``BEGIN IMMEDIATE`` transaction, so the desk's web server and a
``ratingbook results take`` in another process never interleave a read and a write; reports
sent at the same moment share one (:meth:`Store.together`: one wait for the disk). It keeps
facts only (reports, the arbiter's acts, the rounds released, codes, what the book took); where
an item stands is the rules' answer (:mod:`ratingbook.desk.rules`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

from ratingbook.desk.codes import new_code
from ratingbook.desk.model import DeskError, Report
from ratingbook.desk.rules import CAMP_SIDE, Decision, Fact, looks_alike

__all__ = ["Item", "Store", "looks_like", "now", "peek", "store_beside"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS codes (
    code TEXT PRIMARY KEY, round INTEGER, match INTEGER, board INTEGER, player TEXT,
    issued TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS codes_board ON codes(round, match, board)
    WHERE player IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS codes_player ON codes(player) WHERE player IS NOT NULL;
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY, round INTEGER NOT NULL, match INTEGER NOT NULL,
    board INTEGER, white TEXT NOT NULL, black TEXT NOT NULL,
    white_id TEXT NOT NULL DEFAULT '', black_id TEXT NOT NULL DEFAULT '',
    decision TEXT NOT NULL DEFAULT '', decided TEXT, decided_by TEXT NOT NULL DEFAULT '',
    since INTEGER NOT NULL DEFAULT 0, taken TEXT, note TEXT NOT NULL DEFAULT '');
CREATE UNIQUE INDEX IF NOT EXISTS items_board ON items(round, match, board)
    WHERE board IS NOT NULL;
CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY, item INTEGER NOT NULL REFERENCES items(id), side TEXT,
    result TEXT NOT NULL, origin TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS reports_item ON reports(item);
CREATE TABLE IF NOT EXISTS acts (
    id INTEGER PRIMARY KEY, item INTEGER, act TEXT NOT NULL, result TEXT,
    by TEXT NOT NULL, reason TEXT NOT NULL DEFAULT '', at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS released (round INTEGER PRIMARY KEY, by TEXT NOT NULL,
    at TEXT NOT NULL);
"""
#: How long a writer waits for another process's transaction before it gives up.
_BUSY_MS = 30_000
#: A ladder's or an Elo book's games are one "round" at the desk: released together.
GAMES_ROUND = 0
#: The meta key of an evening's first look at an Elo book (:meth:`Store.keep_evening`).
_EVENING = "last games row on "

T = TypeVar("T")


def now() -> str:
    """The time as the store keeps it: ISO 8601, UTC, to the millisecond."""
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Item:
    """A board (or a ladder game) as the store keeps it, with the reports that count (those
    since the arbiter last rejected them) and every report for the record."""

    id: int
    round: int
    match: int
    board: int | None
    white: str
    black: str
    white_id: str
    black_id: str
    decision: Decision
    decided: str | None
    decided_by: str
    taken: str | None
    note: str
    reports: tuple[Report, ...]
    counted: tuple[Fact, ...]
    released: bool
    reason: str = ""
    """The reason of the arbiter's last rejection ("" : none, or none given)."""
    set_aside: int = 0
    """How many of ``reports`` (the oldest) a rejection set aside: they count no more."""


@dataclass(slots=True)
class _Job:
    """A work waiting for a shared commit (:meth:`Store.together`), and what came of it."""

    work: Callable[[sqlite3.Connection], object]
    result: object = None
    error: BaseException | None = None
    done: bool = False


class Store:
    """The SQLite store at ``path`` (created on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._queue: list[_Job] = []
        self._waiting = threading.Lock()  # guards the queue
        self._leading = threading.Lock()  # one shared commit at a time
        with self._connect() as db:
            db.executescript(_SCHEMA)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('created', ?)", (now(),))
            db.execute("INSERT OR IGNORE INTO meta VALUES ('id', ?)", (new_code(),))

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, timeout=_BUSY_MS / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise DeskError(f"cannot open the desk's store {str(self.path)!r}: {error}") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # FULL: a transaction is on disk when COMMIT returns (WAL's NORMAL may lose the
            # last ones on a power cut): a report is durable before it is acknowledged.
            db.execute("PRAGMA synchronous=FULL")
            db.execute(f"PRAGMA busy_timeout={_BUSY_MS}")
            yield db
        finally:
            db.close()

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One transaction that writes: taken at once (``BEGIN IMMEDIATE``), committed when
        the block ends, rolled back on any error."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def together(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` done in a write transaction it shares with the writers waiting meanwhile:
        one commit, so one wait for the disk, for all of them (group commit). A report waits
        for its own commit before it is acknowledged (``synchronous=FULL``), and the disk
        takes some tens of milliseconds a commit: one commit each, a burst of reports (the
        phones of a round sending again at once after a restart) queued for seconds. Each
        work runs in its own savepoint, in the order they came: an error undoes that work
        only and is raised to its caller; it returns once the commit is on disk."""
        job = _Job(work)
        with self._waiting:
            self._queue.append(job)
        with self._leading:  # the writer before leads its batch; this job may be in it
            if not job.done:
                with self._waiting:
                    batch, self._queue = self._queue, []
                self._commit(batch)
        if job.error is not None:
            raise job.error
        return cast("T", job.result)

    def _commit(self, batch: list[_Job]) -> None:
        try:
            with self.write() as db:
                for job in batch:
                    db.execute("SAVEPOINT work")
                    try:
                        job.result = job.work(db)
                    except Exception as error:  # that work's refusal: the others go on
                        db.execute("ROLLBACK TO work")
                        job.error = error
                    db.execute("RELEASE work")
        except BaseException as error:  # nothing committed: every work of the batch is told
            for job in batch:
                job.error = job.error or error
            raise
        finally:
            for job in batch:
                job.done = True

    @contextlib.contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot to read (one deferred transaction)."""
        with self._connect() as db:
            db.execute("BEGIN")
            try:
                yield db
            finally:
                db.execute("ROLLBACK")

    # --- meta ----------------------------------------------------------------------------------

    def meta(self, key: str) -> str:
        with self.read() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else ""

    def set_meta(self, key: str, value: str) -> None:
        with self.write() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def meta_once(self, key: str, value: str) -> str:
        """The ``key`` kept before, else ``value``, kept now (one transaction: two processes
        asking at once keep the same)."""
        with self.write() as db:
            db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value))
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0])

    def keep_evening(self, evening: str, row: int, db: sqlite3.Connection | None = None) -> None:
        """Keep ``row``, the last row of an Elo book's games sheet, as the row the desk first
        saw on ``evening`` (ISO date), unless one is kept for it (inside ``db``, a write
        transaction, or a transaction of its own)."""
        key, value = _EVENING + evening, str(row)
        if db is not None:
            db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value))
            return
        with self.write() as own:
            own.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value))

    def evenings(self) -> dict[str, int]:
        """The rows :meth:`keep_evening` kept, by evening."""
        with self.read() as db:
            found = db.execute("SELECT key, value FROM meta WHERE key LIKE ?", (_EVENING + "%",))
            return {key.removeprefix(_EVENING): int(value) for key, value in found}

    # --- codes ---------------------------------------------------------------------------------

    def board_codes(self, boards: list[tuple[int, int, int]]) -> dict[tuple[int, int, int], str]:
        """The code of each (round, match, board), issued on first asking, then the same."""
        with self.write() as db:
            issued = {tuple(r) for r in db.execute("SELECT round, match, board FROM codes")}
            for rnd, match, board in boards:
                while (rnd, match, board) not in issued:
                    try:
                        db.execute(
                            "INSERT INTO codes (code, round, match, board, issued) "
                            "VALUES (?, ?, ?, ?, ?)",
                            (new_code(), rnd, match, board, now()),
                        )
                    except sqlite3.IntegrityError:  # two equal codes: 50 random bits, all but
                        continue  # impossible; a fresh one is drawn
                    issued.add((rnd, match, board))
            found = db.execute(
                "SELECT round, match, board, code FROM codes WHERE player IS NULL"
            ).fetchall()
        wanted = set(boards)
        return {(r, m, b): c for r, m, b, c in found if (r, m, b) in wanted}

    def player_code(self, player: str) -> str:
        """A ladder player's personal code (``player`` "*": the camp's shared code)."""
        with self.write() as db:
            row = db.execute("SELECT code FROM codes WHERE player = ?", (player,)).fetchone()
            while row is None:
                code = new_code()
                try:
                    db.execute(
                        "INSERT INTO codes (code, player, issued) VALUES (?, ?, ?)",
                        (code, player, now()),
                    )
                except sqlite3.IntegrityError:  # two equal codes: a fresh one is drawn
                    continue
                row = (code,)
        return str(row[0])

    def code(self, code: str) -> tuple[int | None, int | None, int | None, str | None] | None:
        """What ``code`` is for: (round, match, board, None) or (None, None, None, player)."""
        with self.read() as db:
            row = db.execute(
                "SELECT round, match, board, player FROM codes WHERE code = ?", (code,)
            ).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3])

    # --- items ---------------------------------------------------------------------------------

    def board_item(
        self, db: sqlite3.Connection, rnd: int, match: int, board: int, white: str, black: str
    ) -> int:
        """The item of a board, made on first need (inside a write transaction ``db``)."""
        db.execute(
            "INSERT OR IGNORE INTO items (round, match, board, white, black) VALUES (?,?,?,?,?)",
            (rnd, match, board, white, black),
        )
        row = db.execute(
            "SELECT id FROM items WHERE round = ? AND match = ? AND board = ?",
            (rnd, match, board),
        ).fetchone()
        return int(row[0])

    def board_item_of(self, rnd: int, match: int, board: int) -> Item | None:
        """The item of a board as the store holds it now; None when none was made yet."""
        with self.read() as db:
            row = db.execute(
                "SELECT id FROM items WHERE round = ? AND match = ? AND board = ?",
                (rnd, match, board),
            ).fetchone()
            found = [] if row is None else self._items(db, None, (int(row[0]),))
        return found[0] if found else None

    def game_item(
        self, db: sqlite3.Connection, white: tuple[str, str], black: tuple[str, str]
    ) -> int:
        """A new ladder game (ids and names of both players)."""
        cursor = db.execute(
            "INSERT INTO items (round, match, board, white, black, white_id, black_id) "
            "VALUES (?, 0, NULL, ?, ?, ?, ?)",
            (GAMES_ROUND, white[1], black[1], white[0], black[0]),
        )
        return int(cursor.lastrowid or 0)

    def add_report(
        self, db: sqlite3.Connection, item: int, side: str | None, result: str, origin: str
    ) -> None:
        db.execute(
            "INSERT INTO reports (item, side, result, origin, at) VALUES (?, ?, ?, ?, ?)",
            (item, side, result, origin, now()),
        )

    def decide(
        self,
        db: sqlite3.Connection,
        item: int,
        decision: Decision,
        result: str | None,
        by: str,
        reason: str = "",
    ) -> None:
        """Record the arbiter's act on ``item`` (a rejection sets aside the reports so far)."""
        if decision == "rejected":
            last = db.execute("SELECT COALESCE(MAX(id), 0) FROM reports").fetchone()[0]
            db.execute(
                "UPDATE items SET decision = ?, decided = NULL, decided_by = ?, since = ? "
                "WHERE id = ?",
                (decision, by, last, item),
            )
        else:
            db.execute(
                "UPDATE items SET decision = ?, decided = ?, decided_by = ? WHERE id = ?",
                (decision, result, by, item),
            )
        db.execute(
            "INSERT INTO acts (item, act, result, by, reason, at) VALUES (?, ?, ?, ?, ?, ?)",
            (item, decision, result, by, reason, now()),
        )

    def release(self, rnd: int, by: str) -> None:
        with self.write() as db:
            db.execute("INSERT OR IGNORE INTO released VALUES (?, ?, ?)", (rnd, by, now()))
            db.execute(
                "INSERT INTO acts (item, act, result, by, at) VALUES (NULL, 'released', ?, ?, ?)",
                (str(rnd), by, now()),
            )

    def mark(self, db: sqlite3.Connection, item: int, *, taken: str | None, note: str) -> None:
        db.execute("UPDATE items SET taken = ?, note = ? WHERE id = ?", (taken, note, item))

    def items(self, rnd: int | None = None, ids: tuple[int, ...] = ()) -> list[Item]:
        """The items of round ``rnd`` (None: every round), or those of ``ids``."""
        with self.read() as db:
            return self._items(db, rnd, ids)

    def items_in(
        self, db: sqlite3.Connection, rnd: int | None, ids: tuple[int, ...] = ()
    ) -> list[Item]:
        """The items of round ``rnd`` (or ``ids``) as the transaction ``db`` sees them."""
        return self._items(db, rnd, ids)

    def _items(self, db: sqlite3.Connection, rnd: int | None, ids: tuple[int, ...]) -> list[Item]:
        return _items(db, rnd, ids)

    def item_in(self, db: sqlite3.Connection, item_id: int) -> Item | None:
        """The item ``item_id`` as a write transaction ``db`` sees it."""
        found = self._items(db, None, (item_id,))
        return found[0] if found else None

    def released_rounds(self) -> set[int]:
        with self.read() as db:
            return {r[0] for r in db.execute("SELECT round FROM released")}


def store_beside(book: Path) -> Path:
    """The store of the desk of ``book``: ``BOOK.desk.sqlite`` beside it."""
    return book.with_name(book.name + ".desk.sqlite")


def peek(path: Path) -> tuple[str, list[Item]] | None:
    """The store's id and every item, read without writing anything (no store is made, its
    file is not changed); None when there is no store at ``path`` or it cannot be read."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return None
    try:
        db.execute("BEGIN")
        row = db.execute("SELECT value FROM meta WHERE key = 'id'").fetchone()
        return (str(row[0]) if row else "", _items(db, None, ()))
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _items(db: sqlite3.Connection, rnd: int | None, ids: tuple[int, ...]) -> list[Item]:
    """The items of round ``rnd`` (None: every round), or those of ``ids``, as ``db`` sees
    them."""
    query = "SELECT * FROM items"
    args: tuple[object, ...] = ()
    if ids:
        query += f" WHERE id IN ({','.join('?' * len(ids))})"
        args = ids
    elif rnd is not None:
        query += " WHERE round = ?"
        args = (rnd,)
    rows = db.execute(query + " ORDER BY round, match, board, id", args).fetchall()
    released = {r[0] for r in db.execute("SELECT round FROM released")}
    reports: dict[int, list[tuple[int, Report]]] = {}
    wanted = {row[0] for row in rows}
    # Only the reports of the items read: a report's own transaction reads its board's, not
    # every report of the event (the queue's readers and a burst's shared commit would wait).
    of_items = "SELECT id, item, side, result, origin, at FROM reports"
    if ids:
        of_items += f" WHERE item IN ({','.join('?' * len(ids))})"
    elif rnd is not None:
        of_items += " WHERE item IN (SELECT id FROM items WHERE round = ?)"
    for rid, item, side, result, origin, at in db.execute(of_items + " ORDER BY id", args):
        if item in wanted:
            reports.setdefault(item, []).append((rid, Report(side, result, origin, at)))
    reasons = {  # the last rejection's reason of each item (acts in order: the last wins)
        item: reason
        for item, reason in db.execute(
            "SELECT item, reason FROM acts WHERE act = 'rejected' ORDER BY id"
        )
        if item in wanted
    }
    out = []
    for row in rows:
        (iid, rnd_, match, board, white, black, white_id, black_id) = row[:8]
        decision, decided, decided_by, since, taken, note = row[8:]
        kept = reports.get(iid, [])
        out.append(
            Item(
                iid,
                rnd_,
                match,
                board,
                white,
                black,
                white_id,
                black_id,
                decision,
                decided,
                decided_by,
                taken,
                note,
                tuple(r for _, r in kept),
                tuple(Fact(_side(r, board), r.result) for rid, r in kept if rid > since),
                rnd_ in released,
                reasons.get(iid, ""),
                sum(1 for rid, _ in kept if rid <= since),
            )
        )
    return out


def _side(report: Report, board: int | None) -> str | None:
    """The side a report counts as: its own; a game's report of no side was sent with the
    camp's code (:data:`~ratingbook.desk.rules.CAMP_SIDE`: a personal code is its player's
    side), a board's is one that did not say its side."""
    return report.side if report.side or board is not None else CAMP_SIDE


def looks_like(game: Item, others: Sequence[Item]) -> Item | None:
    """The first of ``others``, games reported before ``game``, that looks like it
    (:func:`~ratingbook.desk.rules.looks_alike`: the same players, the same evening, the same
    winner), the one home of that matching for the phone's answer and the staff's queue; a
    game whose reports the staff rejected (none counts) looks like none."""

    def seen(item: Item) -> tuple[str, str, str, str] | None:
        if not item.counted:
            return None
        first = item.reports[item.set_aside]
        return (item.white_id, item.black_id, first.result, first.at)

    this = seen(game)
    if this is None:
        return None
    for other in others:
        that = seen(other)
        if other.id < game.id and that is not None and looks_alike(that, this):
            return other
    return None
