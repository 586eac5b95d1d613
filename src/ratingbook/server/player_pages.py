"""The players' pages: open a pairing by its code (typed, or a card's QR code: ``/c/CODE``),
see the pairing and report its result; a ladder's or an Elo book's game reported with a
personal or a camp code (``/game``); the public screen of each board's reported result
(``/screen``), for players to check theirs.

A report goes to the desk (:meth:`ratingbook.desk.Desk.report`) as the player sent it; the desk
decides (equal reports stand, a mismatch waits for the arbiter); the page says what it
answered. Each form carries a one-time token bound to its code: sent twice, or replayed, it is
refused the second time and nothing is reported twice.
"""

from __future__ import annotations

import flask
from flask.typing import ResponseReturnValue

from ratingbook.desk import READY, Ack, Decider, DeskError, Pairing, QueueItem, Side, decider
from ratingbook.desk.codes import HOW_READ, normal_code
from ratingbook.desk.model import ARBITER, differ_words, pairing_words, upper_first
from ratingbook.desk.rules import forfeit_refusal, is_forfeit
from ratingbook.server.state import page_error, state, token_refusal

__all__ = ["closed_words", "players", "rejected_screen", "screen_text"]

players = flask.Blueprint("players", __name__)

#: A player's words for the sides.
SIDES: dict[str, Side] = {"white": "white", "black": "black"}


def _address() -> str:
    return flask.request.remote_addr or "unknown"


def _bad_code() -> flask.Response:
    return page_error(
        404,
        "Unknown code",
        "No pairing of the round open now has this code. Check the code on your card "
        f"({HOW_READ}), or ask the arbiter.",
    )


def _closed(code: str) -> flask.Response | None:
    """The page for a code of a closed round (its card kept, its QR code scanned late): the
    round is closed, and the book's result of the board, which only the arbiter changes;
    None when ``code`` is no closed round's."""
    pairing = state().ask(lambda desk: desk.closed_pairing(code))
    if pairing is None:
        return None
    return page_error(409, f"Round {pairing.round} is closed", closed_words(pairing))


def closed_words(pairing: Pairing) -> str:
    """What a player reading a closed round's code is told of its board."""
    said = (
        f"Round {pairing.round}, {pairing.place}: {pairing_words(pairing.white, pairing.black)}. "
        f"Round {pairing.round} is closed"
    )
    if pairing.result_in_book is None:
        return f"{said}: the desk takes no more reports of it. Tell the arbiter the result."
    return (
        f"{said} and its result ({pairing.result_in_book}) is in the book. "
        "Only the arbiter changes it."
    )


def _pairing(code: str) -> Pairing | None:
    if normal_code(code) is None:  # a typo, or a path: never reaches the desk
        return None
    return state().ask(lambda desk: desk.pairing_for(code))


@players.get("/")
def home() -> str:
    desk = state()
    kind, open_round, said = desk.ask(lambda d: (d.kind, d.open_round(), d.round_state()))
    return desk.render(
        "home.html", title="Report a result", here="/", by_game=kind in ("ladder", "elo"),
        open_round=open_round, round_state=said[:1].upper() + said[1:],
    )  # fmt: skip


@players.get("/c/<code>")
def card(code: str) -> ResponseReturnValue:
    """A card's QR code opens this: the pairing of ``code``."""
    return _pairing_page(code)


@players.get("/report")
def typed() -> ResponseReturnValue:
    """The code as typed on the first page."""
    return _pairing_page(flask.request.args.get("code", "").strip())


def _pairing_page(code: str) -> ResponseReturnValue:
    pairing = _pairing(code)
    if pairing is None:
        return _closed(code) or _bad_code()
    desk = state()
    # A board the arbiter decided (or the book holds): its result and why a report is
    # refused, no form; a page opened before is still refused when sent (report below).
    refusal = upper_first(pairing.refusal) + "." if pairing.refusal else ""
    return desk.render(
        "pairing.html",
        title=f"Round {pairing.round}, {pairing.place}",
        here="/",
        pairing=pairing,
        refusal=refusal,
        code=pairing.code,
        token="" if refusal else desk.tokens.issue(f"report:{pairing.code}"),
    )


@players.post("/report")
def report() -> ResponseReturnValue:
    form = flask.request.form
    code = form.get("code", "").strip()
    pairing = _pairing(code)
    if pairing is None:
        return _closed(code) or _bad_code()
    refused = token_refusal(f"report:{pairing.code}")
    if refused is not None:
        return refused
    side = SIDES.get(form.get("side", ""))
    result = form.get("result", "")
    if result not in pairing.allowed and is_forfeit(result):
        return page_error(400, "Not sent", forfeit_refusal(state().ask(lambda d: d.kind)))
    if side is None or result not in pairing.allowed:
        return page_error(
            400, "Not sent", "Choose your colour and one of the results, then send again."
        )
    origin = f"phone {_address()}"
    try:
        ack = state().ask(lambda desk: desk.report(pairing.code, result, side=side, origin=origin))
    except DeskError as error:
        return page_error(409, "Not taken", str(error))
    _nudge(ack)
    return _received(ack, pairing=pairing, result=result)


