"""Series points of a place shared three ways (issue 35's closing user test): the sheet kept
them rounded (12.33) while the total was worked from the exact value, so three shared 12.33
made 36.99 on the sheet beside 37 in the totals. The cells keep the exact value, shown to two
decimals by the column's number format (ten decimals kept, as Excel keeps 15 digits); the
figures expected are worked here by hand."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.reports.series_grid import series_grid
from ratingbook.season.model import SeasonGame, SourcePlayer, SourceRef, make_event
from ratingbook.season.series import series_standings
from ratingbook.season.series_settings import SeriesSettings

W = Result.WHITE_WINS


def _key(player: SourcePlayer) -> str:
    return player.name


def test_a_place_shared_three_ways_is_kept_exact_and_adds_up() -> None:
    """Ann beats Bob, Bob beats Cid, Cid beats Ann: each has 1 point, and they share places
    1-3, (25 + 18 + 15) / 3 = 58/3 points each (the default points per place)."""
    day = dt.date(2025, 1, 4)
    games = [
        SeasonGame("", day, r, SourcePlayer(w), SourcePlayer(b), W, SourceRef("rr.pgn"))
        for r, w, b in ((1, "Ann", "Bob"), (2, "Bob", "Cid"), (3, "Cid", "Ann"))
    ]
    event = make_event(
        name="Round Robin", kind="PGN", source=SourceRef("rr.pgn"), start=day, end=None,
        players=(), games=games,
    )  # fmt: skip
    grid = series_grid(series_standings([event], _key, SeriesSettings(minimum=1)))
    e1, total = grid.header.index("E1"), grid.header.index("Total")
    cells = [row[e1] for row in grid.rows]
    assert len(cells) == 3
    for cell in cells:
        assert isinstance(cell, float) and abs(Fraction(cell) - Fraction(58, 3)) < Fraction(
            1, 10**9
        )
    # what is shown adds up: the cells sum to the places' 58 points, as the totals do
    assert abs(sum(cells) - 58) < 1e-9
    assert abs(sum(row[total] for row in grid.rows) - 58) < 1e-9  # type: ignore[misc]
    # shown to two decimals (19.33), as the notes' sentences say them
    assert grid.number_formats.get(e1) == "0.00"
    assert grid.number_formats.get(total) == "0.00"
