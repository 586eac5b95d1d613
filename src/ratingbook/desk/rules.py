"""The results desk's reporting rules: pure, no file, no clock, no book.

This module alone decides, from the facts the store keeps (the reports since the arbiter last
rejected them, the arbiter's decision, the event's "Desk Confirms" setting), where a board or a
ladder game stands (:func:`standing`), which reports are refused and why (:func:`check_report`,
:func:`report_refusal`), which results a player may report and which only the arbiter may
(:func:`allowed_results`), and what the arbiter's acts may do (:func:`check_accept`) and which
the queue offers for each status (:func:`arbiter_acts`). The spellings of results are the core's
(:mod:`ratingbook.core.results`); a result is kept as its one canonical spelling.

The rules (issue 36, as Cobra and the league systems do it):

- both sides may report; equal reports stand, a mismatch waits for the arbiter (``conflict``);
- one side's report waits for the other side or the arbiter, as the event's setting says:
  ``both sides`` (the default: the other side confirms; a ladder game reported with the camp's
  code, nobody's side, is confirmed by one of its players' own report), ``one side`` (one
  report stands), ``arbiter`` (every report waits for the arbiter);
- a side that reports again with another result puts the board in ``conflict`` (a player may
  not change his own report: the arbiter decides); the same result again changes nothing;
- forfeits (``+/-``, ``-/+``, ``-/-``) only by the arbiter;
- a report after the arbiter accepted, corrected or entered a result is refused, and so is one
  for a board whose result is in the book;
- a ladder's or an Elo book's game has no forfeit (games played only) and its staff decide
  (:func:`~ratingbook.desk.model.decider`); a player's report of a game the other player
  reported the same evening (:func:`evening`) is a second report of it (the desk finds that
  game), refused as a board's when it differs from what the staff decided or the book holds;
- a ladder's game reported again that looks like one reported the same evening (the same two
  players, either colours, the same winner: :func:`looks_alike`) is a new game, since campers
  may play a rematch, but never silently: the phone's answer (:func:`looks_twice`) and the
  staff's queue (:func:`looks_twice_in_queue`) say so, and the staff reject one if it is the
  same game twice;
- a ladder's or an Elo book's game at the desk that looks like a game its games sheet holds
  (typed in the book, or taken before: :func:`book_rows_alike`, the core's rule of one game
  twice, the rule a ladder's recalc warns by) goes in all the same, but never silently: the
  staff's queue and the take name the book's rows (:func:`in_book_words`,
  :func:`taken_beside_words`); a board whose row in the book holds a result typed there is
  named too (:func:`board_in_book_words`, :func:`typed_before_words`): the same result is
  not written again, another is never written over;
- a player who reports a game of two players he already reported a game of this evening (a
  rematch, or the same game sent again after the staff decided it) sends a new game, told
  which game he reported before and what became of it (:func:`reported_again`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ratingbook.core.results import Result, ladder_result_or_none, parse_swiss_result
from ratingbook.core.rules import same_game
from ratingbook.desk.model import ARBITER, Decider, DeskError, Kind, Status, pairing_words
from ratingbook.errors import RatingbookError

__all__ = [
    "CAMP_CODE_DOES",
    "CAMP_SIDE",
    "CONFIRM_SPELLINGS",
    "DEFAULT_CONFIRMS",
    "Confirms",
    "Decision",
    "Fact",
    "allowed_results",
    "arbiter_acts",
    "board_in_book_words",
    "book_rows_alike",
    "canonical_result",
    "check_accept",
    "check_report",
    "confirms_setting",
    "evening",
    "forfeit_refusal",
    "in_book_words",
    "is_forfeit",
    "looks_alike",
    "looks_twice",
    "looks_twice_in_queue",
    "report_refusal",
    "reported_again",
    "standing",
    "taken_beside_words",
    "typed_before_note",
    "typed_before_words",
]

Confirms = Literal["both sides", "one side", "arbiter"]
DEFAULT_CONFIRMS: Confirms = "both sides"
#: How the "Desk Confirms" setting may be typed (case and spaces ignored).
CONFIRM_SPELLINGS: dict[str, Confirms] = {
    "both sides": "both sides",
    "both": "both sides",
    "both players": "both sides",
    "one side": "one side",
    "one": "one side",
    "one player": "one side",
    "either side": "one side",
    "arbiter": "arbiter",
    "staff": "arbiter",
    "the arbiter": "arbiter",
}

#: What the camp's shared code does under each setting: the one home of the sentence the
#: Players' codes page prints and the guide repeats (docs/guides/results-desk.md).
CAMP_CODE_DOES: dict[Confirms, str] = {
    "both sides": (
        "anyone who has it can report any game; such a game waits until one of its players "
        "reports it alike with a personal code, or the staff accept it"
    ),
    "one side": (
        "anyone who has it can report any game, and the game stands at once, without the "
        "staff (Desk Confirms: one side): give it to staff only"
    ),
    "arbiter": "anyone who has it can report any game: the staff accept each",
}

Decision = Literal["", "accepted", "rejected", "corrected", "entered"]
"""The arbiter's last act on an item ("": none)."""

