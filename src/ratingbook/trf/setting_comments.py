"""The settings TRF-2026 has no record for, as ratingbook's ``###`` lines: what ``trf export``
writes after the tournament records and ``trf import`` reads back into ``Swiss Settings`` (or
a team event's ``Team Settings`` and ``Teams``). This module alone spells and reads these
lines (the event's log is :mod:`ratingbook.trf.log_comments`').

- **FIDE Rated.** TRF-2026 has no field that says an event is rated, or for which list: record
  072 counts the rated players, 092 and 192 give the type of tournament, 122 and 222 the time
  control, and no record names the rating list. So the file says it in words, as it says the
  Event Log: ``### FIDE Rated: Standard`` (``Rapid``, ``Blitz``), or ``### FIDE Rated: No`` for
  an event that is not rated (the ``FIDE Rated`` setting's own words,
  :data:`~ratingbook.events.settings.RATED_SPELLINGS`). A file without the line (any other
  program's) leaves ``FIDE Rated`` empty, and ``trf import``'s summary says so
  (:data:`NOT_STATED`): it is never dropped silently.
- **The prize settings** (:data:`PRIZE_SETTINGS`: ``Prize Sharing``, ``Prize Step``, ``One
  Prize Each``; :mod:`ratingbook.events.prize_rules`): TRF-2026 has no prize record at all.
  Each setting the book gives is one line, in its canonical spelling
  (``### Prize Sharing: Equal``, ``### Prize Step: 5``, ``### One Prize Each: No``); a setting
  left empty (its default) is not written, and a file without the line leaves it empty, which
  is the same default.
- **The prizes** (the ``Prizes`` sheet, :mod:`ratingbook.workbook.sheets.prize_rows`): one line
  each, in the sheet's order, the prize as the prize list names it (its category, then its
  place as an ordinal: :attr:`~ratingbook.events.prize_rules.Prize.label`), its amount, always
  (``0`` for a prize that is only an object), and its object after `` + ``:
  ``### Prize: 1st: 1000 + Trophy``, ``### Prize: U1800 2nd: 150``, ``### Prize: Women 1st:
  0 + Book``. The amount is read as the ``Amount`` cell is (``€ 250``, ``1,250.00``), the
  category as the ``Category`` cell is (:func:`~ratingbook.events.prize_rules.list_category`).
- **A team event's settings** TRF-2026 has no record for (:data:`TEAM_LINE_SETTINGS`, the
  names of :mod:`ratingbook.events.team_settings`), each where the book's value is not the
  setting's default (a file without the line leaves the setting empty, which is the same):
  ``### Rating Boards: 2`` (the top boards a team's rating averages, and so its pairing
  number), ``### FIDE Rated: Yes``, ``### Board Prize Order: Percentage`` and ``### Board
  Prize Games: 5`` (how the board prizes rank each board), ``### Main Score at Round 1: Match
  Points`` (written by
  the pairing of round 1 so that changing ``Main Score`` later is an error; record 192 gives
  the main score, not whether round 1 has fixed it) and, for a round robin, whose record 192
  has no colour model, ``### Colour Preferences: Type B``. Record 192 states the colour model
  of a team Swiss, and a file's records come before its lines.
- **The order of the ``Teams`` sheet**, which TRF-2026 does not keep (its players and teams
  are numbered in pairing-number order): ``### Teams Sheet Order: 3 1 2 4``, the teams'
  pairing numbers in the sheet's order, where that is not 1, 2, 3 ... A line that does not
  list each team once is a warning naming its line and column, and the teams keep
  pairing-number order.

Other programs ignore ``###`` lines. A setting's line whose value does not read is a warning
naming its line (a team setting's: its line and column), and the setting is left empty; a
prize's line that does not read (or a second prize for the same place of a list) is a warning
naming its line and column, and the prize is left out. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.cells import flag, whole_number
from ratingbook.errors import InvalidValueError, Location, RatingbookError
from ratingbook.events.prize_rules import (
    Prize,
    PrizeSettings,
    list_category,
    money,
    money_value,
    prize_settings,
)
from ratingbook.events.settings import BLANK_MEANS, RATED_SPELLINGS
from ratingbook.events.team import BOARD_PRIZE_ORDERS, COLOUR_MODELS, MAIN_SCORES, TeamSettings
from ratingbook.events.team_settings import (
    BOARD_PRIZE_GAMES,
    BOARD_PRIZE_ORDER,
    COLOUR_PREFERENCES,
    FIDE_RATED,
    MAIN_SCORE_LOCK,
    RATING_BOARDS,
)

__all__ = [
    "NOT_STATED",
    "PRIZE_SETTINGS",
    "TEAM_LINE_SETTINGS",
    "prize_lines",
    "prize_list_lines",
    "rated_line",
    "read_prize_list",
    "read_prize_settings",
    "read_rated",
    "read_team_setting_lines",
    "read_teams_order",
    "states_rated",
    "team_setting_lines",
    "teams_order_line",
]

_SETTING = "FIDE Rated"
_LINE = re.compile(rf"^### {_SETTING}: (?P<value>.*?)\s*$")


def rated_line(rated: str) -> str:
    """The comment saying the event's ``FIDE Rated`` setting (``rated``: "" for none)."""
    return f"### {_SETTING}: {rated or BLANK_MEANS[_SETTING]}"


