"""The Crikey family: reads Crikey Players and Crikey Games, plans the standings and history.

This module alone decides how the Crikey sheets are read (ratings in hundredths, piece values,
White's result), and where the generated Crikey Standings, Crikey History, Crikey Charts and
Crikey Progress sheets go. The exchange itself is :mod:`ratingbook.ratings.crikey`; the replay
and its tables are :mod:`ratingbook.reports.crikey_tables`.
"""

from __future__ import annotations

from ratingbook.core.cells import PIECES, crikey_result, hundredths, whole_number
from ratingbook.core.counts import many
from ratingbook.errors import Problems, RatingbookError
from ratingbook.ratings import crikey
from ratingbook.reports.crikey_tables import crikey_tables
from ratingbook.workbook.port.book import Plan
from ratingbook.workbook.sheets.charts import chart_sheets, series_progress
from ratingbook.workbook.sheets.reading import Sheets, game_players, guarded, read, unique_names
from ratingbook.workbook.sheets.report_sheet import report_sheet
from ratingbook.workbook.sheets.schemas import (
    CRIKEY_CHARTS,
    CRIKEY_GAMES,
    CRIKEY_HISTORY,
    CRIKEY_PLAYERS,
    CRIKEY_PROGRESS,
    CRIKEY_STANDINGS,
)

__all__ = ["plan_crikey"]

PIECES_WHAT = "a whole-number piece value"
_PIECES = ("White Pieces", "Black Pieces")


def plan_crikey(sheets: Sheets) -> Plan:
    problems = Problems()
    named = unique_names(read(sheets, CRIKEY_PLAYERS), problems)
    names = [name for name, _ in named]
    start: dict[str, int] = {}
    for name, row in named:
        try:
            start[name] = hundredths(row.get("Rating"), row.where, "Rating")
        except RatingbookError as error:
            problems.append(error)
    players_of = game_players(names)
    games_table = guarded(problems, lambda: read(sheets, CRIKEY_GAMES), None)
    games: list[crikey.CrikeyGame] = []
    for row in games_table.rows if games_table is not None else ():
        try:
            white, black = players_of(row)
            pieces = [
                whole_number(row.get(c), row.where, c, PIECES_WHAT, bounds=PIECES) for c in _PIECES
            ]
            result = crikey_result(row.get("Result"), row.where)
        except RatingbookError as error:
            problems.append(error)
            continue
        games.append(crikey.CrikeyGame(white, black, result, pieces[0], pieces[1], where=row.where))
    problems.check()
    assert games_table is not None  # a missing table was a problem, raised just above
    tables = crikey_tables(start, games)
    standings = report_sheet(tables.standings, games_table.sheet)
    history = report_sheet(tables.history, CRIKEY_STANDINGS, landscape=True)
    progress = series_progress(CRIKEY_PROGRESS, "Crikey ratings after each game", tables.paths)
    charts = chart_sheets(
        CRIKEY_CHARTS,
        progress,
        intro=f"Each player's rating after each of their games; the numbers are on "
        f"'{CRIKEY_PROGRESS}'.",
        after=CRIKEY_HISTORY,
        title="",
        file_name=True,
    )
    return Plan(
        sheets=(standings, history, *charts),
        summary=(f"crikey: {many(len(names), 'player')}, {many(len(games), 'game')}",),
    )
