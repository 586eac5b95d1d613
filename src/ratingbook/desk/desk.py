"""The results desk: one object a front end (the desk's web server, the command line, the Excel
button) asks for a round's pairings, hands players' reports, and acts for the arbiter.

This module alone holds the sequence of the desk's acts: read the book (:mod:`~ratingbook.desk.
book`), apply the reporting rules (:mod:`~ratingbook.desk.rules`) to what the store keeps
(:mod:`~ratingbook.desk.store`), and take released results into the book through the session
(:mod:`~ratingbook.desk.taking`). The book stays the one truth: the desk keeps only what was
reported and decided, and a result goes into the book once, through the same rules, warnings
and log as a typed one.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ratingbook.desk.book import Board, BookView, read_file, redo_gives_back
from ratingbook.desk.codes import HOW_READ, normal_code
from ratingbook.desk.model import (
    READY,
    Ack,
    DeskError,
    Kind,
    Pairing,
    QueueItem,
    Side,
    Status,
    TakeOutcome,
    board_name,
    decider,
    pairing_words,
    round_state,
    status_words,
)
from ratingbook.desk.released import Released
from ratingbook.desk.rules import (
    Confirms,
    allowed_results,
    canonical_result,
    check_accept,
    check_report,
    evening,
    report_refusal,
    standing,
)
from ratingbook.desk.store import GAMES_ROUND, Item, Store, now, store_beside
from ratingbook.desk.taking import (
    game_name,
    held_back,
    key_of_item,
    ready_items,
    released_of,
    take_file,
    take_into,
    waiting_items,
)
from ratingbook.desk.twice import answer_doubt, counted_from, evening_begins, queue_doubts
from ratingbook.workbook.port.book import Book

__all__ = ["CAMP", "Desk"]

#: The player a camp's shared code is issued to (any camper reports any game with it).
CAMP = "*"
#: The store's note on a result xlwings Lite took into its book (the desk cannot see that book).
TAKEN_IN_EXCEL = "taken in Excel (xlwings Lite)"


class Desk:
    """The results desk of one book (``book``), its reports kept in ``store`` (default: beside
    the book, ``BOOK.desk.sqlite``)."""

    def __init__(self, book: Path, store: Path) -> None:
        self.book = book
        self.store_path = store
        self._store = Store(store)
        self._id = self._store.meta("id")

    @classmethod
    def open(cls, book: Path, *, store: Path | None = None) -> Desk:
        """The desk of ``book`` (a DeskError when the desk cannot serve it)."""
        book = Path(book)
        if not book.is_file():
            raise DeskError(f"there is no book {str(book)!r}")
        desk = cls(book, store or store_beside(book))
        # A book the desk cannot serve is refused at once; an Elo book's evening begins.
        evening_begins(desk._store, desk._view(), now())
        return desk

    def _view(self) -> BookView:
        return read_file(self.book)

    # --- what the book holds -----------------------------------------------------------------

    @property
    def kind(self) -> Kind:
        """What the book holds: "swiss", "roundrobin", "team", "ladder" or "elo"."""
        return self._view().kind

    @property
    def title(self) -> str:
        """The event's name (the book's file name when it has none)."""
        return self._view().title

    @property
    def confirms(self) -> Confirms:
        """The book's Desk Confirms setting: how a report stands."""
        return self._view().confirms

    def round(self) -> int | None:
        """The round open for reports (the last paired round); None for a ladder or Elo book."""
        return self._view().round

    def open_round(self) -> int | None:
        """The round open for reports: :meth:`round`, but None once the event is over (its
        last round's results all in the book)."""
        view = self._view()
        return None if view.over else view.round

    def round_state(self) -> str:
        """Which round takes reports, as the desk says it (:func:`~ratingbook.desk.model.
        round_state`): "round 3 open for reports", the event over, or no round paired yet;
        "games reported" for a ladder or an Elo book."""
        view = self._view()
        if view.kind in ("ladder", "elo"):
            return "games reported"
        return round_state(view.round, view.over)

    def allowed(self, *, arbiter: bool = False) -> tuple[str, ...]:
        """The results a player (``arbiter``: the arbiter, forfeits too) may report."""
        return allowed_results(self.kind, arbiter=arbiter)

    def pairings(self, round: int) -> list[Pairing]:
        """The pairings of ``round``, each with its code (issued here once, then the same)."""
        view = self._view()
        boards = [b for b in view.boards if b.round == round]
        codes = self._store.board_codes([(b.round, b.match, b.board) for b in boards])
        allowed = allowed_results(view.kind)
        return [_pairing(b, codes[(b.round, b.match, b.board)], allowed) for b in boards]

    def players(self) -> list[tuple[str, str]]:
        """A ladder's or an Elo book's players to choose from: (id, name)."""
        return list(self._view().players)

    def player_code(self, player_id: str) -> str:
        """A ladder's or an Elo book's personal code of ``player_id`` (``CAMP``, "*": the
        camp's shared code), issued once, then the same."""
        if player_id != CAMP and player_id not in dict(self.players()):
            raise DeskError(f"there is no player {player_id!r} in the book")
        return self._store.player_code(player_id)

    def pairing_for(self, code: str) -> Pairing | None:
        """The pairing ``code`` reports for, with why a report of it is refused now (decided
        by the arbiter, or in the book: its page offers no form); None for a wrong, old-round
        or unknown code."""
        pairing = self._coded(code, closed=False)
        if pairing is None:
            return None
        item = self._store.board_item_of(pairing.round, pairing.match, pairing.board)
        if item is None:  # nobody reported it, nor did the arbiter enter it
            return pairing
        status, stands = self._standing(item, self._view())
        said = report_refusal(status, item.decision, pairing.result_in_book, what=pairing.place)
        return replace(pairing, refusal=said, decided=stands) if said else pairing

    def closed_pairing(self, code: str) -> Pairing | None:
        """The pairing of a closed round (one before the round open now) ``code`` reported
        for, with the book's result; None for a wrong or unknown code, or the open round's."""
        return self._coded(code, closed=True)

    def _coded(self, code: str, *, closed: bool) -> Pairing | None:
        typed = normal_code(code)
        found = self._store.code(typed) if typed else None
        if found is None or found[3] is not None:
            return None
        view, at = self._view(), found[0]
        if (
            view.round is not None
            and at is not None
            and (at < view.round if closed else at == view.round)
        ):
            board = next((b for b in view.boards if (b.round, b.match, b.board) == found[:3]), None)
            if board is not None:
                return _pairing(board, typed or "", allowed_results(view.kind))
        return None  # a code is never valid in another round

    # --- reports -----------------------------------------------------------------------------

    def report(self, code: str, result: str, *, side: Side | None, origin: str) -> Ack:
        """A player's report of the result of the pairing ``code`` names, from ``side``
        (None: not said), ``origin`` who and from where. On disk before it is acknowledged."""
        pairing = self._coded(code, closed=False)  # refused below as it stands when written
        if pairing is None:
            raise DeskError(
                "this code is not one of this round's pairings: check it on your pairing "
                "card, or ask the arbiter"
            )
        if side not in ("white", "black", None):
            raise DeskError(f"{side!r} is no side: white or black")
        view = self._view()
        canonical = canonical_result(view.kind, result)
        what = pairing.place

        def record(db: sqlite3.Connection) -> Ack:
            iid = self._store.board_item(
                db, pairing.round, pairing.match, pairing.board, pairing.white, pairing.black
            )
            item = self._store.item_in(db, iid)
            assert item is not None
            status, _ = self._standing(item, view)
            check_report(status, item.decision, pairing.result_in_book, what=what)
            if any(f.side == side and f.result == canonical for f in item.counted):
                said = status_words(status, item.counted, view.kind)
                return Ack(
                    iid, status, f"{what}: {canonical} is already reported; {said}", item.released
                )
            self._store.add_report(db, iid, side, canonical, origin)
            item = self._store.item_in(db, iid)
            assert item is not None
            status, _ = self._standing(item, view)
            said = status_words(status, item.counted, view.kind)
            return Ack(iid, status, f"{what}: {canonical}, {said}", item.released)

        # One commit with the reports sent meanwhile: acknowledged once on disk (a burst of
        # phones waits for a few commits, not one each).
        return self._store.together(record)

    def report_game(
        self, player_code: str, white_id: str, black_id: str, result: str, *, origin: str
    ) -> Ack:
        """A ladder's or an Elo book's game reported with a personal or a camp code: a report
        by the other player of an open game with the same players confirms it (or conflicts)."""
        view = self._view()
        if view.kind not in ("ladder", "elo"):
            raise DeskError("this event reports by pairing: use the code of your pairing")
        typed = normal_code(player_code)
        found = self._store.code(typed) if typed else None
        if found is None or found[3] is None:
            raise DeskError(
                f"this is not a player's or the camp's code: check it ({HOW_READ}), or ask "
                "the staff"
            )
        reporter = found[3]
        names, inactive = dict(view.players), dict(view.inactive)
        for ident in (white_id, black_id):
            if ident in inactive:  # the recalc refuses their games (InactivePlayerError)
                raise DeskError(
                    f"{inactive[ident]} is not active this week: the game cannot be "
                    "reported (ask staff)"
                )
            if ident not in names:
                raise DeskError(f"there is no player {ident!r} in the list")
        if white_id == black_id:
            raise DeskError("White and Black are the same player: choose two players")
        if reporter not in (CAMP, white_id, black_id):
            raise DeskError("a personal code reports its player's own games only")
        side: Side | None = None
        if reporter != CAMP:
            side = "white" if reporter == white_id else "black"
        canonical = canonical_result(view.kind, result)

        def record(db: sqlite3.Connection) -> Ack:
            what = pairing_words(names[white_id], names[black_id])
            evening_begins(self._store, view, now(), db)
            iid = self._same_game(db, white_id, black_id, side, now())
            doubt: str | None = ""
            if iid is None:
                iid = self._store.game_item(
                    db, (white_id, names[white_id]), (black_id, names[black_id])
                )
                doubt = None
            else:  # the other player's report of that game: it confirms it, or differs
                item = self._store.item_in(db, iid)
                assert item is not None
                status, stands = self._standing(item, view)
                if status in ("taken", "accepted", "entered") and stands != canonical:
                    # Decided (by the staff, or the book): refused, as a board's report is.
                    check_report(
                        status, item.decision, stands if status == "taken" else None,
                        what=f"the game {what}", who=decider(view.kind),
                    )  # fmt: skip
            self._store.add_report(db, iid, side, canonical, origin)
            if doubt is None:  # a new game: is it one reported before, sent again?
                items = self._store.items_in(db, GAMES_ROUND)
                new = next(i for i in items if i.id == iid)
                by = None if reporter == CAMP else reporter
                doubt = answer_doubt(items, new, by, names, lambda i: self._standing(i, view))
            item = self._store.item_in(db, iid)
            assert item is not None
            status, _ = self._standing(item, view)
            said = status_words(status, item.counted, view.kind)
            return Ack(iid, status, f"{what}: {canonical}, {said}", item.released, doubt or "")

        return self._store.together(record)

    def _same_game(
        self, db: sqlite3.Connection, white: str, black: str, side: Side | None, at: str
    ) -> int | None:
        """The game this report (from ``side``, sent ``at``) is a second report of, the one
        home of that matching: the oldest game of these two players (same colours) first
        reported the same evening (:func:`~ratingbook.desk.rules.evening`), that the other
        player (or the camp's code) reported and this side has not, whether it waits, stands,
        was accepted by the staff or is in the book (with Desk Confirms ``one side`` the first
        report stands, and may be taken, before the second comes). None: a new game (a report
        with the camp's code, a side that reported that game already: the players played
        again, a game of another evening, or one whose reports the staff rejected and nobody
        reported since)."""
        if side is None:
            return None
        tonight = evening(at)
        for item in self._store.items_in(db, GAMES_ROUND):
            if (item.white_id, item.black_id) != (white, black) or not item.counted:
                continue
            if side in {f.side for f in item.counted}:
                continue
            if evening(item.reports[item.set_aside].at) == tonight:
                return item.id
        return None

    def queue(self, round: int | None = None) -> list[QueueItem]:
        """The arbiter's queue: every board of ``round`` (default: the round open; a board
        nobody reported is ``missing``) or, for a ladder or an Elo book, every game reported."""
        view = self._view()
        if view.kind in ("ladder", "elo"):
            items = self._store.items(GAMES_ROUND)
        else:
            rnd = round if round is not None else view.round
            if rnd is None:
                return []
            items = self._store.items(rnd)
            kept = {(i.match, i.board) for i in items}
            missing = [b for b in view.boards if b.round == rnd and (b.match, b.board) not in kept]
            if missing:  # written once: the queue is read by every phone on the results screen
                with self._store.write() as db:
                    for b in missing:
                        self._store.board_item(db, b.round, b.match, b.board, b.white, b.black)
                items = self._store.items(rnd)
        held = held_back(items, view.confirms)
        queued = [self._queued(item, view, held.get(item.id)) for item in items]
        return queue_doubts(items, queued, view, counted_from(view, self._store))

    def _queued(self, item: Item, view: BookView, behind: Item | None = None) -> QueueItem:
        status, result = self._standing(item, view)
        board = self._board(item, view)
        if status == "missing" and board is not None and board.result is not None:
            status, result = "taken", board.result
        note = item.note
        if behind is not None and status in READY:
            note = f"waits for {game_name(behind)}, reported before it"
        return QueueItem(
            item.id,
            None if item.board is None else item.round,
            item.board,
            item.white,
            item.black,
            status,
            item.reports,
            result,
            item.released,
            item.match,
            note,
            item.reason if status == "rejected" else "",
            item.set_aside,
            entered=item.decision == "entered",
        )

    def _board(self, item: Item, view: BookView) -> Board | None:
        key = (item.round, item.match, item.board)
        return next((b for b in view.boards if (b.round, b.match, b.board) == key), None)

    def _standing(self, item: Item, view: BookView) -> tuple[Status, str | None]:
        # The book's Desk Results is the truth of what was taken: a take undone in the book
        # (``ratingbook undo``) takes its rows away, and the boards are open again here. The
        # store's mark only keeps the take from taking them again on its own (the undo stands).
        # A result xlwings Lite took is in a book the desk cannot see: its mark is the record.
        taken = self._key(item) in view.taken or item.note == TAKEN_IN_EXCEL
        return standing(item.counted, item.decision, item.decided, view.confirms, taken=taken)

    def _key(self, item: Item) -> str:
        """The name ``Desk Results`` lists ``item`` under: this store's and the item's."""
        return key_of_item(self._id, item)

    # --- the arbiter's acts ------------------------------------------------------------------

    def _item(self, db: sqlite3.Connection, item_id: int) -> Item:
        item = self._store.item_in(db, item_id)
        if item is None:
            raise DeskError(f"there is no item {item_id} in the queue")
        return item

    def accept(self, item_id: int, *, by: str) -> None:
        """Accept the result the item's reports give (a conflict needs a correction)."""
        view = self._view()
        with self._store.write() as db:
            item = self._item(db, item_id)
            status, result = self._standing(item, view)
            check_accept(status, _what(item))
            self._store.decide(db, item_id, "accepted", result, by)

    def reject(self, item_id: int, *, by: str, reason: str) -> None:
        """Reject the item's reports: a board waits for new ones, a camp's game no more."""
        view = self._view()
        with self._store.write() as db:
            item = self._item(db, item_id)
            status, _ = self._standing(item, view)
            if status == "taken":
                raise DeskError(f"the result of {_what(item)} is already in the book")
            self._store.decide(db, item_id, "rejected", None, by, reason)
            self._store.mark(db, item_id, taken=None, note="")  # undone in the book: open again

    def correct(self, item_id: int, result: str, *, by: str) -> None:
        """Set the item's result to ``result`` (the arbiter's word stands; forfeits too)."""
        view = self._view()
        canonical = canonical_result(view.kind, result, arbiter=True)
        with self._store.write() as db:
            item = self._item(db, item_id)
            status, _ = self._standing(item, view)
            if status == "taken":
                raise DeskError(
                    f"the result of {_what(item)} is already in the book: correct it there"
                )
            self._store.decide(db, item_id, "corrected", canonical, by)
            self._store.mark(db, item_id, taken=None, note="")  # undone in the book: goes in again

    def enter(self, round: int, board: int, result: str, *, by: str, match: int = 0) -> None:
        """Enter ``result`` for ``board`` of ``round`` (a team's ``match``): :meth:`enter_item`."""
        key = (round, match, board)
        found = next((b for b in self._view().boards if (b.round, b.match, b.board) == key), None)
        if found is None:
            raise DeskError(f"round {round} has no {board_name(board, match)} in the book")
        with self._store.write() as db:
            iid = self._store.board_item(db, round, match, board, found.white, found.black)
        self.enter_item(iid, result, by=by)

    def enter_item(self, item_id: int, result: str, *, by: str) -> None:
        """Enter ``result`` (a board's forfeits too) for the queue's line ``item_id``, a board
        nobody reported or a game whose reports were rejected: ``entered`` everywhere (the
        queue, the screen's mark, Desk Results), and later reports of it are refused."""
        view = self._view()
        canonical = canonical_result(view.kind, result, arbiter=True)
        with self._store.write() as db:
            item = self._item(db, item_id)
            shown = self._queued(item, view)
            if shown.status == "taken":
                raise DeskError(
                    f"the book holds {shown.result} for {_what(item)}: correct it there"
                )
            self._store.decide(db, item_id, "entered", canonical, by)
            self._store.mark(db, item_id, taken=None, note="")  # undone in the book: goes in again

    def release(self, round: int | None, *, by: str) -> int:
        """Release ``round``'s results for the book (a ladder's or an Elo book's games: any
        round, or None); how many are ready to take now (results that become ready later in a
        released round are ready at once)."""
        view = self._view()
        rnd = GAMES_ROUND if view.kind in ("ladder", "elo") else round
        if rnd is None:
            raise DeskError("say which round to release")
        ready = sum(
            1
            for item in self._store.items(rnd)
            if not item.taken and self._standing(item, view)[0] in READY
        )
        if not ready:  # a release of nothing would send later results in unseen
            what = "no game" if rnd == GAMES_ROUND else f"no result of round {rnd}"
            raise DeskError(f"{what} is confirmed, accepted or entered yet: nothing to release")
        self._store.release(rnd, by)
        return ready

    def waiting(self) -> frozenset[str]:
        """The keys of the released results that wait to be taken: what a take would bring
        now (a result confirmed, accepted, corrected or entered after its round's release is
        among them at once). The one count the queue's banner, ``ratingbook results take``
        and a recalc's note all give (:func:`~ratingbook.desk.taking.waiting_items`): a
        rejected game waits no more."""
        view = self._view()
        waiting = waiting_items(self._store.items(), view.confirms, view.taken, self._key)
        return frozenset(r.key for r in waiting)

    def held(self) -> frozenset[int]:
        """The ids of the released games ready that wait for one reported before (a take
        leaves them out, and says so: :func:`~ratingbook.desk.taking.held_back`)."""
        return frozenset(held_back(self._store.items(), self._view().confirms))

    def any_released(self) -> bool:
        """Whether a round (or a ladder's games) was released: what a take finds none of."""
        return bool(self._store.released_rounds())

    def unreleased(self) -> int | None:
        """The round open for reports while it is not released: the arbiter's next release
        (None: released, no round open, or a ladder's or an Elo book's games)."""
        rnd = self.open_round()
        return None if rnd is None or rnd in self._store.released_rounds() else rnd

    def undone(self) -> frozenset[str]:
        """The keys of the released results a take entered that the book's ``Desk Results``
        no longer lists (``ratingbook undo`` of that take): the undo stands, and the desk does
        not take them again by itself (a correction or an entry sends one in again)."""
        view = self._view()
        return frozenset(
            self._key(i)
            for i in self._store.items()
            if i.taken
            and i.note != TAKEN_IN_EXCEL
            and i.released
            and self._key(i) not in view.taken
        )

    def redo_gives_back(self) -> bool:
        """Whether ``ratingbook redo`` gives back an undone take (:func:`~ratingbook.desk.
        book.redo_gives_back`): what the queue says of the results :meth:`undone` only then."""
        return redo_gives_back(self.book)

    def take(self) -> TakeOutcome:
        """Take the released results into the book when the file is free (never raises on a
        lock: ``locked`` says so and nothing is written)."""
        return take_file(self.book, self._store, self._key)

    def take_into(self, book: Book) -> TakeOutcome:
        """Take the released results into ``book`` open in Excel (the Take results button):
        written there, kept when its user saves it (nothing is marked taken before the desk
        finds them in the saved file's ``Desk Results``)."""
        return take_into(book, self._store, self._key, None)

    # --- xlwings Lite's Take results (over HTTP: Lite cannot open the store) -----------------

    def released(self) -> list[Released]:
        """The released results ready to take, as the desk hands them to xlwings Lite: those
        no take entered, and those Lite took before (its book skips them by their keys in its
        ``Desk Results``; a book closed without saving lacks them, and takes them again, as
        the desktop button's book does). Which stand is the Desk Confirms of the book beside
        the desk."""
        items = [
            replace(i, taken=None) if i.note == TAKEN_IN_EXCEL else i for i in self._store.items()
        ]
        return [released_of(r) for r in ready_items(items, self._view().confirms, self._key)]

    def taken_in_excel(self, keys: Sequence[str]) -> int:
        """Mark taken the released results xlwings Lite says its book now holds (``keys``, as
        :meth:`released` named them), so that neither the desk's own take nor the desktop
        button enters them again; how many were marked (a key not released and ready, or
        marked before, is passed over)."""
        wanted = set(keys)
        ready = ready_items(self._store.items(), self._view().confirms, self._key)
        marked = [r.item.id for r in ready if r.key in wanted]
        if marked:
            when = now()
            with self._store.write() as db:
                for item_id in marked:
                    self._store.mark(db, item_id, taken=when, note=TAKEN_IN_EXCEL)
        return len(marked)

    def excel_token(self) -> str:
        """The token xlwings Lite sends for the released results (issued once, kept in the
        store, so that a restart of the desk keeps it; shown on the arbiter's page)."""
        return self._store.meta_once("excel_token", secrets.token_urlsafe(24))

    # --- the arbiter's password --------------------------------------------------------------

    @property
    def password_hash(self) -> str:
        """The arbiter's password hash as set (the server hashes; "" when none)."""
        return self._store.meta("password_hash")

    def set_password(self, hash: str) -> None:
        """Keep the arbiter's password hash in the store."""
        self._store.set_meta("password_hash", hash)


def _pairing(b: Board, code: str, allowed: tuple[str, ...]) -> Pairing:
    return Pairing(b.round, b.board, b.white, b.black, code, allowed, b.result, b.match)


def _what(item: Item) -> str:
    if item.board is None:
        return f"the game {pairing_words(item.white, item.black)}"
    return board_name(item.board, item.match)
