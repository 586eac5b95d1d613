"""The Crikey family: reads Crikey Players and Crikey Games, plans the standings and history.

This module alone decides how the Crikey sheets are read (ratings in hundredths, piece values,
White's result), and what the generated Crikey Standings and Crikey History sheets hold. The
exchange itself is :mod:`ratingbook.ratings.crikey`.
"""

from __future__ import annotations

from ratingbook.core.cells import PIECES, crikey_result, hundredths, whole_number
from ratingbook.core.results import CRIKEY_WORDS
from ratingbook.core.rules import competition_ranks
from ratingbook.errors import Problems, RatingbookError
from ratingbook.ratings import crikey
from ratingbook.workbook.book import GeneratedSheet, Plan
from ratingbook.workbook.charts import PlayerPath, chart_sheets, series_progress
from ratingbook.workbook.presentation import PrintSetup
from ratingbook.workbook.reading import Sheets, game_players, guarded, read, unique_names
from ratingbook.workbook.schemas import (
    CRIKEY_CHARTS,
    CRIKEY_GAMES,
    CRIKEY_HISTORY,
    CRIKEY_PLAYERS,
    CRIKEY_PROGRESS,
    CRIKEY_STANDINGS,
)

__all__ = ["REQUIRED", "plan_crikey"]

REQUIRED = (CRIKEY_PLAYERS.sheet, CRIKEY_GAMES.sheet)
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
    ratings = dict(start)
    played = dict.fromkeys(names, 0)
    paths: dict[str, list[int | float]] = {name: [] for name in names}
    history: list[tuple[object, ...]] = []
    for n, game in enumerate(games, start=1):
        w0, b0 = ratings[game.white], ratings[game.black]
        change = crikey.crikey_exchange(w0, b0, game.result, game.white_pieces, game.black_pieces)
        ratings[game.white] = w0 + change
        ratings[game.black] = b0 - change
        paths[game.white].append(ratings[game.white] / 100)
        paths[game.black].append(ratings[game.black] / 100)
        played[game.white] += 1
        played[game.black] += 1
        history.append(
            (
                n,
                game.white,
                game.black,
                CRIKEY_WORDS[game.result],
                game.white_pieces,
                game.black_pieces,
                w0 / 100,
                (w0 + change) / 100,
                b0 / 100,
                (b0 - change) / 100,
                abs(change) / 100,
            )
        )
    # seed 000's output order: rating descending, equal ratings in decreasing alphabetical order.
    order = sorted(names, key=lambda name: (ratings[name], name), reverse=True)
    ranks = competition_ranks([ratings[name] for name in order])
    standings = GeneratedSheet(
        CRIKEY_STANDINGS,
        ("Rank", "Name", "Start Rating", "Rating", "Change", "Games"),
        [
            (
                rank,
                name,
                start[name] / 100,
                ratings[name] / 100,
                (ratings[name] - start[name]) / 100,
                played[name],
            )
            for rank, name in zip(ranks, order, strict=True)
        ],
        number_formats={2: "0.00", 3: "0.00", 4: "+0.00;-0.00;0.00"},
        widths={1: 20, 2: 13},
        after=games_table.sheet,
        print_setup=PrintSetup(CRIKEY_STANDINGS, file_name=True),
        centred=frozenset({0}),  # Rank: never run into the name when printed
    )
    history_sheet = GeneratedSheet(
        CRIKEY_HISTORY,
        (
            "Game",
            "White",
            "Black",
            "White Result",
            "White Pieces",
            "Black Pieces",
            "White Before",
            "White After",
            "Black Before",
            "Black After",
            "Points Exchanged",
        ),
        history,
        number_formats={6: "0.00", 7: "0.00", 8: "0.00", 9: "0.00", 10: "0.00"},
        widths={1: 16, 2: 16},
        after=CRIKEY_STANDINGS,
        print_setup=PrintSetup(CRIKEY_HISTORY, landscape=True, file_name=True),
    )
    progress = series_progress(
        CRIKEY_PROGRESS,
        "Crikey ratings after each game",
        [PlayerPath(name, start[name] / 100, tuple(paths[name])) for name in names],
    )
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
        sheets=(standings, history_sheet, *charts),
        summary=(f"crikey: {len(names)} players, {len(games)} games",),
    )
