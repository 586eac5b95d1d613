"""Tests for a club's Elo list across a season: :mod:`ratingbook.ratings.elo_rules`,
:mod:`ratingbook.ratings.elo_periods` and :mod:`ratingbook.ratings.rating_periods`, and FIDE's
K rules as its preset (:func:`ratingbook.fide.rules.rating_regulations.season_k_rules`).

Every figure is worked by hand in the test's docstring or comment: E = 1 / (1 + 10^(D/400)),
R' = R + K (S - E), the change rounded 0.5 away from zero (FIDE 8.3.4) unless the settings keep
it unrounded; a provisional rating is the average of opponent + 400 / - 400 / + 0.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratingbook.errors import InputErrors, InvalidValueError, RatingbookError
from ratingbook.fide.rules.rating_regulations import k_factor, season_k_rules
from ratingbook.ratings.elo_rules import EloSettings, KBand, Rounding, k_for, round_change
from ratingbook.ratings.glicko2 import IterationError
from ratingbook.ratings.rating_periods import rate_season, standing_after
from ratingbook.ratings.season_model import (
    KChange,
    PerformanceChange,
    PeriodLine,
    PlayerStart,
    RatingPeriod,
)

Games = Sequence[tuple[str, str, float, object]]


def one_period(
    players: dict[str, PlayerStart], games: Games, rules: EloSettings, year: int | None = None
) -> dict[str, PeriodLine]:
    season = rate_season([RatingPeriod(games, "P1", year)], players, rules)
    return dict(season.periods[0].lines)


def afters(lines: dict[str, PeriodLine]) -> dict[str, float]:
    return {key: line.after for key, line in lines.items()}


def k_of(line: PeriodLine) -> tuple[float, str]:
    assert isinstance(line.why, KChange)
    return line.why.k, line.why.rule


# --- K rules -----------------------------------------------------------------------------------


def test_k_band_by_games_played() -> None:
    """Bands 40 below 30 games, else 20. A (29 games) beats B (100 games), both 1500: E = ½;
    A + 40 x ½ = 1520, B - 20 x ½ = 1490."""
    rules = EloSettings(bands=(KBand(40, games_below=30), KBand(20)))
    lines = one_period(
        {"A": PlayerStart(1500, games=29), "B": PlayerStart(1500, games=100)},
        [("A", "B", 1.0, "g1")],
        rules,
    )
    assert afters(lines) == {"A": 1520, "B": 1490}
    assert k_of(lines["A"]) == (40, "fewer than 30 games")
    assert k_of(lines["B"]) == (20, "everyone")


def test_k_band_by_rating() -> None:
    """Bands 30 below 1600, 20 below 2000, 10 else. A 1500 beats B 2100: D = 600,
    E_A = 1 / (1 + 10^1.5) = 1 / 32.6228 = 0.030653; A + 30 x 0.969347 = +29.08 -> +29;
    B: E_B = 0.969347, 10 x -0.969347 = -9.69 -> -10."""
    rules = EloSettings(
        bands=(KBand(30, rating_below=1600), KBand(20, rating_below=2000), KBand(10))
    )
    lines = one_period(
        {"A": PlayerStart(1500), "B": PlayerStart(2100)}, [("A", "B", 1.0, 1)], rules
    )
    assert afters(lines) == {"A": 1529, "B": 2090}
    assert k_of(lines["A"]) == (30, "rated below 1600")
    assert lines["A"].expected == pytest.approx(0.030653, abs=1e-6)
    assert lines["A"].why.exact == pytest.approx(29.0804, abs=1e-4)  # type: ignore[union-attr]


def test_k_band_by_age_in_the_periods_year() -> None:
    """40 for 18 or less in the period's year (2026 - 2008 = 18), else 20: A (born 2008) beats
    B (born 2007, 19), both 1500: A + 20, B - 10. Without a year no age band matches."""
    rules = EloSettings(bands=(KBand(40, age_up_to=18), KBand(20)))
    players = {"A": PlayerStart(1500, birth_year=2008), "B": PlayerStart(1500, birth_year=2007)}
    assert afters(one_period(players, [("A", "B", 1.0, 1)], rules, year=2026)) == {
        "A": 1520,
        "B": 1490,
    }
    assert afters(one_period(players, [("A", "B", 1.0, 1)], rules)) == {"A": 1510, "B": 1490}


def test_a_players_k_wins_over_the_bands() -> None:
    """A's K column says 32: + 32 x ½ = + 16 although the band says 20."""
    lines = one_period(
        {"A": PlayerStart(1500, k=32), "B": PlayerStart(1500)}, [("A", "B", 1.0, 1)], EloSettings()
    )
    assert afters(lines) == {"A": 1516, "B": 1490}
    assert k_of(lines["A"]) == (32, "the player's K")


