"""Typed cell readers: what a cell's value means, and every message about a cell that is wrong.

Everything that decides how one value typed into a spreadsheet (or passed to a worksheet
function) is read lives here: a number, a whole number, a rating in hundredths, a score, a
ladder or Crikey result, yes/no, a piece of text; and what is never any of them: an empty cell
where a value is needed, an Excel error (``#N/A``), a date where a number belongs, NaN or
infinity (a file can hold them, Excel cannot), and a formula whose value was never calculated.
The family planners and the worksheet functions read every cell through these, so the same
mistake gets the same message everywhere. The spellings of results are in :mod:`results`;
the game-level rules (self-play, points, ranks) in :mod:`rules`.

Each reader takes the value, where it came from (``where``: sheet and Excel row, ``column``: the
field) and returns a plain value or raises :class:`~ratingbook.errors.InvalidValueError`. A
worksheet function has no cell to name: it passes ``name`` (the argument's name), which starts
the message instead (``rating 'abc' is not a number``).
"""

from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import NoReturn

from ratingbook.core import fields
from ratingbook.core.results import (
    CRIKEY_RESULTS_EXPECTED,
    LADDER_RESULTS_EXPECTED,
    Result,
    crikey_result_or_none,
    ladder_result_or_none,
    parse_crikey_result,
    parse_ladder_result,
)
from ratingbook.errors import InvalidValueError, Location

__all__ = [
    "BOARD",
    "EXCEL_ERRORS",
    "EXCEL_NOISE",
    "FIDE_ID",
    "GROUP_RATING",
    "K_FACTOR",
    "MAX_DIGITS",
    "NEVER_CALCULATED",
    "PIECES",
    "PLAYER_ID",
    "RATING",
    "ROUND",
    "ROUNDS",
    "START_NUMBER",
    "Bounds",
    "Uncalculated",
    "crikey_result",
    "excel_value",
    "flag",
    "hundredths",
    "is_blank",
    "ladder_result",
    "number",
    "score",
    "text",
    "whole_number",
    "whole_number_or_none",
]


class Uncalculated(str):
    """A formula cell whose value was never calculated (the file was not saved by Excel).

    Adapters put one in a grid instead of a silent empty value; reading it is an error.
    """

    __slots__ = ()


#: The one message for a formula whose value the file does not hold, in every family and column.
NEVER_CALCULATED = "never calculated; open and save the file in Excel or LibreOffice"

# What Excel shows for a cell holding an error; every adapter hands them over as these strings.
EXCEL_ERRORS = frozenset(
    {
        "#NULL!",
        "#DIV/0!",
        "#VALUE!",
        "#REF!",
        "#NAME?",
        "#NUM!",
        "#N/A",
        "#GETTING_DATA",
        "#SPILL!",
        "#CALC!",
        "#FIELD!",
        "#BLOCKED!",
        "#CONNECT!",
        "#BUSY!",
        "#UNKNOWN!",
    }
)

# No value ratingbook reads has more digits than this before the decimal point (no rating is
# near 10^15); beyond it a number is a typo, and text such as "1e400000000" would make exact
# decimal arithmetic build a gigantic integer.
MAX_DIGITS = 15


# Excel arithmetic is binary floating point: =89.90+0.01 gives 89.91000000000001, and a SUM of
# 120,000 cells holding 0.01 gives 1199.9999999990537 (every step rounds; the errors add up). A
# number this close to a whole or two-decimal value, relative to that value (never less than
# 1e-9 near 0), is that value: Excel shows 15 significant digits, so the user sees that value.
# 1e-9 is about 10^7 units in the last place, room for long sums; it is capped at a thousandth of
# the step (0.00001 for two decimals) so that for large values too it stays far below the 0.005
# that makes 89.915 a real third decimal. Every reader of whole or two-decimal numbers uses it.
EXCEL_NOISE = 1e-9
_NOISE = Decimal(EXCEL_NOISE)
_GRID = {0: Decimal(1), 2: Decimal("0.01")}
_CAP = {decimals: step / 1000 for decimals, step in _GRID.items()}
_ALL_WHOLE = 2.0**52  # every float this large or larger is a whole number
_EXACT = 2**53  # below this, every whole number is exact in a spreadsheet's doubles


