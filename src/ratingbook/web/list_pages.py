"""A season's rating list's published pages (issue 35), every figure a cell of the tables its
Recalc writes (:class:`ratingbook.workbook.kinds.base.ListSite`), so the site says what the
sheets say:

- ``index.html``: the list (Season List): rank, name, club, rating, games, provisional,
  active, Glicko-2's deviation when the list has one; each name links to its player's page;
- ``player-ID.html``: a player's page: his line of the list, his history (List History, one
  row per period he played in: before, after, change, games, score, expected), the sentence
  explaining each change (Rating Changes), and his rating across the periods as a line chart
  (:mod:`ratingbook.web.chart`);
- ``changes.html``: every period's changes (Rating Changes), a table per period;
- ``series.html``: the series standings and notes, when the list sets a series.

On a phone the essential columns stay (the list's rank, name and rating; a player's period,
rating after and change): the others are :data:`~ratingbook.web.pages.DETAIL`. A sentence
never sits in a narrow column: it is a paragraph, or a :data:`PROSE` column that wraps. Pure.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ratingbook.core.counts import many
from ratingbook.reports.season_tables import expected_text
from ratingbook.reports.tables import SheetGrid
from ratingbook.season.series_settings import SHARED_FORMAT, points_text
from ratingbook.web.chart import line_chart
from ratingbook.web.pages import Cell, Page, Table, column_classes, points, text
from ratingbook.web.rendering import render_pages
from ratingbook.workbook.kinds import ListSite

__all__ = ["PROSE", "list_files", "list_pages", "list_player_files"]

#: The CSS class of a column of sentences: wraps between words on every screen and on paper.
PROSE = "prose"
#: The list's columns on its page, in the sheet's order; Deviation only when filled (Glicko-2).
_LIST_COLUMNS = ("Rank", "Name", "Club", "Rating", "Deviation", "Games", "Provisional", "Active")
_LIST_DETAIL = ("Club", "Deviation", "Games", "Provisional", "Active")
#: A player's history on his page: the period, then what a phone shows, then the rest.
_HISTORY_COLUMNS = ("Period", "Before", "After", "Change", "Games", "Score", "Expected")
_HISTORY_DETAIL = ("Before", "Games", "Score", "Expected")
#: A period's changes: who, by how much, and why (a sentence that wraps).
_CHANGE_COLUMNS = ("Name", "Change", "Why")
#: Columns shown with a sign, as the sheets' number format writes them (+12, -5, 0).
_SIGNED = frozenset({"Change", "Last Change"})
#: A column of game points: spelt as every page spells points (2½).
_SCORES = frozenset({"Score"})
#: A column of expected scores: spelt as the sheets and sentences spell them (0.30).
_EXPECTED = frozenset({"Expected"})


def _column(grid: SheetGrid, name: str) -> int:
    return grid.header.index(name)


def _filled(grid: SheetGrid, name: str) -> bool:
    """Whether the column is there (an Elo list has no Deviation) and not empty."""
    if name not in grid.header:
        return False
    at = _column(grid, name)
    return any(row[at] not in (None, "") for row in grid.rows)


def _show(header: str, value: object) -> Cell:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if header in _SCORES and number:
        return Cell(points(value), number=True)
    if header in _EXPECTED and isinstance(value, float):
        return Cell(expected_text(value), number=True)
    return Cell(text(value, header in _SIGNED), number=number)


def list_player_files(rating_list: SheetGrid) -> dict[str, str]:
    """Each listed player's page by his ID: ``player-ID.html``, the ID's letters and digits
    (another mark a hyphen), numbered apart when two IDs come out alike."""
    at = _column(rating_list, "ID")
    files: dict[str, str] = {}
    taken: set[str] = set()
    for row in rating_list.rows:
        key = str(row[at])
        stem = re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-") or "player"
        name, n = f"player-{stem}.html", 1
        while name.casefold() in taken:
            n += 1
            name = f"player-{stem}-{n}.html"
        taken.add(name.casefold())
        files[key] = name
    return files


def _table(
    grid: SheetGrid,
    wanted: Sequence[str],
    caption: str,
    *,
    rows: Sequence[Sequence[object]] | None = None,
    links: Mapping[str, str] | None = None,
    detail: Sequence[str] = (),
    prose: Sequence[str] = (),
) -> Table:
    """The ``wanted`` columns of ``grid`` (of ``rows``, some of its rows), the Name column
    linked to each player's page by the row's ID (``links``)."""
    at = [_column(grid, name) for name in wanted]
    key_at = grid.header.index("ID") if "ID" in grid.header else None
    body = []
    for row in grid.rows if rows is None else rows:
        cells = []
        for name, i in zip(wanted, at, strict=True):
            cell = _show(name, row[i])
            if name == "Name" and key_at is not None:
                cell = Cell(cell.text, (links or {}).get(str(row[key_at])), cell.number)
            cells.append(cell)
        body.append(tuple(cells))
    classes = column_classes(wanted, detail)
    classes.update({wanted.index(name): PROSE for name in prose})
    first = wanted.index("Name") if "Name" in wanted else None
    return Table(caption, tuple(wanted), tuple(body), first, classes)


def _index(site: ListSite, files: Mapping[str, str], title: str) -> Page:
    grid = site.rating_list
    wanted = [c for c in _LIST_COLUMNS if c != "Deviation" or _filled(grid, c)]
    notes = (
        "A provisional rating is still settling; a fixed one is not rated here (a guest's, or "
        "another federation's). Active: a rated game within the list's cut.",
    )
    return Page(
        "index.html",
        title,
        grid.title or grid.name,
        # the caption says what the heading above it does not (it said "Season List" again)
        (_table(grid, wanted, _ranked(grid), links=files, detail=_LIST_DETAIL),),
        notes=notes,
    )


def _ranked(grid: SheetGrid) -> str:
    """The list's caption: how many players it has and how they are ordered."""
    return f"{many(len(grid.rows), 'player')}, ranked by rating, the unrated last"


