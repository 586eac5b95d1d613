"""The arbiter's pages, behind the password: the queue of a round (every board with its
reports and status), the acts on it (accept, reject, correct, enter a result for a board,
release the round, take released results into the book), and the pairing cards to print.

Signing in: the password is checked against the scrypt hash the desk keeps
(:func:`ratingbook.server.security.check_password`); wrong ones lock the address out
(:class:`ratingbook.server.security.Lockout`). The session is a signed cookie (Flask's; the key
new at each start), sent only to the desk's own pages (``SameSite=Strict``) and unreadable by
a script. Every act is a form with a one-time token bound to the session, and answers with a
redirect to the queue (so that reloading the queue sends nothing again).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

import flask
from flask.typing import ResponseReturnValue

from ratingbook.core.counts import many
from ratingbook.desk import READY, STATUSES, Desk, DeskError, QueueItem, board_name, decider
from ratingbook.desk.desk import CAMP
from ratingbook.desk.model import pairing_words, reporter
from ratingbook.desk.rules import CAMP_CODE_DOES, arbiter_acts
from ratingbook.server.cards import card_for
from ratingbook.server.excel_api import lite_address
from ratingbook.server.player_pages import rejected_screen
from ratingbook.server.security import check_password
from ratingbook.server.state import page_error, state, token_refusal

__all__ = ["arbiter"]

arbiter = flask.Blueprint("arbiter", __name__, url_prefix="/arbiter")

#: The acts on the queue, and whether each needs a result.
ACTS = ("accept", "reject", "correct", "enter", "release", "take")


def _who() -> str:
    who = decider(state().desk.kind).title.lower()  # "staff" on a camp's desk
    return f"{who} {flask.request.remote_addr or 'unknown'}"


def _session_id() -> str | None:
    found = flask.session.get("arbiter")
    return found if isinstance(found, str) else None


def _number(name: str, source: dict[str, str] | None = None) -> int | None:
    """A whole number parameter (a round, a board, an item), or None: digits only, short."""
    text = (source if source is not None else flask.request.values).get(name, "")
    return int(text) if text.isdigit() and len(text) <= 6 else None


def _login_page(status: int = 200, problem: str = "") -> flask.Response:
    desk = state()
    html = desk.render(
        "login.html", title=decider(desk.desk.kind).title, here="/arbiter", problem=problem,
        token=desk.tokens.issue("login"),
    )  # fmt: skip
    return flask.Response(html, status=status, mimetype="text/html")


def _closed_for(wait: float) -> str:
    """What the sign-in says while it is closed for ``wait`` seconds more."""
    minutes = many(int(wait // 60) + 1, "more minute")
    return (
        f"Too many wrong passwords: signing in is closed here for {minutes} (restarting the "
        "desk opens it at once)."
    )


@arbiter.post("/login")
def login() -> ResponseReturnValue:
    refused = token_refusal("login")
    if refused is not None:
        return refused
    desk = state()
    address = flask.request.remote_addr or ""
    wait = desk.lockout.locked(address)
    if wait:
        return _login_page(429, _closed_for(wait))
    stored = desk.ask(lambda d: d.password_hash)
    # scrypt outside the desk's lock: a guess slows nobody's report.
    if not check_password(flask.request.form.get("password", ""), stored):
        desk.lockout.failed(address)
        wait = desk.lockout.locked(address)  # this wrong password may be the one that closes
        if wait:
            return _login_page(429, f"Wrong password. {_closed_for(wait)}")
        return _login_page(403, "Wrong password.")
    flask.session.clear()
    flask.session["arbiter"] = secrets.token_urlsafe(16)
    flask.session.permanent = True
    return flask.redirect("/arbiter", 303)


@arbiter.post("/logout")
def logout() -> ResponseReturnValue:
    sid = _session_id()
    if sid is not None:
        refused = token_refusal(f"arbiter:{sid}")
        if refused is not None:
            return refused
    flask.session.clear()
    return flask.redirect("/arbiter", 303)


def _releasable(item: QueueItem) -> bool:
    """Whether a release may still bring ``item`` into the book: not in it already, nor a
    camp's game rejected (it waits for no new report); a round's rejected board waits for
    new reports, and counts."""
    return item.status != "taken" and not (item.board is None and item.status == "rejected")


def _sorted(items: list[QueueItem]) -> list[QueueItem]:
    return sorted(items, key=lambda item: (item.match, item.board or 0, item.id))


@arbiter.get("")
def queue() -> ResponseReturnValue:
    sid = _session_id()
    if sid is None:
        return _login_page()
    desk = state()
    asked = _number("round")

    def look(d: Desk) -> tuple[int | None, int | None, list[QueueItem], tuple[str, ...], int]:
        open_round = d.round()
        shown = asked if asked is not None else open_round
        items = _sorted(d.queue(shown))
        return open_round, shown, items, d.allowed(arbiter=True), len(d.waiting())

    open_round, shown, items, results, waiting = desk.ask(look)
    undone = desk.ask(lambda d: d.undone())
    redo = bool(undone) and desk.ask(lambda d: d.redo_gives_back())  # read only then
    counts = {status: sum(item.status == status for item in items) for status in STATUSES}
    return desk.render(
        "queue.html",
        title="Queue",
        here="/arbiter",
        round=shown,
        other_rounds=[n for n in range(1, (open_round or 0) + 1) if n != shown],
        items=items,
        matches=any(item.match for item in items),
        counts={status: n for status, n in counts.items() if n},
        results=results,
        to_release=sum(item.status in READY and not item.released for item in items),
        releasable=sum(_releasable(item) for item in items),
        rejected_screen=rejected_screen(shown is None, decider(desk.desk.kind)),
        released=any(item.released for item in items),
        all_taken=all(item.status == "taken" for item in items),
        acts={item.id: arbiter_acts(item.status) for item in items},
        message=flask.session.pop("message", None),
        reporter=reporter,
        last_take=desk.last_take_words(undone),
        undone=desk.undone_banner(len(undone), redo),
        acted_since=desk.acted_since_take,
        waiting=desk.waiting_banner(waiting),
        lite_address=lite_address(desk.base_url),
        excel_token=desk.excel_token,
        token=lambda: desk.tokens.issue(f"arbiter:{sid}"),
    )


def _named(desk: Desk, item_id: int, round: int | None) -> str:
    """An item of the queue as the arbiter knows it: a round's board with its players, or a
    ladder's game by its players (the item's number is the desk's, never shown)."""
    found = next((i for i in desk.queue(round) if i.id == item_id), None)
    if found is None:
        raise DeskError("that line is no longer in the queue: open the queue again")
    players = pairing_words(found.white, found.black)
    if found.board is None:
        return f"the game {players}"
    return f"round {found.round}, {board_name(found.board, found.match)} ({players})"


