"""One Elo rating period of a club's list: every expected score from the ratings at the period's
start, K from the club's rules, and the provisional players' performance ratings, solved
together where unrated players meet each other. This module alone decides how a period's games
become new Elo ratings; K and rounding are :mod:`~ratingbook.ratings.elo_rules`.

- **Established** (rated, with at least ``provisional_games`` games or an unknown count):
  R' = R + K x sum(S - E), E = 1 / (1 + 10^((R_opponent - R) / 400)) against the opponents'
  ratings at the period's start (:func:`ratingbook.ratings.elo.expected_pair`), or the
  settings' own expected scores (FIDE's table 8.1.2 and 400-point rule); the change of the
  whole period rounded once as the settings say, then the floor.
- **Provisional** (rated, fewer games) and **unrated** (no rating yet): the average linear
  performance over all his games so far: each game counts the opponent's rating + 400 for a
  win, - 400 for a loss, + 0 for a draw; his earlier n games at his earlier rating R weigh in as
  n games at R: R' = (n R + sum(performances)) / (n + m).
- **Unrated players who meet each other**: each one's performance needs the others' ratings,
  which this period makes. They are the fixed point of those equations, found by iterating
  x <- (x + T(x)) / 2 from ``unrated_centre`` until no rating moves by more than ``tolerance``
  (halving the step makes a pair who met only each other settle instead of swapping forever).
  Where a group met a rated player the answer is unique; a group who met only each other is
  fixed up to a shift, and the iteration keeps its game-weighted average at ``unrated_centre``.
  After ``max_iterations`` steps without settling the run stops with an
  :class:`~ratingbook.ratings.glicko2.IterationError` naming the players.
- **A first rating by the list's own rule** (``initial_rating``; FIDE's preset: B.02 8.2):
  an unrated player's games against opponents rated at the period's start are pooled from
  period to period, his games against unrated players not counted; he gets a line, his first
  rating, in the period the rule gives one (FIDE: 5 games or more, not under the floor), and
  none before. FIDE 8.2.1: "If an unrated player scores zero in their first event this score
  is disregarded": the games of his first event (by the games' ``event``) when he scored
  nothing in them.
- **Fixed** players count for their opponents and get no line. An established player whose
  games were all against newcomers gets a line of no games and no change that counts them
  (``not_rated``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from functools import partial

from ratingbook.ratings.elo import expected_pair
from ratingbook.ratings.elo_rules import (
    EloSettings,
    InitialRating,
    k_for,
    provisional_after,
    round_change,
    round_rating,
)
from ratingbook.ratings.glicko2 import IterationError
from ratingbook.ratings.season_model import (
    FirstRating,
    GameLine,
    KChange,
    PerformanceChange,
    PeriodLine,
    PlayerStart,
    RatingPeriod,
)

__all__ = ["elo_period", "unrated_performances"]

#: Linear performance: "the opponent's rating + 400 for a win, - 400 for a loss, + 0 for a draw".
PERFORMANCE_SPREAD = 400.0

#: A GameLine from a tuple without a Python-level constructor call (tuple.__new__ in C).
_line = partial(tuple.__new__, GameLine)

# One game seen from one side: (ref, opponent, score, opponent's rating at the start or None,
# expected score or None).
_Side = tuple[object, str, float, float | None, float | None]


def elo_period(
    period: RatingPeriod,
    ratings: Mapping[str, float | None],
    games: Mapping[str, int | None],
    players: Mapping[str, PlayerStart],
    settings: EloSettings,
    details: bool = True,
    pools: dict[str, tuple[tuple[float, float], ...] | None] | None = None,
) -> dict[str, PeriodLine]:
    """The lines of one period, by player (sorted): ``ratings`` and ``games`` say where each
    player stands at its start (None: unrated / count not known), ``players`` who is fixed, his
    K and birth year. ``pools``: with the settings' ``initial_rating``, each unrated player's
    games pooled so far (:attr:`PlayerStart.pool`), updated here: grown by this period's games,
    and dropped for a player who gets his first rating."""
    sides = _sides(period, ratings)
    provisional_games = settings.provisional_games
    unrated = {key: own for key, own in sides.items() if ratings[key] is None}
    first = settings.initial_rating
    pooled = {} if pools is None else pools
    newcomer = (
        unrated_performances(unrated, ratings, settings)
        if first is None or settings.rate_against_unrated
        else {}
    )
    age_year = period.year
    lines: dict[str, PeriodLine] = {}
    for key in sorted(sides):
        start = players[key]
        if start.fixed:
            continue
        before = ratings[key]
        count = games[key]
        own = sides[key]
        line: PeriodLine | None
        if before is None and first is not None:
            line = _first_rating_line(key, own, pooled, first, period.start, details)
        elif before is None or (count is not None and count < provisional_games):
            line = _performance_line(key, before, count or 0, own, newcomer, settings, details)
        else:
            born = start.birth_year
            age = None if age_year is None or born is None else age_year - born
            line = _k_line(
                key, before, count, age, start.k, own, newcomer, settings, details, period.start
            )
        if line is not None:
            lines[key] = line
    return lines


def _sides(period: RatingPeriod, ratings: Mapping[str, float | None]) -> dict[str, list[_Side]]:
    """Each player's games, from his side, with E from the start ratings (None where either
    player had none): one pass, one E computation per game."""
    sides: dict[str, list[_Side]] = {}
    for white, black, score, ref in period.games:
        r_white, r_black = ratings[white], ratings[black]
        if r_white is None or r_black is None:
            e_white = e_black = None
        else:
            e_white, e_black = expected_pair(r_white, r_black)
        entry = sides.get(white)
        if entry is None:
            entry = sides[white] = []
        entry.append((ref, black, score, r_black, e_white))
        entry = sides.get(black)
        if entry is None:
            entry = sides[black] = []
        entry.append((ref, white, 1.0 - score, r_white, e_black))
    return sides


def unrated_performances(
    unrated: Mapping[str, list[_Side]],
    ratings: Mapping[str, float | None],
    settings: EloSettings,
) -> dict[str, float]:
    """Each unrated player's performance this period (unrounded): his games' average of the
    opponent's rating +/- 400, an unrated opponent's rating being his own performance; the fixed
    point described in the module's docstring."""
    spread = PERFORMANCE_SPREAD
    constants: dict[str, float] = {}
    counts: dict[str, int] = {}
    links: dict[str, list[str]] = {}
    solved: dict[str, float] = {}
    for key, own in unrated.items():
        constant = 0.0
        linked: list[str] = []
        for _, opponent, score, opponent_rating, _ in own:
            constant += spread * (2.0 * score - 1.0)
            if opponent_rating is None:
                linked.append(opponent)
            else:
                constant += opponent_rating
        if linked:
            constants[key], links[key], counts[key] = constant, linked, len(own)
        else:
            solved[key] = constant / len(own)
    if not links:
        return solved
    x = dict.fromkeys(links, float(settings.unrated_centre))
    for _ in range(settings.max_iterations):
        moved = 0.0
        mapped = {
            key: (constants[key] + sum([x[other] for other in linked])) / counts[key]
            for key, linked in links.items()
        }
        for key, value in mapped.items():
            moved = max(moved, abs(value - x[key]))
        if moved <= settings.tolerance:
            solved.update(mapped)
            return solved
        x = {key: (x[key] + value) / 2.0 for key, value in mapped.items()}
    names = ", ".join(repr(k) for k in sorted(links)[:10])
    raise IterationError(
        f"the ratings of the unrated players who met each other ({names}"
        f"{', ...' if len(links) > 10 else ''}) did not settle within "
        f"{settings.max_iterations} steps (a rating still moved {moved:.6g}): raise the "
        "number of steps or the tolerance"
    )