def read_rated(
    lines: Sequence[tuple[int, str]], warnings: list[str]
) -> tuple[str, list[tuple[int, str]]]:
    """The ``FIDE Rated`` setting the ``###`` lines state ("" for none, or no line), and the
    other lines, as given; a line whose value does not read is a warning line appended to
    ``warnings``."""
    rated: str | None = None
    others: list[tuple[int, str]] = []
    for line_no, line in lines:
        found = _LINE.match(line)
        if found is None:
            others.append((line_no, line))
            continue
        value = RATED_SPELLINGS.get(found["value"].casefold())
        if value is None:
            warnings.append(
                f"line {line_no}: {_SETTING} {found['value']!r} is not Standard, Rapid, Blitz "
                f"or No: {_SETTING} left empty in Swiss Settings"
            )
            value = ""
        rated = value
    return rated or "", others


def states_rated(text: str) -> bool:
    """Whether a TRF file's text has the line (:func:`rated_line`): without it ``trf import``
    says in its summary that ``FIDE Rated`` was left empty (:data:`NOT_STATED`)."""
    return any(_LINE.match(line.rstrip()) for line in text.splitlines())


#: What ``trf import`` says in its summary of a file without the line.
NOT_STATED = (
    f"{_SETTING} left empty: the file does not say whether the event is rated (TRF-2026 has no "
    "field for it)"
)


#: The prize settings of ``Swiss Settings`` a file carries, in the order they are written.
PRIZE_SETTINGS = ("Prize Sharing", "Prize Step", "One Prize Each")
_PRIZE_LINE = re.compile(rf"^### (?P<name>{'|'.join(PRIZE_SETTINGS)}): (?P<value>.*?)\s*$")


def _amount_text(amount: Fraction) -> str:
    """An amount as a number is written: ``5``, ``0.01`` (exactly, never in exponent form)."""
    if amount.denominator == 1:
        return str(amount.numerator)
    return format(Decimal(amount.numerator) / Decimal(amount.denominator), "f")


def _texts(read: PrizeSettings) -> dict[str, str]:
    return {
        "Prize Sharing": read.sharing,
        "Prize Step": _amount_text(read.step),
        # The words the setting reads, capitalised as typed ("No" alone is also a column alias)
        "One Prize Each": ("yes" if read.one_each else "no").capitalize(),
    }


def prize_lines(typed: Mapping[str, object], places: Mapping[str, Location]) -> list[str]:
    """The lines of the prize settings the book gives (``typed``: the settings as typed, by
    name, as :attr:`~ratingbook.events.settings.SwissSettings.end_of_event` holds them;
    ``places``: their cells), each in its canonical spelling; a value that does not read is
    the prize rules' error naming its cell."""
    given = {name: typed[name] for name in PRIZE_SETTINGS if name in typed}
    if not given:
        return []
    texts = _texts(prize_settings(given, places))
    return [f"### {name}: {texts[name]}" for name in given]


def read_prize_settings(
    lines: Sequence[tuple[int, str]], warnings: list[str]
) -> tuple[dict[str, object], list[tuple[int, str]]]:
    """The prize settings the ``###`` lines state, as ``Swiss Settings`` cells by name (the
    sharing and Yes or No as text, the step a number), and the other lines, as given; a line
    whose value does not read is a warning line appended to ``warnings``."""
    values: dict[str, object] = {}
    others: list[tuple[int, str]] = []
    for line_no, line in lines:
        found = _PRIZE_LINE.match(line)
        if found is None:
            others.append((line_no, line))
            continue
        name, value = found["name"], found["value"]
        try:
            read = prize_settings({name: value}, {})
        except RatingbookError:
            warnings.append(
                f"line {line_no}: {name} {value!r} does not read (see the end-of-event guide): "
                f"{name} left empty in Swiss Settings"
            )
            continue
        values[name] = _texts(read)[name] if name != "Prize Step" else money_value(read.step)
    return values, others


