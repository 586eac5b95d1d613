"""The rating list printed (issue 35: "printable one page wide"): LibreOffice prints the
book to PDF, and every page of Rating Changes, List History and List Games carries every
column's header, so no column prints on a page away from the player's name.

The user test's list printed Rating Changes' Why on a second page (Period, Events, ID, Name,
Change on one, the sentences on the next), List History's Opp. Avg., Provisional and Rule on
a page of their own, and List Games' names cut mid-word in a narrow column. A long name and a
long source, as a federation's TRF gives them, make the same widths here.
"""

from __future__ import annotations

import datetime as dt

import pytest
from tests.helpers.pdfs import needs_pdf_tools, page_texts, to_pdf

from ratingbook.templates import build_template, sample_rows

pytestmark = needs_pdf_tools

KIND = "ratinglist"
LONG = "Maximilian Alexander Hohenzollern-Sigmaringen"  # 45 letters, as a TRF may write
TRF_NAME = "Grabarczyk,Bogdan"  # the Karl-Mala TRF's spelling: no space to wrap at
SOURCE = "file 'karl-mala-gedenkturnier_2005_frankfurt.trf', line 14"

SHEETS = {
    "Rating Changes": ("Period", "Events", "ID", "Name", "Change", "Why"),
    "List History": (
        "Period",
        "Name",
        "Before",
        "After",
        "Change",
        "Games",
        "Score",
        "Expected",
        "Opp. Avg.",
        "Provisional",
        "Rule",
    ),
    "List Games": ("Date", "Event Name", "Round", "White", "Black", "Result", "Source"),
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    samples = sample_rows(KIND)
    first = samples["List Players"][0]
    player = ("20", None, LONG, "Riverside", 1990, None, 1700, *first[7:])
    other = ("21", None, "Bogdan Grabarczyk", "Riverside", 1990, None, 1600, *first[7:])
    games = [
        (*g[:8], SOURCE) if len(g) == 8 else (*g[:8], SOURCE, *g[9:]) for g in samples["List Games"]
    ]
    day = dt.date(2025, 10, 30)
    games += [
        (day, "Club Night", 1, LONG, "20", "Alice Brennan", "1", "1-0", SOURCE),
        (day, "Club Night", 2, "Tom O'Neill", "2", LONG, "20", "½-½", SOURCE),
        (day, "Club Night", 2, TRF_NAME, "21", "Alice Brennan", "1", "0-1", SOURCE),
    ]
    wb = build_template(
        KIND, rows={"List Players": [*samples["List Players"], player, other], "List Games": games}
    )
    folder = tmp_path_factory.mktemp("list-print")
    book = folder / "list.xlsx"
    wb.save(book)
    return page_texts(to_pdf(book, folder))


@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_every_page_of_a_sheet_has_every_header_beside_the_names(
    pages: list[str], sheet: str
) -> None:
    mine = [p for p in pages if f"{sheet} - " in p]
    assert mine, f"no page of {sheet!r} printed"
    for number, text in enumerate(mine, start=1):
        # a header may print on two lines (Opp. / Avg.): each of its words on the page
        missing = [h for h in SHEETS[sheet] if any(w not in text for w in h.split())]
        assert not missing, f"{sheet} page {number} lacks {missing}"


def test_a_name_prints_whole_on_list_games(pages: list[str]) -> None:
    """A TRF's name with no space in it prints on one line (at 15 wide it was cut,
    "Grabarczyk,Bogda" over "n"); a long name wraps at its spaces."""
    text = "\n".join(p for p in pages if "List Games - " in p)
    assert TRF_NAME in text
    for word in ("Maximilian", "Alexander", "Hohenzollern-"):
        assert word in text