def _counted(side: _Side, newcomer: Mapping[str, float]) -> float:
    """The opponent's rating as this period counts it: at the start, or his performance now."""
    rating = side[3]
    return newcomer[side[1]] if rating is None else rating


def _first_rating_line(
    key: str,
    own: list[_Side],
    pools: dict[str, tuple[tuple[float, float], ...] | None],
    rule: InitialRating,
    day: dt.date | None,
    details: bool,
) -> PeriodLine | None:
    """An unrated player's period under the list's rule for a first rating: his games against
    rated opponents pooled, his line once the rule gives a rating (see the module's
    docstring)."""
    counted = [side for side in own if side[3] is not None]
    not_rated = len(own) - len(counted)
    earlier = pools.get(key)
    if earlier is None and not counted:
        return None  # no rated opponent yet: his first event is still to come
    if earlier is None:
        # FIDE 8.2.1: a zero score in his first event is disregarded.
        event = getattr(counted[0][0], "event", None)
        first_event = [side for side in counted if getattr(side[0], "event", None) == event]
        if not any(side[2] for side in first_event):
            counted = [side for side in counted if getattr(side[0], "event", None) != event]
    pool = (*(earlier or ()), *((float(side[3] or 0.0), side[2]) for side in counted))
    found = rule([r for r, _ in pool], [s for _, s in pool], day)
    if found is None:
        pools[key] = pool
        return None
    pools.pop(key, None)
    rating, words = found
    m = len(pool)
    game_lines = (
        tuple(_line((side[0], side[1], side[2], side[3], None)) for side in counted)
        if details
        else ()
    )
    return PeriodLine(
        key,
        None,
        rating,
        m,
        sum([s for _, s in pool]),
        None,
        sum([r for r, _ in pool]) / m,
        False,
        FirstRating(m, m - len(counted), words),
        game_lines,
        not_rated,
    )


