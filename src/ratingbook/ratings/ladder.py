"""The SCA chess-camp ladder (seed 001): the exchange rule, weekly and permanent ratings, recalc.

Pure: plain values in, new values out. The Access VBA ``Recalc_Ratings()`` reset every active
player's weekly Rating to their group's Initial Ladder Rating and their Permanent Rating to
StWkPerm, then replayed every game of ``Ladder Games`` in order, updating both ratings side by side
with the same rule. :func:`recalc_ladder` does exactly that, except where the documented rules
(docs/reference/rules.md, "Differences from the Access VBA, on purpose") say otherwise: ``(0-1)``
is a black win, and bad input (unknown result, unknown or inactive player, self-play) is an error
instead of a silent draw or a drifting rating.

A new camper (a late arrival) has no StWkPerm yet, and seed 001 sets none (its VBA would copy
the empty field into the Permanent Rating, which ``Nz`` then reads as 0). ratingbook's rule,
documented in docs/reference/rules.md ("A new camper"): an active player whose StWkPerm is empty
starts the week's permanent rating where the weekly Rating starts, at their group's Initial
Ladder Rating; :attr:`LadderOutcome.new_campers` names them, so that the cell is filled and the
run says so (never silently).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, overload

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.core.rules import close_name, game_indices, player_spellings
from ratingbook.errors import (
    InactivePlayerError,
    InvalidValueError,
    Location,
    Problems,
    RatingbookError,
    UnknownGroupError,
)

__all__ = [
    "LadderGame",
    "LadderGameRecord",
    "LadderHistory",
    "LadderOutcome",
    "LadderPlayer",
    "group_key",
    "ladder_change",
    "recalc_ladder",
    "replay_ladder",
    "start_new_week",
]

# seed 001: "If the winner's rating is 375 or less more than the loser's rating" / "376 or more".
FAR_APART = 375
# seed 001: 16 points for a win between equals, 1/25 of the difference as the correction.
BASE_WIN = 16
STEP = 25
# seed 001: "376 or more greater": winner +1; "376 or more below": winner +31; draw: 15.
FAVOURITE_FAR_WIN = 1
UNDERDOG_FAR_WIN = 31
FAR_DRAW = 15


def _winner_gain(winner: int, loser: int) -> int:
    """Points the winner takes from the loser (seed 001, "If there is a winner")."""
    d = winner - loser
    if d >= 0:
        # "16 added to it and also 1/25 of the difference subtracted from it" (VBA: Int(d / 25)).
        return FAVOURITE_FAR_WIN if d > FAR_APART else BASE_WIN - d // STEP
    # "16 added to it and also 1/25 of the difference added to it"
    return UNDERDOG_FAR_WIN if -d > FAR_APART else BASE_WIN + (-d) // STEP


def ladder_change(white: int, black: int, result: Result) -> int:
    """The points White gains in one ladder game (negative: White loses them); Black the opposite.

    >>> ladder_change(1000, 1100, Result.WHITE_WINS)   # underdog wins: 16 + 100 // 25
    20
    >>> ladder_change(1000, 1100, Result.DRAW)         # the higher-rated gives 100 // 25
    4
    """
    if result is Result.WHITE_WINS:
        return _winner_gain(white, black)
    if result is Result.BLACK_WINS:
        return -_winner_gain(black, white)
    # seed 001, "If it is a draw": the higher-rated player gives 1/25 of the difference
    # (15 when 376 or more apart) to the other; equal ratings exchange nothing.
    d = white - black
    given = FAR_DRAW if abs(d) > FAR_APART else abs(d) // STEP
    return -given if d > 0 else given


# The rule depends only on the rating difference, and is constant beyond ±376, so the replay loop
# looks it up in tables built from ladder_change itself (the rule lives in one place).
_CLAMP = FAR_APART + 1
_RESULT_INDEX = {Result.WHITE_WINS: 0, Result.BLACK_WINS: 1, Result.DRAW: 2}
_GAIN_TABLES: tuple[tuple[int, ...], ...] = tuple(
    tuple(ladder_change(d, 0, result) for d in range(-_CLAMP, _CLAMP + 1))
    for result in (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
)


@dataclass(frozen=True, slots=True)
class LadderPlayer:
    """A row of ``Ladder Players``: the Access fields ID, Name, Group, Active, Rating,
    Permanent Rating and StWkPerm (start-of-week permanent rating)."""

    id: int
    name: str
    group: str
    active: bool
    rating: int | None = None
    permanent_rating: int | None = None
    start_permanent: int | None = None
    where: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class LadderGame:
    """A row of ``Ladder Games``: White and Black hold player IDs."""

    white: int
    black: int
    result: Result
    where: Location | None = field(default=None, compare=False, repr=False)


class LadderGameRecord(NamedTuple):
    """One replayed game with both players' weekly and permanent ratings before and after it.

    A flat named tuple rather than a dataclass: a recalc makes one per game, and tuples are
    cheap to make. ``white_rating`` and friends give the (before, after) pairs.
    """

    game: LadderGame
    white_before: int
    white_after: int
    black_before: int
    black_after: int
    white_permanent_before: int
    white_permanent_after: int
    black_permanent_before: int
    black_permanent_after: int

    @property
    def white_rating(self) -> tuple[int, int]:
        """White's weekly Rating before and after the game."""
        return self.white_before, self.white_after

    @property
    def black_rating(self) -> tuple[int, int]:
        """Black's weekly Rating before and after the game."""
        return self.black_before, self.black_after

    @property
    def white_permanent(self) -> tuple[int, int]:
        """White's Permanent Rating before and after the game."""
        return self.white_permanent_before, self.white_permanent_after

    @property
    def black_permanent(self) -> tuple[int, int]:
        """Black's Permanent Rating before and after the game."""
        return self.black_permanent_before, self.black_permanent_after


