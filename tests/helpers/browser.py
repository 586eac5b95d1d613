"""Headless Chromium (Debian's ``chromium`` package): a page loaded as a person's browser
loads it, its DOM after parsing, and a screenshot; plus a small reader of the tables in it."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from tests.helpers.tools import missing

#: The browser, or None where it is not installed (its tests are skipped then, and fail on CI:
#: .ci/run installs the Debian package chromium).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def require_chromium() -> str:
    """The browser; skips the test without it (fails it on CI: tests.helpers.tools)."""
    if CHROMIUM is None:
        missing("headless Chromium", "apt-get install chromium")
    return CHROMIUM


#: A hang guard for one page (seconds), not a speed test: a page loads in well under a second.
TIMEOUT = 120
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"]


def dump_dom(page: Path, profile: Path) -> str:
    """The document as Chromium built it from ``page`` (a file)."""
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, *_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    return done.stdout


def screenshot(page: Path, png: Path, profile: Path, width: int = 1200, height: int = 900) -> None:
    assert CHROMIUM is not None
    subprocess.run(
        [CHROMIUM, *_FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
         f"--window-size={width},{height}", page.as_uri()],
        capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL, check=True,
    )  # fmt: skip


class Tables(HTMLParser):
    """Every ``<table>`` of a document: its caption (a ``<caption>``, the published pages'
    ``<p class="caption">`` above the table's scroller, or the ``aria-label`` of a table whose
    caption would repeat the page's heading), header cells and body rows as text,
    the links (``href``), and the elements seen (to find a ``<script>`` that should not be)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: list[dict[str, object]] = []
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.tags: set[str] = set()
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._caption: list[str] | None = None
        self._above = ""  # a caption above the next table
        self._in_head = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.ids.update(v for k, v in attrs if k == "id" and v)
        if tag == "a":
            self.links += [v for k, v in attrs if k == "href" and v]
        if tag == "table":
            label = next((v for k, v in attrs if k == "aria-label" and v), "")
            self.tables.append({"caption": self._above or label, "header": [], "rows": []})
            self._above = ""
        elif tag == "caption" or (tag == "p" and ("class", "caption") in attrs):
            self._caption = []
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        table = self.tables[-1] if self.tables else None
        if tag == "caption" and table is not None and self._caption is not None:
            table["caption"] = "".join(self._caption).strip()
            self._caption = None
        elif tag == "p" and self._caption is not None:
            self._above = "".join(self._caption).strip()
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and table is not None and self._row is not None:
            key = "header" if self._in_head else "rows"
            if key == "header":
                table["header"] = self._row
            else:
                table["rows"].append(self._row)  # type: ignore[attr-defined]
            self._row = None
        elif tag == "thead":
            self._in_head = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._caption is not None:
            self._caption.append(data)
