"""Taking released results into the book: once each, atomically, never over another result.

This module alone decides what a take writes and when the desk counts a result as taken. A take
reads the book, and for each released result that is ready (confirmed, accepted or entered) and
not yet in the book's ``Desk Results`` record, enters it through the session
(``RecordResults``: the same rules, warnings and Event Log as a typed result), all in one run
and one save: the file is replaced at once (``atomic_save``) with every result and its record,
or not at all. One result the session refuses does not hold back the others: each is then tried
alone (planned, nothing written), those refused alone are named and left out, and the rest go
in, still in one run and one save. Only then does the store mark them taken. A take killed
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

from ratingbook.desk.book import BookView, desk_setting_and_record, read_book, read_file
from ratingbook.desk.model import READY, DeskError, TakeOutcome
from ratingbook.desk.rules import DEFAULT_CONFIRMS, Confirms, standing
from ratingbook.desk.store import Item, Store, now, peek, store_beside
from ratingbook.errors import RatingbookError
from ratingbook.reports.stages import many
from ratingbook.workbook.port.book import Book

if TYPE_CHECKING:
    from ratingbook.session import Entered, Session
    from ratingbook.workbook.sheets.reading import Sheets

__all__ = [
    "Ready",
    "excel_has_it",
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


def excel_has_it(path: Path) -> bool:
    """Whether Excel holds ``path`` open: its owner file ``~$NAME`` is beside it (Excel drops
    the name's first two characters when it is long, so both spellings are looked for)."""
    names = {"~$" + path.name, "~$" + path.name[2:]}
    return any((path.parent / name).exists() for name in names)


def ready_items(
    items: Sequence[Item], confirms: Confirms, key_of: Callable[[Item], str]
) -> list[Ready]:
    """Every released item that stands at a result and is not marked taken."""
    out = []
    for item in items:
        if not item.released or item.taken:
            continue
        status, result = standing(item.counted, item.decision, item.decided, confirms)
        if status in READY and result:
            out.append(Ready(item, result, key_of(item)))
    return out


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
    parts = [f"{r.side or 'reported'} from {r.origin}" for r in item.reports]
    seen = list(dict.fromkeys(parts))
    act = {"accepted": "accepted by", "corrected": "corrected by", "entered": "entered by"}
    if item.decision in act:
        seen.append(f"{act[item.decision]} {item.decided_by}")
    elif item.reports:
        seen.append("confirmed by the reports")
    return "results desk: " + "; ".join(seen)


def take_into(
    book: Book, store: Store, key_of: Callable[[Item], str], save: Callable[[], None] | None
) -> TakeOutcome:
    """Take the ready results into ``book`` through the session; ``save`` puts the book on
    disk (None: the book open in Excel, saved by its user: the store marks nothing, and the
    next take from the file finds them in ``Desk Results``)."""
    from ratingbook.session import NeedsConfirmation, RecordResults, Session

    session = Session(book, who="results desk")
    sheets = session.sheets()  # the book read once: for the desk's view and for the session
    view = read_book(sheets)
    ready = ready_items(store.items(), view.confirms, key_of)
    already = [r for r in ready if r.key in view.taken]
    messages: list[str] = []
    entries: list[tuple[Ready, Entered]] = []
    for each in ready:
        if each.key in view.taken:
            continue
        refusal = _refused(each, view)
        if refusal:
            messages.append(refusal)
            continue
        entries.append((each, _entered(each, who_of(each.item))))
    taken: list[Ready] = []
    if entries:
        try:
            outcome = session.run(RecordResults(tuple(e for _, e in entries)), read=sheets)
        except RatingbookError as error:
            # One bad result must not hold back the others: each is tried alone (planned,
            # nothing written); those refused alone are named and left out, the rest taken.
            bad = _refused_alone(session, sheets, entries) if len(entries) > 1 else {}
            outcome, problem = None, error
            if bad and len(bad) < len(entries):
                for each, _ in entries:
                    messages += [
                        f"{_name(each.item)} not taken: {x}" for x in bad.get(each.key, [])
                    ]
                entries = [e for e in entries if e[0].key not in bad]
                try:
                    outcome = session.run(RecordResults(tuple(e for _, e in entries)), read=sheets)
                except RatingbookError as again:
                    problem = again
            if outcome is None:
                messages += [f"nothing was taken: {line}" for line in _lines(problem)]
        if isinstance(outcome, NeedsConfirmation):
            messages.append(
                "nothing was taken: "
                + str(
                    outcome.refusal("enter it in the book, where it is confirmed as a typed result")
                )
            )
        elif outcome is not None:
            if save is not None:
                save()
            taken = [r for r, _ in entries]
    if save is not None:
        _mark(store, [*already, *taken])
    waiting = len(ready) - len(already) - len(taken)
    if taken:
        where = "" if save is not None else " (save the book to keep them)"
        messages.insert(0, f"{many(len(taken), 'result')} taken into the book{where}")
    return TakeOutcome(len(taken), waiting, False, tuple(messages))


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


def _lines(error: RatingbookError) -> list[str]:
    lines = getattr(error, "lines", None)
    return list(lines()) if callable(lines) else [str(error)]


def _refused_alone(
    session: Session, sheets: Sheets, entries: Sequence[tuple[Ready, Entered]]
) -> dict[str, list[str]]:
    """The entries the session refuses each on its own (a dry run: nothing written), by
    their keys, with why."""
    from ratingbook.session import RecordResults

    bad: dict[str, list[str]] = {}
    for ready, entered in entries:
        try:
            session.run(RecordResults((entered,)), read=sheets, dry_run=True)
        except RatingbookError as error:
            bad[ready.key] = _lines(error)
    return bad


def _name(item: Item) -> str:
    """A board or a ladder game as the arbiter knows it."""
    if item.board is None:
        return f"the game {item.white} - {item.black}"
    match = f" match {item.match}" if item.match else ""
    return f"round {item.round}{match} board {item.board}"


def _refused(ready: Ready, view: BookView) -> str:
    """Why ``ready`` is not taken now ("" : it is)."""
    item = ready.item
    if item.board is None:  # a ladder's game: the recalc refuses an inactive player's
        idle = dict(view.inactive)
        names = [idle[i] for i in (item.white_id, item.black_id) if i in idle]
        if names:
            return (
                f"{_name(item)}: {' and '.join(names)} "
                f"{'is' if len(names) == 1 else 'are'} not active this week: not taken "
                "(make the player active in the book, or reject the game)"
            )
        return ""
    name = _name(item)
    board = next(
        (
            b
            for b in view.boards
            if (b.round, b.match, b.board) == (item.round, item.match, item.board)
        ),
        None,
    )
    if board is None:
        return f"{name} is no longer paired in the book: not taken (ask the arbiter)"
    if board.result is not None and board.result != ready.result:
        return (
            f"{name}: the book holds {board.result}, the desk {ready.result}: not taken (a "
            "result is never overwritten silently: correct it in the book or at the desk)"
        )
    if view.round is not None and item.round < view.round and board.result is None:
        return (
            f"{name}: round {view.round} is paired already, so this result is a correction "
            "of an earlier round: not taken (enter it in the book, where it is logged and "
            "confirmed as a typed correction)"
        )
    return ""


def _entered(ready: Ready, who: str) -> Entered:
    from ratingbook.session import Entered

    item = ready.item
    if item.board is None:
        return Entered(
            ready.result, white=item.white_id, black=item.black_id, who=who, key=ready.key
        )
    return Entered(ready.result, item.round, item.board, item.match, who=who, key=ready.key)


def _mark(store: Store, taken: Sequence[Ready]) -> None:
    if not taken:
        return
    when = now()
    with store.write() as db:
        for each in taken:
            store.mark(db, each.item.id, taken=when, note="")
