"""What the desk's pages share while the desk runs: the desk itself (asked by one request at a
time), the defences (:mod:`ratingbook.server.security`), the published pages
(:mod:`ratingbook.server.live`), the address players reach, and the page rendering (the desk's
templates on the published site's layout and stylesheet, :mod:`ratingbook.web`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import flask
from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined, select_autoescape

from ratingbook.desk import Desk
from ratingbook.server.live import LivePages
from ratingbook.server.security import FormTokens, Lockout, RateLimit
from ratingbook.web.rendering import ratingbook_version

__all__ = ["MAX_BODY", "DeskState", "Limits", "page_error", "state", "token_refusal"]

T = TypeVar("T")

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


@dataclass
class DeskState:
    """The running desk: ``desk`` (one request at a time asks it: :meth:`ask`), the
    address players reach (``base_url``: what a card's QR code links to)."""

    desk: Desk
    book: Path
    base_url: str
    limits: Limits = field(default_factory=Limits)
    tokens: FormTokens = field(default_factory=FormTokens)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: Whether released results wait for the book (it was open in Excel): the desk tries
    #: again now and then (:func:`ratingbook.server.serving.serve`).
    pending_take: bool = False

    def __post_init__(self) -> None:
        self.rate = RateLimit(burst=self.limits.burst, per_second=self.limits.per_second)
        self.lockout = Lockout(
            per_address=self.limits.wrong_passwords,
            overall=self.limits.wrong_passwords_overall,
            window=self.limits.lockout_seconds,
        )
        self.live = LivePages(self.book)
        self.environment = _environment()
        self.version = ratingbook_version()

    @contextmanager
    def asking(self) -> Iterator[Desk]:
        """The desk, to this request alone (its store is one SQLite file: one writer)."""
        with self.lock:
            yield self.desk

    def ask(self, question: Callable[[Desk], T]) -> T:
        with self.asking() as desk:
            return question(desk)

    def render(self, template: str, *, title: str, here: str, **values: Any) -> str:
        """A desk page on the published site's layout (``web/templates/base.html``): ``here``
        is the navigation entry it is (marked as the current page)."""
        with self.asking() as desk:
            event, kind, open_round = desk.title, desk.kind, desk.round()
        nav = [("/", "Report"), ("/screen", "Results"), ("/live/index.html", "Standings")]
        nav.append(("/arbiter", "Arbiter"))
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
            **values,
        )


def _environment() -> Environment:
    # The desk's templates first, then the published site's, whose base.html (header, nav,
    # footer) every desk page extends: one layout and one stylesheet for both.
    return Environment(
        loader=ChoiceLoader(
            [PackageLoader("ratingbook.server", "templates"), PackageLoader("ratingbook.web")]
        ),
        autoescape=select_autoescape(["html"], default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def state() -> DeskState:
    """The running desk of the request's application."""
    found: DeskState = flask.current_app.extensions["ratingbook.desk"]
    return found


def page_error(status: int, heading: str, sentence: str) -> flask.Response:
    """A page that says what went wrong, in words a player reads, with ``status``."""
    html = state().render("message.html", title=heading, here="", heading=heading, text=sentence)
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
