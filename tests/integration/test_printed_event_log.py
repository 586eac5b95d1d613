"""The Event Log of an imported event on paper, printed by LibreOffice: every board of its
board lists printed whole (a list wrapped in its cell broke after a hyphen, "9-26 11-" over
"28", issue 34), and every digest whole, not cut at its column's edge with no sign of the cut.
The cells keep what the log's reader reads: only widths and type size are print's."""

from __future__ import annotations

import re
from collections import Counter

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.paths import REAL_TRF
from tests.helpers.pdfs import needs_pdf_tools, page_words, to_pdf

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

SAMPLE = REAL_TRF / "icu_bunratty-masters_2011.tab"
#: A board as the log writes it: White's start number, a hyphen, Black's.
BOARD = re.compile(r"\d+-\d+")


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[list[object]], list[str]]:
    """The log's rows as stored, and the words printed on its pages."""
    folder = tmp_path_factory.mktemp("log")
    book = folder / "bunratty.xlsx"
    assert run("trf", "import", SAMPLE, "-o", book, "--confirm").returncode == 0
    assert run("recalc", book, "--in-place").returncode == 0
    ws = openpyxl.load_workbook(book)["Event Log"]
    rows = [list(r) for r in ws.iter_rows(min_row=2, values_only=True)]
    words = []
    for page in page_words(to_pdf(book, folder)):
        if [w.text for w in page[:2]] == ["Event", "Log"]:  # the page's title
            words += [w.text for w in page]
    assert rows and words
    return rows, words


def test_every_board_of_the_log_prints_whole(
    printed: tuple[list[list[object]], list[str]],
) -> None:
    rows, words = printed
    boards = Counter(
        b
        for r in rows
        for cell in (r[3], r[4])
        if cell
        for b in str(cell).split()
        if BOARD.fullmatch(b)
    )
    assert sum(boards.values()) > 100  # six rounds' lists, before and after the import
    shown = Counter(words)
    missing = {b: n - shown[b] for b, n in boards.items() if shown[b] < n}
    assert not missing, f"boards not printed whole: {sorted(missing)[:10]}"
    broken = [w for w in words if re.fullmatch(r"\d+-", w)]
    assert not broken, f"a board broken after its hyphen: {broken[:10]}"


def test_every_digest_prints_whole(printed: tuple[list[list[object]], list[str]]) -> None:
    rows, words = printed
    digests = [str(r[7]) for r in rows]
    assert all(re.fullmatch(r"[0-9a-f]{64}", d) for d in digests), digests
    assert [d for d in digests if d not in words] == []
