"""Pages fit: every page of a published event, laid out by headless Chromium on a 390 px phone
and a 1,280 px screen, shows its table's essential columns (a round: board, both players,
their points, result; the prize list: place, name, amount; the standings: place, name,
points) without scrolling sideways, and breaks no word inside itself, a name neither
("Amou|nt", "4|½", "Argando|na", "Jones,Ga|wain": issue 34; a name wraps between its words),
but for a word of a name in a round's table wider than its column (``table.pairs``: user
test 47; a round's points stay on a phone: user test 48). On a screen no
table but a crosstable is wider than the window (a sentence lives outside a table), and who can
still win names its player on every row. A crosstable, whose columns are headed by start
number, scrolls sideways on a phone by its nature, but keeps its ``No.`` and ``Name``.

The events: a real 34-player Swiss (tests/data/trf, imported) made FIDE-rated and given a
prize list with shared places (so the prize page has long tie sentences) and the norm page;
another whose names have no space to wrap at (Kilkenny 2011: "Jones,Gawain"); the Swiss
template (contenders), the round-robin template (norms), the team template, user test 49's
team Swiss (nine teams of four boards: tests/helpers/riverside_cup.py) and the rating list
template (a player's page per ID, the changes of each period, the series), that list
with a place shared three ways in its series (to two decimals: tests/helpers/shared_series.py),
and an event whose round 2 is shown on the points it was paired on, a result corrected since
(tests/cli/test_check_corrected.py: a line below its boards says so).

How it is measured: the site is copied into a scratch folder beside a page of ``<iframe>``
elements, one per page and width (a frame lays out its page, media queries and all, at its own
width as a window of that width would); once everything has loaded a script in that page reads
``getBoundingClientRect()`` of every header and body cell of each essential column and writes
what it found into the document, which ``--dump-dom`` prints. A cell counts as visible when it
has a size and lies inside the viewport and inside every box that would make it scroll
(``overflow-x`` other than ``visible``). A word is broken when the range of its letters lies on
two lines (``getClientRects()``). A caption (what a table's figures count: "Standings after
round 5 (round 6 in progress: ...)") is cut when a line of it lies outside what is visible, on
every page at both widths, a crosstable's on a phone too. One Chromium process per site, one
at a time.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import openpyxl
import pytest
from tests.cli.test_check_corrected import CORRECTION, PAIRED_1_2, PAIRED_3, event_text
from tests.helpers.browser import TIMEOUT, require_chromium
from tests.helpers.cli import run
from tests.helpers.riverside_cup import save_riverside_book
from tests.helpers.shared_series import shared_series_list

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
PHONE, SCREEN = 390, 1280

#: Each page's essential columns (table headers) by page file, for an individual event and
#: a team event; a page not named has none. A name must head a column of some table of the
#: page, and every table it heads must show that whole column.
INDIVIDUAL: Mapping[str, tuple[str, ...]] = {
    "index.html": ("Rank", "Name", "Points"),
    "crosstable.html": ("Name", "Points"),
    # both players' points too: what a player checks his pairing against (user test 48:
    # a phone hid them)
    "round-*.html": ("Board", "White", "Points", "Result", "Black"),
    "players.html": ("No.", "Name", "Rating"),
    "player-*.html": ("Round", "Opponent", "Result"),
    "prizes.html": ("Rank", "Name", "Amount"),
    "norms.html": ("Player", "Holds"),
    "contenders.html": ("Name", "Points", "Chances"),
}
TEAM: Mapping[str, tuple[str, ...]] = {
    # every tie-break too (user test 49: they were off a phone's screen)
    "index.html": ("Rank", "Team", "MP", "GP", "MPVGP", "EMGSB/C1", "EDE"),
    "crosstable.html": ("Team", "MP"),
    "round-*.html": ("Board", "White", "Result", "Black"),
    # the board prizes, a table per board (the percentage and performance too: they were cut
    # off on a phone; the games too: user test 49), and each team's board results
    "players.html": ("Rank", "Player", "Games", "Points", "%", "Perf.", "Opponent", "Score"),
}
#: A season's rating list (issue 35): the list's rank, name and rating; a player's period,
#: rating after it and change; a period's names, changes and the sentence saying why (on a
#: phone it wraps within the screen: it ran off its edge, every row scrolling sideways); the
#: series' rank, name and total.
RATING_LIST: Mapping[str, tuple[str, ...]] = {
    "index.html": ("Rank", "Name", "Rating"),
    "player-*.html": ("Period", "After", "Change"),
    "changes.html": ("Name", "Change", "Why"),
    "series.html": ("Rank", "Name", "Total", "Events"),
}
#: A crosstable has a column per round: on a phone it scrolls sideways by its nature.
#: A season's series has a column per event: its Rank, Name, Total and Events come first and
#: must be in view, the events' columns may scroll.
WIDE_BY_NATURE = frozenset({"crosstable.html", "series.html"})
#: What such a page must still show on a phone, where it first opens: an individual
#: crosstable's rounds are headed by start number, so its ``No.`` column with the names.
PHONE_ESSENTIAL: Mapping[str, tuple[str, ...]] = {"crosstable.html": ("No.", "Name")}
#: Pages whose table's every row names its player, in this column: a row of who can still
#: win is a condition of one player's (issue 34: rows with an empty Name, one of them holding
#: the sentence on who cannot, which widened the page to about 1,650 px at 1,280).
NAMED: Mapping[str, str] = {"contenders.html": "Name"}
#: Pages that may be sentences only (no norm in reach, nobody left who can win).
SENTENCES_ONLY = frozenset({"norms.html", "contenders.html"})

_HARNESS = r"""<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<pre id="fit"></pre>
FRAMES
<script>
const ESSENTIAL = ESSENTIAL_JSON;
const NAMED = NAMED_JSON;
function clip(el) {  // the visible horizontal span: viewport and every box that scrolls
  const doc = el.ownerDocument;
  let left = 0, right = doc.documentElement.clientWidth;
  for (let box = el.parentElement; box && box !== doc.documentElement; box = box.parentElement) {
    if (doc.defaultView.getComputedStyle(box).overflowX !== "visible") {
      const r = box.getBoundingClientRect();
      left = Math.max(left, r.left + box.clientLeft);
      right = Math.min(right, r.left + box.clientLeft + box.clientWidth);
    }
  }
  return [left, right];
}
function tooWide(cell, word) {  // a round's name wider than its column may break (table.pairs)
  if (!cell.classList.contains("name") || !cell.closest("table.pairs")) return false;
  const doc = cell.ownerDocument, view = doc.defaultView, style = view.getComputedStyle(cell);
  // the column's own width, to the fraction of a pixel: clientWidth rounds it, and a name
  // 0.2 px wider than its column (broken by Chromium, rightly) counted as fitting (ut48)
  const room = cell.getBoundingClientRect().width - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth)
    - parseFloat(style.borderRightWidth);
  const probe = doc.createElement("span");
  probe.style.whiteSpace = "nowrap";
  probe.textContent = word;
  (cell.querySelector("a") || cell).appendChild(probe);
  const wide = probe.getBoundingClientRect().width;
  probe.remove();
  return wide > room;
}
window.addEventListener("load", () => {
  const found = [];
  for (const frame of document.querySelectorAll("iframe")) {
    const page = frame.dataset.page, doc = frame.contentDocument, key = frame.dataset.key;
    const seen = {}, hidden = [];
    for (const table of doc.querySelectorAll("table")) {
      const head = [...table.querySelectorAll("thead th")].map(th => th.textContent.trim());
      for (const name of ESSENTIAL[key]) {
        // every column of that header (a round's two Points: White's and Black's)
        for (let at = head.indexOf(name); at >= 0; at = head.indexOf(name, at + 1)) {
          seen[name] = true;
          const cells = [table.querySelectorAll("thead th")[at]];
          for (const row of table.querySelectorAll("tbody tr")) cells.push(row.children[at]);
          for (const cell of cells) {
            const r = cell.getBoundingClientRect(), [left, right] = clip(cell);
            if (r.width === 0 || r.left < left - 1 || r.right > right + 1) {
              hidden.push({column: name, text: cell.textContent.trim().slice(0, 40),
                           left: Math.round(r.left), right: Math.round(r.right),
                           visible: [Math.round(left), Math.round(right)]});
              break;
            }
          }
        }
      }
    }
    // a word broken inside itself, a name's too, e.g. "Amou|nt", "4|½", "Argando|na"
    const broken = [];
    for (const cell of doc.querySelectorAll("th, td")) {
      if (broken.length > 5) continue;
      const walker = doc.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // a break after a hyphen, a slash or a comma ("Jones,|Gawain") is a wrap
        const re = /[^\s\-–\/,]+[\-–\/,]?/g;
        for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
          const range = doc.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
          if (lines.size > 1 && !tooWide(cell, m[0])) broken.push(m[0]);
        }
      }
    }
    // how wide the widest table lays out, against the window's width
    const widest = Math.max(0, ...[...doc.querySelectorAll("table")].map(
      t => Math.round(t.getBoundingClientRect().width)));
    const room = doc.documentElement.clientWidth;
    // the rows of a table whose every row names its player (NAMED) with no name
    const unnamed = [];
    for (const table of doc.querySelectorAll("table")) {
      const head = [...table.querySelectorAll("thead th")].map(th => th.textContent.trim());
      const at = NAMED[page] === undefined ? -1 : head.indexOf(NAMED[page]);
      if (at < 0) continue;
      for (const row of table.querySelectorAll("tbody tr")) {
        if (!row.children[at] || !row.children[at].textContent.trim()) {
          unnamed.push(row.textContent.trim().slice(0, 60));
        }
      }
    }
    // a table's caption, a sentence saying what its figures count, read whole on the page:
    // inside the sideways scroller a phone cut it ("Standings after round 5 (round 6 in
    // progre...": issue 34)
    const cut = [];
    for (const caption of doc.querySelectorAll("caption, .caption")) {
      const range = doc.createRange(), [left, right] = clip(caption);
      range.selectNodeContents(caption);
      for (const r of range.getClientRects()) {
        if (r.left < left - 1 || r.right > right + 1) {
          cut.push({text: caption.textContent.trim().slice(0, 80), right: Math.round(r.right),
                    visible: Math.round(right)});
          break;
        }
      }
    }
    const missing = ESSENTIAL[key].filter(name => !seen[name]);
    const tables = doc.querySelectorAll("table").length;
    found.push({page, width: +frame.width, tables, missing, hidden, broken, widest, room,
                unnamed, cut});
  }
  document.getElementById("fit").textContent = JSON.stringify(found);
});
</script></body></html>"""


def _essential(kinds: Mapping[str, tuple[str, ...]], page: str) -> tuple[str, ...]:
    for pattern, names in kinds.items():
        if re.fullmatch(pattern.replace(".", r"\.").replace("*", r"\d+"), page):
            return names
    return ()


def measure(site: Path, kinds: Mapping[str, tuple[str, ...]], scratch: Path) -> list[dict]:  # type: ignore[type-arg]
    """What Chromium shows of each page's essential columns at both widths: a record per page
    and width with the essential columns ``missing`` from its tables and those ``hidden``."""
    chromium = require_chromium()
    copy = scratch / site.name
    shutil.copytree(site, copy)
    pages = sorted(p.name for p in copy.glob("*.html"))
    frames, essential = [], {}
    for page in pages:
        for width in (PHONE, SCREEN):
            key = f"{page}@{width}"
            essential[key] = _essential(kinds, page)
            if width == PHONE and page in PHONE_ESSENTIAL:
                # its caption is read on a phone all the same
                essential[key] = PHONE_ESSENTIAL[page] if kinds is INDIVIDUAL else ()
            frames.append(
                f'<iframe src="{page}" data-page="{page}" data-key="{key}" width="{width}" '
                'height="800"></iframe>'
            )
    harness = copy / "page-fit-harness.html"
    harness.write_text(
        _HARNESS.replace("FRAMES", "\n".join(frames))
        .replace("ESSENTIAL_JSON", json.dumps(essential))
        .replace("NAMED_JSON", json.dumps(NAMED)),
        encoding="utf-8",
    )
    done = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-extensions", "--hide-scrollbars",
         # the frames are files beside the harness: let its script read their documents
         "--allow-file-access-from-files",
         f"--user-data-dir={scratch / 'profile'}", "--dump-dom", harness.as_uri()],
        capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    found = re.search(r'<pre id="fit">(.*?)</pre>', done.stdout, re.S)
    assert found and found.group(1), f"the harness measured nothing: {done.stdout[:500]}"
    records: list[dict] = json.loads(html.unescape(found.group(1)))  # type: ignore[type-arg]
    assert len(records) == len(frames)  # every frame loaded and was measured
    return records


def _set(book: Path, sheet: str, setting: str, value: object) -> None:
    wb = openpyxl.load_workbook(book)
    for row in wb[sheet].iter_rows(min_row=2):
        if row[0].value == setting:
            row[1].value = value
    wb.save(book)


def prize_event(folder: Path) -> Path:
    """Bunratty Masters 2011 (34 players, 6 rounds), FIDE-rated, with places 1-5, two U2200
    prizes, a women's and an unrated prize: places 2-3 and 4-7 are shared (Hort), and the
    unrated prize has nobody (a warning line)."""
    book = folder / "bunratty.xlsx"
    done = run("trf", "import", DATA / "icu_bunratty-masters_2011.tab", "-o", book, "--no-check")
    assert done.returncode == 0, done.stderr
    _set(book, "Swiss Settings", "FIDE Rated", "Standard")
    wb = openpyxl.load_workbook(book)
    prizes = wb.create_sheet("Prizes")
    for row in (
        ("Place", "Category", "Amount", "Object"),
        (1, None, 1000, "Trophy"), (2, None, 600, None), (3, None, 400, None),
        (4, None, 200, None), (5, None, 100, None),
        (1, "U2200", 150, None), (2, "U2200", 75, None),
        (1, "Women", 100, None), (1, "Unrated", 50, None),
    ):  # fmt: skip
        prizes.append(row)
    wb.save(book)
    return book


def in_progress(book: Path) -> None:
    """The last round's every other game without its result: the round in progress."""
    wb = openpyxl.load_workbook(book)
    games = wb["Swiss Games"]
    header = [c.value for c in games[1]]
    at = {name: header.index(name) for name in ("Round", "Black", "Result")}
    rows = [r for r in games.iter_rows(min_row=2) if r[at["Round"]].value is not None]
    last = max(int(r[at["Round"]].value) for r in rows)
    played = [
        r
        for r in rows
        if r[at["Round"]].value == last and r[at["Black"]].value not in (None, "BYE")
    ]
    for row in played[::2]:
        row[at["Result"]].value = None
    wb.save(book)


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("page-fit")
    books = {"prizes": prize_event(folder), "kilkenny": folder / "kilkenny.xlsx"}
    # Names with no space to wrap at ("Surname,First", as the Irish files write them).
    done = run(
        "trf",
        "import",
        DATA / "icu_kilkenny-masters_2011.tab",
        "-o",
        books["kilkenny"],
        "--no-check",
    )
    assert done.returncode == 0, done.stderr
    # Its last round in progress: every caption says so, a long sentence (ut43see).
    in_progress(books["kilkenny"])
    # User test 49's team Swiss: nine teams, four boards, "Hypermodern" and "Kingside Attack".
    books["riverside"] = save_riverside_book(folder / "riverside.xlsx")
    for kind in ("swiss", "roundrobin", "team", "ratinglist"):
        books[kind] = folder / f"{kind}.xlsx"
        done = run("template", kind, "-o", books[kind])
        assert done.returncode == 0, done.stderr
    # A result corrected after the next round was paired: that round's page gives the
    # points it was paired on, with a line below its boards saying so.
    books["corrected"] = folder / "corrected.xlsx"
    source = folder / "corrected.trf"
    source.write_text(event_text("0-1", [*PAIRED_1_2, CORRECTION, PAIRED_3]))
    done = run("trf", "import", source, "-o", books["corrected"])
    assert done.returncode == 0, done.stderr
    # A place shared three ways: its series page wrote 19.3333333333, cutting Total and
    # pushing Events off a 1,280 px screen (issue 35's user test).
    books["sharedlist"] = shared_series_list(folder)
    out = {}
    for name, book in books.items():
        out[name] = folder / f"site-{name}"
        done = run("publish", book, "--out-dir", out[name])
        assert done.returncode == 0, done.stderr
    return out


