"""FIDE rating changes and performances (Rating Regulations, Handbook B.02), by hand and from
FIDE's own published calculations.

Table 8.1.2 (rating difference D -> scoring probability PD of the higher / lower rated player)
rows used below: 0-3 .50/.50; 47-53 .57/.43; 92-98 .63/.37; 99-106 .64/.36; 303-315 .86/.14;
392-411 .92/.08; 412-432 .93/.07; 433-456 .94/.06; 485-517 .96/.04; > 735 1.0/.00.
Table 8.1.1 (fractional score p -> dp): .57 -> 50, .50 -> 0, .67 -> 125, 1.0 -> 800.

FIDE's published calculations (ratings.fide.com, individual calculation pages, December 2025
list): F-P01, a player rated 2813, K 10, 7-9 November 2025: opponents 1787 (won), 2025 (won),
2310 (won), 2400 (won), 2505 (drawn): chg 0.00, 0.00, 0.04, 0.07, -0.36, K x chg -2.50,
published -3 (2813 -> 2810). F-P02, a player rated 2400, K 10: lost to the 2813 player counted
as "2800 *" (PD .08), beat a 1995 player (D 405 counted 400: PD .92).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest

from ratingbook.fide.rules.rating_regulations import (
    initial_rating,
    is_rated_game,
    k_factor,
    performance,
    rating_change,
    rating_rules,
)

F = Fraction
NOV_2025 = rating_rules(dt.date(2025, 11, 7))
JUNE_2024 = rating_rules(dt.date(2024, 6, 1))
JUNE_2023 = rating_rules(dt.date(2023, 6, 1))


def test_the_editions_by_start_date() -> None:
    assert rating_rules(dt.date(2022, 1, 1)).edition == "2022"
    assert rating_rules(dt.date(2024, 2, 29)).edition == "2022"
    assert rating_rules(dt.date(2024, 3, 1)).edition == "2024"
    assert rating_rules(dt.date(2025, 9, 30)).edition == "2024"
    assert rating_rules(dt.date(2025, 10, 1)).edition == "2025-10"
    assert rating_rules(None).edition == "2025-10"


def test_fides_published_calculation_f_p01() -> None:
    # 2650 and above: the real difference in every game (8.3.1 from 1 October 2025).
    games = [(1787, F(1)), (2025, F(1)), (2310, F(1)), (2400, F(1)), (2505, F(1, 2))]
    change = rating_change(2813, games, 10, NOV_2025)
    assert [g.expected for g in change.games] == [
        Decimal("1"), Decimal("1"), Decimal("0.96"), Decimal("0.93"), Decimal("0.86"),
    ]  # fmt: skip
    assert [g.delta for g in change.games] == [
        Decimal("0"), Decimal("0"), Decimal("0.04"), Decimal("0.07"), Decimal("-0.36"),
    ]  # fmt: skip
    assert change.exact == Decimal("-2.50")
    assert change.change == -3  # 8.3.4: 0.5 away from zero


def test_fides_published_calculation_f_p02() -> None:
    # Below 2650 the 400-point rule counts the 2813 player as 2800 and the 1995 player as 2000.
    change = rating_change(2400, [(2813, F(0)), (1995, F(1))], 10, NOV_2025)
    assert [(g.counted_rating, g.expected) for g in change.games] == [
        (2800, Decimal("0.08")),
        (2000, Decimal("0.92")),
    ]
    assert change.exact == Decimal("0.00")


def test_a_2650_player_before_october_2025_is_capped_too() -> None:
    # The same games under the 2024 text: every difference above 400 counts as 400 (PD .92):
    # 1787, 2025, 2310 (D 503) and 2400 (D 413); 2505 (D 308) stays .86.
    # Delta R: .08 x 4 - .36 = -0.04; x K 10 = -0.4 -> 0.
    games = [(1787, F(1)), (2025, F(1)), (2310, F(1)), (2400, F(1)), (2505, F(1, 2))]
    change = rating_change(2813, games, 10, JUNE_2024)
    assert [g.expected for g in change.games] == [Decimal("0.92")] * 4 + [Decimal("0.86")]
    assert change.exact == Decimal("-0.40") and change.change == 0


def test_the_2022_rule_upgrades_one_game_a_tournament() -> None:
    # A 2500 player beats a 2000 (D 500) and a 2050 (D 450). 2022 text: one upgrade, in the
    # game with the greatest difference: 2000 counted as 2100 (PD .92, +.08); the 2050 game
    # at its real difference 450 (PD .94, +.06). K 10 x .14 = 1.4 -> 1.
    games = [(2000, F(1)), (2050, F(1))]
    old = rating_change(2500, games, 10, JUNE_2023)
    assert [(g.counted_rating, g.expected) for g in old.games] == [
        (2100, Decimal("0.92")),
        (2050, Decimal("0.94")),
    ]
    assert old.exact == Decimal("1.40") and old.change == 1
    # 2024 text: both capped, PD .92 twice: K 10 x .16 = 1.6 -> 2.
    new = rating_change(2500, games, 10, JUNE_2024)
    assert new.exact == Decimal("1.60") and new.change == 2


def test_the_2022_rule_still_caps_every_game_of_the_lower_rated_player() -> None:
    # A 2000 player loses to a 2500 and a 2450: for him the cap is no upgrade; both counted at
    # D 400: PD .08 each; -0.08 x 2 x K 20 = -3.2 -> -3.
    change = rating_change(2000, [(2500, F(0)), (2450, F(0))], 20, JUNE_2023)
    assert [g.expected for g in change.games] == [Decimal("0.08"), Decimal("0.08")]
    assert change.change == -3


def test_rounding_is_half_away_from_zero() -> None:
    # 2100 v 2000 (D 100: PD .64), K 20, a draw: -0.14 x 20 = -2.8 -> -3.
    assert rating_change(2100, [(2000, F(1, 2))], 20, JUNE_2024).change == -3
    # and a win v 2100 (PD .50): (-0.14 + 0.50) x 20 = 7.2 -> 7.
    assert rating_change(2100, [(2000, F(1, 2)), (2100, F(1))], 20, JUNE_2024).change == 7
    # 2100 v 2050 (D 50: PD .57), K 10, a draw: -0.07 x 10 = -0.7 -> -1.
    assert rating_change(2100, [(2050, F(1, 2))], 10, JUNE_2024).change == -1
    # Exactly a half: 2100 v 2095 (D 5: PD .51 for the higher, .49 for the lower), K 10, five
    # draws: -0.01 x 5 x 10 = -0.5 -> -1; the 2095 player +0.5 -> +1.
    assert rating_change(2100, [(2095, F(1, 2))] * 5, 10, JUNE_2024).change == -1
    assert rating_change(2095, [(2100, F(1, 2))] * 5, 10, JUNE_2024).change == 1


@pytest.mark.parametrize(
    ("own", "birth", "year", "games", "typed", "k"),
    [
        (2100, None, 2026, 9, None, 20),  # below 2400
        (2450, None, 2026, 9, None, 10),  # 2400 or more
        (2250, 2009, 2026, 9, None, 40),  # 17 in 2026, below 2300
        (2250, 2008, 2026, 9, None, 40),  # 18 in 2026: "until the end of the year"
        (2250, 2007, 2026, 9, None, 20),  # 19
        (2350, 2010, 2026, 9, None, 20),  # a junior at 2300 or more
        (1800, None, 2026, 9, 40, 40),  # typed: a new player's K from FIDE's list
        (1800, 2012, 2026, 18, None, 38),  # 40 x 18 = 720 > 700: 700 // 18 = 38
        (1800, None, 2026, 39, 20, 17),  # FIDE's F-P05: 39 games, K 20 -> 17
    ],
)
def test_k(own: int, birth: int | None, year: int, games: int, typed: int | None, k: int) -> None:
    assert k_factor(own, birth, year, games, typed)[0] == k


def test_performance_is_the_average_plus_dp() -> None:
    # Opponents 2000, 2100, 2200 (Ra 2100), 2 of 3: p .67 -> dp 125: Rp 2225.
    assert performance([2000, 2100, 2200], F(2)) == 2225
    # 3 of 3: dp 800. Ra 2001 + 0.5 rounds up: (2000 + 2001) / 2 = 2000.5 -> 2001.
    assert performance([2000, 2001], F(2)) == 2801
    assert performance([], F(0)) is None


def test_fides_first_rating_example_f_n01() -> None:
    # 5 games, 3 points, opponents' ratings summing to 9507: Ra = (9507 + 3600) / 7 = 1872.43,
    # p = 4 / 7 = .57 -> dp 50: Ru = 1922.43 -> 1922 (8.2.2, 8.2.3 as from 1 March 2024).
    opponents = [1901, 1901, 1901, 1902, 1902]
    assert sum(opponents) == 9507
    assert initial_rating(opponents, F(3), JUNE_2024) == 1922


def test_the_2022_first_rating_rules() -> None:
    # 8.2.3 (2022): Ra the plain average; 50 % -> Ra; above 50 % Ra + 20 a half point over.
    assert initial_rating([1800, 2000], F(1), JUNE_2023) == 1900
    assert initial_rating([1800, 2000, 1900, 1900, 1900], F(4), JUNE_2023) == 1900 + 20 * 3
    # below 50 %: Ra + dp; 1 of 5 = .20 -> -240.
    assert initial_rating([1800, 2000, 1900, 1900, 1900], F(1), JUNE_2023) == 1900 - 240
    # A zero score is disregarded (8.2.1); at most 2200 from 2024 (8.2.3).
    assert initial_rating([1900] * 5, F(0), JUNE_2024) is None
    assert initial_rating([2400] * 5, F(5), JUNE_2024) == 2200


def test_rapid_keeps_the_plain_400_rule_and_its_600_point_rule() -> None:
    # Rapid and blitz chapter 7.3.1: the 400-point rule for everyone (no 2650 exemption): a
    # 2700 player beating a 2000 counts him as 2300 (PD .92): +0.08.
    rapid = rating_rules(dt.date(2025, 11, 7), "Rapid")
    change = rating_change(2700, [(2000, F(1))], 10, rapid)
    assert (change.games[0].counted_rating, change.games[0].expected) == (2300, Decimal("0.92"))
    # From 2024-12-01 a rapid game between players 600 or more apart, one above 2600, is not
    # rated; in standard chess it is.
    assert not is_rated_game(2700, 2000, rapid, dt.date(2025, 11, 7))
    assert is_rated_game(2700, 2101, rapid, dt.date(2025, 11, 7))  # 599 apart
    assert is_rated_game(2700, 2000, rapid, dt.date(2024, 11, 30))  # before the rule
    assert is_rated_game(2700, 2000, NOV_2025, dt.date(2025, 11, 7))  # standard
