"""The worksheet functions that rate games: Elo (=ELO_EXPECTED, =ELO_UPDATE, =ELO_SERIES,
=ELO_TOURNAMENT), Glicko-2 (=GLICKO2_UPDATE), the SCA ladder (=LADDER_UPDATE), Crikey
(=CRIKEY_UPDATE) and FIDE's rating change (=FIDE_RATING_CHANGE): Excel's arguments read
(:mod:`ratingbook.udfs.arguments`), the engine called, a number or a spilled row handed back.
The docstrings are the help text Excel shows.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from ratingbook.core import cells
from ratingbook.core.results import Result, parse_crikey_result
from ratingbook.core.rules import result_of_score
from ratingbook.errors import InvalidValueError, RatingbookError
from ratingbook.ratings import crikey, elo, glicko2, ladder
from ratingbook.udfs.arguments import (
    as_cells,
    as_k,
    as_rating,
    as_score,
    as_whole,
    excel_number,
    reworded,
)

__all__ = [
    "CRIKEY_UPDATE",
    "ELO_EXPECTED",
    "ELO_SERIES",
    "ELO_TOURNAMENT",
    "ELO_UPDATE",
    "FIDE_RATING_CHANGE",
    "GLICKO2_UPDATE",
    "LADDER_UPDATE",
]

#: One spilled row must fit on a worksheet (16,384 columns).
MAX_CONTESTANTS = 16_384
#: A worksheet function must not freeze Excel (this many games take a few seconds); larger
#: tournaments belong on the command line (`ratingbook elo-tournament`).
MAX_TOURNAMENT_GAMES = 50_000

# --- Elo ---------------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's rating, e.g. 1613.")
@xw.arg("opponent", doc="The opponent's rating, e.g. 1609.")
def ELO_EXPECTED(rating: Any, opponent: Any) -> float:
    """Elo expected score of a player: 1 / (1 + 10^((opponent - rating) / 400)).

    Example: =ELO_EXPECTED(1613, 1609) gives 0.506.
    """
    return elo.expected_score(as_rating(rating, "rating"), as_rating(opponent, "opponent"))


@xw.func
@xw.arg("rating", doc="The player's rating before the game.")
@xw.arg("opponent", doc="The opponent's rating before the game.")
@xw.arg("score", doc="The player's score: 1 win, 0.5 draw, 0 loss (or 1-0, ½-½, 0-1).")
@xw.arg("k", doc="K, the largest change one game can make (default 20).")
def ELO_UPDATE(rating: Any, opponent: Any, score: Any, k: Any = 20) -> float:
    """The player's new Elo rating after one game, R + K (S - E), not rounded.

    Example: =ELO_UPDATE(1613, 1609, 0, 32) gives 1596.8 (1597 once rounded).
    """
    k_value = as_k(k, default=20)
    return elo.elo_update(
        as_rating(rating, "rating"), as_rating(opponent, "opponent"), as_score(score), k_value
    )


@xw.func
@xw.arg("k", doc="K, the largest change one game can make, e.g. 32.")
@xw.arg("rating_a", doc="Player A's rating before the first game.")
@xw.arg("rating_b", doc="Player B's rating before the first game.")
@xw.arg("scores", ndim=2, doc="A's score in each game, in order: 1, 0.5 or 0 (a row or column).")
def ELO_SERIES(k: Any, rating_a: Any, rating_b: Any, scores: Any) -> list[list[int | float]]:
    """Both Elo ratings after each game of A against B, rounded after every game; spills 2 columns.

    Example: =ELO_SERIES(32, 1613, 1609, {0;0.5;0.5;0;0;0}): 1613 1609 ... 1558 1664.
    """
    k_value = as_k(k)
    played = [
        as_score(cell, f"game {n}: score") for n, cell in enumerate(as_cells(scores), start=1)
    ]
    pairs = elo.elo_series(
        k_value, as_rating(rating_a, "rating_a"), as_rating(rating_b, "rating_b"), played
    )
    return [[excel_number(a), excel_number(b)] for a, b in pairs]


@xw.func
@xw.arg("contestants", doc="How many players (2 or more).")
@xw.arg("rounds", doc="How many rounds to play.")
@xw.arg("seed", doc="X0, the seed of the random number generator.")
def ELO_TOURNAMENT(contestants: Any, rounds: Any, seed: Any) -> list[list[int]]:
    """Final ratings, in ID order, of a simulated Elo tournament; spills one row.

    Example: =ELO_TOURNAMENT(4, 3, 0) gives 1191, 1189, 1191, 1229.
    """
    players = as_whole(contestants, "contestants", 1)
    played = as_whole(rounds, "rounds", 0)
    if players > MAX_CONTESTANTS:
        raise InvalidValueError(
            f"contestants {contestants!r} is more than one row holds ({MAX_CONTESTANTS:,})"
        )
    if players // 2 * played > MAX_TOURNAMENT_GAMES:
        raise InvalidValueError(
            f"{players} contestants and {rounds!r} rounds are more than "
            f"{MAX_TOURNAMENT_GAMES:,} games; use the command line: ratingbook elo-tournament"
        )
    return [elo.elo_tournament(players, played, as_whole(seed, "seed", 0))]


# --- Glicko-2 ----------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's rating at the period's start, e.g. 1500.")
@xw.arg("deviation", doc="The player's rating deviation RD, e.g. 200 (350 for a new player).")
@xw.arg("volatility", doc="The player's volatility, e.g. 0.06.")
@xw.arg("opponents_ratings", ndim=2, doc="The opponents' ratings (a row or column).")
@xw.arg("opponents_deviations", ndim=2, doc="The opponents' RDs, in the same order.")
@xw.arg("scores", ndim=2, doc="The player's score in each game, in the same order: 1, ½, 0.")
@xw.arg("tau", doc="Optional τ, the system constant (default 0.5).")
def GLICKO2_UPDATE(
    rating: Any,
    deviation: Any,
    volatility: Any,
    opponents_ratings: Any,
    opponents_deviations: Any,
    scores: Any,
    tau: Any = None,
) -> list[list[float]]:
    """Glicko-2 rating, RD and volatility after one rating period (Glickman); spills one row.

    Example: =GLICKO2_UPDATE(1500, 200, 0.06, {1400,1550,1700}, {30,100,300}, {1,0,0})
    gives 1464.05, 151.52, 0.059996.
    """
    # The ranges as numbers here; glicko2_update checks them (deviations above 0, ...).
    ratings = [as_rating(v, "opponents_ratings") for v in as_cells(opponents_ratings)]
    rds = [as_rating(v, "opponents_deviations") for v in as_cells(opponents_deviations)]
    points = [float(as_score(v, "scores")) for v in as_cells(scores)]
    if not len(ratings) == len(rds) == len(points):
        raise InvalidValueError(
            f"{len(ratings)} opponents' ratings, {len(rds)} deviations and {len(points)} scores:"
            " give one of each per game"
        )
    rd, sigma = as_rating(deviation, "deviation"), as_rating(volatility, "volatility")
    player = glicko2.Glicko2Rating(as_rating(rating, "rating"), rd, sigma)
    settings = glicko2.Glicko2Settings(tau=0.5 if cells.is_blank(tau) else as_rating(tau, "tau"))
    games = list(zip(ratings, rds, points, strict=True))
    after = glicko2.glicko2_update(player, games, settings).after
    return [[after.rating, after.deviation, after.volatility]]


# --- SCA ladder --------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's ladder rating before the game (a whole number).")
@xw.arg("opponent", doc="The opponent's ladder rating before the game.")
@xw.arg("score", doc="The player's score: 1 win, 0.5 or ½ draw, 0 loss.")
def LADDER_UPDATE(rating: Any, opponent: Any, score: Any) -> int:
    """The player's new SCA camp-ladder rating after one game (score 1, ½ or 0).

    Example: =LADDER_UPDATE(1000, 1200, 1) gives 1024 (the underdog gains 16 + 200/25).
    """
    own = as_whole(rating, "rating", bounds=cells.RATING)
    other = as_whole(opponent, "opponent", bounds=cells.RATING)
    return own + ladder.ladder_change(own, other, result_of_score(as_score(score)))


# --- Crikey ------------------------------------------------------------------------------------


def _hundredths(value: object, name: str) -> int:
    try:
        return cells.hundredths(value, None, None)
    except RatingbookError as error:
        raise reworded(error, name) from None


def _crikey_result(value: object) -> Result:
    try:
        return parse_crikey_result(value, None, None)
    except RatingbookError as error:
        try:
            return result_of_score(as_score(value))
        except RatingbookError:
            raise reworded(error, "white_result") from None


@xw.func
@xw.arg("white", doc="White's rating before the game, e.g. 76.91.")
@xw.arg("black", doc="Black's rating before the game, e.g. 76.36.")
@xw.arg("white_result", doc="White's result: won, drew or lost.")
@xw.arg("white_pieces", doc="Total value of White's pieces left on the board.")
@xw.arg("black_pieces", doc="Total value of Black's pieces left on the board.")
def CRIKEY_UPDATE(
    white: Any, black: Any, white_result: Any, white_pieces: Any, black_pieces: Any
) -> list[list[float]]:
    """New Crikey ratings of White and Black after one game; spills one row.

    Example: =CRIKEY_UPDATE(76.91, 76.36, "lost", 20, 15) gives 74.19, 79.08.
    """
    w = _hundredths(white, "white")
    b = _hundredths(black, "black")
    change = crikey.crikey_exchange(
        w,
        b,
        _crikey_result(white_result),
        as_whole(white_pieces, "white_pieces", bounds=cells.PIECES),
        as_whole(black_pieces, "black_pieces", bounds=cells.PIECES),
    )
    return [[(w + change) / 100, (b - change) / 100]]


# --- FIDE rating -------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's FIDE rating, e.g. 2100.")
@xw.arg("opponents", ndim=2, doc="The opponents' FIDE ratings (a row or column).")
@xw.arg("scores", ndim=2, doc="The player's score in each game, in the same order: 1, ½, 0.")
@xw.arg("k", doc="Optional K: 40, 20 or 10 (default: 10 from 2400, else 20).")
@xw.arg("date", doc="Optional start date of the event: decides the rules (default: today's).")
def FIDE_RATING_CHANGE(
    rating: Any, opponents: Any, scores: Any, k: Any = None, date: Any = None
) -> float:
    """FIDE rating change K x sum(score - PD) for an event (B.02 8.3), not rounded (FIDE
    rounds a rating period's total, 0.5 away from zero).

    PD from FIDE's table 8.1.2 with the 400-point rule of the event's date. Example:
    =FIDE_RATING_CHANGE(2100, {2000, 2150}, {1, 0.5}, 20) gives 8.6.
    """
    from ratingbook.events.codes import K_VALUES
    from ratingbook.events.settings import date_value
    from ratingbook.fide.rules.rating_regulations import k_factor, rating_change, rating_rules

    own = as_whole(rating, "rating", low=1, bounds=cells.RATING)
    ratings = [as_whole(v, "opponents", low=1, bounds=cells.RATING) for v in as_cells(opponents)]
    points = [as_score(v, "scores") for v in as_cells(scores)]
    if len(ratings) != len(points):
        raise InvalidValueError(
            f"{len(ratings)} opponents but {len(points)} scores: give one score per opponent"
        )
    typed = None if cells.is_blank(k) else as_whole(k, "k")
    if typed is not None and typed not in K_VALUES:
        raise InvalidValueError(f"k {typed}: expected 40, 20 or 10 (B.02 8.3.3)")
    start = None if cells.is_blank(date) else date_value(date, None, "date")
    chosen, _ = k_factor(own, None, None, len(ratings), typed)
    change = rating_change(
        own, list(zip(ratings, points, strict=True)), chosen, rating_rules(start)
    )
    return excel_number(change.exact)
