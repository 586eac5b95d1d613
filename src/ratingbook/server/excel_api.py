"""The released results for xlwings Lite's **Take results** (``/excel/...``), over HTTP: Lite
runs Python in the browser inside Excel and cannot open the desk's store, but it may ask the
desk on the same machine (``http://127.0.0.1:PORT`` is a secure context for a browser, so an
https Office page may call it).

- ``GET /excel/results``: the released results ready to take (JSON, :class:`Released` each);
- ``POST /excel/taken`` with ``{"keys": [...]}``: the ones Lite's book now holds, marked taken
  at the desk, so that no take enters them again.

Who may ask: a caller sending ``Authorization: Bearer TOKEN``, the token the arbiter's page
shows (:meth:`ratingbook.desk.Desk.excel_token`); never the session cookie, so that no other
site's page can act with the arbiter's cookie. Which browser pages may read the answers: the
xlwings Lite add-in's origin alone (:data:`LITE_ORIGINS`; CORS, with no credentials); a page
of any other site gets no CORS header, and its browser neither sends the token (the header
needs a preflight the desk refuses) nor shows it the answer. A body is JSON of at most
:data:`~ratingbook.server.state.MAX_BODY` bytes; nothing names a file.
"""

from __future__ import annotations

import hmac

import flask
from flask.typing import ResponseReturnValue

from ratingbook.desk import DeskError
from ratingbook.server.state import LITE_ORIGINS, state

__all__ = ["LITE_ORIGINS", "excel", "lite_address"]

excel = flask.Blueprint("excel", __name__, url_prefix="/excel")


def _allowed_origin() -> str | None:
    """The request's Origin when it is one the desk answers (None: another, or none)."""
    origin = flask.request.headers.get("Origin")
    return origin if origin in state().lite_origins else None


def _answer(body: dict[str, object], status: int = 200) -> flask.Response:
    response = flask.jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    response.headers["Vary"] = "Origin"
    origin = _allowed_origin()
    if origin is not None:
        response.headers["Access-Control-Allow-Origin"] = origin
    return response


def _refusal() -> flask.Response | None:
    """The answer that refuses the request, or None when it may go on: a page of another
    site (an Origin the desk does not answer), or no token, or a wrong one."""
    if "Origin" in flask.request.headers and _allowed_origin() is None:
        return _answer({"error": "the desk answers xlwings Lite's page only"}, 403)
    sent = flask.request.headers.get("Authorization", "")
    scheme, _, token = sent.partition(" ")
    expected = state().excel_token
    # As bytes: compare_digest refuses text beyond ASCII, which a header may carry.
    sent_bytes = token.strip().encode("utf-8", "surrogateescape")
    if scheme.lower() != "bearer" or not hmac.compare_digest(sent_bytes, expected.encode()):
        return _answer(
            {"error": "the desk's token is missing or wrong: copy it from the arbiter's page"},
            401,
        )
    return None


def lite_address(base_url: str) -> str:
    """The desk's address for xlwings Lite on this machine: the loopback address and the
    desk's port (a secure context for the browser, whatever address the phones use)."""
    port = base_url.rsplit(":", 1)[-1].strip("/")
    return f"http://127.0.0.1:{port}"


@excel.route("/results", methods=["OPTIONS"])
@excel.route("/taken", methods=["OPTIONS"])
def preflight() -> ResponseReturnValue:
    """A browser's question before it sends the token: yes for Lite's origin alone."""
    origin = _allowed_origin()
    if origin is None:
        return flask.Response(status=403)
    response = flask.Response(status=204)
    response.headers.update(
        {
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": "GET, POST",
            "Access-Control-Allow-Headers": "Authorization, Content-Type",
            "Access-Control-Max-Age": "600",
            "Vary": "Origin",
        }
    )
    # Chromium asks before a public https page reaches the machine's own address (Private
    # Network Access): the desk on 127.0.0.1 says yes to Lite's page.
    if flask.request.headers.get("Access-Control-Request-Private-Network") == "true":
        response.headers["Access-Control-Allow-Private-Network"] = "true"
    return response


@excel.get("/results")
def results() -> ResponseReturnValue:
    refused = _refusal()
    if refused is not None:
        return refused
    desk = state()
    released = desk.ask(lambda d: d.released())
    return _answer({"event": desk.desk.title, "results": [r.as_json() for r in released]})


@excel.post("/taken")
def taken() -> ResponseReturnValue:
    refused = _refusal()
    if refused is not None:
        return refused
    data = flask.request.get_json(silent=True)
    keys = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        return _answer({"error": 'send {"keys": [...]}, the keys of the results taken'}, 400)
    try:
        marked = state().ask(lambda d: d.taken_in_excel(keys))
    except DeskError as error:
        return _answer({"error": str(error)}, 409)
    return _answer({"marked": marked})
