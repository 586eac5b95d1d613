"""A page says its title once (issue 34, the user test ut45see): the prize list's heading and its
table's caption both read "Prize list after round 6", and "Who can still win before round 5"
stood as the heading and again as the caption right under it. A caption that would repeat the
heading word for word is not written (the table is named by the heading's words, aria-label);
a caption saying something else ("Standings after round 3" under the event's name) stays.

Every page of a published site is read: the hand-worked event of tests/helpers/hand_event.py,
with a prize list and a who-can-still-win sheet in the layout their reports write (a title,
rows, a sentence in the name column).
"""

from __future__ import annotations

import html as html_text
import re

from tests.helpers.browser import Tables
from tests.helpers.hand_event import HAND_ENTRIES, HAND_PLAYERS

from ratingbook.events.event import SwissEvent
from ratingbook.events.settings import SwissSettings
from ratingbook.reports.tables import SheetGrid
from ratingbook.web.site import render_site

PRIZES = SheetGrid(
    "Prize List",
    ("Rank", "Name", "Points", "Prize", "Amount"),
    [[1, "Jones", "5", "1st", 1000], [2, "Short", "4½", "2nd", 500]],
    title="Prize list after round 6",
)
CONTENDERS = SheetGrid(
    "Contenders",
    ("Name", "Points", "At most", "Chances", "What it takes (points only)"),
    [
        ["Erik", "3½", "4½", "can win alone", "Erik beats Anna"],
        ["3 players cannot finish first (e.g. Anna (2, at most 3): ...)", None, None, None, None],
    ],
    title="Who can still win before round 5",
)


def _said(page: str) -> list[str]:
    """The heading and every paragraph of the page's main part, as text."""
    main = page.split('<main id="main">')[1].split("</main>")[0]
    found = re.findall(r"<(h1|p)\b[^>]*>(.*?)</\1>", main, re.S)
    return [html_text.unescape(re.sub(r"<[^>]+>", "", text)).strip() for _, text in found]


def test_no_page_repeats_its_heading_as_a_caption() -> None:
    event = SwissEvent(HAND_PLAYERS, HAND_ENTRIES, SwissSettings(rounds=3))
    site = render_site(event, "Open", end=[PRIZES, CONTENDERS])
    pages = {name: page for name, page in site.items() if name.endswith(".html")}
    assert {"prizes.html", "contenders.html", "index.html"} <= set(pages)
    for name, page in pages.items():
        said = _said(page)
        heading = said[0]
        assert said.count(heading) == 1, (name, said)
    # The table is still named: by the heading's words, where no caption repeats them.
    assert 'aria-label="Who can still win before round 5"' in pages["contenders.html"]
    assert 'aria-label="Prize list after round 6"' in pages["prizes.html"]
    # A caption that says more than the heading stays.
    (standings,) = Tables(pages["index.html"]).tables
    assert standings["caption"] == "Standings after round 3"
