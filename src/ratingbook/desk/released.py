"""Released results entered into a book, once each, never over another result: the one home of
what a take writes, whoever brings the results (the desk's store, for the desk's own take and
the desktop **Take results** button; the desk's answer over HTTP, for xlwings Lite's, which
cannot open the store).

A :class:`Released` is a result the arbiter released, as the book's ``Desk Results`` names it
(``key``) with the board or the game it belongs to and who reported it. :func:`enter_released`
enters them through the session (``RecordResults``: the same rules, warnings and Event Log as
a typed result), all in one run: those whose key ``Desk Results`` lists already are not entered
again (``already``); one the session refuses does not hold back the others (each is then tried
alone, planned, nothing written; those refused alone are named and left out); a board whose
cell holds another result is never written; a result of a round the book has paired past is a
correction, refused here as everywhere a correction is not confirmed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from ratingbook.core.counts import many
from ratingbook.desk.book import BookView, read_book
from ratingbook.desk.model import DeskError, pairing_words
from ratingbook.errors import RatingbookError
from ratingbook.workbook.port.book import Book

if TYPE_CHECKING:
    from ratingbook.session import Entered, Session
    from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["Entering", "Released", "enter_released"]


@dataclass(frozen=True, slots=True)
class Released:
    """A released result to enter: ``key`` (the name ``Desk Results`` lists it under), the
    result, the board (``round``, ``match``, ``board``; ``board`` None for a ladder's or an
    Elo book's game, then ``white_id`` and ``black_id`` as its games sheet holds them), both
    players' names, and ``who`` (the Event Log's Who: who reported it, from where, who
    accepted it)."""

    key: str
    result: str
    round: int
    match: int
    board: int | None
    white: str
    black: str
    white_id: str
    black_id: str
    who: str

    def as_json(self) -> dict[str, object]:
        """The result as the desk hands it over HTTP (:meth:`from_json` reads it back)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Released:
        """A result handed over HTTP; a :class:`DeskError` naming the field for anything
        else (nothing of it is entered)."""
        if not isinstance(data, Mapping):
            raise DeskError("the desk's answer is not a list of results")
        texts = ("key", "result", "white", "black", "white_id", "black_id", "who")
        found: dict[str, object] = {}
        for name in texts:
            value = data.get(name)
            if not isinstance(value, str):
                raise DeskError(f"the desk's answer has no text {name!r} for a result")
            found[name] = value
        for name in ("round", "match", "board"):
            value = data.get(name)
            allowed = value is None and name == "board"
            if not allowed and (not isinstance(value, int) or isinstance(value, bool)):
                raise DeskError(f"the desk's answer has no whole number {name!r} for a result")
            found[name] = value
        return cls(**found)  # type: ignore[arg-type]

    @property
    def name(self) -> str:
        """The board or the game as the arbiter knows it."""
        if self.board is None:
            return f"the game {pairing_words(self.white, self.black)}"
        match = f" match {self.match}" if self.match else ""
        return f"round {self.round}{match} board {self.board}"


@dataclass(frozen=True, slots=True)
class Entering:
    """What :func:`enter_released` did: the results entered (``taken``), those the book's
    ``Desk Results`` lists already (``already``), and sentences to show."""

    taken: tuple[Released, ...]
    already: tuple[Released, ...]
    messages: tuple[str, ...]


def enter_released(
    book: Book,
    pick: Callable[[BookView], Sequence[Released]],
    save: Callable[[], None] | None,
) -> Entering:
    """Enter the results ``pick`` chooses, given the desk's view of ``book`` (its Desk
    Confirms decides which stand), into ``book`` through the session; ``save`` puts the book
    on disk once they are in (None: the book open in Excel, saved by its user)."""
    from ratingbook.session import NeedsConfirmation, RecordResults, Session

    session = Session(book, who="results desk")
    sheets = session.sheets()  # the book read once: for the desk's view and for the session
    view = read_book(sheets)
    released = pick(view)
    already = [r for r in released if r.key in view.taken]
    messages: list[str] = []
    entries: list[tuple[Released, Entered]] = []
    for each in released:
        if each.key in view.taken:
            continue
        refusal = _refused(each, view)
        if refusal:
            messages.append(refusal)
            continue
        entries.append((each, _entered(each)))
    taken: list[Released] = []
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
                    messages += [f"{each.name} not taken: {x}" for x in bad.get(each.key, [])]
                entries = [e for e in entries if e[0].key not in bad]
                try:
                    outcome = session.run(RecordResults(tuple(e for _, e in entries)), read=sheets)
                except RatingbookError as again:
                    problem = again
            if outcome is None:  # said once, the session's problems after it
                messages.append("nothing was taken: " + "; ".join(_lines(problem)))
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
    if taken:
        where = "" if save is not None else " (save the book to keep them)"
        messages.insert(0, f"{many(len(taken), 'result')} taken into the book{where}")
    return Entering(tuple(taken), tuple(already), tuple(messages))


def _lines(error: RatingbookError) -> list[str]:
    lines = getattr(error, "lines", None)
    return list(lines()) if callable(lines) else [str(error)]


def _refused_alone(
    session: Session, sheets: Sheets, entries: Sequence[tuple[Released, Entered]]
) -> dict[str, list[str]]:
    """The entries the session refuses each on its own (a dry run: nothing written), by
    their keys, with why."""
    from ratingbook.session import RecordResults

    bad: dict[str, list[str]] = {}
    for released, entered in entries:
        try:
            session.run(RecordResults((entered,)), read=sheets, dry_run=True)
        except RatingbookError as error:
            bad[released.key] = _lines(error)
    return bad


def _refused(each: Released, view: BookView) -> str:
    """Why ``each`` is not taken now ("" : it is)."""
    if each.board is None:  # a ladder's game: the recalc refuses an inactive player's
        idle = dict(view.inactive)
        names = [idle[i] for i in (each.white_id, each.black_id) if i in idle]
        if names:
            return (
                f"{each.name}: {' and '.join(names)} "
                f"{'is' if len(names) == 1 else 'are'} not active this week: not taken "
                "(make the player active in the book, or reject the game)"
            )
        return ""
    board = next(
        (
            b
            for b in view.boards
            if (b.round, b.match, b.board) == (each.round, each.match, each.board)
        ),
        None,
    )
    if board is None:
        return f"{each.name} is no longer paired in the book: not taken (ask the arbiter)"
    if board.result is not None and board.result != each.result:
        return (
            f"{each.name}: the book holds {board.result}, the desk {each.result}: not taken (a "
            "result is never overwritten silently: correct it in the book or at the desk)"
        )
    if view.round is not None and each.round < view.round and board.result is None:
        return (
            f"{each.name}: round {view.round} is paired already, so this result is a "
            "correction of an earlier round: not taken (enter it in the book, where it is "
            "logged and confirmed as a typed correction)"
        )
    return ""


def _entered(each: Released) -> Entered:
    from ratingbook.session import Entered

    if each.board is None:
        return Entered(
            each.result, white=each.white_id, black=each.black_id, who=each.who, key=each.key
        )
    return Entered(
        each.result, each.round, each.board, each.match, who=each.who, key=each.key
    )  # fmt: skip
