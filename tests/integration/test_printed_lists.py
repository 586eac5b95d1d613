"""Printouts read right (issue 34), the books a camp and an arbiter print first: the posted ladder
list of a camp of 60 campers with long names, and a Swiss or round robin book before any change
is logged. All printed by one LibreOffice call; the PDF read with ``pdftotext -bbox``
(tests/integration/test_printouts.py's readers).

The posted list is for the wall: large type, the posted rating only. One page holds it when its
type is no smaller than the book's own 11 points; a longer list prints on as many pages as it
needs, one page wide, each under the header, in the largest type one page wide allows (a camp
that wants each group on its own page sets ``Posted List`` to ``By group``).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.pdfs import needs_pdf_tools, to_pdfs
from tests.integration.test_printouts import misplaced, printed_sizes, sheet_pages

from ratingbook import templates

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

#: Long names, as a camp's list holds them (29 to 33 characters, hyphens and two surnames).
FIRST = (
    "Alexandra", "Maximilian", "Bartholomew", "Guadalupe", "Konstantinos", "Anastasia",
    "Christopher", "Wilhelmina", "Oluwaseun", "Jacqueline",
)  # fmt: skip
LAST = (
    "Papadopoulou-Wright", "Gorrochategui Torres", "Vanderhoeven-Smith", "Oyelaran-Adebayo",
    "MacAllister-Whitmore", "Lakunza Oyarbide", "Worthington-Hughes", "Szczepanowski",
)  # fmt: skip
CAMPERS = 60
#: The smallest type the posted list may print at: the book's own 11 points (the list is for
#: the wall; fitted to one page, 60 campers printed at 8.5 points before).
WALL_POINTS = 11.0


def _camp(book: Path) -> list[str]:
    """The ladder template with 60 campers of long names in three groups and 30 games typed in
    (as a camp director types them), recalculated; the campers' names."""
    book.write_bytes(templates.template_bytes("ladder"))
    wb = openpyxl.load_workbook(book)
    players, games = wb["Ladder Players"], wb["Ladder Games"]
    players.delete_rows(2, players.max_row)
    games.delete_rows(2, games.max_row)
    groups = ("Beginners", "Intermediate", "Advanced")
    names = [f"{FIRST[n % 10]} {LAST[(n // 10 + n) % len(LAST)]}" for n in range(CAMPERS)]
    for n, name in enumerate(names):
        players.append((n + 1, name, groups[n % 3], True, None, None, 800 + 200 * (n % 3) + n))
    for n in range(0, CAMPERS, 2):
        games.append((n + 1, n + 2, ("(1-0)", "(0-1)", "(½-½)")[n % 3]))
    wb.save(book)
    done = run("recalc", book, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr
    return names


def _fresh_event(kind: str, book: Path) -> None:
    """The ``kind`` template recalculated as it comes: its Event Log started, no change logged."""
    book.write_bytes(templates.template_bytes(kind))
    done = run("recalc", book, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """The camp's book and the two fresh events' books with their PDFs, by name."""
    folder = tmp_path_factory.mktemp("lists")
    books = {"camp": folder / "camp.xlsx"}
    _camp(books["camp"])
    for kind in ("swiss", "roundrobin"):
        books[kind] = folder / f"{kind}.xlsx"
        _fresh_event(kind, books[kind])
    pdfs = to_pdfs(list(books.values()), folder / "pdf")
    return {name: (book, pdf) for (name, book), pdf in zip(books.items(), pdfs, strict=True)}


def test_a_camp_of_60_posts_every_name_whole_in_wall_type(
    lists: dict[str, tuple[Path, Path]],
) -> None:
    """Issue 34: 60 campers with long names, fitted to one page, printed at 8.5 points (6.8
    with longer names, cut). Each camper's name prints whole on a line of the posted list, once;
    every number under its header; the type the book's 11 points or more, measured from the
    PDF."""
    book, pdf = lists["camp"]
    wb = openpyxl.load_workbook(book, read_only=True)
    names = [row[1] for row in wb["Ladder Players"].iter_rows(min_row=2, values_only=True)]
    assert len(names) == CAMPERS
    lines = [
        [w.text for w in line]
        for sheet, title, page in sheet_pages(book, pdf)
        if sheet == "Ladder Standings"
        for line in page[title:]
    ]
    printed = {}
    for name in names:
        words = str(name).split()
        printed[name] = sum(
            line[i : i + len(words)] == words for line in lines for i in range(len(line))
        )
    assert {n: count for n, count in printed.items() if count != 1} == {}
    problems = [p for p in misplaced(book, pdf) if "'Ladder Standings'" in p]
    assert problems == []
    assert printed_sizes(book, pdf)["Ladder Standings"] >= WALL_POINTS


@pytest.mark.parametrize("kind", ["swiss", "roundrobin"])
def test_an_empty_event_log_prints_nothing(kind: str, lists: dict[str, tuple[Path, Path]]) -> None:
    """Issue 34: before its first change, the Event Log (its header alone) printed a page with
    the header and nothing under it. Empty, it prints no page, as an empty input sheet."""
    book, pdf = lists[kind]
    wb = openpyxl.load_workbook(book, read_only=True)
    assert [r for r in wb["Event Log"].iter_rows(min_row=2, values_only=True) if any(r)] == []
    assert "Event Log" not in [sheet for sheet, _, _ in sheet_pages(book, pdf)]
