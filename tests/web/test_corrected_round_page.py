"""A round's published page gives the points the round was paired on, as its ``Pairings`` sheet
does, when a result it was paired on was corrected since (an arbiter's user test: ``publish``
showed round 2 on the corrected points, so the site contradicted the printed pairing list and
round 2 looked paired across score groups).

The event is tests/cli/test_check_corrected.py's, worked there by hand: eight players; round 1
(by start number, White first) 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1; round 2 paired on it: 4-1,
2-3, 5-8, 7-6, all 1-0 but 7-6 0-1; then round 1's Anna - Erik (1-5) corrected to 0-1, and
round 3 paired on the corrected standings: 4-2, 3-5, 6-1, 8-7.

By hand, round 2 was paired on Dana 1, Anna 1 (her 1-0 then), Bob 1, Carl 1, Erik 0, Hana 0,
Gus 0, Femke 0: two score groups, each board inside one. On the corrected result Anna has 0
and Erik 1, which would show Dana - Anna and Erik - Hana paired across groups. Round 3 was
paired after the correction, on Dana 2 (two wins), Bob 2 (two wins), Carl 1, Erik 2 (round 1
corrected to a win, round 2 a win), Femke 1 (round 2's win), Anna 0 (round 1 corrected to a
loss, round 2 lost), Hana 0, Gus 0: its page gives those, with no sentence.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from click.testing import CliRunner
from tests.cli.test_check_corrected import CORRECTION, PAIRED_1_2, PAIRED_3, event_text
from tests.helpers.browser import Tables

from ratingbook.cli import cli

#: The sentence below round 2's boards, as the Pairings sheet writes it (docs/guides/arbiter.md).
SAID = (
    "Points as round 2 was paired, on round 1's Anna - Erik 1-0, since corrected to 0-1 (the "
    "standings count the corrected result)."
)


def _site(tmp_path: Path) -> Path:
    source, book, site = tmp_path / "event.trf", tmp_path / "event.xlsx", tmp_path / "site"
    source.write_text(event_text("0-1", [*PAIRED_1_2, CORRECTION, PAIRED_3]))
    for args in (
        ["trf", "import", str(source), "-o", str(book)],
        ["publish", str(book), "--out-dir", str(site)],
    ):
        done = CliRunner().invoke(cli, args)
        assert done.exit_code == 0, done.output
    return site


def _points(page: str) -> dict[str, str]:
    """Each player's points on a round's page: White's and Black's either side of the result."""
    (table,) = Tables(page).tables
    header = table["header"]
    assert header[2:5] == ["White", "Rating", "Points"]
    assert header[6:9] == ["Points", "Rating", "Black"]
    rows: list[list[str]] = table["rows"]  # type: ignore[assignment]
    return {name: row[at] for row in rows for name, at in ((row[2], 4), (row[8], 6))}


def _paragraphs(page: str) -> list[str]:
    main = page.split('<main id="main">')[1].split("</main>")[0]
    found = re.findall(r'<p(?! class="caption")[^>]*>(.*?)</p>', main, re.S)
    return [html.unescape(p).strip() for p in found]


def test_a_round_paired_before_a_correction_shows_the_points_it_was_paired_on(
    tmp_path: Path,
) -> None:
    site = _site(tmp_path)
    round_2 = (site / "round-2.html").read_text("utf-8")
    assert _points(round_2) == {
        "Dana": "1", "Anna": "1", "Bob": "1", "Carl": "1",
        "Erik": "0", "Hana": "0", "Gus": "0", "Femke": "0",
    }  # fmt: skip
    assert SAID in _paragraphs(round_2)
    # Round 3 was paired on the corrected result: the standings' points, nothing to say.
    round_3 = (site / "round-3.html").read_text("utf-8")
    assert _points(round_3) == {
        "Dana": "2", "Bob": "2", "Carl": "1", "Erik": "2",
        "Femke": "1", "Anna": "0", "Hana": "0", "Gus": "0",
    }  # fmt: skip
    assert not any("since corrected" in p for p in _paragraphs(round_3))
    # The standings count the corrected result: Anna's 0-1 against Erik, then her loss.
    standings = Tables((site / "index.html").read_text("utf-8")).tables[0]
    header: list[str] = standings["header"]  # type: ignore[assignment]
    rows: list[list[str]] = standings["rows"]  # type: ignore[assignment]
    at_name, at_points = header.index("Name"), header.index("Points")
    assert {r[at_name]: r[at_points] for r in rows}["Anna"] == "½"  # 0 + 0 + round 3's ½


def test_the_corrected_round_s_page_says_when_its_result_was_corrected(tmp_path: Path) -> None:
    """Round 1's page shows Anna - Erik as it stands now (0-1) and says it was 1-0 when round 2
    was paired; round 3, paired after the correction, is not named (user test 49: a team
    round's page showed the new result with no word of the correction; the same home for
    both kinds)."""
    site = _site(tmp_path)
    paragraphs = _paragraphs((site / "round-1.html").read_text("utf-8"))
    assert (
        "Corrected after round 2 was paired: Anna - Erik 1-0, now 0-1 (round 2 was paired on 1-0)."
    ) in paragraphs
    for page in ("round-2.html", "round-3.html"):
        text = (site / page).read_text("utf-8")
        assert not any(p.startswith("Corrected after") for p in _paragraphs(text))
