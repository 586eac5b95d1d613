"""The rating list's season series (issue 35): the template's Series Standings worked by hand from
its sample games, a list without a series, and bad series settings named at their cells.

The template sets Series Points = Place, Place Points 25 18 15 12 10 8 6 4 2 1, Series Best 2,
Series Minimum 2, Series Bonus 0, Series Shared Split. Each event's places come from its game
points (List Games has no event ranks); players level share the places they cover and split
their points. Worked from the template's games (templates/list_design.py):

- Autumn Rapid (13 Sep): Marek 1 + 1 + ½ = 2.5; David ½ + 1 = 1.5; Priya 1 + 0 + ½ = 1.5;
  Alice ½ + ½ = 1; Sophie 0 + 1 = 1; Emma 0 + ½ = ½; Tom 0 + 0 = 0. Places: Marek 1st 25;
  David and Priya 2nd-3rd (18 + 15) / 2 = 16.5; Alice and Sophie 4th-5th (12 + 10) / 2 = 11;
  Emma 6th 8; Tom 7th 6.
- Junior Night (27 Sep): Priya 1 + ½ = 1.5, Emma ½: Priya 25, Emma 18.
- October Blitz (11 Oct): Alice 1 + 1 = 2; Tom 1 (a forfeit win scores in the event, though it
  is never rated); Priya 0 + 1 = 1; Emma 0; Sophie 0. Places: Alice 25; Tom and Priya 16.5;
  Emma and Sophie 11.
- Club Championship (22 Oct - 19 Nov): Alice 1 + ½ + 1 = 2.5; Jan ½ + ½ + 1 = 2;
  Marek ½ + 1 + 0 = 1.5; David 0. Places: Alice 25, Jan 18, Marek 15, David 12.

Best 2: Alice 25 + 25 (11 dropped) = 50; Priya 25 + 16.5 (the Blitz's 16.5 dropped: among
equal results the earlier counts) = 41.5; Marek 25 + 15 = 40; Emma 18 + 11 (8 dropped) = 29;
David 16.5 + 12 = 28.5; Tom 6 + 16.5 = 22.5; Sophie 11 + 11 = 22; Jan 18 from one event,
below the minimum of 2: unranked, last. T. O'Neill played no game and is not in the series.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import openpyxl
import pytest

from ratingbook.errors import InputErrors
from ratingbook.session import Recalc, Session
from ratingbook.templates import build_template, sample_rows
from ratingbook.templates.writer import TemplateBook

KIND = "ratinglist"

#: The events' columns by their number in the season (by date); Series Notes names them.
HEADER = ("Rank", "Name", "Club", "E1", "E2", "E3", "E4", "Total", "Events")
LEGEND = [
    "E1: Autumn Rapid, 2025-09-13",
    "E2: Junior Night, 2025-09-27",
    "E3: October Blitz, 2025-10-11",
    "E4: Club Championship, 2025-10-22",
]
# The table above, as the sheet shows it: a dropped result in brackets, an event not played empty.
EXPECTED = [
    (1, "Alice Brennan", "Riverside", "(11)", None, 25, 25, 50, 3),
    (2, "Priya Shah", "Riverside", 16.5, 25, "(16.5)", None, 41.5, 3),
    (3, "Marek Nowak", "Riverside", 25, None, None, 15, 40, 2),
    (4, "Emma Walsh", "Riverside", "(8)", 18, 11, None, 29, 3),
    (5, "David Okafor", "Riverside", 16.5, None, None, 12, 28.5, 2),
    (6, "Tom O'Neill", "Riverside", 6, None, 16.5, None, 22.5, 2),
    (7, "Sophie Laurent", "Riverside", 11, None, 11, None, 22, 2),
    (None, "Jan de Vries", "Harbour CC", None, None, None, 18, 18, 1),
]


def _values(wb: openpyxl.Workbook, name: str) -> list[tuple[Any, ...]]:
    return list(wb[name].iter_rows(values_only=True))


@pytest.fixture(scope="module")
def template() -> openpyxl.Workbook:
    return build_template(KIND)


def test_the_templates_series_standings_are_the_totals_worked_by_hand(
    template: openpyxl.Workbook,
) -> None:
    rows = _values(template, "Series Standings")
    assert rows[0] == HEADER
    assert rows[1:] == EXPECTED
    # after the list's other generated sheets, the notes last
    names = template.sheetnames
    assert names[-3:] == ["Near Duplicates", "Series Standings", "Series Notes"]


def test_the_series_notes_say_what_counted_and_what_was_dropped(
    template: openpyxl.Workbook,
) -> None:
    rows = _values(template, "Series Notes")[1:]
    assert [r[3] for r in rows[: len(LEGEND)]] == LEGEND
    notes = {r[1]: r[3] for r in rows if r[1]}
    assert notes["Priya Shah"] == (
        "Priya Shah: 41½ points, best 2 of 3 events counted (25 + 16½; 16½ dropped)."
    )
    assert notes["Jan de Vries"].endswith("not ranked: 2 events needed, 1 played.")


def _settings(changes: dict[str, object]) -> list[list[object]]:
    rows = [list(s) for s in sample_rows(KIND)["List Settings"]]
    for row in rows:
        if row[0] in changes:
            row[1] = changes[row[0]]
    return rows


def _book(settings: Sequence[Sequence[object]]) -> TemplateBook:
    return TemplateBook(build_template(KIND, rows={"List Settings": settings}, recalc=False))


def _excel_row(name: str) -> int:
    """The Excel row of a setting in the template's List Settings (the header is row 1)."""
    return 2 + [s[0] for s in sample_rows(KIND)["List Settings"]].index(name)