def _act(name: str, round: int | None) -> Callable[[Desk], str] | None:
    """The act the form asks for, as a call on the desk that says what it did, or None when
    a field it needs is missing."""
    form = flask.request.form
    item, board, result = _number("item", form), _number("board", form), form.get("result", "")
    match = _number("match", form) or 0  # a team event's match (0: an individual event)
    typed_reason = form.get("reason", "").strip()[:200]
    by = _who()

    def act(desk: Desk) -> str:
        if name == "accept" and item is not None:
            named = _named(desk, item, round)
            desk.accept(item, by=by)
            return f"Accepted {named}."
        if name == "reject" and item is not None:
            named = _named(desk, item, round)
            desk.reject(item, by=by, reason=typed_reason)
            why = f" ({typed_reason})" if typed_reason else ""
            # A camp's game rejected waits no more (the same game twice): a report of it again
            # is a new game; a round's board waits for new reports.
            then = (
                "it waits no more" if named.startswith("the game") else "it waits for new reports"
            )
            return f"Rejected {named}{why}: {then}."
        if name == "correct" and item is not None:
            named = _named(desk, item, round)
            desk.correct(item, result, by=by)
            return f"Corrected {named} to {result}."
        if name == "enter" and round is not None and board is not None:
            desk.enter(round, board, result, by=by, match=match)
            return f"Entered {result} for round {round}, {board_name(board, match)}."
        if name == "enter" and item is not None:  # the queue's line: a game, or a board
            named = _named(desk, item, round)
            desk.enter_item(item, result, by=by)
            return f"Entered {result} for {named}."
        released = desk.release(round, by=by)
        return (
            f"Round {round}: {many(released, 'result')} released."
            if round
            else f"{many(released, 'game')} released."
        )

    needs = {
        "accept": item is not None,
        "reject": item is not None,
        "correct": item is not None and bool(result),
        "enter": (item is not None or (round is not None and board is not None)) and bool(result),
        "release": True,  # a round's results, or (no round) a ladder's games
    }
    return act if needs.get(name, False) else None


@arbiter.post("/act")
def act() -> ResponseReturnValue:
    sid = _session_id()
    if sid is None:
        return page_error(403, "Sign in first", "The arbiter's acts need the password.")
    refused = token_refusal(f"arbiter:{sid}")
    if refused is not None:
        return refused
    desk = state()
    name = flask.request.form.get("act", "")
    round = _number("round", flask.request.form)
    back = f"/arbiter?round={round}" if round is not None else "/arbiter"
    if name == "take":  # taken now: the queue's Last take says what it did, and only it
        desk.take_pressed()
        return flask.redirect(back, 303)
    call = _act(name, round) if name in ACTS else None
    if call is None:
        return page_error(400, "Not done", "Choose an act and fill in what it needs.")
    since = desk.takes_begun  # a take begun after this moment is this act's
    try:
        message = desk.ask(call)
    except DeskError as error:
        message = f"Refused: {error}"
    else:
        # What the act made ready (a release; a result accepted, corrected or entered in a
        # released round) goes into the book now, before the queue is shown again: its Last
        # take is this act's, and its banner counts what still waits.
        desk.take_if_ready(since)
    flask.session["message"] = message
    return flask.redirect(back, 303)


@arbiter.get("/cards")
def cards() -> ResponseReturnValue:
    """The pairing cards of a round (``?list=1``: the pairing list with the codes), to print:
    behind the password, since a card's code reports that board's result."""
    if _session_id() is None:
        return _login_page()
    desk = state()
    round = _number("round")
    shown = round if round is not None else desk.ask(lambda d: d.round())
    if shown is None:  # a ladder: the camp's code and each player's own, to hand out
        codes = desk.ask(
            lambda d: (
                [("The camp (anyone)", d.player_code(CAMP))]
                + [(name, d.player_code(pid)) for pid, name in d.players()]
            )
        )
        camp_code = CAMP_CODE_DOES[desk.ask(lambda d: d.confirms)]
        return desk.render(
            "codes.html", title="Codes", here="/arbiter", codes=codes, base=desk.base_url,
            camp_code=camp_code,
        )  # fmt: skip
    pairings = desk.ask(lambda d: d.pairings(shown))
    as_list = flask.request.args.get("list") == "1"
    return desk.render(
        "cards.html",
        title=f"Round {shown}: {'pairing list with codes' if as_list else 'pairing cards'}",
        here="/arbiter",
        round=shown,
        cards=[card_for(p, desk.base_url) for p in pairings],
        matches=any(p.match for p in pairings),
        as_list=as_list,
    )
