"""Events over 30 days: their rating periods, each player's rating in each, and each period's
rated event (FIDE's 2026 acceptance checklist, questions 210-216).

The one home of these rules. What they follow:

- FIDE's rating regulations (B.02) rate a tournament lasting more than 30 days in periods: the
  games of each period are rated with the list valid at that time, and the TEC Manual's
  consistency checks compare with "the list valid for the month in which the tournament
  started, for tournaments lasting 30 days or less; the list valid for the current month,
  otherwise" (as Sharly-Chess quotes it, its issue #1514).
- FIDE's rating administration (the QC secretary, as quoted there): each period's file holds
  only the games to be rated for that period ("if you submit a file for round 1-2 in
  September, only submit results for rounds 3-6 in October").
- The checklist (VCL, Q210-216, as Sharly-Chess's issues #1514 and #2320 quote it): a flag for
  such an event; two or more ratings for each player, each linked to the rounds it applies to;
  rating-based tie-breaks computed with the first rating by default (C.07 art. 10) and advised
  against.

The ``Over 30 Days`` setting is the flag; ``Rating Periods`` links rounds to periods (``1-2
2026-09, 3-6 2026-10``: each period's rounds and, for the record, its list's month); each
player's ``Rating`` is his rating in period 1 and ``Rating 2``, ``Rating 3``... in the later
ones (blank: unchanged); those names and a period's value are :mod:`ratingbook.events.periods`'.
Pure: the event's values in, values out.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from dataclasses import replace

from ratingbook.core.results import Result
from ratingbook.errors import InvalidValueError
from ratingbook.events.codes import TIEBREAKS, tiebreak_base
from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.events.periods import RatingPeriod
from ratingbook.events.settings import SwissSettings, date_value

__all__ = [
    "last_finished_period",
    "period_event",
    "period_of_round",
    "period_rating",
    "periods_of",
    "rating_tiebreak_warning",
    "rating_tiebreaks",
    "report_text",
    "reported",
    "tiebreak_event",
    "waiting_rounds",
]


def periods_of(settings: SwissSettings, paired_rounds: int = 0) -> tuple[RatingPeriod, ...]:
    """The event's periods: ``Rating Periods``, the last one running to the last round; with
    none given, one period of every round."""
    last = max(settings.rounds or 0, paired_rounds, 1)
    if not settings.rating_periods:
        return (RatingPeriod(1, 1, last),)
    periods = list(settings.rating_periods)
    if periods[-1].last < last:  # the rounds after the last period given belong to it
        periods[-1] = replace(periods[-1], last=last)
    return tuple(periods)


def period_of_round(settings: SwissSettings, round_number: int) -> RatingPeriod:
    """The period round ``round_number`` belongs to."""
    for period in periods_of(settings, round_number):
        if round_number in period.rounds:
            return period
    raise ValueError(round_number)  # periods_of covers every round up to round_number


def period_rating(player: SwissPlayer, period: int) -> int | None:
    """The player's rating in ``period``: ``Rating`` in period 1, then the last of ``Rating 2``
    ... up to that period that is filled (a blank one: the rating did not change)."""
    rating = player.rating
    for value in player.period_ratings[: max(period - 1, 0)]:
        if value is not None:
            rating = value
    return rating


def period_event(event: SwissEvent, period: RatingPeriod, *, own_file: bool = False) -> SwissEvent:
    """The event as rated in ``period``: its rounds' rows, each player at his rating of that
    period. ``own_file``: as the period's own rating report (its own FIDE tournament: the
    rounds numbered from 1, only the players with a row in them, numbered in the event's start
    order, its first round's date as its start when ``Round Dates`` gives it)."""
    entries = tuple(e for e in event.entries if e.round in period.rounds)
    players = tuple(replace(p, rating=period_rating(p, period.number)) for p in event.start_order)
    settings = event.settings
    if not own_file:
        return replace(event, players=players, entries=entries)
    shift = period.first - 1
    present = {name for e in entries for name in e.players()}
    kept = [p for p in players if p.name in present]
    players = tuple(
        replace(
            p,
            number=number,
            withdrawn=None if p.withdrawn is None else max(p.withdrawn - shift, 1),
        )
        for number, p in enumerate(kept, start=1)
    )
    dates = settings.round_dates[shift : period.last]
    settings = replace(
        settings,
        rounds=period.last - shift,
        round_dates=dates,
        start_date=_first_date(dates) or settings.start_date,
        event_name=", ".join(n for n in (settings.event_name, period.label) if n),
        # Its own tournament: its rating tie-breaks use the ratings its file holds (this
        # period's), as whoever reads the file computes them, not the event's Tie-break Rating.
        tiebreak_period=1,
    )
    return replace(
        event,
        players=players,
        entries=tuple(replace(e, round=e.round - shift) for e in entries),
        settings=settings,
        numbering=None,
    )