def test_the_first_matching_band_wins_and_no_match_is_an_error() -> None:
    rules = EloSettings(bands=(KBand(25, rating_from=2000), KBand(15, rating_from=1000)))
    assert k_for(rules, rating=2100, games_before=5, age=None, games_now=1) == (
        25,
        "rated 2000 or more",
    )
    assert k_for(rules, rating=1500, games_before=5, age=None, games_now=1)[0] == 15
    with pytest.raises(RatingbookError, match="no K band matches a player rated 900"):
        k_for(rules, rating=900, games_before=5, age=None, games_now=1)


def test_a_fixed_player_counts_for_his_opponent_and_is_never_rated() -> None:
    """F is fixed at 1800. A 1500 beats him: E = 1 / (1 + 10^0.75) = 1 / 6.62341 = 0.150981;
    + 20 x 0.849019 = 16.98 -> + 17. F gets no line and keeps 1800."""
    players = {"A": PlayerStart(1500), "F": PlayerStart(1800, fixed=True)}
    season = rate_season([RatingPeriod([("A", "F", 1.0, 1)])], players, EloSettings())
    assert afters(dict(season.periods[0].lines)) == {"A": 1517}
    assert season.players["F"] == players["F"]


def test_the_floor_stops_a_fall() -> None:
    """Floor 400: A 405 loses to B 405: 405 - 10 = 395, lifted to 400; B + 10 = 415."""
    lines = one_period(
        {"A": PlayerStart(405), "B": PlayerStart(405)}, [("B", "A", 1.0, 1)], EloSettings(floor=400)
    )
    assert afters(lines) == {"A": 400, "B": 415}
    assert lines["A"].why.floored and not lines["B"].why.floored  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("score", "whole", "unrounded"),
    [(1.0, 1507.5 + 0.5, 1507.5), (0.0, 1492.5 - 0.5, 1492.5), (0.5, 1500, 1500)],
)
def test_rounding_is_half_away_from_zero_or_none(
    score: float, whole: float, unrounded: float
) -> None:
    """K 15, equal ratings: a win is + 7.5 (-> + 8), a loss - 7.5 (-> - 8: away from zero, not
    up), a draw 0 (8.3.4); unrounded, 7.5 stays 7.5."""
    players = {"A": PlayerStart(1500), "B": PlayerStart(1500)}
    for rounding, expected in ((Rounding.WHOLE, whole), (Rounding.UNROUNDED, unrounded)):
        rules = EloSettings(bands=(KBand(15),), rounding=rounding)
        assert one_period(players, [("A", "B", score, 1)], rules)["A"].after == expected
    assert (round_change(-2.5, Rounding.WHOLE), round_change(2.49, Rounding.WHOLE)) == (-3, 2)


