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


def test_a_game_not_rated_for_the_player_is_said_and_the_change_is_the_ratings_shown() -> None:
    """1500 beats a 1500 (K 20: +10) and a newcomer unrated at the period's start (not rated
    for him); kept unrounded, 1500.4 -> 1510.6 is shown 1500 -> 1511, so the sentence says
    +11, the difference of the ratings shown, not +10.2."""
    from ratingbook.ratings.season_model import KChange

    line = PeriodLine(
        player="1",
        before=1500.4,
        after=1510.6,
        games=1,
        score=1.0,
        expected=0.5,
        opponents_average=1500.0,
        provisional=False,
        why=KChange(k=20, rule="everyone", exact=10.2),
        not_rated=1,
    )
    assert change_sentence(line) == (
        "+11: 1 of 1 against an average of 1500, expected 0.50, K 20 (everyone); "
        "1 game against a newcomer unrated at the start not counted"
    )


def test_games_against_two_newcomers_are_said_in_the_plural() -> None:
    """Two games not counted, against two newcomers: "newcomers", not "a newcomer"."""
    from ratingbook.ratings.season_model import KChange

    line = PeriodLine(
        "1", 1500.0, 1510.0, 1, 1.0, 0.5, 1500.0, False, KChange(20, "everyone", 10.0), (), 2
    )
    assert change_sentence(line, newcomers=2).endswith(
        "; 2 games against newcomers unrated at the start not counted"
    )


def test_a_period_of_games_only_against_newcomers_says_none_counted() -> None:
    """Gawain Jones's six Kilkenny games, each against a newcomer (three of them): no change,
    and why."""
    from ratingbook.ratings.season_model import KChange

    line = PeriodLine(
        "1",
        2500.0,
        2500.0,
        0,
        0.0,
        None,
        None,
        False,
        KChange(10, "rated 2400 or more", 0.0),
        (),
        6,
    )
    assert change_sentence(line, newcomers=3) == (
        "±0: no games counted; 6 games against newcomers unrated at the start not counted"
    )


def test_an_expected_score_is_spelt_with_two_decimals_as_list_history_shows_it() -> None:
    """A 1376 scores 1 of 3, expected 0.3 in all: the user test's sentence wrote "expected 0.3"
    where List History (number format 0.00) showed 0.30. 1376 + 20 x (1 - 0.3) = 1390."""
    from ratingbook.ratings.season_model import KChange
    from ratingbook.reports.season_tables import EXPECTED_FORMAT, expected_text

    line = PeriodLine(
        "8", 1376.0, 1390.0, 3, 1.0, 0.3, 1600.0, False, KChange(20, "everyone", 14.0)
    )
    assert change_sentence(line) == (
        "+14: 1 of 3 against an average of 1600, expected 0.30, K 20 (everyone)"
    )
    assert (EXPECTED_FORMAT, expected_text(0.8), expected_text(2.214)) == ("0.00", "0.80", "2.21")