def _problems(records: list[dict]) -> list[str]:  # type: ignore[type-arg]
    said = []
    for r in records:
        where = f"{r['page']} at {r['width']} px"
        if not r["tables"]:
            said += [] if r["page"] in SENTENCES_ONLY else [f"{where}: no table"]
            continue
        said += [f"{where}: no column {name!r}" for name in r["missing"]]
        said += [f"{where}: a row without its name: {row!r}" for row in r["unnamed"]]
        if r["width"] == SCREEN and r["page"] not in WIDE_BY_NATURE and r["widest"] > r["room"]:
            # Long sentences live outside tables: a table wider than a screen is one holding
            # a sentence in a cell (issue 34) or too many columns.
            said.append(f"{where}: a table {r['widest']} px wide in a {r['room']} px window")
        said += [f"{where}: {word!r} broken inside the word" for word in r["broken"]]
        said += [
            f"{where}: the caption {c['text']!r} cut at {c['visible']} px (it runs to "
            f"{c['right']} px): a sentence lives outside the table's scroller"
            for c in r["cut"]
        ]
        said += [
            f"{where}: column {h['column']!r} off screen ({h['text']!r} spans "
            f"{h['left']}-{h['right']} px, visible {h['visible'][0]}-{h['visible'][1]} px)"
            for h in r["hidden"]
        ]
    return said


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "prizes",
        "kilkenny",
        "swiss",
        "roundrobin",
        "team",
        "riverside",
        "ratinglist",
        "sharedlist",
        "corrected",
    ],
)
def test_every_page_shows_its_essential_columns_on_a_phone_and_a_screen(
    sites: dict[str, Path], name: str, tmp_path: Path
) -> None:
    kinds = {
        "team": TEAM,
        "riverside": TEAM,
        "ratinglist": RATING_LIST,
        "sharedlist": RATING_LIST,
    }.get(name, INDIVIDUAL)
    records = measure(sites[name], kinds, tmp_path)
    pages = {r["page"] for r in records}
    if name in ("ratinglist", "sharedlist"):
        assert {"index.html", "changes.html", "series.html", "player-1.html"} <= pages
    else:
        assert {"index.html", "round-1.html", "players.html"} <= pages
    if name == "prizes":
        assert {"prizes.html", "norms.html"} <= pages
    if name == "swiss":
        assert "contenders.html" in pages
    if name == "corrected":  # the line below round 2's boards measured
        assert "since corrected to 0-1" in (sites[name] / "round-2.html").read_text("utf-8")
    if name == "kilkenny":  # the long captions measured
        assert "(round 6 in progress: " in (sites[name] / "index.html").read_text("utf-8")
    problems = _problems(records)
    assert not problems, "\n".join(problems)