def _performance_line(
    key: str,
    before: float | None,
    earlier: int,
    own: list[_Side],
    newcomer: Mapping[str, float],
    settings: EloSettings,
    details: bool,
) -> PeriodLine:
    spread = PERFORMANCE_SPREAD
    score = opponents = performances = 0.0
    game_lines = []
    for side in own:
        ref, opponent, s = side[0], side[1], side[2]
        counted = _counted(side, newcomer)
        score += s
        opponents += counted
        performances += counted + spread * (2.0 * s - 1.0)
        if details:
            game_lines.append(_line((ref, opponent, s, counted, None)))
    m = len(own)
    weight = earlier if before is not None else 0
    base = before if before is not None else 0.0
    exact = (weight * base + performances) / (weight + m)
    after = round_rating(exact, settings.rounding)
    floor = settings.floor
    floored = floor is not None and after < floor
    if floor is not None and floored:
        after = float(floor)
    why = PerformanceChange(performances / m, weight, before, floored)
    return PeriodLine(
        key,
        before,
        after,
        m,
        score,
        None,
        opponents / m,
        provisional_after(before, earlier + m, settings),
        why,
        tuple(game_lines),
    )


def _k_line(
    key: str,
    before: float,
    count: int | None,
    age: int | None,
    typed: float | None,
    own: list[_Side],
    newcomer: Mapping[str, float],
    settings: EloSettings,
    details: bool,
    day: dt.date | None = None,
) -> PeriodLine | None:
    against_unrated = settings.rate_against_unrated
    rated: list[tuple[object, str, float, float, float]] = []
    not_rated = 0
    for side in own:
        ref, opponent, s, rating, e = side
        if rating is None:
            if not against_unrated:
                not_rated += 1  # not rated for him: the opponent had no rating at the start
                continue
            rating = newcomer[opponent]
            e = expected_pair(before, rating)[0]
        elif e is None:
            e = expected_pair(before, rating)[0]
        rated.append((ref, opponent, s, rating, e))
    if not rated:
        if not not_rated:
            return None
        # Every game against a newcomer (FIDE 8.3.1): his rating stands, and his line says
        # why, so the list shows the period he played in.
        k, rule = k_for(
            settings, rating=before, games_before=count, age=age, games_now=0, typed=typed
        )
        return PeriodLine(
            key,
            before,
            before,
            0,
            0.0,
            None,
            None,
            False,
            KChange(k, rule, 0.0, False),
            (),
            not_rated,
        )
    table = settings.expected_scores
    if table is not None:  # the list's own expected scores: FIDE's table 8.1.2
        given = table(before, [r[3] for r in rated], [r[0] for r in rated], day)
        rated = [(*r[:4], e) for r, e in zip(rated, given, strict=True)]
    score = expected = opponents = 0.0
    m = len(rated)
    game_lines = []
    for ref, opponent, s, rating, e in rated:
        score += s
        expected += e
        opponents += rating
        if details:
            game_lines.append(_line((ref, opponent, s, rating, e)))
    k, rule = k_for(settings, rating=before, games_before=count, age=age, games_now=m, typed=typed)
    exact = k * (score - expected)
    after = before + round_change(exact, settings.rounding)
    floor = settings.floor
    floored = floor is not None and after < floor
    if floor is not None and floored:
        after = float(floor)
    return PeriodLine(
        key,
        before,
        after,
        m,
        score,
        expected,
        opponents / m,
        False,
        KChange(k, rule, exact, floored),
        tuple(game_lines),
        not_rated,
    )