def test_expected_scores_come_from_the_ratings_at_the_periods_start() -> None:
    """A beats B twice and C once, all 1500 at the start: every E is ½ (a game-by-game update
    would make A's later E larger): A + 20 x (3 - 1.5) = + 30, B - 20, C - 10. The next period
    starts from those: A 1530 v C 1490, D = 40, E_A = 1 / (1 + 10^-0.1) = 0.557312; a draw:
    A - 20 x 0.057312 = - 1.15 -> - 1, C + 1."""
    players = {k: PlayerStart(1500) for k in "ABC"}
    periods = [
        RatingPeriod([("A", "B", 1.0, 1), ("B", "A", 0.0, 2), ("A", "C", 1.0, 3)]),
        RatingPeriod([("A", "C", 0.5, 4)]),
    ]
    season = rate_season(periods, players, EloSettings())
    first, second = (dict(p.lines) for p in season.periods)
    assert afters(first) == {"A": 1530, "B": 1480, "C": 1490}
    assert first["A"].expected == 1.5 and first["A"].score == 3 and first["A"].games == 3
    assert [g.ref for g in first["A"].game_lines] == [1, 2, 3]
    assert afters(second) == {"A": 1529, "C": 1491}
    assert season.players["A"].rating == 1529


# --- provisional players -----------------------------------------------------------------------


def test_a_provisional_rating_is_the_average_linear_performance_with_earlier_games_weighed_in() -> (
    None
):
    """P (1400 after 2 earlier games, provisional for 5) beats 1600, loses to 1500, draws 1450:
    performances 2000, 1100, 1450; (2 x 1400 + 4550) / 5 = 1470. With 5 games he is then
    established; with 6 needed he stays provisional."""
    players = {
        "P": PlayerStart(1400, games=2),
        "X": PlayerStart(1600),
        "Y": PlayerStart(1500),
        "Z": PlayerStart(1450),
    }
    games = [("P", "X", 1.0, 1), ("Y", "P", 1.0, 2), ("P", "Z", 0.5, 3)]
    lines = one_period(players, games, EloSettings(provisional_games=5))
    line = lines["P"]
    assert (line.after, line.provisional, line.expected) == (1470, False, None)
    assert line.why == PerformanceChange(4550 / 3, 2, 1400)
    assert one_period(players, games, EloSettings(provisional_games=6))["P"].provisional


def test_a_newcomer_is_provisional_in_his_first_period_when_provisional_games_is_0() -> None:
    """docs/reference/rules.md: Provisional is `yes` "while a player has fewer than
    `Provisional Games` games (0: only in his first period)". The user test's Fergus, 1860
    from 2 games, stood 3rd unmarked. N (unrated) beats X 1600 and draws Y 1500 in his first
    period: (2000 + 1500) / 2 = 1750, provisional; in his second he beats X again with K 20:
    E = 1 / (1 + 10^((1600 - 1750) / 400)) = 0.7034, 1750 + 20 x 0.2966 = 1755.93, 1756, and
    is established. With 5 Provisional Games the 2 games alone keep him provisional too."""
    players = {"N": PlayerStart(), "X": PlayerStart(1600, games=40), "Y": PlayerStart(1500)}
    periods = [
        RatingPeriod([("N", "X", 1.0, 1), ("Y", "N", 0.5, 2)], "P1"),
        RatingPeriod([("X", "N", 0.0, 3)], "P2"),
    ]
    first, second = rate_season(periods, players, EloSettings()).periods
    assert (first.lines["N"].after, first.lines["N"].provisional) == (1750, True)
    assert (second.lines["N"].after, second.lines["N"].provisional) == (1756, False)
    assert one_period(players, periods[0].games, EloSettings(provisional_games=5))["N"].provisional


