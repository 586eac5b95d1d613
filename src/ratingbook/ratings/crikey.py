"""The Crikey club's Rating Points Exchange (seed 000), in exact hundredths.

Ratings have two decimals. They are held as integers counting hundredths (76.91 -> 7691), so no
binary float ever touches a rating and every result is exact. The exchange (steps 1-4 of the
seed) is written once, in :func:`replay_crikey`; reading a rating is ``cells.hundredths``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.core.rules import game_indices
from ratingbook.errors import InvalidValueError, Location

__all__ = [
    "CRIKEY_RESULTS",
    "CrikeyGame",
    "crikey_exchange",
    "crikey_tournament",
    "format_hundredths",
    "replay_crikey",
]

# seed 000, step 1: White "will be treated as though she is three (3) points stronger".
WHITE_HANDICAP = 300
# seed 000, step 3: RPE is 1 - CE (higher-rated wins) or 1 + CE (lower-rated wins).
ONE_POINT = 100
# The result index replay_crikey takes: CRIKEY_RESULTS[index] is the result.
CRIKEY_RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
_RESULT_INDEX = {result: index for index, result in enumerate(CRIKEY_RESULTS)}


def crikey_exchange(
    white: int, black: int, result: Result, white_pieces: int, black_pieces: int
) -> int:
    """The hundredths White gains in one game (negative: White loses them); Black gets the opposite.

    Implements seed 000 literally, including where it surprises: with a gap over 10.00 the
    favourite's RPE ``1 - CE`` is negative, so the favourite *loses* points by winning. The rule
    itself is written once, in :func:`replay_crikey`.

    >>> crikey_exchange(7691, 7636, Result.BLACK_WINS, 20, 15)   # the seed's Alice vs Bob
    -272
    """
    ratings = [white, black]
    replay_crikey(ratings, [(0, 1, _RESULT_INDEX[result], white_pieces, black_pieces)])
    return ratings[0] - white


@dataclass(frozen=True, slots=True)
class CrikeyGame:
    """One game: White's result (won/drew/lost) and each side's remaining piece value."""

    white: str
    black: str
    result: Result
    white_pieces: int
    black_pieces: int
    where: Location | None = field(default=None, compare=False, repr=False)


def replay_crikey(ratings: list[int], games: Iterable[tuple[int, int, int, int, int]]) -> None:
    """Replay games given as (white index, black index, result index, white pieces, black pieces).

    The one place the Crikey exchange is written (seed 000, steps 1-4), as the fast inner loop of
    :func:`crikey_tournament` for already validated games; :func:`crikey_exchange` runs it on
    one game. Result index is 0 for White won, 1 for White lost, 2 for a draw. Updates
    ``ratings`` in place. When both indices are the same player (the judge format allows it)
    the two updates cancel out.
    """
    # Module constants as locals: this loop is the hot path (benchmarks/run.py --only engine).
    handicap, one_point = WHITE_HANDICAP, ONE_POINT
    for w, b, r, wp, bp in games:
        # step 1: White "will be treated as though she is three (3) points stronger".
        white_eff = ratings[w] + handicap
        black = ratings[b]
        gap = white_eff - black
        if gap < 0:
            gap = -gap
        # step 2: CE = gap / 10, rounded half-up to hundredths ((gap + 5) // 10 in hundredths).
        ce = (gap + 5) // 10
        if r == 2:
            # step 3c: the higher-rated gives CE to the lower-rated; equal ratings: no change.
            # step 4: the pieces rule does not apply to draws.
            gain = -ce if white_eff > black else (ce if white_eff < black else 0)
        elif r == 0:
            # step 3a/3b: "1 CE" in the seed lost its minus sign; its example gives
            # 1 - 0.36 = 0.64. Equal ratings: CE = 0, so either formula gives 1.00.
            gain = one_point - ce if white_eff >= black else one_point + ce
            # step 4: "if the winning side is left with crikey pieces of total value less than
            # those of the losing side, then the RPE calculated above is then doubled".
            if wp < bp:
                gain *= 2
        else:
            gain = one_point - ce if black >= white_eff else one_point + ce
            if bp < wp:
                gain *= 2
            gain = -gain
        ratings[w] += gain
        ratings[b] -= gain


def crikey_tournament(
    ratings: Mapping[str, int],
    games: Sequence[CrikeyGame],
    *,
    allow_self_play: bool = False,
) -> dict[str, int]:
    """Apply every game in order to the players' ratings (hundredths); return the new ratings.

    The judge format lists a player against themself in its example; with ``allow_self_play``
    such a game nets to no change, otherwise it is a :class:`SelfPlayError`.
    """
    names = list(ratings)
    index = {name: i for i, name in enumerate(names)}
    moves: list[tuple[int, int, int, int, int]] = []
    for game in games:
        white, black = game_indices(
            game.white, game.black, index, game.where, allow_self_play=allow_self_play
        )
        for column, pieces in (
            (fields.WHITE_PIECES, game.white_pieces),
            (fields.BLACK_PIECES, game.black_pieces),
        ):
            if isinstance(pieces, bool) or not isinstance(pieces, int):
                raise InvalidValueError(
                    f"piece value {pieces!r} is not a whole number", game.where, column
                )
        moves.append(
            (white, black, _RESULT_INDEX[game.result], game.white_pieces, game.black_pieces)
        )
    values = [ratings[name] for name in names]
    replay_crikey(values, moves)
    return dict(zip(names, values, strict=True))


def format_hundredths(value: int) -> str:
    """Write hundredths with two decimals: 7908 -> ``"79.08"``, -5 -> ``"-0.05"``."""
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(value), 100)
    return f"{sign}{whole}.{cents:02d}"
