"""Tests for :mod:`ratingbook.season.periods`: rating periods and late results.

The calendar facts are the calendar's (2024-03-10 is a Sunday, 2024-03-11 a Monday, February
2024 has 29 days); the late-result property is checked against the rule written independently
here: with weekly or monthly periods an addition is late exactly when one of its games falls on
or before the last day of the last period rated, and the re-rating starts with the period of
its earliest game.
"""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers.season_events import d, hand_event

from ratingbook.core.results import Result
from ratingbook.season import (
    PeriodLength,
    Season,
    add_events,
    cut_periods,
    event_periods,
    late_result,
    rated_games,
)

W, B, DRAW = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW

JAN = hand_event("January", "jan.pgn", [(d("2024-01-31"), 1, "Ann", "Bob", W)])
MAR = hand_event(
    "March",
    "mar.pgn",
    [
        (d("2024-03-11"), 1, "Ann", "Cid", DRAW),
        (d("2024-03-10"), 1, "Bob", "Dee", B),
        (d("2024-03-11"), 2, "Bob", None, Result.PAIRING_BYE),
    ],
)


def spans(periods: tuple) -> list[tuple[str, str, int]]:
    return [(f"{p.start}", f"{p.end}", len(p.games)) for p in periods]


def test_months_are_calendar_months_without_a_gap() -> None:
    periods = cut_periods([JAN, MAR], PeriodLength.MONTH)
    assert spans(periods) == [
        ("2024-01-01", "2024-01-31", 1),
        ("2024-02-01", "2024-02-29", 0),  # no game: a period all the same (Glicko's RD grows)
        ("2024-03-01", "2024-03-31", 3),
    ]
    assert [p.index for p in periods] == [0, 1, 2]


def test_weeks_start_on_monday() -> None:
    periods = cut_periods([MAR], PeriodLength.WEEK)
    assert spans(periods) == [("2024-03-04", "2024-03-10", 1), ("2024-03-11", "2024-03-17", 2)]


def test_games_keep_the_order_date_event_round() -> None:
    (march,) = cut_periods([MAR], PeriodLength.MONTH)
    assert [(g.date.day, g.round, g.white.name) for g in march.games] == [
        (10, 1, "Bob"),
        (11, 1, "Ann"),
        (11, 2, "Bob"),
    ]
    each = cut_periods([JAN, MAR], PeriodLength.GAME)
    assert [(p.start.isoformat(), p.games[0].white.name) for p in each] == [
        ("2024-01-31", "Ann"),
        ("2024-03-10", "Bob"),
        ("2024-03-11", "Ann"),
        ("2024-03-11", "Bob"),
    ]


def test_each_event_is_a_period_in_the_order_of_its_dates() -> None:
    periods = cut_periods([MAR, JAN], PeriodLength.EVENT)  # March added first
    assert [p.events for p in periods] == [(JAN.id,), (MAR.id,)]
    assert spans(periods) == [("2024-01-31", "2024-01-31", 1), ("2024-03-10", "2024-03-11", 3)]


def test_each_event_gets_its_periods() -> None:
    assert event_periods(cut_periods([JAN, MAR], PeriodLength.MONTH)) == {
        JAN.id: (0,),
        MAR.id: (2,),
    }
    # Weeks from Monday 2024-01-29 (0): 2024-03-04 is week 5, 2024-03-11 week 6.
    assert event_periods(cut_periods([JAN, MAR], PeriodLength.WEEK))[MAR.id] == (5, 6)


def test_rated_games_leave_out_byes_forfeits_and_unknown_results() -> None:
    odd = hand_event(
        "Odd",
        "odd.pgn",
        [
            (d("2024-03-12"), 1, "Ann", "Bob", Result.WHITE_WINS_BY_FORFEIT),
            (d("2024-03-12"), 1, "Cid", "Dee", None),
            (d("2024-03-12"), 1, "Eve", None, Result.HALF_POINT_BYE),
            (d("2024-03-12"), 2, "Ann", "Eve", Result.BLACK_WINS),
        ],
    )
    (period,) = cut_periods([odd], PeriodLength.MONTH)
    rows = rated_games(period, lambda p: p.name.upper())
    assert [(w, b, s) for w, b, s, _ in rows] == [("ANN", "EVE", 0.0)]
    assert rows[0][3] is odd.games[3]


