"""The rules a club types for its Elo list, and K from them: K bands by games played, rating and
age (the first band that matches wins), a K per player over the bands, a cap on K x games (FIDE
8.3.3's 700), a floor, how many games a player stays provisional, and how results are rounded.
This module alone decides which K a player gets, who is provisional and how a number is
rounded; the period's maths is :mod:`~ratingbook.ratings.elo_periods`. FIDE's own rules (K,
table 8.1.2's expected scores with the 400-point rule) are a preset built in
:func:`ratingbook.fide.rules.rating_regulations.season_k_rules` from FIDE's articles.
"""

from __future__ import annotations

import datetime as dt
import enum
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ratingbook.errors import RatingbookError
from ratingbook.ratings.glicko2 import CENTRE

__all__ = [
    "EloSettings",
    "ExpectedScores",
    "InitialRating",
    "KBand",
    "Rounding",
    "k_for",
    "round_change",
    "round_rating",
]

#: One player's expected scores in a period when a list does not use the logistic formula:
#: called with his rating at the period's start, his rated opponents' ratings and the games'
#: references (in the period's order) and the period's first day (None: not known), it gives
#: one expected score a game. FIDE's is table 8.1.2 with the 400-point rule
#: (:func:`ratingbook.fide.rules.rating_regulations.period_expected`).
ExpectedScores = Callable[[float, Sequence[float], Sequence[object], dt.date | None], list[float]]

#: An unrated player's first rating when a list has a rule of its own for it: called with the
#: ratings of his rated opponents and his scores against them, in every period so far (pooled),
#: and the period's first day, it gives the rating and the rule in words, or None while those
#: games give him none (too few, a zero score, under the floor). FIDE's is B.02 8.2
#: (:func:`ratingbook.fide.rules.rating_regulations.season_initial_rating`).
InitialRating = Callable[
    [Sequence[float], Sequence[float], dt.date | None], tuple[float, str] | None
]


class Rounding(enum.Enum):
    """How the list keeps its numbers."""

    WHOLE = "whole"
    """A period's change to a whole number, 0.5 away from zero (as FIDE 8.3.4: "The Rating
    Change for a Rating Period is rounded to the nearest whole number. 0.5 is rounded away from
    zero."); a performance rating to a whole number, 0.5 up."""
    UNROUNDED = "unrounded"
    """Every number kept as computed (a list that rounds only what it prints)."""


@dataclass(frozen=True, slots=True)
class KBand:
    """A K rule: K for a player who meets every condition given (none given: everyone).

    ``games_below``: fewer games rated before the period than this; ``rating_below`` /
    ``rating_from``: a rating at the period's start below / at least this; ``age_up_to``: at
    most this old in the period's year (year - birth year, so 18 lasts "until the end of the
    year of the 18th birthday"). ``label`` words the rule in the explanation; without one it is
    made from the conditions.
    """

    k: float
    games_below: int | None = None
    rating_below: float | None = None
    rating_from: float | None = None
    age_up_to: int | None = None
    label: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int | float) or not (self.k >= 0):
            raise RatingbookError(f"K band: K {self.k!r} must be a number of at least 0")

    def matches(self, games: int | None, rating: float, age: int | None) -> bool:
        """Whether a player with ``games`` before the period (None: not known), ``rating`` at
        its start and ``age`` in its year (None: not known) meets every condition. An unknown
        count or age meets no condition on it."""
        if self.games_below is not None and (games is None or games >= self.games_below):
            return False
        if self.rating_below is not None and rating >= self.rating_below:
            return False
        if self.rating_from is not None and rating < self.rating_from:
            return False
        return self.age_up_to is None or (age is not None and age <= self.age_up_to)

    @property
    def words(self) -> str:
        """The rule in words: its label, or its conditions ("fewer than 30 games, rated below
        2400"), or "everyone"."""
        if self.label:
            return self.label
        parts = []
        if self.games_below is not None:
            parts.append(f"fewer than {self.games_below} games")
        if self.rating_from is not None:
            parts.append(f"rated {_plain(self.rating_from)} or more")
        if self.rating_below is not None:
            parts.append(f"rated below {_plain(self.rating_below)}")
        if self.age_up_to is not None:
            parts.append(f"aged {self.age_up_to} or less")
        return ", ".join(parts) or "everyone"


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


