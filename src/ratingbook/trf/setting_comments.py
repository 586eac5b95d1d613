"""The settings TRF-2026 has no record for, as ratingbook's ``###`` lines: what ``trf export``
writes after the tournament records and ``trf import`` reads back into ``Swiss Settings``. This
module alone spells and reads these lines (the event's log is
:mod:`ratingbook.trf.log_comments`').

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

- **A team event's main score at round 1** (``Main Score at Round 1`` in ``Team Settings``,
  :data:`~ratingbook.events.team_settings.MAIN_SCORE_LOCK`, which the pairing of round 1
  writes so that changing ``Main Score`` later is an error): record 192 gives the main score,
  but not whether round 1 has fixed it. ``### Main Score at Round 1: Match Points`` (or
  ``Game Points``) where the book has it; no line where it has none.

Other programs ignore ``###`` lines. A setting's line whose value does not read is a warning
naming its line, and the setting is left empty; a prize's line that does not read (or a second
prize for the same place of a list) is a warning naming its line and column, and the prize is
left out. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from ratingbook.core import fields
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
from ratingbook.events.team import MAIN_SCORES, TeamSettings
from ratingbook.events.team_settings import MAIN_SCORE_LOCK

__all__ = [
    "NOT_STATED",
    "PRIZE_SETTINGS",
    "main_score_lock_lines",
    "prize_lines",
    "prize_list_lines",
    "rated_line",
    "read_main_score_lock",
    "read_prize_list",
    "read_prize_settings",
    "read_rated",
    "states_rated",
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


_LOCK_LINE = re.compile(rf"^### {re.escape(MAIN_SCORE_LOCK)}: (?P<value>.*?)\s*$", re.IGNORECASE)


def main_score_lock_lines(settings: TeamSettings) -> list[str]:
    """The line of a team event's ``Main Score at Round 1``, or none where it is not set."""
    lock = settings.main_score_at_round_1
    return [f"### {MAIN_SCORE_LOCK}: {lock}"] if lock else []


def read_main_score_lock(lines: Sequence[tuple[int, str]], warnings: list[str]) -> str | None:
    """The ``Main Score at Round 1`` the ``###`` lines state (None: no line), in its canonical
    spelling; a line whose value is neither main score is a warning line appended to
    ``warnings``, and the setting is left empty."""
    lock = None
    for line_no, line in lines:
        found = _LOCK_LINE.match(line)
        if found is None:
            continue
        value = next((s for s in MAIN_SCORES if s.casefold() == found["value"].casefold()), None)
        if value is None:
            warnings.append(
                f"line {line_no}: {MAIN_SCORE_LOCK} {found['value']!r} is not "
                f"{' or '.join(MAIN_SCORES)}: {MAIN_SCORE_LOCK} left empty in Team Settings"
            )
        lock = value
    return lock