#: What a player may report of a game played (the arbiter alone enters forfeits, FIDE C.04 and
#: the issue: "forfeits only by the arbiter").
_PLAYED = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
_FORFEITS = (
    Result.WHITE_WINS_BY_FORFEIT,
    Result.BLACK_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT,
)
#: A ladder writes its results in brackets (seed 001: the Access table's "(1-0)").
_LADDER = {Result.WHITE_WINS: "(1-0)", Result.DRAW: "(½-½)", Result.BLACK_WINS: "(0-1)"}
#: An Elo book's Result cell: White's score, as its sheet is typed (seed 003).
_ELO = {Result.WHITE_WINS: "1-0", Result.DRAW: "½-½", Result.BLACK_WINS: "0-1"}


#: The side a ladder's or an Elo book's game reported with the camp's code counts as (the
#: store keeps no side for it: the code is nobody's).
CAMP_SIDE = "camp"


@dataclass(frozen=True, slots=True)
class Fact:
    """One report as the rules see it: the side (None: not said; :data:`CAMP_SIDE`: a game
    reported with the camp's code), the canonical result."""

    side: str | None
    result: str


def confirms_setting(value: object) -> Confirms:
    """The "Desk Confirms" setting as typed (empty: both sides); a DeskError for anything
    else, naming what it may be."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return DEFAULT_CONFIRMS
    key = " ".join(str(value).casefold().split())
    found = CONFIRM_SPELLINGS.get(key)
    if found is None:
        raise DeskError(
            f"the setting Desk Confirms is {value!r}; expected Both sides, One side or Arbiter"
        )
    return found


def allowed_results(kind: Kind, *, arbiter: bool = False) -> tuple[str, ...]:
    """The results that may be reported for a board or a game of ``kind``, as the book spells
    them: the three of a game played, and for a board the forfeits too when ``arbiter``."""
    if kind == "ladder":
        return tuple(_LADDER[r] for r in _PLAYED)
    if kind == "elo":
        return tuple(_ELO[r] for r in _PLAYED)
    shown = _PLAYED + (_FORFEITS if arbiter else ())
    return tuple(r.value for r in shown)


def is_forfeit(result: str) -> bool:
    """Whether ``result`` spells a forfeit (``+/-``, ``-/+``, ``-/-``, as a typed result may)."""
    try:
        return parse_swiss_result(result, bye_row=False) in _FORFEITS
    except RatingbookError:
        return False


def forfeit_refusal(kind: Kind) -> str:
    """What a player who reports a forfeit is told: a board's forfeit is the arbiter's to
    enter; a ladder's or an Elo book's games are games played (the book holds no forfeit),
    so a game not played is the staff's to settle."""
    if kind in ("ladder", "elo"):
        return (
            "A forfeit is never a player's report: only games played are rated, and a game "
            "not played is the staff's to settle: tell the staff."
        )
    return "A forfeit is entered by the arbiter only: tell the arbiter."


