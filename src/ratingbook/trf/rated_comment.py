"""Whether the event is FIDE-rated, as ratingbook's ``###`` line: what ``trf export`` writes
after the tournament records and ``trf import`` reads back into ``FIDE Rated``.

TRF-2026 has no field that says an event is rated, or for which list: record 072 counts the
rated players, 092 and 192 give the type of tournament, 122 and 222 the time control, and no
record names the rating list. So the file says it in words, as it says the Event Log:
``### FIDE Rated: Standard`` (``Rapid``, ``Blitz``), or ``### FIDE Rated: No`` for an event
that is not rated (the ``FIDE Rated`` setting's own words,
:data:`~ratingbook.events.settings.RATED_SPELLINGS`). Other programs ignore ``###`` lines. A
file without the line (any other program's) leaves ``FIDE Rated`` empty, and ``trf import``'s
summary says so (:data:`NOT_STATED`): it is never dropped silently. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ratingbook.events.settings import BLANK_MEANS, RATED_SPELLINGS

__all__ = ["NOT_STATED", "rated_line", "read_rated", "states_rated"]

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