_PRIZE = "### Prize:"
#: A prize's line: its label, its amount and, after `` + ``, its object (which may hold `` + ``).
_ONE_PRIZE = re.compile(r"^### Prize: (?P<label>.*?): (?P<amount>.*?)(?: \+ (?P<item>.*))?$")
#: A label: the category (none: the place list), then the place, its ordinal's letters optional.
_LABEL = re.compile(r"(?:(?P<category>.*?\S) +)?(?P<place>\d+)(?:st|nd|rd|th)?", re.IGNORECASE)
#: The column a prize's label starts in (after ``### Prize: ``), counted from 1.
_LABEL_COLUMN = len(_PRIZE) + 2
_EXAMPLE = "'### Prize: U1800 2nd: 150 + Book'"
_LEFT_OUT = "left out of the Prizes sheet"


def prize_list_lines(prizes: Sequence[Prize]) -> list[str]:
    """The line of each prize (the ``Prizes`` sheet's, in its order); a prize whose line would
    not read back as it (a category holding ``: ``) is an error naming its cell."""
    lines: list[str] = []
    for prize in prizes:
        item = f" + {prize.item}" if prize.item else ""
        line = f"{_PRIZE} {prize.label}: {_amount_text(prize.amount)}{item}"
        if _read_prize(line) != prize:
            raise InvalidValueError(
                f"the prize {prize.label!r} cannot be written as a TRF line, whose label ends "
                "at its first ': ': write the category without ': '",
                prize.where,
                fields.CATEGORY,
            )
        lines.append(line)
    return lines


def _read_prize(line: str) -> Prize | tuple[int, str]:
    """The prize a line gives, or the column (from 1) and the problem of what does not read."""
    found = _ONE_PRIZE.match(line)
    label = _LABEL.fullmatch(found["label"]) if found is not None else None
    if found is None or label is None:
        return _LABEL_COLUMN, (
            f"prize {line.removeprefix(_PRIZE).strip()!r} does not read: expected its category "
            f"(none for the place prizes), its place and its amount, as in {_EXAMPLE}"
        )
    if int(label["place"]) < 1:
        return _LABEL_COLUMN + label.start("place"), "a place counts from 1 (1st)"
    amount_at = found.start("amount") + 1
    try:
        category = list_category(label["category"] or "")
    except RatingbookError as error:
        return _LABEL_COLUMN, error.problem
    try:
        amount = money(found["amount"], None, fields.VALUE)
    except RatingbookError as error:
        return amount_at, f"{error.problem} (0 for a prize that is only an object)"
    item = " ".join((found["item"] or "").split())
    prize = Prize(int(label["place"]), category, amount, item)
    if amount < 0 or prize.empty:
        return amount_at, f"amount {found['amount']!r}: a prize is money above 0 or an object"
    return prize


def read_prize_list(
    lines: Sequence[tuple[int, str]], warnings: list[str]
) -> tuple[tuple[Prize, ...], list[tuple[int, str]]]:
    """The prizes the ``###`` lines give, in their order, each located at its line, and the
    other lines, as given; a prize line that does not read, or a second prize for the same
    place of a list, is a warning line (naming line and column) appended to ``warnings``, and
    the prize is left out."""
    prizes: list[Prize] = []
    first: dict[tuple[str, int], int] = {}
    others: list[tuple[int, str]] = []
    for line_no, line in lines:
        if not line.startswith(_PRIZE):
            others.append((line_no, line))
            continue
        read = _read_prize(line)
        if isinstance(read, tuple):
            column, problem = read
            warnings.append(f"line {line_no}, column {column}: {problem}: {_LEFT_OUT}")
        elif read.key in first:
            warnings.append(
                f"line {line_no}, column {_LABEL_COLUMN}: a second prize for {read.label} (the "
                f"first is on line {first[read.key]}): {_LEFT_OUT}"
            )
        else:
            first[read.key] = line_no
            prizes.append(replace(read, where=Location(line=line_no)))
    return tuple(prizes), others


#: The team settings a team file carries as ``###`` lines, in the order of ``Team Settings``.
TEAM_LINE_SETTINGS = (
    COLOUR_PREFERENCES,
    RATING_BOARDS,
    FIDE_RATED,
    BOARD_PRIZE_ORDER,
    BOARD_PRIZE_GAMES,
    MAIN_SCORE_LOCK,
)
_TEAM_LINE = re.compile(
    rf"^### (?P<name>{'|'.join(TEAM_LINE_SETTINGS)}): (?P<value>.*?)\s*$", re.IGNORECASE
)
_TEAM_FIELDS = {
    COLOUR_PREFERENCES: "colours",
    RATING_BOARDS: "rating_boards",
    FIDE_RATED: "fide_rated",
    BOARD_PRIZE_ORDER: "board_prize_order",
    BOARD_PRIZE_GAMES: "board_prize_games",
    MAIN_SCORE_LOCK: "main_score_at_round_1",
}


