"""What the desk's pages share while the desk runs: the desk itself (asked by one request at a
time), the defences (:mod:`ratingbook.server.security`), the published pages
(:mod:`ratingbook.server.live`), the address players reach, and the page rendering (the desk's
templates on the published site's layout and stylesheet, :mod:`ratingbook.web`).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import flask
from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined, select_autoescape

from ratingbook.core.counts import many
from ratingbook.desk import Desk, DeskError, TakeOutcome, decider
from ratingbook.desk.model import pairing_words, upper_first
from ratingbook.desk.next_steps import NOTHING_WAITS, nothing_to_take, release_next
from ratingbook.errors import RatingbookError
from ratingbook.files.disk import excel_has_it
from ratingbook.server.live import LivePages
from ratingbook.server.security import FormTokens, Lockout, RateLimit
from ratingbook.web.rendering import ratingbook_version

__all__ = [
    "LITE_ORIGINS",
    "MAX_BODY",
    "DeskState",
    "Limits",
    "page_error",
    "state",
    "token_refusal",
]

T = TypeVar("T")

#: The origin the xlwings Lite add-in is served from (its guide's "Web API Requests": a
#: server a Lite script calls allows this origin).
LITE_ORIGINS = ("https://addin.xlwings.org",)

#: The largest request body the desk reads (bytes): a report's form is some 200 bytes, the
#: arbiter's largest (a reason) under 2 KiB. Anything longer is refused unread (413).
MAX_BODY = 16 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """The defences' figures (the tests make them small)."""

    burst: int = 40
    per_second: float = 4.0
    wrong_passwords: int = 5
    wrong_passwords_overall: int = 50
    lockout_seconds: float = 15 * 60
    #: The laptop's own address waits this long after its wrong passwords (not 15 minutes).
    laptop_lockout_seconds: float = 60


