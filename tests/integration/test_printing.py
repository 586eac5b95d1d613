"""A list to pin on the wall, and charts on paper (issue 9, items 3 and 4), measured by LibreOffice.

Each book is recalculated by the default (package) engine, then printed to PDF by LibreOffice:
every sheet prints with its own print setup. All the books are made and printed once, by one
LibreOffice run (``printed``). A standings page is found by the title printed
in its page header (``Ladder Standings - Week 1``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.helpers.pdfs import (
    coloured_share,
    needs_pdf_tools,
    page_count,
    page_pixels,
    page_texts,
    to_pdfs,
)
from tests.helpers.workbooks import make_book, save_book

from ratingbook import templates
from ratingbook.files.patching import PackageBook
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook import recalc
from ratingbook.workbook.port.book import WriteBlock

pytestmark = needs_pdf_tools

STANDINGS_HEADER = ["Rank", "ID", "Name", "Group", "Rating", "Permanent", "Rating", "Games"]


def recalculated(source: Path, out: Path) -> Path:
    book = PackageBook(source)
    recalc(book)
    book.save(out)
    return out


def pages_titled(pages: list[str], title: str) -> list[str]:
    return [p for p in pages if title in p]


def _sample(folder: Path) -> Path:
    """The ladder template, recalculated."""
    source = folder / "camp.xlsx"
    source.write_bytes(templates.template_bytes("ladder"))
    return recalculated(source, folder / "recalculated.xlsx")


def _big(folder: Path) -> Path:
    source = save_book(make_book(_big_ladder(200)), folder / "big.xlsx")
    return recalculated(source, folder / "big-recalculated.xlsx")


def _week_2(engine: str, folder: Path) -> Path:
    """The ladder template after staff raise the Week cell and recalculate with ``engine``."""
    open_book = {"package": PackageBook, "openpyxl": XlsxBook}[engine]
    source = folder / f"camp-{engine}.xlsx"
    source.write_bytes(templates.template_bytes("ladder"))
    raised = folder / f"raised-{engine}.xlsx"
    book = PackageBook(source)
    book.write_values(WriteBlock("Ladder Settings", 2, 2, [[2]]))  # staff type 2 into Week
    book.save(raised)
    book = open_book(raised)
    recalc(book)
    out = folder / f"week2-{engine}.xlsx"
    book.save(out)
    return out


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every book the tests print, as PDF: one LibreOffice run for them all."""
    folder = tmp_path_factory.mktemp("printing")
    books = {
        "sample": _sample(folder),
        "big": _big(folder),
        "week 2, package": _week_2("package", folder),
        "week 2, openpyxl": _week_2("openpyxl", folder),
    }
    return dict(zip(books, to_pdfs(list(books.values()), folder / "pdf"), strict=True))


def test_the_sample_ladder_standings_print_on_one_page(printed: dict[str, Path]) -> None:
    pdf = printed["sample"]
    pages = page_texts(pdf)
    assert len(pages) == page_count(pdf)
    standings = pages_titled(pages, "Ladder Standings - Week 1")
    assert len(standings) == 1
    page = standings[0]
    # The whole table is on it: every camper's line with rank, name, rating, ..., losses.
    # Page numbers are printed (LibreOffice numbers the pages of the whole book, Excel a sheet's).
    assert re.search(r"Page \d+ of \d+", page)
    for line in (
        "1 1 Maya Okafor Advanced 1210 1270 3 2 1 0",
        "7 6 Sam Ortiz Beginners 823 834 3 1 1 1",
    ):
        assert line in " ".join(page.split()), page


def _big_ladder(players: int) -> dict[str, list[list[object]]]:
    groups = [["Group", "Initial Ladder Rating"], ["Red", 1000], ["Blue", 1200], ["Green", 800]]
    roster: list[list[object]] = [
        ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"]
    ]
    for i in range(1, players + 1):
        roster.append([i, f"Camper{i:03d}", groups[1 + i % 3][0], True, None, None, 1000 + i])
    games: list[list[object]] = [["White", "Black", "Result"]]
    games += [[i, i + 1, "(1-0)"] for i in range(1, players, 2)]
    return {"Camp Groups": groups, "Ladder Players": roster, "Ladder Games": games}


def test_a_200_player_ladder_prints_on_at_most_4_pages_with_whole_rows(
    printed: dict[str, Path],
) -> None:
    pdf = printed["big"]
    standings = pages_titled(page_texts(pdf), "Ladder Standings - Week 1")
    assert 1 <= len(standings) <= 4
    seen: set[str] = set()
    for n, page in enumerate(standings, start=1):
        assert re.search(r"Page \d+ of \d+", page), n
        lines = [line.split() for line in page.splitlines()]
        # The header row is repeated at the top of every page.
        assert any(words[:8] == STANDINGS_HEADER and words[-1] == "Losses" for words in lines)
        for words in lines:
            names = [w for w in words if re.fullmatch(r"Camper\d{3}", w)]
            if names:
                # Rank, ID, name, group, rating, permanent, games, wins, draws, losses: a row's
                # ten columns are on one line of one page.
                assert len(words) == 10, words
                seen.add(names[0])
    assert len(seen) == 200


def test_the_recalculated_template_shows_its_charts_in_the_pdf(
    printed: dict[str, Path], tmp_path: Path
) -> None:
    pdf = printed["sample"]
    pages = page_texts(pdf)
    (number,) = [n for n, p in enumerate(pages, start=1) if "Advanced: week 1" in p]
    page = pages[number - 1]
    # Chart titles, axis titles and the legend are drawn as text; the lines as ink.
    for text in ("Advanced: week by week", "Games played this week", "Maya Okafor", "Rating"):
        assert text in page
    # The value axis spans the plotted ratings (1177..1210 for Advanced).
    ticks = {int(t) for t in re.findall(r"\b1[12]\d0\b", page)}
    assert min(ticks) <= 1177 and max(ticks) >= 1210
    # The plotted lines are in colour, unlike text, axes and gridlines.
    assert coloured_share(page_pixels(pdf, number, tmp_path)) > 0.0002


@pytest.mark.parametrize("engine", ["package", "openpyxl"])
def test_after_the_week_rolls_over_the_new_standings_print_on_one_page(
    engine: str, printed: dict[str, Path]
) -> None:
    """Done when (issue 9): raise the Week cell, Recalc; the new week's standings are one page."""
    pages = page_texts(printed[f"week 2, {engine}"])
    (page,) = pages_titled(pages, "Ladder Standings - Week 2")
    # Every camper starts the week at their group's rating: Advanced 1200 ... Beginners 800.
    assert "1 1 Maya Okafor Advanced 1200 1270 0 0 0 0" in " ".join(page.split())
    # Week 1's final standings are printed from the archive too.
    assert pages_titled(pages, "Weekly Standings")
