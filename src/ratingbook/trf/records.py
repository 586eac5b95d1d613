"""The layout of a FIDE Tournament Report File (TRF16, TRF-2026): the one home of its columns,
letters, dates and points systems, read and written.

- the 001 player record's columns (FIDE C.04 Annex 2): start number 5-8, sex 10, title 11-13,
  name 15-47, rating 49-52, federation 54-56, FIDE number 58-68, birth date 70-79, points
  81-84, rank 86-89, then ten columns per round from 92: opponent (4), colour, result letter;
- the result letters (TRF-2026's table): ``1 = 0`` games, ``+ -`` forfeits, ``W D L`` games
  under one move (not rated), ``U H F Z`` byes; each player's letter is his own score, so a
  penalty's ½-0 is ``=`` against ``0`` and 0-0 is ``0`` against ``0`` (as gacrux reads them);
  older programs also write ``+``/``1`` for a full-point bye, ``=`` for a half-point bye and
  ``-``/``0`` for an absence;
- dates as real programs write them (:func:`read_date`): ``2026/03/14`` (the format), and also
  ``14.03.2026``, ``14. 03. 2026``, ``14/03/2026``, ``Mar 14, 2026``, two-digit years
  (``26/03/14``, and ``26.14.03`` whose month cannot be 14);
- points systems: record 162 of TRF-2026 and JaVaFo's ``XXS`` (:func:`read_points`).

Pure.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.errors import Location, ParseError
from ratingbook.events.codes import Scoring

__all__ = [
    "BYE_LETTERS",
    "FIRST_ROUND",
    "GAME_LETTERS",
    "GAME_READINGS",
    "NAME_WIDTH",
    "PLAYED_LETTERS",
    "ROUNDS_RECORDS",
    "UNKNOWN_LETTERS",
    "TrfError",
    "bye_reading",
    "read_date",
    "read_points",
    "record_code",
    "round_date_fields",
    "rounds_record",
]


class TrfError(ParseError):
    """A TRF file that cannot be read or written (names the line and columns, or the player)."""


def record_code(line: str) -> str | None:
    """A line's record code, its first three characters in upper case (``001``, ``012``), or
    None for a line that is no record: TRF's record code is followed by a blank (column 4), and
    a line whose fourth character is not, such as the ruler of column numbers an Irish program
    writes under its header (``0123456789...``), names no record (read as ``012``, it made the
    event's name ``4567890123...``, issue 34)."""
    return None if len(line) > 3 and line[3] != " " else line[:3].upper()


#: The records saying how many rounds the event has: TRF-2026's 142 and JaVaFo's ``XXR``. A
#: file with neither gives a date for each round in 132 (:func:`round_date_fields`): as many
#: rounds as dates (the Swiss and the team imports alike).
ROUNDS_RECORDS = ("142", "XXR")


def rounds_record(value: str) -> int | None:
    """The number of rounds a 142 or ``XXR`` record's text after its code gives (its first
    word), or None when it gives none."""
    words = value.split()
    return int(words[0]) if words and words[0].isdigit() else None


# --- the 001 record ------------------------------------------------------------------------------

NAME_WIDTH = 33
#: 0-based index of round 1's opponent field (columns 92-95).
FIRST_ROUND = 91


def round_date_fields(line: str) -> list[str]:
    """The 132 record's round dates as written, round by round: each in its round's ten
    columns, as a round's entry in a 001 record (from column 92); blank fields left out."""
    fields = (line[start : start + 10].strip() for start in range(FIRST_ROUND, len(line), 10))
    return [field for field in fields if field]


# --- the letters of a round entry ----------------------------------------------------------------

#: White's and Black's letters for each game result.
GAME_LETTERS: Mapping[Result, tuple[str, str]] = {
    Result.WHITE_WINS: ("1", "0"),
    Result.BLACK_WINS: ("0", "1"),
    Result.DRAW: ("=", "="),
    Result.WHITE_WINS_BY_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_BY_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    # TRF-2026 names an unknown result (e.g. an adjourned game) in record 162 with "X" and
    # gives it a draw's points; its round entry is written "?", as gacrux writes and reads it
    # (gacrux.trf2json reads "?" and "X" alike: an unknown result, scored as a draw).
    Result.ADJOURNED: ("?", "?"),
    # A penalty's score: each player's own letter, as TRF writes every game (a player's points
    # in his entry), and as gacrux writes and reads them: ½-0 is White "=", Black "0".
    Result.WHITE_HALF_BLACK_ZERO: ("=", "0"),
    Result.WHITE_ZERO_BLACK_HALF: ("0", "="),
    Result.BOTH_LOSE: ("0", "0"),
}
BYE_LETTERS: Mapping[Result, str] = {
    Result.PAIRING_BYE: "U",
    Result.HALF_POINT_BYE: "H",
    Result.FULL_POINT_BYE: "F",
    Result.ZERO_POINT_BYE: "Z",
}
#: Reading: a game's pair of letters, seen from White then Black. W/D/L (a game that lasted less
#: than one move, not rated) are read as the result they give.
GAME_READINGS: Mapping[tuple[str, str], Result] = {
    **{letters: result for result, letters in GAME_LETTERS.items()},
    ("W", "L"): Result.WHITE_WINS,
    ("L", "W"): Result.BLACK_WINS,
    ("D", "D"): Result.DRAW,
    ("D", "L"): Result.WHITE_HALF_BLACK_ZERO,
    ("L", "D"): Result.WHITE_ZERO_BLACK_HALF,
    ("L", "L"): Result.BOTH_LOSE,
}
#: The letters a game entry (one with an opponent) may carry; blank: not played yet.
PLAYED_LETTERS = frozenset({"1", "0", "=", "+", "-", "W", "D", "L", " ", "?"})
#: Record 162's code of an unknown result, which gacrux also reads in a round entry: read as "?".
UNKNOWN_LETTERS = frozenset({"?", "X"})
# A bye entry's letter (opponent 0000 or blank).
_BYE_READINGS: Mapping[str, Result] = {
    "U": Result.PAIRING_BYE,
    "H": Result.HALF_POINT_BYE,
    "=": Result.HALF_POINT_BYE,
    "F": Result.FULL_POINT_BYE,
    "+": Result.FULL_POINT_BYE,
    "1": Result.FULL_POINT_BYE,
    "Z": Result.ZERO_POINT_BYE,
    "-": Result.ZERO_POINT_BYE,
    "0": Result.ZERO_POINT_BYE,
}


def bye_reading(letter: str) -> Result | None:
    """What a bye entry's letter means; None for a blank letter, whose worth the file does not
    say (programs write a bye so, and only the player's total tells what it was worth).

    >>> bye_reading("H"), bye_reading(" ")
    (Result.HALF_POINT_BYE, None)
    """
    return _BYE_READINGS.get(letter.upper())


def is_bye_letter(letter: str) -> bool:
    """Whether ``letter`` may stand on a bye entry (a blank one included)."""
    return letter == " " or letter.upper() in _BYE_READINGS


# --- dates ---------------------------------------------------------------------------------------

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january", "januar", "janvier", "ene", "enero"),
            ("feb", "february", "februar", "fev", "février", "febrero"),
            ("mar", "march", "märz", "maerz", "mars", "marzo"),
            ("apr", "april", "avril", "abril"),
            ("may", "mai", "mayo"),
            ("jun", "june", "juni", "juin", "junio"),
            ("jul", "july", "juli", "juillet", "julio"),
            ("aug", "august", "aout", "août", "agosto"),
            ("sep", "sept", "september", "septembre", "septiembre"),
            ("oct", "october", "oktober", "okt", "octobre", "octubre"),
            ("nov", "november", "novembre", "noviembre"),
            ("dec", "december", "dezember", "dez", "décembre", "diciembre"),
        ),
        start=1,
    )
    for name in names
}
_NUMBERS = re.compile(r"^(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})$")
_WORDS = re.compile(
    r"^(?:(\d{1,2})\.?\s+([A-Za-zäéû]+)\.?|([A-Za-zäéû]+)\.?\s+(\d{1,2})),?\s+(\d{4})$"
)