def _rows_of(grid: SheetGrid, key: str) -> list[Sequence[object]]:
    at = _column(grid, "ID")
    return [row for row in grid.rows if str(row[at]) == key]


def _player_page(site: ListSite, row: Sequence[object], file: str, title: str) -> Page:
    grid = site.rating_list
    key = str(row[_column(grid, "ID")])
    name = str(row[_column(grid, "Name")])
    facts = [("ID", key)]
    for label in ("Club", "Rank", "Rating", "Deviation", "Games", "Provisional", "Active"):
        if label not in grid.header:
            continue  # an Elo or FIDE list's Deviation
        value = row[_column(grid, label)]
        if value not in (None, ""):
            facts.append((label, text(value)))
    history = _rows_of(site.history, key)
    changes = site.changes
    why = {
        str(r[_column(changes, "Period")]): str(r[_column(changes, "Why")])
        for r in _rows_of(changes, key)
    }
    table = _table(
        site.history, _HISTORY_COLUMNS, "Rating history", rows=history, detail=_HISTORY_DETAIL
    )
    periods = [str(r[_column(site.history, "Period")]) for r in history]
    said = tuple(f"{period}: {why[period]}" for period in periods if period in why)
    tables = (Table(table.caption, table.header, table.rows, 0, table.classes, after=said),)
    chart = _chart(site.history, history, name)
    return Page(
        file,
        f"{name} - {title}",
        name,
        tables,
        tuple(facts),
        extra={"chart": chart} if chart is not None else {},
    )


def _chart(grid: SheetGrid, history: Sequence[Sequence[object]], name: str) -> object:
    """The player's rating at the start of his first period, then after each."""
    before, after, period = (_column(grid, c) for c in ("Before", "After", "Period"))
    values: list[tuple[str, float, str]] = []
    first = history[0][before] if history else None
    if isinstance(first, int | float):
        values.append(("start", float(first), text(first)))
    for row in history:
        if isinstance(row[after], int | float):
            values.append((str(row[period]), float(row[after]), text(row[after])))  # type: ignore[arg-type]
    shown = ", ".join(f"{label} {value}" for label, _, value in values)
    return line_chart(values, f"{name}'s rating by period: {shown}")