def excel_value(number: float, decimals: int) -> Decimal | None:
    """The value with at most ``decimals`` decimals (0 or 2) that the float ``number`` is, Excel's
    arithmetic noise aside (see :data:`EXCEL_NOISE`); None when it has more decimals than that."""
    if not math.isfinite(number):
        return None
    if abs(number) >= _ALL_WHOLE:
        return Decimal(int(number))
    exact = Decimal(repr(number))
    nearest = exact.quantize(_GRID[decimals])
    tolerance = min(_NOISE * max(abs(nearest), Decimal(1)), _CAP[decimals])
    if abs(exact - nearest) <= tolerance:
        return nearest
    return None


def _snapped_whole(number: float) -> int | None:
    """The whole number the float ``number`` is, Excel's arithmetic noise aside, else None."""
    if number.is_integer():
        return int(number)
    whole = excel_value(number, 0)
    return None if whole is None else int(whole)


# --- sane bounds ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bounds:
    """The range a field's value can sanely take; beyond it the value is a typo (or an attack).

    Every reader of the field (sheets, worksheet functions, the Elo engine) checks the same
    bounds, so the same number gets the same answer everywhere.
    """

    noun: str
    low: int
    high: int

    def check(
        self,
        number: float | Decimal | Fraction,
        shown: object,
        where: Location | None = None,
        column: str | None = None,
        name: str | None = None,
    ) -> None:
        """Raise :class:`InvalidValueError` for ``number`` (typed as ``shown``) out of range."""
        if number > self.high:
            raise InvalidValueError(
                f"{_quoted(shown, name)} is too large for {self.noun} (at most {self.high:,})",
                where,
                column,
            )
        if number < self.low:
            raise InvalidValueError(
                f"{_quoted(shown, name)} is too small for {self.noun} (at least {self.low:,})",
                where,
                column,
            )


# The sane bounds of every number ratingbook reads (README, "Bad input", lists them). None of
# them is near 2^53, so every value in range is exact in a spreadsheet's doubles.
#: Any rating: Elo (the best players are near 2,900), ladder, StWkPerm, Crikey (two decimals).
#: Generous on purpose: a what-if with ratings a million apart is still computed.
RATING = Bounds("a rating", -10_000_000, 10_000_000)
#: A camp group's Initial Ladder Rating: where each week's weekly ratings start.
GROUP_RATING = Bounds("a group's initial rating", 0, 10_000_000)
#: Elo's K, the most one game can change a rating (FIDE uses 10 to 40).
K_FACTOR = Bounds("K", 0, 1_000)
#: A Crikey side's remaining piece value (a full chess army is 39; promotions add at most 64).
PIECES = Bounds("a piece value", 0, 1_000)
#: A ladder player's ID (the Access table's ID is a Long Integer).
PLAYER_ID = Bounds("a player ID", 0, 2_147_483_647)
#: A Swiss event's planned rounds and a game's round (the longest real events have ~20).
ROUNDS = Bounds("a number of rounds", 1, 1_000)
ROUND = Bounds("a round number", 1, 1_000)
#: A game's board number (a Swiss event of 200,000 players has 100,000 boards).
BOARD = Bounds("a board number", 1, 100_000)
#: A FIDE ID (TRF gives it 11 digits).
FIDE_ID = Bounds("a FIDE ID", 1, 99_999_999_999)
START_NUMBER = Bounds("a start number", 1, 100_000)


def is_blank(value: object) -> bool:
    """An empty cell: nothing, or text that is only spaces."""
    return value is None or (isinstance(value, str) and not value.strip())


def _subject(name: str | None) -> str:
    return name if name else "the cell"


def _quoted(value: object, name: str | None) -> str:
    return f"{name} {value!r}" if name else repr(value)


