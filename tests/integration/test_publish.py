"""``ratingbook publish``: the site opens in a real browser (headless Chromium), every link
resolves, and every page's tables equal the workbook's sheets, read back with openpyxl.

The event is tests/helpers/played_event.py's. The same checks run on the raw HTML (Python's
own parser, in the quick loop) and on the DOM Chromium built.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import openpyxl
import pytest
from tests.helpers.browser import Tables, dump_dom, require_chromium, screenshot
from tests.helpers.cli import run
from tests.helpers.played_event import SCRIPT, played_event


def sheet(path: Path, name: str) -> list[list[object]]:
    ws = openpyxl.load_workbook(path)[name]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    return [r for r in rows if any(v is not None for v in r)]


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("publish")
    book = played_event(folder)
    site = folder / "site"
    done = run("publish", book, "--out-dir", site)
    assert done.returncode == 0, done.stderr
    return book, site


def same(page: str, cell: object) -> bool:
    """A page's text shows the sheet's value: numbers as numbers, text as text."""
    if cell is None:
        return page == ""
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        return page != "" and float(page.replace("½", ".5")) == float(cell)
    return page == str(cell)


def check_table(table: dict[str, object], rows: list[list[object]]) -> None:
    assert table["header"] == [str(v) for v in rows[0]]
    body = table["rows"]
    assert isinstance(body, list) and len(body) == len(rows) - 1
    for shown, expected in zip(body, rows[1:], strict=True):
        assert all(same(p, c) for p, c in zip(shown, expected, strict=True)), (shown, expected)


@pytest.fixture(params=["html", pytest.param("chromium", marks=pytest.mark.slow)])
def load(request: pytest.FixtureRequest, tmp_path: Path) -> object:
    if request.param == "html":
        return lambda page: Tables(page.read_text(encoding="utf-8"))
    require_chromium()
    return lambda page: Tables(dump_dom(page, tmp_path / "profile"))


def test_every_page_shows_the_sheets_and_every_link_resolves(
    published: tuple[Path, Path], load: object
) -> None:
    book, site = published
    pages = sorted(site.glob("*.html"))
    parsed = {page.name: load(page) for page in pages}  # type: ignore[operator]
    # The standings and the crosstable are the sheets, cell for cell.
    check_table(parsed["index.html"].tables[0], sheet(book, "Swiss Standings"))
    check_table(parsed["crosstable.html"].tables[0], sheet(book, "Crosstable"))
    # Each round: the games of Swiss Games, board by board.
    games = sheet(book, "Swiss Games")
    header = [str(h) for h in games[0]]
    for number in (1, 2, 3):
        table = parsed[f"round-{number}.html"].tables[0]
        shown = [dict(zip(table["header"], r, strict=True)) for r in table["rows"]]  # type: ignore[arg-type]
        typed = [dict(zip(header, r, strict=False)) for r in games[1:] if r[0] == number]
        assert [(s["White"], s["Black"], s["Result"]) for s in shown] == [
            (t["White"], t["Black"], t["Result"]) for t in typed
        ]
    # A page per player, with his games.
    players = sheet(book, "Swiss Players")
    assert len([p for p in pages if p.name.startswith("player-")]) == len(players) - 1
    # Every link is to a page of the site, or to an element of its own page.
    for name, tables in parsed.items():
        for link in tables.links:
            target = urlparse(link)
            assert not target.scheme, (name, link)
            page = target.path or name
            assert (site / page).is_file(), (name, link)
            assert not target.fragment or target.fragment in parsed[page].ids, (name, link)
    # A name from a cell is text, never markup or a formula.
    assert all("script" not in t.tags for t in parsed.values())
    standings = parsed["index.html"].tables[0]
    at = standings["header"].index("Name")  # type: ignore[attr-defined]
    names = [row[at] for row in standings["rows"]]  # type: ignore[attr-defined]
    assert SCRIPT in names and 'Tom & "Jerry"' in names and "Zoë <b>Bold</b>" in names
    assert all("b" not in t.tags for t in parsed.values())


def test_a_player_page_has_his_games_and_rating_change(published: tuple[Path, Path]) -> None:
    book, site = published
    games = sheet(book, "Swiss Games")
    header = [str(h) for h in games[0]]
    played = [dict(zip(header, r, strict=False)) for r in games[1:]]
    numbers = {r[1]: r[0] for r in sheet(book, "Swiss Players")[1:]}
    report = {r[1]: r for r in sheet(book, "Rating Report")[1:]}
    for name, number in numbers.items():
        page = Tables((site / f"player-{number}.html").read_text(encoding="utf-8"))
        table = page.tables[0]
        rows = [dict(zip(table["header"], r, strict=True)) for r in table["rows"]]  # type: ignore[arg-type]
        mine = [g for g in played if name in (g["White"], g["Black"])]
        assert [r["Opponent"] for r in rows] == [
            g["Black"] if g["White"] == name else g["White"] for g in mine
        ]
        html = (site / f"player-{number}.html").read_text(encoding="utf-8")
        change, k = report[name][9], report[name][4]  # Rating Report: Rtg+/-, K
        shown = f"{change:+d}" if change else "0"
        assert f"<dt>Rating change</dt><dd>{shown} (K {k})</dd>" in html


def test_publishing_into_a_file_is_refused(tmp_path: Path, published: tuple[Path, Path]) -> None:
    book, _ = published
    blocker = tmp_path / "site"
    blocker.write_text("not a folder", encoding="utf-8")
    done = run("publish", book, "--out-dir", blocker)
    assert done.returncode == 2 and "is a file, not a folder" in done.stderr
    assert blocker.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.slow
@pytest.mark.usefixtures("needs_chromium")
def test_screenshots_of_a_wide_and_a_phone_screen(
    published: tuple[Path, Path], tmp_path: Path
) -> None:
    # Looked at by the developers (the PNGs are kept in the test's folder); asserted: they exist.
    _, site = published
    screenshot(site / "index.html", tmp_path / "index.png", tmp_path / "profile")
    screenshot(site / "player-2.html", tmp_path / "phone.png", tmp_path / "profile", 390, 844)
    assert (tmp_path / "index.png").stat().st_size > 5000
    assert (tmp_path / "phone.png").stat().st_size > 5000