def test_two_unrated_players_who_meet_are_solved_together() -> None:
    """A (unrated) beats R 1600 and draws B (unrated); B loses to S 1400. Each performance needs
    the other's: A = (2000 + B) / 2, B = (1000 + A) / 2, so A = 1000 + 250 + A/4: A = 5000/3 =
    1666.67, B = 4000/3 = 1333.33; rounded 1667 and 1333. R and S do not count games against
    players unrated at the period's start."""
    players = {
        "A": PlayerStart(),
        "B": PlayerStart(),
        "R": PlayerStart(1600),
        "S": PlayerStart(1400),
    }
    games = [("A", "R", 1.0, 1), ("A", "B", 0.5, 2), ("S", "B", 1.0, 3)]
    exact = one_period(players, games, EloSettings(rounding=Rounding.UNROUNDED, tolerance=1e-9))
    assert exact["A"].after == pytest.approx(5000 / 3, abs=1e-6)
    assert exact["B"].after == pytest.approx(4000 / 3, abs=1e-6)
    rounded = one_period(players, games, EloSettings())
    assert afters(rounded) == {"A": 1667, "B": 1333, "R": 1600, "S": 1400}
    assert (rounded["R"].games, rounded["R"].not_rated) == (0, 1)  # a line of no change
    assert exact["A"].game_lines[1].opponent_rating == pytest.approx(4000 / 3, abs=1e-6)


def test_unrated_players_who_met_only_each_other_are_centred() -> None:
    """X beats Y, their only game: X = Y + 400, Y = X - 400, any pair 400 apart; the pair's
    average stays at the setting (1500): 1700 and 1300."""
    lines = one_period(
        {"X": PlayerStart(), "Y": PlayerStart()}, [("X", "Y", 1.0, 1)], EloSettings()
    )
    assert afters(lines) == {"X": 1700, "Y": 1300}


def test_rating_against_unrated_players_can_be_switched_on() -> None:
    """R 1600 loses to N (unrated, performance 1600 + 400 = 2000). Off (the default): R has no
    rated game. On: E = 1 / (1 + 10^1) = 1/11; 20 x -1/11 = -1.82 -> -2."""
    players = {"R": PlayerStart(1600), "N": PlayerStart()}
    assert afters(one_period(players, [("N", "R", 1.0, 1)], EloSettings())) == {
        "N": 2000,
        "R": 1600,  # his game against N not counted (8.3.1): no change
    }
    lines = one_period(players, [("N", "R", 1.0, 1)], EloSettings(rate_against_unrated=True))
    assert afters(lines) == {"N": 2000, "R": 1598}


def test_an_iteration_that_does_not_settle_stops_with_the_players_named() -> None:
    players = {"A": PlayerStart(), "B": PlayerStart(), "R": PlayerStart(1600)}
    games = [("A", "R", 1.0, 1), ("A", "B", 0.5, 2)]
    with pytest.raises(IterationError, match=r"\('A', 'B'\) did not settle within 1 steps"):
        one_period(players, games, EloSettings(max_iterations=1))


# --- FIDE's preset -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "year", "k", "rule"),
    [
        # 8.3.3: "K = 40 for a player new to the rating list until he has completed events
        # with at least 30 games"
        (PlayerStart(2350, games=29), 2026, 40, "new to the list, fewer than 30 games"),
        # "K = 40 for all players until the end of the year of their 18th birthday, as long as
        # their rating remains under 2300"
        (PlayerStart(2299, games=80, birth_year=2008), 2026, 40, "aged 18 or less"),
        (PlayerStart(2300, games=80, birth_year=2008), 2026, 20, "rated below 2400"),
        (PlayerStart(2100, games=80, birth_year=2007), 2026, 20, "rated below 2400"),
        # "K = 10, once a player's published rating has reached 2400"
        (PlayerStart(2400, games=80), 2026, 10, "rated 2400 or more"),
        (PlayerStart(2400, games=80, k=20), 2026, 20, "the player's K"),
    ],
)
def test_fides_preset_gives_b02s_k(start: PlayerStart, year: int, k: int, rule: str) -> None:
    """One game each against an equal player (E = ½), a win: the change is K x ½."""
    players = {"P": start, "Q": PlayerStart(start.rating, games=80)}
    line = one_period(players, [("P", "Q", 1.0, 1)], season_k_rules(), year)["P"]
    assert line.after == start.rating + k / 2  # type: ignore[operator]
    assert k_of(line)[0] == k and k_of(line)[1].startswith(rule)


