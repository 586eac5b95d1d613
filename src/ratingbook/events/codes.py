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
    "CUSTOM_INTO_SPELLINGS",
    "DEFAULT_TIEBREAKS",
    "K_VALUES",
    "NATIONAL",
    "RATING_KINDS",
    "ROUND_ROBIN_TIEBREAKS",
    "TIEBREAKS",
    "TIEBREAK_NAMES",
    "TIEBREAK_SPELLINGS",
    "Scoring",
    "TiebreakKind",
    "parse_tiebreaks",
    "scoring_problem",
    "tiebreak_base",
    "tiebreak_code",
    "tiebreak_list",
    "tiebreak_problem",
]


# --- FIDE rating (the one home of its words) ---------------------------------------------------

#: The K values FIDE's rating list gives a player (B.02 8.3.3).
K_VALUES = (40, 20, 10)
#: The rating lists an event can be rated for (the ``FIDE Rated`` setting).
RATING_KINDS = ("Standard", "Rapid", "Blitz")


# --- tie-break codes (the one home) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TiebreakKind:
    """One FIDE tie-break an event may list (C.07, 2024 and 2026 editions).

    ``name``: what it is, in words (C.07 art. 5's list, for the notes); ``article``: where the
    2026 edition defines it (as FIDE's Mandatory Tie-Breaks list, MTB26, numbers them);
    ``modifiers``: which modifiers it takes (``C``/``M``: cut and median, ``/C1``, ``/M2``;
    ``R``: the reverse order, ``/R``; ``L``: Koya's limit moved by half points, ``/L+1``);
    ``whole``: its values are whole numbers (counts, ratings, start numbers); ``swiss_only``:
    the Buchholz family, which a round robin may not list (VCL question 105: a round robin
    neither offers nor accepts them; in it every player meets the same opponents, so their
    scores cannot tell tied players apart).
    """

    name: str
    article: str
    modifiers: str = ""
    whole: bool = False
    swiss_only: bool = False


#: The FIDE tie-break codes an event may list, by code.
TIEBREAKS: Mapping[str, TiebreakKind] = {
    "BH": TiebreakKind("Buchholz", "8.1", "CM", swiss_only=True),
    "FB": TiebreakKind("fore-Buchholz", "8.3", "CM", swiss_only=True),
    "AOB": TiebreakKind("average of opponents' Buchholz", "8.2", swiss_only=True),
    "SB": TiebreakKind("Sonneborn-Berger", "9.1", "CM"),
    "KS": TiebreakKind("Koya", "9.2", "L"),
    "ARO": TiebreakKind("average rating of opponents", "10.1", "CM", whole=True),
    "TPR": TiebreakKind("tournament performance rating", "10.2", whole=True),
    "PTP": TiebreakKind("perfect tournament performance", "10.3", whole=True),
    "APRO": TiebreakKind(
        "average of opponents' tournament performance ratings", "10.4", whole=True
    ),
    "APPO": TiebreakKind(
        "average of opponents' perfect tournament performances", "10.5", whole=True
    ),
    "RTNG": TiebreakKind("rating", "10.6", "R", whole=True),
    # a place among the players still tied (1 first, 0 when it parts none): printed whole
    "DE": TiebreakKind("direct encounter", "6", whole=True),
    "WIN": TiebreakKind("wins", "7.1", whole=True),  # including unplayed wins
    "WON": TiebreakKind("games won over the board", "7.2", whole=True),
    "BPG": TiebreakKind("games with Black", "7.3", whole=True),
    "BWG": TiebreakKind("wins with Black", "7.4", whole=True),
    "PS": TiebreakKind("progressive scores", "7.5", "CM"),
    "REP": TiebreakKind("rounds elected to play", "7.6", whole=True),
    "STD": TiebreakKind("standard points", "7.7"),
    "TPN": TiebreakKind("start number", "7.8", "R", whole=True),
    # A tie no listed tie-break separates is decided by lot (C.07's last resort; MTB26 lists no
    # code for it, gacrux calls it RND). Its seed: ratingbook.events.lots.
    "RND": TiebreakKind("drawing of lots", "", whole=True),
    # A value the arbiter types from outside, in ``Swiss Players`` (VCL questions 205 and 207,
    # as Sharly-Chess quotes them): a play-off's or an Armageddon's score (the higher the
    # better), or with /R a place given by hand to players nothing else separates (1 first).
    # C.07 names no code for it; MAN is ours, and a player without a value ranks after those
    # with one in either order.
    "MAN": TiebreakKind("value typed by the arbiter", "", "R"),
}
#: Other spellings of a code, as other programs and texts write them: GE is REP's name before
#: the 2026 edition (C.07 2024 art. 7.5), SNO gacrux's for TPN, LOT and LOTS the drawing of lots.
TIEBREAK_SPELLINGS: Mapping[str, str] = {"GE": "REP", "SNO": "TPN", "LOT": "RND", "LOTS": "RND"}
#: Each code's name in words; PTS (the points themselves) is not a tie-break one lists, but
#: the notes name it when a table shows it.
TIEBREAK_NAMES: Mapping[str, str] = {
    **{code: kind.name for code, kind in TIEBREAKS.items()},
    "PTS": "points",
}
#: The codes a round robin may list (the Buchholz family left out, not merely marked).
ROUND_ROBIN_TIEBREAKS: tuple[str, ...] = tuple(
    code for code, kind in TIEBREAKS.items() if not kind.swiss_only
)

