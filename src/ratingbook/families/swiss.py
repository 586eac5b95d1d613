"""The Swiss family: reads Swiss Players and Swiss Games, plans the Swiss Standings sheet.

This module alone decides how the Swiss sheets are read (each side's points) and what the
generated Swiss Standings sheet holds. Standings and tie-breaks are :mod:`ratingbook.swiss`.
"""

from __future__ import annotations

from ratingbook import swiss
from ratingbook.book import GeneratedSheet, Plan
from ratingbook.cells import score
from ratingbook.errors import Problems, RatingbookError
from ratingbook.families.sheets import Sheets, game_players, guarded, read, unique_names
from ratingbook.rules import check_points, competition_ranks
from ratingbook.schemas import SWISS_GAMES, SWISS_PLAYERS, SWISS_STANDINGS

__all__ = ["REQUIRED", "plan_swiss"]

REQUIRED = (SWISS_PLAYERS.sheet, SWISS_GAMES.sheet)


def plan_swiss(sheets: Sheets) -> Plan:
    problems = Problems()
    names = [name for name, _ in unique_names(read(sheets, SWISS_PLAYERS), problems)]
    players_of = game_players(names)
    games_table = guarded(problems, lambda: read(sheets, SWISS_GAMES), None)
    games: list[swiss.SwissGame] = []
    for row in games_table.rows if games_table is not None else ():
        try:
            white, black = players_of(row)
            # seed 004 counts points in halves, so every sum is exact.
            wh = int(2 * score(row.get("White Points"), row.where, "White Points"))
            bh = int(2 * score(row.get("Black Points"), row.where, "Black Points"))
            check_points(wh, bh, row.get("White Points"), row.get("Black Points"), row.where)
        except RatingbookError as error:
            problems.append(error)
            continue
        games.append(swiss.SwissGame(white, black, wh, bh, where=row.where))
    problems.check()
    assert games_table is not None  # a missing table was a problem, raised just above
    results = swiss.swiss_standings(names, games)
    keys = [(r.points, r.resistance_points, r.sonnenborn_berger, r.black) for r in results]
    standings = GeneratedSheet(
        SWISS_STANDINGS,
        ("Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"),
        [
            (rank, r.name, r.points, r.resistance_points, r.sonnenborn_berger, r.black)
            for rank, r in zip(competition_ranks(keys), results, strict=True)
        ],
        number_formats={2: "0.0", 3: "0.0", 4: "0.00"},
        widths={1: 20, 4: 17},
        after=games_table.sheet,
    )
    return Plan(sheets=(standings,), summary=(f"swiss: {len(names)} players, {len(games)} games",))