@pytest.mark.parametrize(("games", "k"), [(17, 40), (18, 38), (20, 35), (25, 28), (71, 9)])
def test_fides_preset_caps_k_times_games_at_700(games: int, k: int) -> None:
    """8.3.3: "If the number of games (n) ... multiplied by K ... exceeds 700, then K shall be the
    largest whole number such that K x n does not exceed 700": 17 x 40 = 680 stays 40;
    700 / 18 = 38.9 -> 38; 700 / 20 = 35; 700 / 25 = 28; 71 games of K 10: 700 / 71 = 9.86 -> 9.
    A player wins one game more than he loses against equals: the change is K x 1 (x ½ for an
    odd count: the last game a draw)."""
    rating = 2450 if games == 71 else 1500
    players = {"P": PlayerStart(rating, games=10 if games != 71 else 100)}
    players |= {f"O{n}": PlayerStart(rating, games=100) for n in range(games)}
    results = [1.0 if n % 2 == 0 else 0.0 for n in range(games - 1)] + [
        1.0 if games % 2 == 0 else 0.5
    ]
    period = [("P", f"O{n}", s, n) for n, s in enumerate(results)]
    line = one_period(players, period, season_k_rules())["P"]
    excess = sum(results) - games / 2
    assert k_of(line)[0] == k
    assert line.after == rating + round_change(k * excess, Rounding.WHOLE)
    assert ("may not exceed 700" in k_of(line)[1]) == (games != 17)


@pytest.mark.parametrize("rating", [1500, 2299, 2300, 2399, 2400, 2700])
@pytest.mark.parametrize("birth", [None, 2008, 2007])
def test_fides_preset_and_k_factor_agree_for_players_past_30_games(
    rating: int, birth: int | None
) -> None:
    """The preset's bands and B.02's k_factor say the same K (30 games and more)."""
    for games in (1, 30, 40):
        k, _ = k_for(
            season_k_rules(),
            rating=rating,
            games_before=50,
            age=None if birth is None else 2026 - birth,
            games_now=games,
        )
        assert k == k_factor(rating, birth, 2026, games)[0]


# --- the season --------------------------------------------------------------------------------


def test_every_input_problem_is_reported_at_once() -> None:
    players = {"A": PlayerStart(1500), "F": PlayerStart(fixed=True), "U": PlayerStart(games=3)}
    periods = [RatingPeriod([("A", "Nobody", 1.0, 1), ("A", "A", 0.5, 2), ("A", "U", 2, 3)], "May")]
    with pytest.raises(InputErrors) as caught:
        rate_season(periods, players, EloSettings())
    assert [str(e) for e in caught.value.errors] == [
        "player 'F' is fixed but has no rating",
        "player 'U' is unrated with 3 earlier games: give the rating those games made",
        "May, game 1: player 'Nobody' has no start",
        "May, game 2: 'A' is both White and Black",
        "May, game 3: White's score 2 is not 1, 0.5 or 0",
    ]


def test_sound_games_between_problems_keep_their_numbers() -> None:
    """The check passes sound games without wording a place: the problems among them still
    name their period and game number, a boolean score and a black player without a start
    among them."""
    players = {"A": PlayerStart(1500), "B": PlayerStart(1600)}
    periods = [
        RatingPeriod([("A", "B", 1.0, 1), ("B", "A", 0.5, 2)], "April"),
        RatingPeriod([("A", "B", 0.0, 3), ("A", "B", True, 4), ("B", "Z", 1.0, 5)]),
    ]
    with pytest.raises(InputErrors) as caught:
        rate_season(periods, players, EloSettings())
    assert [str(e) for e in caught.value.errors] == [
        "period 2, game 2: White's score True is not 1, 0.5 or 0",
        "period 2, game 3: player 'Z' has no start",
    ]


