"""Game results and every spelling ratingbook accepts for them: the one home of both.

A :class:`Result` is what one game (or one bye) ended as, seen from the board. Every way of
writing one that ratingbook accepts, in sheets, worksheet functions and text formats, is listed
here, cleaned up by one :func:`spelling_key`; :mod:`ratingbook.core.cells` adds what is common to
every cell (empty, never calculated, Excel errors). Which results a system takes:

- over-the-board results (``1-0``, ``0-1``, a draw): every system. The ladder's sheet writes them
  in brackets, as the Access table did (``(1-0)``), and brackets are optional everywhere;
- forfeits, the four kinds of bye and an adjourned game (``?``, a result not known yet): a Swiss
  event (``Swiss Games``, TRF);
- a penalty's score (``½-0``, ``0-½``, ``0-0``: the arbiter's, Laws of Chess art. 12.9): an
  individual Swiss event (``Swiss Games``, TRF);
- Crikey writes White's result as a word (``won``, ``drew``, ``lost``; seed 000).
"""

from __future__ import annotations

import datetime as _dt
import enum

from ratingbook.core import fields
from ratingbook.errors import InvalidResultError, Location

__all__ = [
    "ADJOURNED_HELP",
    "BYE_RESULT_HELP",
    "CRIKEY_RESULTS_EXPECTED",
    "CRIKEY_WORDS",
    "GAME_RESULT_HELP",
    "LADDER_RESULTS_EXPECTED",
    "LADDER_RESULT_SPELLINGS",
    "PENALTY_HELP",
    "Result",
    "crikey_result_or_none",
    "ladder_result_or_none",
    "parse_crikey_result",
    "parse_ladder_result",
    "parse_swiss_result",
    "spelling_key",
]


class Result(enum.Enum):
    """What one game, or one bye, ended as: who won (or a draw), a forfeit or a bye."""

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

    ADJOURNED = "?"
    """A game adjourned, or any game whose result is not known yet when the next round is
    paired: TRF-2026's "unknown result (e.g. adjourned game)", record 162's ``X``, worth a
    draw until its result is entered (:mod:`ratingbook.events.adjourned`)."""

    WHITE_HALF_BLACK_ZERO = "½-0"
    """White scores ½ and Black nothing: the arbiter reduced Black's points (Laws of Chess art.
    12.9: "reducing the points scored in the game by the offending person"). A game played,
    scored by a penalty (TRF: White ``=``, Black ``0``)."""

    WHITE_ZERO_BLACK_HALF = "0-½"
    """White scores nothing and Black ½: White's points reduced (art. 12.9)."""

    BOTH_LOSE = "0-0"
    """Both score nothing: the game declared lost for both (art. 12.9, e.g. both players'
    phones, art. 11.3.2; TRF ``0`` and ``0``). Not a double forfeit (``-/-``): they played."""

    # Members are singletons, so identity is their hash; object's C-level hash keeps dictionary
    # lookups keyed by a result fast (Enum's own __hash__ is Python code, hashing the name).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Result.{self.name}"

    @property
    def white_score(self) -> float:
        """White's score in a game played over the board: 1, ½ or 0."""
        return _WHITE_SCORES[self]

    @property
    def is_bye(self) -> bool:
        """A bye: the row has no opponent."""
        return self in _BYES

    @property
    def is_played(self) -> bool:
        """A game played over the board (not a forfeit, not a bye)."""
        return self in _WHITE_SCORES

    @property
    def is_adjourned(self) -> bool:
        """A game adjourned: its result is not known yet (it counts as a draw meanwhile)."""
        return self is Result.ADJOURNED

    @property
    def is_penalty(self) -> bool:
        """A game played whose score a penalty decided: ½-0, 0-½ or 0-0 (art. 12.9). It
        counts for pairing as a game played (the two met, each had his colour), its points
        are its own, and it is not rated (its score is no result over the board)."""
        return self in _PENALTIES

    @property
    def is_requested_bye(self) -> bool:
        """A bye entered before pairing (half-, full- or zero-point), not the pairing's own."""
        return self in _BYES and self is not Result.PAIRING_BYE


_WHITE_SCORES = {Result.WHITE_WINS: 1.0, Result.BLACK_WINS: 0.0, Result.DRAW: 0.5}
_PENALTIES = frozenset(
    {Result.WHITE_HALF_BLACK_ZERO, Result.WHITE_ZERO_BLACK_HALF, Result.BOTH_LOSE}
)
_BYES = frozenset(
    {Result.PAIRING_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE, Result.ZERO_POINT_BYE}
)


def spelling_key(text: str) -> str:
    """How a typed result is compared: spaces dropped, an en dash or minus sign typed for the
    hyphen read as one, case ignored.

    >>> spelling_key(" ½ – ½ "), spelling_key("Draw")
    ('½-½', 'draw')
    """
    return "".join(text.split()).replace("–", "-").replace("−", "-").casefold()


