"""The rating list's season series (issue 35): the template's Series Standings worked by hand from
its sample games, the same season with the Autumn Rapid's own ranking on Event Ranks and with
categories, a list without a series, the series' settings (tie rules, categories) and bad
series settings or ranks named at their cells.

The template sets Series Points = Place, Place Points 25 18 15 12 10 8 6 4 2 1, Series Best 2,
Series Minimum 2, Series Bonus 0, Series Shared Split, Series Ties Counted, Places,
Head-to-Head, Latest, no categories, and no event rankings (Event Ranks empty): each event's
places come from its game points; players level share the places they cover and split their
points. Worked from the template's games (templates/list_design.py):

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

**With the Autumn Rapid's own ranking** (:data:`RANKS`: its tie-breaks put David ahead of
Priya and Alice ahead of Sophie): Marek 25, David 18, Priya 15, Alice 12, Sophie 10, Emma 8,
Tom 6, no longer split. Best 2: Alice 25 + 25 (12 dropped) = 50; Priya 25 + 16.5 (15
dropped) = 41.5; Marek 40; David 18 + 12 = 30, now ahead of Emma's 29; Tom 22.5; Sophie 10 +
11 = 21. **With Series Categories U18, Women** (the season's year 2025, its first event's):
U18, born 2007 or later: Priya (2011) 1, Emma (2009) 2; Women (Sex F): Alice 1, Priya 2,
Emma 3, Sophie 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import openpyxl
import pytest

from ratingbook.errors import InputErrors, RatingbookError
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
#: The Autumn Rapid's own final ranking, as season add writes it to Event Ranks.
RANKS = [
    ["Autumn Rapid", 1, "Marek Nowak", "4", None, None],
    ["Autumn Rapid", 2, "David Okafor", "6", None, None],
    ["Autumn Rapid", 3, "Priya Shah", "3", None, None],
    ["Autumn Rapid", 4, "Alice Brennan", "1", None, None],
    ["Autumn Rapid", 5, "Sophie Laurent", "5", None, None],
    ["Autumn Rapid", 6, "Emma Walsh", "8", None, None],
    ["Autumn Rapid", 7, "Tom O'Neill", "2", None, None],
]
#: The same season with RANKS and Series Categories U18, Women.
RANKED = [
    (1, "Alice Brennan", "Riverside", "(12)", None, 25, 25, 50, 3, "Women 1"),
    (2, "Priya Shah", "Riverside", "(15)", 25, 16.5, None, 41.5, 3, "U18 1, Women 2"),
    (3, "Marek Nowak", "Riverside", 25, None, None, 15, 40, 2, None),
    (4, "David Okafor", "Riverside", 18, None, None, 12, 30, 2, None),
    (5, "Emma Walsh", "Riverside", "(8)", 18, 11, None, 29, 3, "U18 2, Women 3"),
    (6, "Tom O'Neill", "Riverside", 6, None, 16.5, None, 22.5, 2, None),
    (7, "Sophie Laurent", "Riverside", 10, None, 11, None, 21, 2, "Women 4"),
    (None, "Jan de Vries", "Harbour CC", None, None, None, 18, 18, 1, None),
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
        "Priya Shah: 41.5 points, best 2 of 3 events counted (25 + 16.5; 16.5 dropped)."
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


def _ranked_book(
    settings: Sequence[Sequence[object]] | None = None,
    ranks: Sequence[Sequence[object]] | None = None,
) -> TemplateBook:
    rows: dict[str, Any] = {}
    if settings is not None:
        rows["List Settings"] = settings
    if ranks is not None:
        rows["Event Ranks"] = ranks
    return TemplateBook(build_template(KIND, rows=rows, recalc=False))


def _standings(book: TemplateBook) -> dict[str, tuple[Any, ...]]:
    return {r[1]: r for r in book.read_values("Series Standings")[1:] if r and r[1]}


def test_an_events_own_ranking_places_it_and_categories_rank_apart() -> None:
    """The module text's season with the Autumn Rapid's ranking on Event Ranks and Series
    Categories U18, Women: its places by the ranking, not split; a Category column; each
    category's standings in the notes."""
    book = _ranked_book(_settings({"Series Categories": "U18, Women"}), RANKS)
    Session(book).run(Recalc())
    rows = book.read_values("Series Standings")
    assert tuple(rows[0]) == (*HEADER, "Category")
    assert [tuple(r) for r in rows[1:] if any(v is not None for v in r)] == RANKED
    notes = [r[3] for r in book.read_values("Series Notes")[1:] if r and r[3]]
    assert notes[-2:] == [
        "U18: 1 Priya Shah (41.5), 2 Emma Walsh (29).",
        "Women: 1 Alice Brennan (50), 2 Priya Shah (41.5), 3 Emma Walsh (29), 4 Sophie Laurent "
        "(21).",
    ]


