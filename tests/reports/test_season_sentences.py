"""A rating list's sentences say the figures as the sheets round them (issue 35)."""

from __future__ import annotations

from ratingbook.ratings.season_model import PerformanceChange, PeriodLine
from ratingbook.reports.season_tables import change_sentence


def test_a_first_rating_and_its_performance_are_rounded_alike() -> None:
    """The user test's case: opponents 1924 and 1529 (average 1726.5), half a point of two,
    performance 1526.5 (a loss, 1924 - 400, and a draw, 1529), rated 1527 (half up). The
    sentence said "average of 1726, performance 1526" beside 1527 (Python's round() rounds a
    half to even)."""
    line = PeriodLine(
        player="1",
        before=None,
        after=1527.0,
        games=2,
        score=0.5,
        expected=None,
        opponents_average=1726.5,
        provisional=False,
        why=PerformanceChange(performance=1526.5, earlier_games=0, earlier_rating=None),
    )
    assert change_sentence(line) == (
        "first rating 1527: ½ of 2 against an average of 1727, performance 1527"
    )
