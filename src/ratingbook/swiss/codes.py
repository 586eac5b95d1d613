"""The words of a Swiss event: result spellings, bye kinds, FIDE tie-break codes, points.

The one home of what a ``Result`` cell of ``Swiss Games`` may say (games, forfeits and the four
kinds of bye, with TRF's letters accepted), of the FIDE tie-break codes an event may list, and of
the points each result is worth. :mod:`ratingbook.swiss.event` builds the event from these;
:mod:`ratingbook.swiss.trf` maps them to TRF letters. Pure.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.errors import InvalidResultError, InvalidValueError, Location

__all__ = [
    "BYE_RESULT_HELP",
    "DEFAULT_TIEBREAKS",
    "GAME_RESULT_HELP",
    "TIEBREAK_CODES",
    "Scoring",
    "SwissResult",
    "parse_swiss_result",
    "parse_tiebreaks",
]


class SwissResult(enum.Enum):
    """What one row of ``Swiss Games`` records: a game's result or the kind of a bye."""

    WHITE_WINS = "1-0"
    """White won the game over the board."""

    BLACK_WINS = "0-1"
    """Black won the game over the board."""

    DRAW = "½-½"
    """The game was drawn."""

    WHITE_WINS_BY_FORFEIT = "+/-"
    """Black did not play: White scores a win, nobody played (TRF ``+`` / ``-``)."""

    BLACK_WINS_BY_FORFEIT = "-/+"
    """White did not play: Black scores a win, nobody played."""

    DOUBLE_FORFEIT = "-/-"
    """Neither player turned up: both score zero."""

    PAIRING_BYE = "PAB"
    """Pairing-allocated bye (TRF ``U``): the odd player out, written by the pairing."""

    HALF_POINT_BYE = "HPB"
    """Half-point bye the player asked for (TRF ``H``)."""

    FULL_POINT_BYE = "FPB"
    """Full-point bye (TRF ``F``)."""

    ZERO_POINT_BYE = "ZPB"
    """Zero-point bye: a requested or known absence (TRF ``Z``)."""

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"SwissResult.{self.name}"

    @property
    def is_bye(self) -> bool:
        """A bye: the row has no opponent."""
        return self in _BYES

    @property
    def is_played(self) -> bool:
        """A game played over the board (not a forfeit, not a bye)."""
        return self in (SwissResult.WHITE_WINS, SwissResult.BLACK_WINS, SwissResult.DRAW)

    @property
    def is_requested_bye(self) -> bool:
        """A bye entered before pairing (half-, full- or zero-point), not the pairing's own."""
        return self in _BYES and self is not SwissResult.PAIRING_BYE


_BYES = frozenset(
    {
        SwissResult.PAIRING_BYE,
        SwissResult.HALF_POINT_BYE,
        SwissResult.FULL_POINT_BYE,
        SwissResult.ZERO_POINT_BYE,
    }
)

# --- result spellings (the one home) -----------------------------------------------------------

_GAME_SPELLINGS: dict[str, SwissResult] = {}
_texts: tuple[str, ...]
for _texts, _result in (
    (("1-0", "1:0"), SwissResult.WHITE_WINS),
    (("0-1", "0:1"), SwissResult.BLACK_WINS),
    (("½-½", "1/2-1/2", "0.5-0.5", ",5-,5", "0,5-0,5", "½:½", "=", "draw"), SwissResult.DRAW),
    (("+/-", "+-", "+:-", "1f-0f", "1-0f", "1-0ff"), SwissResult.WHITE_WINS_BY_FORFEIT),
    (("-/+", "-+", "-:+", "0f-1f", "0-1f", "0-1ff"), SwissResult.BLACK_WINS_BY_FORFEIT),
    (("-/-", "--", "-:-", "0f-0f", "0-0f", "0-0ff"), SwissResult.DOUBLE_FORFEIT),
):
    for _text in _texts:
        _GAME_SPELLINGS[_text] = _result

_BYE_SPELLINGS: dict[str, SwissResult] = {}
for _texts, _result in (
    (("pab", "u", "bye", "pairing bye", "pairing-allocated bye"), SwissResult.PAIRING_BYE),
    (("hpb", "h", "½", "0.5", "1/2", "half", "half-point bye"), SwissResult.HALF_POINT_BYE),
    (("fpb", "f", "1", "full", "full-point bye"), SwissResult.FULL_POINT_BYE),
    (("zpb", "z", "0", "-", "zero", "absent", "zero-point bye"), SwissResult.ZERO_POINT_BYE),
):
    for _text in _texts:
        _BYE_SPELLINGS[_text] = _result

GAME_RESULT_HELP = "1-0, 0-1, ½-½, +/- , -/+ or -/- (forfeits)"
BYE_RESULT_HELP = "PAB (pairing bye, U), HPB (half point, H), FPB (full point, F) or ZPB (zero, Z)"


def _key(value: str) -> str:
    return "".join(value.split()).replace("–", "-").replace("−", "-").casefold()