def test_series_ties_none_lets_level_players_share_the_rank() -> None:
    """Series Ties None, and Series Best 1: Alice 25, Priya 25, Marek 25 (their best events),
    level: no rule separates them, all three share rank 1; Emma 18 4th; David 16.5 and Tom
    16.5 share 5th."""
    book = _ranked_book(_settings({"Series Ties": "None", "Series Best": 1}))
    Session(book).run(Recalc())
    rows = _standings(book)
    assert [rows[n][0] for n in ("Alice Brennan", "Priya Shah", "Marek Nowak")] == [1, 1, 1]
    assert [rows[n][0] for n in ("Emma Walsh", "David Okafor", "Tom O'Neill")] == [4, 5, 5]


def test_series_ties_in_the_order_given() -> None:
    """Series Best 1: Alice, Priya, Marek level on 25. Played first: Alice and Priya 3 events,
    Marek 2: Marek 3rd; then Latest: Alice played the Club Championship (1st), Priya did not:
    Alice 1st, Priya 2nd. David and Tom level on 16.5, 2 events each: the Club Championship,
    David's (4th) and not Tom's, puts David ahead."""
    book = _ranked_book(_settings({"Series Ties": "Played; Latest", "Series Best": 1}))
    Session(book).run(Recalc())
    rows = _standings(book)
    assert [rows[n][0] for n in ("Alice Brennan", "Priya Shah", "Marek Nowak")] == [1, 2, 3]
    assert [rows[n][0] for n in ("David Okafor", "Tom O'Neill")] == [5, 6]
    ties = [r[2] for r in book.read_values("Series Notes")[1:] if r and r[2]]
    latest, played = "the better place in the latest event", "more events played"
    assert ties == [latest, played, latest]


def test_bad_tie_rules_and_categories_are_named_at_their_cells() -> None:
    book = _ranked_book(
        _settings(
            {"Series Ties": "Counted, Coin Toss, Counted", "Series Categories": "U18, Juniors"}
        )
    )
    before = book.sheet_names()
    with pytest.raises(InputErrors) as caught:
        Session(book).run(Recalc())
    text = "\n".join(caught.value.lines())
    at = "sheet 'List Settings', row {}, column B (Value)"
    assert f"{at.format(_excel_row('Series Ties'))}: 'Coin Toss' is not a tie rule" in text
    assert (
        f"{at.format(_excel_row('Series Categories'))}: category 'Juniors' is not understood"
        in (text)
    )
    assert book.sheet_names() == before
    book = _ranked_book(_settings({"Series Ties": "Latest, Counted, Latest"}))
    with pytest.raises(Exception, match=r"column B \(Value\): tie rules: 'the better place in th"):
        Session(book).run(Recalc())


def test_bad_event_ranks_are_named_at_their_cells_and_nothing_is_written() -> None:
    """Each problem of Event Ranks at its cell, nothing written: an event no game of List Games
    has (row 2), a rank that is no number (row 3); then, the rows read, an ID no player has
    (row 4, column ID); then a ranking that leaves out a player of the event's games (Tom
    O'Neill's row deleted), named at the event's first row."""
    ranks = [["Autumn Blitz", *RANKS[0][1:]], ["Autumn Rapid", "second", *RANKS[1][2:]]]
    book = _ranked_book(ranks=[*ranks, *RANKS[2:]])
    before = book.sheet_names()
    with pytest.raises(InputErrors) as caught:
        Session(book).run(Recalc())
    text = "\n".join(caught.value.lines())
    assert (
        "sheet 'Event Ranks', row 2, column A (Event Name): no game of 'List Games' is of the "
        "event 'Autumn Blitz'"
    ) in text
    assert "sheet 'Event Ranks', row 3, column B (Rank): 'second' is not a number" in text
    assert book.sheet_names() == before
    book = _ranked_book(ranks=[*RANKS[:2], [*RANKS[2][:3], "99", None, None], *RANKS[3:]])
    unknown = r"sheet 'Event Ranks', row 4, column D \(ID\): no player has ID '99'"
    with pytest.raises(RatingbookError, match=unknown):
        Session(book).run(Recalc())
    book = _ranked_book(ranks=[r for r in RANKS if r[2] != "Tom O'Neill"])
    left_out = (
        r"sheet 'Event Ranks', row 2, column A \(Event Name\): the ranking of 'Autumn Rapid' "
        r"gives no rank to Tom O'Neill \(ID 2\), who plays in its games \(book 'this list', "
        r"sheet 'List Games', row 4\)"
    )
    with pytest.raises(RatingbookError, match=left_out):
        Session(book).run(Recalc())
    assert book.sheet_names() == before