def _first_date(dates: Sequence[str]) -> _dt.date | None:
    """The period's first round's date, when its record gives one that reads as a date."""
    try:
        return date_value(dates[0]) if dates else None
    except InvalidValueError:
        return None


def rating_tiebreaks(codes: Sequence[str]) -> list[str]:
    """The codes of ``codes`` that count ratings: C.07 art. 10's (ARO, TPR, PTP, APRO, APPO,
    RTNG, with their modifiers)."""
    return [c for c in codes if TIEBREAKS[tiebreak_base(c)].article.startswith("10.")]


def tiebreak_event(event: SwissEvent) -> SwissEvent:
    """The event as its rating tie-breaks see it: each player at his rating of the period
    ``Tie-break Rating`` names (the first by default, C.07 art. 10; Q214-216), his start number
    unchanged."""
    number = event.settings.tiebreak_period
    if number == 1:
        return event
    players = tuple(replace(p, rating=period_rating(p, number)) for p in event.players)
    return replace(event, players=players, numbering=event.numbered())


def rating_tiebreak_warning(settings: SwissSettings) -> str:
    """What to say ("" : nothing) when an event over 30 days lists a rating tie-break: the
    checklist (Q211) asks that they are advised against; which rating they use is said
    (``Tie-break Rating``: the first by default, C.07 art. 10)."""
    listed = rating_tiebreaks(settings.tiebreaks)
    if not settings.over_30_days or not listed:
        return ""
    number = settings.tiebreak_period
    uses = (
        "each player's first rating (the Rating column, period 1's list, C.07 art. 10), not "
        "Rating 2 or a later one"
        if number == 1
        else f"each player's rating of period {number} (Rating {number}, as Tie-break Rating "
        "says), not the first one (C.07 art. 10's default)"
    )
    return (
        f"rating tie-breaks ({', '.join(listed)}) are not recommended in an event over 30 days "
        f"(FIDE's checklist, Q211): a player's rating changes from one period to the next; they "
        f"use {uses}"
    )


def report_text(period: RatingPeriod, digest: str) -> str:
    """What the Event Log's ``Period Report`` row says of a period's report: the period and
    the SHA-256 of its file (``period 2 (rounds 3-6, list 2026-10): sha256 <64 digits>``)."""
    return f"{period.label}: sha256 {digest}"


_REPORTED = re.compile(r"^period (\d+) \(rounds? (\d+)(?:-(\d+))?[^)]*\): sha256 ([0-9a-f]{64})$")


def reported(texts: Sequence[str]) -> dict[int, tuple[range, str]]:
    """The periods the log says were reported, from its ``Period Report`` rows' texts
    (:func:`report_text`): by period, its rounds and its file's SHA-256 (the first written:
    the report is frozen). A text of another shape is not a report."""
    out: dict[int, tuple[range, str]] = {}
    for text in texts:
        found = _REPORTED.match(text)
        if found is None:
            continue
        first = int(found.group(2))
        last = int(found.group(3) or first)
        out.setdefault(int(found.group(1)), (range(first, last + 1), found.group(4)))
    return out


def waiting_rounds(event: SwissEvent, period: RatingPeriod) -> list[int]:
    """The paired rounds of ``period`` with a game whose result is not in (missing, or an
    adjourned game's): a period's report holds results, so it waits for them."""
    return sorted(
        {
            e.round
            for e in event.entries
            if e.round in period.rounds and (e.result is None or e.result is Result.ADJOURNED)
        }
    )


def last_finished_period(event: SwissEvent) -> int | None:
    """The last period whose rounds are all paired with every result in (the one whose report
    is due; Excel's Report Period writes it), or None while the first is not finished."""
    finished = [
        p.number
        for p in periods_of(event.settings, event.paired_rounds)
        if event.paired_rounds >= p.last and not waiting_rounds(event, p)
    ]
    return finished[-1] if finished else None
