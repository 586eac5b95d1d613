"""Tests for :mod:`ratingbook.events.long_event` and :mod:`ratingbook.events.periods`: an
event over 30 days, rated in periods.

The rules as FIDE's checklist (VCL Q210-216) and FIDE's rating administration are quoted by
Sharly-Chess (its issues #1514 and #2320): a flag for such an event; several ratings for each
player, each linked to the rounds it applies to; each period's report holding only its own
rounds; rating-based tie-breaks (C.07 art. 10) advised against, computed with the first
rating by default. Every expected value here is written by hand from those texts.
"""

from __future__ import annotations

import pytest

from ratingbook.core.results import Result
from ratingbook.core.tables import Row
from ratingbook.errors import InvalidValueError, Location
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.long_event import (
    period_event,
    period_rating,
    periods_of,
    rating_tiebreak_warning,
    rating_tiebreaks,
    reported,
)
from ratingbook.events.periods import RatingPeriod, parse_periods, parse_tiebreak_rating
from ratingbook.events.settings import SwissSettings
from ratingbook.workbook.sheets.settings_rows import read_settings

PERIODS = [
    # typed, the periods as (first, last, month)
    ("1-2 2026-09, 3-6 2026-10", [(1, 2, "2026-09"), (3, 6, "2026-10")]),
    ("1-3; 4-5; 6", [(1, 3, ""), (4, 5, ""), (6, 6, "")]),
    ("1 - 2  2026-09 ,3-4", [(1, 2, "2026-09"), (3, 4, "")]),
]


@pytest.mark.parametrize(("typed", "expected"), PERIODS)
def test_rating_periods_are_read_as_typed(typed: str, expected: list[tuple[int, int, str]]) -> None:
    periods = parse_periods(typed)
    assert [(p.first, p.last, p.month) for p in periods] == expected
    assert [p.number for p in periods] == list(range(1, len(expected) + 1))


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("2-3", "period 1 must start at round 1"),
        ("1-2, 4-5", "period 2 must start at round 3"),
        ("1-2, 3-1", "period 2 must start at round 3 and end at or after it"),
        ("1-2 September", "expected a period's rounds"),
        (", ".join(f"{r}" for r in range(1, 14)), "13 periods; at most 12"),
    ],
)
def test_rating_periods_that_do_not_follow_each_other_are_refused(typed: str, said: str) -> None:
    with pytest.raises(InvalidValueError, match=said):
        parse_periods(typed, Location("Swiss Settings", 9))


def test_rating_periods_without_over_30_days_are_an_error_at_their_cell() -> None:
    rows = [
        Row({"Setting": "Rating Periods", "Value": "1-2, 3-4"}, Location("Swiss Settings", 3)),
    ]
    with pytest.raises(InvalidValueError) as error:
        read_settings(rows)
    assert "set Over 30 Days to On" in str(error.value)
    assert "row 3" in str(error.value)


def test_the_last_period_runs_to_the_last_round_and_no_periods_is_one() -> None:
    settings = SwissSettings(rounds=7, over_30_days=True, rating_periods=parse_periods("1-2, 3-4"))
    assert [(p.first, p.last) for p in periods_of(settings)] == [(1, 2), (3, 7)]
    assert [(p.first, p.last) for p in periods_of(SwissSettings(rounds=5))] == [(1, 5)]


def test_a_blank_later_rating_keeps_the_period_before() -> None:
    # Rating 2 blank (unchanged in period 2's list), Rating 3 = 1850.
    player = SwissPlayer("Anna", rating=1800, period_ratings=(None, 1850))
    assert [period_rating(player, n) for n in (1, 2, 3, 4)] == [1800, 1800, 1850, 1850]


def test_the_rating_tiebreaks_are_c07_article_10s() -> None:
    codes = ("BH/C1", "ARO/C1", "SB", "TPR", "PTP", "APRO", "APPO", "RTNG/R", "DE", "TPN")
    assert rating_tiebreaks(codes) == ["ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG/R"]


def test_rating_tiebreaks_are_advised_against_only_over_30_days() -> None:
    long = SwissSettings(tiebreaks=("BH", "ARO", "TPR"), over_30_days=True)
    said = rating_tiebreak_warning(long)
    assert "rating tie-breaks (ARO, TPR) are not recommended" in said
    assert "first rating" in said  # which rating they use (C.07 art. 10's default)
    assert rating_tiebreak_warning(SwissSettings(tiebreaks=("BH", "ARO"))) == ""
    assert rating_tiebreak_warning(SwissSettings(tiebreaks=("BH", "SB"), over_30_days=True)) == ""


def _league() -> SwissEvent:
    players = (
        SwissPlayer("Anna", 2000, period_ratings=(2010,)),
        SwissPlayer("Boris", 1900),
        SwissPlayer("Carl", 1800, period_ratings=(1790,)),
        SwissPlayer("Dana", 1700, withdrawn=3),
    )
    rows = (
        SwissEntry(1, 1, "Anna", "Dana", Result.WHITE_WINS),
        SwissEntry(1, 2, "Boris", "Carl", Result.DRAW),
        SwissEntry(2, 1, "Dana", "Carl", Result.BLACK_WINS),
        SwissEntry(2, 2, "Anna", "Boris", Result.DRAW),
        SwissEntry(3, 1, "Carl", "Anna", Result.BLACK_WINS),
        SwissEntry(3, 2, "Boris", None, Result.PAIRING_BYE),
    )
    settings = SwissSettings(
        rounds=3,
        event_name="League",
        over_30_days=True,
        rating_periods=parse_periods("1-2 2026-09, 3 2026-10"),
        round_dates=("2026-09-05", "2026-09-26", "2026-10-10"),
    )
    return SwissEvent(players, rows, settings)


def test_a_periods_own_event_holds_its_rounds_numbered_from_1_at_its_ratings() -> None:
    event = _league()
    second = event.settings.rating_periods[1]
    own = period_event(event, second, own_file=True)
    # Dana withdrew before round 3: no row in period 2, so not in its file.
    assert [(p.name, p.rating, p.number) for p in own.players] == [
        ("Anna", 2010, 1),
        ("Boris", 1900, 2),
        ("Carl", 1790, 3),
    ]
    assert [(e.round, e.white, e.black) for e in own.entries] == [
        (1, "Carl", "Anna"),
        (1, "Boris", None),
    ]
    assert own.settings.rounds == 1
    assert str(own.settings.start_date) == "2026-10-10"  # the period's first round
    assert own.settings.event_name == "League, period 2 (round 3, list 2026-10)"
    # Seen from the whole event, the period keeps its round numbers and every player.
    within = period_event(event, second)
    assert {e.round for e in within.entries} == {3}
    assert len(within.players) == 4


def test_the_tiebreak_rating_is_the_first_or_a_period() -> None:
    assert [parse_tiebreak_rating(t) for t in ("First", "period 2", " Period  3 ", "4")] == [
        1, 2, 3, 4,
    ]  # fmt: skip
    for wrong in ("Last", "Period 0", "Period 13", "each round"):
        with pytest.raises(InvalidValueError, match="expected First"):
            parse_tiebreak_rating(wrong)


def test_the_logs_report_rows_are_read_back() -> None:
    digest = "ab" * 32
    text = f"period 2 (rounds 3-6, list 2026-10): sha256 {digest}"
    assert RatingPeriod(2, 3, 6, "2026-10").label + f": sha256 {digest}" == text
    assert reported([text, "something else"]) == {2: (range(3, 7), digest)}
