"""What a published page puts where, read from its HTML (issue 34; the quick loop's half of
tests/integration/test_page_fit.py, which measures the same pages in Chromium):

- a sheet's sentences (a shared prize's tie, the amount left by rounding, a warning, a norm
  line) are paragraphs beside the table, never a cell of it: in a column, a sentence widens it
  and the amounts go off the screen;
- a round's page has no Round column (its heading says the round), and shows each board's
  result between its two players, with the players' numbers, ratings and points marked as the
  columns a phone leaves out.

The sheets here are written by hand in the layout the reports use (a sentence alone in the
name column of its row); the round is the hand-worked event of tests/helpers/hand_event.py.
"""

from __future__ import annotations

import datetime as dt
import html as html_text
import re

from tests.helpers.browser import Tables
from tests.helpers.hand_event import HAND_ENTRIES, HAND_PLAYERS

from ratingbook.events.event import SwissEvent
from ratingbook.events.settings import SwissSettings
from ratingbook.reports.tables import SheetGrid
from ratingbook.web.end_pages import end_pages
from ratingbook.web.rendering import render_pages
from ratingbook.web.site import render_site

TIE = (
    "4 players on 4 share places 4-7: 200 + 100 + 0 + 0 = 300 (Hort: each keeps half of his "
    "own place's prize, the other halves are shared): Short 137; Baburin 87; Williams 37; "
    "Cooper 37; 2 left by rounding to 1"
)
LEFT = "Left by rounding (for the organiser to assign): 2"
WARNING = "Warning: no player is in category 'Unrated': its prizes stay"


def rendered(grid: SheetGrid) -> str:
    pages = end_pages([grid], "Open")
    return render_pages(pages, "Open", 7, "", today=dt.date(2026, 7, 9), stage="after round 7")[
        pages[0].file
    ]


def paragraphs(html: str) -> list[str]:
    main = html.split('<main id="main">')[1].split("</main>")[0]
    # the sentences, not a table's caption (a paragraph of its own above the table)
    found = re.findall(r'<p(?! class="caption")[^>]*>(.*?)</p>', main, re.S)
    return [html_text.unescape(re.sub(r"<[^>]+>", "", p)) for p in found]


def test_a_prize_lists_sentences_are_paragraphs_below_its_table() -> None:
    grid = SheetGrid(
        "Prize List",
        ("Rank", "Name", "Points", "Prize", "Amount", "Object"),
        [
            [1, "Jones", "5", "1st", 1000, None],
            [4, "Short", "4", "4th-7th shared", 137, None],
            [None, "Total", None, None, 1137, None],
            [None, TIE, None, None, None, None],
            [None, LEFT, None, None, None, None],
            [None, WARNING, None, None, None, None],
        ],
        title="Prize list",
    )
    html = rendered(grid)
    (table,) = Tables(html).tables
    # Object is empty in every row: no column for it.
    assert table["header"] == ["Rank", "Name", "Points", "Prize", "Amount"]
    assert table["rows"] == [
        ["1", "Jones", "5", "1st", "1000"],
        ["4", "Short", "4", "4th-7th shared", "137"],
        ["", "Total", "", "", "1137"],
    ]
    assert paragraphs(html) == [TIE, LEFT, WARNING]
    assert html.index("</table>") < html.index(TIE[:20])
    # On a phone the points (shown on the standings) are left out; place, name, amount stay;
    # only the names may break inside a word.
    head = re.search(r"<thead>.*?</thead>", html, re.S)
    assert head is not None
    assert re.findall(r'<th scope="col" class="([^"]*)">([^<]*)</th>', head.group(0)) == [
        ("num", "Rank"),
        ("name", "Name"),
        ("detail", "Points"),
        ("num", "Amount"),
    ]


def test_a_norm_certificate_is_a_table_of_its_own_under_its_title() -> None:
    line = "no player has a federation (column Federation of Swiss Players): 1.4.3-1.4.4 need them"
    grid = SheetGrid(
        "Norms",
        ("Player", "Title", "Holds", "Requirement / still needed", "Figure"),
        [
            [line, None, None, None, None],
            ["Perez", "GM", "NORM", None, None],
            [None, None, "met", "performance (Rp)", "2620 (needed: 2600)"],
            ["3 other players have no norm in reach after round 9", None, None, None, None],
            ["Norm report (IT1): Perez, GM", None, None, None, None],
            [None, None, None, "Title of norm", "GM"],
            [None, None, None, "Score", "7 / 9"],
        ],
        title="Title norms after round 9",
    )
    html = rendered(grid)
    checks, report = Tables(html).tables
    assert checks["caption"] == "Title norms after round 9"
    assert checks["header"] == ["Player", "Title", "Holds", "Requirement / still needed", "Figure"]
    assert checks["rows"] == [
        ["Perez", "GM", "NORM", "", ""],
        ["", "", "met", "performance (Rp)", "2620 (needed: 2600)"],
    ]
    assert report["caption"] == "Norm report (IT1): Perez, GM"
    assert report["header"] == ["Requirement / still needed", "Figure"]
    assert report["rows"] == [["Title of norm", "GM"], ["Score", "7 / 9"]]
    assert paragraphs(html) == [line, "3 other players have no norm in reach after round 9"]


def test_a_round_shows_each_result_between_its_players_and_no_round_column() -> None:
    """Round 3 of the hand-worked event: A (no. 1, 2000) - C (no. 3, 1800) 1-0 with A on 2 and C
    on 1 before the round; B (no. 2, 1900) - D (no. 4, 1700) ½-½ on 0 and ½."""
    site = render_site(SwissEvent(HAND_PLAYERS, HAND_ENTRIES, SwissSettings(rounds=3)), "Open")
    html = site["round-3.html"]
    (table,) = Tables(html).tables
    assert table["header"] == [
        "Board", "White No.", "White", "Rating", "Points", "Result",
        "Points", "Rating", "Black", "Black No.",
    ]  # fmt: skip
    assert table["rows"] == [
        ["1", "1", "A", "2000", "2", "1-0", "1", "1800", "C", "3"],
        ["2", "2", "B", "1900", "0", "½-½", "½", "1700", "D", "4"],
    ]
    # A phone leaves out the numbers and ratings: board, White, both players' points, result,
    # Black stay (the points are what a player checks his pairing against: user test 48).
    head = re.search(r"<thead>.*?</thead>", html, re.S)
    assert head is not None
    left_out = re.findall(r'<th scope="col" class="detail[^"]*">([^<]*)</th>', head.group(0))
    assert left_out == ["White No.", "Rating", "Rating", "Black No."]
    assert 'class="whole"' in html  # a result never breaks at its hyphen