def canonical_result(kind: Kind, result: str, *, arbiter: bool = False) -> str:
    """``result`` (any spelling a typed result may have) as the book spells it; a DeskError
    saying what may be reported when it is none of them, or a forfeit not from the arbiter."""
    allowed = allowed_results(kind, arbiter=arbiter)
    if kind in ("ladder", "elo"):
        played = ladder_result_or_none(result)
        if played is None and is_forfeit(result):
            raise DeskError(forfeit_refusal(kind))
        if played is None:
            raise DeskError(f"{result!r} is not a result; report one of {', '.join(allowed)}")
        return (_LADDER if kind == "ladder" else _ELO)[played]
    try:
        read = parse_swiss_result(result, bye_row=False)
    except RatingbookError:
        read = None
    if read is None:
        raise DeskError(f"{result!r} is not a result; report one of {', '.join(allowed)}")
    if read in _FORFEITS and not arbiter:
        raise DeskError(
            f"{read.value} is a forfeit: only the arbiter enters a forfeit; report one of "
            f"{', '.join(allowed)}, or ask the arbiter"
        )
    return read.value


def standing(
    facts: Sequence[Fact],
    decision: Decision,
    decided: str | None,
    confirms: Confirms,
    *,
    taken: bool = False,
) -> tuple[Status, str | None]:
    """Where an item stands and the result it stands at, from ``facts`` (the reports since the
    arbiter last rejected them, oldest first), the arbiter's ``decision`` and its result
    ``decided``, and the event's setting ``confirms``."""
    if taken:
        return "taken", decided if decision in ("accepted", "corrected", "entered") else (
            _agreed(facts)
        )
    if decision == "entered":
        return "entered", decided
    if decision in ("accepted", "corrected"):
        return "accepted", decided
    if not facts:
        return ("rejected" if decision == "rejected" else "missing"), None
    agreed = _agreed(facts)
    if agreed is None:
        return "conflict", None
    if confirms == "one side":
        return "confirmed", agreed
    if confirms == "both sides":
        sides = {f.side for f in facts}
        # Both players agree; or the camp's code (staff's, or anyone's) and one player's own
        # report agree: two people, one of them a player of the game. A report that does not
        # say its side (None) never confirms.
        if {"white", "black"} <= sides or (CAMP_SIDE in sides and sides & {"white", "black"}):
            return "confirmed", agreed
    return "reported", agreed


def _agreed(facts: Sequence[Fact]) -> str | None:
    """The one result every report gives; None when they differ (or there is none)."""
    results = {f.result for f in facts}
    return next(iter(results)) if len(results) == 1 else None


def report_refusal(
    status: Status,
    decision: Decision,
    in_book: str | None,
    *,
    what: str = "this board",
    who: Decider = ARBITER,
) -> str:
    """Why a report is refused (a sentence a player can read) for an item the arbiter decided
    or whose result is already in the book; "" when a report is taken. ``what`` names the
    item, ``who`` decides (the staff of a camp: :func:`~ratingbook.desk.model.decider`). The
    one home of the sentence: the refusal on Send, and a board's page that offers no form."""
    if status == "taken" or in_book:
        return (
            f"the result of {what} is already in the book"
            + (f" ({in_book})" if in_book else "")
            + f": ask {who.name} if it is wrong"
        )
    if decision in ("accepted", "corrected", "entered"):
        return f"{who.has} already {decision} the result of {what}: ask {who.name} if it is wrong"
    return ""


def check_report(
    status: Status,
    decision: Decision,
    in_book: str | None,
    *,
    what: str = "this board",
    who: Decider = ARBITER,
) -> None:
    """Refuse a report (a DeskError: :func:`report_refusal`'s sentence) for an item the
    arbiter decided or whose result is already in the book."""
    refusal = report_refusal(status, decision, in_book, what=what, who=who)
    if refusal:
        raise DeskError(refusal)


#: A camp's or a club's evening runs from noon to the next noon (local time): a game played at
#: night and reported the next morning is of the evening it was played.
_EVENING_STARTS = _dt.timedelta(hours=12)


def evening(at: str) -> _dt.date:
    """The evening a report sent at ``at`` (ISO 8601, as the store keeps times) belongs to:
    the local date of its evening, which runs from noon to the next noon."""
    when = _dt.datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone()
    return (when - _EVENING_STARTS).date()


def looks_alike(first: tuple[str, str, str, str], second: tuple[str, str, str, str]) -> bool:
    """Whether two ladder games, each (white id, black id, result, when first reported: ISO
    8601), look like the same game: the same evening (:func:`evening`) and the core's rule of
    one game twice (:func:`~ratingbook.core.rules.same_game`: the same two players in either
    colours, the same winner or both drawn), the rule a ladder week's games are checked by."""
    (w1, b1, r1, at1), (w2, b2, r2, at2) = first, second
    return evening(at1) == evening(at2) and same_game(
        (w1, b1, ladder_result_or_none(r1)), (w2, b2, ladder_result_or_none(r2))
    )