def _table(*rows: tuple[tuple[str, ...], Result]) -> dict[str, Result]:
    return {spelling_key(text): result for texts, result in rows for text in texts}


# --- over the board, forfeits, byes (the one table of each) --------------------------------------

# seed 001: the Access table holds "(1-0)" and draws; "(0-1)" is a black win, a deliberate
# difference from the VBA, which made everything but "(1-0)" a draw (docs/reference/rules.md,
# "Differences from the Access VBA, on purpose"). Anything else is an error, never a silent draw.
_PLAYED = _table(
    (("1-0", "1:0"), Result.WHITE_WINS),
    (("0-1", "0:1"), Result.BLACK_WINS),
    (("½-½", "1/2-1/2", "0.5-0.5", ",5-,5", "0,5-0,5", "½:½", "=", "draw"), Result.DRAW),
)
_FORFEITS = _table(
    (("+/-", "+-", "+:-", "1f-0f", "1-0f", "1-0ff"), Result.WHITE_WINS_BY_FORFEIT),
    (("-/+", "-+", "-:+", "0f-1f", "0-1f", "0-1ff"), Result.BLACK_WINS_BY_FORFEIT),
    (("-/-", "--", "-:-", "0f-0f", "0-0f", "0-0ff"), Result.DOUBLE_FORFEIT),
)
_BYE_SPELLINGS = _table(
    (("pab", "u", "bye", "pairing bye", "pairing-allocated bye"), Result.PAIRING_BYE),
    (("hpb", "h", "½", "0.5", "1/2", "half", "half-point bye"), Result.HALF_POINT_BYE),
    (("fpb", "f", "1", "full", "full-point bye"), Result.FULL_POINT_BYE),
    (("zpb", "z", "0", "-", "zero", "absent", "zero-point bye"), Result.ZERO_POINT_BYE),
)
# A penalty's score (Laws of Chess art. 12.9; FIDE's checklist asks for ½-0, 0-½ and 0-0, Q16-39):
# White's points first, as every game result here.
_PENALTY_SPELLINGS = _table(
    (
        ("½-0", "1/2-0", "0.5-0", "0,5-0", ",5-0", ".5-0", "½:0", "=-0"),
        Result.WHITE_HALF_BLACK_ZERO,
    ),
    (
        ("0-½", "0-1/2", "0-0.5", "0-0,5", "0-,5", "0-.5", "0:½", "0-="),
        Result.WHITE_ZERO_BLACK_HALF,
    ),
    (("0-0", "0:0"), Result.BOTH_LOSE),
)
# An adjourned game (FIDE's checklist, Q157): "?" as TRF-2026 writes an unknown result.
_ADJOURNED = _table((("?", "adj", "adj.", "adjourned"), Result.ADJOURNED))
# A lone ½ on a game row (two players): a score, and in a game over the board both players score
# the same ½, so it is a draw whichever side's it is (a penalty's ½-0 or 0-½ is written whole).
# On a bye row the same spellings are a half-point bye (_BYE_SPELLINGS).
_LONE_HALF = _table((("½", "1/2", "0.5", "0,5", ",5", ".5"), Result.DRAW))
_GAMES = {**_PLAYED, **_FORFEITS}


def _unknown(value: object, expected: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return f"the result is empty; expected {expected}"
    if isinstance(value, _dt.date | _dt.time | _dt.timedelta):
        return _date_typed(value, expected)
    return f"unknown result {value!r}; expected {expected}"


def _date_typed(
    value: _dt.date | _dt.time | _dt.timedelta, expected: str, *, bye: bool = False
) -> str:
    """A date where a result belongs, said as what it is: Excel's own doing (a cell not
    formatted as Text makes a date of ``1/2``), and what to type instead (``bye``: on a bye
    row, a half-point bye)."""
    midnight = isinstance(value, _dt.datetime) and value.time() == _dt.time()
    shown = value.date() if isinstance(value, _dt.datetime) and midnight else value
    instead = "a half-point bye as ½ or HPB" if bye else "a draw as ½-½ or 1/2-1/2"
    return (
        f"the cell holds the date {shown}, not a result: Excel makes a date of a result such "
        f"as 1/2 typed into a cell not formatted as Text; type {instead}, or format the cell "
        f"as Text and type the result again; expected {expected}"
    )


# --- the camp ladder (seed 001) ------------------------------------------------------------------

#: The ladder's results as the Access table writes them, in brackets: ``(1-0)`` first.
LADDER_RESULT_SPELLINGS: tuple[str, ...] = ("(1-0)", "(0-1)", "(½-½)", "(1/2-1/2)")

#: What a ladder result cell may hold, as error messages say it.
LADDER_RESULTS_EXPECTED = f"one of {', '.join(LADDER_RESULT_SPELLINGS)}"


def ladder_result_or_none(value: object) -> Result | None:
    """The over-the-board result ``value`` spells, or None. Brackets are optional, spaces and
    case are ignored, and an en dash or minus sign typed for the hyphen is accepted.

    >>> ladder_result_or_none("(1-0)"), ladder_result_or_none("0.5 - 0.5")
    (Result.WHITE_WINS, Result.DRAW)
    """
    if not isinstance(value, str):
        return None
    key = spelling_key(value)
    if key.startswith("(") and key.endswith(")"):
        key = key[1:-1]
    return _PLAYED.get(key)


def parse_ladder_result(
    value: object, where: Location | None = None, column: str | None = fields.RESULT
) -> Result:
    """Read a ladder result: ``(1-0)``, ``(0-1)``, ``(½-½)`` or ``(1/2-1/2)`` and the other
    spellings of a game's result (:func:`ladder_result_or_none`). Anything else (including an
    empty cell) raises :class:`InvalidResultError`.
    """
    result = ladder_result_or_none(value)
    if result is None:
        raise InvalidResultError(_unknown(value, LADDER_RESULTS_EXPECTED), where, column)
    return result


# --- Crikey (seed 000) ---------------------------------------------------------------------------

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
    value: object, where: Location | None = None, column: str | None = fields.RESULT
) -> Result:
    """Read White's Crikey result: ``won``, ``drew`` or ``lost`` (any case, spaces ignored)."""
    result = crikey_result_or_none(value)
    if result is None:
        raise InvalidResultError(_unknown(value, CRIKEY_RESULTS_EXPECTED), where, column)
    return result