@dataclass(frozen=True, slots=True)
class EloSettings:
    """A club's Elo list.

    - ``bands``: the K rules in order, the first that matches wins (default: K 20 for all).
    - ``k_games_cap``: K x the period's games may not exceed this; K becomes the largest whole
      number within it (FIDE 8.3.3: 700). None: no cap.
    - ``floor``: no rating falls below it (a school league's 400). None: no floor.
    - ``provisional_games``: a player is provisional, rated by his performance, until he has
      this many games; an unrated player always is in his first period, so with 0 a newcomer is
      provisional in his first period only (:func:`provisional_after`).
    - ``rounding``: :class:`Rounding`.
    - ``rate_against_unrated``: whether an established player's game against a player unrated
      at the period's start counts for him, against the newcomer's rating from this period; by
      default it does not (as FIDE 8.3.1 counts only rated opponents), while it counts for the
      newcomer's performance.
    - ``expected_scores``: an established player's expected scores, when not
      E = 1 / (1 + 10^((R_opponent - R) / 400)) (:data:`ExpectedScores`; FIDE's preset gives
      table 8.1.2's).
    - ``initial_rating``: an unrated player's first rating, when not his performance
      (:data:`InitialRating`; FIDE's preset gives B.02 8.2's, from at least 5 games against
      rated opponents, pooled across periods).
    - ``unrated_centre``, ``tolerance``, ``max_iterations``: the fixed point of unrated players
      who meet each other (:mod:`~ratingbook.ratings.elo_periods`): where a group who met only
      each other is centred (Glicko-2's unrated start, 1500: one anchor for both systems), when
      the iteration has settled (no rating moves by more than
      ``tolerance``), and how many steps it may take before the run stops with an error.
    """

    bands: tuple[KBand, ...] = (KBand(20),)
    k_games_cap: float | None = None
    floor: float | None = None
    provisional_games: int = 0
    rounding: Rounding = Rounding.WHOLE
    rate_against_unrated: bool = False
    expected_scores: ExpectedScores | None = field(default=None, compare=False)
    initial_rating: InitialRating | None = field(default=None, compare=False)
    unrated_centre: float = CENTRE
    tolerance: float = 0.001
    max_iterations: int = 100_000
    #: Each band with its words, worded once (K is looked up for every player in every period).
    worded: tuple[tuple[KBand, str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "worded", tuple((band, band.words) for band in self.bands))
        if not self.bands:
            raise RatingbookError("the Elo list needs at least one K band")
        if self.provisional_games < 0:
            raise RatingbookError(
                f"provisional games {self.provisional_games!r} must be at least 0"
            )
        if not (self.tolerance > 0 and math.isfinite(self.tolerance)):
            raise RatingbookError(f"tolerance {self.tolerance!r} must be a number above 0")
        if self.max_iterations < 1:
            raise RatingbookError(f"max_iterations {self.max_iterations!r} must be at least 1")
        if self.k_games_cap is not None and self.k_games_cap < 0:
            raise RatingbookError(f"the cap on K x games {self.k_games_cap!r} is below 0")


def k_for(
    settings: EloSettings,
    *,
    rating: float,
    games_before: int | None,
    age: int | None,
    games_now: int,
    typed: float | None = None,
) -> tuple[float, str]:
    """K for a player rated ``rating`` at the period's start with ``games_before`` earlier games
    and ``age`` in the period's year, who plays ``games_now`` games in it, and the rule that gave
    it, in words. A ``typed`` K (the list's K column) wins over the bands; then the cap on K x
    games."""
    if typed is not None:
        k, rule = typed, "the player's K"
    else:
        for band, words in settings.worded:
            if band.matches(games_before, rating, age):
                k, rule = band.k, words
                break
        else:
            raise RatingbookError(
                f"no K band matches a player rated {_plain(rating)} with "
                f"{'unknown' if games_before is None else games_before} games"
                f"{'' if age is None else f', aged {age}'}: add a band for everyone"
            )
    cap = settings.k_games_cap
    if cap is not None and games_now and k * games_now > cap:
        # FIDE 8.3.3: "K shall be the largest whole number such that K x n does not exceed 700".
        k = math.floor(cap / games_now)
        rule = f"{rule}; K x {games_now} games may not exceed {_plain(cap)}"
    return k, rule


def provisional_after(before: float | None, games: int, settings: EloSettings) -> bool:
    """Whether a player rated by his performance in a period is provisional after it: he was
    unrated at its start (his first period: a rating from his first games is never
    established, whatever ``provisional_games`` says), or ``games``, all his games so far, are
    still fewer than ``provisional_games``."""
    return before is None or games < settings.provisional_games


#: Decimals a change is taken to before it is rounded: a change worked in binary floats from
#: FIDE's hundredths (25 x 0.58 = 14.499999999999998) is the exact half it stands for.
_EXACT_PLACES = 9


def round_change(change: float, rounding: Rounding) -> float:
    """A period's change as the list keeps it: to a whole number, 0.5 away from zero (8.3.4)."""
    if rounding is Rounding.UNROUNDED:
        return change
    whole = math.floor(round(abs(change), _EXACT_PLACES) + 0.5)
    return float(whole if change >= 0 else -whole)


def round_rating(rating: float, rounding: Rounding) -> float:
    """A performance rating as the list keeps it: to a whole number, 0.5 up."""
    if rounding is Rounding.UNROUNDED:
        return rating
    return float(math.floor(rating + 0.5))
