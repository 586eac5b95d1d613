"""A small in-memory desk for the server's tests: the contract of :class:`ratingbook.desk.Desk`
(issue 36's split) with the simplest rules (both sides must agree; a mismatch is a conflict;
the arbiter's entry closes a board to reports), so that the pages and the defences are tested
without the book. The real desk's rules are tested in tests/desk/."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path

from ratingbook.desk import (
    Ack,
    Desk,
    DeskError,
    Kind,
    Pairing,
    QueueItem,
    Report,
    Side,
    TakeOutcome,
)
from ratingbook.desk.codes import normal_code
from ratingbook.desk.model import round_state
from ratingbook.desk.rules import Confirms

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
RESULTS = ("1-0", "½-½", "0-1")


def new_code() -> str:
    plain = "".join(secrets.choice(ALPHABET) for _ in range(10))
    return f"{plain[:5]}-{plain[5:]}"


@dataclass
class Board:
    pairing: Pairing
    reports: list[Report] = field(default_factory=list)
    status: str = "missing"
    result: str | None = None
    released: bool = False


class FakeDesk(Desk):
    def __init__(
        self,
        book: Path,
        boards: list[tuple[str, str]],
        *,
        round: int = 2,
        kind: Kind = "swiss",
        players: list[tuple[str, str]] | None = None,
    ) -> None:
        # No store: everything in memory (Desk.__init__ would open the SQLite store).
        self.book = book
        self.store_path = book.with_name(book.name + ".desk.sqlite")
        self._hash = ""
        self._kind = kind
        self._round = round
        self.old_code = new_code()  # the code of a board of the round before
        self.boards = {
            number: Board(Pairing(round, number, white, black, new_code(), RESULTS))
            for number, (white, black) in enumerate(boards, start=1)
        }
        self._players = players or []
        self.games: list[QueueItem] = []
        self.calls: list[tuple[object, ...]] = []
        self.taken = 0
        self.asked: list[str] = []  # every code the server asked about

    @property
    def kind(self) -> Kind:
        return self._kind

    @property
    def confirms(self) -> Confirms:
        return "both sides"

    @property
    def title(self) -> str:
        return "Fake Open <2026>"

    def round(self) -> int | None:
        return None if self._kind in ("ladder", "elo") else self._round

    def open_round(self) -> int | None:
        return self.round()  # the fake's event is never over

    def round_state(self) -> str:
        if self._kind in ("ladder", "elo"):
            return "games reported"
        return round_state(self._round, False)

    def pairings(self, round: int) -> list[Pairing]:
        return [b.pairing for b in self.boards.values()] if round == self._round else []

    def players(self) -> list[tuple[str, str]]:
        return list(self._players)

    @property
    def password_hash(self) -> str:
        return self._hash

    def set_password(self, hash: str) -> None:
        self._hash = hash

    def excel_token(self) -> str:
        return "fake-excel-token"

    def allowed(self, *, arbiter: bool = False) -> tuple[str, ...]:
        return RESULTS + (("+/-", "-/+", "-/-") if arbiter else ())

    def pairing_for(self, code: str) -> Pairing | None:
        self.asked.append(code)
        typed = normal_code(code)
        return next((b.pairing for b in self.boards.values() if b.pairing.code == typed), None)

    def closed_pairing(self, code: str) -> Pairing | None:
        """The round before's board 1, for its code (its result in the book)."""
        if normal_code(code) != normal_code(self.old_code):
            return None
        before = self.boards[1].pairing
        return Pairing(
            before.round - 1, 1, before.black, before.white, self.old_code, RESULTS, "1-0"
        )

    def _item(self, board: Board) -> QueueItem:
        p = board.pairing
        return QueueItem(
            p.board,
            p.round,
            p.board,
            p.white,
            p.black,
            board.status,  # type: ignore[arg-type]
            tuple(board.reports),
            board.result,
            board.released,
        )

    def report(self, code: str, result: str, *, side: Side | None, origin: str) -> Ack:
        self.calls.append(("report", code, result, side, origin))
        pairing = self.pairing_for(code)
        if pairing is None:
            raise DeskError("this code reports for no pairing")
        board = self.boards[pairing.board]
        if board.status == "entered":
            raise DeskError("the arbiter entered this board's result: tell the arbiter")
        now = dt.datetime.now().isoformat(timespec="seconds")
        board.reports = [r for r in board.reports if r.side != side] + [
            Report(side, result, origin, now)
        ]
        results = {r.result for r in board.reports}
        if len(results) > 1:
            board.status, board.result = "conflict", None
        elif len({r.side for r in board.reports}) == 2:
            board.status, board.result = "confirmed", result
        else:
            board.status, board.result = "reported", None
        words = {
            # the real desk's words (the guide quotes them)
            "conflict": "the reports differ: the arbiter decides",
            "confirmed": "confirmed: both reports agree",
            "reported": "reported: it waits for the other player or the arbiter",
        }
        return Ack(pairing.board, board.status, words[board.status])  # type: ignore[arg-type]

    def report_game(
        self, player_code: str, white_id: str, black_id: str, result: str, *, origin: str
    ) -> Ack:
        self.calls.append(("game", player_code, white_id, black_id, result, origin))
        if player_code.upper() != "CAMP2026":
            raise DeskError("this code reports no game")
        names = dict(self._players)
        now = dt.datetime.now().isoformat(timespec="seconds")
        item = QueueItem(
            len(self.games) + 1,
            None,
            None,
            names[white_id],
            names[black_id],
            "reported",
            (Report(None, result, origin, now),),
            result,
        )
        self.games.append(item)
        return Ack(item.id, "reported", "Received: the staff accept it.")

    def queue(self, round: int | None = None) -> list[QueueItem]:
        if self._kind in ("ladder", "elo"):
            return list(self.games)
        if round not in (None, self._round):
            return []
        return [self._item(b) for b in self.boards.values()]

    def _board(self, item_id: int) -> Board:
        if item_id not in self.boards:
            raise DeskError(f"there is no item {item_id} in the queue")
        return self.boards[item_id]

    def accept(self, item_id: int, *, by: str) -> None:
        self.calls.append(("accept", item_id, by))
        board = self._board(item_id)
        if board.status == "conflict":
            raise DeskError("the reports differ: correct the result instead")
        board.status, board.result = "accepted", board.reports[-1].result

    def reject(self, item_id: int, *, by: str, reason: str) -> None:
        self.calls.append(("reject", item_id, by, reason))
        board = self._board(item_id)
        board.status, board.result, board.reports = "rejected", None, []

    def correct(self, item_id: int, result: str, *, by: str) -> None:
        self.calls.append(("correct", item_id, result, by))
        board = self._board(item_id)
        board.status, board.result = "accepted", result

    def enter(self, round: int, board: int, result: str, *, by: str, match: int = 0) -> None:
        self.calls.append(("enter", round, board, result, by))
        found = self._board(board)
        found.status, found.result = "entered", result

    def release(self, round: int | None, *, by: str) -> int:
        self.calls.append(("release", round, by))
        ready = [
            b for b in self.boards.values() if b.status in ("confirmed", "accepted", "entered")
        ]
        for board in ready:
            board.released = True
        return len(ready)

    def waiting(self) -> frozenset[str]:
        ready = ("confirmed", "accepted", "entered")
        return frozenset(str(n) for n, b in self.boards.items() if b.released and b.status in ready)

    def held(self) -> frozenset[int]:
        return frozenset()  # a fake round's boards: no game waits for another

    def any_released(self) -> bool:
        return any(b.released for b in self.boards.values())

    def unreleased(self) -> int | None:  # the fake's boards are all of its one round
        return None if self.any_released() else self.open_round()

    def undone(self) -> frozenset[str]:
        return frozenset()

    def take(self) -> TakeOutcome:
        self.calls.append(("take",))
        ready = [b for b in self.boards.values() if b.released and b.status != "taken"]
        for board in ready:
            board.status = "taken"
            board.pairing = replace(board.pairing, result_in_book=board.result)
        self.taken += len(ready)
        return TakeOutcome(len(ready), 0, False, ())