def _plain(result: str) -> str:
    return result.strip("()")


def looks_twice(
    first_by: str | None, now_by: str | None, players: tuple[str, str], game: tuple[str, str, str]
) -> str:
    """What the phone's answer says of a new game that looks like ``game`` (its White's and
    Black's names and result), reported this evening by ``first_by``, now reported again by
    ``now_by`` (each a player's name; None: the camp's code); ``players`` the two players'
    names. Not a refusal: a rematch is a new game; the same game twice is the staff's to
    reject."""
    white, black, result = game
    if first_by is not None and first_by == now_by:
        other = players[1] if players[0] == now_by else players[0]
        said = f"You already reported a game with {other}"
    elif first_by is not None and now_by is not None:
        said = f"{first_by} already reported a game with you"
    else:
        said = f"A game of {players[0]} and {players[1]} was already reported"
    return (
        f"{said} this evening ({pairing_words(white, black)} {result.strip('()')}): if this "
        "is the same game, tell the staff."
    )


def looks_twice_in_queue(number: int) -> str:
    """What the staff's queue says on a game that looks like game ``number`` (its number in
    the queue, an earlier game of the same evening: :func:`looks_alike`)."""
    return f"same players as game #{number} this evening: a rematch, or the same game twice?"


def book_rows_alike(
    game: tuple[str, str, str], rows: Sequence[tuple[int, str, str, str]], taken: int
) -> tuple[int, ...]:
    """The rows of a ladder's or an Elo book's games sheet (each: its row, White's and Black's
    IDs, the result as typed) that look like ``game`` (White's ID, Black's ID, its result) by
    the core's rule of one game twice (:func:`~ratingbook.core.rules.same_game`, the rule a
    ladder's recalc warns by); none when no more of them do than ``taken``, the desk's own
    games like it already in the book (each is one of those rows, and the desk's queue flags
    them itself)."""
    white, black, result = game
    mine = (white, black, ladder_result_or_none(result))
    alike = tuple(row for row, w, b, r in rows if same_game(mine, (w, b, ladder_result_or_none(r))))
    return alike if len(alike) > taken else ()


def _rows(rows: Sequence[int]) -> str:
    if len(rows) == 1:
        return f"row {rows[0]}"
    return f"rows {', '.join(map(str, rows[:-1]))} and {rows[-1]}"


def in_book_words(sheet: str, rows: Sequence[int], game: str, *, taken: bool) -> str:
    """What the staff's queue and a take say of a game at the desk (``game``: its players and
    result, "Grace Liu - Ava Thompson (1-0)") that looks like the book's ``rows`` of
    ``sheet`` (:func:`book_rows_alike`): before the take, that it would count twice; once
    taken (``taken``), the rows that now look like one game typed twice, as the recalc
    names them."""
    if taken:
        return (
            f"{sheet}: {_rows(rows)} look like one game typed twice ({game}: the same "
            "players, the same result): both count; if it is not a rematch, delete one row"
        )
    return (
        f"already in the book? {sheet} {_rows(rows)} holds the same players and result "
        f"({game}): a take adds it again and both count; if it is the same game, reject "
        "this one"
    )


def taken_beside_words(sheet: str, rows: Sequence[int], game: str, *, recalc: bool) -> str:
    """What a take says of a game it entered (``game``: "#7 (Grace Liu - Ava Thompson)") that
    looks like the book's ``rows`` of ``sheet`` typed before it (:func:`book_rows_alike`);
    ``recalc``: the book's recalc names such rows too (a ladder's: its week's games)."""
    named = " (the recalc names both)" if recalc else ""
    return (
        f"game {game} went in beside {sheet} {_rows(rows)}, with the same players and result: "
        f"both count; if it is not a rematch, delete one row{named}"
    )


