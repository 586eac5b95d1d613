"""One spelling of a player's points on every page of a published event (issue 34): ``4½``, as
a crosstable writes them, never ``4.5`` on one page and ``4½`` on the next (the round and
standings pages said 1.5 while the prize list said 4½).

Every table of every page is read from its HTML; each column headed ``Points`` (or ``At
most``, the contenders' maximum) must hold whole numbers or halves spelt with ``½`` only. The
events: a real Swiss (Bunratty Masters 2011, imported, with a prize list of shared places,
so halves everywhere), the Swiss template (its contenders page) and the round-robin template.
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.browser import Tables
from tests.helpers.cli import run

from ratingbook.files.backends import open_book
from ratingbook.templates import TemplateBook, build_template
from ratingbook.web.site import render_site
from ratingbook.workbook.kinds import read_book_event
from ratingbook.workbook.kinds.base import IndividualSite

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
#: Points as a chess player writes them: 0, 7, ½, 4½.
SPELT = re.compile(r"^(\d+|\d*½)$")
POINT_HEADERS = ("Points", "At most")


def points_cells(pages: dict[str, str]) -> list[tuple[str, str, str]]:
    """(page, header, text) of every filled cell under a points header of every table."""
    found = []
    for name, html in pages.items():
        if not name.endswith(".html"):
            continue
        for table in Tables(html).tables:
            header = list(table["header"])  # type: ignore[call-overload]
            for row in table["rows"]:  # type: ignore[attr-defined]
                for column, cell in zip(header, row, strict=False):
                    if column in POINT_HEADERS and cell:
                        found.append((name, column, cell))
    return found


def site_of(book: object) -> dict[str, str]:
    view = read_book_event(book).site()  # type: ignore[arg-type]
    assert isinstance(view, IndividualSite)
    return render_site(view.event, "Open", end=view.end)


@pytest.fixture(scope="module")
def bunratty(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    book = tmp_path_factory.mktemp("points") / "bunratty.xlsx"
    done = run("trf", "import", DATA / "icu_bunratty-masters_2011.tab", "-o", book, "--no-check")
    assert done.returncode == 0, done.stderr
    wb = openpyxl.load_workbook(book)
    prizes = wb.create_sheet("Prizes")
    for row in (("Place", "Category", "Amount"), (1, None, 500), (2, None, 300), (3, None, 200)):
        prizes.append(row)
    wb.save(book)
    return site_of(open_book(str(book)))


def test_every_points_cell_of_a_real_event_is_spelt_one_way(bunratty: dict[str, str]) -> None:
    cells = points_cells(bunratty)
    wrong = [c for c in cells if not SPELT.match(c[2])]
    assert not wrong, wrong[:10]
    pages = {page for page, _, _ in cells}
    # The standings, the crosstable, every round, the prize list: all of them hold halves.
    assert {"index.html", "crosstable.html", "round-6.html", "prizes.html"} <= pages
    assert any("½" in text for page, _, text in cells if page == "round-6.html")
    assert any("½" in text for page, _, text in cells if page == "prizes.html")


def test_a_players_page_says_his_points_the_same_way(bunratty: dict[str, str]) -> None:
    said = {
        re.sub(r"<[^>]+>", "", m)
        for html in (v for k, v in bunratty.items() if k.startswith("player-"))
        for m in re.findall(r"Points[^<]*</dt>\s*<dd[^>]*>(.*?)</dd>", html, re.S)
    }
    assert said and all(SPELT.match(s.strip()) for s in said), sorted(said)


@pytest.mark.parametrize("kind", ["swiss", "roundrobin"])
def test_every_points_cell_of_a_template_is_spelt_one_way(kind: str) -> None:
    cells = points_cells(site_of(TemplateBook(build_template(kind))))
    assert cells
    wrong = [c for c in cells if not SPELT.match(c[2])]
    assert not wrong, wrong[:10]