# --- a Swiss event's Result cell -----------------------------------------------------------------

GAME_RESULT_HELP = "1-0, 0-1, ½-½, +/-, -/+ or -/- (forfeits)"
#: What a game row of an individual event's ``Swiss Games`` may say besides.
ADJOURNED_HELP = "? (adjourned, a draw for pairing until its result is entered)"
#: What an individual event's game row may say besides: a penalty's score.
PENALTY_HELP = "½-0, 0-½ or 0-0 (a penalty's score)"
BYE_RESULT_HELP = "PAB (pairing bye, U), HPB (half point, H), FPB (full point, F) or ZPB (zero, Z)"


def parse_swiss_result(
    value: object,
    where: Location | None = None,
    *,
    bye_row: bool,
    column: str = fields.RESULT,
    adjourned: bool = False,
    penalties: bool = False,
) -> Result | None:
    """Read a ``Result`` cell of ``Swiss Games``; an empty cell is a game not yet played (None).

    On a bye row (``Black`` is ``BYE``) only a bye value is accepted, on a game row only a game
    result or a forfeit (and with ``adjourned``, an individual event's game row, ``?``: the
    game adjourned; with ``penalties``, a penalty's score ``½-0``, ``0-½``, ``0-0``); the other
    kind is an error naming the cell. A lone ``½`` (``1/2``, ``0.5``) is a half-point bye on a
    bye row and a draw on a game row, where both players score the ½.

    >>> parse_swiss_result("1/2", bye_row=False), parse_swiss_result("1/2", bye_row=True)
    (Result.DRAW, Result.HALF_POINT_BYE)
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        if bye_row:
            raise InvalidResultError(f"a bye row needs its kind: {BYE_RESULT_HELP}", where, column)
        return None
    if isinstance(value, _dt.date | _dt.time | _dt.timedelta):
        expected = BYE_RESULT_HELP if bye_row else _game_help(adjourned, penalties)
        raise InvalidResultError(_date_typed(value, expected, bye=bye_row), where, column)
    if isinstance(value, bool):
        key = ""
    elif isinstance(value, int | float):
        key = spelling_key(
            repr(value) if isinstance(value, float) and not value.is_integer() else str(int(value))
        )
    else:
        key = spelling_key(str(value))
    if bye_row:
        result = _BYE_SPELLINGS.get(key)
        if result is None:
            hint = " (a game result on a bye row)" if key in _GAMES else ""
            raise InvalidResultError(
                f"{value!r} is not a bye{hint}; a bye row takes {BYE_RESULT_HELP}", where, column
            )
        return result
    result = (
        _GAMES.get(key)
        or _LONE_HALF.get(key)
        or (_ADJOURNED.get(key) if adjourned else None)
        or (_PENALTY_SPELLINGS.get(key) if penalties else None)
    )
    if result is None:
        expected = _game_help(adjourned, penalties)
        bye = _BYE_SPELLINGS.get(key) if key not in ("0", "1") else None
        if bye is not None:  # a bye's own spelling, not an unknown one: say which it is
            raise InvalidResultError(
                f"{value!r} is a bye ({bye.value}), and a bye row needs Black = BYE;"
                f" a game row takes {expected}",
                where,
                column,
            )
        raise InvalidResultError(f"unknown result {value!r}; expected {expected}", where, column)
    return result


def _game_help(adjourned: bool, penalties: bool) -> str:
    """What a game row's ``Result`` takes, as a message says it."""
    return ", ".join(
        [GAME_RESULT_HELP]
        + ([ADJOURNED_HELP] if adjourned else [])
        + ([PENALTY_HELP] if penalties else [])
    )
