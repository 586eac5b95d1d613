"""A season's rating list published (issue 35): the site says what the sheets say.

The list is the ``ratinglist`` template, recalculated by ``ratingbook recalc``; its generated
sheets (Season List, List History, Rating Changes, Series Standings) are read back with
openpyxl and every figure the pages show is compared with its cell, spelt as the sheets'
number formats write it (a change ``+0;-0;0``, a score ``2½``): the list on ``index.html``, a
player's history and the sentences explaining it on his page, each period's changes on
``changes.html``, the series on ``series.html``. A player's page also draws his rating across
the periods as inline SVG, with axis labels and no script.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.browser import Tables
from tests.helpers.cli import run


def spelt(header: str, value: object) -> str:
    """A cell as a reader writes it: a change signed (``+12``, ``-5``, ``0``), a score's halves
    as ½; series points as General shows them (``41.5``; the template's series has no share
    other than a half, so its cells keep General); an expected score as List History's number
    format 0.00 shows it (0.30, not 0.3)."""
    if value is None:
        return ""
    if header == "Expected" and isinstance(value, int | float):
        return f"{value:.2f}"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if header in ("Change", "Last Change") and isinstance(value, int | float):
        return f"+{value}" if value > 0 else str(value)
    if header == "Score" and isinstance(value, int | float):
        whole, half = int(value), value % 1 == 0.5
        return ("" if whole == 0 and half else str(whole)) + ("½" if half else "")
    return str(value)


def sheet(book: Path, name: str) -> tuple[list[str], list[tuple[object, ...]]]:
    rows = list(openpyxl.load_workbook(book, read_only=True)[name].iter_rows(values_only=True))
    return [str(h) for h in rows[0]], [r for r in rows[1:] if any(v is not None for v in r)]


def picked(
    header: list[str], rows: Sequence[tuple[object, ...]], wanted: Sequence[str]
) -> list[list[str]]:
    at = [header.index(w) for w in wanted]
    return [[spelt(header[i], row[i]) for i in at] for row in rows]


@pytest.fixture(scope="module")
def listed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """(the recalculated book, the site's folder, what publish said)."""
    folder = tmp_path_factory.mktemp("list-site")
    book = folder / "club.xlsx"
    assert run("template", "ratinglist", "-o", book).returncode == 0
    done = run("recalc", book)
    assert done.returncode == 0, done.stderr
    site = folder / "site"
    published = run("publish", book, "--out-dir", site)
    assert published.returncode == 0, published.stderr
    return folder / "club-recalculated.xlsx", site, published.stdout


def page(site: Path, name: str) -> Tables:
    return Tables((site / name).read_text(encoding="utf-8"))


def test_publish_knows_a_rating_list(listed: tuple[Path, Path, str]) -> None:
    _, site, said = listed
    assert "rating list" in said
    assert {"index.html", "changes.html", "series.html", "style.css"} <= {
        p.name for p in site.iterdir()
    }


def test_the_index_is_the_season_list(listed: tuple[Path, Path, str]) -> None:
    book, site, _ = listed
    header, rows = sheet(book, "Season List")
    wanted = ("Rank", "Name", "Club", "Rating", "Games", "Provisional", "Active")
    shown = page(site, "index.html").tables
    assert len(shown) == 1
    assert shown[0]["header"] == list(wanted)
    assert shown[0]["rows"] == picked(header, rows, wanted)
    # every player active or not, never an empty cell
    assert {row[-1] for row in shown[0]["rows"]} <= {"yes", "no"}
    assert "no" in {row[-1] for row in shown[0]["rows"]}
    # the heading names the list, the caption says what it holds, not the name again
    text = (site / "index.html").read_text(encoding="utf-8")
    assert text.count("Season List<") == 1
    assert f"{len(rows)} players, ranked by rating" in text


def test_every_name_links_to_a_page_with_that_players_history(
    listed: tuple[Path, Path, str],
) -> None:
    book, site, _ = listed
    header, rows = sheet(book, "Season List")
    h_header, history = sheet(book, "List History")
    c_header, changes = sheet(book, "Rating Changes")
    index = page(site, "index.html")
    assert len(index.links) >= len(rows)
    ids = [str(r[header.index("ID")]) for r in rows]
    linked = [link for link in index.links if link.startswith("player-")]
    assert len(linked) == len(rows)
    wanted = ("Period", "Before", "After", "Change", "Games", "Score", "Expected")
    for key, name, link in zip(ids, (r[header.index("Name")] for r in rows), linked, strict=True):
        html = (site / link).read_text(encoding="utf-8")
        assert f"<h1>{name}</h1>".replace("'", "&#39;") in html
        mine = [r for r in history if str(r[h_header.index("ID")]) == key]
        tables = Tables(html).tables
        assert tables[0]["rows"] == picked(h_header, mine, wanted), name
        for row in changes:
            if str(row[c_header.index("ID")]) == key:
                period, why = row[c_header.index("Period")], row[c_header.index("Why")]
                assert f"{period}: {why}".replace("'", "&#39;") in html


def test_a_players_page_draws_his_rating_as_svg_without_script(
    listed: tuple[Path, Path, str],
) -> None:
    book, site, _ = listed
    h_header, history = sheet(book, "List History")
    # Alice Brennan (ID 1) played in every period: a point for her start, then one a period.
    mine = [r for r in history if str(r[h_header.index("ID")]) == "1"]
    html = (site / "player-1.html").read_text(encoding="utf-8")
    tables = Tables(html)
    assert "script" not in tables.tags
    assert {"svg", "polyline"} <= tables.tags
    points = re.search(r'<polyline class="line" points="([^"]+)"', html)
    assert points is not None and len(points.group(1).split()) == len(mine) + 1
    assert ">Rating</text>" in html and ">Period</text>" in html
    for row in mine:
        assert f">{row[h_header.index('Period')]}</text>" in html  # the periods named
    # the higher rating is drawn higher (SVG's y grows downwards)
    ys = [float(p.split(",")[1]) for p in points.group(1).split()]
    ratings = [mine[0][h_header.index("Before")]] + [r[h_header.index("After")] for r in mine]
    assert len(ys) == len(ratings)
    for i in range(1, len(ys)):
        assert (ys[i] < ys[i - 1]) == (ratings[i] > ratings[i - 1])  # type: ignore[operator]


def test_the_changes_page_is_rating_changes_period_by_period(
    listed: tuple[Path, Path, str],
) -> None:
    book, site, _ = listed
    header, rows = sheet(book, "Rating Changes")
    shown = page(site, "changes.html").tables
    periods = list(dict.fromkeys(r[header.index("Period")] for r in rows))
    assert len(shown) == len(periods)
    for table, period in zip(shown, periods, strict=True):
        mine = [r for r in rows if r[header.index("Period")] == period]
        assert str(table["caption"]).startswith(f"{period}: ")
        assert table["rows"] == picked(header, mine, ("Name", "Change", "Why"))


def test_the_series_page_is_the_series_standings(listed: tuple[Path, Path, str]) -> None:
    book, site, _ = listed
    header, rows = sheet(book, "Series Standings")
    shown = page(site, "series.html").tables
    assert len(shown) == 1
    # the sheet's columns, the totals moved next to the names (the events' columns scroll)
    first = ["Rank", "Name", "Total", "Events"]
    wanted = [*first, *(h for h in header if h not in first)]
    assert shown[0]["header"] == wanted
    assert shown[0]["rows"] == picked(header, rows, wanted)


def test_the_series_page_spells_points_one_way(listed: tuple[Path, Path, str]) -> None:
    """Issue 35: series.html showed 16.5 in the events' cells, 41½ in Total, and its notes
    said "41.5 points"; then the cells 41.5 and the page and notes 41½. Series points read as
    the sheet's cells show them, General here: 16.5 (tests/web/test_series_shared_page.py:
    a series with thirds, to two decimals)."""
    _, site, _ = listed
    words = re.sub(r"<[^>]+>", " ", (site / "series.html").read_text(encoding="utf-8"))
    assert "½" not in words
    # the template's series: Priya Shah 25 + 16.5 (16.5 dropped), a half in a cell and a note
    assert "16.5" in words and "(16.5)" in words and "41.5 points" in words


@pytest.mark.parametrize("name", ["Riverside Chess Club", None])
def test_the_list_name_titles_the_site_and_the_printed_sheets(name: str | None) -> None:
    """List Settings' List Name is the site's title and follows each generated sheet's printed
    title; empty, the file's name stands for it (the page header's &F, publish's file name)."""
    from ratingbook.templates import build_template, sample_rows
    from ratingbook.templates.writer import TemplateBook
    from ratingbook.web.site import site_files
    from ratingbook.workbook.kinds.rating_list import read_list_site

    settings = [
        (s[0], name, s[2]) if s[0] == "List Name" else s
        for s in sample_rows("ratinglist")["List Settings"]
    ]
    wb = build_template("ratinglist", rows={"List Settings": settings})
    for sheet_name in ("Season List", "List History", "Rating Changes", "Series Standings"):
        header = wb[sheet_name].oddHeader.center.text or ""
        assert header.endswith(f"{sheet_name} - {name}" if name else f"{sheet_name} - &F")
    site = read_list_site(TemplateBook(wb))
    assert site.name == (name or "")
    if name:
        index = site_files(site.view, site.name)["index.html"]
        assert f"<title>{name}" in index or f"- {name}</title>" in index
        # the heading says Season List; the caption what the table holds, not the name again
        (caption,) = [t["caption"] for t in Tables(index).tables]
        assert re.fullmatch(r"\d+ players, ranked by rating, the unrated last", caption)
