"""The Elo family: reads Elo Players, Elo Games and the optional Elo Settings, plans the sheets.

This module alone decides how the Elo sheets are read (starting ratings, K, White's score),
that ratings are rounded after every game as seed 003 does, and what the generated Elo
Standings and Elo History sheets hold. The formulas are :mod:`ratingbook.elo`.
"""

from __future__ import annotations

import math

from ratingbook import elo
from ratingbook.book import GeneratedSheet, Plan
from ratingbook.errors import InvalidValueError, Location, RatingbookError
from ratingbook.families.sheets import Sheets, competition_ranks, game_players, read, unique_names
from ratingbook.results import parse_ladder_result
from ratingbook.schemas import ELO_GAMES, ELO_HISTORY, ELO_PLAYERS, ELO_SETTINGS, ELO_STANDINGS
from ratingbook.tables import header_key

__all__ = ["REQUIRED", "plan_elo"]

REQUIRED = (ELO_PLAYERS.sheet, ELO_GAMES.sheet)

_ELO_SCORES = {"1": 1.0, "0": 0.0, "0.5": 0.5, ".5": 0.5, "½": 0.5, "1/2": 0.5}


def _elo_score(value: object, where: Location) -> float:
    """White's score: a ladder-style result ((1-0), (0-1), (½-½)) or the number 1, 0.5 or 0."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value in (0, 0.5, 1):
        return float(value)
    if isinstance(value, str) and value.strip() in _ELO_SCORES:
        return _ELO_SCORES[value.strip()]
    try:
        return parse_ladder_result(value, where).white_score
    except RatingbookError:
        shown = "an empty cell" if value is None or value == "" else repr(value)
        raise InvalidValueError(
            f"unknown result {shown}; expected 1-0, 0-1, ½-½ or White's score 1, 0.5 or 0",
            where,
            "Result",
        ) from None


def _elo_k(sheets: Sheets) -> float:
    if sheets.actual(ELO_SETTINGS.sheet) is None:
        return 20.0
    table = read(sheets, ELO_SETTINGS)
    k = 20.0
    for row in table.rows:
        if header_key(row.get("Setting")) in ("k", "k-factor", "k factor"):
            value = row.get("Value")
            if not isinstance(value, int | float) or isinstance(value, bool) or not value >= 0:
                raise InvalidValueError(
                    f"K {value!r} must be a number of at least 0", row.where, "Value"
                )
            if value > elo.LARGEST:
                raise InvalidValueError(
                    f"K {value!r} is too large (at most {elo.LARGEST:,})", row.where, "Value"
                )
            k = float(value)
    return k


def _number_cell(value: object, where: Location, column: str) -> float | int:
    number: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if number is not None and math.isfinite(number):
        if abs(number) > elo.LARGEST:
            raise InvalidValueError(
                f"rating {value!r} is too large (at most {elo.LARGEST:,})", where, column
            )
        return int(number) if number.is_integer() else number
    shown = "is empty" if value is None or value == "" else f"{value!r} is not a number"
    raise InvalidValueError(f"rating {shown}", where, column)


def plan_elo(sheets: Sheets) -> Plan:
    players_table = read(sheets, ELO_PLAYERS)
    names = unique_names(players_table)
    start = {
        name: _number_cell(row.get("Rating"), row.where, "Rating")
        for name, row in zip(names, players_table.rows, strict=True)
    }
    k = _elo_k(sheets)
    players_of = game_players(names)
    games_table = read(sheets, ELO_GAMES)
    games: list[tuple[str, str, float]] = []
    for row in games_table.rows:
        white, black = players_of(row)
        games.append((white, black, _elo_score(row.get("Result"), row.where)))
    ratings: dict[str, float | int] = dict(start)
    tally = {name: [0, 0, 0] for name in names}
    history: list[tuple[object, ...]] = []
    for n, (white, black, score) in enumerate(games, start=1):
        w0, b0 = ratings[white], ratings[black]
        # seed 003: both ratings are rounded to whole numbers after every game.
        ((_, _), (w1, b1)) = elo.elo_series(k, w0, b0, [score])
        ratings[white], ratings[black] = int(w1), int(b1)
        outcome = 0 if score == 1 else 1 if score == 0.5 else 2
        tally[white][outcome] += 1
        tally[black][2 - outcome] += 1
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
    )
    return Plan(
        sheets=(standings, history_sheet),
        summary=(f"elo: {len(names)} players, {len(games)} games, K = {k:g}",),
    )
