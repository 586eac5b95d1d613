"""xlwings Lite's **Take results** over HTTP (issue 36): Lite cannot open the desk's store, so
the desk hands the released results to a caller holding the arbiter's token
(``/excel/results``) and is told which the book took (``/excel/taken``).

The endpoint is asked of the real server on a loopback port, as a browser page would ask it
(its Origin, its preflight); the Lite script's Python runs on xlwings' JSON engine (the book
Lite hands a script), its HTTP calls answered by that real server. What it writes is compared
with what the desk's own take writes into the file (tests/excel/test_take_results.py does the
same for the desktop button)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from tests.desk.desk_books import copy, released_round_one
from tests.excel.test_take_results import TIMED, _cell, _grids, _trimmed
from tests.helpers.jsonbook import actions, apply_actions, make_json_book
from tests.helpers.workbooks import all_values
from tests.server.client import Answer, Client
from tests.server.running import running_desk
from tests.server.test_desk_security import signed_in

from ratingbook.desk import Desk
from ratingbook.excel import take_results_lite
from ratingbook.excel.lite_take import DESK_VARIABLE, TOKEN_VARIABLE, take_results_over_http
from ratingbook.server import DeskState

LITE = "https://addin.xlwings.org"
EVIL = "https://results.example"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, Desk, DeskState]]:
    """The ten-player FIDE Swiss at the desk: three boards of round 1 confirmed by both
    players and released; the book open in Excel (``~$`` beside it), so the desk takes
    nothing itself."""
    path = released_round_one(tmp_path)
    desk = Desk.open(path)
    (tmp_path / f"~${path.name}").write_text("owner")
    with running_desk(desk, path) as state:
        yield path, desk, state


def ask(state: DeskState, method: str, path: str, headers: Mapping[str, str] = {},
        body: str | None = None) -> Answer:  # fmt: skip
    return Client(state.base_url).request(
        method, path, body.encode() if body is not None else None, dict(headers)
    )


def bearer(state: DeskState) -> dict[str, str]:
    return {"Authorization": f"Bearer {state.desk.excel_token()}"}


def test_the_released_results_need_the_token(served: tuple[Path, Desk, DeskState]) -> None:
    _, desk, state = served
    assert ask(state, "GET", "/excel/results").status == 401
    for wrong in ("Bearer wrong", "Bearer wr\u00f6ng", "Basic " + desk.excel_token()):
        assert ask(state, "GET", "/excel/results", {"Authorization": wrong}).status == 401
    # the arbiter's cookie is no credential here: a page of any site could send it along
    arbiter = signed_in(state)
    assert arbiter.cookies
    assert arbiter.get("/excel/results").status == 401
    answer = ask(state, "GET", "/excel/results", bearer(state))
    assert answer.status == 200
    results = json.loads(answer.text)["results"]
    assert [(r["round"], r["board"], r["result"]) for r in results] == [
        (1, 1, "1-0"), (1, 2, "1-0"), (1, 3, "1-0")]  # fmt: skip
    assert all(r["who"].startswith("results desk: white from phone W") for r in results)
    # the token is shown to the arbiter, behind the password
    assert desk.excel_token() in arbiter.get("/arbiter").text


def test_only_lites_page_may_read_them(served: tuple[Path, Desk, DeskState]) -> None:
    _, _, state = served
    preflight = {"Access-Control-Request-Method": "GET",
                 "Access-Control-Request-Headers": "authorization",
                 "Access-Control-Request-Private-Network": "true"}  # fmt: skip
    yes = ask(state, "OPTIONS", "/excel/results", {"Origin": LITE, **preflight})
    assert yes.status == 204
    assert yes.headers["Access-Control-Allow-Origin"] == LITE
    assert "Authorization" in yes.headers["Access-Control-Allow-Headers"]
    assert yes.headers["Access-Control-Allow-Private-Network"] == "true"
    assert "Access-Control-Allow-Credentials" not in yes.headers
    no = ask(state, "OPTIONS", "/excel/results", {"Origin": EVIL, **preflight})
    assert no.status == 403
    assert "Access-Control-Allow-Origin" not in no.headers
    # another site's page, even with the token, is refused and told nothing
    refused = ask(state, "GET", "/excel/results", {"Origin": EVIL, **bearer(state)})
    assert refused.status == 403
    assert "Access-Control-Allow-Origin" not in refused.headers
    assert "results" not in json.loads(refused.text)
    read = ask(state, "GET", "/excel/results", {"Origin": LITE, **bearer(state)})
    assert read.status == 200
    assert read.headers["Access-Control-Allow-Origin"] == LITE
    marked = ask(state, "POST", "/excel/taken", {"Origin": EVIL, **bearer(state),
                 "Content-Type": "application/json"}, json.dumps({"keys": []}))  # fmt: skip
    assert marked.status == 403


def test_a_bad_body_marks_nothing(served: tuple[Path, Desk, DeskState]) -> None:
    _, desk, state = served
    json_type = {**bearer(state), "Content-Type": "application/json"}
    for body in ("not json", json.dumps({"keys": "all"}), json.dumps({"keys": [1]}), "[]"):
        assert ask(state, "POST", "/excel/taken", json_type, body).status == 400
    too_big = json.dumps({"keys": ["x" * 40] * 1000})
    assert ask(state, "POST", "/excel/taken", json_type, too_big).status == 413
    assert len(desk.released()) == 3


def lite_fetch(state: DeskState) -> Any:
    """Lite's HTTP call answered by the real server: the browser's request, from Lite's
    page (its Origin), with no cookie."""

    async def fetch(url: str, method: str, headers: Mapping[str, str], body: str | None
                    ) -> tuple[int, str]:  # fmt: skip
        assert url.startswith(state.base_url)
        answer = ask(state, method, url.removeprefix(state.base_url), {"Origin": LITE,
                     **headers}, body)  # fmt: skip
        return answer.status, answer.text

    return fetch


def test_lite_takes_them_into_the_open_book_once(
    served: tuple[Path, Desk, DeskState], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, desk, state = served
    # What the desk's own take writes into the file: a copy taken first, its marks then
    # undone in the store (as if that take had never been).
    reference = copy(path, "reference.xlsx")
    assert Desk(reference, desk.store_path).take().taken == 3
    with desk._store.write() as db:
        for item in desk._store.items():
            desk._store.mark(db, item.id, taken=None, note="")
    expected = all_values(reference)
    monkeypatch.setenv(DESK_VARIABLE, state.base_url)
    monkeypatch.setenv(TOKEN_VARIABLE, desk.excel_token())
    sheets = _grids(path)
    book = make_json_book(sheets, name=path.name)  # Lite's book: no path on this computer
    plan = asyncio.run(take_results_lite(book, lite_fetch(state)))
    assert plan is not None
    assert plan.summary == (
        "3 results taken into the book (save the book to keep them)",
        "The desk counts them taken: save the book to keep them.",
    )
    in_excel = apply_actions(sheets, actions(book))
    assert [_cell(r[4]) for r in in_excel["Swiss Games"][1:]] == ["1-0"] * 3 + [None] * 2
    keys = [r[-1] for r in expected["Desk Results"][1:]]
    assert len(keys) == 3
    assert [_cell(r[-1]) for r in in_excel["Desk Results"][1:]] == keys
    for name, grid in in_excel.items():
        if name not in TIMED:
            assert _trimmed(grid) == _trimmed([list(r) for r in expected[name]]), name
    # the desk was told: its queue says taken, and no take enters them again: the desk's own
    # (the book closed now), or Lite's on the book as it left it (its Desk Results lists them)
    assert [q.status for q in desk.queue()[:3]] == ["taken"] * 3
    (path.parent / f"~${path.name}").unlink()
    assert desk.take().taken == 0
    as_excel_holds = {name: [[_cell(v) for v in r] for r in g] for name, g in in_excel.items()}
    again = make_json_book(as_excel_holds, name=path.name)
    assert asyncio.run(take_results_over_http(again, lite_fetch(state))).summary == (
        "No released result waits to be taken.",
    )
    assert [a for a in actions(again) if a["func"] != "alert"] == []
    # a book closed without saving (the sheets as before) gets them again, nothing lost
    unsaved = make_json_book(sheets, name=path.name)
    summary = asyncio.run(take_results_over_http(unsaved, lite_fetch(state))).summary
    assert summary[0] == "3 results taken into the book (save the book to keep them)"


def test_lite_without_the_token_writes_nothing_and_says_what_to_set(
    served: tuple[Path, Desk, DeskState], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _, state = served
    monkeypatch.setenv(DESK_VARIABLE, state.base_url)
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    book = make_json_book(_grids(path), name=path.name)
    assert asyncio.run(take_results_lite(book, lite_fetch(state))) is None
    [alert] = actions(book)
    assert alert["func"] == "alert"
    assert f"set the environment variable {TOKEN_VARIABLE}" in alert["args"][0]
    monkeypatch.setenv(TOKEN_VARIABLE, "not the token")
    book = make_json_book(_grids(path), name=path.name)
    assert asyncio.run(take_results_lite(book, lite_fetch(state))) is None
    [alert] = actions(book)
    assert (
        "the results desk refused (401): the desk's token is missing or wrong" in (alert["args"][0])
    )


def test_the_guide_says_what_guards_the_released_results(
    served: tuple[Path, Desk, DeskState],
) -> None:
    """A program on this computer with the token (no Origin: not a browser page) reads the
    released results: the token is the guard, CORS only limits browsers. The guide's Lite
    section says so, with the endpoints and the header a script sends."""
    _, _, state = served
    answer = ask(state, "GET", "/excel/results", bearer(state))
    assert answer.status == 200 and len(json.loads(answer.text)["results"]) == 3
    guide = (Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md").read_text()
    lite = guide[guide.index("### Take results in xlwings Lite") : guide.index("## A camp")]
    for said in ("`GET /excel/results`", "`POST /excel/taken`", '`{"keys": [...]}`',
                 "`Authorization: Bearer TOKEN`", "**The token is the guard**",
                 "any program on\nthis computer that sends it reads the released results",
                 "CORS) only limit web pages"):  # fmt: skip
        assert said in lite, said
    assert "answers Lite's page" not in lite  # untrue of a request without an Origin
