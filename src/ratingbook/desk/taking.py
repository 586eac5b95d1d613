"""Taking released results into the book: once each, atomically, never over another result.

This module alone decides which results a take brings from the store and when the desk counts a
result as taken; what a take writes is :mod:`ratingbook.desk.released`'s. A take reads the
book, and each released result that is ready (confirmed, accepted or entered) and not yet in
the book's ``Desk Results`` record is entered through the session (``RecordResults``: the same
rules, warnings and Event Log as a typed result), all in one run and one save: the file is
replaced at once (``atomic_save``) with every result and its record, or not at all. One result
the session refuses does not hold back the others: each is then tried alone (planned, nothing
written), those refused alone are named and left out, and the rest go in, still in one run and
one save. Only then does the store mark them taken. A take killed
between the save and the mark loses nothing and writes nothing twice: the next take finds their
keys in ``Desk Results`` and only marks them. A board whose cell holds another result is never
written (the arbiter corrects it in the book); a result of a round the book has paired past is
a correction, refused here as everywhere a correction is not confirmed. A book open in Excel
(its owner file ``~$NAME`` beside it, or the file locked) is left alone: the take says so, and
Excel's **Take results** button (:func:`take_into` on the open book) takes them there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ratingbook.core.counts import many
from ratingbook.desk.book import BookView, desk_setting_and_record, read_file
from ratingbook.desk.model import READY, DeskError, TakeOutcome, pairing_words, reporter
from ratingbook.desk.released import Released, enter_released
from ratingbook.desk.rules import DEFAULT_CONFIRMS, Confirms, standing
from ratingbook.desk.store import Item, Store, now, peek, store_beside
from ratingbook.desk.twice import Doubt, counted_from, take_doubts
from ratingbook.errors import RatingbookError
from ratingbook.files.disk import excel_has_it
from ratingbook.workbook.port.book import Book

if TYPE_CHECKING:
    pass

__all__ = [
    "Ready",
    "game_name",
    "held_back",
    "held_words",
    "key_of_item",
    "take_file",
    "take_into",
    "waiting_items",
    "waiting_note",
]


@dataclass(frozen=True, slots=True)
class Ready:
    """A released result ready to take: the store's item and the result it stands at."""

    item: Item
    result: str
    key: str


def ready_items(
    items: Sequence[Item], confirms: Confirms, key_of: Callable[[Item], str]
) -> list[Ready]:
    """Every released item that stands at a result and is not marked taken, but a game held
    back behind one reported before it (:func:`held_back`)."""
    held = held_back(items, confirms)
    out = []
    for item in items:
        if not item.released or item.taken or item.id in held:
            continue
        status, result = standing(item.counted, item.decision, item.decided, confirms)
        if status in READY and result:
            out.append(Ready(item, result, key_of(item)))
    return out


def held_back(items: Sequence[Item], confirms: Confirms) -> dict[int, Item]:
    """The released games (a ladder's, an Elo book's) ready to take that wait for a game
    reported before them and still open (reported, or in conflict), by their ids, each with
    that game. A ladder replays ``Ladder Games`` in order (seed 001's ``Recalc_Ratings``),
    so the games go in in the order reported (the first report's: the store numbers items
    as they are first reported), never in the order the staff decided them."""
    held: dict[int, Item] = {}
    first_open: Item | None = None
    for item in sorted((i for i in items if i.board is None and i.released), key=_order):
        if item.taken:
            continue
        status, _ = standing(item.counted, item.decision, item.decided, confirms)
        if first_open is None and status in ("reported", "conflict"):
            first_open = item
        elif first_open is not None and status in READY:
            held[item.id] = first_open
    return held


def game_name(item: Item) -> str:
    """A ladder's game as the queue numbers it, with its players: "#5 (Zoe Campbell - Lucas
    Moreau)" (the same two players may play several games an evening)."""
    return f"#{item.id} ({pairing_words(item.white, item.black)})"


def _order(item: Item) -> int:
    """A game's place in the order reported: its number, given at its first report (one
    write at a time: the numbers follow the first reports' times)."""
    return item.id


def held_words(held: dict[int, Item]) -> str:
    """What a take says of the games :func:`held_back` keeps back ("" : none)."""
    if not held:
        return ""
    first = min(held.values(), key=_order)
    verb = "waits" if len(held) == 1 else "wait"
    return (
        f"{many(len(held), 'game')} {verb} for game {game_name(first)}, "
        "reported before and not confirmed yet: games go into the book in the order reported "
        "(accept, correct or reject that game)"
    )


def waiting_items(
    items: Sequence[Item],
    confirms: Confirms,
    listed: frozenset[str],
    key_of: Callable[[Item], str],
) -> list[Ready]:
    """The released results that wait to be taken: ready (:func:`ready_items`) and not in
    the book's ``Desk Results`` (``listed``). The one count of "waiting" a take, a locked
    book and a recalc's note all give: a rejected, reported or conflicting board does not
    wait, whatever its release."""
    return [r for r in ready_items(items, confirms, key_of) if r.key not in listed]


def key_of_item(store_id: str, item: Item) -> str:
    """The name ``Desk Results`` lists a taken ``item`` under: its store's and its own."""
    return f"{store_id}/{item.id}"


