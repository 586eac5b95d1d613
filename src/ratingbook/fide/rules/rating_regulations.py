"""FIDE rating changes and performances (Rating Regulations, Handbook B.02), as in force on an
event's start date.

The tables are gacrux's (``gacrux.fidetables``, ``gacrux.rating``): table 8.1.2 turns a rating
difference into a scoring probability PD, table 8.1.1 a fractional score into a rating
difference dp. What gacrux does not have is written here once, each rule with its article:

- **8.3.1, the 400-point rule**, in three editions. 2022 (in force 2022-01-01 to 2024-02-29):
  "A difference in rating of more than 400 points shall be counted for rating purposes as though
  it were a difference of 400 points. In any tournament, a player may benefit from only one
  upgrade under this rule, for the game in which the rating difference is greatest." An upgrade
  is the higher-rated player's gain (his opponent counted 400 below him): he has it in the one
  game with the greatest difference; for the lower-rated player the rule is no benefit and
  applies in every game. 2024 (from 2024-03-01): the same sentence without the limit ("the
  limitation of the 400-points rule to once per event has been abolished", FIDE QC). From
  2025-10-01: "... for players rated below 2650. For players rated 2650 and above, the difference
  between ratings shall be used in all cases". Rapid and blitz keep the plain cap (their
  chapter's 7.3.1), and from 2024-12-01 "Games played between players with a rating difference
  of 600 points or more shall not be rated if at least one of the players is rated above 2600".
- **8.3.2**: Delta R = score - PD for each game; the change is K x the sum of the Delta Rs.
- **8.3.3, K**: 40 for a player new to the list until 30 games, 20 below 2400, 10 once the
  published rating reached 2400, 40 until the end of the year of the 18th birthday while under
  2300; "If the number of games (n) ... multiplied by K exceeds 700, then K shall be the largest
  whole number such that K x n does not exceed 700". A K typed for the player (from FIDE's list,
  which knows his games and his history) wins over the K the rating and birth year suggest.
  :func:`season_k_rules` gives the same article as a rating list's K bands
  (:class:`ratingbook.ratings.elo_rules.EloSettings`), with the 30 games of a new player, and
  :func:`period_expected` the expected scores of this module (table 8.1.2, 8.3.1) to the list.
- **8.3.4**: "The Rating Change for a Rating Period is rounded to the nearest whole number. 0.5 is
  rounded away from zero." An event's change is K x its sum unrounded (8.3.2; FIDE's rating
  reports print it so); a rating list rounds the total of a rating period once.
- **8.3.1 and 5.1**: only games against rated players count for a rated player; forfeits are
  not games. **8.2** the initial rating of an unrated player (2024: two hypothetical 1800
  opponents drawn, at most 2200; 2022: 20 points a half point above 50 %).
- **Performance** Rp = Ra + dp (Title Regulations 1.4.6-1.4.9: Ra and the percentage rounded to
  whole numbers, 0.5 up).

Pure: numbers in, numbers out; the event's mapping is :mod:`ratingbook.fide.rules.rating_report`.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from gacrux import fidetables, rating

from ratingbook.ratings.elo_rules import EloSettings, KBand, Rounding

__all__ = [
    "FirstRating",
    "GameChange",
    "RatingChange",
    "RatingRules",
    "first_rating",
    "initial_rating",
    "is_rated_game",
    "k_factor",
    "performance",
    "period_expected",
    "rating_change",
    "rating_rules",
    "season_initial_rating",
    "season_k_rules",
]

_EDITION_2024 = _dt.date(2024, 3, 1)
_EDITION_2025_10 = _dt.date(2025, 10, 1)
_RAPID_600_RULE = _dt.date(2024, 12, 1)

# 8.3.3: K = 40 for a player new to the list until 30 games; 40 until the end of the year of
# the 18th birthday while under 2300; 20 under 2400; 10 from 2400; K x n at most 700.
_K_NEW, _NEW_GAMES = 40, 30
_K_JUNIOR, _JUNIOR_AGE, _JUNIOR_BELOW = 40, 18, 2300
_K_BELOW, _K_FROM, _TOP = 20, 10, 2400
_K_GAMES_CAP = 700
# 7.1.4: "A rating for a player new to the list shall be published when it is based on at least
# 5 games played against rated opponents" (pooled over consecutive rating periods), and only
# at the floor or above it: 1400 from 1 March 2024 ("the new rating floor will be set at 1400",
# FIDE QC), 1000 in the 2022 text.
_INITIAL_GAMES = 5
_FLOOR = {"2022": 1000, "2024": 1400, "2025-10": 1400}


@dataclass(frozen=True, slots=True)
class RatingRules:
    """Which text of B.02 applies: ``edition`` 2022, 2024 or 2025-10, for ``kind``."""

    edition: str
    kind: str = "Standard"

    @property
    def title(self) -> str:
        names = {
            "2022": "FIDE Rating Regulations effective from 1 January 2022",
            "2024": "FIDE Rating Regulations applied from 1 March 2024",
            "2025-10": "FIDE Rating Regulations applied from 1 March 2024, amended 1 October 2025",
        }
        return names[self.edition] + ("" if self.kind == "Standard" else f" ({self.kind.lower()})")


def rating_rules(start: _dt.date | None, kind: str = "Standard") -> RatingRules:
    """The edition in force on ``start`` (the rules in force now without a date). Events
    before 2022 are computed by the 2022 text, the oldest ratingbook knows."""
    if start is None or start >= _EDITION_2025_10:
        edition = "2025-10"
    elif start >= _EDITION_2024:
        edition = "2024"
    else:
        edition = "2022"
    return RatingRules(edition, kind)


@dataclass(frozen=True, slots=True)
class GameChange:
    """One rated game: the opponent's rating, the rating the rules count (400 from the player's
    own when capped), PD from table 8.1.2, the score and Delta R = score - PD."""

    opponent_rating: int
    counted_rating: int
    expected: Decimal
    score: Fraction

    @property
    def delta(self) -> Decimal:
        return Decimal(self.score.numerator) / Decimal(self.score.denominator) - self.expected


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated player's event: K, the games, and the change K x sum(Delta R)."""

    rating: int
    k: int
    games: tuple[GameChange, ...]

    @property
    def score(self) -> Fraction:
        return sum((g.score for g in self.games), Fraction(0))

    @property
    def expected(self) -> Decimal:
        return sum((g.expected for g in self.games), Decimal(0))

    @property
    def exact(self) -> Decimal:
        """K x the sum of the Delta Rs, as FIDE's calculations print it (8.3.2 d)."""
        return self.k * sum((g.delta for g in self.games), Decimal(0))

    @property
    def change(self) -> int:
        """The change rounded to a whole number, 0.5 away from zero (8.3.4)."""
        return round_half_away(self.exact)