#: What the template proposes (FIDE C.07 2024 art. 13.1 list for individual Swiss events).
DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")

# A code and at most one modifier, separated by "/" (TRF-2026, MTB26), "-" or "#": BH/C1,
# ARO/M1, RTNG/R, KS/L+1 (KS/L1 is read as KS/L+1).
_CODE = re.compile(r"^([A-Z]+)(?:[/#-](?:([CM])(\d)|(R)|L([+-]?)(\d)))?$")


def tiebreak_code(token: str) -> str | None:
    """The code ``token`` spells (``bh-c1`` -> ``BH/C1``, ``GE`` -> ``REP``, ``KS/L1`` ->
    ``KS/L+1``), or None when it spells none. A modifier the code does not take is kept: the
    caller says what is wrong with it (:func:`tiebreak_problem`)."""
    match = _CODE.match(token.strip().upper())
    if match is None:
        return None
    base = TIEBREAK_SPELLINGS.get(match.group(1), match.group(1))
    if base not in TIEBREAKS:
        return None
    cut, count, reverse, sign, limit = match.group(2, 3, 4, 5, 6)
    if cut:
        return f"{base}/{cut}{count}"
    if reverse:
        return f"{base}/R"
    if limit:
        return f"{base}/L{sign or '+'}{limit}"
    return base


def tiebreak_base(code: str) -> str:
    """A code without its modifier: ``BH/C1`` -> ``BH``."""
    return code.split("/")[0]


def tiebreak_problem(code: str, *, round_robin: bool = False) -> str:
    """What is wrong with a code :func:`tiebreak_code` returned ("" : nothing): a modifier the
    code does not take, or a Buchholz tie-break in a round robin."""
    base, _, modifier = code.partition("/")
    kind = TIEBREAKS[base]
    if modifier and modifier[0] not in kind.modifiers:
        takes = {"C": "cut or median", "M": "cut or median", "R": "reverse", "L": "limit"}
        return f"tie-break {base} takes no {takes[modifier[0]]} modifier (in {code!r})"
    if round_robin and kind.swiss_only:
        return (
            f"tie-break {code} ({kind.name}) is for Swiss events: a round robin lists among "
            + ", ".join(ROUND_ROBIN_TIEBREAKS)
        )
    return ""


