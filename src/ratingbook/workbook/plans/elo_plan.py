"""The Elo family: reads Elo Players, Elo Games and the optional Elo Settings, plans the sheets.

This module alone decides how the Elo sheets are read (starting ratings, rounded to whole
numbers as seed 003 rounds every rating, K, White's score) and where the generated Elo
Standings, Elo History, Elo Charts and Elo Progress sheets go. The formulas are
:mod:`ratingbook.ratings.elo`; the replay and its tables are :mod:`ratingbook.reports.elo_tables`.
"""

from __future__ import annotations

from ratingbook.core import cells
from ratingbook.core.counts import many
from ratingbook.core.tables import header_key
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError
from ratingbook.ratings import elo
from ratingbook.reports.elo_tables import elo_tables
from ratingbook.workbook.port.book import Plan
from ratingbook.workbook.sheets.charts import chart_sheets, series_progress
from ratingbook.workbook.sheets.reading import (
    Sheets,
    game_players,
    guarded,
    read,
    setting_rows,
    unique_names,
)
from ratingbook.workbook.sheets.report_sheet import report_sheet
from ratingbook.workbook.sheets.schemas import (
    DESK_CONFIRMS,
    ELO_CHARTS,
    ELO_GAMES,
    ELO_HISTORY,
    ELO_PLAYERS,
    ELO_PROGRESS,
    ELO_SETTINGS,
    ELO_STANDINGS,
)

__all__ = ["plan_elo"]


_K_NAMES = ("k", "k-factor", "k factor")


def _elo_setting(typed: str, where: Location) -> str:
    if header_key(typed) == header_key(DESK_CONFIRMS):
        return DESK_CONFIRMS  # the results desk's setting (issue 36) is read by the desk
    if header_key(typed) in _K_NAMES:
        return "K"
    raise InvalidValueError(
        f"unknown setting {typed!r}; expected K (or K-factor)", where, "Setting"
    )


def _elo_k(sheets: Sheets, problems: Problems) -> float:
    """K from the optional Elo Settings sheet (20 without it). K is its only setting: another
    name is a typo that would silently leave K at 20, and a second K row is ambiguous
    (:func:`~ratingbook.workbook.sheets.reading.setting_rows`)."""
    if sheets.actual(ELO_SETTINGS.sheet) is None:
        return 20.0
    row = setting_rows(read(sheets, ELO_SETTINGS).rows, _elo_setting, problems).get("K")
    if row is None:
        return 20.0
    try:
        value = cells.number(
            row.get("Value"), row.where, "Value", "K, a number of at least 0", bounds=cells.K_FACTOR
        )
    except RatingbookError as error:
        problems.append(error)
        return 20.0
    return float(value)


def plan_elo(sheets: Sheets) -> Plan:
    problems = Problems()
    players_table = read(sheets, ELO_PLAYERS)
    named = unique_names(players_table, problems)
    names = [name for name, _ in named]
    start: dict[str, int] = {}
    for name, row in named:
        try:
            rating = cells.number(
                row.get("Rating"), row.where, "Rating", "a rating", bounds=cells.RATING
            )
        except RatingbookError as error:
            problems.append(error)
            continue
        # seed 003: ratings are whole numbers, the starting one rounded like every later one.
        start[name] = elo.round_half_up(rating)
    k = guarded(problems, lambda: _elo_k(sheets, problems), 20.0)
    players_of = game_players(names)
    games: list[tuple[str, str, float]] = []
    games_table = guarded(problems, lambda: read(sheets, ELO_GAMES), None)
    for row in games_table.rows if games_table is not None else ():
        try:
            white, black = players_of(row)
            white_score = cells.score(row.get("Result"), row.where, "Result", results=True)
        except RatingbookError as error:
            problems.append(error)
            continue
        games.append((white, black, float(white_score)))
    problems.check()
    assert games_table is not None  # a missing table was a problem, raised just above
    tables = elo_tables(start, games, k)
    standings = report_sheet(tables.standings, games_table.sheet)
    history = report_sheet(tables.history, ELO_STANDINGS, landscape=True)
    progress = series_progress(ELO_PROGRESS, "Elo ratings after each game", tables.paths)
    charts = chart_sheets(
        ELO_CHARTS,
        progress,
        intro=f"Each player's rating after each of their games; the numbers are on "
        f"'{ELO_PROGRESS}'.",
        after=ELO_HISTORY,
        title="",
        file_name=True,
    )
    return Plan(
        sheets=(standings, history, *charts),
        summary=(f"elo: {many(len(names), 'player')}, {many(len(games), 'game')}, K = {k:g}",),
    )