def _year(text: str) -> int:
    year = int(text)
    return year if len(text) == 4 else 2000 + year if year < 70 else 1900 + year


def _made(year: int, month: int, day: int) -> _dt.date | None:
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def read_date(text: str) -> _dt.date | None:
    """The date ``text`` spells in one of the forms programs write (see the module text), or
    None when it spells none of them.

    >>> [read_date(t) for t in ("2005/07/28", "28. 07. 2005", "May 29, 2020", "11.25.02")]
    [datetime.date(2005, 7, 28), datetime.date(2005, 7, 28), datetime.date(2020, 5, 29), \
datetime.date(2011, 2, 25)]
    >>> read_date("next Tuesday") is None
    True
    """
    cleaned = " ".join(text.split())
    numbers = _NUMBERS.match(cleaned)
    if numbers is not None:
        a, b, c = numbers.groups()
        if len(a) == 4:  # YYYY/MM/DD
            return _made(int(a), int(b), int(c))
        if len(c) == 4:  # DD.MM.YYYY (European), else MM/DD/YYYY
            return _made(int(c), int(b), int(a)) or _made(int(c), int(a), int(b))
        # Two-digit years: YY/MM/DD as TRF writes them; a month above 12 means YY/DD/MM.
        return _made(_year(a), int(b), int(c)) or _made(_year(a), int(c), int(b))
    words = _WORDS.match(cleaned)
    if words is not None:
        day_first, month_after, month_first, day_after, year = words.groups()
        month = _MONTHS.get((month_after or month_first).casefold())
        if month is not None:
            return _made(int(year), month, int(day_first or day_after))
    return None


# --- points systems ------------------------------------------------------------------------------


def read_points(line: str, line_no: int) -> Scoring:
    """The points of record 162 (``162  W 1.0    D 0.5 ...``) or of JaVaFo's ``XXS``
    (``XXS WW=1 BW=1 WD=0.5 ... PAB=1``): a win, a draw and a pairing-allocated bye. Values the
    file does not give keep FIDE's (1, ½, and the win's for the bye)."""
    body = line[3:].upper()
    values: dict[str, Fraction] = {}
    if line[:3].upper() == "XXS":
        aliases = {"W": "W", "WW": "W", "BW": "W", "D": "D", "WD": "D", "BD": "D", "PAB": "P"}
        for match in re.finditer(r"([A-Z]+)\s*=\s*(\d+(?:\.\d+)?)", body):
            key = aliases.get(match.group(1))
            if key is not None:
                values.setdefault(key, Fraction(match.group(2)))
    else:
        for match in re.finditer(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", body):
            values[match.group(1)] = Fraction(match.group(2))
    if not values:
        raise TrfError(
            f"record {line[:3]} {line[4:].strip()!r} lists no points", Location(line=line_no)
        )
    win = values.get("W", Fraction(1))
    return Scoring(win=win, draw=values.get("D", Fraction(1, 2)), pairing_bye=values.get("P", win))
