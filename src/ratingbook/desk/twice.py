"""A ladder's game that may be one game twice: this module alone finds which game a game at the
desk may repeat, for the player's answer, the staff's queue and a take: a game reported before
it the same evening (:func:`~ratingbook.desk.store.looks_like`), a game the same player
reported before with the same opponent (:func:`reported_before`), a row of the book's games
sheet (:func:`book_rows`). The rules and their words are :mod:`ratingbook.desk.rules`'; never a
refusal (campers may play a rematch), never silent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ratingbook.desk.book import BookView
from ratingbook.desk.model import QueueItem, Status, decider, pairing_words
from ratingbook.desk.rules import (
    book_rows_alike,
    evening,
    in_book_words,
    looks_alike,
    looks_twice,
    looks_twice_in_queue,
    reported_again,
    taken_beside_words,
)
from ratingbook.desk.store import Item, looks_like

__all__ = ["answer_doubt", "book_rows", "queue_doubts", "reported_before", "take_doubts"]


def book_rows(
    game: tuple[str, str, str | None], view: BookView, taken: Sequence[tuple[str, str, str]]
) -> tuple[int, ...]:
    """The rows of the book's games sheet that ``game`` (White's ID, Black's ID, the result
    it stands at: None, none) looks like, beyond the desk's own games ``taken`` into it
    before (each: White's ID, Black's ID, its result): :func:`~ratingbook.desk.rules.
    book_rows_alike`."""
    white, black, result = game
    if result is None or not view.games:
        return ()
    mine = (white, black, result)
    own = len(book_rows_alike(mine, [(0, *t) for t in taken], 0))
    return book_rows_alike(mine, [(g.row, g.white, g.black, g.result) for g in view.games], own)


def queue_doubts(
    items: Sequence[Item], queued: Sequence[QueueItem], view: BookView
) -> list[QueueItem]:
    """The staff's queue of a ladder's games (``queued``, each the view of the store's item
    of the same place in ``items``) with each game's doubt: like a game reported before it
    this evening, like a row the book holds (before the take, and once taken, as the recalc
    names the rows)."""
    taken = [
        (i.white_id, i.black_id, q.result or "")
        for i, q in zip(items, queued, strict=True)
        if q.status == "taken"
    ]
    out = list(queued)
    for n, (item, shown) in enumerate(zip(items, queued, strict=True)):
        said = []
        earlier = looks_like(item, items[:n])
        if earlier is not None:
            said.append(looks_twice_in_queue(earlier.id))
        is_taken = shown.status == "taken"
        if shown.status not in ("rejected", "conflict", "missing"):
            rows = book_rows((item.white_id, item.black_id, shown.result), view, taken)
            game = f"{pairing_words(item.white, item.black)} {shown.result}"
            if rows:
                said.append(in_book_words(view.sheet, rows, game, taken=is_taken))
        if said:
            out[n] = replace(shown, doubt="; ".join(said))
    return out


def take_doubts(
    ready: Sequence[tuple[Item, str]],
    items: Sequence[Item],
    view: BookView,
    is_taken: Callable[[Item], bool],
) -> list[tuple[int, str]]:
    """What a take says of the games it brings (``ready``: each store item with the result it
    goes in at) that look like rows the book (``view``, read before the take) holds beyond
    the desk's own games in it (``items`` that ``is_taken``): each game's id, with the
    sentence."""
    taken = [(i.white_id, i.black_id, i.decided or _agreed(i)) for i in items if is_taken(i)]
    out = []
    for item, result in ready:
        rows = book_rows((item.white_id, item.black_id, result), view, taken)
        if rows:
            name = f"#{item.id} {pairing_words(item.white, item.black)} {result}"
            out.append((item.id, taken_beside_words(view.sheet, rows, name)))
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
