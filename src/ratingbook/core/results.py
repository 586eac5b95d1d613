"""Game results and the spellings each system accepts for them: the one home of both.

A result is who won (or a draw), seen from the board. Every way of writing one that ratingbook
accepts, in sheets, worksheet functions and text formats, is listed here; cells.py adds what
is common to every cell (empty, never calculated, Excel errors).
"""

from __future__ import annotations

import enum

from ratingbook.errors import InvalidResultError, Location

__all__ = [
    "CRIKEY_RESULTS_EXPECTED",
    "CRIKEY_WORDS",
    "LADDER_RESULTS_EXPECTED",
    "LADDER_RESULT_SPELLINGS",
    "Result",
    "crikey_result_or_none",
    "ladder_result_or_none",
    "parse_crikey_result",
    "parse_ladder_result",
]


class Result(enum.Enum):
    """The outcome of one game, seen from the board: who won, or a draw."""

    WHITE_WINS = "1-0"
    """White won the game."""

    BLACK_WINS = "0-1"
    """Black won the game."""

    DRAW = "½-½"
    """The game was drawn."""

    # Members are singletons, so identity is their hash; object's C-level hash keeps dictionary
    # lookups keyed by a result fast (Enum's own __hash__ is Python code, hashing the name).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Result.{self.name}"

    @property
    def white_score(self) -> float:
        """White's score: 1, ½ or 0."""
        return {Result.WHITE_WINS: 1.0, Result.BLACK_WINS: 0.0, Result.DRAW: 0.5}[self]


# seed 001: the Access table holds "(1-0)" and draws; SPEC: "(0-1)" is a black win (a deliberate,
# documented difference from the VBA, which made everything but "(1-0)" a draw), "(½-½)" and
# "(1/2-1/2)" are draws, brackets optional. Anything else is an error, never a silent draw.
_LADDER_RESULTS = (
    ("1-0", Result.WHITE_WINS),
    ("0-1", Result.BLACK_WINS),
    ("½-½", Result.DRAW),
    ("1/2-1/2", Result.DRAW),
)

#: The ladder's results as the Access table writes them, in brackets: ``(1-0)`` first.
LADDER_RESULT_SPELLINGS: tuple[str, ...] = tuple(f"({text})" for text, _ in _LADDER_RESULTS)

_LADDER_SPELLINGS: dict[str, Result] = {
    spelling: result for text, result in _LADDER_RESULTS for spelling in (text, f"({text})")
}


#: What a ladder result cell may hold, as error messages say it.
LADDER_RESULTS_EXPECTED = f"one of {', '.join(LADDER_RESULT_SPELLINGS)}"


def ladder_result_or_none(value: object) -> Result | None:
    """The ladder result ``value`` spells, or None. Brackets are optional, spaces are ignored,
    and an en dash or minus sign typed for the hyphen is accepted."""
    if isinstance(value, str):
        result = _LADDER_SPELLINGS.get(value)  # typed exactly so: no need to clean it up
        if result is None:
            key = "".join(value.split()).replace("–", "-").replace("−", "-")
            result = _LADDER_SPELLINGS.get(key)
        return result
    return None


def parse_ladder_result(
    value: object, where: Location | None = None, column: str | None = "Result"
) -> Result:
    """Read a ladder result: ``(1-0)``, ``(0-1)``, ``(½-½)`` or ``(1/2-1/2)``.

    Brackets are optional, surrounding spaces and spaces inside are ignored, and an en dash or
    minus sign typed for the hyphen is accepted. Anything else (including an empty cell) raises
    :class:`InvalidResultError`.
    """
    result = ladder_result_or_none(value)
    if result is None:
        raise InvalidResultError(_unknown(value, LADDER_RESULTS_EXPECTED), where, column)
    return result


def _unknown(value: object, expected: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return f"the result is empty; expected {expected}"
    return f"unknown result {value!r}; expected {expected}"


# seed 000: "the third string is the white player's result (lost, drew, or won)".
_CRIKEY_SPELLINGS = {"won": Result.WHITE_WINS, "lost": Result.BLACK_WINS, "drew": Result.DRAW}


#: What White's Crikey result may be, as error messages say it.
CRIKEY_RESULTS_EXPECTED = "won, drew or lost (White's result)"

#: White's result as the Crikey sheets and the judge format spell it.
CRIKEY_WORDS = {result: word for word, result in _CRIKEY_SPELLINGS.items()}


def crikey_result_or_none(value: object) -> Result | None:
    """White's Crikey result ``value`` spells (any case, spaces around ignored), or None."""
    if isinstance(value, str):
        return _CRIKEY_SPELLINGS.get(value.strip().lower())
    return None


def parse_crikey_result(
    value: object, where: Location | None = None, column: str | None = "Result"
) -> Result:
    """Read White's Crikey result: ``won``, ``drew`` or ``lost`` (any case, spaces ignored)."""
    result = crikey_result_or_none(value)
    if result is None:
        raise InvalidResultError(_unknown(value, CRIKEY_RESULTS_EXPECTED), where, column)
    return result
