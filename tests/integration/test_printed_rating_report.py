"""The Rating Report of an event with an unrated player prints each player's line whole (user
test: a 17-player rated Swiss with three unrated players printed its long notes past the
table, cut at the page's edge (``...after 5 games agains``), and a page of empty columns
holding ``t rated players (7.1.4): 1854``, the first rating parted from its player; the
``New Rating`` column was empty for them).

The round robin template with Oskar Lind made unrated (he drew his first game, so his score
against rated players is not zero and his first rating is reckoned, B.02 8.2), its open round
played and recalculated, printed by LibreOffice.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.pdfs import needs_pdf_tools, to_pdf
from tests.integration.test_printouts import (
    _play_open_round,
    misplaced,
    same,
    sheet_pages,
)

from ratingbook import templates

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

REPORT = "Rating Report"
UNRATED = "Oskar Lind"
#: The printable width of a landscape page, in points: Letter's 792 less two 0.7-inch margins
#: (presentation.SIDE_MARGIN), which A4's 842 leaves room for too.
PAGE_RIGHT = 792.0 - 0.7 * 72


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("unrated")
    book = folder / "unrated.xlsx"
    book.write_bytes(templates.template_bytes("roundrobin"))
    wb = openpyxl.load_workbook(book)
    ws = wb["Swiss Players"]
    header = [c.value for c in ws[1]]
    row = next(r for r in ws.iter_rows(min_row=2) if r[header.index("Name")].value == UNRATED)
    row[header.index("Rating")].value = None
    wb.save(book)
    _play_open_round(book)
    done = run("recalc", book, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr
    return book, to_pdf(book, folder / "pdf")


def _report(book: Path) -> tuple[list[str], list[list[object]]]:
    ws = openpyxl.load_workbook(book, data_only=True)[REPORT]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    return [str(t) for t in rows[0]], [r for r in rows[1:] if r[0] is not None]


def test_every_number_prints_under_its_header_and_no_page_is_a_fragment(
    printed: tuple[Path, Path],
) -> None:
    book, pdf = printed
    assert [p for p in misplaced(book, pdf) if repr(REPORT) in p] == []
    header, rows = _report(book)
    names = [str(r[header.index("Name")]) for r in rows]
    for sheet, title, page in sheet_pages(book, pdf):
        if sheet != REPORT:
            continue
        # every page of the report prints every player's name (the row names repeated on a
        # page of a split table) and its header's words: no page of stray columns
        words = [w.text for line in page[title:-1] for w in line]
        assert all(name.split()[0] in words for name in names)
        assert "No." in words
        assert max(w.right for line in page for w in line) <= PAGE_RIGHT + 1


def test_the_unrated_players_note_prints_whole_on_his_line_and_his_first_rating_under_new_rating(
    printed: tuple[Path, Path],
) -> None:
    book, pdf = printed
    header, rows = _report(book)
    line = next(r for r in rows if r[header.index("Name")] == UNRATED)
    first = line[header.index("New Rating")]
    assert isinstance(first, int | float) and 1000 < first < 3000  # reckoned, not empty
    note = str(line[header.index("Note")]).split()
    assert len(" ".join(note)) > 60  # long: it must wrap to print on the page
    found_note = found_rating = False
    for sheet, title, page in sheet_pages(book, pdf):
        if sheet != REPORT:
            continue
        lines = page[title:-1]
        at = next(i for i, ln in enumerate(lines) if " ".join(w.text for w in ln).startswith(
            f"{line[0]} {UNRATED}"))  # fmt: skip
        # His lines: from his number and name to the next player's number.
        below = next(
            (i for i in range(at + 1, len(lines)) if lines[i][0].text.isdigit()
             and lines[i][0].left < lines[at][0].right),
            len(lines),
        )  # fmt: skip
        mine = [w for ln in lines[at:below] for w in ln]
        assert all(w.right <= PAGE_RIGHT + 1 for w in mine)  # within the page's width
        texts = [w.text for w in mine]
        if "Note" in [w.text for ln in page[: title + 3] for w in ln]:
            # the note's words, in order, on his lines (wrapped in its cell)
            start = texts.index(note[0], 2)
            assert texts[start : start + len(note)] == note
            found_note = True
        # his first rating on his line (misplaced(): under its header, New Rating)
        found_rating |= any(same(t, float(first)) for t in texts[2:])
    assert found_note and found_rating
