"""A rating list's List Games prints a game on one line (issue 35's user test, fresh clone):

- a book's game noted ``sheet 'Swiss Games', row 2`` in a Source column 9 wide took four
  lines, so 29 games needed two pages: its Source now names the sheet and row briefly
  (``Swiss Games 2``), in a column that holds them;
- a TRF's ``Wynarczyk, Raymond`` and ``Griffiths, Ryan-Rhys`` printed on one line of an
  18-wide column, their rows two lines tall.

Expected line counts are worked by hand from text_widths' table of characters' widths.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import openpyxl
from tests.helpers.paths import ROOT
from tests.helpers.pdfs import needs_pdf_tools, page_words, to_pdfs

from ratingbook.files.season_sources import read_sources
from ratingbook.session import AddEvents, Session
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook
from ratingbook.workbook.port.presentation import LINE_HEIGHT
from ratingbook.workbook.sheets.list_layout import (
    LIST_GAMES_WIDTHS,
    LIST_GAMES_WRAPPED,
    row_heights,
)

BUNRATTY = ROOT / "tests" / "data" / "trf" / "icu_bunratty-masters_2011.tab"


def _game(**cells: object) -> dict[str, object]:
    row: dict[str, object] = {
        "Event Name": "Club Swiss",
        "White": "Anna",
        "Black": "Daniel",
        "Source": "line 21",
    }
    return {**row, **cells}


def test_a_books_source_takes_one_line() -> None:
    """``Swiss Games 182``: S 1.0, w 1.4, i 0.5, s 0.9 twice (4.7), a space 0.5, G 1.25,
    a 1.0, m 1.55, e 1.0, s 0.9 (5.7), 0.5, three digits 3.0: 14.4; a ladder's ``Games
    Archive 99``: 5.7, 0.5, A 1.1, r 0.7, c 0.9, h 1.0, i 0.5, v 0.95, e 1.0 (6.15), 0.5,
    2.0: 14.85; each within the Source column (16 less half a digit: 15.5)."""
    rows = [_game(Source="Swiss Games 182"), _game(Source="Games Archive 99")]
    assert row_heights(rows, *_layout()) == (LINE_HEIGHT, LINE_HEIGHT)


def test_a_name_of_seventeen_and_a_half_takes_one_line() -> None:
    """``Wynarczyk, Raymond``: W 1.55, y 0.95, n 1.0, a 1.0, r 0.7, c 0.9, z 0.9, y 0.95,
    k 0.95, the comma 0.5 (9.4), a space 0.5, R 1.1, a 1.0, y 0.95, m 1.55, o 1.0, n 1.0,
    d 1.0 (7.6): 17.5, within an 18-wide column (17.5). ``Griffiths, Ryan-Rhys``: G 1.25,
    r 0.7, i 0.5, f 0.65 twice, i 0.5, t 0.7, h 1.0, s 0.9, the comma 0.5 (7.35), 0.5,
    R 1.1, y 0.95, a 1.0, n 1.0, the hyphen 0.65, R 1.1, h 1.0, y 0.95, s 0.9 (8.65): 16.5,
    no space after the hyphen."""
    rows = [_game(White="Wynarczyk, Raymond", Black="Griffiths, Ryan-Rhys")]
    rows.append(_game(White="Griffiths, Ryan-Rhys", Black="Wynarczyk, Raymond"))
    assert row_heights(rows, *_layout()) == (LINE_HEIGHT, LINE_HEIGHT)


def _layout() -> tuple[dict[str, float], tuple[str, ...]]:
    return dict(LIST_GAMES_WIDTHS), tuple(LIST_GAMES_WRAPPED)


def _swiss(path: Path) -> Path:
    build_template("swiss").save(path)
    return path


@needs_pdf_tools[0]
@needs_pdf_tools[1]
def test_a_swiss_book_and_a_trf_print_a_game_a_line(tmp_path: Path) -> None:
    """The user test: the template's Swiss book and the Bunratty Masters TRF added to the
    rating list template. Every List Games row is one line tall (the 20 sample games, the
    Swiss's 9 and Bunratty's games, names of 18 letters among them), each book game names its
    sheet and row, and printed, the space from one game's round to the next is one line."""
    book = TemplateBook(build_template("ratinglist"))
    sources = read_sources([str(_swiss(tmp_path / "swiss.xlsx")), str(BUNRATTY)])
    Session(book).run(AddEvents(sources))
    path = tmp_path / "list.xlsx"
    book.save(path)
    sheet = openpyxl.load_workbook(path)["List Games"]
    sources_written = [sheet.cell(r, 9).value for r in range(2, sheet.max_row + 1)]
    assert [s for s in sources_written if "Swiss" in str(s)] == [
        f"Swiss Games {n}" for n in range(2, 11)
    ]
    tall = {
        r: sheet.row_dimensions[r].height
        for r in range(2, sheet.max_row + 1)
        if sheet.row_dimensions[r].height not in (None, LINE_HEIGHT)
    }
    assert tall == {}
    (pdf,) = to_pdfs([path], tmp_path / "pdf")
    gaps: list[float] = []
    pages = [w for w in page_words(pdf) if any(x.text == "Round" for x in w)]
    for words in pages:
        if not any(x.text == "Source" for x in words):
            continue
        (header,) = [w for w in words if w.text == "Round"]
        tops = sorted(
            {round(w.top, 1) for w in words if w.text.isdigit() and abs(w.right - header.right) < 1}
        )
        gaps += [b - a for a, b in itertools.pairwise(tops)]
    assert gaps
    assert max(gaps) < 1.5 * min(gaps), f"a row {max(gaps) / min(gaps):.2f} lines tall"
