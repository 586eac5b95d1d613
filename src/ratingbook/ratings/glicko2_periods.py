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
from collections.abc import Iterable, Mapping, Sequence, Set
from itertools import chain, compress, repeat
from types import SimpleNamespace

from ratingbook.ratings.glicko2 import (
    CENTRE,
    SCALE,
    Glicko2Rating,
    Glicko2Settings,
    as_opponents,
    period_on_glicko2_scale,
)
from ratingbook.ratings.season_model import (
    GameLine,
    GameLines,
    GlickoChange,
    PeriodLine,
    RatingPeriod,
)

__all__ = ["PeriodOutcome", "glicko2_period"]

#: A player's values at a period's start: rating, deviation, volatility (None: never rated yet).
Values = Glicko2Rating
#: One game seen from one player, as far as his line depends on it: (ref, opponent, score).
#: A :class:`GameLine` of the period rated before begins with the same three.
Played = Sequence[tuple[object, str, float] | GameLine]

_REF, _OPPONENT, _SCORE = (operator.itemgetter(n) for n in range(3))
#: An opponent's rating r in what :func:`as_opponents` gives, (μ, g(φ), r).
_RATING = operator.itemgetter(2)
_GAMES, _GAME_LINES = operator.attrgetter("games"), operator.attrgetter("game_lines")
_WHY = operator.attrgetter("why")
#: In place of a line rated before where there was none: its why equals no line's.
_NO_LINE = SimpleNamespace(why=object())


class PeriodOutcome:
    """A period's lines, by player (sorted), and ``moved``: the players whose values after it
    differ from those the period as rated before gave (empty without one), and perhaps some
    whose values are the same (a player is rated again when an opponent moved: to the very
    floats of his line rated before, if that one did not)."""

    __slots__ = ("lines", "moved")

    def __init__(self, lines: dict[str, PeriodLine], moved: set[str]) -> None:
        self.lines = lines
        self.moved = moved


