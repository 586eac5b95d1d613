"""The rating list's FIDE system (issue 35): every change as B.02 computes it, not the logistic
formula. :func:`ratingbook.fide.rules.rating_regulations.season_k_rules` is the preset; the
expected scores are table 8.1.2's with the 400-point rule (8.3.1) of the period's date, K is
8.3.3's, and the change of a rating period is rounded once, 0.5 away from zero (8.3.4).

The expected values come from :func:`tests.helpers.fide_table.fide_change`, written from
FIDE's published table 8.1.2 (typed from the Handbook, not read from gacrux or ratingbook) and
the articles' words, never from the code under test.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import pytest
from tests.helpers.fide_table import fide_change

from ratingbook.fide.rules.rating_regulations import season_k_rules
from ratingbook.ratings.rating_periods import rate_season
from ratingbook.ratings.season_model import KChange, PeriodLine, PlayerStart, RatingPeriod


def rate(
    players: dict[str, PlayerStart], games: Sequence[tuple[str, str, float]], start: dt.date
) -> dict[str, PeriodLine]:
    period = RatingPeriod(
        [(w, b, s, n) for n, (w, b, s) in enumerate(games)], "P", start.year, start
    )
    return dict(rate_season([period], players, season_k_rules()).periods[0].lines)


NOVEMBER = dt.date(2025, 11, 1)
MARCH_2024 = dt.date(2024, 3, 1)


def test_the_400_point_rule_and_table_8_1_2_give_the_change() -> None:
    """2100 beats 1600 (K 20 for both, established): D = 500 counts as 400, PD 0.92 / 0.08.
    FIDE: 2100 + 20 x 0.08 = +1.6 -> +2; 1600 - 20 x 0.08 = -1.6 -> -2. The logistic formula
    against the real difference (E = 0.947) would give +1 and -1."""
    players = {"A": PlayerStart(2100, games=200), "B": PlayerStart(1600, games=200)}
    lines = rate(players, [("A", "B", 1.0)], NOVEMBER)
    assert fide_change(2100, 20, [(1600, 1.0)]) == 2
    assert lines["A"].after == 2100 + 2
    assert lines["B"].after == 1600 - 2
    assert [g.expected for g in lines["A"].game_lines] == [0.92]


def test_a_period_of_several_games_is_rounded_once() -> None:
    """1550, K 20, four games in one month: wins against 1611 (D 61: PD 0.42) and 1500
    (D 50: 0.57), a draw with 1620 (D 70: 0.40), a loss to 1480 (D 70: 0.60). Sum of score - PD
    = 0.58 + 0.43 + 0.10 - 0.60 = 0.51; 20 x 0.51 = 10.2 -> +10. Rounding each game (12, 9, 2,
    -12) would say +11; the logistic formula says 10.4."""
    opponents = [("O1", 1611, 1.0), ("O2", 1500, 1.0), ("O3", 1620, 0.5), ("O4", 1480, 0.0)]
    players = {"P": PlayerStart(1550, games=200)}
    players |= {key: PlayerStart(rating, games=200) for key, rating, _ in opponents}
    lines = rate(players, [("P", key, s) for key, _, s in opponents], NOVEMBER)
    expected = fide_change(1550, 20, [(rating, s) for _, rating, s in opponents])
    assert expected == 10
    assert lines["P"].after == 1550 + expected
    assert lines["P"].expected == pytest.approx(0.42 + 0.57 + 0.40 + 0.60)


def test_from_october_2025_a_2650_player_is_counted_at_the_real_difference() -> None:
    """8.3.1 as amended from 2025-10-01: "For players rated 2650 and above, the difference
    between ratings shall be used in all cases". 2700 (K 10) beats 2200 (D 500): his PD is
    0.96, 10 x 0.04 = +0.4 -> 0; his opponent (below 2650) keeps the cap: 0.08, 20 x -0.08 =
    -1.6 -> -2. In March 2024 the 2700 player still had the cap: 10 x 0.08 = +0.8 -> +1."""
    players = {"T": PlayerStart(2700, games=900), "L": PlayerStart(2200, games=300)}
    lines = rate(players, [("T", "L", 1.0)], NOVEMBER)
    assert lines["T"].after == 2700 + fide_change(2700, 10, [(2200, 1.0)], cap=False) == 2700
    assert lines["L"].after == 2200 + fide_change(2200, 20, [(2700, 0.0)]) == 2198
    earlier = rate(players, [("T", "L", 1.0)], MARCH_2024)
    assert earlier["T"].after == 2700 + fide_change(2700, 10, [(2200, 1.0)]) == 2701


def test_k_and_its_rule_are_fides() -> None:
    """The change is K x the sum with 8.3.3's K: a junior (18 in the period's year, under 2300)
    has 40; 1500 beats 1500 (PD 0.50): 40 x 0.5 = +20."""
    players = {
        "J": PlayerStart(1500, games=100, birth_year=2007),
        "S": PlayerStart(1500, games=100, birth_year=1970),
    }
    lines = rate(players, [("J", "S", 1.0)], NOVEMBER)
    assert isinstance(lines["J"].why, KChange) and lines["J"].why.k == 40
    assert lines["J"].after == 1520 and lines["S"].after == 1490