def team_setting_lines(settings: TeamSettings) -> list[str]:
    """The lines of a team event's settings TRF-2026 has no record for (see the module text),
    each where the book's value is not the setting's default."""
    texts = {
        # Record 192 says the colour model of a team Swiss; a round robin's code has none.
        COLOUR_PREFERENCES: settings.colours
        if settings.round_robin and settings.colours != TeamSettings().colours
        else "",
        RATING_BOARDS: str(settings.rating_boards or ""),
        FIDE_RATED: "Yes" if settings.fide_rated else "",
        BOARD_PRIZE_ORDER: settings.board_prize_order
        if settings.board_prize_order != TeamSettings().board_prize_order
        else "",
        BOARD_PRIZE_GAMES: str(settings.board_prize_games or ""),
        MAIN_SCORE_LOCK: settings.main_score_at_round_1 or "",
    }
    return [f"### {name}: {text}" for name, text in texts.items() if text]


def _choice(value: str, choices: Sequence[str]) -> str:
    """The choice ``value`` spells (any case); InvalidValueError naming them when none."""
    found = next((c for c in choices if c.casefold() == value.casefold()), None)
    if found is None:
        raise InvalidValueError(f"{value!r} is not {', '.join(choices[:-1])} or {choices[-1]}")
    return found


def _team_value(name: str, value: str) -> object:
    """A team setting's value as its line gives it; InvalidValueError when it does not read."""
    if name == RATING_BOARDS:
        return whole_number(value, what="a number of boards, 1 or more", low=1)
    if name == BOARD_PRIZE_GAMES:
        return whole_number(value, what="a number of games, 1 or more", low=1)
    if name == FIDE_RATED:
        return flag(value)
    choices = {COLOUR_PREFERENCES: COLOUR_MODELS, BOARD_PRIZE_ORDER: BOARD_PRIZE_ORDERS}
    return _choice(value, choices.get(name, MAIN_SCORES))


def read_team_setting_lines(
    lines: Sequence[tuple[int, str]], warnings: list[str]
) -> dict[str, object]:
    """The team settings the ``###`` lines state, by :class:`~ratingbook.events.team.
    TeamSettings` field; a line whose value does not read is a warning line (naming its line
    and column) appended to ``warnings``, and the setting is left empty (its default)."""
    values: dict[str, object] = {}
    for line_no, line in lines:
        found = _TEAM_LINE.match(line)
        if found is None:
            continue
        value = found["value"]
        name = next(n for n in TEAM_LINE_SETTINGS if n.casefold() == found["name"].casefold())
        try:
            values[_TEAM_FIELDS[name]] = _team_value(name, value)
        except RatingbookError as error:
            warnings.append(
                f"line {line_no}, column {found.start('value') + 1}: {name} {error.problem}: "
                f"{name} left empty in Team Settings"
            )
            values.pop(_TEAM_FIELDS[name], None)
    return values


_ORDER = "Teams Sheet Order"
_ORDER_LINE = re.compile(rf"^### {_ORDER}: (?P<value>.*?)\s*$")


def teams_order_line(pairing_numbers: Sequence[int]) -> list[str]:
    """The line of the order the ``Teams`` sheet lists the teams in (``pairing_numbers``: each
    team's, in that order), or none where it is the pairing numbers' own order."""
    if list(pairing_numbers) == sorted(pairing_numbers):
        return []
    return [f"### {_ORDER}: {' '.join(map(str, pairing_numbers))}"]


def read_teams_order(
    lines: Sequence[tuple[int, str]], numbers: Collection[int], warnings: list[str]
) -> list[int] | None:
    """The pairing numbers of the teams in the ``Teams`` sheet's order, as the line gives them
    (None: no line); a line that is not each of ``numbers`` (the file's teams) once is a
    warning line (naming its line and column) appended to ``warnings``, and None."""
    order: list[int] | None = None
    for line_no, line in lines:
        found = _ORDER_LINE.match(line)
        if found is None:
            continue
        order, problem = [], ""
        for token in re.finditer(r"\S+", found["value"]):
            column = found.start("value") + token.start() + 1
            number = int(token[0]) if token[0].isdigit() else 0
            if number not in numbers:
                problem = f"column {column}: {token[0]!r} is not a team's pairing number"
                break
            if number in order:
                problem = f"column {column}: team {number} is listed twice"
                break
            order.append(number)
        if not problem and set(order) != set(numbers):
            missing = sorted(set(numbers) - set(order))
            listed = ", ".join(map(str, missing))
            problem = f"column {found.start('value') + 1}: " + (
                f"team {listed} is not listed"
                if len(missing) == 1
                else f"teams {listed} are not listed"
            )
        if problem:
            warnings.append(
                f"line {line_no}, {problem}: the Teams sheet lists the teams in pairing-number "
                "order"
            )
            order = None
    return order
