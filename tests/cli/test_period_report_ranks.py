"""A rating period's own report ranks its players by the tie-break list it writes (an event over
30 days, FIDE's checklist Q211-216; issue 37): the user test's league of eight, Tie-breaks
``BH ARO``, rounds 1-2 in period 1.

By hand (C.07: BH the opponents' points, ARO their average rating), after the two rounds:

- Gus 2 points; Femke and Hana 1.5 each, BH 1 (Bob 1 + Dana 0) and ARO 2300 both: they share 2;
- Anna, Bob and Erik 1 each: BH 3 (Erik 1 + Gus 2), 3 (Femke 1.5 + Hana 1.5) and 1 (Anna 1 +
  Carl 0); Anna's ARO (2200 + 2100) / 2 = 2150 beats Bob's (2150 + 2050) / 2 = 2100: 4, 5, 6;
- Carl and Dana 0 each: BH 3 both (Gus 2 + Erik 1; Hana 1.5 + Femke 1.5), ARO 2150 against
  2100: 7, 8.

Points alone would give 4, 4, 4 and 7, 7, which is what the report wrote before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cli.test_fide_mode_commands import ok
from tests.helpers.fide_event import Grid
from tests.helpers.workbooks import make_book

NAMES = ["Anna", "Bob", "Carl", "Dana", "Erik", "Femke", "Gus", "Hana"]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def league(tmp_path: Path, *settings: list[object], erik_later: int | None = None) -> Path:
    sheets: dict[str, Grid] = {
        "Swiss Settings": [
            ["Setting", "Value"],
            ["Event", "League"],
            ["Rounds", 6],
            ["FIDE Mode", "Off"],
            ["Auto-pair", "Off"],
            ["Tie-breaks", "BH ARO"],
            ["FIDE Rated", "Standard"],
            ["Start Date", "2026-09-01"],
            ["Over 30 Days", "On"],
            ["Rating Periods", "1-2 2026-09, 3-4 2026-10, 5-6 2026-11"],
            *settings,
        ],
        "Swiss Players": [
            ["No.", "Name", "Rating", "FIDE ID", "Rating 2"],
            *(
                [i + 1, n, 2400 - 50 * i, 1000001 + i, erik_later if n == "Erik" else None]
                for i, n in enumerate(NAMES)
            ),
        ],
        "Swiss Games": [
            ["Round", "Board", "White", "Black", "Result"],
            [1, 1, "Anna", "Erik", "1-0"],
            [1, 2, "Femke", "Bob", "½-½"],
            [1, 3, "Carl", "Gus", "0-1"],
            [1, 4, "Hana", "Dana", "1-0"],
            [2, 1, "Gus", "Anna", "1-0"],
            [2, 2, "Bob", "Hana", "½-½"],
            [2, 3, "Erik", "Carl", "1-0"],
            [2, 4, "Dana", "Femke", "0-1"],
        ],
    }
    path = tmp_path / "league.xlsx"
    make_book(sheets).save(path)
    return path


@pytest.mark.parametrize(
    ("settings", "erik_later"),
    [([], None), ([["Tie-break Rating", "Period 2"]], 1800)],
    ids=["first-rating", "period-2-rating"],
)
def test_a_periods_report_ranks_by_the_tiebreak_list_it_writes(
    tmp_path: Path, settings: list[list[object]], erik_later: int | None
) -> None:
    """Also when the event's rating tie-breaks use period 2's ratings (``Tie-break Rating``)
    and Erik's falls to 1800 there: period 1's report is its own tournament, whose file holds
    period 1's ratings (Erik 2200), and its ranks are the ones those give (by period 2's, Anna's
    ARO would be (1800 + 2100) / 2 = 1950 and Carl's 1950, below Bob's and Dana's 2100)."""
    book = league(tmp_path, *settings, erik_later=erik_later)
    ok("recalc", book, "--in-place")
    ok("trf", "export", book, "--period", "1", "-o", tmp_path / "p1.trf")
    lines = (tmp_path / "p1.trf").read_text(encoding="utf-8").splitlines()
    assert "202 BH,ARO" in lines
    # TRF columns: name 15-47, points 81-84, rank 86-89.
    ranks = {
        line[14:47].strip(): (line[80:84].strip(), int(line[85:89]))
        for line in lines
        if line.startswith("001")
    }
    assert ranks == {
        "Gus": ("2.0", 1),
        "Femke": ("1.5", 2),
        "Hana": ("1.5", 2),
        "Anna": ("1.0", 4),
        "Bob": ("1.0", 5),
        "Erik": ("1.0", 6),
        "Carl": ("0.0", 7),
        "Dana": ("0.0", 8),
    }
    assert ok("check", tmp_path / "p1.trf").rstrip().endswith("clean")