def _special(
    value: object, where: Location | None, column: str | None, what: str, name: str | None
) -> None:
    """Reject what is never a value of any kind: see the module docstring."""
    if isinstance(value, Uncalculated):
        raise InvalidValueError(f"the formula {str(value)!r} was {NEVER_CALCULATED}", where, column)
    if isinstance(value, float) and not math.isfinite(value):
        # NaN and infinity: Excel cannot hold them, but a file can (python-calamine reads
        # <v>NaN</v> as nan and a 400-digit number as inf; openpyxl reads <v>1e999</v> as inf).
        # Decided here, once, whichever adapter read the cell: never a player called "nan".
        problem = "is not a number" if math.isnan(value) else "is too large"
        raise InvalidValueError(f"{_quoted(value, name)} {problem}; expected {what}", where, column)
    if isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS:
        raise InvalidValueError(
            f"{_subject(name)} holds the Excel error {value.strip()!r} where {what} belongs",
            where,
            column,
        )
    if isinstance(value, _dt.date | _dt.time | _dt.timedelta):
        raise InvalidValueError(
            f"{_subject(name)} holds the date/time {value!s} where {what} belongs "
            "(is the cell formatted as a date?)",
            where,
            column,
        )
    if isinstance(value, bool):
        raise InvalidValueError(f"{_quoted(value, name)} is not {what}", where, column)


def _empty(where: Location | None, column: str | None, what: str, name: str | None) -> NoReturn:
    raise InvalidValueError(f"{_subject(name)} is empty; expected {what}", where, column)


def _decimal(text: str) -> Decimal | None:
    """Text as an exact finite decimal of sane size, or None."""
    try:
        number = Decimal(text.strip())
    except InvalidOperation:
        return None
    if not number.is_finite() or (number and number.adjusted() > MAX_DIGITS):
        return None
    return number


def _too_large(number: int | float | Decimal) -> bool:
    """Beyond what any spreadsheet cell holds (Excel's numbers are doubles): such a number only
    comes from text, and could not be written back."""
    try:
        return not math.isfinite(float(number))  # a huge Decimal gives inf, a huge int raises
    except OverflowError:
        return True


# --- numbers -----------------------------------------------------------------------------------


def number(
    value: object,
    where: Location | None = None,
    column: str | None = None,
    what: str = "a number",
    *,
    name: str | None = None,
    bounds: Bounds | None = None,
) -> int | float:
    """A finite number: 1613, 1613.0 (-> 1613), 1613.5, or the text "1613"; whole values as int.

    With ``bounds``, a number outside them is an error naming them.
    """
    _special(value, where, column, what, name)
    if is_blank(value):
        _empty(where, column, what, name)
    result: int | float | None = None
    if isinstance(value, int):
        result = value if not _too_large(value) else None
    elif isinstance(value, float):
        whole = _snapped_whole(value)
        result = value if whole is None else whole
    elif isinstance(value, str | Decimal):
        try:
            parsed = float(value.strip() if isinstance(value, str) else value)
        except (ValueError, OverflowError):
            parsed = math.nan
        if math.isfinite(parsed):
            result = int(parsed) if parsed.is_integer() else parsed
        elif not math.isnan(parsed):
            raise InvalidValueError(
                f"{_quoted(value, name)} is too large; expected {what}", where, column
            )
    if result is None:
        raise InvalidValueError(
            f"{_quoted(value, name)} is not a number; expected {what}", where, column
        )
    if bounds is not None:
        bounds.check(result, value, where, column, name)
    return result


