"""A Swiss event's lists on paper, printed by LibreOffice: each page titled with what it is and
the event ("Round 3 pairings - Club Championship 2026"), start number, title and federation in
columns of their own, and ranks, numbers and crosstable cells apart from the names beside them.
The event is tests/helpers/played_event.py's."""

from __future__ import annotations

import re

import pytest
from tests.helpers.pdfs import needs_pdf_tools, page_texts, to_pdf
from tests.helpers.played_event import EVENT, played_event

pytestmark = [*needs_pdf_tools, pytest.mark.slow]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("printed")
    return page_texts(to_pdf(played_event(folder), folder))


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
    assert re.search(r"2310\s+4w1\s+6b½\s+3w0\s+1\.5", row), row
