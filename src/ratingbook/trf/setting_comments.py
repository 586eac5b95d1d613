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
  is the same default. The ``Prizes`` sheet (the prizes themselves) is not carried.

Other programs ignore ``###`` lines. A line whose value does not read is a warning naming its
line, and the setting is left empty. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from ratingbook.errors import Location, RatingbookError
from ratingbook.events.prize_rules import PrizeSettings, prize_settings
from ratingbook.events.settings import BLANK_MEANS, RATED_SPELLINGS

__all__ = [
    "NOT_STATED",
    "PRIZE_SETTINGS",
    "prize_lines",
    "rated_line",
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


def _step_text(step: Fraction) -> str:
    """An amount as a number is written: ``5``, ``0.01`` (exactly, never in exponent form)."""
    if step.denominator == 1:
        return str(step.numerator)
    return format(Decimal(step.numerator) / Decimal(step.denominator), "f")


def _texts(read: PrizeSettings) -> dict[str, str]:
    return {
        "Prize Sharing": read.sharing,
        "Prize Step": _step_text(read.step),
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
        text = _texts(read)[name]
        step = read.step
        values[name] = (
            text
            if name != "Prize Step"
            else (step.numerator if step.denominator == 1 else float(step))
        )
    return values, others