def whole_number(
    value: object,
    where: Location | None = None,
    column: str | None = None,
    what: str = "a whole number",
    *,
    name: str | None = None,
    low: int | None = None,
    bounds: Bounds | None = None,
) -> int:
    """A whole number: 1200, 1200.0 or the text "1200"; anything else is an error at its cell.

    With ``low``, a smaller number is an error saying what was expected; with ``bounds``, a
    number outside them is an error naming them. Without bounds, 2^53 or more (in size) is
    still too large: a spreadsheet cannot hold every such whole number exactly.
    """
    # The common case first: a plain int (or whole float) in range is the answer as it is.
    if value.__class__ is int or (value.__class__ is float and value.is_integer()):
        whole = int(value)
        if (
            -_EXACT < whole < _EXACT
            and (low is None or whole >= low)
            and (bounds is None or bounds.low <= whole <= bounds.high)
        ):
            return whole

    _special(value, where, column, what, name)
    if is_blank(value):
        _empty(where, column, what, name)
    number: float | int | Decimal
    if isinstance(value, int):
        if _too_large(value):
            raise InvalidValueError(
                f"{_quoted(value, name)} is too large; expected {what}", where, column
            )
        number = value
    elif isinstance(value, float):
        snapped = _snapped_whole(value)
        number = value if snapped is None else snapped
    elif isinstance(value, Decimal):
        number = value
    elif isinstance(value, str):
        try:
            number = Decimal(value.strip())
        except ArithmeticError:
            raise InvalidValueError(
                f"{_quoted(value, name)} is not a number; expected {what}", where, column
            ) from None
    else:
        raise InvalidValueError(
            f"{_quoted(value, name)} is not a number; expected {what}", where, column
        )
    if isinstance(number, Decimal) and not number.is_finite():
        raise InvalidValueError(
            f"{_quoted(value, name)} is not a number; expected {what}", where, column
        )
    # Checked before int(): the text "1e99999999" would become a 100-million-digit integer.
    if _too_large(number):
        raise InvalidValueError(
            f"{_quoted(value, name)} is too large; expected {what}", where, column
        )
    if number != int(number):
        raise InvalidValueError(
            f"{_quoted(value, name)} is not a whole number; expected {what}", where, column
        )
    whole = int(number)
    if low is not None and whole < low:
        raise InvalidValueError(f"{_quoted(value, name)} must be {what}", where, column)
    if bounds is not None:
        bounds.check(whole, value, where, column, name)
    if not -_EXACT < whole < _EXACT:
        # A field without bounds of its own (a round, a seed): from 2^53 on, a spreadsheet's
        # doubles skip whole numbers, so the cell may not hold what was typed (issue 10).
        raise InvalidValueError(
            f"{_quoted(value, name)} is too large; expected {what}", where, column
        )
    return whole


