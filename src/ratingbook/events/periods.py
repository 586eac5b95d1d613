"""The rating periods of an event over 30 days, as values: the settings' names, a period,
and the ``Rating Periods`` setting's spelling (FIDE's checklist Q210 and Q212; what the periods
mean for the event is :mod:`ratingbook.events.long_event`'s). Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ratingbook.core import fields
from ratingbook.errors import InvalidValueError, Location

__all__ = [
    "MAX_PERIODS",
    "OVER_30_DAYS",
    "RATING_PERIODS",
    "TIEBREAK_RATING",
    "RatingPeriod",
    "parse_periods",
    "parse_tiebreak_rating",
]

#: The settings: the flag (checklist Q210) and the rounds of each period (Q212).
OVER_30_DAYS = "Over 30 Days"
RATING_PERIODS = "Rating Periods"
#: Which of his ratings a player's rating tie-breaks use (Q214-216): ``First`` (C.07 art. 10's
#: default, period 1's) or ``Period N``.
TIEBREAK_RATING = "Tie-break Rating"
#: The most periods an event may have (a year of monthly lists and more: leagues run for
#: months, FIDE publishes a list every month).
MAX_PERIODS = 12

_PERIOD = re.compile(r"^(\d+)(?:\s*-\s*(\d+))?(?:\s+(\d{4}-\d{2}))?$")


@dataclass(frozen=True, slots=True)
class RatingPeriod:
    """A rating period of an event over 30 days: its number (1 first), its first and last
    rounds, and the month of the list its ratings come from (``YYYY-MM``; "" not said)."""

    number: int
    first: int
    last: int
    month: str = ""

    @property
    def rounds(self) -> range:
        return range(self.first, self.last + 1)

    @property
    def label(self) -> str:
        """``period 2 (rounds 3-6, list 2026-10)``."""
        rounds = f"round {self.first}" if self.first == self.last else (
            f"rounds {self.first}-{self.last}"
        )  # fmt: skip
        month = f", list {self.month}" if self.month else ""
        return f"period {self.number} ({rounds}{month})"


def parse_periods(value: str, where: Location | None = None) -> tuple[RatingPeriod, ...]:
    """The periods ``Rating Periods`` gives: comma- or semicolon-separated round ranges, each
    with its list's month if wished, from round 1 on without a gap.

    >>> [p.label for p in parse_periods("1-2 2026-09, 3-6 2026-10; 7")]
    ['period 1 (rounds 1-2, list 2026-09)', 'period 2 (rounds 3-6, list 2026-10)', \
'period 3 (round 7)']
    """
    periods: list[RatingPeriod] = []
    parts = [p.strip() for p in re.split(r"[,;]", value) if p.strip()]
    for part in parts:
        found = _PERIOD.match(" ".join(part.split()))
        if found is None:
            raise InvalidValueError(
                f"Rating Periods {part!r}: expected a period's rounds and, if wished, its "
                "list's month, e.g. 1-2 2026-09, 3-6 2026-10",
                where,
                fields.VALUE,
            )
        first = int(found.group(1))
        last = int(found.group(2) or first)
        expected = periods[-1].last + 1 if periods else 1
        if first != expected or last < first:
            raise InvalidValueError(
                f"Rating Periods {part!r}: period {len(periods) + 1} must start at round "
                f"{expected} and end at or after it (the periods follow each other from "
                "round 1)",
                where,
                fields.VALUE,
            )
        periods.append(RatingPeriod(len(periods) + 1, first, last, found.group(3) or ""))
    if len(periods) > MAX_PERIODS:
        raise InvalidValueError(
            f"Rating Periods: {len(periods)} periods; at most {MAX_PERIODS}", where, fields.VALUE
        )
    return tuple(periods)


def parse_tiebreak_rating(value: str, where: Location | None = None) -> int:
    """The period whose ratings the rating tie-breaks use, as ``Tie-break Rating`` says it:
    ``First`` (1), ``Period 2`` or ``2``.

    >>> [parse_tiebreak_rating(text) for text in ("First", "period 3", "2")]
    [1, 3, 2]
    """
    key = " ".join(value.casefold().split())
    if key == "first":
        return 1
    found = re.fullmatch(r"(?:period )?(\d+)", key)
    if found is None or not 1 <= int(found.group(1)) <= MAX_PERIODS:
        raise InvalidValueError(
            f"Tie-break Rating {value!r}: expected First (each player's first rating, C.07's "
            "default) or a rating period, e.g. Period 2",
            where,
            fields.VALUE,
        )
    return int(found.group(1))
