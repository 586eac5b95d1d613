"""Rating progression: the data sheets the charts read, and the charts themselves (pure).

A chart reads fixed cells, so the layout of a progress sheet is fixed too: each player has a row
(the ladder: a fixed block of rows per group, ordered by ID), the columns are the player's
start and each of their games (and, for the ladder, each week's end-of-week Rating). Unused
cells stay empty and show as gaps. Because the layout only depends on the roster, a chart made
once (by a template, by the package back end or by openpyxl) keeps reading the right cells when
any front end, xlwings included, later rewrites the values.

What a camp director reads off a chart is the games played, so its axis ends there (issue 34:
after 4 games it ran to game 30): each chart says how many of its categories hold a point
(:attr:`~ratingbook.workbook.port.presentation.LineChart.shown`, the games played, at least
:data:`LEAST_GAMES`, and the weeks so far), and the back ends that build the charts on every
recalc (package, openpyxl) plot those alone. A template's charts keep the whole room, since the
front ends that cannot change a chart (the button in Excel, xlwings Server and Lite) start
from them; there the columns beyond the last game have no header, so that Excel and
LibreOffice draw neither a point nor a label there (an empty cell: LibreOffice draws a text or
``#N/A`` as 0).

A group's charts read its lines: each sets its value axis from the group's ratings on it,
rounded out to a round step (:func:`value_axis`; 11 Beginners within 150 points were drawn on 0
to 1000, issue 34), for the back ends that build the charts on every recalc; a template's
charts leave the axis to the viewer
(:meth:`~ratingbook.workbook.port.presentation.LineChart.roomy`). The ladder template's
``Camper Chart`` shows any one camper (the one its B1 names, changed without a recalc), so its
two charts (:data:`CAMPER_CHARTS`) get the axis of the whole camp's ratings on them
(:attr:`Progress.camper_axes`; printed, the week-by-week chart ran 0-1000, user test 48).

Sizes grow in steps only when a roster outgrows them (more than 40 players in a group, more than
30 games a week, more than 16 weeks); then the back ends that can build charts rebuild them. A
player with more than 200 games is shown every k-th game (the column headers say which), so a
sheet never grows past what a chart can show and a recalc's calls to Excel stay the same.

The numbers are the reports' (each player's :class:`~ratingbook.reports.tables.PlayerPath`, the
ladder's from :func:`~ratingbook.reports.ladder_tables.ladder_paths`, both handed on from here);
this module lays them out in the fixed cells the charts read.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ratingbook.reports.ladder_tables import ladder_paths
from ratingbook.reports.tables import PlayerPath, key_columns
from ratingbook.workbook.port.book import GeneratedSheet
from ratingbook.workbook.port.presentation import (
    CellRange,
    ChartSeries,
    LineChart,
    PrintSetup,
    typed_width,
)

__all__ = [
    "CAMPER_CHARTS",
    "CAMPER_NAME_POINTS",
    "CHART_COLUMNS",
    "CHART_ROWS",
    "GROUP_SLOTS",
    "PlayerPath",
    "Progress",
    "camper_name_width",
    "chart_sheets",
    "ladder_columns",
    "ladder_paths",
    "ladder_progress",
    "series_progress",
    "value_axis",
]

GROUP_SLOTS = 40  # rows per group block on the ladder's progress sheet
GAME_POINTS = 30  # games a player's row has room for (plus the start)
MAX_POINTS = 200  # beyond this many games, every k-th game is shown (a chart cannot show more)
WEEK_POINTS = 16  # weeks the ladder's week-by-week block has room for
#: The fewest games a chart's axis shows (beside the start), so that a chart drawn before
#: anyone has played still has an axis to draw on.
LEAST_GAMES = 4
CHART_ROWS = 20  # a chart's height and width, in cells
CHART_COLUMNS = 10
#: The type size of the camper's name in the ``Camper Chart``'s B1 (bold, above the charts).
CAMPER_NAME_POINTS = 12


#: The ``Camper Chart``'s two charts (:mod:`ratingbook.templates.camper_chart`), by title: the
#: chosen camper's Rating game by game this week, and week by week.
CAMPER_CHARTS = ("This week", "Week by week")


def camper_name_width(names: Iterable[str]) -> float:
    """The width of the ``Camper Chart``'s column B that prints each of ``names`` whole in B1:
    bold, as a header is measured, at :data:`CAMPER_NAME_POINTS` rather than 11 points."""
    return round(max((typed_width(n, ()) for n in names), default=0.0) * CAMPER_NAME_POINTS / 11, 2)


#: The most players a chart names in a legend right of its plot; more are listed below it
#: (:attr:`~ratingbook.workbook.port.presentation.LineChart.legend`), where they take the
#: chart's width instead of the plot's.
LEGEND_RIGHT = 6


#: The most rows a chart grows by for a legend below its plot (two names a line, a line a
#: row): 20 campers' chart is then 30 rows tall, still one landscape page.
LEGEND_ROWS = 10


#: The round steps a group's value axis counts in, and the most steps it spans: its bounds are
#: the group's lowest and highest rating rounded out to the first step that spans them in at
#: most :data:`AXIS_STEPS` (11 Beginners within 150 points: 25 a step, not 0 to 1000).
ROUND_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000)
AXIS_STEPS = 8
#: The least span of a value axis: a chart of ratings all equal (the week's start) or nearly
#: so draws them across a band of this many points, not one squeezed to a line's width.
LEAST_SPAN = 50


def value_axis(values: Iterable[object]) -> tuple[float, float, float] | None:
    """The value axis (minimum, maximum, major unit) that reads the ratings ``values`` (cells
    that hold no number are left out; None when none does): the lowest and highest rounded
    out to a round step (:data:`ROUND_STEPS`), spanning at least :data:`LEAST_SPAN`."""
    numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    if not numbers:
        return None
    low, high = min(numbers), max(numbers)
    if high - low < LEAST_SPAN:
        low -= (LEAST_SPAN - (high - low)) / 2
        high = low + LEAST_SPAN
    for step in ROUND_STEPS:
        bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
        if (top - bottom) / step <= AXIS_STEPS:
            break
    if min(numbers) >= 0:  # a rating is never below 0: the axis starts there at the lowest
        bottom = max(bottom, 0)
    return float(bottom), float(top), float(step)


def _legend(series: int) -> str:
    return "r" if series <= LEGEND_RIGHT else "b"


def _chart_rows(rows: int, series: int) -> int:
    """A chart ``rows`` tall, grown by its legend's lines when the legend is below the plot
    (so the plot keeps its height)."""
    return rows if _legend(series) == "r" else rows + min(LEGEND_ROWS, -(-series // 2))


def _room(needed: int, least: int, step: int) -> int:
    """``least``, or ``needed`` rounded up to a multiple of ``step`` when it is more."""
    return max(least, -(-needed // step) * step)


@dataclass(frozen=True, slots=True)
class Progress:
    """A progress data sheet (header + rows, cell A1 = header[0]) and the charts reading it."""

    sheet: str
    header: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    charts: tuple[LineChart, ...]
    #: The value axes of the charts showing any one player of the sheet (title, axis), which
    #: must hold every player's ratings on them: the ladder's ``Camper Chart``
    #: (:data:`CAMPER_CHARTS`); none for a chart with no rating.
    camper_axes: tuple[tuple[str, tuple[float, float, float]], ...] = ()


def _game_columns(paths: Sequence[PlayerPath]) -> tuple[int, int]:
    """(columns, step): room for each player's games; every ``step``-th game is shown."""
    most = max((len(p.after_games) for p in paths), default=0)
    step = -(-most // MAX_POINTS) if most > MAX_POINTS else 1
    return _room(-(-most // step), GAME_POINTS, 10), step


def _game_labels(points: int, step: int, used: int) -> tuple[str, ...]:
    """The games' column headers: 1, 2, 3 ... (or 7, 14, 21 ... when every 7th is shown) over
    the ``used`` columns that hold a game, none over the room beyond (a chart reading it there
    labels nothing: an empty text, which a formula reading it, such as the Camper Chart's,
    takes as empty text, where an empty cell would read as 0)."""
    return tuple(str(n * step) if n <= used else "" for n in range(1, points + 1))


def _used(paths: Sequence[PlayerPath], step: int) -> int:
    """The game columns that hold a game for one of ``paths`` (each ``step``-th game shown)."""
    return max((len(p.after_games) // step for p in paths), default=0)


def _shown(used: int) -> int:
    """A games chart's categories that hold a point: the start and ``used`` games, at least
    :data:`LEAST_GAMES` of them."""
    return 1 + max(used, LEAST_GAMES)


def _games_row(path: PlayerPath, points: int, step: int = 1) -> list[object]:
    values: list[object] = [path.start, *path.after_games[step - 1 :: step]]
    return values + [None] * (points + 1 - len(values))


def series_progress(
    sheet: str, title: str, paths: Sequence[PlayerPath], *, y_title: str = "Rating"
) -> Progress:
    """One row per player (Name, Start, 1, 2, ...) and one chart with a line per player.

    For Elo and Crikey: each player's rating after each of their own games.
    """
    points, step = _game_columns(paths)
    used = _used(paths, step)
    header = ("Name", "Start", *_game_labels(points, step, used))
    rows = tuple((p.name, *_games_row(p, points, step)) for p in paths)
    last_column = 2 + points
    categories = CellRange(sheet, 1, 2, 1, last_column)
    series = tuple(
        ChartSeries(CellRange(sheet, r, 1, r, 1), CellRange(sheet, r, 2, r, last_column))
        for r in range(2, len(paths) + 2)
    )
    charts = (
        (
            LineChart(
                title,
                categories,
                series,
                anchor=(1, 0, _chart_rows(CHART_ROWS + 4, len(series)), CHART_COLUMNS),
                x_title="Games played",
                y_title=y_title,
                legend=_legend(len(series)),
                shown=_shown(used),
            ),
        )
        if series
        else ()
    )
    return Progress(sheet, header, rows, charts)


def ladder_columns(
    points: int = GAME_POINTS, weeks: int = WEEK_POINTS
) -> tuple[int, int, int, int]:
    """The ladder progress sheet's columns (1-based): Start, last game, Week 1, last week.

    Column C holds the names; D is Start, then one column per game, then one per week.
    """
    first_game = 4
    last_game = first_game + points
    return first_game, last_game, last_game + 1, last_game + weeks


def ladder_progress(
    sheet: str, groups: Sequence[str], paths: Sequence[PlayerPath], week: int
) -> Progress:
    """The ladder's progress sheet and two charts per group (placed on a sheet of their own).

    Columns: Group, ID, Name, Start, 1..30 (Rating after each of the player's games this
    week), then Week 1..Week 16 (end-of-week Rating, from the archive; the current ``week``
    holds the Rating after the player's last game so far, and nothing before his first game
    of the week: no point, not the group's rating the week starts at); only the games and
    weeks so far are headed. Each group has a
    block of rows (40, or more when a group is bigger), players ordered by ID. Charts:
    "GROUP: week N" (this week, game by game) and "GROUP: week by week".
    """
    by_group: dict[str, list[PlayerPath]] = {g: [] for g in groups}
    for path in paths:
        by_group.setdefault(path.group, []).append(path)
    for members in by_group.values():
        members.sort(key=lambda p: (p.id if p.id is not None else 0, p.name))
    slots = _room(max((len(m) for m in by_group.values()), default=0), GROUP_SLOTS, 10)
    points, step = _game_columns(paths)
    weeks = _room(week, WEEK_POINTS, 4)
    first_game, last_game, first_week, last_week = ladder_columns(points, weeks)
    header = (
        "Group",
        "ID",
        "Name",
        "Start",
        *_game_labels(points, step, _used(paths, step)),
        *(f"Week {n}" if n <= week else "" for n in range(1, weeks + 1)),
    )
    rows: list[tuple[object, ...]] = []
    charts: list[LineChart] = []
    for g, (group, members) in enumerate(by_group.items()):
        top = 2 + g * slots
        for path in members:
            past = dict(path.weeks or {})
            if path.after_games:
                # This week's point: the Rating so far. None before the camper's first game of
                # the week: the weekly Rating restarts at the group's each week (rules.md), so
                # a week not yet played has no Rating of its own to draw (it dipped to the
                # start, user test); a week that ended is the archive's, played or not.
                past[week] = path.after_games[-1]
            rows.append(
                (
                    group,
                    path.id,
                    path.name,
                    *_games_row(path, points, step),
                    *(past.get(n) for n in range(1, weeks + 1)),
                )
            )
        block = rows[len(rows) - len(members) :]
        rows.extend(() for _ in range(slots - len(members)))
        if not members:
            continue
        # Each chart's value axis reads its group's lines (the columns it plots).
        this_week = value_axis(v for row in block for v in row[first_game - 1 : last_game])
        by_week = value_axis(v for row in block for v in row[first_week - 1 : last_week])
        names = [CellRange(sheet, r, 3, r, 3) for r in range(top, top + len(members))]
        # One chart under another, each on a page of its own (chart_sheets): the two side by
        # side were too wide for a page at a readable size.
        tall = _chart_rows(CHART_ROWS, len(names))
        chart_top = 1 + sum(c.anchor[2] + 1 for c in charts)
        charts.append(
            LineChart(
                f"{group}: week {week}",
                CellRange(sheet, 1, first_game, 1, last_game),
                tuple(
                    ChartSeries(
                        n, CellRange(sheet, n.first_row, first_game, n.first_row, last_game)
                    )
                    for n in names
                ),
                anchor=(chart_top, 0, tall, CHART_COLUMNS),
                x_title="Games played this week",
                y_title="Rating",
                legend=_legend(len(names)),
                shown=_shown(_used(members, step)),
                value_axis=this_week,
            )
        )
        charts.append(
            LineChart(
                f"{group}: week by week",
                CellRange(sheet, 1, first_week, 1, last_week),
                tuple(
                    ChartSeries(
                        n, CellRange(sheet, n.first_row, first_week, n.first_row, last_week)
                    )
                    for n in names
                ),
                anchor=(chart_top + tall + 1, 0, tall, CHART_COLUMNS),
                x_title="End of week",
                y_title="Rating",
                legend=_legend(len(names)),
                shown=week,
                value_axis=by_week,
            )
        )
    while rows and not rows[-1]:  # the last block's free rows: nothing to write
        rows.pop()
    # The Camper Chart reads the same columns for the camper its B1 names: the whole camp's.
    whole = (
        value_axis(v for row in rows for v in row[first_game - 1 : last_game]),
        value_axis(v for row in rows for v in row[first_week - 1 : last_week]),
    )
    camper = tuple((t, a) for t, a in zip(CAMPER_CHARTS, whole, strict=True) if a is not None)
    return Progress(sheet, header, tuple(rows), tuple(charts), camper)


def chart_sheets(
    charts_name: str,
    progress: Progress,
    *,
    intro: str,
    after: str,
    title: str,
    file_name: bool = False,
) -> tuple[GeneratedSheet, GeneratedSheet]:
    """The sheet holding ``progress``'s charts (``intro`` in A1) and the sheet of its numbers.

    Both print landscape, titled ``NAME - title`` (or ``NAME - file name``): the charts one a
    page, each as wide as a page at full size (:data:`CHART_COLUMNS` columns), so its labels
    print at their own size; the numbers one page wide or, too wide for a readable size,
    across pages with the names on each, the room for what is to come hidden.
    """
    names = key_columns(progress.header)  # Group, ID, Name; or Name

    def setup(name: str, grid: bool = True, breaks: tuple[int, ...] = ()) -> PrintSetup:
        return PrintSetup(
            f"{name} - {title}" if title else name,
            landscape=True,
            file_name=file_name,
            grid=grid,
            repeat_columns=names,
            page_breaks=breaks,
        )

    # A page ends on the row under each chart but the last (anchors count rows from 0).
    ends = sorted(c.anchor[0] + c.anchor[2] + 1 for c in progress.charts)[:-1]
    # The room kept for players, games and weeks to come is hidden, so that the sheet prints
    # (and shows) its numbers alone: a free row, a column no one has a value in yet. Its
    # charts read those cells at fixed places whatever is hidden (plots_hidden): a back end
    # that cannot hide or unhide a row (xlwings' JSON engine) leaves them as the sheet has
    # them, and no line then loses a point.
    empty_rows = frozenset(r for r, row in enumerate(progress.rows) if not _any_value(row))
    empty_columns = frozenset(
        c
        for c in range(names, len(progress.header))
        if not any(c < len(row) and row[c] not in (None, "") for row in progress.rows)
    )
    drawn = tuple(replace(chart, plots_hidden=True) for chart in progress.charts)

    charts = GeneratedSheet(
        charts_name,
        (intro,),
        (),
        widths={0: 10},
        after=after,
        print_setup=setup(charts_name, grid=False, breaks=tuple(ends)),  # charts, no table
        charts=drawn,
    )
    data = GeneratedSheet(
        progress.sheet,
        progress.header,
        progress.rows,
        widths={names - 1: 20, **dict.fromkeys(range(names, len(progress.header)), 7.0)},
        after=charts_name,
        print_setup=setup(progress.sheet),
        hidden_rows=empty_rows,
        hidden_columns=empty_columns,
    )
    return charts, data


def _any_value(row: Sequence[object]) -> bool:
    """Whether ``row`` holds a value (a cell neither empty nor "")."""
    return any(v not in (None, "") for v in row)
