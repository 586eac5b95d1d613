"""A Swiss event's lists on paper, printed by LibreOffice: each page titled with what it is and
the event ("Round 3 pairings - Club Championship 2026"), start number, title and federation in
columns of their own, and ranks, numbers and crosstable cells apart from the names beside them.
The event is tests/helpers/played_event.py's."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.pdfs import needs_pdf_tools, page_texts, to_pdf
from tests.helpers.played_event import EVENT, played_event

pytestmark = [*needs_pdf_tools, pytest.mark.slow]


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_event(tmp_path_factory.mktemp("played"))


@pytest.fixture(scope="module")
def pages(book: Path, tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return page_texts(to_pdf(book, tmp_path_factory.mktemp("printed")))


def page(pages: list[str], title: str) -> str:
    """The first page titled ``title`` (a table split across pages has its title on each)."""
    found = [p for p in pages if title in p]
    assert found, title
    return found[0]


@pytest.mark.parametrize(
    "title",
    [
        f"Standings after round 3 - {EVENT}",
        f"Crosstable after round 3 - {EVENT}",
        f"Round 3 pairings - {EVENT}",
        f"Rating report - {EVENT}",
    ],
)
def test_each_list_is_titled_with_the_event_and_round(pages: list[str], title: str) -> None:
    assert page(pages, title)


def test_numbers_titles_and_names_stand_apart(pages: list[str]) -> None:
    standings = page(pages, f"Standings after round 3 - {EVENT}")
    header = next(line for line in standings.splitlines() if "Rank" in line)
    assert re.search(r"Rank\s+No\.\s+Title\s+Name\s+Fed\s+Rating\s+Points", header)
    # Ann Berg: rank 3, start number 1, FM, NOR: each its own word, none run together.
    ann = next(line for line in standings.splitlines() if "Ann Berg" in line)
    assert re.search(r"\b3\s+1\s+FM\s+Ann Berg\s+NOR\s+2310\b", ann), ann
    crosstable = page(pages, f"Crosstable after round 3 - {EVENT}")
    row = next(line for line in crosstable.splitlines() if "Ann Berg" in line)
    # Her rounds, by the opponents' start numbers (the Swiss Games rows): beat Dita Kay (No. 4)
    # with White, drew Zoë (No. 6) with Black, lost to Tom (No. 3) with White; separate cells.
    assert re.search(r"2310\s+4w1\s+6b½\s+3w0\s+1 1/2", row), row


def test_points_are_numbers_printed_in_halves(book: Path, pages: list[str]) -> None:
    """Ann Berg's points, by hand from her games (a win, a draw, a loss: 1.5; before round 3:
    1.5), are numbers in the Standings, Crosstable and Pairings cells (a club's formulas sum
    and sort them), printed in halves by their number format ``# ?/2`` (Excel's fraction
    format: ``1 1/2``), never ``1.5`` nor ``3.0`` beside the crosstable's ``6b½`` (issue 34:
    printed under a number format ``0.0``)."""
    wb = openpyxl.load_workbook(book)
    for sheet in ("Swiss Standings", "Crosstable", "Pairings"):
        ws = wb[sheet]
        header = [c.value for c in ws[1]]
        cell = next(
            row[header.index("Points")]
            for row in ws.iter_rows(min_row=2)
            if "Ann Berg" in [c.value for c in row]
        )
        assert (cell.value, cell.number_format) == (1.5, "# ?/2"), sheet
    standings = page(pages, f"Standings after round 3 - {EVENT}")
    ann = next(line for line in standings.splitlines() if "Ann Berg" in line)
    assert re.search(r"NOR\s+2310\s+1 1/2\s", ann), ann
    round_3 = page(pages, f"Round 3 pairings - {EVENT}")
    ann = next(line for line in round_3.splitlines() if "Ann Berg" in line)
    assert re.search(r"Ann Berg\s+2310\s+1 1/2\s", ann), ann


def test_the_pairings_print_their_round_in_the_title_not_on_every_row(pages: list[str]) -> None:
    """The round's page on the web names the round in its heading and has no Round column;
    printed, the Pairings sheet did repeat it on every row (issue 34). Its header starts with
    the board, and Ann Berg's row (board 1 or later, her start number 1) with no round."""
    round_3 = page(pages, f"Round 3 pairings - {EVENT}")
    header = next(line for line in round_3.splitlines() if "Result" in line)
    assert header.split()[:2] == ["Board", "No."], header
    ann = next(line for line in round_3.splitlines() if "Ann Berg" in line)
    board, number = ann.split()[:2]
    assert board in {"1", "2", "3"} and number == "1", ann
