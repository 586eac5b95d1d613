"""A team event on paper, printed by LibreOffice: the team template with round 2 paired, each
generated list one page wide (one page each, here) and titled with what it is and the event
("Round 2 pairings - Summer Camp Team Cup"); the match line and its boards as a captain reads
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.helpers.paths import ROOT
from tests.helpers.pdfs import needs_pdf_tools, page_texts, to_pdf

from ratingbook import workbook
from ratingbook.files.backends import open_book

pytestmark = [*needs_pdf_tools, pytest.mark.slow]
EVENT = "Summer Camp Team Cup"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("team-printed")
    cup = folder / "cup.xlsx"
    cup.write_bytes((ROOT / "workbook_templates" / "team.xlsx").read_bytes())
    book = open_book(str(cup))
    workbook.pair(book)
    book.save(Path(cup))
    return page_texts(to_pdf(cup, folder))


@pytest.mark.parametrize(
    "title",
    [
        f"Team standings after round 1 - {EVENT}",
        f"Team crosstable after round 1 - {EVENT}",
        f"Round 2 pairings - {EVENT}",
        f"Board-by-board results - {EVENT}",
        f"Board prizes after round 1 - {EVENT}",
        f"Team notes, round 2 - {EVENT}",
    ],
)
def test_each_list_is_one_page_titled_with_the_event_and_round(
    pages: list[str], title: str
) -> None:
    assert len([p for p in pages if title in p]) == 1


def test_the_round_reads_as_a_captain_reads_it(pages: list[str]) -> None:
    """Round 2: Bishops (White on board 1) - Queens; Dan Eide has White on board 1, Kai Lund
    (Queens) on board 2."""
    (printed,) = [p for p in pages if f"Round 2 pairings - {EVENT}" in p]
    assert re.search(r"1\s+Bishops\s+Queens", printed)
    assert re.search(r"1\s+Dan Eide\s+Jade Kim", printed)
    assert re.search(r"2\s+Kai Lund\s+Eva Falk", printed)
    assert re.search(r"3\s+Knights\s+bye \(a drawn match\)", printed)