def test_re_rating_from_a_later_period_gives_the_same_lines() -> None:
    """A late result re-rates from its period on: the standing after period 1 and the periods
    after it give the lines the whole season gave."""
    players = {k: PlayerStart(1500, games=40) for k in "ABCD"} | {"N": PlayerStart()}
    periods = [
        RatingPeriod([("A", "B", 1.0, 1), ("C", "D", 0.5, 2), ("N", "A", 1.0, 3)]),
        RatingPeriod([("A", "C", 0.0, 4), ("N", "D", 0.5, 5)]),
        RatingPeriod([("B", "N", 1.0, 6), ("D", "A", 1.0, 7)]),
    ]
    rules = EloSettings(provisional_games=3)
    whole = rate_season(periods, players, rules)
    rest = rate_season(periods[1:], standing_after(players, rules, whole, 1), rules)
    assert rest.periods == whole.periods[1:]
    assert rest.players == whole.players


@settings(max_examples=60, deadline=None)
@given(
    ratings=st.lists(st.integers(800, 2800), min_size=2, max_size=6),
    games=st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([0.0, 0.5, 1.0])),
        max_size=20,
    ),
)
def test_equal_k_without_floor_or_rounding_is_zero_sum(
    ratings: list[int], games: list[tuple[int, int, float]]
) -> None:
    """With one K for all, no floor and no rounding, what one gains the other loses."""
    players = {f"p{n}": PlayerStart(r) for n, r in enumerate(ratings)}
    n = len(ratings)
    period = [(f"p{w % n}", f"p{b % n}", s, None) for w, b, s in games if w % n != b % n]
    lines = one_period(players, period, EloSettings(rounding=Rounding.UNROUNDED))
    assert sum(line.change or 0.0 for line in lines.values()) == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    games=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from([0.0, 0.5, 1.0])),
        max_size=12,
    )
)
def test_mirrored_results_mirror_the_changes(games: list[tuple[int, int, float]]) -> None:
    """Reversing every result between equal players reverses every change (rounding half away
    from zero is symmetric too)."""
    players = {f"p{n}": PlayerStart(1500) for n in range(4)}
    period = [(f"p{w}", f"p{b}", s, None) for w, b, s in games if w != b]
    mirrored = [(w, b, 1.0 - s, r) for w, b, s, r in period]
    lines, other = (
        one_period(players, period, EloSettings()),
        one_period(players, mirrored, EloSettings()),
    )
    assert {k: line.change for k, line in lines.items()} == {
        k: -(line.change or 0.0) for k, line in other.items()
    }


def test_a_boolean_score_alone_is_reported() -> None:
    """True equals 1 and hashes as 1.0: the check of a whole period at once still finds a
    boolean score when it is the period's only problem."""
    players = {"A": PlayerStart(1500), "B": PlayerStart(1600)}
    periods = [RatingPeriod([("A", "B", 1.0, 1), ("B", "A", True, 2)], "June")]
    with pytest.raises(InvalidValueError) as caught:
        rate_season(periods, players, EloSettings())
    assert str(caught.value) == "June, game 2: White's score True is not 1, 0.5 or 0"


def test_an_established_player_who_met_only_newcomers_has_a_line_of_no_change() -> None:
    """FIDE 8.3.1: A (1500, 30 games: established) plays only N and M, unrated at the start;
    neither game counts for him. The user test's Gawain Jones (six Kilkenny games, all
    against newcomers) had no line that period, so the list said nothing of them: A's line
    is 1500 -> 1500, no game counted, both not counted."""
    players = {
        "A": PlayerStart(1500, games=30),
        "B": PlayerStart(1500, games=30),
        "N": PlayerStart(None),
        "M": PlayerStart(None),
    }
    lines = one_period(
        players, [("A", "N", 1.0, 1), ("M", "A", 0.5, 2), ("N", "B", 0.0, 3)], EloSettings()
    )
    a = lines["A"]
    assert (a.before, a.after, a.games, a.not_rated) == (1500, 1500, 0, 2)
    assert (lines["B"].after, lines["B"].games, lines["B"].not_rated) == (1500, 0, 1)