def tiebreak_list(value: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A list of codes as another program wrote it (a TRF's 202/212 record), read leniently:
    the codes understood, each once and without PTS, and the tokens that are not."""
    codes: list[str] = []
    unknown: list[str] = []
    for token in re.split(r"[\s,;]+", "" if value is None else str(value).strip()):
        code = tiebreak_code(token) if token else None
        if token.upper() == "PTS" or (code is not None and code in codes):
            continue
        if code is None or tiebreak_problem(code):
            if token:
                unknown.append(token)
            continue
        codes.append(code)
    return tuple(codes), tuple(unknown)


def parse_tiebreaks(
    value: object, where: Location | None = None, column: str = fields.VALUE
) -> tuple[str, ...]:
    """FIDE codes in order, separated by spaces, commas or semicolons: ``BH/C1 BH SB DE``.

    Spellings are normalised (``bh-c1`` -> ``BH/C1``, ``GE`` -> ``REP``). An unknown code, or a
    modifier on a code that does not take it, is an error naming the cell and the code. Whether
    the codes suit the pairing system is :func:`tiebreak_problem`'s (with ``round_robin``).
    """
    raw = "" if value is None else str(value)
    codes: list[str] = []
    for token in re.split(r"[\s,;]+", raw.strip()):
        if not token:
            continue
        code = tiebreak_code(token)
        if code is None:
            known = ", ".join(TIEBREAKS)
            raise InvalidValueError(
                f"unknown tie-break code {token!r}; expected FIDE codes among {known} "
                "(BH, FB, SB, ARO and PS take /C1 or /M1, RTNG and TPN /R, KS /L+1 or /L-1)",
                where,
                column,
            )
        problem = tiebreak_problem(code)
        if problem:
            raise InvalidValueError(problem, where, column)
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
        if result is None:
            return _NOTHING
        white, black = _SCORED[result]
        return (
            _ZERO if white is None else getattr(self, white),
            _ZERO if black is None else getattr(self, black),
        )


_ZERO = Fraction(0)
_NOTHING = (_ZERO, _ZERO)
#: Which of :class:`Scoring`'s points each side of a row scores (None: nothing).
_SCORED: Mapping[Result, tuple[str | None, str | None]] = {
    Result.WHITE_WINS: ("win", None),
    Result.BLACK_WINS: (None, "win"),
    Result.DRAW: ("draw", "draw"),
    Result.WHITE_WINS_BY_FORFEIT: ("win", None),
    Result.BLACK_WINS_BY_FORFEIT: (None, "win"),
    Result.DOUBLE_FORFEIT: (None, None),
    Result.PAIRING_BYE: ("pairing_bye", None),
    Result.HALF_POINT_BYE: ("draw", None),
    Result.FULL_POINT_BYE: ("win", None),
    Result.ZERO_POINT_BYE: (None, None),
    # TRF-2026, record 162: "X unknown result (e.g. adjourned game), same as D": the
    # one provisional score an adjourned game may have (FIDE's checklist, Q167).
    Result.ADJOURNED: ("draw", "draw"),
    # A penalty's score (Laws of Chess art. 12.9): the side not penalised keeps the
    # draw's points, the penalised side scores nothing (0-0: both penalised).
    Result.WHITE_HALF_BLACK_ZERO: ("draw", None),
    Result.WHITE_ZERO_BLACK_HALF: (None, "draw"),
    Result.BOTH_LOSE: (None, None),
}


GAME_POINTS = Scoring()
"""A game's points as FIDE's rating and title regulations count them, whatever the event's
``Points``: 1 a win, ½ a draw, 0 a loss (B.01 1.4.9 and B.02 8.1: a player's score is a
percentage of the games, so a win counts 1 even where the event gives it 2 or 3)."""


#: The standard points (FIDE's default, C.04.1 c and the Laws of Chess): a win, a draw.
_STANDARD_POINTS = (Fraction(1), Fraction(1, 2))


def scoring_problem(scoring: Scoring) -> str:
    """What FIDE mode refuses in a points system ("" : nothing), as the 2026 acceptance
    checklist asks (VCL questions 74, 81 and 83, as Sharly-Chess quotes them, each a hard fail):

    - two draws worth more than a win and a loss (a loss scores nothing here, so: twice a
      draw above a win), which would reward agreeing draws;
    - a pairing-allocated bye worth more than a win (C.04.1 c: "as many points as are rewarded
      for a win, unless the rules of the tournament state otherwise": never more);
    - with the standard points (1 and ½), a pairing-allocated bye other than a result's value:
      1, ½ or 0.

    >>> scoring_problem(Scoring(Fraction(3), Fraction(1), Fraction(3)))
    ''
    >>> scoring_problem(Scoring(Fraction(1), Fraction(1), Fraction(1)))[:43]
    'two draws (2) are worth more than a win and'
    """
    win, draw, bye = scoring.win, scoring.draw, scoring.pairing_bye
    if 2 * draw > win:
        return (
            f"two draws ({_number(2 * draw)}) are worth more than a win and a loss "
            f"({_number(win)}): FIDE mode refuses such a points system"
        )
    if bye > win:
        return (
            f"a pairing-allocated bye ({_number(bye)}) is worth more than a win "
            f"({_number(win)}): FIDE mode refuses it (C.04.1 c)"
        )
    if (win, draw) == _STANDARD_POINTS and bye not in (win, draw, 0):
        return (
            f"with the standard points a pairing-allocated bye is worth 1, 0.5 or 0, not "
            f"{_number(bye)}"
        )
    return ""


def _number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


#: The rating a custom rating list (Q117) may fill, by spelling (the ``Custom List Into``
#: setting and the command line's ``--into``): the national or the manual one (FIDE's list
#: alone fills the FIDE rating). Which column each is, is the workbook's.
NATIONAL = "national"
CUSTOM_INTO_SPELLINGS: Mapping[str, str] = {
    "national": NATIONAL,
    "national rating": NATIONAL,
    "manual": "manual",
    "manual rating": "manual",
}
