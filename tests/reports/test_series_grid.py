"""The series as tables (issue #35): Series Standings with a column per event, dropped results in
brackets, the bonus, total and events; Series Notes with a sentence a player and every tie."""

from __future__ import annotations

from tests.season.test_series import FEB, JAN, MAR, key_of

from ratingbook.reports.names import SERIES_NOTES, SERIES_STANDINGS
from ratingbook.reports.series_grid import series_grid, series_notes_grid
from ratingbook.season.model import SeasonPlayer
from ratingbook.season.series import series_standings
from ratingbook.season.series_settings import SeriesSettings

CLUBS = [SeasonPlayer("Ann", "Ann Lee", club="Hastings"), SeasonPlayer("Dan", "Dan Roe")]


def test_the_standings_grid_shows_drops_in_brackets() -> None:
    # best 2 of 3 (worked in test_series): Dan 21.5 + 18 (13.5 dropped) = 39.5 ... Ann 25 +
    # 13.5 (Mar's 13.5 dropped) = 38.5; a bonus of 1 an event adds 3 to each.
    s = series_standings([JAN, FEB, MAR], key_of, SeriesSettings(best=2, participation=1),
                         players=CLUBS)  # fmt: skip
    grid = series_grid(s)
    assert grid.name == SERIES_STANDINGS
    assert grid.header == ("Rank", "Name", "Club", "E1", "E2", "E3", "Bonus", "Total", "Events")
    assert [tuple(r) for r in grid.rows] == [
        (1, "Dan Roe", None, "(13.5)", 18, 21.5, 3, 42.5, 3),
        (2, "Cid", None, 18, "(13.5)", 21.5, 3, 42.5, 3),
        (3, "Bob", None, 13.5, 25, "(13.5)", 3, 41.5, 3),
        (4, "Ann Lee", "Hastings", 25, 13.5, "(13.5)", 3, 41.5, 3),
    ]
    assert {0, 3, 4, 5, 6, 7, 8} <= grid.centred and 1 not in grid.centred
    assert "best 2 events counted" in grid.note


def test_an_event_not_played_is_empty_and_no_bonus_column_without_a_bonus() -> None:
    s = series_standings([JAN, FEB], key_of, SeriesSettings(minimum=2))
    grid = series_grid(s)
    assert grid.header == ("Rank", "Name", "Club", "E1", "E2", "Total", "Events")
    only_jan = series_grid(series_standings([JAN], key_of, SeriesSettings()))
    assert [r[3] for r in only_jan.rows] == [25, 18, 13.5, 13.5]


def test_the_notes_grid_has_a_sentence_a_player_and_each_tie() -> None:
    s = series_standings([JAN, FEB, MAR], key_of, SeriesSettings(best=2), players=CLUBS)
    grid = series_notes_grid(s)
    assert grid.name == SERIES_NOTES
    assert grid.header == ("Rank", "Name", "Tie Rule", "Note")
    # first which event each column of the standings is (E1, E2 ... by date)
    assert [r[3] for r in grid.rows[:3]] == [
        f"E{n}: {name}, {day:%Y-%m-%d}"
        for n, (name, day) in enumerate(
            [("Jan", JAN.start), ("Feb", FEB.start), ("Mar", MAR.start)], start=1
        )
    ]
    assert all(r[:3] == (None, None, None) for r in grid.rows[:3])
    assert [tuple(r) for r in grid.rows[3:5]] == [
        (1, "Dan Roe", None,
         "Dan Roe: 39.5 points, best 2 of 3 events counted (21.5 + 18; 13.5 dropped)."),
        (None, None, "the better place in the latest event",
         "Dan Roe is ahead of Cid, level on 39.5 points, on the better place in the latest "
         "event in which they differ (place 2 to place 3 in 'Feb'; level in 'Mar')."),
    ]  # fmt: skip
    shared = series_notes_grid(series_standings([JAN], key_of, SeriesSettings()))
    assert shared.rows[-1] == (
        None, None, "shared", "Bob and Dan share rank 3 on 13.5 points: no tie rule separates them."
    )  # fmt: skip
