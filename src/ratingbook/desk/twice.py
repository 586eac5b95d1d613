"""A game at the desk that may be one game twice: this module alone finds which game a game at
the desk may repeat, for the player's answer, the staff's queue and a take: a game reported
before it the same evening (:func:`~ratingbook.desk.store.looks_like`), a game the same player
reported before with the same opponent (:func:`reported_before`), a row of the book's games
sheet (:func:`book_rows`: a ladder's week, an Elo book's rows added since the evening began,
:func:`counted_from`), and a board whose row in the book holds a result typed there
(:func:`board_doubt`, a Swiss, round-robin or team event's). The rules and their words are
:mod:`ratingbook.desk.rules`'; never a refusal (campers may play a rematch), never silent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ratingbook.desk.book import Board, BookView
from ratingbook.desk.model import QueueItem, Status, board_name, decider, pairing_words
from ratingbook.desk.rules import (
    board_in_book_words,
    book_rows_alike,
    evening,
    in_book_words,
    looks_alike,
    looks_twice,
    looks_twice_in_queue,
    reported_again,
    taken_beside_words,
    typed_before_note,
    typed_before_words,
)
from ratingbook.desk.store import Item, Store, looks_like

if TYPE_CHECKING:
    import sqlite3

__all__ = [
    "Doubt",
    "answer_doubt",
    "board_doubt",
    "book_rows",
    "counted_from",
    "evening_begins",
    "queue_doubts",
    "reported_before",
    "take_doubts",
]

Since = Callable[[Item], int | None]
"""The last row of the book's games sheet before the rows a game at the desk is compared with
(0: every row; None: none), :func:`counted_from`'s answer for each game."""


def evening_begins(
    store: Store, view: BookView, at: str, db: sqlite3.Connection | None = None
) -> None:
    """Keep, for an Elo book, the last row its games sheet holds as the desk first reads the
    book on the evening of ``at`` (once an evening: the desk's start, the first report):
    the rows below it are the evening's (:func:`counted_from`). Nothing for other books."""
    if view.kind == "elo":
        last = max((g.row for g in view.games), default=1)
        store.keep_evening(evening(at).isoformat(), last, db)


def counted_from(view: BookView, store: Store) -> Since:
    """Which rows of the book's games sheet a game at the desk is compared with: a ladder's
    every row (``Ladder Games`` holds the week's games); an Elo book's the rows added since
    the desk first read the book on the evening the game was first reported (``Elo Games``
    keeps every game the club played: an old game of the same players and winner is
    another game), below the last row :func:`evening_begins` kept in ``store`` that evening;
    none when none was kept (a store of an earlier ratingbook)."""
    if view.kind != "elo":
        return lambda item: 0
    evenings = store.evenings()

    def since(item: Item) -> int | None:
        first = item.reports[0].at if item.reports else None
        return None if first is None else evenings.get(evening(first).isoformat())

    return since


def book_rows(
    game: tuple[str, str, str | None],
    view: BookView,
    taken: Sequence[tuple[str, str, str]],
    since: int | None = 0,
) -> tuple[int, ...]:
    """The rows below ``since`` (None: none) of the book's games sheet that ``game`` (White's
    ID, Black's ID, the result it stands at: None, none) looks like, beyond the desk's own
    games ``taken`` into them before (each: White's ID, Black's ID, its result):
    :func:`~ratingbook.desk.rules.book_rows_alike`."""
    white, black, result = game
    if result is None or since is None or not view.games:
        return ()
    mine = (white, black, result)
    own = len(book_rows_alike(mine, [(0, *t) for t in taken], 0))
    rows = [(g.row, g.white, g.black, g.result) for g in view.games if g.row > since]
    return book_rows_alike(mine, rows, own)


def _boards(view: BookView) -> dict[tuple[int, int, int | None], Board]:
    """The book's boards by (round, match, board), as a store's item names its board."""
    return {(b.round, b.match, b.board): b for b in view.boards}


def board_doubt(
    item: Item, status: Status, result: str | None, board: Board | None, sheet: str
) -> str:
    """What the queue says of a board (``item``, at ``status`` and ``result``) whose row in
    the book (``board``, of ``sheet``) holds a result typed there, before a take
    (:func:`~ratingbook.desk.rules.board_in_book_words`); "" when none, or nothing stands to
    take."""
    if result is None or status in ("taken", "conflict", "rejected", "missing"):
        return ""
    if board is None or board.result is None or not board.row:
        return ""
    players = pairing_words(item.white, item.black)
    return board_in_book_words(sheet, board.row, players, result, board.result)


def queue_doubts(
    items: Sequence[Item], queued: Sequence[QueueItem], view: BookView, since: Since
) -> list[QueueItem]:
    """The queue (``queued``, each the view of the store's item of the same place in
    ``items``) with each item's doubt: a board whose row in the book holds a result typed
    there (:func:`board_doubt`); a game like a game reported before it this evening, like
    a row the book holds (the rows ``since`` says: before the take, and once taken, as the
    recalc names the rows)."""
    if view.kind not in ("ladder", "elo"):
        boards = _boards(view)
        out = []
        for i, q in zip(items, queued, strict=True):
            board = boards.get((i.round, i.match, i.board))
            doubt = board_doubt(i, q.status, q.result, board, view.sheet)
            out.append(replace(q, doubt=doubt) if doubt else q)
        return out
    taken = [(i, q.result or "") for i, q in zip(items, queued, strict=True) if q.status == "taken"]
    out = list(queued)
    for n, (item, shown) in enumerate(zip(items, queued, strict=True)):
        said = []
        earlier = looks_like(item, items[:n])
        if earlier is not None:
            said.append(looks_twice_in_queue(earlier.id))
        is_taken = shown.status == "taken"
        if shown.status not in ("rejected", "conflict", "missing"):
            mine = (item.white_id, item.black_id, shown.result)
            rows = book_rows(mine, view, _own(taken, since, item), since(item))
            game = f"{pairing_words(item.white, item.black)} {shown.result}"
            if rows:
                said.append(in_book_words(view.sheet, rows, game, taken=is_taken))
        if said:
            out[n] = replace(shown, doubt="; ".join(said))
    return out