def test_an_empty_series_points_makes_no_series() -> None:
    book = _book(_settings({"Series Points": None}))
    Session(book).run(Recalc())
    assert "Series Standings" not in book.sheet_names()
    assert "Season List" in book.sheet_names()


def test_points_per_game_point() -> None:
    """Score: each event's game points times 1, the best 2 counted (from the sums above):
    Alice 2.5 + 2 (1 dropped) = 4.5; Marek 2.5 + 1.5 = 4; Priya 1.5 + 1.5 (the Blitz's 1
    dropped) = 3."""
    book = _book(_settings({"Series Points": "Score"}))
    Session(book).run(Recalc())
    rows = {r[1]: r for r in book.read_values("Series Standings")[1:] if r and r[1]}
    assert [rows[n][7] for n in ("Alice Brennan", "Marek Nowak", "Priya Shah")] == [4.5, 4, 3]


def test_bad_series_settings_are_all_named_at_their_cells_and_nothing_is_written() -> None:
    book = _book(
        _settings(
            {
                "Series Points": "Medals",
                "Place Points": "25 18 twenty",
                "Series Best": 0,
                "Series Shared": "Evenly",
            }
        )
    )
    before = book.sheet_names()
    with pytest.raises(InputErrors) as caught:
        Session(book).run(Recalc())
    text = "\n".join(caught.value.lines())
    at = "sheet 'List Settings', row {}, column B (Value)"
    assert f"{at.format(_excel_row('Series Points'))}: 'Medals' is not one of Place, Score" in text
    assert f"{at.format(_excel_row('Place Points'))}: 'twenty' is not a number" in text
    assert f"{at.format(_excel_row('Series Best'))}: best N events counted: 0 events" in text
    assert f"{at.format(_excel_row('Series Shared'))}: 'Evenly' is not one of Split, Higher" in (
        text
    )
    assert book.sheet_names() == before  # nothing written


def test_a_rising_place_table_is_named_at_its_cell() -> None:
    book = _book(_settings({"Place Points": "10 12 8"}))
    with pytest.raises(Exception, match=r"row \d+, column B \(Value\): points per place: place 2"):
        Session(book).run(Recalc())