@dataclass
class DeskState:
    """The running desk: ``desk`` (one request at a time asks it: :meth:`ask`), the
    address players reach (``base_url``: what a card's QR code links to)."""

    desk: Desk
    book: Path
    base_url: str
    limits: Limits = field(default_factory=Limits)
    tokens: FormTokens = field(default_factory=FormTokens)
    #: One take at a time (a take writes the book).
    taking: threading.Lock = field(default_factory=threading.Lock)
    #: Released results wait to be taken: the taker (:meth:`take_in_background`) takes them
    #: at once when woken, and tries again now and then while the book is open in Excel.
    pending_take: bool = False
    wake: threading.Event = field(default_factory=threading.Event)
    #: What the last take said, for the queue (never how many wait: :meth:`waiting_banner`
    #: counts them as the queue is shown).
    last_take: str = ""
    #: Whether the last take found the book locked (open in Excel).
    last_locked: bool = False
    #: Whether the arbiter acted since the last take (and the act took nothing): the queue
    #: then says the last take's words are from before that act.
    acted_since_take: bool = False
    #: The released results the last take left waiting (refused, or the book locked): a
    #: result that becomes ready later is not among them, and is taken at once (:meth:`nudge`).
    tried: frozenset[str] = frozenset()
    #: The games the last take left out, each waiting for a game reported before it: a game
    #: held back later (accepted behind an open one) is a take's to say (:meth:`untried`).
    tried_held: frozenset[int] = frozenset()
    #: The released results the last take entered: its words are stale once the book undoes
    #: them (:meth:`last_take_words`).
    last_taken: frozenset[str] = frozenset()
    #: How many takes began: an act notes it, so that a take the taker's tick began after
    #: the act (before the act's own turn at the take) counts as the act's (:meth:`take_if_ready`).
    takes_begun: int = 0
    #: The browser pages that may read the released results with the token (xlwings Lite's
    #: add-in: :mod:`ratingbook.server.excel_api`).
    lite_origins: tuple[str, ...] = LITE_ORIGINS

    def __post_init__(self) -> None:
        self.rate = RateLimit(burst=self.limits.burst, per_second=self.limits.per_second)
        self.lockout = Lockout(
            per_address=self.limits.wrong_passwords,
            overall=self.limits.wrong_passwords_overall,
            window=self.limits.lockout_seconds,
            laptop_window=self.limits.laptop_lockout_seconds,
        )
        self.live = LivePages(self.book)
        self.environment = _environment()
        self.version = ratingbook_version()
        self._excel_token = ""

    @property
    def excel_token(self) -> str:
        """The token xlwings Lite sends for the released results (the desk's, read once)."""
        if not self._excel_token:
            self._excel_token = self.desk.excel_token()
        return self._excel_token

    def ask(self, question: Callable[[Desk], T]) -> T:
        """``question`` asked of the desk. Requests ask at the same time: the desk's store
        opens a connection per act, its writes are SQLite transactions taken at once (one
        writer at a time, readers never wait: WAL), and its view of the book is cached
        under its own lock."""
        return question(self.desk)

    def take_now(self) -> TakeOutcome:
        """Take the released results into the book (one take at a time); what it did is kept
        for the queue (:attr:`last_take`)."""
        with self.taking:
            return self._take()

    def _take(self) -> TakeOutcome:
        # Called with ``taking`` held.
        self.takes_begun += 1
        before: frozenset[str] = frozenset()
        with contextlib.suppress(DeskError, OSError):
            before = self.desk.waiting()
        outcome = self.desk.take()
        # A book unreadable just now keeps what was tried before: the next tick reads it.
        with contextlib.suppress(DeskError, OSError):
            self.tried = self.desk.waiting()
            self.tried_held = self.desk.held()
            self.last_taken = before - self.tried
        # Tried again by itself only while the book is locked: a result the book refused
        # (a conflict with its cell, an inactive player) waits for the arbiter's act, and a
        # retry would only repeat the refusal over the Last take of that act.
        self.pending_take = outcome.locked and outcome.waiting > 0
        released, unreleased = True, None  # a book unreadable: "release first" may be untrue
        with contextlib.suppress(DeskError, OSError):
            released, unreleased = self.desk.any_released(), self.desk.unreleased()
        self.last_take = take_words(outcome, released, unreleased)
        self.last_locked = outcome.locked
        self.acted_since_take = False
        return outcome

    def take_pressed(self) -> None:
        """The arbiter's **Take results into the book**: a take now, before the queue is shown
        again, whether anything waits or not, so that the queue's *Last take* is this take's
        (with nothing waiting, it says so) and never the one before."""
        with self.taking:
            self._take_or_retry()

    def take_if_ready(self, since: int | None = None) -> None:
        """After an arbiter's act (a release, a result accepted, corrected or entered in a
        released round): take what it made ready now, before the queue is shown again, so
        that the queue's *Last take* is this take's, not the one before. Whether anything is
        ready is asked under the take's lock: the taker's tick, deciding at the same moment,
        never takes the same results a second time over this take's words; and a take the
        tick began after the act began (``since``: :attr:`takes_begun` then) is the act's."""
        with self.taking:
            if self.untried():
                self._take_or_retry()
            else:
                self.acted_since_take = since is None or self.takes_begun == since

    def _take_or_retry(self) -> None:
        # Called with ``taking`` held.
        try:
            self._take()
        except (RatingbookError, OSError) as problem:
            # A book caught half-written (saved in place by another program) or gone for a
            # moment: the taker keeps running and tries again at the next tick.
            self.pending_take = True
            self.last_take = (
                f"The book could not be read just now ({problem}): the desk tries again in a "
                "few seconds."
            )

    def waiting_banner(self, waiting: int) -> str:
        """What the queue says of the ``waiting`` released results (the desk's one count,
        :meth:`~ratingbook.desk.Desk.waiting`, read as the queue is shown), true of the
        moment: the book open in Excel, results the last take left out (it says why), or
        results the desk takes now ("" when none wait)."""
        if not waiting:
            return ""
        if self.last_locked or excel_has_it(self.book):
            return (
                f"The book is open in Excel: {_wait(waiting)}. Press Take results there, or "
                "save and close the book and the desk takes them."
            )
        if self.untried():
            return (
                f"{_wait(waiting).capitalize()} to go into the book: the desk takes them now. "
                "Reload this page to see them taken."
            )
        return (
            f"{_wait(waiting).capitalize()}: the last take left "
            f"{'it' if waiting == 1 else 'them'} out (it says why). Correct or reject "
            f"{'it' if waiting == 1 else 'them'} here, or change the book; the desk does not "
            "try again by itself."
        )

    def untried(self) -> bool:
        """Whether a released result waits that no take has tried yet: one confirmed,
        accepted, corrected or entered after its round (or the ladder's games) was released.
        A book the desk cannot read just now (being saved, locked) answers no: the take that
        follows a wake, or the next tick, says why; the taker never stops on it."""
        try:
            return bool(self.desk.waiting() - self.tried or self.desk.held() - self.tried_held)
        except (DeskError, OSError):
            return False

    def last_take_words(self, undone: frozenset[str]) -> str:
        """The queue's *Last take*, marked when ``ratingbook undo`` took its results out of
        the book since (``undone``: :meth:`~ratingbook.desk.Desk.undone`)."""
        if self.last_take and self.last_taken & undone:
            return f"{self.last_take} Since undone in the book (ratingbook undo)."
        return self.last_take

    @staticmethod
    def undone_banner(undone: int, redo: bool = False) -> str:
        """What the queue says of the ``undone`` released results a take entered and
        ``ratingbook undo`` took out of the book ("" when none): the undo stands; ``redo``:
        the book's redo gives back an undone take (said only then: an act since, a new week,
        drops what the undo took back)."""
        if not undone:
            return ""
        them = "it" if undone == 1 else "them"
        return (
            f"{many(undone, 'released result')} went into the book and "
            f"{'was' if undone == 1 else 'were'} undone there (ratingbook undo): the desk "
            f"does not take {them} again by itself. Correct or Enter one and it goes in at "
            "once" + (f"; ratingbook redo gives {them} back." if redo else ".")
        )

    def nudge(self) -> None:
        """Wake the taker when an act or a report made a released result ready: it goes into
        the book at once, as the queue promises, through the same take."""
        if self.untried():
            self.wake.set()

    def take_in_background(self, stop: threading.Event, every: float) -> None:
        """The taker's loop: a take when woken (a release, a result made ready after one), or
        every ``every`` seconds while results wait (the book locked) or a released result
        is ready that no take has tried (a wake missed); until ``stop``."""
        while not stop.is_set():
            self.wake.wait(every)
            self.wake.clear()
            if stop.is_set():
                return
            # Decided under the take's lock: a take the arbiter's act ran meanwhile (woken
            # for the same results) leaves nothing untried, and its words stand.
            with self.taking:
                if self.pending_take or self.untried():
                    self._take_or_retry()

    def render(self, template: str, *, title: str, here: str, **values: Any) -> str:
        """A desk page on the published site's layout (``web/templates/base.html``): ``here``
        is the navigation entry it is (marked as the current page)."""
        desk = self.desk
        event, kind, open_round = desk.title, desk.kind, desk.round()
        nav = [("/", "Report"), ("/screen", "Results")]
        if kind not in ("ladder", "elo"):  # publish has no pages of a ladder or an Elo book
            nav.append(("/live/index.html", "Standings"))
        who = decider(kind)
        nav.append(("/arbiter", who.title))
        round_text = f", round {open_round}" if open_round else ""
        footer = f"{event}{round_text}: results desk of ratingbook {self.version}."
        return self.environment.get_template(template).render(
            page={"title": f"{title} · {event}", "file": here},
            event=event,
            kind=kind,
            nav=nav,
            rounds=(),
            end_links=(),
            footer=footer,
            version=self.version,
            stylesheet="/style.css",
            decider=who,
            **values,
        )


