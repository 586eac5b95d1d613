"""**Take results** in xlwings Lite (issue 36): Lite runs Python in the browser inside Excel and
cannot open the desk's store beside the book, so it asks the desk over HTTP
(:mod:`ratingbook.server.excel_api`): the released results, entered into the open book through
the session exactly as the desktop button enters them
(:func:`ratingbook.desk.released.enter_released`), and then the desk is told which the book now
holds, so that no take enters them again.

Where the desk is and its token come from Lite's environment variables (its settings,
scope *Local*: kept in this Excel's browser storage, never in the workbook):
:data:`DESK_VARIABLE` (default :data:`DEFAULT_DESK`) and :data:`TOKEN_VARIABLE`, the token the
arbiter's page shows. The HTTP call is Pyodide's ``pyfetch`` in Lite; a test hands its own.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable, Mapping

import xlwings as xw

from ratingbook.errors import RatingbookError
from ratingbook.excel.scripts import tell_outcome
from ratingbook.excel.xlwings_book import XlwingsBook
from ratingbook.workbook.port.book import Plan

__all__ = [
    "DEFAULT_DESK",
    "DESK_VARIABLE",
    "TOKEN_VARIABLE",
    "Fetch",
    "take_results_lite",
    "take_results_over_http",
]

DESK_VARIABLE = "RATINGBOOK_DESK"
TOKEN_VARIABLE = "RATINGBOOK_DESK_TOKEN"
#: The desk as it starts unless told otherwise, seen from this machine.
DEFAULT_DESK = "http://127.0.0.1:8036"

#: An HTTP call: (url, method, headers, body) to (status, the answer's text).
Fetch = Callable[[str, str, Mapping[str, str], str | None], Awaitable[tuple[int, str]]]


async def pyfetch_call(
    url: str, method: str, headers: Mapping[str, str], body: str | None
) -> tuple[int, str]:
    """The call as Lite makes it: Pyodide's ``pyfetch`` (the browser's fetch; no cookie)."""
    from pyodide.http import pyfetch  # type: ignore[import-not-found]  # only in Pyodide

    response = await pyfetch(
        url, method=method, headers=dict(headers), body=body, credentials="omit"
    )
    return int(response.status), str(await response.string())


async def _ask(fetch: Fetch, url: str, method: str, token: str, body: str | None) -> object:
    headers = {"Authorization": f"Bearer {token}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    try:
        status, text = await fetch(url, method, headers, body)
    except Exception as error:  # the browser's "Failed to fetch": no desk there
        raise RatingbookError(
            f"the results desk does not answer at {url} ({error}): is it running, and is "
            f"{DESK_VARIABLE} its address?"
        ) from None
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if status != 200 or not isinstance(answer, dict):
        said = answer.get("error") if isinstance(answer, dict) else None
        raise RatingbookError(f"the results desk refused ({status}): {said or text[:200]}")
    return answer


async def take_results_over_http(
    book: xw.Book, fetch: Fetch, environ: Mapping[str, str] | None = None
) -> Plan:
    """Take the desk's released results into ``book``: asked of the desk, entered as the
    desktop button enters them, then the desk told which ``book`` holds now. Raises
    :class:`RatingbookError` (nothing written) when the desk cannot be asked."""
    from ratingbook.desk.released import Released, enter_released

    env = os.environ if environ is None else environ
    desk = (env.get(DESK_VARIABLE) or DEFAULT_DESK).rstrip("/")
    token = (env.get(TOKEN_VARIABLE) or "").strip()
    if not token:
        raise RatingbookError(
            f"set the environment variable {TOKEN_VARIABLE} in xlwings Lite's settings to "
            "the token the results desk's arbiter page shows (and "
            f"{DESK_VARIABLE} to its address, {DEFAULT_DESK} unless told otherwise)"
        )
    answer = await _ask(fetch, f"{desk}/excel/results", "GET", token, None)
    listed = answer.get("results") if isinstance(answer, dict) else None
    if not isinstance(listed, list):
        raise RatingbookError("the results desk's answer holds no results")
    released = [Released.from_json(each) for each in listed]
    entering = enter_released(XlwingsBook(book), lambda view: released, None)
    held = [r.key for r in (*entering.already, *entering.taken)]
    messages = list(entering.messages)
    if held:
        body = json.dumps({"keys": held})
        await _ask(fetch, f"{desk}/excel/taken", "POST", token, body)
    if entering.taken:
        messages.append("The desk counts them taken: save the book to keep them.")
    return Plan(summary=tuple(messages) or ("No released result waits to be taken.",))


async def take_results_lite(book: xw.Book, fetch: Fetch | None = None) -> Plan | None:
    """xlwings Lite's **Take results** script: ``await ratingbook.take_results_lite(book)``.
    What it did, or why not, is shown in a message box (nothing is written on a refusal)."""
    try:
        plan = await take_results_over_http(book, fetch or pyfetch_call)
    except RatingbookError as error:
        tell_outcome(book, error)
        return None
    tell_outcome(book, plan, done="Take results done.")
    return plan
