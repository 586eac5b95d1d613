"""The ladder's, Elo's and Crikey's reports as tables (``ratingbook.reports.ladder_tables``,
``elo_tables``, ``crikey_tables``). Every figure is worked by hand from the seeds."""

from __future__ import annotations

import pytest

from ratingbook.core.results import Result
from ratingbook.ratings.crikey import CrikeyGame
from ratingbook.ratings.ladder import LadderGame, LadderPlayer, recalc_ladder
from ratingbook.reports.crikey_tables import crikey_tables
from ratingbook.reports.elo_tables import elo_tables
from ratingbook.reports.ladder_tables import (
    WEEK_RECORD_COLUMNS,
    ladder_standings_grid,
    rating_history_grid,
    week_record_rows,
)

W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


def hand_week():
    """Three games by hand (seed 001), as in test_presentation: 1 (1200) beats 2 (1200): d 0,
    +16; 3 (1000) draws 1 (1216): d 216, 1 gives 8; 2 (1184) beats 3 (1008): d 176, the
    higher rated wins, 16 - 7 = 9. Dan plays no game; Eve is inactive."""
    players = [
        LadderPlayer(1, "Ann", "A", True, start_permanent=1300),
        LadderPlayer(2, "Ben", "A", True, start_permanent=1250),
        LadderPlayer(3, "Cat", "B", True, start_permanent=1000),
        LadderPlayer(4, "Dan", "B", True, start_permanent=990),
        LadderPlayer(5, "Eve", "B", False, rating=900, permanent_rating=950),
    ]
    games = [LadderGame(1, 2, W), LadderGame(3, 1, D), LadderGame(3, 2, B)]
    return recalc_ladder(players, {"A": 1200, "B": 1000}, games)


def test_ladder_standings_rank_the_active_players_by_rating_with_their_record():
    grid = ladder_standings_grid(hand_week())
    assert grid.name == "Ladder Standings"
    # The posted list: the posted (weekly) Rating only, never the internal Permanent Rating.
    assert grid.header == (
        "Rank", "ID", "Name", "Group", "Rating", "Games", "Wins", "Draws", "Losses",
    )  # fmt: skip
    assert [tuple(r) for r in grid.rows] == [
        (1, 1, "Ann", "A", 1208, 2, 1, 1, 0),
        (2, 2, "Ben", "A", 1193, 2, 1, 0, 1),
        (3, 4, "Dan", "B", 1000, 0, 0, 0, 0),
        (4, 3, "Cat", "B", 999, 2, 0, 1, 1),
    ]
    assert grid.centred == {0, 1}  # Rank and ID, apart from the name


def test_ladder_standings_by_group_rank_each_group_apart_in_the_groups_order():
    grid = ladder_standings_grid(hand_week(), ["B", "A"])
    assert [tuple(r[:5]) for r in grid.rows] == [
        ("B", None, None, None, None),  # each group under a heading row naming it
        (1, 4, "Dan", "B", 1000),
        (2, 3, "Cat", "B", 999),
        ("A", None, None, None, None),
        (1, 1, "Ann", "A", 1208),
        (2, 2, "Ben", "A", 1193),
    ]
    assert grid.sections == (0, 3)  # the headings' rows: each group printed on its own page
    assert all(len(r) == len(grid.header) for r in grid.rows)
    assert ladder_standings_grid(hand_week()).sections == ()  # the whole camp: one list


def test_the_week_record_keeps_the_permanent_rating_ranked_over_the_camp():
    assert WEEK_RECORD_COLUMNS[4:6] == ("Rating", "Permanent Rating")
    # Permanent by hand: Ann 1300 beats Ben 1250 (d 50: 16 - 2 = 14), Cat 1000 draws Ann
    # 1314 (d 314: Ann gives 12), Ben 1236 beats Cat 1012 (d 224: 16 - 8 = 8); Dan keeps 990.
    assert [r[:6] for r in week_record_rows(hand_week())] == [
        (1, 1, "Ann", "A", 1208, 1302),
        (2, 2, "Ben", "A", 1193, 1244),
        (3, 4, "Dan", "B", 1000, 990),
        (4, 3, "Cat", "B", 999, 1004),
    ]


def test_rating_history_lists_each_game_with_both_weekly_ratings():
    grid = rating_history_grid(hand_week())
    assert grid.name == "Rating History"
    assert [(r[0], r[2], r[3], r[4], r[5], r[6], *r[7:11]) for r in grid.rows] == [
        (1, 1, "Ann", 2, "Ben", "(1-0)", 1200, 1216, 1200, 1184),
        (2, 3, "Cat", 1, "Ann", "(½-½)", 1000, 1008, 1216, 1208),
        (3, 3, "Cat", 2, "Ben", "(0-1)", 1008, 999, 1184, 1193),
    ]
    assert len(grid.header) == 15
    assert grid.centred == frozenset()