def take_words(outcome: TakeOutcome, released: bool = False, unreleased: int | None = None) -> str:
    """What the queue says after a take: the desk's own sentences (how many went in, what was
    refused and why), or the count when it has none; ``released``: whether anything was
    released (a take that found nothing says which of its two sentences is true), and
    ``unreleased`` the round open for reports while it is not released (None: released, or
    none): a take that found nothing then says to release it. The next steps' words are
    :mod:`ratingbook.desk.next_steps`', as ``ratingbook results take`` says them."""
    if outcome.locked:
        return "The book is open in Excel: nothing was written."
    said = [m[:1].upper() + m[1:] + ("" if m.endswith(".") else ".") for m in outcome.messages]
    if not said and not outcome.taken and not outcome.waiting:
        if not released:
            return nothing_to_take()
        return NOTHING_WAITS + ("" if unreleased is None else f" {release_next(unreleased)}")
    if not said:
        said = [f"{many(outcome.taken, 'result')} taken into the book."]
    # How many wait is not said here: it changes with the arbiter's next act, and the queue
    # counts them as it is shown (DeskState.waiting_banner).
    return " ".join(said)


def _wait(count: int) -> str:
    """``count`` released results that wait, in agreement: "1 released result waits"."""
    return f"{many(count, 'released result')} {'waits' if count == 1 else 'wait'}"


def _environment() -> Environment:
    # The desk's templates first, then the published site's, whose base.html (header, nav,
    # footer) every desk page extends: one layout and one stylesheet for both.
    environment = Environment(
        loader=ChoiceLoader(
            [PackageLoader("ratingbook.server", "templates"), PackageLoader("ratingbook.web")]
        ),
        autoescape=select_autoescape(["html"], default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.globals["paired"] = pairing_words  # two players paired: the desk's spelling
    return environment


def state() -> DeskState:
    """The running desk of the request's application."""
    found: DeskState = flask.current_app.extensions["ratingbook.desk"]
    return found


def page_error(status: int, heading: str, sentence: str) -> flask.Response:
    """A page that says what went wrong, in words a player reads, with ``status``."""
    text = upper_first(sentence)  # a desk's refusal ("this code is ...") begins a sentence
    html = state().render("message.html", title=heading, here="", heading=heading, text=text)
    return flask.Response(html, status=status, mimetype="text/html")


def token_refusal(purpose: str) -> flask.Response | None:
    """The page that refuses the request's form, or None when its one-time token is this
    desk's, for ``purpose``, and not spent yet (it is spent now)."""
    answer = state().tokens.redeem(flask.request.form.get("token", ""), purpose)
    if answer == "ok":
        return None
    if answer == "used":
        return page_error(
            409,
            "Already sent",
            "This form was sent before, and the desk took it then: nothing was sent twice. "
            "Open the page again to send anything new.",
        )
    return page_error(
        403,
        "Page too old",
        "This page is too old or not the desk's (the desk may have restarted): "
        "open it again and send it from there.",
    )
