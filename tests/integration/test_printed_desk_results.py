"""``Desk Results`` on paper, printed by LibreOffice (user test 48): the results desk's record
prints as every result sheet does, for a camp's evening of games and for a Swiss round.

Printed with no print setup, a camp's record had no title and no ``Page n of m``, split over 3
pages, ``Reported By`` cut mid-word and ``Key`` alone on the third page. Now each page is titled
with the sheet and the file, every column it shows prints on one page wide under the header,
every value prints whole (a name or the ``Reported By`` sentence wrapped within its column, its
words in order), and ``Page n of m`` is at the bottom.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import openpyxl
import pytest
from tests.desk.desk_books import template
from tests.helpers.pdfs import needs_pdf_tools, to_pdfs
from tests.integration.test_printouts import misplaced, sheet_pages

from ratingbook.desk import Desk
from ratingbook.files.patching import PackageBook
from ratingbook.workbook.port.book import WriteBlock

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

SHEET = "Desk Results"
#: Long names, as a camp's list holds them (the user test's ``Emma Schultz-Whitaker``).
LONG_NAMES = {"3": "Bartholomew Vanderhoeven", "5": "Emma Schultz-Whitaker"}
#: Where the reports came from, as a desk on a camp's network writes them.
ORIGIN = "phone 192.168.100.{}"


def _rename(book: Path, names: dict[str, str]) -> None:
    """Staff type the campers' names into ``Ladder Players`` (by ID)."""
    pb = PackageBook(book)
    grid = pb.read_values("Ladder Players")
    ids, column = grid[0].index("ID"), grid[0].index("Name") + 1
    for row, line in enumerate(grid, start=1):
        if row > 1 and str(line[ids]).removesuffix(".0") in names:
            pb.write_values(WriteBlock("Ladder Players", row, column, [[names[str(line[ids])]]]))
    pb.save(book)


def _camp(folder: Path) -> tuple[Path, int]:
    """The ladder template, two campers renamed with long names, an evening of six games
    reported by both players from their phones, released and taken; the games taken."""
    book = template(folder, "ladder")
    _rename(book, LONG_NAMES)
    desk = Desk.open(book)
    ids = [ident for ident, _ in desk.players()]
    games = [(ids[0], ids[2]), (ids[3], ids[1]), (ids[4], ids[5]), (ids[6], ids[3]),
             (ids[2], ids[4]), (ids[5], ids[6])]  # fmt: skip
    for n, (white, black) in enumerate(games):
        result = desk.allowed()[n % 3]
        desk.report_game(desk.player_code(white), white, black, result, origin=ORIGIN.format(n))
        desk.report_game(desk.player_code(black), white, black, result, origin=ORIGIN.format(50))
    assert desk.release(None, by="staff") == len(games)
    assert desk.take().taken == len(games)
    return book, len(games)


def _swiss(folder: Path) -> tuple[Path, int]:
    """The Swiss template, its open round's boards each reported by both players
    from their phones, released and taken; the boards taken."""
    book = template(folder, "swiss")
    desk = Desk.open(book)
    rnd = desk.round()
    assert rnd is not None
    boards = desk.pairings(rnd)
    for n, pairing in enumerate(boards):
        result = desk.allowed()[n % 3]
        desk.report(pairing.code, result, side="white", origin=ORIGIN.format(n))
        desk.report(pairing.code, result, side="black", origin=ORIGIN.format(50 + n))
    assert desk.release(rnd, by="arbiter") == len(boards)
    assert desk.take().taken == len(boards)
    return book, len(boards)


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, int]]:
    """Each book, its PDF (one LibreOffice run for both) and the results its desk took."""
    folder = tmp_path_factory.mktemp("desk")
    camp_folder, swiss_folder = folder / "camp", folder / "swiss"
    camp_folder.mkdir(), swiss_folder.mkdir()
    books = {"camp": _camp(camp_folder), "swiss": _swiss(swiss_folder)}
    pdfs = to_pdfs([book for book, _ in books.values()], folder)
    return {k: (book, pdf, n) for (k, (book, n)), pdf in zip(books.items(), pdfs, strict=True)}


def _pages(book: Path, pdf: Path) -> list[list[str]]:
    """The words of each page of ``Desk Results`` (known by its printed title)."""
    return [
        [w.text for line in page for w in line]
        for sheet, _, page in sheet_pages(book, pdf)
        if sheet == SHEET
    ]


def _shown(book: Path) -> tuple[list[str], list[list[object]]]:
    """The header and rows of ``Desk Results`` as the book holds them, its hidden columns
    (those no row fills) left out."""
    ws = openpyxl.load_workbook(book)[SHEET]
    grid = [list(r) for r in ws.iter_rows(values_only=True)]
    keep = [c for c in range(len(grid[0])) if not ws.column_dimensions[chr(ord("A") + c)].hidden]
    return [str(grid[0][c]) for c in keep], [[r[c] for c in keep] for r in grid[1:]]


@pytest.mark.parametrize("kind", ["camp", "swiss"])
def test_desk_results_prints_titled_one_page_wide_every_value_whole(
    kind: str, printed: dict[str, tuple[Path, Path, int]]
) -> None:
    book, pdf, taken = printed[kind]
    pages = _pages(book, pdf)
    assert pages, f"no page of {SHEET!r} is titled"
    header, rows = _shown(book)
    assert len(rows) == taken
    for words in pages:
        # Titled with the sheet and the file; every shown column's header on the page (one
        # page wide: no column pushed to a page of its own), Page n of m at the bottom.
        assert words[:4] == ["Desk", "Results", "-", book.name], words[:6]
        assert all(w in words for h in header for w in h.split()), (header, words)
        assert re.search(r"Page \d+ of \d+", " ".join(words)), words[-8:]
    # Every value whole: each word of every cell printed, as often as the cells hold it.
    printed_words = Counter(w for words in pages for w in words)
    wanted = Counter(
        w
        for row in rows
        for v in row
        if v not in (None, "")
        for w in str(int(v) if isinstance(v, float) and v.is_integer() else v).split()
    )
    missing = {w: n - printed_words[w] for w, n in wanted.items() if printed_words[w] < n}
    assert not missing, f"not printed whole: {missing}"
    # A camp's evening (six games) and a Swiss round each fit one page.
    assert len(pages) == 1
    # Every number under its own header, every text not wrapped printed whole on its line.
    assert [p for p in misplaced(book, pdf) if repr(SHEET) in p] == []