def round_half_away(value: Decimal) -> int:
    """8.3.4: to the nearest whole number, 0.5 away from zero."""
    whole = abs(value).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return int(whole) if value >= 0 else -int(whole)


def _half_up(value: Fraction) -> int:
    """To the nearest whole number, 0.5 up (exact: a Fraction)."""
    whole, rest = divmod(value.numerator, value.denominator)
    return whole + (2 * rest >= value.denominator)


def _capped(own: int, opponent: int) -> int:
    """The opponent's rating as 8.3.1 counts it: at most 400 from the player's own."""
    return max(own - 400, min(own + 400, opponent))


def is_rated_game(own: int, opponent: int, rules: RatingRules, start: _dt.date | None) -> bool:
    """False for a rapid or blitz game the 600-point rule of 2024-12-01 leaves unrated."""
    if rules.kind == "Standard" or start is None or start < _RAPID_600_RULE:
        return True
    return not (abs(own - opponent) >= 600 and max(own, opponent) > 2600)


def rating_change(
    own: int, games: Sequence[tuple[int, Fraction]], k: int, rules: RatingRules
) -> RatingChange:
    """The change of a player rated ``own`` for ``games`` (opponent's rating, score) against
    rated opponents, with the K to use (after the 700 rule: see :func:`k_factor`)."""
    cap = [True] * len(games)
    if rules.kind == "Standard" and rules.edition == "2025-10" and own >= 2650:
        cap = [False] * len(games)
    elif rules.kind == "Standard" and rules.edition == "2022":
        # One upgrade a tournament, in the game with the greatest difference (the first such
        # game when two are equal); the lower-rated player's games are always capped.
        upgrades = [i for i, (opp, _) in enumerate(games) if own - opp > 400]
        if upgrades:
            keep = max(upgrades, key=lambda i: own - games[i][0])
            cap = [i == keep or i not in upgrades for i in range(len(games))]
    changes = []
    for (opponent, score), capped in zip(games, cap, strict=True):
        counted = _capped(own, opponent) if capped else opponent
        expected = rating.ComputeExpectedScore(own, counted)
        changes.append(GameChange(opponent, counted, expected, Fraction(score)))
    return RatingChange(own, k, tuple(changes))