def _nudge(ack: Ack) -> None:
    """A report that confirms a result of a released round: the taker takes it at once. Only
    then: asking whether a released result waits reads the whole store, and a round's
    phones, reporting before its release, would each pay for it."""
    if ack.status in READY and ack.released:
        state().nudge()


def _received(ack: Ack, **values: object) -> str:
    return state().render("received.html", title="Received", here="/", ack=ack, **values)


@players.get("/game")
def game_form() -> str:
    desk = state()
    names, results = desk.ask(lambda d: (d.players(), d.allowed()))
    return desk.render(
        "game.html", title="Report a game", here="/", players=names, results=results,
        token=desk.tokens.issue("game"),
    )  # fmt: skip


@players.post("/game")
def game() -> ResponseReturnValue:
    refused = token_refusal("game")
    if refused is not None:
        return refused
    form = flask.request.form
    code, white, black = (form.get(k, "").strip() for k in ("code", "white", "black"))
    result = form.get("result", "")
    kind, results = state().ask(lambda d: (d.kind, d.allowed()))
    if result not in results and is_forfeit(result):
        return page_error(400, "Not sent", forfeit_refusal(kind))
    if not code or not white or not black:
        return page_error(400, "Not sent", "Type your code and choose both players.")
    if normal_code(code) is None:  # a typo: never reaches the desk
        return page_error(
            400, "Not sent", f"This is no code: check it ({HOW_READ}), or ask the staff."
        )
    if white == black or result not in results:
        return page_error(400, "Not sent", "Choose two different players and the result.")
    origin = f"phone {_address()}"
    try:  # the desk names a player not on the list, or not active this week
        ack = state().ask(lambda desk: desk.report_game(code, white, black, result, origin=origin))
    except DeskError as error:
        return page_error(409, "Not taken", str(error))
    names = state().ask(lambda d: dict(d.players()))
    _nudge(ack)
    return _received(ack, pairing=None, result=result, white=names[white], black=names[black])


#: What the public screen says of a board by its status.
_SCREEN_WORDS = {
    "missing": "",
    "reported": "{result}, waits for confirmation",
    "confirmed": "{result}",
    "conflict": "{differ}: {decides}",
    "accepted": "{result}",
    "rejected": "reports rejected: report again",  # the reason is the arbiter's, not shown
    # A camp's game rejected (the same game twice, a game not played): it waits no more; a
    # report of that game again is a new game.
    "rejected game": "rejected by {name}",
    "entered": "{result} ({title})",
    "taken": "{result}",
}


def rejected_screen(by_game: bool, who: Decider = ARBITER) -> str:
    """What the public screen shows of a rejected board (``by_game``: a camp's rejected game),
    as :func:`screen_text` shows it: the staff's queue quotes it beside a rejection's reason."""
    return _SCREEN_WORDS["rejected game" if by_game else "rejected"].format(name=who.name)


def screen_text(item: QueueItem, who: Decider = ARBITER) -> str:
    """What the public screen shows of ``item``: its result as reported, and what it waits
    for; ``who`` decides at the desk (the staff of a camp)."""
    shown = item.result or (item.reports[-1].result if item.reports else "")
    counted = item.reports[item.set_aside :]
    overruled = any(r.result != shown for r in counted)
    if item.status in ("accepted", "taken") and (overruled or item.entered):
        # The arbiter's correction over reports that say otherwise, or his entered result
        # once taken: marked as an entered result is, so that a player sees the arbiter's.
        return _SCREEN_WORDS["entered"].format(result=shown, title=who.title.lower())
    words = "rejected game" if item.status == "rejected" and item.board is None else item.status
    return _SCREEN_WORDS[words].format(
        result=shown, decides=who.decides, title=who.title.lower(), differ=differ_words(counted),
        name=who.name,
    )  # fmt: skip


@players.get("/screen")
def screen() -> str:
    desk = state()
    open_round, items, who = desk.ask(lambda d: (d.round(), d.queue(), decider(d.kind)))
    rows = [(item, screen_text(item, who)) for item in items]
    return desk.render(
        "screen.html",
        title="Results",
        here="/screen",
        open_round=open_round,
        rows=rows,
        matches=any(item.match for item in items),
    )