def parse_swiss_result(
    value: object, where: Location | None = None, *, bye_row: bool, column: str = "Result"
) -> SwissResult | None:
    """Read a ``Result`` cell of ``Swiss Games``; an empty cell is a game not yet played (None).

    On a bye row (``Black`` is ``BYE``) only a bye value is accepted, on a game row only a game
    result or a forfeit; the other kind is an error naming the cell.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        if bye_row:
            raise InvalidResultError(f"a bye row needs its kind: {BYE_RESULT_HELP}", where, column)
        return None
    if isinstance(value, bool):
        key = ""
    elif isinstance(value, int | float):
        key = _key(
            repr(value) if isinstance(value, float) and not value.is_integer() else str(int(value))
        )
    else:
        key = _key(str(value))
    if bye_row:
        result = _BYE_SPELLINGS.get(key)
        if result is None:
            hint = " (a game result on a bye row)" if key in _GAME_SPELLINGS else ""
            raise InvalidResultError(
                f"{value!r} is not a bye{hint}; a bye row takes {BYE_RESULT_HELP}", where, column
            )
        return result
    result = _GAME_SPELLINGS.get(key)
    if result is None:
        hint = (
            " (a bye needs Black = BYE)" if key in _BYE_SPELLINGS and key not in ("0", "1") else ""
        )
        raise InvalidResultError(
            f"unknown result {value!r}{hint}; expected {GAME_RESULT_HELP}", where, column
        )
    return result


# --- tie-break codes (the one home) ------------------------------------------------------------

#: The FIDE tie-break codes (C.07, 2024 and 2026 editions) an event may list, and whether the
#: code takes a cut / median modifier (``/C1``, ``/M1``).
TIEBREAK_CODES: Mapping[str, bool] = {
    "BH": True,  # Buchholz
    "FB": True,  # Fore Buchholz
    "SB": True,  # Sonneborn-Berger
    "AOB": False,  # Average of opponents' Buchholz
    "ARO": True,  # Average rating of opponents
    "TPR": False,  # Tournament performance rating
    "PTP": False,  # Perfect tournament performance
    "APRO": False,  # Average of opponents' TPR
    "APPO": False,  # Average of opponents' PTP
    "DE": False,  # Direct encounter
    "WIN": False,  # Number of wins (incl. unplayed)
    "WON": False,  # Number of games won over the board
    "BPG": False,  # Number of games played with Black
    "BWG": False,  # Number of games won with Black
    "REP": False,  # Rounds one elected to play
    "PS": True,  # Progressive scores (cut)
    "KS": False,  # Koya system
}

#: What the template proposes (FIDE C.07 2024 art. 13.1 list for individual Swiss events).
DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")

_CODE = re.compile(r"^([A-Z]+)(?:[/#-]([CM])(\d))?$")


def parse_tiebreaks(
    value: object, where: Location | None = None, column: str = "Value"
) -> tuple[str, ...]:
    """FIDE codes in order, separated by spaces, commas or semicolons: ``BH/C1 BH SB DE``.

    Spellings are normalised (``bh-c1`` -> ``BH/C1``). An unknown code, or a modifier on a code
    that takes none, is an error naming the cell and the code.
    """
    raw = "" if value is None else str(value)
    codes: list[str] = []
    for token in re.split(r"[\s,;]+", raw.strip()):
        if not token:
            continue
        match = _CODE.match(token.upper())
        if match is None or match.group(1) not in TIEBREAK_CODES:
            known = ", ".join(TIEBREAK_CODES)
            raise InvalidValueError(
                f"unknown tie-break code {token!r}; expected FIDE codes among {known} "
                "(BH, FB, SB, ARO and PS take /C1 or /M1)",
                where,
                column,
            )
        base = match.group(1)
        if match.group(2) and not TIEBREAK_CODES[base]:
            raise InvalidValueError(
                f"tie-break {base} takes no cut or median modifier (in {token!r})", where, column
            )
        code = base + (f"/{match.group(2)}{match.group(3)}" if match.group(2) else "")
        if code in codes:
            raise InvalidValueError(f"tie-break {code} is listed twice", where, column)
        codes.append(code)
    return tuple(codes)


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for a win, a draw and a pairing-allocated bye (FIDE default 1, ½, 1)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    pairing_bye: Fraction = Fraction(1)

    def points(self, result: SwissResult | None) -> tuple[Fraction, Fraction]:
        """White's and Black's points for a row (a bye's are White's; Black's is 0)."""
        zero = Fraction(0)
        table = {
            SwissResult.WHITE_WINS: (self.win, zero),
            SwissResult.BLACK_WINS: (zero, self.win),
            SwissResult.DRAW: (self.draw, self.draw),
            SwissResult.WHITE_WINS_BY_FORFEIT: (self.win, zero),
            SwissResult.BLACK_WINS_BY_FORFEIT: (zero, self.win),
            SwissResult.DOUBLE_FORFEIT: (zero, zero),
            SwissResult.PAIRING_BYE: (self.pairing_bye, zero),
            SwissResult.HALF_POINT_BYE: (self.draw, zero),
            SwissResult.FULL_POINT_BYE: (self.win, zero),
            SwissResult.ZERO_POINT_BYE: (zero, zero),
        }
        return table[result] if result is not None else (zero, zero)
