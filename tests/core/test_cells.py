"""The typed cell readers (cells.py): one case table per reader, accepted spellings and errors.

Every accepted spelling listed here was accepted before the readers were brought together
(by the Elo sheets, the Swiss sheets, the worksheet functions or the ladder), so none is lost.
Expected values are the plain meaning of each spelling, written by hand.
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal
from fractions import Fraction

import pytest

from ratingbook.core import cells
from ratingbook.core.cells import NEVER_CALCULATED, Uncalculated
from ratingbook.core.results import Result
from ratingbook.errors import InvalidValueError, Location

WHERE = Location(sheet="S", row=7, columns={"F": "C"})
PLACE = "sheet 'S', row 7, column C (F)"

# --- accepted values ---------------------------------------------------------------------------

NUMBERS = [
    (1613, 1613),
    (1613.0, 1613),
    (1613.5, 1613.5),
    (-20, -20),
    ("1613", 1613),
    (" 1613.25 ", 1613.25),
    ("1e3", 1000),
    (Decimal("12.5"), 12.5),
]
WHOLE_NUMBERS = [(1200, 1200), (1200.0, 1200), ("1200", 1200), (" 7 ", 7), ("1e3", 1000), (-3, -3)]
HUNDREDTHS = [(76.91, 7691), ("76.91", 7691), (76, 7600), ("0.05", 5), (-1.5, -150)]
SCORES = [
    (1, Fraction(1)),
    (0, Fraction(0)),
    (0.5, Fraction(1, 2)),
    ("1", Fraction(1)),
    ("0", Fraction(0)),
    ("0.5", Fraction(1, 2)),
    (".5", Fraction(1, 2)),  # the Elo sheet's spelling
    ("½", Fraction(1, 2)),
    ("1/2", Fraction(1, 2)),
    ("2/4", Fraction(1, 2)),  # the Swiss sheet's fractions
    ("1.0", Fraction(1)),  # the worksheet functions' decimals
    ("0e-400", Fraction(0)),
]
WHITE_SCORES = [
    ("1-0", Fraction(1)),
    ("(0-1)", Fraction(0)),
    ("(½-½)", Fraction(1, 2)),
    ("1/2-1/2", Fraction(1, 2)),
    ("(1 – 0)", Fraction(1)),
]
FLAGS = [
    (True, True),
    (False, False),
    (None, False),
    ("", False),
    ("Yes", True),
    ("no", False),
    ("x", True),
    (1, True),
    (-1, True),  # Access stores Yes as -1
    (0, False),
    ("Active", True),
    (Uncalculated("=TRUE()"), True),  # LibreOffice's TRUE cells
    (Uncalculated("=FALSE()"), False),
]
TEXTS = [("Ann", "Ann"), ("  Ann   Lee ", "Ann Lee"), (7, "7"), (7.0, "7"), (7.5, "7.5")]


@pytest.mark.parametrize(("value", "expected"), NUMBERS)
def test_number_reads_numbers_and_their_text(value: object, expected: float) -> None:
    got = cells.number(value, WHERE, "F")
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize(("value", "expected"), WHOLE_NUMBERS)
def test_whole_number_reads_whole_numbers_and_their_text(value: object, expected: int) -> None:
    got = cells.whole_number(value, WHERE, "F")
    assert got == expected and type(got) is int


@pytest.mark.parametrize(("value", "expected"), HUNDREDTHS)
def test_hundredths_reads_two_decimal_ratings_exactly(value: object, expected: int) -> None:
    assert cells.hundredths(value, WHERE, "F") == expected


@pytest.mark.parametrize(("value", "expected"), SCORES)
def test_score_reads_every_spelling_of_1_half_and_0(value: object, expected: Fraction) -> None:
    assert cells.score(value, WHERE, "F") == expected
    assert cells.score(value, WHERE, "F", results=True) == expected


@pytest.mark.parametrize(("value", "expected"), WHITE_SCORES)
def test_a_white_score_may_be_a_ladder_result(value: object, expected: Fraction) -> None:
    assert cells.score(value, WHERE, "F", results=True) == expected
    with pytest.raises(InvalidValueError, match="is not a score"):
        cells.score(value, WHERE, "F")  # a side's points are never a result


@pytest.mark.parametrize(("value", "expected"), FLAGS)
def test_flag_reads_yes_and_no(value: object, expected: bool) -> None:
    assert cells.flag(value, WHERE, "F") is expected


@pytest.mark.parametrize(("value", "expected"), TEXTS)
def test_text_trims_and_takes_numbers_as_their_digits(value: object, expected: str) -> None:
    assert cells.text(value, WHERE, "F") == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("(1-0)", Result.WHITE_WINS), ("0-1", Result.BLACK_WINS), ("(1/2-1/2)", Result.DRAW)],
)
def test_ladder_result_reads_the_ladder_spellings(value: str, expected: Result) -> None:
    assert cells.ladder_result(value, WHERE, "F") is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("won", Result.WHITE_WINS), (" LOST ", Result.BLACK_WINS), ("Drew", Result.DRAW)],
)
def test_crikey_result_reads_white_s_result(value: str, expected: Result) -> None:
    assert cells.crikey_result(value, WHERE, "F") is expected


# --- errors ------------------------------------------------------------------------------------

ERRORS = [
    # (reader, value, the message after the place)
    (cells.number, "abc", "'abc' is not a number; expected a number"),
    (cells.number, None, "the cell is empty; expected a number"),
    (cells.number, "  ", "the cell is empty; expected a number"),
    (cells.number, "1e999", "'1e999' is too large; expected a number"),
    (cells.whole_number, 1200.5, "1200.5 is not a whole number; expected a whole number"),
    (cells.whole_number, "1,200", "'1,200' is not a number; expected a whole number"),
    (cells.whole_number, "1e99999999", "'1e99999999' is too large; expected a whole number"),
    (cells.hundredths, 76.915, "rating 76.915 has more than two decimals"),
    (cells.hundredths, "", "rating is empty; expected a rating with at most two decimals"),
    (cells.score, 0.7, "0.7 is not a score; expected 1 (win), 0.5 or ½ (draw), 0 (loss)"),
    (cells.score, "1e-400000000", "'1e-400000000' is not a score"),
    (cells.flag, "maybe", "'maybe' is not yes or no (use TRUE/FALSE, Yes/No or 1/0)"),
    (cells.text, None, "the cell is empty; expected text"),
    (cells.ladder_result, "(1-O)", "unknown result '(1-O)'; expected one of (1-0), (0-1)"),
    (cells.ladder_result, None, "the result is empty; expected one of (1-0), (0-1)"),
    (cells.ladder_result, 1, "unknown result 1; expected one of"),
    (cells.crikey_result, "", "the result is empty; expected won, drew or lost"),
    (cells.whole_number, True, "True is not a whole number"),
    (cells.whole_number, dt.date(2024, 7, 1), "the cell holds the date/time 2024-07-01 where"),
    (cells.number, "#N/A", "the cell holds the Excel error '#N/A' where a number belongs"),
    (cells.text, math.nan, "nan is not a number; expected text"),
    (cells.number, -math.inf, "-inf is too large; expected a number"),
]


@pytest.mark.parametrize(("reader", "value", "message"), ERRORS)
def test_a_bad_cell_is_an_error_naming_the_cell(
    reader: object, value: object, message: str
) -> None:
    with pytest.raises(InvalidValueError) as raised:
        reader(value, WHERE, "F")  # type: ignore[operator]
    assert str(raised.value).startswith(f"{PLACE}: {message}"), str(raised.value)


READERS = [
    cells.number,
    cells.whole_number,
    cells.hundredths,
    cells.score,
    cells.flag,
    cells.text,
    cells.ladder_result,
    cells.crikey_result,
]


@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.__name__)
def test_a_formula_never_calculated_gets_one_message_from_every_reader(reader: object) -> None:
    """Whatever the cell should hold, the message is the same (issue 13)."""
    with pytest.raises(InvalidValueError) as raised:
        reader(Uncalculated("=1500+13"), WHERE, "F")  # type: ignore[operator]
    assert str(raised.value) == f"{PLACE}: the formula '=1500+13' was {NEVER_CALCULATED}"
    assert NEVER_CALCULATED == "never calculated; open and save the file in Excel or LibreOffice"


def test_a_worksheet_function_argument_is_named_instead_of_a_cell() -> None:
    with pytest.raises(InvalidValueError) as raised:
        cells.number("abc", name="rating")
    assert str(raised.value) == "rating 'abc' is not a number; expected a number"
    with pytest.raises(InvalidValueError) as raised:
        cells.number(None, name="opponent")
    assert str(raised.value) == "opponent is empty; expected a number"


def test_whole_number_or_none_keeps_whole_numbers_and_ignores_the_rest() -> None:
    assert [cells.whole_number_or_none(v) for v in (1200, 1200.0, 1200.5, "1200", None, True)] == [
        1200,
        1200,
        None,
        None,
        None,
        None,
    ]


# --- Excel arithmetic (issue 9, item 6) --------------------------------------------------------


def test_the_noise_of_excel_arithmetic_is_real() -> None:
    """The premise: what =89.90+0.01 and =SUM of 120,000 cells of 0.01 give in floating point."""
    assert 89.90 + 0.01 == 89.91000000000001
    assert sum([0.01] * 120_000) == 1199.9999999990537  # 1e-9 off: 8e-13 of the value


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (89.90 + 0.01, 8991),  # 89.91000000000001
        (0.1 + 0.2, 30),  # 0.30000000000000004
        (76.36 * 3, 22908),  # 229.07999999999998
        (-(89.90 + 0.01), -8991),
    ],
)
def test_a_rating_within_excel_noise_of_two_decimals_is_that_rating(
    value: float, expected: int
) -> None:
    assert cells.hundredths(value, WHERE, "F") == expected


@pytest.mark.parametrize("value", [89.915, 89.9101, 0.001])
def test_a_real_third_decimal_is_still_an_error(value: float) -> None:
    with pytest.raises(InvalidValueError, match="has more than two decimals"):
        cells.hundredths(value, WHERE, "F")


@pytest.mark.parametrize(
    "value", [1200.0000000001, sum([0.01] * 120_000), 12 * 100.1 - 1.2, 1200.0000000000002]
)
def test_a_whole_number_within_excel_noise_is_that_whole_number(value: float) -> None:
    assert cells.whole_number(value, WHERE, "F") == 1200
    assert cells.number(value, WHERE, "F") == 1200
    assert type(cells.number(value, WHERE, "F")) is int
    assert cells.whole_number_or_none(value) == 1200


@pytest.mark.parametrize("value", [1200.001, 1200.5, 1200.00001])
def test_a_real_fraction_is_not_a_whole_number(value: float) -> None:
    with pytest.raises(InvalidValueError, match="is not a whole number"):
        cells.whole_number(value, WHERE, "F")
    assert cells.whole_number_or_none(value) is None


def test_a_score_within_excel_noise_of_a_half_is_a_half() -> None:
    assert cells.score(0.1 * 5 + 1e-12, WHERE, "F") == Fraction(1, 2)


# --- sane bounds (issue 10, item 4) ------------------------------------------------------------


def _id(value: object) -> object:
    return cells.whole_number(value, WHERE, "F", bounds=cells.PLAYER_ID)


def _rating(value: object) -> object:
    return cells.number(value, WHERE, "F", bounds=cells.RATING)


def _group(value: object) -> object:
    return cells.whole_number(value, WHERE, "F", bounds=cells.GROUP_RATING)


def _k(value: object) -> object:
    return cells.number(value, WHERE, "F", bounds=cells.K_FACTOR)


def _pieces(value: object) -> object:
    return cells.whole_number(value, WHERE, "F", bounds=cells.PIECES)


def _crikey(value: object) -> object:
    return cells.hundredths(value, WHERE, "F")


IN_BOUNDS = [
    (_id, 0, 0),
    (_id, 2_147_483_647, 2_147_483_647),
    (_rating, -10_000_000, -10_000_000),
    (_rating, 10_000_000.0, 10_000_000),
    (_group, 0, 0),
    (_k, 1000, 1000),
    (_k, 0, 0),
    (_pieces, 1000, 1000),
    (_crikey, "-10000000.00", -1_000_000_000),
]
OUT_OF_BOUNDS = [
    (_id, 2_147_483_648, "2147483648 is too large for a player ID (at most 2,147,483,647)"),
    (_id, -1, "-1 is too small for a player ID (at least 0)"),
    (_id, 2**53, "9007199254740992 is too large for a player ID (at most 2,147,483,647)"),
    (_rating, 10_000_000.5, "10000000.5 is too large for a rating (at most 10,000,000)"),
    (_rating, "-1e8", "'-1e8' is too small for a rating (at least -10,000,000)"),
    (_rating, 2.0**53 + 2, "9007199254740994.0 is too large for a rating (at most 10,000,000)"),
    (_group, -1, "-1 is too small for a group's initial rating (at least 0)"),
    (_k, 1000.5, "1000.5 is too large for K (at most 1,000)"),
    (_k, -0.25, "-0.25 is too small for K (at least 0)"),
    (_pieces, 1001, "1001 is too large for a piece value (at most 1,000)"),
    (_crikey, 10_000_000.01, "rating 10000000.01 is too large for a rating (at most 10,000,000)"),
]


@pytest.mark.parametrize(("reader", "value", "expected"), IN_BOUNDS)
def test_a_value_at_a_bound_is_accepted(reader: object, value: object, expected: int) -> None:
    assert reader(value) == expected  # type: ignore[operator]


@pytest.mark.parametrize(("reader", "value", "message"), OUT_OF_BOUNDS)
def test_a_value_beyond_its_field_s_bounds_is_one_clear_error_at_the_cell(
    reader: object, value: object, message: str
) -> None:
    with pytest.raises(InvalidValueError) as raised:
        reader(value)  # type: ignore[operator]
    assert str(raised.value) == f"{PLACE}: {message}"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (2**53, "9007199254740992"),
        (-(2**53), "-9007199254740992"),
        (1e20, "1e+20"),
        ("1e20", "'1e20'"),
        (1e300, "1e+300"),
    ],
)
def test_a_whole_number_a_spreadsheet_cannot_hold_exactly_is_too_large_even_without_bounds(
    value: object, shown: str
) -> None:
    """From 2^53 on, doubles skip whole numbers (2^53 + 1 is stored as 2^53): a round count or a
    seed that large is not what was typed, so it is refused like a rating out of its bounds."""
    with pytest.raises(InvalidValueError) as raised:
        cells.whole_number(value, WHERE, "F", "a number of rounds")
    assert str(raised.value) == f"{PLACE}: {shown} is too large; expected a number of rounds"


def test_the_largest_whole_number_held_exactly_is_still_read() -> None:
    assert cells.whole_number(2**53 - 1, WHERE, "F") == 9_007_199_254_740_991
    assert cells.whole_number(float(-(2**53) + 1), WHERE, "F") == -9_007_199_254_740_991