def k_factor(
    own: int, birth_year: int | None, event_year: int | None, games: int, typed: int | None = None
) -> tuple[int, str]:
    """K for ``games`` rated games (8.3.3) and why, in words: the typed K if any, else from the
    rating and birth year; then the 700 rule over those games."""
    if typed is not None:
        k, why = typed, "the player's K"
    elif (
        birth_year and event_year and event_year - birth_year <= _JUNIOR_AGE and own < _JUNIOR_BELOW
    ):
        k, why = _K_JUNIOR, "under 18 in the event's year and rated below 2300"
    elif own >= _TOP:
        k, why = _K_FROM, "rated 2400 or more"
    else:
        k, why = _K_BELOW, "rated below 2400"
    if games and k * games > _K_GAMES_CAP:
        k, why = _K_GAMES_CAP // games, f"{why}; K x {games} games may not exceed 700"
    return k, why


def period_expected(
    own: float, opponents: Sequence[float], refs: Sequence[object], day: _dt.date | None
) -> list[float]:
    """A rated player's expected scores PD in a rating list's period (table 8.1.2 with the
    400-point rule of 8.3.1, as :func:`rating_change` counts them), by the text in force on
    ``day``, the period's first day. Ratings are FIDE's whole numbers (a list's rating is
    taken to the nearest, 0.5 up). The 2022 text's one upgrade "in any tournament" is counted
    per event: games whose references carry the same ``event`` (a season's game does) are one
    tournament."""
    rules = rating_rules(day)
    rating = math.floor(own + 0.5)
    events: dict[object, list[int]] = {}
    for index, ref in enumerate(refs):
        events.setdefault(getattr(ref, "event", None), []).append(index)
    found = [0.0] * len(opponents)
    for indexes in events.values():
        games = [(math.floor(opponents[i] + 0.5), Fraction(0)) for i in indexes]
        change = rating_change(rating, games, 0, rules)
        for index, game in zip(indexes, change.games, strict=True):
            found[index] = float(game.expected)
    return found


def season_k_rules(rounding: Rounding = Rounding.WHOLE) -> EloSettings:
    """FIDE's rules as a rating list's (the list's System ``FIDE``): K of 8.3.3 as bands (40
    for a player new to the rating list until he has 30 games, 40 until the end of the year of
    the 18th birthday while under 2300, 20 under 2400, 10 from 2400, K x the period's games at
    most 700). "New to the rating list" is a player whose earlier games are counted: one who
    starts unrated on the list, from his first game (or a start that gives his count). A player
    with a Start Rating is already rated, his games before the list not known (None), so the
    first band never matches him (the list's K column gives 40 to one the officer knows is
    within his first 30 games). Then the expected scores
    of table 8.1.2 with the 400-point rule of the period's date (:func:`period_expected`), only
    games against opponents rated at the period's start (8.3.1), and the period's change
    rounded once, 0.5 away from zero (8.3.4); a newcomer's first rating by 8.2
    (:func:`season_initial_rating`), not by the list's performance rule. FIDE keeps K 10 for a
    player whose published rating once reached 2400 even after it drops: the list's K column
    says so for such a player (the bands see only the rating at the period's start)."""
    return EloSettings(
        bands=(
            KBand(_K_NEW, games_below=_NEW_GAMES, label="new to the list, fewer than 30 games"),
            KBand(
                _K_JUNIOR,
                rating_below=_JUNIOR_BELOW,
                age_up_to=_JUNIOR_AGE,
                label="aged 18 or less in the period's year and rated below 2300",
            ),
            KBand(_K_BELOW, rating_below=_TOP, label="rated below 2400"),
            KBand(_K_FROM, label="rated 2400 or more"),
        ),
        k_games_cap=_K_GAMES_CAP,
        rounding=rounding,
        expected_scores=period_expected,
        initial_rating=season_initial_rating,
    )


def performance(opponents: Sequence[int], score: Fraction) -> int | None:
    """Rp = Ra + dp: Ra the opponents' average, p the fractional score, both rounded (0.5 up),
    dp from table 8.1.1 (800 for 100 %, -800 for 0 %). None without games."""
    if not opponents:
        return None
    average = _half_up(Fraction(sum(opponents), len(opponents)))
    percent = _half_up(score / len(opponents) * 100)
    return average + int(fidetables.ScoreToDp[percent])