def whole_number_or_none(value: object) -> int | None:
    """A whole number kept as it is (an inactive player's rating), else None: never an error."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return _snapped_whole(value)
    return None


def hundredths(
    value: object,
    where: Location | None = None,
    column: str | None = None,
    what: str = "a rating with at most two decimals",
    *,
    name: str | None = "rating",
    bounds: Bounds = RATING,
) -> int:
    """A rating with at most two decimals, in hundredths: ``"76.91"`` or 76.91 -> 7691.

    A spreadsheet's 76.91 arrives as a float: its shortest decimal form is used, never its
    binary expansion. More than two decimals is an error, not rounded.
    """
    _special(value, where, column, what, name)
    if is_blank(value):
        _empty(where, column, what, name)
    exact: Decimal | None
    if isinstance(value, float):
        exact = excel_value(value, 2) if math.isfinite(value) else None
        if exact is None:
            exact = Decimal(repr(value))
    elif isinstance(value, int | Decimal):
        exact = Decimal(value)
    elif isinstance(value, str):
        try:
            exact = Decimal(value.strip())
        except InvalidOperation:
            exact = None
    else:
        exact = None
    if exact is None or not exact.is_finite():
        raise InvalidValueError(f"{_quoted(value, name)} is not a number", where, column)
    if exact and exact.adjusted() > MAX_DIGITS:
        raise InvalidValueError(f"{_quoted(value, name)} is too large", where, column)
    scaled = exact * 100
    if scaled != scaled.to_integral_value():
        raise InvalidValueError(f"{_quoted(value, name)} has more than two decimals", where, column)
    bounds.check(exact, value, where, column, name)
    return int(scaled)


# --- scores and results ------------------------------------------------------------------------

_SCORE_WHAT = "1 (win), 0.5 or ½ (draw), 0 (loss)"
_WHITE_SCORE_WHAT = f"{_SCORE_WHAT} or a result such as 1-0, ½-½, 0-1"
_HALF = Fraction(1, 2)


def _exact_score(value: object) -> Fraction | None:
    """A number or its text as an exact fraction, if it is one of 0, ½ and 1."""
    exact: Fraction | None = None
    if isinstance(value, int):
        exact = Fraction(value)
    elif isinstance(value, float):
        snapped = excel_value(value, 2)
        exact = Fraction(snapped) if snapped is not None else None
    elif isinstance(value, str):
        key = value.strip()
        if key == "½":
            exact = _HALF
        elif "/" in key:
            try:
                exact = Fraction(key)
            except (ValueError, ZeroDivisionError):
                exact = None
        else:
            # Decimal, not Fraction: "1e-400000000" must be a quick error, not a huge number.
            decimal = _decimal(key)
            if decimal is not None and (not decimal or decimal.adjusted() > -MAX_DIGITS):
                exact = Fraction(decimal)
    return exact if exact in (0, _HALF, 1) else None


def score(
    value: object,
    where: Location | None = None,
    column: str | None = None,
    *,
    name: str | None = None,
    results: bool = False,
) -> Fraction:
    """One side's score in one game, 1, ½ or 0: a number, "0.5", "½" or "1/2".

    With ``results``, the value is White's score and a ladder result (``1-0``, ``(½-½)``,
    ``0-1``) is read as White's score too.
    """
    what = _WHITE_SCORE_WHAT if results else _SCORE_WHAT
    _special(value, where, column, what, name)
    if is_blank(value):
        _empty(where, column, what, name)
    exact = _exact_score(value)
    if exact is not None:
        return exact
    if results:
        result = ladder_result_or_none(value)
        if result is not None:
            return Fraction(result.white_score)
    raise InvalidValueError(
        f"{_quoted(value, name)} is not a score; expected {what}", where, column
    )


def ladder_result(
    value: object, where: Location | None = None, column: str | None = fields.RESULT
) -> Result:
    """A ladder result cell: ``(1-0)``, ``(0-1)``, ``(½-½)`` or ``(1/2-1/2)`` (see results.py)."""
    if value.__class__ is str:  # the common case first: a spelling of a result
        result = ladder_result_or_none(value)
        if result is not None:
            return result
    _special(value, where, column, f"a result ({LADDER_RESULTS_EXPECTED})", "the result")
    return parse_ladder_result(value, where, column)


def crikey_result(
    value: object, where: Location | None = None, column: str | None = fields.RESULT
) -> Result:
    """White's Crikey result: ``won``, ``drew`` or ``lost`` (see results.py)."""
    if value.__class__ is str:  # the common case first: a spelling of a result
        result = crikey_result_or_none(value)
        if result is not None:
            return result
    _special(value, where, column, f"a result ({CRIKEY_RESULTS_EXPECTED})", "the result")
    return parse_crikey_result(value, where, column)


# --- yes/no and text ---------------------------------------------------------------------------

_TRUE = frozenset({"true", "yes", "y", "x", "1", "-1", "active", "✓", "✔"})
_FALSE = frozenset({"false", "no", "n", "0", "", "inactive"})


def flag(value: object, where: Location | None = None, column: str | None = None) -> bool:
    """A yes/no cell: TRUE/FALSE, Yes/No, Y/N, 1/0 (Access stores Yes as -1), x; empty is No."""
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    if isinstance(value, Uncalculated):
        # LibreOffice stores TRUE/FALSE cells as the formulas =TRUE() and =FALSE().
        constant = "".join(value.split()).upper()
        if constant in ("=TRUE()", "=FALSE()"):
            return constant == "=TRUE()"
    _special(value, where, column, "yes or no", None)
    if isinstance(value, int | float) and value in (0, 1, -1):
        return bool(value)
    if isinstance(value, str):
        key = value.strip().casefold()
        if key in _TRUE:
            return True
        if key in _FALSE:
            return False
    raise InvalidValueError(
        f"{value!r} is not yes or no (use TRUE/FALSE, Yes/No or 1/0)", where, column
    )


def text(
    value: object,
    where: Location | None = None,
    column: str | None = None,
    *,
    required: bool = True,
    name: str | None = None,
) -> str:
    """A piece of text with its ends trimmed; numbers are taken as their digits (ID 7 -> "7")."""
    if value.__class__ is str:  # the common case first: plain text, not an Excel error
        words = value.split()
        if words and words[0][0] != "#":
            return " ".join(words)

    _special(value, where, column, "text", name)
    if is_blank(value):
        if required:
            _empty(where, column, "text", name)
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())