def test_elo_tables_replay_the_games_rounding_after_each_one():
    """K 20 (seed 003). Ann 1500 beats Ben 1500: E ½, ±10. Cat 1400 draws Ann 1510: E(Cat) =
    1 / (1 + 10^(110/400)) = 0.3468, Cat + 20 x 0.1532 = 1403.06 -> 1403, Ann 1506.94 -> 1507.
    Dan 1490 plays no game: level with Ben, after him by name, sharing 2nd place."""
    tables = elo_tables(
        {"Ann": 1500, "Ben": 1500, "Cat": 1400, "Dan": 1490},
        [("Ann", "Ben", 1.0), ("Cat", "Ann", 0.5)],
        20.0,
    )
    assert tables.standings.name == "Elo Standings"
    assert [tuple(r) for r in tables.standings.rows] == [
        (1, "Ann", 1500, 1507, 7, 2, 1, 1, 0),
        (2, "Ben", 1500, 1490, -10, 1, 0, 0, 1),
        (2, "Dan", 1490, 1490, 0, 0, 0, 0, 0),
        (4, "Cat", 1400, 1403, 3, 1, 0, 1, 0),
    ]
    first, second = (tuple(r) for r in tables.history.rows)
    assert first == (1, "Ann", "Ben", 1.0, 0.5, 1500, 1510, 1500, 1490)
    assert second[:4] == (2, "Cat", "Ann", 0.5)
    assert second[4] == pytest.approx(0.3468, abs=1e-4)
    assert second[5:] == (1400, 1403, 1510, 1507)
    assert [(p.name, p.start, p.after_games) for p in tables.paths] == [
        ("Ann", 1500, (1510, 1507)),
        ("Ben", 1500, (1490,)),
        ("Cat", 1400, (1403,)),
        ("Dan", 1490, ()),
    ]
    assert tables.standings.number_formats[4] == "+0;-0;0"
    assert tables.standings.centred == {0}


def test_crikey_tables_show_hundredths_as_rating_points_in_the_seeds_order():
    """Seed 000's Alice (76.91) v Bob (76.36), Bob wins, pieces 20 and 15: 2.72 exchanged.
    Cat and Ann, 50.00 each and no game: equal ratings in decreasing alphabetical order."""
    tables = crikey_tables(
        {"Alice": 7691, "Bob": 7636, "Ann": 5000, "Cat": 5000},
        [CrikeyGame("Alice", "Bob", B, 20, 15)],
    )
    assert tables.standings.name == "Crikey Standings"
    assert [tuple(r) for r in tables.standings.rows] == [
        (1, "Bob", 76.36, 79.08, 2.72, 1),
        (2, "Alice", 76.91, 74.19, -2.72, 1),
        (3, "Cat", 50.0, 50.0, 0.0, 0),
        (3, "Ann", 50.0, 50.0, 0.0, 0),
    ]
    assert [tuple(r) for r in tables.history.rows] == [
        (1, "Alice", "Bob", "lost", 20, 15, 76.91, 74.19, 76.36, 79.08, -2.72)
    ]
    assert tables.paths[0].after_games == (74.19,)


def test_crikey_history_signs_the_points_exchanged_as_whites_gain():
    """A member must see who gained (user test 48, game 7). By hand (rules page, seed 000):
    Fergus 90.00 + 3.00 v Gwen 70.00, gap 23.00, CE 2.30; Fergus, the favourite, wins with as
    many pieces: RPE = 1 - 2.30 = -1.30, applied literally: White *loses* 1.30 by winning.
    Then Gwen wins as White: 71.30 + 3.00 = 74.30 v 88.70, gap 14.40, CE 1.44, the
    lower-rated winning: 1 + 1.44 = 2.44, White's gain."""
    tables = crikey_tables(
        {"Fergus": 9000, "Gwen": 7000},
        [CrikeyGame("Fergus", "Gwen", W, 10, 10), CrikeyGame("Gwen", "Fergus", W, 10, 10)],
    )
    assert [tuple(r) for r in tables.history.rows] == [
        (1, "Fergus", "Gwen", "won", 10, 10, 90.0, 88.7, 70.0, 71.3, -1.3),
        (2, "Gwen", "Fergus", "won", 10, 10, 71.3, 73.74, 88.7, 86.26, 2.44),
    ]
    assert tables.history.number_formats[10] == "+0.00;-0.00;0.00"