@dataclass(frozen=True, slots=True)
class FirstRating:
    """8.2's calculation of an unrated player's first rating, step by step, as a report shows
    it: ``rated_games`` against rated opponents; ``games`` and ``score`` as 8.2 counts them
    (from 2024 with the two hypothetical 1800 opponents, both drawn: two games and one point
    more); ``average`` Ra of those games and ``percent`` the score's percentage, both rounded
    0.5 up; ``dp`` what is added to Ra (table 8.1.1; the 2022 text above 50 %: 20 a half point
    above it, at 50 %: 0); ``rating`` = ``average`` + ``dp`` (Ra + dp unrounded, then rounded:
    the same, dp being whole), at most 2200 from 2024 (``capped``)."""

    edition: str
    rated_games: int
    games: int
    score: Fraction
    average: int
    percent: int
    dp: int
    rating: int
    capped: bool = False

    @property
    def hypothetical(self) -> bool:
        """From 2024: the two 1800 draws are among the games (8.2.2)."""
        return self.edition != "2022"

    @property
    def games_needed(self) -> int:
        """7.1.4: FIDE publishes a first rating based on at least 5 games against rated
        opponents, pooled over consecutive rating periods of at most 26 months."""
        return _INITIAL_GAMES

    @property
    def floor(self) -> int:
        """The rating floor: no rating under it is published (1400 from 2024, 1000 before)."""
        return _FLOOR[self.edition]


def first_rating(
    opponents: Sequence[int], score: Fraction, rules: RatingRules
) -> FirstRating | None:
    """8.2's first rating of an unrated player from these games, step by step
    (:class:`FirstRating`); None for a zero score (8.2.1: disregarded) or no games."""
    if not opponents or score == 0:
        return None
    n = len(opponents)
    if rules.edition == "2022":
        average = Fraction(sum(opponents), n)
        half = Fraction(n, 2)
        percent = _half_up(score / n * 100)
        if score > half:
            dp = int(40 * (score - half))  # 20 a half point above 50 %
        elif score == half:
            dp = 0
        else:
            dp = int(fidetables.ScoreToDp[percent])
        whole = _half_up(average)
        return FirstRating(rules.edition, n, n, score, whole, percent, dp, whole + dp)
    # 8.2.2: two hypothetical 1800 opponents, both drawn; 8.2.3: at most 2200.
    games, counted = n + 2, score + 1
    ra = _half_up(Fraction(sum(opponents) + 3600, games))
    percent = _half_up(counted / games * 100)
    dp = int(fidetables.ScoreToDp[percent])
    found = ra + dp
    return FirstRating(
        rules.edition, n, games, counted, ra, percent, dp, min(2200, found), found > 2200
    )


def initial_rating(opponents: Sequence[int], score: Fraction, rules: RatingRules) -> int | None:
    """An unrated player's rating from these games alone (8.2, :func:`first_rating`); None for
    a zero score (8.2.1: disregarded) or no games. FIDE publishes it once 5 games against rated
    opponents are pooled (7.1.4), and from 2024 only at 1400 or more."""
    found = first_rating(opponents, score, rules)
    return None if found is None else found.rating


def season_initial_rating(
    opponents: Sequence[float], scores: Sequence[float], day: _dt.date | None
) -> tuple[float, str] | None:
    """A rating list's newcomer's first rating (its ``initial_rating``, the list's System
    FIDE): from his games so far against rated opponents (their ratings, his scores), pooled
    across periods, by the text in force on ``day``. None while FIDE would publish none: fewer
    than 5 games (7.1.4), a zero score (8.2.1), a rating under the floor (1400 from 2024, 1000
    before). Ratings are FIDE's whole numbers (a list's taken to the nearest, 0.5 up); 8.2 is
    :func:`initial_rating`."""
    rules = rating_rules(day)
    if len(opponents) < _INITIAL_GAMES:
        return None
    whole = [math.floor(r + 0.5) for r in opponents]
    found = initial_rating(whole, sum((Fraction(s) for s in scores), Fraction(0)), rules)
    if found is None or found < _FLOOR[rules.edition]:
        return None
    games = f"{len(whole)} games against rated opponents"
    if rules.edition == "2022":
        return float(found), f"FIDE 8.2 initial rating, {games}"
    return float(found), f"FIDE 8.2 initial rating, {games} and two 1800 draws"