def glicko2_period(
    period: RatingPeriod,
    values: Mapping[str, Values | None],
    fixed: Set[str],
    settings: Glicko2Settings,
    details: bool = True,
    previous: Mapping[str, PeriodLine] | None = None,
    changed: Set[str] = frozenset(),
    previous_games: Sequence[tuple[str, str, float, object]] | None = None,
    previous_detailed: bool = False,
) -> PeriodOutcome:
    """The lines of one period: ``values`` are each player's Glicko-2 values at its start
    (None: unrated, who starts from the settings' 1500 / 350 / 0.06 when he first plays),
    ``fixed`` the fixed players (the same every period: the season works them out once).

    ``previous``: this period's lines as rated before (a late event's re-rate), with the same
    settings, from values that differ only for the players in ``changed``, from the games
    ``previous_games`` (None: not known, each player's games are then compared with his line's);
    ``previous_detailed``: every line of ``previous`` names its games (rated with details), so
    that is not asked of each line again.
    A line depends on nothing but the player's values, his games in order (reference, opponent,
    score) and his opponents' values, so a player who is not in ``changed``, whose games are
    the same and whose opponents are none of ``changed`` keeps his line as it was: the same
    floats, not computed again. Only those rated again are grouped and computed: the players
    in the games that differ from ``previous_games``, ``changed`` and their opponents (read
    from their lines as rated before, whose games name them in order)."""
    # Each player's (μ, g(φ)) and r at the period's start (step 2), once for everyone: in a
    # list of any size nearly everyone plays, and a lookup is cheaper than asking first (made
    # when first asked, by a dict's __missing__, they cost twice as much per player, and a
    # federation's late event needs nearly all 50,000 from its third period on).
    scaled = as_opponents(values)
    if len(scaled) < len(values):  # the unrated, who start from the settings' values
        unrated = [key for key, own in values.items() if own is None]
        scaled.update(as_opponents(dict.fromkeys(unrated, settings.start)))
    if previous is None:
        grouped = _grouped(period.games, None)
        rated = {k for k, v in values.items() if v is not None}
        keys = sorted((grouped.keys() | rated) - fixed)
        lines = _lines(keys, grouped, {}, values, scaled, settings, details)
        return PeriodOutcome(lines, set())
    if previous_games is not None and (previous_detailed or _detailed(previous)):
        differ = _players_of_differing_games(period.games, previous_games)
        grouped = _grouped(period.games, differ) if differ else {}
        kept: Mapping[str, PeriodLine] = previous
    else:
        # Games rated before not known, or lines kept without them: everyone's grouped, and
        # compared with the games his line names.
        grouped = _grouped(period.games, None)
        differ = (
            {key for key in grouped.keys() | previous.keys() if not _same(grouped, key, previous)}
            if previous_games is None
            else _players_of_differing_games(period.games, previous_games)
        )
        kept = {}
    # Rated again: the players whose games differ, those whose values differ and their
    # opponents (a player's opponent is in his games, as he is in theirs); a changed player's
    # games are those grouped, or those of his line rated before (set work in C).
    again = differ | changed
    if kept and 2 * len(again) > len(kept):
        # Most are rated again (from a late event's third month on, nearly everyone): asked
        # the other way round, of the few others, whether they met a changed player. Whoever
        # is left has a line kept (a player without one had no games, or is fixed) whose
        # games are his games now (he is not in ``differ``): he met a changed player exactly
        # when that player met him.
        for key in kept.keys() - again:
            games = kept[key].game_lines
            if not changed.isdisjoint(
                games.opponents if type(games) is GameLines else map(_OPPONENT, games)
            ):
                again.add(key)
    else:
        from_lines = (changed - differ - grouped.keys()) & kept.keys()
        for games in map(_GAME_LINES, map(kept.__getitem__, from_lines)):
            again.update(games.opponents if type(games) is GameLines else map(_OPPONENT, games))
        again.update(
            map(_OPPONENT, chain.from_iterable(map(grouped.__getitem__, changed & grouped.keys())))
        )
    again -= fixed
    # In the keys' order, as the lines rated before were made (the lines are put in the
    # period's order below): each player's line rated before, values and opponents are then
    # read from memory near the last one's, not from anywhere in a federation's hundreds of
    # megabytes as a set's order would (a fifth of a federation's six re-rated periods,
    # issue 35).
    fresh = _lines(sorted(again), grouped, kept, values, scaled, settings, details, differ)
    # Moved: a changed player with a line (his values at the start differ, so they differ
    # after it too: taken as moved without asking, and were they the same, his opponents would
    # only be rated again to the same floats), any other line computed whose values differ
    # from the line rated before (or none was), a player rated before and now without a line,
    # or a changed player without one in both. (The others asked at once, in C: a line
    # without one rated before has _NO_LINE's why, which no GlickoChange equals. From a late
    # event's third month on nearly every line is a changed player's, and is not read again.)
    moved = changed & fresh.keys()
    others = list(fresh.keys() - changed)
    moved.update(
        compress(
            others,
            map(
                operator.ne,
                map(_WHY, map(fresh.__getitem__, others)),
                map(_WHY, map(previous.get, others, repeat(_NO_LINE))),
            ),
        )
    )
    gone = again - fresh.keys()
    moved.update(key for key in gone if key in previous or key in changed)
    if fresh.keys() <= previous.keys() and not any(map(previous.__contains__, gone)):
        # The period's order is the order of the lines rated before: copied, then updated (C).
        lines = dict(previous)
        lines.update(fresh)
    else:
        merged = {**{k: v for k, v in previous.items() if k not in gone}, **fresh}
        lines = {key: merged[key] for key in sorted(merged)}
    return PeriodOutcome(lines, moved)


def _grouped(
    games: Sequence[tuple[str, str, float, object]], only: Set[str] | None
) -> dict[str, list[tuple[object, str, float]]]:
    """Each player's games in the period's order, (ref, opponent, his score): everyone's, or
    only those of the players in ``only``."""
    grouped: dict[str, list[tuple[object, str, float]]] = {}
    if only is None:
        for white, black, score, ref in games:
            if white in grouped:
                grouped[white].append((ref, black, score))
            else:
                grouped[white] = [(ref, black, score)]
            if black in grouped:
                grouped[black].append((ref, white, 1.0 - score))
            else:
                grouped[black] = [(ref, white, 1.0 - score)]
        return grouped
    for white, black, score, ref in games:
        if white in only:
            grouped.setdefault(white, []).append((ref, black, score))
        if black in only:
            grouped.setdefault(black, []).append((ref, white, 1.0 - score))
    return grouped