def who_of(item: Item) -> str:
    """Who reported ``item``, from where, and who accepted it: the Event Log's Who."""
    parts = [f"{reporter(r.side, item.board) or 'reported'} from {r.origin}" for r in item.reports]
    seen = list(dict.fromkeys(parts))
    act = {"accepted": "accepted by", "corrected": "corrected by", "entered": "entered by"}
    if item.decision in act:
        seen.append(f"{act[item.decision]} {item.decided_by}")
    elif len({f.side for f in item.counted}) > 1:
        seen.append("confirmed by the reports")
    elif item.counted:  # Desk Confirms "one side": nobody else agreed to it
        seen.append("stands on one report")
    return "results desk: " + "; ".join(seen)


def released_of(ready: Ready) -> Released:
    """A ready result as :func:`~ratingbook.desk.released.enter_released` enters it, and as
    the desk hands it to xlwings Lite."""
    item = ready.item
    return Released(
        ready.key, ready.result, item.round, item.match, item.board, item.white, item.black,
        item.white_id, item.black_id, who_of(item),
    )  # fmt: skip


def take_into(
    book: Book, store: Store, key_of: Callable[[Item], str], save: Callable[[], None] | None
) -> TakeOutcome:
    """Take the ready results into ``book`` through the session; ``save`` puts the book on
    disk (None: the book open in Excel, saved by its user: the store marks nothing, and the
    next take from the file finds them in ``Desk Results``)."""
    ready: list[Ready] = []
    held: dict[int, Item] = {}
    twice: list[Doubt] = []

    def pick(view: BookView) -> list[Released]:
        items = store.items()
        ready.extend(ready_items(items, view.confirms, key_of))
        held.update(held_back(items, view.confirms))
        # Never silent: a game like a row the book holds, a board's result typed there.
        listed = [(r.item, r.result) for r in ready]
        since = counted_from(view, store)
        twice.extend(take_doubts(listed, items, view, lambda i: key_of(i) in view.taken, since))
        return [released_of(r) for r in ready]

    entering = enter_released(book, pick, save)
    went_in = {r.key for r in entering.taken}
    keys = {r.item.id: r.key for r in ready}
    alike = [d for d in twice if keys[d.item] in went_in]
    messages = entering.messages + tuple(d.said for d in alike)
    messages += (held_words(held),) if held else ()
    if save is not None:
        by_key = {r.key: r for r in ready}
        notes = {d.item: d.note for d in alike}
        _mark(store, [by_key[r.key] for r in (*entering.already, *entering.taken)], notes)
    waiting = len(ready) - len(entering.already) - len(entering.taken)
    return TakeOutcome(len(entering.taken), waiting, False, messages)


def waiting_note(path: Path, book: Book, take: str) -> str:
    """What a recalc of the book file ``path`` (``book``: as the recalc leaves it) says of
    the desk beside it: how many released results wait to be taken, and ``take``, how to take
    them ("" when none wait). Cheap: without a store beside the book nothing is read; with
    one, the store (never changed) and the book's Desk Confirms and Desk Results."""
    found = peek(store_beside(path))
    if found is None:
        return ""
    store_id, items = found
    confirms, listed = desk_setting_and_record(book)
    waiting = waiting_items(items, confirms, listed, lambda i: key_of_item(store_id, i))
    if not waiting:
        return ""
    verb = "waits" if len(waiting) == 1 else "wait"
    return f"{many(len(waiting), 'result')} released on the desk {verb}: {take}"


def take_file(path: Path, store: Store, key_of: Callable[[Item], str]) -> TakeOutcome:
    """Take the ready results into the book file ``path`` when it is free; a book open in
    Excel is not touched (``locked``), and nothing raises on a lock."""
    from ratingbook.files.backends import open_book
    from ratingbook.files.disk import held_for_in_place

    if excel_has_it(path):
        return _locked(path, store, key_of, "the book is open in Excel")
    try:
        with held_for_in_place(path):
            book = open_book(str(path))
            book.refuse_in_place()
            return take_into(book, store, key_of, lambda: book.save(str(path)))
    except PermissionError:
        return _locked(path, store, key_of, "the book is locked by another program")
    except DeskError as error:
        return TakeOutcome(0, 0, False, (str(error),))
    except RatingbookError as error:
        if "locked" in str(error) or "ermission" in str(error):
            return _locked(path, store, key_of, f"the book cannot be written ({error})")
        raise


def _locked(path: Path, store: Store, key_of: Callable[[Item], str], why: str) -> TakeOutcome:
    try:  # the file as last saved: its Desk Confirms and Desk Results
        view = read_file(path)
        confirms, listed = view.confirms, view.taken
    except DeskError:  # unreadable too: every ready result counts as waiting
        confirms, listed = DEFAULT_CONFIRMS, frozenset()
    waiting = len(waiting_items(store.items(), confirms, listed, key_of))
    return TakeOutcome(
        0,
        waiting,
        True,
        (
            f"{why}: nothing was written; {many(waiting, 'released result')} waiting (click "
            "Take results in Excel, or take them once the book is closed)",
        ),
    )


def _mark(store: Store, taken: Sequence[Ready], notes: dict[int, str]) -> None:
    """Mark ``taken`` taken, each with its note (a board's result typed in the book before
    the take: :class:`~ratingbook.desk.twice.Doubt`)."""
    if not taken:
        return
    when = now()
    with store.write() as db:
        for each in taken:
            store.mark(db, each.item.id, taken=when, note=notes.get(each.item.id, ""))
