"""The desk's web application (Flask): the players' pages (:mod:`.player_pages`), the
arbiter's (:mod:`.arbiter_pages`), the published pages as they stand (``/live/NAME``), and
the checks every request passes first.

Every request, before its page: the ``Host`` it names must be an address, ``localhost`` or
this machine's name (a web site that points its own name at the desk, DNS rebinding, is
refused); one address may send only so many requests a second (:class:`.RateLimit`); a body
over :data:`.MAX_BODY` bytes is refused unread; a form sent from another site (its ``Origin``
or ``Referer`` another host) is refused, and so is any form without this desk's one-time token
(:class:`.FormTokens`). No request names a file: a page is looked up by name among what the
desk renders.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from datetime import timedelta
from importlib import resources
from urllib.parse import urlsplit

import flask
from werkzeug.exceptions import HTTPException

from ratingbook.server.arbiter_pages import arbiter
from ratingbook.server.excel_api import excel
from ratingbook.server.player_pages import players
from ratingbook.server.state import MAX_BODY, DeskState, page_error, state

__all__ = ["create_app"]


def _known_host(host: str) -> bool:
    """Whether ``host`` (the request's ``Host`` without its port) names this desk: an IP
    address, ``localhost``, or this machine's name."""
    name = host.strip("[]").lower()
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    machine = socket.gethostname().lower()
    return name in ("localhost", machine, f"{machine}.local")


def _same_origin(url: str) -> bool:
    """Whether ``url`` (an ``Origin`` or ``Referer``) is this desk's own address."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" == flask.request.host_url.rstrip("/")


def _before() -> flask.Response | None:
    request = flask.request
    hostname = urlsplit(f"//{request.host}").hostname or ""
    if not _known_host(hostname):
        return page_error(400, "Unknown address", "Open the desk by its address.")
    desk = state()
    wait = desk.rate.wait(request.remote_addr or "")
    if wait:
        response = page_error(
            429, "Too many requests", "Too many requests from this device: wait a few seconds."
        )
        response.headers["Retry-After"] = str(int(wait) + 1)
        return response
    # xlwings Lite's calls carry a token, never the cookie: their origin is checked there.
    if request.method == "POST" and not request.path.startswith("/excel/"):
        origin = request.headers.get("Origin") or request.headers.get("Referer")
        if origin is not None and origin != "null" and not _same_origin(origin):
            return page_error(
                403, "Refused", "This form was sent from another site: the desk refuses it."
            )
        if origin == "null":  # a sandboxed or privacy-stripped page: never the desk's own form
            return page_error(403, "Refused", "The desk refuses a form from an unknown page.")
    return None


def _after(response: flask.Response) -> flask.Response:
    # No script runs on the desk's pages, no page may frame them, and nothing leaves them for
    # another site (a card's link holds a code).
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "same-origin"
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
    return response


def _http_error(error: HTTPException) -> flask.Response:
    status = error.code or 500
    words = {
        400: ("Bad request", "The desk could not read this request."),
        404: ("Not found", "There is no such page on the desk."),
        405: ("Not allowed", "This page cannot be sent to that way."),
        413: ("Too large", f"A request may carry at most {MAX_BODY // 1024} KiB."),
    }
    heading, sentence = words.get(status, ("Error", error.description or "Refused."))
    return page_error(status, heading, sentence)


def _stylesheet(name: str, package: str) -> flask.Response:
    text = resources.files(package).joinpath(name).read_text("utf-8")
    response = flask.Response(text, mimetype="text/css")
    response.headers["Cache-Control"] = "max-age=300"
    return response


def _live(name: str) -> flask.Response:
    site = state().live.site()
    content = site.files.get(name)
    if content is None:
        if site.problem and name == "index.html":
            return page_error(503, "No published pages", f"Not now: {site.problem}.")
        flask.abort(404)
    if name.endswith(".css"):
        return flask.Response(content, mimetype="text/css")
    # The published pages know nothing of the desk: a phone that opened them finds its way
    # back to reporting and to the results screen at the top of each page's header, where
    # the published stylesheet draws a nav's links (white on the header's dark ground; before
    # the header they were white on the white page, unseen).
    content = content.replace("<header>", f"<header>\n{_BACK_TO_DESK}", 1)
    return flask.Response(content, mimetype="text/html")


_BACK_TO_DESK = (
    '<nav class="desk-back" aria-label="Results desk"><ul><li><a href="/">Report a result</a>'
    '</li><li><a href="/screen">Results as reported</a></li></ul></nav>'
)


def create_app(desk_state: DeskState) -> flask.Flask:
    """The desk's application over ``desk_state`` (the desk, its book, its address)."""
    app = flask.Flask("ratingbook.server", static_folder=None)
    app.config.update(
        SECRET_KEY=secrets.token_bytes(32),  # new each start: the arbiter signs in again
        MAX_CONTENT_LENGTH=MAX_BODY,
        MAX_FORM_MEMORY_SIZE=MAX_BODY,
        MAX_FORM_PARTS=50,
        SESSION_COOKIE_NAME="desk",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        PERMANENT_SESSION_LIFETIME=timedelta(hours=12),
    )
    app.extensions["ratingbook.desk"] = desk_state
    app.before_request(_before)
    app.after_request(_after)
    app.register_error_handler(HTTPException, _http_error)
    app.register_blueprint(players)
    app.register_blueprint(arbiter)
    app.register_blueprint(excel)
    app.add_url_rule("/style.css", "style", lambda: _stylesheet("style.css", "ratingbook.web"))
    app.add_url_rule(
        "/desk.css", "desk_style", lambda: _stylesheet("desk.css", "ratingbook.server")
    )
    app.add_url_rule("/live/", "live_index", lambda: flask.redirect("/live/index.html"))
    app.add_url_rule("/live/<name>", "live", _live)
    return app