def _detailed(lines: Mapping[str, PeriodLine]) -> bool:
    """Whether every line names its games (rated with details), checked in C."""
    values = lines.values()
    return not any(map(operator.ne, map(len, map(_GAME_LINES, values)), map(_GAMES, values)))


def _players_of_differing_games(
    now: Sequence[tuple[str, str, float, object]], then: Sequence[tuple[str, str, float, object]]
) -> set[str]:
    """The players of the games between the longest common start and end of ``now`` and
    ``then``: every other player's games are in both, the same and in the same order."""
    if now is then or now == then:
        return set()
    limit = min(len(now), len(then))
    head = 0
    while head < limit and now[head] == then[head]:
        head += 1
    tail = 0
    while tail < limit - head and now[-1 - tail] == then[-1 - tail]:
        tail += 1
    differ: set[str] = set()
    for games in (now, then):
        for game in games[head : len(games) - tail]:
            differ.add(game[0])
            differ.add(game[1])
    return differ


def _same(grouped: Mapping[str, Played], key: str, previous: Mapping[str, PeriodLine]) -> bool:
    """Whether ``key``'s line rated before had the games grouped now (the same reference,
    opponent and score, in order)."""
    played = grouped.get(key, ())
    line = previous.get(key)
    before: Played = () if line is None else line.game_lines
    if line is not None and len(before) != line.games:  # a line kept without its games
        return False
    if len(before) != len(played):
        return False
    for now, then in zip(played, before, strict=True):
        if now[1] != then[1] or now[2] != then[2] or now[0] != then[0]:
            return False
    return True


def _lines(
    keys: Iterable[str],
    grouped: Mapping[str, Played],
    kept: Mapping[str, PeriodLine],
    values: Mapping[str, Values | None],
    scaled: Mapping[str, tuple[float, float, float]],
    settings: Glicko2Settings,
    details: bool,
    differ: Set[str] = frozenset(),
) -> dict[str, PeriodLine]:
    """The lines of the players ``keys`` (none fixed), computed: each one's games from
    ``grouped``, or, for one not grouped and not in ``differ``, those his line in ``kept``
    names (rated before from the same games; no line: no games)."""
    start = Glicko2Rating(settings.rating, settings.deviation, settings.volatility)
    tau, tolerance, cap = settings.tau, settings.tolerance, settings.max_iterations
    provisional = settings.provisional_deviation
    # Every object of a line made by tuple.__new__, in C: no Python-level constructor call per
    # player or per game (a federation's period has 50,000 players and 170,000 games); each
    # player's opponents, scores and their ratings listed by map, in C, not game by game (their
    # Glicko-2 values read by map as step 3's loop goes, no list); his games kept as columns
    # (GameLines), no GameLine made.
    new = tuple.__new__
    sqrt, scaled_of = math.sqrt, scaled.__getitem__
    lines: dict[str, PeriodLine] = {}
    for key in keys:
        played = grouped.get(key)
        if played is None:
            old = kept.get(key)
            games = () if old is None or key in differ else old.game_lines
            if type(games) is GameLines:
                # Rated before from the same games: his columns as they are (never changed).
                refs, opponents, scores = games.refs, games.opponents, games.scores
            else:
                played = games
        if played is not None:
            refs = list(map(_REF, played)) if details else ()
            opponents = list(map(_OPPONENT, played))
            scores = list(map(_SCORE, played))
        own = values[key]
        if own is None and not opponents:
            continue
        before = start if own is None else own
        rating, deviation, volatility = before
        if not opponents:
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
        their = list(map(scaled_of, opponents))  # each opponent's (μ, g(φ), r)
        mu, phi_new, sigma, v, delta, expected = period_on_glicko2_scale(
            (rating - CENTRE) / SCALE,
            deviation / SCALE,
            volatility,
            their,
            scores,
            tau,
            tolerance,
            cap,
        )
        after = new(Glicko2Rating, (SCALE * mu + CENTRE, SCALE * phi_new, sigma))
        met = list(map(_RATING, their))
        game_lines = GameLines(refs, opponents, scores, met, expected) if details else ()
        lines[key] = new(
            PeriodLine,
            (
                key,
                None if own is None else rating,
                after[0],
                len(scores),
                sum(scores),
                sum(expected),
                sum(met) / len(met),
                after[1] > provisional,
                new(GlickoChange, (before, after, v, delta)),
                game_lines,
                0,
            ),
        )
    return lines
