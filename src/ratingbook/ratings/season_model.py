"""What a rating season hands the rating maths and what it gets back, for Elo and Glicko-2 alike:
the games of each period, each player's starting point, and one line per player per period
that says what changed and why. This module alone decides those shapes and checks them; the
maths is :mod:`~ratingbook.ratings.elo_periods` and :mod:`~ratingbook.ratings.glicko2_periods`,
the order of the periods :mod:`~ratingbook.ratings.rating_periods`.

Players are keys (strings); a game's ``ref`` is opaque, carried from the game to the lines it
explains (a source row, an event's round and board). Forfeits and byes are never games here:
the caller leaves them out.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple, overload

from ratingbook.errors import InvalidValueError, Problems, UnknownPlayerError
from ratingbook.ratings.glicko2 import Glicko2Rating

__all__ = [
    "FirstRating",
    "Game",
    "GameLine",
    "GameLines",
    "GlickoChange",
    "KChange",
    "PerformanceChange",
    "PeriodLine",
    "PeriodResult",
    "PlayerStart",
    "RatingPeriod",
    "SeasonResult",
    "check_season",
]

#: White's score in a game that is rated: a win, a draw, a loss.
SCORES = (1.0, 0.5, 0.0)


class Game(NamedTuple):
    """One rated game: White's key, Black's key, White's score (1, 0.5 or 0) and the caller's
    reference (carried to the :class:`GameLine` of both players). Any 4-tuple will do."""

    white: str
    black: str
    score: float
    ref: object = None


@dataclass(frozen=True, slots=True)
class RatingPeriod:
    """The games of one rating period, rated together: every expected score comes from the
    ratings at the period's start. ``label`` names it (a month, an event); ``year`` is the
    year age bands count in (a player's age is ``year`` - birth year); ``start`` its first day
    (which text of a rule applies: FIDE's 400-point rule changed on 2024-03-01 and 2025-10-01;
    None: the text in force now)."""

    games: Sequence[tuple[str, str, float, object]]
    label: str = ""
    year: int | None = None
    start: dt.date | None = None


@dataclass(frozen=True, slots=True)
class PlayerStart:
    """Where a player stands when the season starts.

    - ``rating`` None: unrated (Elo: rated by performance in his first period; Glicko-2: the
      settings' start, 1500 / 350 / 0.06). ``deviation`` and ``volatility`` are Glicko-2's
      (None: the settings' start values); Elo reads neither.
    - ``games``: games rated before the season; None: not known, which for a rated player
      means established (not provisional) and matches no band by games played.
    - ``fixed``: the rating counts for his opponents and is never changed (a guest, a foreign
      player with another federation's rating); it needs a rating.
    - ``k``: Elo's K for this player, over the K bands; ``birth_year`` for the age bands.
    - ``pool``: an unrated player's games so far against rated opponents (opponent's rating,
      score) when the list pools them for a first rating of its own rule (FIDE B.02 7.1.4 and
      8.2); None: he has played no event yet (FIDE 8.2.1 disregards a zero score in his
      first).
    """

    rating: float | None = None
    deviation: float | None = None
    volatility: float | None = None
    games: int | None = None
    fixed: bool = False
    k: float | None = None
    birth_year: int | None = None
    pool: tuple[tuple[float, float], ...] | None = None


class GameLine(NamedTuple):
    """One game seen from one player: the game's ``ref``, the opponent's key, the player's score,
    the opponent's rating as counted (at the period's start; an unrated opponent's rating from
    this period) and the expected score (None where the rule has none: a performance rating)."""

    ref: object
    opponent: str
    score: float
    opponent_rating: float
    expected: float | None


_game_line = partial(tuple.__new__, GameLine)


class GameLines(Sequence[GameLine]):
    """A line's games as five columns in the games' order (references, opponents, scores,
    opponents' ratings, expected scores), each :class:`GameLine` made only when it is read.

    Glicko-2's lines keep their games so: a federation's late event re-rates some 200,000 lines
    of 700,000 games, and a tuple of game lines made for each (read by no sheet of the list
    book, only by a report that asks) cost a fifth of the re-rate (issue 35); a line computed
    again from the same games takes the columns of the line rated before as they are. It
    reads, compares, hashes, prints and pickles as the tuple of its game lines."""

    __slots__ = ("expected", "opponent_ratings", "opponents", "refs", "scores")

    def __init__(
        self,
        refs: Sequence[object],
        opponents: Sequence[str],
        scores: Sequence[float],
        opponent_ratings: Sequence[float],
        expected: Sequence[float | None],
    ) -> None:
        self.refs = refs
        self.opponents = opponents
        self.scores = scores
        self.opponent_ratings = opponent_ratings
        self.expected = expected

    def __len__(self) -> int:
        return len(self.opponents)

    @overload
    def __getitem__(self, index: int) -> GameLine: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[GameLine, ...]: ...

    def __getitem__(self, index: int | slice) -> GameLine | tuple[GameLine, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        return GameLine(
            self.refs[index],
            self.opponents[index],
            self.scores[index],
            self.opponent_ratings[index],
            self.expected[index],
        )

    def __iter__(self) -> Iterator[GameLine]:
        columns = (self.refs, self.opponents, self.scores, self.opponent_ratings, self.expected)
        return map(_game_line, zip(*columns, strict=False))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameLines | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[type[GameLines], tuple[Sequence[object], ...]]:
        columns = (self.refs, self.opponents, self.scores, self.opponent_ratings, self.expected)
        return GameLines, columns


@dataclass(frozen=True, slots=True)
class KChange:
    """Elo for an established player: K, the rule that gave it (a band's words, "the player's
    K", the cap on K x games), the change K x sum(S - E) before rounding, and whether the floor
    lifted the result."""

    k: float
    rule: str
    exact: float
    floored: bool = False


@dataclass(frozen=True, slots=True)
class PerformanceChange:
    """Elo for a provisional or unrated player: the average linear performance (each game the
    opponent's rating + 400 for a win, - 400 for a loss, + 0 for a draw) of this period's games,
    weighted with his ``earlier_games`` at ``earlier_rating``; whether the floor lifted it."""

    performance: float
    earlier_games: int
    earlier_rating: float | None
    floored: bool = False


@dataclass(frozen=True, slots=True)
class FirstRating:
    """Elo for an unrated player rated by the list's own rule for a first rating (FIDE B.02
    8.2): the ``games`` it counts against rated opponents, ``earlier_games`` of them pooled from
    earlier periods, and the rule in words."""

    games: int
    earlier_games: int
    rule: str


class GlickoChange(NamedTuple):
    """Glicko-2: the values before and after, v and Δ (steps 3 and 4, the Glicko-2 scale; None
    for a period without games, where step 6 alone makes the deviation grow). A named tuple, as
    :class:`PeriodLine`."""

    before: Glicko2Rating
    after: Glicko2Rating
    v: float | None
    delta: float | None


class PeriodLine(NamedTuple):
    """One player's period: rating before (None: unrated) and after, the rated games, the score,
    the sum of the expected scores (None for a performance rating), the opponents' average
    rating (None without games), whether the rating is provisional after the period, why it
    changed, each game (in the period's order: a tuple, or for Glicko-2 :class:`GameLines`),
    and ``not_rated``: his games against players
    unrated at the period's start, which do not count for his rating (Elo, FIDE 8.3.1) though
    they count for theirs.

    A named tuple, not a frozen dataclass: a federation's season makes one per player per
    period, hundreds of thousands, and a frozen dataclass's constructor sets each of its eleven
    fields through ``object.__setattr__``, which cost a late event's re-rate (issue 35) more
    than the Glicko-2 maths did; the engines make it with ``tuple.__new__``, in C."""

    player: str
    before: float | None
    after: float
    games: int
    score: float
    expected: float | None
    opponents_average: float | None
    provisional: bool
    why: KChange | PerformanceChange | FirstRating | GlickoChange
    game_lines: Sequence[GameLine] = ()
    not_rated: int = 0

    @property
    def change(self) -> float | None:
        """After - before; None for a player unrated before the period."""
        return None if self.before is None else self.after - self.before


@dataclass(frozen=True, slots=True)
class PeriodResult:
    """The lines of one period, by player key (sorted), and the games it rated (the period's own
    sequence, not a copy; empty: not known): a late event's re-rate compares them with the
    period's games now to find whose games changed. ``detailed``: every line names its games
    (rated with details; False: not known), so a re-rate reads a player's games from his line
    without first asking each line whether it has them."""

    label: str
    lines: Mapping[str, PeriodLine]
    games: Sequence[tuple[str, str, float, object]] = ()
    detailed: bool = False


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """Every period's lines, and where each player stands after the season (a start for the next
    season, or for re-rating from a later period)."""

    periods: tuple[PeriodResult, ...]
    players: Mapping[str, PlayerStart] = field(default_factory=dict)


def _number(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float) and math.isfinite(value)


def _sound(
    games: Iterable[tuple[str, str, float, object]], players: Mapping[str, PlayerStart]
) -> bool:
    """Whether every game is sound: both players known, two players, a score of 1, 0.5 or 0
    that is no bool. Game by game, each game read once: a sound game (nearly all of a
    federation's million) costs a few lookups (asked of a period at once in C instead, by map
    and sets, each game was read five times and a federation's month took longer)."""
    for game in games:
        white, black, score = game[0], game[1], game[2]
        if not (
            white in players
            and black in players
            and white != black
            and score in SCORES
            and score.__class__ is not bool
        ):
            return False
    return True


def check_season(periods: Sequence[RatingPeriod], players: Mapping[str, PlayerStart]) -> None:
    """Every problem of the input at once (an :class:`~ratingbook.errors.InputErrors`): a game
    naming a player without a start, a player against himself, a score other than 1, 0.5, 0; a
    fixed player without a rating, a negative count of games, an unrated player with earlier
    games (his earlier provisional rating is needed to weigh them in)."""
    problems = Problems()
    for key, start in players.items():
        if start.rating is not None and not _number(start.rating):
            problems.append(InvalidValueError(f"player {key!r}: rating {start.rating!r}"))
        if start.fixed and start.rating is None:
            problems.append(InvalidValueError(f"player {key!r} is fixed but has no rating"))
        if start.games is not None and (isinstance(start.games, bool) or start.games < 0):
            problems.append(InvalidValueError(f"player {key!r}: games {start.games!r}"))
        if start.rating is None and start.games:
            problems.append(
                InvalidValueError(
                    f"player {key!r} is unrated with {start.games} earlier games: "
                    "give the rating those games made"
                )
            )
        if start.k is not None and not (_number(start.k) and start.k >= 0):
            problems.append(InvalidValueError(f"player {key!r}: K {start.k!r}"))
    for number, period in enumerate(periods, start=1):
        if _sound(period.games, players):
            continue
        for index, game in enumerate(period.games, start=1):
            white, black, score = game[0], game[1], game[2]
            if _sound((game,), players):
                continue
            where = f"{period.label or f'period {number}'}, game {index}"
            for key in (white, black):
                if key not in players:
                    problems.append(UnknownPlayerError(f"{where}: player {key!r} has no start"))
            if white == black:
                problems.append(InvalidValueError(f"{where}: {white!r} is both White and Black"))
            if score not in SCORES or isinstance(score, bool):
                problems.append(
                    InvalidValueError(f"{where}: White's score {score!r} is not 1, 0.5 or 0")
                )
    problems.check()