def _own(taken: Sequence[tuple[Item, str]], since: Since, item: Item) -> list[tuple[str, str, str]]:
    """The desk's own games in the rows ``item`` is compared with (those of its evening)."""
    return [(i.white_id, i.black_id, r) for i, r in taken if since(i) == since(item)]


@dataclass(frozen=True, slots=True)
class Doubt:
    """What a take says of one result it brings (``said``), the store's ``item``, and the
    note the store keeps of it once taken ("" : none)."""

    item: int
    said: str
    note: str = ""


def take_doubts(
    ready: Sequence[tuple[Item, str]],
    items: Sequence[Item],
    view: BookView,
    is_taken: Callable[[Item], bool],
    since: Since,
) -> list[Doubt]:
    """What a take says of the results it brings (``ready``: each store item with the result
    it goes in at) that the book (``view``, read before the take) holds already: a game like
    rows it holds beyond the desk's own games in them (``items`` that ``is_taken``), a
    board whose row holds the same result, typed there (with the note the store keeps)."""
    taken = [(i, i.decided or _agreed(i)) for i in items if is_taken(i)]
    boards = _boards(view)
    out = []
    for item, result in ready:
        if item.board is not None:
            board = boards.get((item.round, item.match, item.board))
            if board is not None and board.result == result and board.row and not is_taken(item):
                name = f"round {item.round} {board_name(item.board, item.match)}"
                game = f"{pairing_words(item.white, item.black)} {result}"
                said = typed_before_words(name, view.sheet, board.row, game)
                out.append(Doubt(item.id, said, typed_before_note(view.sheet, board.row)))
            continue
        mine = (item.white_id, item.black_id, result)
        rows = book_rows(mine, view, _own(taken, since, item), since(item))
        if rows:
            name = f"#{item.id} {pairing_words(item.white, item.black)} {result}"
            said = taken_beside_words(view.sheet, rows, name, recalc=view.kind == "ladder")
            out.append(Doubt(item.id, said))
    return out


def _agreed(item: Item) -> str:
    results = {f.result for f in item.counted}
    return next(iter(results)) if len(results) == 1 else ""


def reported_before(items: Sequence[Item], new: Item, reporter: str | None) -> Item | None:
    """The last game before ``new`` of the same two players (either colours) that
    ``reporter`` (a player's ID; None: the camp's code) reported himself the evening ``new``
    is first reported, and that ``new`` may repeat: the staff decided it since (accepted,
    corrected, entered or rejected it: the player may send it again after their act), or his
    report of it looks like ``new`` (:func:`~ratingbook.desk.rules.looks_alike`). None when
    there is none (a rematch with another winner is marked nowhere), or for the camp's
    code."""
    if reporter is None or not new.reports:
        return None
    last = new.reports[-1]
    sent = (new.white_id, new.black_id, last.result, last.at)
    found = None
    for item in items:
        if item.id >= new.id or {item.white_id, item.black_id} != {new.white_id, new.black_id}:
            continue
        side = "white" if item.white_id == reporter else "black"
        mine = [r for r in item.reports if r.side == side and evening(r.at) == evening(last.at)]
        decided = item.decision in ("accepted", "corrected", "entered", "rejected")
        if mine and (
            decided
            or any(looks_alike((item.white_id, item.black_id, r.result, r.at), sent) for r in mine)
        ):
            found = item
    return found


def answer_doubt(
    items: Sequence[Item],
    new: Item,
    reporter: str | None,
    names: dict[str, str],
    standing_of: Callable[[Item], tuple[Status, str | None]],
) -> str:
    """What the answer to the new game ``new``, just reported with ``reporter``'s code
    (None: the camp's), says of a game it may repeat: the game the same player reported
    before with the same opponent this evening, and what became of it; else a game
    reported before that looks like it (:func:`~ratingbook.desk.store.looks_like`); "" when
    none."""
    before = reported_before(items, new, reporter)
    if before is not None and reporter is not None:
        other = new.black if reporter == new.white_id else new.white
        status, result = standing_of(before)
        became = (status, before.decision, result)
        players = pairing_words(before.white, before.black)
        return reported_again(before.id, other, players, became, decider("ladder"))
    earlier = looks_like(new, items)
    if earlier is None:
        return ""
    first = earlier.reports[earlier.set_aside]
    first_by = {"white": earlier.white_id, "black": earlier.black_id}.get(first.side or "")
    return looks_twice(
        None if first_by is None else names[first_by],
        None if reporter is None else names[reporter],
        (names[new.white_id], names[new.black_id]),
        (earlier.white, earlier.black, first.result),
    )
