"""Every page of the results desk fits a phone (390 px) and a laptop (1,280 px), in real
headless Chromium against the real server on a loopback port, over a real book: nothing makes
the page scroll sideways, each table's essential columns are whole on the screen (a wide table
scrolls in its own box, its essential columns first), and every link and button is legible
(WCAG 2.1's contrast of at least 4.5:1 against the ground it is drawn on).

The pages: a player's (home, a pairing opened by its code, the answer to a report, the
results screen, a message), the arbiter's (sign-in, the queue, the pairing cards, the pairing
list with codes; a ladder's game page and players' codes) and the published pages the desk
serves as the book stands (``/live/``), with their way back to the desk. The essential columns
of a published page are those of tests/integration/test_page_fit.py, which measures the same
pages as files; a cell counts as visible as it does there (inside the viewport and every box
that scrolls). Each page leaves a screenshot in the test's folder (``--basetemp`` keeps them).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from tests.helpers.devtools import Browser
from tests.integration.test_page_fit import INDIVIDUAL, WIDE_BY_NATURE, _essential
from tests.server.desk_books import ladder, swiss_round_one
from tests.server.running import PASSWORD, running_desk
from tests.server.test_desk_pages import report, sign_in

from ratingbook.desk import Desk
from ratingbook.server import DeskState

pytestmark = pytest.mark.slow

PHONE, LAPTOP = 390, 1280

#: The desk's own pages' essential columns, by path (a page not named has no table).
DESK_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "/screen": ("White", "Black", "Result"),
    "/arbiter": ("White", "Black", "Status", "Result", "Act"),
    "/arbiter/cards?list=1": ("Board", "White", "Black", "Code"),
    "/arbiter/cards": ("Who", "Code"),  # a ladder's codes; a round's cards have no table
}

#: What the page shows that it should not: sideways scrolling, essential columns off the
#: screen, text as light as its ground. One expression, evaluated in the page.
_MEASURE = r"""
(() => {
  const ESSENTIAL = ESSENTIAL_JSON;
  const doc = document.documentElement, problems = [];
  if (doc.scrollWidth > doc.clientWidth) problems.push(`scrolls sideways: ${doc.scrollWidth} px`);
  function clip(el) {  // the horizontal span left visible by the viewport and scrolling boxes
    let left = 0, right = doc.clientWidth;
    for (let box = el.parentElement; box && box !== doc; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== "visible") {
        const r = box.getBoundingClientRect();
        left = Math.max(left, r.left + box.clientLeft);
        right = Math.min(right, r.left + box.clientLeft + box.clientWidth);
      }
    }
    return [left, right];
  }
  const seen = new Set();
  for (const table of document.querySelectorAll("table")) {
    const heads = [...table.querySelectorAll("thead th")];
    heads.forEach((th, at) => {
      const name = th.textContent.trim();
      if (!ESSENTIAL.includes(name)) return;
      seen.add(name);
      // a header a phone's layout hides (the queue's rows as cards) is not a cell to see
      const cells = th.offsetParent ? [th] : [];
      for (const row of table.querySelectorAll("tbody tr")) cells.push(row.children[at]);
      for (const cell of cells) {
        const r = cell.getBoundingClientRect(), [left, right] = clip(cell);
        if (r.width === 0 || r.left < left - 1 || r.right > right + 1) {
          problems.push(`column ${name} off screen: ${cell.textContent.trim().slice(0, 30)} `
                        + `at ${Math.round(r.left)}-${Math.round(r.right)} px, `
                        + `visible ${Math.round(left)}-${Math.round(right)} px`);
          break;
        }
      }
    });
  }
  for (const name of ESSENTIAL) if (!seen.has(name)) problems.push(`no column ${name}`);
  // WCAG 2.1 relative luminance and contrast ratio (success criterion 1.4.3)
  function rgba(text) { return text.match(/[\d.]+/g).map(Number); }
  function luminance([r, g, b]) {
    const c = [r, g, b].map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }
  function ground(el) {
    for (let box = el; box; box = box.parentElement) {
      const c = rgba(getComputedStyle(box).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  }
  for (const el of document.querySelectorAll("a, button")) {
    if (!el.offsetParent || !el.textContent.trim() || el.classList.contains("skip")) continue;
    const fore = luminance(rgba(getComputedStyle(el).color)), back = luminance(ground(el));
    const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
    if (ratio < 4.5) problems.push(`${el.textContent.trim()}: contrast ${ratio.toFixed(2)}`);
    const r = el.getBoundingClientRect();
    if (r.right > doc.clientWidth + 1) problems.push(`${el.textContent.trim()}: off screen`);
  }
  return JSON.stringify(problems);
})()
"""


def problems(browser: Browser, essential: tuple[str, ...]) -> list[str]:
    """What the page in ``browser`` shows that it should not (see :data:`_MEASURE`)."""
    found: list[str] = json.loads(
        browser.evaluate(_MEASURE.replace("ESSENTIAL_JSON", json.dumps(list(essential))))
    )
    return found


def look(browser: Browser, folder: Path, name: str, essential: tuple[str, ...] = ()) -> list[str]:
    """The page now open: its problems, each named with the page and the width; a screenshot."""
    width = browser.evaluate("document.documentElement.clientWidth")
    browser.screenshot(folder / f"{name.strip('/').replace('/', '_') or 'home'}-{width}.png")
    return [f"{name} at {width} px: {p}" for p in problems(browser, essential)]


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeskState]:
    """A 40-player Swiss at the desk: round 1's results taken (the live pages have results
    and standings), round 2 paired and open for reports, its last board entered by the
    arbiter (its page shows the result and no form)."""
    folder = tmp_path_factory.mktemp("desk-fit")
    book = swiss_round_one(folder)
    desk = Desk.open(book)
    for pairing in desk.pairings(1):
        desk.enter(1, pairing.board, ("1-0", "½-½", "0-1")[pairing.board % 3], by="arbiter")
    desk.release(1, by="arbiter")
    assert desk.take().taken == 20
    assert desk.round() == 2
    desk.enter(2, desk.pairings(2)[-1].board, "½-½", by="arbiter")
    with running_desk(desk, book) as state:
        yield state


@pytest.mark.parametrize("width", [PHONE, LAPTOP])
def test_every_page_of_a_swiss_desk_fits(swiss: DeskState, width: int, tmp_path: Path) -> None:
    base = swiss.base_url
    first, *_, last = swiss.desk.pairings(2)  # the last board entered by the arbiter
    code, decided = first.code, last.code
    said: list[str] = []
    with Browser(tmp_path / "browser", width, 800) as browser:
        pages = {"/": "/", "/pairing": f"/c/{code}", "/pairing-decided": f"/c/{decided}",
                 "/screen": "/screen", "/message": "/no-such-page",
                 "/arbiter/login": "/arbiter"}  # fmt: skip
        for name, path in pages.items():
            browser.open(base + path)
            said += look(browser, tmp_path, name, DESK_COLUMNS.get(name, ()))
        browser.open(f"{base}/c/{code}")
        assert "Received" in report(browser, "white", "1-0")
        said += look(browser, tmp_path, "/received")
        assert "Round 2: the queue" in sign_in(browser, base)
        # opened, as the arbiter opens it to copy xlwings Lite's address and token
        browser.evaluate("document.querySelector('details.excel').open = true")
        said += look(browser, tmp_path, "/arbiter", DESK_COLUMNS["/arbiter"])
        assert swiss.desk.excel_token() in browser.text()
        browser.open(f"{base}/arbiter/cards?round=2")
        said += look(browser, tmp_path, "/arbiter/cards?round=2")
        browser.open(f"{base}/arbiter/cards?round=2&list=1")
        said += look(
            browser, tmp_path, "/arbiter/cards-list", DESK_COLUMNS["/arbiter/cards?list=1"]
        )
        browser.open(f"{base}/live/index.html")
        links = browser.evaluate("[...document.querySelectorAll('header a')].map(a => a.href)")
        live = [link.rsplit("/", 1)[1] for link in links if link.endswith(".html")]
        live.append("player-1.html")
        assert {"index.html", "crosstable.html", "round-1.html", "round-2.html"} <= set(live)
        for page in live:
            if width == PHONE and page in WIDE_BY_NATURE:
                continue
            browser.open(f"{base}/live/{page}")
            # the way back to the desk, at the top of every published page
            assert browser.evaluate(
                "[...document.querySelectorAll('nav.desk-back a')].map(a => a.innerText)"
            ) == ["Report a result", "Results as reported"]
            said += look(browser, tmp_path, f"/live/{page}", _essential(INDIVIDUAL, page))
    assert said == []


@pytest.fixture(scope="module")
def camp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeskState]:
    """The camp ladder at the desk, one game reported."""
    book = ladder(tmp_path_factory.mktemp("desk-fit-camp"))
    desk = Desk.open(book)
    (white, _), (black, _) = desk.players()[:2]
    camp_code = desk.player_code("*")
    desk.report_game(camp_code, white, black, "1-0", origin="phone 10.0.0.4")
    with running_desk(desk, book) as state:
        yield state


@pytest.mark.parametrize("width", [PHONE, LAPTOP])
def test_every_page_of_a_camp_desk_fits(camp: DeskState, width: int, tmp_path: Path) -> None:
    base = camp.base_url
    said: list[str] = []
    with Browser(tmp_path / "browser", width, 800) as browser:
        for name in ("/", "/game", "/screen", "/arbiter/login"):
            browser.open(base + name.removesuffix("/login"))  # signed out: the sign-in page
            said += look(browser, tmp_path, name, DESK_COLUMNS.get(name, ()))
        sign_in(browser, base, PASSWORD)
        said += look(browser, tmp_path, "/arbiter", ("White", "Black", "Status", "Result"))
        # the game's number says what it counts as the table's header does ("Game", not the
        # "Board" of a round's queue: user test 47); on a phone the header is hidden and the
        # card says it before the number
        assert browser.evaluate("document.querySelector('table.queue thead th').innerText") == (
            "Game"
        )
        label = browser.evaluate(
            "getComputedStyle(document.querySelector('table.queue tbody td'), '::before').content"
        )
        assert label == ('"Game "' if width == PHONE else "none")
        browser.open(f"{base}/arbiter/cards")
        said += look(browser, tmp_path, "/arbiter/cards", DESK_COLUMNS["/arbiter/cards"])
    assert said == []
