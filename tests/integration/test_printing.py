"""A list to pin on the wall, and charts on paper (issue 9, items 3 and 4), measured by LibreOffice.

Each book is recalculated by the default (package) engine, then printed to PDF by LibreOffice:
every sheet prints with its own print setup. All the books are made and printed once, by one
LibreOffice run (``printed``). A standings page is found by the title printed
in its page header (``Ladder Standings - Week 1``).
"""

from __future__ import annotations

import re
import subprocess
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

STANDINGS_HEADER = ["Rank", "ID", "Name", "Group", "Rating", "Games", "Wins", "Draws", "Losses"]


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


def _by_group(engine: str, folder: Path) -> Path:
    """The ladder template with Posted List = By group, recalculated with ``engine``."""
    open_book = {"package": PackageBook, "openpyxl": XlsxBook}[engine]
    source = folder / f"grouped-{engine}.xlsx"
    source.write_bytes(templates.template_bytes("ladder"))
    book = PackageBook(source)
    (row,) = [
        n for n, r in enumerate(book.read_values("Ladder Settings"), 1) if r[0] == "Posted List"
    ]
    book.write_values(WriteBlock("Ladder Settings", row, 2, [["By group"]]))
    book.save(source)
    book = open_book(source)
    recalc(book)
    out = folder / f"by-group-{engine}.xlsx"
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
        "by group, package": _by_group("package", folder),
        "by group, openpyxl": _by_group("openpyxl", folder),
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
        "1 1 Maya Okafor Advanced 1210 3 2 1 0",
        "7 6 Sam Ortiz Beginners 823 3 1 1 1",
    ):
        assert line in " ".join(page.split()), page
    # The posted list: the posted Rating only, never the Permanent Rating (Maya's is 1270).
    assert "Permanent" not in page and "1270" not in page


def test_the_posted_list_is_in_large_type(printed: dict[str, Path]) -> None:
    """A wall list read from a step away: its words print at least 11 points tall (a book's
    type at full size; the list of 10 columns used to be shrunk to about 8 to fit the width)."""
    pages = page_texts(printed["sample"])
    (number,) = [n for n, t in enumerate(pages, start=1) if "Ladder Standings - Week 1" in t]
    assert word_height(printed["sample"], number, "Maya") >= 11


def word_height(pdf: Path, page: int, word: str) -> float:
    """The printed height (points) of ``word``'s first box on ``page``."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    match = re.search(rf'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">{word}<', out)
    assert match, out[:500]
    return float(match.group(2)) - float(match.group(1))


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


def test_a_200_player_ladder_prints_in_full_size_with_whole_rows_and_the_header_on_each_page(
    printed: dict[str, Path],
) -> None:
    """A posted list too long for one page in 11-point type is not squeezed onto one: it
    takes the pages it needs (14-point type: 25 to 40 campers a page, by the orientation that
    holds its columns at that size), each with the header."""
    pdf = printed["big"]
    standings = pages_titled(page_texts(pdf), "Ladder Standings - Week 1")
    assert 5 <= len(standings) <= 8
    seen: set[str] = set()
    for n, page in enumerate(standings, start=1):
        assert re.search(r"Page \d+ of \d+", page), n
        lines = [line.split() for line in page.splitlines()]
        # The header row is repeated at the top of every page.
        assert any(words == STANDINGS_HEADER for words in lines)
        for words in lines:
            names = [w for w in words if re.fullmatch(r"Camper\d{3}", w)]
            if names:
                # Rank, ID, name, group, rating, games, wins, draws, losses: a row's nine
                # columns are on one line of one page.
                assert len(words) == 9, words
                seen.add(names[0])
    assert len(seen) == 200


def test_the_recalculated_template_shows_its_charts_in_the_pdf(
    printed: dict[str, Path], tmp_path: Path
) -> None:
    pdf = printed["sample"]
    pages = page_texts(pdf)
    # one chart a page: the week-by-week chart's page (the week's chart has its own)
    (number,) = [n for n, p in enumerate(pages, start=1) if "Advanced: week by week" in p]
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
    assert "1 1 Maya Okafor Advanced 1200 0 0 0 0" in " ".join(page.split())
    # Week 1's final standings are printed from the archive too.
    assert pages_titled(pages, "Weekly Standings")


#: Each camper's printed row on Ladder Progress in week 2, no game of it played yet: his
#: group's rating (the week's Start) and the Rating he ended week 1 on (seed 001, worked by
#: hand in tests/workbook/test_camp_week.py), and nothing for week 2.
WEEK_2_PROGRESS = [
    "Beginners 6 Sam Ortiz 800 823",
    "Beginners 7 Zoe Campbell 800 837",
    "Intermediate 3 Priya Nair 1000 1008",
    "Intermediate 4 Lucas Moreau 1000 969",
    "Intermediate 5 Hannah Becker 1000 976",
    "Advanced 1 Maya Okafor 1200 1210",
    "Advanced 2 Tom Lindqvist 1200 1177",
]


@pytest.mark.parametrize("engine", ["package", "openpyxl"])
def test_after_the_week_rolls_over_the_charts_numbers_hold_no_point_for_the_new_week(
    engine: str, printed: dict[str, Path]
) -> None:
    """A user test: with week 2 started and none of its games played, each camper's
    week-by-week line dipped to his group's rating, written on Ladder Progress (the numbers
    the charts read) as his week 2 point. Printed, each row is his Start and week 1's end; the
    week 2 column is empty, so it is hidden like every week to come."""
    (page,) = pages_titled(page_texts(printed[f"week 2, {engine}"]), "Ladder Progress - Week 2")
    rows = [" ".join(line.split()) for line in page.splitlines()]
    assert [r for r in rows if r.split(" ")[0] in GROUPS] == WEEK_2_PROGRESS
    # The header, "Week" wrapped above its number: Start and Week 1 only.
    assert [r for r in rows if r.startswith("Group ")] == ["Group ID Name Start 1"]


#: The template's campers by group, in Camp Groups' order, each group best first (week 1).
GROUPS = {
    "Beginners": ["Zoe Campbell", "Sam Ortiz"],
    "Intermediate": ["Priya Nair", "Hannah Becker", "Lucas Moreau"],
    "Advanced": ["Maya Okafor", "Tom Lindqvist"],
}


@pytest.mark.parametrize("engine", ["package", "openpyxl"])
def test_a_list_posted_by_group_prints_each_group_on_its_own_page_under_its_name(
    engine: str, printed: dict[str, Path]
) -> None:
    """Posted List = By group (issue 34): a page per group, the group's name heading it under
    the repeated header, and on it that group's campers only, in their order."""
    standings = pages_titled(
        page_texts(printed[f"by group, {engine}"]), "Ladder Standings - Week 1"
    )
    assert len(standings) == len(GROUPS)
    for page, (group, campers) in zip(standings, GROUPS.items(), strict=True):
        lines = [" ".join(line.split()) for line in page.splitlines() if line.strip()]
        header = lines.index(" ".join(STANDINGS_HEADER))
        assert lines[header + 1] == group, page
        names = [n for names in GROUPS.values() for n in names if n in page]
        assert names == campers, page