def _changes_page(site: ListSite, files: Mapping[str, str], title: str) -> Page:
    grid = site.changes
    at = _column(grid, "Period")
    tables = []
    for period in dict.fromkeys(str(row[at]) for row in grid.rows):
        mine = [row for row in grid.rows if str(row[at]) == period]
        played = ", ".join(site.period_events.get(period, ()))
        caption = f"{period}: {played}" if played and played != period else period
        tables.append(
            _table(grid, _CHANGE_COLUMNS, caption, rows=mine, links=files, prose=("Why",))
        )
    if not tables:
        tables.append(_table(grid, _CHANGE_COLUMNS, "No rated games yet", rows=[]))
    return Page("changes.html", f"Rating changes - {title}", "Rating changes", tuple(tables))


def _series_points(value: object, number_format: str | None) -> Cell:
    """An event's, the bonus' or the total's series points as the ``Series Standings`` cell
    shows them under its number format (:func:`~ratingbook.season.series_settings.points_text`:
    19.33 in a series with shares, 16.5 otherwise; the notes say them so); a dropped result is
    the sheet's text, ``(21.5)``."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return Cell(text(value), number=isinstance(value, str) and value.startswith("("))
    two = number_format == SHARED_FORMAT
    # a float's decimal spelling (19.3333333333, 16.5) holds the cell's value exactly enough
    # for two decimals; a whole or a half is exact
    return Cell(points_text(Fraction(str(value)), two_decimals=two), number=True)


def _series_pages(site: ListSite, files: Mapping[str, str], title: str) -> list[Page]:
    grid = site.series
    if grid is None:
        return []
    listed = site.rating_list
    names = [str(r[_column(listed, "Name")]) for r in listed.rows]
    by_name = {
        str(r[_column(listed, "Name")]): files[str(r[_column(listed, "ID")])]
        for r in listed.rows
        if names.count(str(r[_column(listed, "Name")])) == 1
    }
    fixed = ("Rank", "Name", "Club", "Bonus", "Total", "Events")
    points_at = [h not in fixed or h in ("Bonus", "Total") for h in grid.header]
    body = []
    for row in grid.rows:
        cells = [
            _series_points(v, grid.number_formats.get(c)) if own else _show(h, v)
            for c, (h, v, own) in enumerate(zip(grid.header, row, points_at, strict=True))
        ]
        at = _column(grid, "Name")
        cells[at] = Cell(cells[at].text, by_name.get(str(row[at])))
        body.append(tuple(cells))
    # On a phone the events' columns give way; Rank, Name, Total and Events (how many the
    # total is from) stay: Events hidden there, a total read without it (issue 35).
    detail = ["Club", *(h for h in grid.header if h not in fixed)]
    # The totals next to the names, the events' columns after them: a season of fifteen events
    # is wider than a 1,280 px screen, and its table scrolls sideways as a crosstable does, the
    # total and the events counted in view (at the sheet's end, they were off the screen).
    first = [_column(grid, h) for h in ("Rank", "Name", "Total", "Events")]
    order = [*first, *(c for c in range(len(grid.header)) if c not in first)]
    header = tuple(grid.header[c] for c in order)
    body = [tuple(row[c] for c in order) for row in body]
    classes = column_classes(header, detail)
    heading = grid.title or grid.name
    table = Table(heading, header, tuple(body), header.index("Name"), classes)
    notes: list[str] = []
    if site.series_notes is not None:
        said = site.series_notes
        note_at = _column(said, "Note")
        notes = [str(r[note_at]) for r in said.rows if r[note_at]]
    return [Page("series.html", f"{heading} - {title}", heading, (table,), notes=tuple(notes))]


def list_pages(site: ListSite, title: str) -> list[Page]:
    """Every page of the list's site: the list first, then the changes, the series (when
    set) and a page per listed player."""
    files = list_player_files(site.rating_list)
    pages = [_index(site, files, title), _changes_page(site, files, title)]
    pages += _series_pages(site, files, title)
    at = _column(site.rating_list, "ID")
    pages += [_player_page(site, row, files[str(row[at])], title) for row in site.rating_list.rows]
    return pages


def list_files(site: ListSite, title: str, today: _dt.date | None = None) -> dict[str, str]:
    """Every file of the list's site by name: the pages and the stylesheet."""
    pages = list_pages(site, title)
    nav = [("index.html", "Rating list"), ("changes.html", "Rating changes")]
    if site.series is not None:
        nav.append(("series.html", "Series"))
    return render_pages(
        pages,
        title,
        0,
        "ratings computed by ratingbook from the list's games.",
        today=today,
        stage=site.holds,
        nav=nav,
    )
