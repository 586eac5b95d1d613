"""The Crikey club's Rating Points Exchange (seed 000), in exact hundredths.

Ratings have two decimals. They are held as integers counting hundredths (76.91 -> 7691), so no
binary float ever touches a rating and every result is exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from ratingbook.errors import (
    InvalidValueError,
    Location,
    SelfPlayError,
    UnknownPlayerError,
)
from ratingbook.results import Result

__all__ = [
    "CrikeyGame",
    "crikey_exchange",
    "crikey_tournament",
    "format_hundredths",
    "parse_hundredths",
    "replay_crikey",
]

# seed 000, step 1: White "will be treated as though she is three (3) points stronger".
WHITE_HANDICAP = 300
# seed 000, step 3: RPE is 1 - CE (higher-rated wins) or 1 + CE (lower-rated wins).
ONE_POINT = 100
# No rating is anywhere near 10^15; beyond it a number is a typo (and "1e400000000" would make
# Decimal arithmetic overflow or build a gigantic integer).
MAX_DIGITS = 15
_RESULT_INDEX = {Result.WHITE_WINS: 0, Result.BLACK_WINS: 1, Result.DRAW: 2}


def core_exchange(gap: int) -> int:
    """CE = rating gap / 10, rounded half-up to 2 decimals, all in hundredths (seed 000, step 2).

    >>> core_exchange(355)   # 3.55 / 10 = 0.355 -> 0.36
    36
    """
    # gap >= 0 always; (gap + 5) // 10 rounds the third decimal half-up.
    return (gap + 5) // 10


def crikey_exchange(
    white: int, black: int, result: Result, white_pieces: int, black_pieces: int
) -> int:
    """The hundredths White gains in one game (negative: White loses them); Black gets the opposite.

    Implements seed 000 literally, including where it surprises: with a gap over 10.00 the
    favourite's RPE ``1 - CE`` is negative, so the favourite *loses* points by winning.

    >>> crikey_exchange(7691, 7636, Result.BLACK_WINS, 20, 15)   # the seed's Alice vs Bob
    -272
    """
    white_eff = white + WHITE_HANDICAP
    gap = abs(white_eff - black)
    ce = core_exchange(gap)
    if result is Result.DRAW:
        # step 3c: the higher-rated gives CE to the lower-rated; equal ratings: no change.
        # step 4: the pieces rule does not apply to draws.
        if white_eff > black:
            return -ce
        return ce if white_eff < black else 0
    white_won = result is Result.WHITE_WINS
    winner, loser = (white_eff, black) if white_won else (black, white_eff)
    # step 3a/3b: "1 CE" in the seed lost its minus sign; its example gives 1 - 0.36 = 0.64.
    # Equal ratings: CE = 0, so either formula gives 1.00.
    rpe = ONE_POINT - ce if winner >= loser else ONE_POINT + ce
    winner_pieces, loser_pieces = (
        (white_pieces, black_pieces) if white_won else (black_pieces, white_pieces)
    )
    if winner_pieces < loser_pieces:
        # step 4: "if the winning side is left with crikey pieces of total value less than
        # those of the losing side, then the RPE calculated above is then doubled".
        rpe *= 2
    return rpe if white_won else -rpe


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

    The fast inner loop of :func:`crikey_tournament` for already validated games; result index is
    0 for White won, 1 for White lost, 2 for a draw. Updates ``ratings`` in place. When both
    indices are the same player (the judge format allows it) the two updates cancel out.
    """
    for w, b, r, wp, bp in games:
        white_eff = ratings[w] + 300
        black = ratings[b]
        gap = white_eff - black
        if gap < 0:
            gap = -gap
        ce = (gap + 5) // 10
        if r == 2:
            gain = -ce if white_eff > black else (ce if white_eff < black else 0)
        elif r == 0:
            gain = 100 - ce if white_eff >= black else 100 + ce
            if wp < bp:
                gain *= 2
        else:
            gain = 100 - ce if black >= white_eff else 100 + ce
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
        if game.white == game.black and not allow_self_play:
            raise SelfPlayError(f"player {game.white!r} cannot play themself", game.where, "Black")
        found: list[int] = []
        for column, name in (("White", game.white), ("Black", game.black)):
            i = index.get(name)
            if i is None:
                raise UnknownPlayerError(f"{name!r} is not on the player list", game.where, column)
            found.append(i)
        for column, pieces in (
            ("White Pieces", game.white_pieces),
            ("Black Pieces", game.black_pieces),
        ):
            if isinstance(pieces, bool) or not isinstance(pieces, int):
                raise InvalidValueError(
                    f"piece value {pieces!r} is not a whole number", game.where, column
                )
        moves.append(
            (found[0], found[1], _RESULT_INDEX[game.result], game.white_pieces, game.black_pieces)
        )
    values = [ratings[name] for name in names]
    replay_crikey(values, moves)
    return dict(zip(names, values, strict=True))


def parse_hundredths(
    value: object, where: Location | None = None, column: str | None = "Rating"
) -> int:
    """Read a rating with at most two decimals into hundredths: ``"76.91"`` -> 7691.

    Accepts text and numbers (a spreadsheet's 76.91 arrives as a float: its shortest decimal
    form is used, never its binary expansion). More than two decimals is an error, not rounded.
    """
    if isinstance(value, bool) or value is None or value == "":
        shown = "an empty cell" if value is None or value == "" else repr(value)
        raise InvalidValueError(f"rating {shown} is not a number", where, column)
    try:
        if isinstance(value, float):
            number = Decimal(repr(value))
        elif isinstance(value, int | Decimal):
            number = Decimal(value)
        elif isinstance(value, str):
            number = Decimal(value.strip())
        else:
            raise InvalidOperation
    except InvalidOperation:
        raise InvalidValueError(f"rating {value!r} is not a number", where, column) from None
    if not number.is_finite():
        raise InvalidValueError(f"rating {value!r} is not a number", where, column)
    if number and number.adjusted() > MAX_DIGITS:
        raise InvalidValueError(f"rating {value!r} is too large", where, column)
    scaled = number * 100
    if scaled != scaled.to_integral_value():
        raise InvalidValueError(f"rating {value!r} has more than two decimals", where, column)
    return int(scaled)


def format_hundredths(value: int) -> str:
    """Write hundredths with two decimals: 7908 -> ``"79.08"``, -5 -> ``"-0.05"``."""
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(value), 100)
    return f"{sign}{whole}.{cents:02d}"