def board_in_book_words(sheet: str, row: int, players: str, result: str, held: str) -> str:
    """What the queue says of a board at the desk (``players``: "Anna - Fay"; ``result``: the
    one it stands at) whose row ``row`` of ``sheet`` holds a result typed there (``held``),
    before a take: the same result, which a take does not write again (it lists it on Desk
    Results); or another, which a take never writes over (it leaves the desk's out)."""
    if held == result:
        return (
            f"already in the book: {sheet} row {row} holds the same result ({players} "
            f"{result}), typed there: a take writes nothing over it and lists it on Desk Results"
        )
    return (
        f"the book holds {held} for it ({sheet} row {row}, typed there), the desk {result}: a "
        "take leaves it out (a result is never overwritten silently); correct it in the book "
        "or at the desk"
    )


def typed_before_words(name: str, sheet: str, row: int, game: str) -> str:
    """What a take says of a board it took (``name``: "round 1 board 3"; ``game``: its
    players and result) whose row ``row`` of ``sheet`` held the same result, typed there
    before the take (:func:`board_in_book_words`)."""
    return (
        f"{name} ({game}) was already in the book: {sheet} row {row} holds the same result, "
        "typed there: nothing written over it, listed on Desk Results"
    )


def typed_before_note(sheet: str, row: int) -> str:
    """What the queue says, once taken, of a board whose row ``row`` of ``sheet`` held the
    same result before the take (:func:`typed_before_words`): the desk's note of it."""
    return f"typed in the book before the take ({sheet} row {row}, the same result): not written"


def reported_again(
    number: int,
    other: str,
    players: str,
    became: tuple[Status, Decision, str | None],
    who: Decider,
) -> str:
    """What a player's phone says when he reports a new game of two players he already
    reported a game of this evening: game ``number`` with ``other`` (``players``: both, White
    first), and what became of it (``became``: its status, the staff's last act, the result
    it stands at). The new game stands all the same: campers may play again; the same game
    sent again is the staff's to reject."""
    status, decision, result = became
    happened = {
        "accepted": f"{who.name} accepted it ({result})",
        "corrected": f"{who.name} corrected it to {result}",
        "entered": f"{who.name} entered {result}",
        "rejected": f"{who.name} rejected it",
    }.get(decision) or {
        "reported": f"it waits for the other player or {who.name}",
        "confirmed": f"it is confirmed ({result})",
        "conflict": f"its reports differ: {who.decides}",
    }.get(status, f"it stands at {result}")
    if status == "taken":
        happened += ", and it is in the book"
    return (
        f"You already reported game #{number} with {other} this evening ({players}): "
        f"{happened}. This report is a new game: if you played {other} again, nothing more "
        f"to do; if it is game #{number} again, tell {who.name}."
    )


def check_accept(status: Status, what: str) -> None:
    """Refuse the arbiter's accept of an item with no result to accept (a conflict: correct
    it; nothing reported: enter it)."""
    if status == "conflict":
        raise DeskError(f"the reports of {what} differ: correct it with the right result")
    if status in ("missing", "rejected"):
        raise DeskError(f"nothing is reported for {what}: enter its result instead")
    if status == "taken":
        raise DeskError(f"the result of {what} is already in the book")


#: What the arbiter's queue offers for each status, in the order the row shows them: the one
#: home of the buttons (the page) and the guide's table (docs/guides/results-desk.md). Accept
#: only where it takes a result nobody confirmed yet (a confirmed board is taken on release as
#: it stands; a conflict has no one result to accept); a result is set by Enter on a board
#: without one (missing, or rejected and waiting for new reports) and by Correct once one
#: stands; Reject sends the players back to report again while the reports decide, and takes
#: back an accepted result (a released game the book refuses, its player made inactive: the
#: guide's "make the player active again, or reject the game").
ARBITER_ACTS: dict[Status, tuple[str, ...]] = {
    "missing": ("enter",),
    "rejected": ("enter",),
    "reported": ("accept", "correct", "reject"),
    "confirmed": ("correct", "reject"),
    "conflict": ("correct", "reject"),
    "accepted": ("correct", "reject"),
    "entered": ("correct",),
    "taken": (),
}


def arbiter_acts(status: Status) -> tuple[str, ...]:
    """The acts the queue offers on an item of ``status``, a board's or a ladder's game's
    alike: Enter sets a result where none stands (a game rejected), as the guide's table
    says."""
    return ARBITER_ACTS[status]
