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
from typing import NamedTuple

import pytest
from tests.helpers.fide_table import fide_change

from ratingbook.fide.rules.rating_regulations import season_k_rules
from ratingbook.ratings.rating_periods import rate_season
from ratingbook.ratings.season_model import (
    FirstRating,
    KChange,
    PeriodLine,
    PlayerStart,
    RatingPeriod,
)


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


# --- a newcomer's first rating: B.02 8.2, not the list's performance rule ----------------------


class Ref(NamedTuple):
    """A game's reference as a season's game carries it: its event (FIDE 8.2.1's "first
    event") and its number."""

    event: str
    n: int


def _periods(*months: tuple[dt.date, Sequence[tuple[str, str, float, str]]]) -> list[RatingPeriod]:
    return [
        RatingPeriod(
            [(w, b, s, Ref(event, n)) for n, (w, b, s, event) in enumerate(games)],
            f"{day:%Y-%m}",
            day.year,
            day,
        )
        for day, games in months
    ]


JUNE_2024, JULY_2024, AUGUST_2024 = dt.date(2024, 6, 1), dt.date(2024, 7, 1), dt.date(2024, 8, 1)


def test_a_newcomer_is_rated_by_8_2_once_five_games_against_rated_opponents_are_pooled() -> None:
    """N, unrated, meets five rated players over two months (2024 text).

    June: beats A (1850), draws B (1700), loses to C (1900): 3 games against rated opponents,
    fewer than the 5 of 7.1.4: no rating yet, and no line; his opponents' games against him are
    not rated for them (8.3.1). July: beats D (1750), draws E (2000): 5 games pooled, 3 points.
    8.2.2 adds two hypothetical 1800 opponents, both drawn: Ra = (1850 + 1700 + 1900 + 1750 +
    2000 + 1800 + 1800) / 7 = 12800 / 7 = 1828.57; p = (3 + 1) / 7 = 0.5714, 57 %, dp 50 (table
    8.1.1); Ru = 1878.57, 1879 (at most 2200, at least the floor of 1400). The list's own rule
    would have rated him in June by his performance, (1850 + 400 + 1700 + 1900 - 400) / 3 =
    1816.67, 1817. August: K 40, new to the list with 5 games (8.3.3)."""
    rated = {"A": 1850, "B": 1700, "C": 1900, "D": 1750, "E": 2000, "F": 1879}
    players = {key: PlayerStart(r, games=200) for key, r in rated.items()}
    players["N"] = PlayerStart()
    periods = _periods(
        (JUNE_2024, [("N", "A", 1.0, "Open"), ("B", "N", 0.5, "Open"), ("N", "C", 0.0, "Open")]),
        (JULY_2024, [("D", "N", 0.0, "Cup"), ("N", "E", 0.5, "Cup")]),
        (AUGUST_2024, [("N", "F", 1.0, "Rapid")]),
    )
    season = rate_season(periods, players, season_k_rules())
    june, july, august = (p.lines for p in season.periods)
    assert "N" not in june
    # their only games, against N: not counted, a line of no change that says so
    assert all(
        (june[key].after, june[key].games, june[key].not_rated) == (rated[key], 0, 1)
        for key in ("A", "B", "C")
    )
    line = july["N"]
    assert (line.before, line.after, line.games, line.score) == (None, 1879.0, 5, 3.0)
    assert isinstance(line.why, FirstRating)
    assert (line.why.games, line.why.earlier_games) == (5, 3)
    assert july["D"].games == july["E"].games == 0  # against N, unrated at July's start
    # August: 1879 against 1879, PD 0.50 (table 8.1.2), a win: 40 x 0.5 = +20.
    assert k_of_line(august["N"]) == (40, "new to the list, fewer than 30 games")
    assert august["N"].after == 1879 + 20


def k_of_line(line: PeriodLine) -> tuple[float, str]:
    assert isinstance(line.why, KChange)
    return line.why.k, line.why.rule


def test_a_newcomer_under_the_floor_stays_unrated_with_his_games_pooled() -> None:
    """Half a point from five games against 1400s: Ra = (5 x 1400 + 2 x 1800) / 7 = 1514.29,
    p = 1.5 / 7 = 21 %, dp about -230: Ru about 1284, under the 1400 floor of 2024: FIDE
    publishes nothing, and he stays unrated (no line, his 5 games kept for the next period)."""
    players = {f"O{n}": PlayerStart(1400, games=200) for n in range(5)}
    players["N"] = PlayerStart()
    games = [("N", f"O{n}", 0.5 if n == 0 else 0.0, "Open") for n in range(5)]
    season = rate_season(_periods((JUNE_2024, games)), players, season_k_rules())
    assert "N" not in season.periods[0].lines
    assert season.players["N"].rating is None
    assert season.players["N"].pool == ((1400.0, 0.5),) + ((1400.0, 0.0),) * 4


def test_a_zero_score_in_the_first_event_is_disregarded() -> None:
    """8.2.1: N loses both games of his first event (June), then scores 2.5 of 5 against
    1800s in July: only July's 5 games count. Ra = (5 x 1800 + 2 x 1800) / 7 = 1800, p = 3.5 /
    7 = 50 %, dp 0: Ru = 1800. Counting June's losses too: 7 games, 2.5 points, Ra 1800,
    p = 3.5 / 9 = 39 %, dp -80: 1720."""
    players = {f"O{n}": PlayerStart(1800, games=200) for n in range(7)}
    players["N"] = PlayerStart()
    june = [("N", "O5", 0.0, "Open"), ("O6", "N", 1.0, "Open")]
    july = [("N", f"O{n}", s, "Cup") for n, s in enumerate((1.0, 1.0, 0.5, 0.0, 0.0))]
    season = rate_season(_periods((JUNE_2024, june), (JULY_2024, july)), players, season_k_rules())
    line = season.periods[1].lines["N"]
    assert line.after == 1800.0
    assert isinstance(line.why, FirstRating)
    assert (line.why.games, line.why.earlier_games) == (5, 0)
