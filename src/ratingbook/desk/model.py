"""The results desk's values: what a front end (the desk's web server, the command line, the
Excel button) gets back from :class:`~ratingbook.desk.desk.Desk`.

This module alone spells the desk's vocabulary: a pairing as a player sees it
(:class:`Pairing`) and how a board is named (:func:`board_name`: a team event's names its
match), an item of the arbiter's queue (:class:`QueueItem`) and its
:data:`Status`, the answer to a report (:class:`Ack`) and what it tells the phone of the
item's status (:func:`status_words`), how two players paired are spelt
(:func:`pairing_words`), what a take did (:class:`TakeOutcome`),
and the one refusal (:class:`DeskError`, a sentence a player or an arbiter can read).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ratingbook.errors import RatingbookError

__all__ = [
    "ARBITER",
    "CAMP_CODE",
    "READY",
    "STAFF",
    "STATUSES",
    "Ack",
    "Decider",
    "DeskError",
    "Kind",
    "Pairing",
    "QueueItem",
    "Report",
    "Side",
    "Status",
    "TakeOutcome",
    "board_name",
    "decider",
    "pairing_words",
    "reporter",
    "round_state",
    "status_words",
]

Kind = Literal["swiss", "roundrobin", "team", "ladder", "elo"]
"""What the book holds: a Swiss or a round robin (individual), a team event, a ladder (a camp's
or a club's), an Elo book. The first three report by pairing, the last two by game."""

Side = Literal["white", "black"]

Status = Literal[
    "missing", "reported", "confirmed", "conflict", "accepted", "rejected", "entered", "taken"
]
"""Where a board or a game stands at the desk:

- ``missing``: a pairing nobody reported yet;
- ``reported``: one report that waits (for the other side or the arbiter, as the event says);
- ``confirmed``: the reports agree (or one report stands, as the event says): ready once the
  round is released;
- ``conflict``: the reports differ: the arbiter decides;
- ``accepted``: the arbiter accepted or corrected it: ready once the round is released;
- ``rejected``: the arbiter rejected the reports: a round's board waits for new reports; a
  camp's game waits no more (a report of it again is a new game);
- ``entered``: the arbiter entered the result himself: ready once the round is released;
- ``taken``: in the book.
"""

#: Every status, in the order the arbiter's queue shows them.
STATUSES: tuple[Status, ...] = (
    "conflict",
    "reported",
    "missing",
    "rejected",
    "confirmed",
    "accepted",
    "entered",
    "taken",
)

#: The statuses of a result ready to go into the book once its round is released.
READY: tuple[Status, ...] = ("confirmed", "accepted", "entered")


@dataclass(frozen=True, slots=True)
class Decider:
    """Who decides at the desk, as its pages and answers name them."""

    title: str
    """The page's and the menu's word: "Arbiter", "Staff"."""
    name: str
    """In a sentence: "the arbiter", "the staff"."""
    decides: str
    """"the arbiter decides", "the staff decide"."""
    has: str
    """"the arbiter has", "the staff have"."""


ARBITER = Decider("Arbiter", "the arbiter", "the arbiter decides", "the arbiter has")
STAFF = Decider("Staff", "the staff", "the staff decide", "the staff have")


def decider(kind: Kind) -> Decider:
    """Who decides at the desk of a book of ``kind``: the staff of a camp's or a club's
    ladder or Elo book (no arbiter there), the arbiter of a round's boards. The one home of
    the word on every page and answer."""
    return STAFF if kind in ("ladder", "elo") else ARBITER


#: How a report sent with the camp's code is named (the code is nobody's side).
CAMP_CODE = "the camp's code"


def reporter(side: str | None, board: int | None) -> str:
    """Who sent a report, as the queue and the Event Log name it: its side ("white",
    "black"); a game's report of no side was sent with the camp's code (:data:`CAMP_CODE`);
    "" for a board's report that did not say its side."""
    if side:
        return side
    return CAMP_CODE if board is None else ""


def pairing_words(white: str, black: str) -> str:
    """Two players paired, as every page, answer and message of the desk spells them, White
    first: "Ben Carter - Dev Patel" (the one home of the spelling: a hyphen, as the Event Log
    and the recalc's lines write a game)."""
    return f"{white} - {black}"


def board_name(board: int, match: int = 0) -> str:
    """A board as the desk names it to players and the arbiter: "board 3", or in a team event
    "match 2, board 3" (every match has its board 1, so the board alone names none)."""
    return f"match {match}, board {board}" if match else f"board {board}"


def round_state(round: int | None, over: bool) -> str:
    """Which round a pairing event takes reports for, as the desk says it (the command's
    first line, the players' first page): ``round`` the last paired round (None: none yet),
    ``over`` the event over (its last round's results all in the book)."""
    if round is None:
        return "no round paired yet"
    if over:
        return (
            f"the event is over: round {round}, its last round, has every result in the "
            "book, and no round is open for reports"
        )
    return f"round {round} open for reports"


class DeskError(RatingbookError):
    """A report or an act the desk refuses: the message is a sentence a player or an arbiter
    can read (a code unknown or of another round, a result the event does not allow, a board
    the arbiter already entered)."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """One pairing of a round as a player sees it: its code (the only key a player has), who
    plays, the results a player may report, and the result already in the book (None: empty)."""

    round: int
    board: int
    white: str
    black: str
    code: str
    allowed: tuple[str, ...]
    result_in_book: str | None = None
    match: int = 0
    """A team event's match (0: an individual event)."""
    refusal: str = ""
    """Why the desk refuses a report of this board now, the sentence it answers one with (the
    arbiter decided its result, or the book holds it): its page offers no form ("": a
    report is taken)."""
    decided: str | None = None
    """The result the board stands at while a report is refused (the arbiter's, or the one
    taken into the book); None otherwise."""

    @property
    def place(self) -> str:
        """The pairing's board as the desk names it (:func:`board_name`)."""
        return board_name(self.board, self.match)


@dataclass(frozen=True, slots=True)
class Report:
    """One report kept by the desk: which side (None: the arbiter, or a ladder game's
    reporter), the result as reported, who and from where (``origin``), and when (ISO 8601)."""

    side: str | None
    result: str
    origin: str
    at: str


@dataclass(frozen=True, slots=True)
class QueueItem:
    """A board (or a ladder game) in the arbiter's queue: its reports, oldest first, its status
    and the result it stands at (None while none stands)."""

    id: int
    round: int | None
    board: int | None
    white: str
    black: str
    status: Status
    reports: tuple[Report, ...]
    result: str | None
    released: bool = False
    match: int = 0
    """A team event's match (0: an individual event or a game)."""
    note: str = ""
    """Why a released result was not taken yet, or what its take found (taken in xlwings
    Lite; the same result typed in the book before the take) ("" : nothing to say)."""
    reason: str = ""
    """Why the arbiter rejected the reports, while the item stands rejected ("" : not
    rejected, or no reason given)."""
    set_aside: int = 0
    """How many of ``reports`` (the oldest) the arbiter rejected: they count no more."""
    doubt: str = ""
    """A game that looks like an earlier game of the same evening ("same players as game #n
    this evening: a rematch, or the same game twice?"), or like a game the book holds; a
    board whose row in the book holds a result typed there ("" : none)."""
    entered: bool = False
    """The arbiter entered its result (it stays the arbiter's once taken into the book)."""

    @property
    def place(self) -> str:
        """The item's board as the desk names it (:func:`board_name`); "" for a game."""
        return "" if self.board is None else board_name(self.board, self.match)


class _Said(Protocol):
    @property
    def side(self) -> str | None: ...
    @property
    def result(self) -> str: ...


def differ_words(counted: Sequence[_Said]) -> str:
    """How a conflict's reports (those that count, oldest first) are named on the phone and
    the results screen: "the reports differ"; once a player changed his own report (the
    arbiter decides all the same), each player's reports, so that the words stay true when
    both latest agree: "White reported ½-½, then 1-0", "White reported 1-0, then 0-1; Black
    reported 0-1"."""
    said: dict[str, list[str]] = {}
    for r in counted:
        said.setdefault(str(r.side), []).append(r.result)
    players = [side for side in said if side in ("white", "black")]
    if len(said) > len(players) or all(len(set(said[side])) < 2 for side in players):
        return "the reports differ"
    return "; ".join(
        f"{side.capitalize()} reported {', then '.join(said[side])}" for side in players
    )


#: What a phone is told of an item by its status after a report: {name}, {decides} who decides
#: (:func:`decider`), {differ} the reports that differ (:func:`differ_words`).
_SAID: dict[Status, str] = {
    "reported": "reported: it waits for the other player or {name}",
    "confirmed": "confirmed: both reports agree",
    "conflict": "{differ}: {decides}",
    "accepted": "accepted by {name}",
    "entered": "entered by {name}",
    "taken": "in the book",
    "missing": "not reported yet",
    "rejected": "rejected by {name}: report again",
}
#: What a confirmed result says when it stands on one report (Desk Confirms ``one side``):
#: nobody else agreed to it, so "both reports agree" would be untrue.
_STANDS_ALONE = "confirmed: it stands on this one report"


def status_words(status: Status, counted: Sequence[_Said], kind: Kind) -> str:
    """What a phone is told of an item of ``kind`` standing at ``status`` after a report,
    ``counted`` its reports that count (oldest first)."""
    if status == "confirmed" and len({r.side for r in counted}) < 2:
        return _STANDS_ALONE
    who = decider(kind)
    return _SAID[status].format(name=who.name, decides=who.decides, differ=differ_words(counted))


def upper_first(text: str) -> str:
    """``text`` begun with a capital, as a sentence a player reads begins."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class Ack:
    """A report acknowledged: it is on disk before this is returned. ``item_id`` names the
    queue item, ``status`` where it stands now, ``message`` a sentence for the player."""

    item_id: int
    status: Status
    message: str
    released: bool = False
    """Whether the item's round (or the ladder's games) is released: a result ready in a
    released round goes into the book at once (the taker is woken), one in a round not yet
    released waits for the release, so nothing need look."""
    doubt: str = ""
    """A new ladder game that looks like one reported this evening (the same players and
    winner): a sentence telling the player to tell the staff if it is the same game ("":
    none). The game is new all the same: campers may play a rematch."""

    @property
    def sentence(self) -> str:
        """:attr:`message` as the phone shows it, a sentence begun with a capital."""
        return upper_first(self.message)


@dataclass(frozen=True, slots=True)
class TakeOutcome:
    """What a take did: how many results went into the book (``taken``), how many released
    results still wait (``waiting``), whether the book was locked (open in Excel: nothing was
    written, the Take results button takes them there), and sentences to show."""

    taken: int
    waiting: int
    locked: bool
    messages: tuple[str, ...] = ()