# --- late results --------------------------------------------------------------------------------

FEB = hand_event("February", "feb.pgn", [(d("2024-02-14"), 1, "Cid", "Ann", W)])
MAR_LATE = hand_event("March late", "mar-late.pgn", [(d("2024-03-30"), 1, "Dee", "Ann", W)])
APR = hand_event("April", "apr.pgn", [(d("2024-04-02"), 1, "Dee", "Ann", W)])


@pytest.mark.parametrize(
    ("added", "length", "first_period"),
    [
        (FEB, PeriodLength.MONTH, "2024-02-01"),  # a month already rated (empty) changes
        (MAR_LATE, PeriodLength.MONTH, "2024-03-01"),  # the last month rated changes
        (APR, PeriodLength.MONTH, None),  # after every rated month: not late
        (FEB, PeriodLength.EVENT, "2024-02-14"),  # before March's event
        (MAR_LATE, PeriodLength.EVENT, None),  # after March's event's first day
        (FEB, PeriodLength.WEEK, "2024-02-12"),  # the Monday of its week
        (FEB, PeriodLength.GAME, "2024-02-14"),
    ],
)
def test_a_late_event_re_rates_from_the_first_period_it_changes(
    added: object, length: PeriodLength, first_period: str | None
) -> None:
    late = late_result([JAN, MAR], [added], length)  # type: ignore[list-item]
    if first_period is None:
        assert late is None
        return
    assert late is not None
    assert late.rerate_from.start.isoformat() == first_period
    assert late.event == added.id  # type: ignore[attr-defined]
    assert late.first_date == added.games[0].date  # type: ignore[attr-defined]
    # The period it names is the season's with the event in it.
    assert late.rerate_from in cut_periods([JAN, MAR, added], length)  # type: ignore[list-item]


def test_adding_a_late_event_says_where_to_re_rate_from() -> None:
    season = add_events(Season(length=PeriodLength.MONTH), [JAN, MAR]).season
    addition = add_events(season, [FEB])
    assert addition.ok and addition.late is not None
    assert (addition.late.rerate_from.index, addition.late.rerate_from.start) == (
        1,
        d("2024-02-01"),
    )
    assert addition.season.events == (JAN, MAR, FEB)
    assert add_events(addition.season, [APR]).late is None


DAYS = st.dates(min_value=dt.date(2023, 11, 1), max_value=dt.date(2024, 6, 30))


def _first_of(day: dt.date, length: PeriodLength) -> dt.date:
    if length is PeriodLength.WEEK:
        return day - dt.timedelta(days=day.weekday())
    return day.replace(day=1)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(DAYS, min_size=1, max_size=8),
    st.lists(DAYS, min_size=1, max_size=4),
    st.sampled_from([PeriodLength.WEEK, PeriodLength.MONTH]),
)
def test_late_exactly_when_a_game_falls_in_or_before_the_last_rated_period(
    rated_days: list[dt.date], added_days: list[dt.date], length: PeriodLength
) -> None:
    rated = hand_event("R", "r.pgn", [(day, None, "Ann", "Bob", W) for day in rated_days])
    added = hand_event("A", "a.pgn", [(day, None, "Cid", "Dee", DRAW) for day in added_days])
    before = cut_periods([rated], length)
    late = late_result([rated], [added], length)
    assert (late is not None) == (min(added_days) <= before[-1].end)
    if late is not None:
        assert late.rerate_from.start == _first_of(min(added_days), length)
    after = cut_periods([rated, added], length)
    # Every game in exactly one period, on a day of it; the periods follow each other.
    games = [g for p in after for g in p.games]
    assert sorted(map(id, games)) == sorted(map(id, (*rated.games, *added.games)))
    assert all(p.start <= g.date <= p.end for p in after for g in p.games)
    assert all(a.end + dt.timedelta(days=1) == b.start for a, b in itertools.pairwise(after))
