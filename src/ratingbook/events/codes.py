"""The words of a Swiss event: result spellings, bye kinds, FIDE tie-break codes, points.

The one home of what a ``Result`` cell of ``Swiss Games`` may say (games, forfeits and the four
kinds of bye, with TRF's letters accepted), of the FIDE tie-break codes an event may list, and of
the points each result is worth. :mod:`ratingbook.events.event` builds the event from these;
:mod:`ratingbook.trf.exporter` maps them to TRF letters. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.errors import InvalidValueError, Location

__all__ = [
    "DEFAULT_TIEBREAKS",
    "K_VALUES",
    "RATING_KINDS",
    "TIEBREAKS",
    "TIEBREAK_CODES",
    "TIEBREAK_NAMES",
    "Scoring",
    "parse_tiebreaks",
]


# --- FIDE rating (the one home of its words) ---------------------------------------------------

#: The K values FIDE's rating list gives a player (B.02 8.3.3).
K_VALUES = (40, 20, 10)
#: The rating lists an event can be rated for (the ``FIDE Rated`` setting).
RATING_KINDS = ("Standard", "Rapid", "Blitz")


# --- tie-break codes (the one home) ------------------------------------------------------------

#: The FIDE tie-break codes (C.07, 2024 and 2026 editions) an event may list: what each is, in
#: words (C.07 art. 5's list, for the notes), and whether it takes a cut / median modifier
#: (``/C1``, ``/M1``).
TIEBREAKS: Mapping[str, tuple[str, bool]] = {
    "BH": ("Buchholz", True),
    "FB": ("fore-Buchholz", True),
    "SB": ("Sonneborn-Berger", True),
    "AOB": ("average of opponents' Buchholz", False),
    "ARO": ("average rating of opponents", True),
    "TPR": ("tournament performance rating", False),
    "PTP": ("perfect tournament performance", False),
    "APRO": ("average of opponents' tournament performance ratings", False),
    "APPO": ("average of opponents' perfect tournament performances", False),
    "DE": ("direct encounter", False),
    "WIN": ("wins", False),  # including unplayed wins
    "WON": ("games won over the board", False),
    "BPG": ("games with Black", False),
    "BWG": ("wins with Black", False),
    "REP": ("rounds elected to play", False),
    "PS": ("progressive scores", True),
    "KS": ("Koya", False),
}
#: Whether each code takes a cut / median modifier.
TIEBREAK_CODES: Mapping[str, bool] = {code: cut for code, (_, cut) in TIEBREAKS.items()}
#: Each code's name in words; PTS (the points themselves) is not a tie-break one lists, but
#: the notes name it when a table shows it.
TIEBREAK_NAMES: Mapping[str, str] = {
    **{code: name for code, (name, _) in TIEBREAKS.items()},
    "PTS": "points",
}

#: What the template proposes (FIDE C.07 2024 art. 13.1 list for individual Swiss events).
DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")

_CODE = re.compile(r"^([A-Z]+)(?:[/#-]([CM])(\d))?$")


def parse_tiebreaks(
    value: object, where: Location | None = None, column: str = fields.VALUE
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

    def points(self, result: Result | None) -> tuple[Fraction, Fraction]:
        """White's and Black's points for a row (a bye's are White's; Black's is 0)."""
        zero = Fraction(0)
        table = {
            Result.WHITE_WINS: (self.win, zero),
            Result.BLACK_WINS: (zero, self.win),
            Result.DRAW: (self.draw, self.draw),
            Result.WHITE_WINS_BY_FORFEIT: (self.win, zero),
            Result.BLACK_WINS_BY_FORFEIT: (zero, self.win),
            Result.DOUBLE_FORFEIT: (zero, zero),
            Result.PAIRING_BYE: (self.pairing_bye, zero),
            Result.HALF_POINT_BYE: (self.draw, zero),
            Result.FULL_POINT_BYE: (self.win, zero),
            Result.ZERO_POINT_BYE: (zero, zero),
        }
        return table[result] if result is not None else (zero, zero)