Trace = tuple[int, int, int, int, int, int, int, int]


class LadderHistory(Sequence[LadderGameRecord]):
    """The replayed games with their ratings, as a read-only sequence of :class:`LadderGameRecord`.

    A recalc of a big week replays hundreds of thousands of games; the records are made only
    when they are looked at, and :meth:`ratings` gives the raw numbers without making any.
    Compares equal to any sequence holding the same records (a tuple of them, say).
    """

    __slots__ = ("_games", "_trace")

    def __init__(self, games: Sequence[LadderGame] = (), trace: Sequence[Trace] = ()) -> None:
        if len(games) != len(trace):
            raise ValueError("one trace per game")
        self._games = games
        self._trace = trace

    def __len__(self) -> int:
        return len(self._trace)

    @overload
    def __getitem__(self, index: int) -> LadderGameRecord: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[LadderGameRecord, ...]: ...
    def __getitem__(self, index: int | slice) -> LadderGameRecord | tuple[LadderGameRecord, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        return LadderGameRecord(self._games[index], *self._trace[index])

    def __iter__(self) -> Iterator[LadderGameRecord]:
        # tuple.__new__ skips the named tuple's Python-level constructor: a C call per record.
        make = tuple.__new__
        for game, numbers in zip(self._games, self._trace, strict=True):
            yield make(LadderGameRecord, (game, *numbers))

    def ratings(self) -> Iterator[tuple[LadderGame, Trace]]:
        """Each game with White's and Black's weekly, then permanent, ratings before and after."""
        return zip(self._games, self._trace, strict=True)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LadderHistory({list(self)!r})"


@dataclass(frozen=True, slots=True)
class LadderOutcome:
    """The result of a recalc: every player (inactive ones unchanged) and the replayed games."""

    players: tuple[LadderPlayer, ...]
    history: LadderHistory = field(default_factory=LadderHistory)
    #: The IDs of the active players whose StWkPerm was empty (new campers): their
    #: ``start_permanent`` is now their group's Initial Ladder Rating (see the module's docstring).
    new_campers: tuple[int, ...] = ()


def group_key(group: str) -> str:
    """How groups are matched: case-insensitively, as Access compares text; outer spaces ignored."""
    return " ".join(str(group).split()).casefold()


def replay_ladder(
    weekly: list[int],
    permanent: list[int],
    games: Iterable[tuple[int, int, int]],
    trace: list[Trace] | None = None,
) -> None:
    """Replay games given as (white index, black index, result index 0/1/2) onto two rating lists.

    The fast inner loop of :func:`recalc_ladder`, for callers that already validated the games;
    ``result index`` is 0 for White wins, 1 for Black wins, 2 for a draw. Updates in place.
    With ``trace``, appends per game White's and Black's weekly rating before and after, then
    their permanent rating before and after.
    """
    tables = _GAIN_TABLES
    clamp = _CLAMP
    record = trace.append if trace is not None else None
    # The rule is applied twice below, inlined on purpose: this loop is the hot path of a recalc
    # and a function call per rating would halve its speed (benchmarks/run.py).
    for w, b, r in games:
        table = tables[r]
        ww, wb = weekly[w], weekly[b]
        d = ww - wb
        if d > clamp:
            d = clamp
        elif d < -clamp:
            d = -clamp
        gain = table[d + clamp]
        weekly[w] = ww + gain
        weekly[b] = wb - gain
        pw, pb = permanent[w], permanent[b]
        d = pw - pb
        if d > clamp:
            d = clamp
        elif d < -clamp:
            d = -clamp
        pgain = table[d + clamp]
        permanent[w] = pw + pgain
        permanent[b] = pb - pgain
        if record is not None:
            record((ww, ww + gain, wb, wb - gain, pw, pw + pgain, pb, pb - pgain))


def _starting_ratings(
    players: Sequence[LadderPlayer],
    groups: Mapping[str, int],
    problems: Problems | None,
    groups_listed_in: str = "",
) -> tuple[dict[int, int], list[int], list[int]]:
    """Index the players and reset active ones: Rating from the group, Permanent from StWkPerm
    (from the group too for a new camper, whose StWkPerm is None).

    With ``problems``, a player in error is added to it (and starts from 0) instead of raising.
    A group that is none of ``groups`` names the sheet they are listed in (``groups_listed_in``)
    and the group it may mean, a letter off (:func:`~ratingbook.core.rules.close_name`).
    """
    initial = {group_key(name): rating for name, rating in groups.items()}
    spellings = player_spellings(groups)
    listed = f"on {groups_listed_in!r}" if groups_listed_in else "in the group table"
    index: dict[int, int] = {}
    weekly: list[int] = []
    permanent: list[int] = []
    for i, player in enumerate(players):
        if player.id in index:
            first = players[index[player.id]]
            raise InvalidValueError(
                f"duplicate player ID {player.id!r} (also used by {first.name!r})",
                player.where,
                fields.ID,
            )
        index[player.id] = i
        if not player.active:
            # Inactive players are left exactly as they are; they may not play (checked below).
            weekly.append(0)
            permanent.append(0)
            continue
        rating = initial.get(group_key(player.group))
        try:
            if rating is None:
                meant = close_name(player.group, spellings)
                hint = f" (did you mean {meant!r}?)" if meant else ""
                raise UnknownGroupError(
                    f"group {player.group!r} of player {player.name!r} is not {listed}{hint}",
                    player.where,
                    fields.GROUP,
                )
        except RatingbookError as error:
            if problems is None:
                raise
            problems.append(error)
            rating = 0
        weekly.append(rating)
        # A new camper (no StWkPerm yet) starts both ratings at the group's (module docstring).
        start = player.start_permanent
        permanent.append(rating if start is None else start)
    return index, weekly, permanent


def _game_indices(
    game: LadderGame, index: Mapping[int, int], players: Sequence[LadderPlayer]
) -> tuple[int, int]:
    found = game_indices(game.white, game.black, index, game.where, "no player has ID {!r}")
    for column, player_id, i in (
        (fields.WHITE, game.white, found[0]),
        (fields.BLACK, game.black, found[1]),
    ):
        if not players[i].active:
            raise _inactive(player_id, players[i], game, column)
    return found


def _inactive(
    player_id: int, player: LadderPlayer, game: LadderGame, column: str
) -> InactivePlayerError:
    """A game naming an inactive player: an error (docs/reference/rules.md), with what to do.

    A camper whose Permanent Rating is still the week's StWkPerm has had no game counted this
    week: made inactive before the week's first game of theirs (one who left at the new week,
    as docs/guides/camp-staff.md says, "A camper who leaves"), so the game's ID is most likely
    mistyped, and the message leads with that. Otherwise the camper played this week and was
    made inactive too early: Active stays TRUE until the new week archives the games."""
    who = f"player {player_id!r} ({player.name!r})"
    active = player.where.describe(fields.ACTIVE) if player.where is not None else ""
    inactive = f"{who} is not active{f' ({active})' if active else ''}"
    if player.permanent_rating is not None and player.permanent_rating == player.start_permanent:
        said = (
            f"{inactive} and has no game counted this week (Permanent Rating = StWkPerm): check "
            "the ID typed here first, and correct it or delete this game; only if the camper "
            "did play it, set Active back to TRUE until the new week archives the week's games"
        )
    else:
        said = (
            f"{inactive}, but this week's games name them: a camper who leaves during the week "
            "stays Active = TRUE until the new week archives the games; set it back to TRUE "
            "until then, or correct or delete this game"
        )
    return InactivePlayerError(said, game.where, column, who, active)


def _moves(
    games: Sequence[LadderGame],
    index: Mapping[int, int],
    players: Sequence[LadderPlayer],
    problems: Problems | None,
) -> list[tuple[int, int, int]]:
    """Games as (white index, black index, result index), every one checked.

    With ``problems``, a game in error is added to it (and left out) instead of raising.
    """
    playable = {player_id: i for player_id, i in index.items() if players[i].active}
    result_index = _RESULT_INDEX
    moves: list[tuple[int, int, int]] = []
    append = moves.append
    for game in games:
        w = playable.get(game.white)
        b = playable.get(game.black)
        if w is None or b is None or w == b:
            # The slow path names exactly what is wrong.
            try:
                w, b = _game_indices(game, index, players)
            except RatingbookError as error:
                if problems is None:
                    raise
                problems.append(error)
                continue
        append((w, b, result_index[game.result]))
    return moves


def recalc_ladder(
    players: Sequence[LadderPlayer],
    groups: Mapping[str, int],
    games: Sequence[LadderGame],
    *,
    history: bool = True,
    every_problem: bool = False,
    groups_listed_in: str = "",
) -> LadderOutcome:
    """Recalculate the ladder from the start of the week: reset, then replay every game in order.

    Active players restart from their group's Initial Ladder Rating (weekly) and their StWkPerm
    (permanent; a new camper's empty StWkPerm is the group's rating too, and the outcome names
    them in ``new_campers``); inactive players are returned unchanged. Every game is checked
    before anything is computed, so an error leaves nothing half done. Idempotent by
    construction: the result depends only on groups, StWkPerm and the games, never on the
    ratings it overwrites.

    Raises :class:`RatingbookError` subclasses naming the player or game row at fault; with
    ``every_problem``, every player and game is checked first and all the problems are raised
    together (:class:`~ratingbook.errors.InputErrors` when there are several). A player's group
    that is none of ``groups`` is named with ``groups_listed_in``, their sheet, when given.
    """
    problems = Problems() if every_problem else None
    index, weekly, permanent = _starting_ratings(players, groups, problems, groups_listed_in)
    moves = _moves(games, index, players, problems)
    if problems:
        problems.check()

    trace: list[Trace] = []
    replay_ladder(weekly, permanent, moves, trace if history else None)

    initial = {group_key(name): rating for name, rating in groups.items()}
    new_campers = tuple(p.id for p in players if p.active and p.start_permanent is None)
    new_players = tuple(
        replace(
            player,
            rating=weekly[i],
            permanent_rating=permanent[i],
            start_permanent=initial[group_key(player.group)]
            if player.start_permanent is None
            else player.start_permanent,
        )
        if player.active
        else player
        for i, player in enumerate(players)
    )
    return LadderOutcome(
        players=new_players,
        history=LadderHistory(games if history else (), trace),
        new_campers=new_campers,
    )


def start_new_week(players: Sequence[LadderPlayer]) -> tuple[LadderPlayer, ...]:
    """Start a new week: every active player's Permanent Rating becomes their StWkPerm.

    The weekly Rating restarts from the group default at the next recalc, so it is left alone.
    """
    new: list[LadderPlayer] = []
    for player in players:
        if player.active:
            if player.permanent_rating is None:
                raise InvalidValueError(
                    f"active player {player.name!r} has no Permanent Rating to carry over",
                    player.where,
                    fields.PERMANENT_RATING,
                )
            new.append(replace(player, start_permanent=player.permanent_rating))
        else:
            new.append(player)
    return tuple(new)
