"""The Elo family: reads Elo Players, Elo Games and the optional Elo Settings, plans the sheets.

This module alone decides how the Elo sheets are read (starting ratings, K, White's score),
that ratings are rounded after every game as seed 003 does, and what the generated Elo
Standings and Elo History sheets hold. The formulas are :mod:`ratingbook.ratings.elo`.
"""

from __future__ import annotations

from ratingbook.core import cells
from ratingbook.core.rules import RECORD, competition_ranks, result_of_score
from ratingbook.core.tables import header_key
from ratingbook.errors import InvalidValueError, Problems, RatingbookError
from ratingbook.ratings import elo
from ratingbook.workbook.book import GeneratedSheet, Plan
from ratingbook.workbook.charts import PlayerPath, chart_sheets, series_progress
from ratingbook.workbook.presentation import PrintSetup
from ratingbook.workbook.reading import Sheets, game_players, guarded, read, unique_names
from ratingbook.workbook.schemas import (
    ELO_CHARTS,
    ELO_GAMES,
    ELO_HISTORY,
    ELO_PLAYERS,
    ELO_PROGRESS,
    ELO_SETTINGS,
    ELO_STANDINGS,
)

__all__ = ["REQUIRED", "plan_elo"]

REQUIRED = (ELO_PLAYERS.sheet, ELO_GAMES.sheet)


_K_NAMES = ("k", "k-factor", "k factor")


def _elo_k(sheets: Sheets, problems: Problems) -> float:
    """K from the optional Elo Settings sheet (20 without it). K is its only setting: another
    name is a typo that would silently leave K at 20, and a second K row is ambiguous."""
    if sheets.actual(ELO_SETTINGS.sheet) is None:
        return 20.0
    k = 20.0
    k_row: int | None = None
    for row in read(sheets, ELO_SETTINGS).rows:
        try:
            setting = cells.text(row.get("Setting"), row.where, "Setting", required=False)
            if not setting:
                continue
            if header_key(setting) not in _K_NAMES:
                raise InvalidValueError(
                    f"unknown setting {setting!r}; expected K (or K-factor)", row.where, "Setting"
                )
            if k_row is not None:
                raise InvalidValueError(
                    f"setting {setting!r} is given twice (also row {k_row})", row.where, "Setting"
                )
            k_row = row.where.row or 0
            value = cells.number(
                row.get("Value"),
                row.where,
                "Value",
                "K, a number of at least 0",
                bounds=cells.K_FACTOR,
            )
            k = float(value)
        except RatingbookError as error:
            problems.append(error)
    return k


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
    ratings: dict[str, int] = dict(start)
    tally = {name: [0, 0, 0] for name in names}
    paths: dict[str, list[int | float]] = {name: [] for name in names}
    history: list[tuple[object, ...]] = []
    for n, (white, black, score) in enumerate(games, start=1):
        w0, b0 = ratings[white], ratings[black]
        # seed 003: both ratings are rounded to whole numbers after every game.
        ((_, _), (w1, b1)) = elo.elo_series(k, w0, b0, [score])
        ratings[white], ratings[black] = int(w1), int(b1)
        paths[white].append(ratings[white])
        paths[black].append(ratings[black])
        white_column, black_column = RECORD[result_of_score(score)]
        tally[white][white_column] += 1
        tally[black][black_column] += 1
        history.append((n, white, black, score, elo.expected_score(w0, b0), w0, w1, b0, b1))
    order = sorted(names, key=lambda name: (-ratings[name], name.casefold()))
    ranks = competition_ranks([ratings[name] for name in order])
    standings = GeneratedSheet(
        ELO_STANDINGS,
        ("Rank", "Name", "Start Rating", "Rating", "Change", "Games", "Wins", "Draws", "Losses"),
        [
            (
                rank,
                name,
                start[name],
                ratings[name],
                ratings[name] - start[name],
                sum(tally[name]),
                *tally[name],
            )
            for rank, name in zip(ranks, order, strict=True)
        ],
        number_formats={4: "+0;-0;0"},
        widths={1: 20, 2: 13},
        after=games_table.sheet,
        print_setup=PrintSetup(ELO_STANDINGS, file_name=True),
        centred=frozenset({0}),  # Rank: never run into the name when printed
    )
    history_sheet = GeneratedSheet(
        ELO_HISTORY,
        (
            "Game",
            "White",
            "Black",
            "White Score",
            "White Expected",
            "White Before",
            "White After",
            "Black Before",
            "Black After",
        ),
        history,
        number_formats={4: "0.000"},
        widths={1: 16, 2: 16},
        after=ELO_STANDINGS,
        print_setup=PrintSetup(ELO_HISTORY, landscape=True, file_name=True),
    )
    progress = series_progress(
        ELO_PROGRESS,
        "Elo ratings after each game",
        [PlayerPath(name, start[name], tuple(paths[name])) for name in names],
    )
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
        sheets=(standings, history_sheet, *charts),
        summary=(f"elo: {len(names)} players, {len(games)} games, K = {k:g}",),
    )
