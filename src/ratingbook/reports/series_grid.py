"""A season series as tables: ``Series Standings`` (rank, name, club, a column per event with
the dropped results in brackets, the participation bonus when the series gives one, total, events
played, and the player's rank in each category when the series sets categories) and ``Series
Notes`` (which event each column is, a sentence per player, every tie: the rule that decided
it, or that no rule did; then each category's standings). The figures and the words are
:mod:`ratingbook.season.series`'; this module only lays them out. Pure.

An event's column is headed by its number in the season, ``E1``, ``E2`` ..., as a crosstable
heads its rounds, and named in the notes: headed by their names (a header prints on one line),
ten events made the table too wide for a page, so it printed split, the names on one page and
the points on another.
"""

from __future__ import annotations

from fractions import Fraction

from ratingbook.reports.names import SERIES_NOTES, SERIES_STANDINGS
from ratingbook.reports.tables import NOTE_WIDTH, SheetGrid, centred_columns
from ratingbook.season.series import SeriesStandings
from ratingbook.season.series_settings import SHARED_FORMAT, points_text

__all__ = [
    "SERIES_NOTES_COLUMNS",
    "category_lines",
    "event_columns",
    "event_legend",
    "series_grid",
    "series_notes_grid",
]

SERIES_NOTES_COLUMNS = ("Rank", "Name", "Tie Rule", "Note")


#: A points column's width in a series shown to two decimals: ``100.33`` and the cell's padding.
_SHARED_WIDTH = 8.0
#: The Category column's width, its ranks wrapped within it.
_CATEGORY_WIDTH = 12.0


def _cell(points: Fraction) -> int | float:
    """A number for the sheet: whole, or the value to ten decimals, shown by its column's
    number format (:data:`~ratingbook.season.series_settings.SHARED_FORMAT` in a series with
    shares, 19.33; General otherwise, 16.5). Ten decimals, not the float's 17 digits: Excel
    keeps 15 significant digits, so the book recalculated in Excel holds what ``ratingbook
    recalc`` writes, and three 19.3333333333 still add up to 58.00 as shown. Rounded in the
    cell, three shared 12.33 made 36.99 beside a total of 37 (issue 35)."""
    return points.numerator if points.denominator == 1 else round(float(points), 10)


def _dropped(points: Fraction, two_decimals: bool) -> str:
    """A dropped result, in brackets (a text: not counted), spelt as the counted ones' cells
    show them (:func:`~ratingbook.season.series_settings.points_text`): ``(21.5)``,
    ``(12.33)``, ``(25.00)``."""
    return f"({points_text(points, two_decimals=two_decimals)})"


def event_columns(standings: SeriesStandings) -> list[str]:
    """Each event's column heading: ``E`` and its number in the season (by date)."""
    return [f"E{n}" for n in range(1, len(standings.events) + 1)]


def event_legend(standings: SeriesStandings) -> list[str]:
    """Which event each column is: ``E1: Autumn Rapid, 2025-09-13``."""
    legend = []
    for heading, event in zip(event_columns(standings), standings.events, strict=True):
        day = event.start or event.first_date
        legend.append(f"{heading}: {event.name}" + (f", {day:%Y-%m-%d}" if day else ""))
    return legend


def series_grid(standings: SeriesStandings, title: str = "") -> SheetGrid:
    """Rank, Name, Club, one column per event (a dropped result in brackets, an event not
    played empty), Bonus (when the series gives one), Total, Events (played). The players below
    the minimum follow the ranked ones, without a rank."""
    bonus = standings.settings.participation != 0
    header = (
        "Rank",
        "Name",
        "Club",
        *event_columns(standings),
        *(("Bonus",) if bonus else ()),
        "Total",
        "Events",
        *(("Category",) if standings.categories else ()),
    )
    rows: list[tuple[object, ...]] = []
    for row in standings.rows:
        cells: list[object] = []
        for event in standings.events:
            result = row.result_in(event.id)
            if result is None:
                cells.append(None)
            else:
                counted = result.counted
                dropped = _dropped(result.points, standings.two_decimals)
                cells.append(_cell(result.points) if counted else dropped)
        rows.append(
            (
                row.rank,
                row.name,
                row.club or None,
                *cells,
                *((_cell(row.bonus),) if bonus else ()),
                _cell(row.total),
                row.played,
                *((_categories(standings, row.key),) if standings.categories else ()),
            )
        )
    first_event = 3
    points = len(header) - (1 if standings.categories else 0)
    centred = centred_columns(header) | frozenset(
        range(first_event, points)  # the points, as a crosstable's cells
    )
    # One format for every points column (events, bonus, total), so that a figure reads the
    # same in each of them, in the notes and on the published page (issue 35).
    shared = standings.two_decimals
    total = header.index("Total")  # the events' columns, the bonus, the total; not Events
    formats = {c: SHARED_FORMAT for c in range(first_event, total + 1)} if shared else {}
    # A column shown to two decimals is as wide as its figures print (19.33), not as Python
    # writes them (19.3333): ten such columns widened the table past one page.
    shown = {c: _SHARED_WIDTH for c in formats}
    # The categories wrap in a narrow column (U18 1, Club Shannon Valley 2): on one line, the
    # column widened a season of ten events past one landscape page (issue 35).
    category = {len(header) - 1: _CATEGORY_WIDTH} if standings.categories else {}
    widths = {1: 24, 2: 16, **shown, **category}
    return SheetGrid(
        SERIES_STANDINGS,
        header,
        rows,
        number_formats=formats,
        widths=widths,
        note=f"{len(standings.events)} events: {standings.settings.describe()}",
        title=title or SERIES_STANDINGS,
        centred=centred,
        wrapped=frozenset(category),
    )


def _categories(standings: SeriesStandings, key: str) -> str | None:
    """The player's rank in each category he is in: ``U18 2, Women 1``."""
    held = standings.categories_of(key)
    return ", ".join(f"{name} {rank}" for name, rank in held) or None


def category_lines(standings: SeriesStandings) -> list[str]:
    """Each category's standings in a line, the totals as the Total column shows them: ``U18:
    1 Priya Shah (41.5), 2 Emma Walsh (29).``"""
    totals = {row.key: row for row in standings.rows}
    two = standings.two_decimals
    lines = []
    for table in standings.categories:
        listed = ", ".join(
            f"{rank} {totals[key].name} ({points_text(totals[key].total, two_decimals=two)})"
            for key, rank in table.rows
        )
        lines.append(f"{table.category.name}: {listed or 'no ranked player'}.")
    return lines


def series_notes_grid(standings: SeriesStandings, title: str = "") -> SheetGrid:
    """First which event each column of the standings is (:func:`event_legend`), then a row per
    player with his sentence; below it, when he is level on points with the next player, the
    tie: the rule that put him ahead (in Tie Rule) or that none did (``shared``)."""
    rows: list[tuple[object, ...]] = [(None, None, None, said) for said in event_legend(standings)]
    for row in standings.rows:
        rows.append((row.rank, row.name, None, row.sentence))
        if row.tie:
            rule = row.decided_by.value if row.decided_by is not None else "shared"
            rows.append((None, None, rule, row.tie))
    rows += [(None, None, None, line) for line in category_lines(standings)]
    return SheetGrid(
        SERIES_NOTES,
        SERIES_NOTES_COLUMNS,
        rows,
        widths={1: 24, 2: 24, 3: NOTE_WIDTH},
        note=standings.settings.describe(),
        title=title or SERIES_NOTES,
        centred=centred_columns(SERIES_NOTES_COLUMNS),
        wrapped=frozenset({2, 3}),
    )
