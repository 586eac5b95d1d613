"""One Glicko-2 rating period of a list: every player who played is updated from the values of
all at the period's start (Glickman's "Example of the Glicko-2 system", steps 1-8), every rated
player who did not play gets step 6 alone (his deviation grows), fixed players count for their
opponents and are never updated, and a rating is provisional while its deviation is above the
settings' ``provisional_deviation``. This module alone decides who in a period gets which step;
the maths is :mod:`~ratingbook.ratings.glicko2`.
"""

from __future__ import annotations

import math
import operator
from collections import defaultdict
from collections.abc import Mapping, Set
from functools import partial

from ratingbook.ratings.glicko2 import (
    CENTRE,
    SCALE,
    Glicko2Rating,
    Glicko2Settings,
    g_factor,
    period_on_glicko2_scale,
)
from ratingbook.ratings.season_model import (
    GameLine,
    GlickoChange,
    PeriodLine,
    PlayerStart,
    RatingPeriod,
)

__all__ = ["glicko2_period"]

#: A player's values at a period's start: rating, deviation, volatility (None: never rated yet).
Values = Glicko2Rating


def glicko2_period(
    period: RatingPeriod,
    values: Mapping[str, Values | None],
    players: Mapping[str, PlayerStart],
    settings: Glicko2Settings,
    details: bool = True,
    previous: Mapping[str, PeriodLine] | None = None,
    changed: Set[str] = frozenset(),
) -> dict[str, PeriodLine]:
    """The lines of one period, by player (sorted): ``values`` are each player's Glicko-2 values
    at its start (None: unrated, who starts from the settings' 1500 / 350 / 0.06 when he first
    plays), ``players`` says who is fixed.

    ``previous``: this period's lines as rated before (a late event's re-rate), with the same
    settings, from values that differ only for the players in ``changed``. A line depends on
    nothing but the player's values, his games in order (reference, opponent, score) and his
    opponents' values, so a player who is not in ``changed``, whose games are the same and
    whose opponents are none of ``changed`` keeps his line as it was: the same floats, not
    computed again."""
    start = Glicko2Rating(settings.rating, settings.deviation, settings.volatility)
    # Each player's (μ, g(φ), r) at the period's start (step 2), once for everyone: in a list
    # of any size nearly everyone plays, and a lookup is cheaper than asking first.
    scaled = {
        key: ((own[0] - CENTRE) / SCALE, g_factor(own[1] / SCALE), own[0])
        for key, own in ((key, own or start) for key, own in values.items())
    }
    # Each player's games: (μ_j, g(φ_j), s_j) for the maths, (ref, opponent, s, r_j) for the lines.
    maths: defaultdict[str, list[tuple[float, float, float]]] = defaultdict(list)
    refs: defaultdict[str, list[tuple[object, str, float, float]]] = defaultdict(list)
    for white, black, score, ref in period.games:
        mu_w, g_w, r_w = scaled[white]
        mu_b, g_b, r_b = scaled[black]
        maths[white].append((mu_b, g_b, score))
        refs[white].append((ref, black, score, r_b))
        score = 1.0 - score
        maths[black].append((mu_w, g_w, score))
        refs[black].append((ref, white, score, r_w))
    tau, tolerance, cap = settings.tau, settings.tolerance, settings.max_iterations
    provisional = settings.provisional_deviation
    # Every object of a line made by tuple.__new__, in C: no Python-level constructor call per
    # player or per game (a federation's period has 50,000 players and 170,000 games).
    new, make, add = tuple.__new__, partial(tuple.__new__, GameLine), operator.add
    sqrt, third, fourth = math.sqrt, operator.itemgetter(2), operator.itemgetter(3)
    lines: dict[str, PeriodLine] = {}
    for key in sorted(maths.keys() | {k for k, v in values.items() if v is not None}):
        if players[key].fixed:
            continue
        if previous is not None and key not in changed:
            old = previous.get(key)
            if old is not None and _unchanged(old, refs.get(key), changed):
                lines[key] = old
                continue
        own = values[key]
        before = start if own is None else own
        rating, deviation, volatility = before
        games = maths.get(key)
        if games is None:
            # Step 6 alone: "the rating and volatility parameters remain the same".
            phi = deviation / SCALE
            after = new(
                Glicko2Rating,
                (rating, SCALE * sqrt(phi * phi + volatility * volatility), volatility),
            )
            why = new(GlickoChange, (before, after, None, None))
            lines[key] = new(
                PeriodLine,
                (key, rating, rating, 0, 0.0, None, None, after[1] > provisional, why, (), 0),
            )
            continue
        mu, phi_new, sigma, v, delta, expected = period_on_glicko2_scale(
            (rating - CENTRE) / SCALE, deviation / SCALE, volatility, games, tau, tolerance, cap
        )
        after = new(Glicko2Rating, (SCALE * mu + CENTRE, SCALE * phi_new, sigma))
        played = refs[key]
        game_lines = (
            tuple(map(make, map(add, played, zip(expected, strict=True)))) if details else ()
        )
        lines[key] = new(
            PeriodLine,
            (
                key,
                None if own is None else rating,
                after[0],
                len(games),
                sum(map(third, games)),
                sum(expected),
                sum(map(fourth, played)) / len(played),
                after[1] > provisional,
                new(GlickoChange, (before, after, v, delta)),
                game_lines,
                0,
            ),
        )
    return lines


def _unchanged(
    old: PeriodLine, played: list[tuple[object, str, float, float]] | None, changed: Set[str]
) -> bool:
    """Whether ``old``, a line rated before, had the games ``played`` now (the same reference,
    opponent and score, in order), none of them against a player in ``changed``."""
    if played is None:
        return old.games == 0
    before = old.game_lines
    if len(before) != len(played):  # other games, or a line kept without its games
        return False
    for now, then in zip(played, before, strict=True):
        if now[1] in changed or now[1] != then[1] or now[2] != then[2] or now[0] != then[0]:
            return False
    return True
