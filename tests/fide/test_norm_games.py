"""Tests for the game-counting rules of FIDE title norms (:mod:`ratingbook.fide.rules.norm_games`,
their use by :func:`ratingbook.fide.rules.norm_check.check_norm` and by
:func:`ratingbook.fide.rules.norm_outlook.still_needed`): B.01 (applied from 1 January 2024)
1.4.1c, 1.4.1d, 1.4.1e, 1.4.1f, 1.4.2a-c, 1.4.3d and 1.7, each on hand-made games that just
meet and just miss it. Every figure is worked by hand from table 1.4.9 (p -> dp: .78 220,
.75 193, .72 166, .69 141, .67 125, .64 102, .61 80, .89 351)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ratingbook.fide.rules.norm_check import check_norm
from ratingbook.fide.rules.norm_games import FORFEIT, NON_FIDE, NormGame
from ratingbook.fide.rules.norm_outlook import still_needed
from ratingbook.fide.rules.norms import swiss_exemption

F = Fraction


def game(name: str, rating: int | None, title: str, fed: str, score: float, rnd: int) -> NormGame:
    return NormGame(name, rating, title, fed, F(score).limit_denominator(2), round=rnd)


def verdicts(check) -> dict[str, bool | None]:
    return {r.name: r.holds for r in check.requirements}


# --- 1.4.1c: 8 games and a forfeit win or a pairing-allocated bye in a 9-round event ---------


#: An ESP player's 8 games (round 5 missing): 3 GMs, 2 IMs, 1 FM, 2 untitled. Ratings
#: 2500 x3 + 2450 x2 + 2400 + 2350 + 2300 = 19450 / 8 = 2431.25 -> 2431 (none below 2200).
#: 6/8 = 75% -> dp 193: Rp 2624 >= 2600. Titled 6 of 8 (>= 4), GMs 3 (>= max(3, 8/3)).
#: ESP 2 of 8 (<= 4), foreign GER FRA NED ITA ENG; at most 2 from one federation (<= 5).
def eight(last: float = 1) -> list[NormGame]:
    return [
        game("Gerber", 2500, "GM", "GER", 1, 1),
        game("Fournier", 2500, "GM", "FRA", 0.5, 2),
        game("de Vries", 2500, "GM", "NED", 0.5, 3),
        game("Rossi", 2450, "IM", "ITA", 1, 4),
        game("Adams", 2450, "IM", "ENG", 0.5, 6),
        game("Alonso", 2400, "FM", "ESP", 1, 7),
        game("Blanco", 2350, "", "ESP", 0.5, 8),
        game("Bianchi", 2300, "", "ITA", last, 9),
    ]


def test_eight_games_and_a_pairing_bye_count_as_nine() -> None:
    check = check_norm("P", "ESP", "GM", eight(), rounds=9, pairing_byes=[5])
    assert check.norm is True
    assert (check.games, check.average, check.performance, check.counts_as) == (8, 2431, 2624, 9)
    assert check.rule.startswith("1.4.1c: 8 games and a pairing-allocated bye in round 5")


def test_eight_games_and_a_forfeit_win_count_as_nine() -> None:
    forfeit = NormGame("Absent", 2200, "", "POR", F(1), counted=False, round=5, why=FORFEIT)
    check = check_norm("P", "ESP", "GM", [*eight(), forfeit], rounds=9)
    assert check.norm is True and check.counts_as == 9
    assert "forfeit win in round 5" in check.rule


@pytest.mark.parametrize(
    ("rounds", "byes", "last", "why"),
    [
        (9, [], 1, "a requested bye, not the pairing's: 8 < 9 games"),
        (10, [5], 1, "1.4.1c is for 9-round events only"),
        # 5½/8 = 68.75% -> 69% -> dp 141: Rp 2572 < 2600.
        (9, [5], 0.5, "no title result in the 8 games"),
    ],
)
def test_eight_games_just_miss(rounds: int, byes: list[int], last: float, why: str) -> None:
    check = check_norm("P", "ESP", "GM", eight(last), rounds=rounds, pairing_byes=byes)
    assert check.norm is False, why
    assert check.counts_as is None


# --- 1.4.2c: a last-round forfeit the player needed and could afford to lose ----------------


#: A 10-round event: 8 games played (a half-point bye in round 3), then the round-10 opponent,
#: GM Huber (AUT, 2500), does not come. Counted as a loss to Huber: ratings 2550 x2 + 2500 +
#: 2450 x2 + 2400 x2 + 2350 + 2500 = 22150 / 9 = 2461.1 -> 2461; 7/9 = 77.8% -> 78% -> dp
#: 220: Rp 2681. GMs 3 with Huber (2 without), titled 7 of 9, ESP 2 of 9.
def forfeited(blanco: float) -> list[NormGame]:
    games = [
        game("Gerber", 2550, "GM", "GER", 1, 1),
        game("Fournier", 2550, "GM", "FRA", 1, 2),
        game("de Vries", 2500, "IM", "NED", 1, 4),
        game("Rossi", 2450, "IM", "ITA", 1, 5),
        game("Adams", 2450, "FM", "ENG", 1, 6),
        game("Alonso", 2400, "FM", "ESP", 1, 7),
        game("Blanco", 2400, "", "ESP", blanco, 8),
        game("Keller", 2350, "", "SUI", 0, 9),
    ]
    huber = NormGame("Huber", 2500, "GM", "AUT", F(1), counted=False, round=10, why=FORFEIT)
    return [*games, huber]


def test_a_last_round_forfeit_counts_as_a_loss_when_the_player_can_afford_it() -> None:
    check = check_norm("P", "ESP", "GM", forfeited(1), rounds=10)
    assert check.norm is True
    assert (check.games, check.score, check.average, check.performance) == (9, 7, 2461, 2681)
    assert check.rule == "1.4.2c: the last-round forfeit by Huber counted as a loss"
    assert [g.score for g in check.counted if g.opponent == "Huber"] == [0]


def test_a_last_round_forfeit_the_player_could_not_afford_to_lose() -> None:
    """6/8, then a loss to Huber: 6/9 = 66.7% -> 67% -> dp 125: Rp 2586 < 2600."""
    check = check_norm("P", "ESP", "GM", forfeited(0), rounds=10)
    assert check.norm is False and check.games == 8  # the shown check: the games played


def test_a_forfeit_before_the_last_round_is_not_counted() -> None:
    """The same forfeit in round 10 of an 11-round event is not the last round: 8 games."""
    check = check_norm("P", "ESP", "GM", forfeited(1), rounds=11)
    assert check.norm is False and check.games == 8


# --- 1.4.1f: wins set aside; 1.4.1e: later rounds ignored ------------------------------------


#: A 10-round Swiss, ESP player. Rounds 1-10 against GER GM 2600 ½, the untitled Weak (ENG
#: 1800) 1, FRA GM 2550 ½, NED GM 2500 1, ITA IM 2450 1, ENG IM 2450 ½, SUI FM 2400 1, the
#: untitled Low (ESP 1900) ½, ESP 2400 ½, AUT FM 2400 ``aut``.
#: All 10 (7½): Weak raised to 2200: 19750 + 2200 + 1900 = 23850 / 10 = 2385; 75% -> dp 193:
#: Rp 2578 < 2600, and 3 GMs < 4 (1/3 of 10 rounded up).
#: Weak's win set aside (6½/9): Low raised to 2200: 19750 + 2200 = 21950 / 9 = 2438.9 ->
#: 2439; 72.2% -> 72% -> dp 166: Rp 2605; 3 GMs of 9, titled 7 of 9, ESP 2 of 9.
def ten(aut: float = 1) -> list[NormGame]:
    return [
        game("Gerber", 2600, "GM", "GER", 0.5, 1),
        game("Weak", 1800, "", "ENG", 1, 2),
        game("Fournier", 2550, "GM", "FRA", 0.5, 3),
        game("de Vries", 2500, "GM", "NED", 1, 4),
        game("Rossi", 2450, "IM", "ITA", 1, 5),
        game("Adams", 2450, "IM", "ENG", 0.5, 6),
        game("Keller", 2400, "FM", "SUI", 1, 7),
        game("Low", 1900, "", "ESP", 0.5, 8),
        game("Castro", 2400, "", "ESP", 0.5, 9),
        game("Huber", 2400, "FM", "AUT", aut, 10),
    ]


def test_a_win_set_aside_makes_the_norm() -> None:
    check = check_norm("P", "ESP", "GM", ten(), rounds=10)
    assert check.norm is True
    assert (check.games, check.score, check.average, check.performance) == (9, F(13, 2), 2439, 2605)
    assert check.raised == "Low"
    assert [(g.opponent, why) for g, why in check.set_aside] == [("Weak", "win set aside (1.4.1f)")]
    assert check.rule == "1.4.1f: the win against Weak (round 2) set aside"
    assert check.counts_as == 9  # 6½ is the least score: 6/9 = 67% -> 2564 (1.4.1d: no extra)


def test_no_set_of_games_makes_the_norm() -> None:
    """A draw with Huber: Weak's win set aside leaves 6/9 = 66.7% -> 67% -> dp 125: 2564; the
    check shown is over all 10 games."""
    check = check_norm("P", "ESP", "GM", ten(0.5), rounds=10)
    assert check.norm is False
    assert (check.games, check.set_aside, check.rule) == (10, (), "")
    assert (check.average, check.performance) == (2385, 2385 + 149)  # 7/10 = 70% -> dp 149


def test_a_round_robin_mix_must_allow_a_norm_over_the_whole_event() -> None:
    """The same games in a round robin: the 10 opponents have 3 GMs, fewer than 4, so the
    whole event's mix allows no norm, and setting Weak's win aside does not help (1.4.1f)."""
    check = check_norm("P", "ESP", "GM", ten(), rounds=10, round_robin=True)
    assert check.norm is False and check.games == 10


#: 11 rounds: the 7/9 GM norm of tests/fide/test_norms.py (Ra 2400, Rp 2620), then losses to
#: two untitled ENG 2200s. All 11: 2150 raised: 26000 / 11 = 2363.6 -> 2364 < 2380. Rounds
#: 1-10: 23800 / 10 = 2380, 7/10 = 70% -> dp 149: 2529. Rounds 1-9: the norm.
def eleven(eighth: float = 1) -> list[NormGame]:
    return [
        game("Gerber", 2600, "GM", "GER", 1, 1),
        game("Fournier", 2550, "GM", "FRA", 0.5, 2),
        game("de Vries", 2500, "GM", "NED", 0.5, 3),
        game("Alonso", 2450, "IM", "ESP", 1, 4),
        game("Blanco", 2400, "IM", "ESP", 1, 5),
        game("Rossi", 2350, "FM", "ITA", 1, 6),
        game("Bianchi", 2300, "FM", "ITA", 1, 7),
        game("Castro", 2250, "", "ESP", eighth, 8),
        game("Smith", 2150, "", "ENG", 0, 9),
        game("Jones", 2200, "", "ENG", 0, 10),
        game("Brown", 2200, "", "ENG", 0, 11),
    ]


def test_later_rounds_ignored_once_the_norm_is_made() -> None:
    check = check_norm("P", "ESP", "GM", eleven(), rounds=11)
    assert check.norm is True
    assert (check.games, check.average, check.performance, check.counts_as) == (9, 2400, 2620, 9)
    assert check.rule == "1.4.1e: the games after round 9 ignored"
    assert [g.opponent for g, _ in check.set_aside] == ["Jones", "Brown"]


def test_later_rounds_just_miss() -> None:
    """6½ in rounds 1-9: 72% -> dp 166: 2566; a round robin may not ignore rounds at all."""
    assert check_norm("P", "ESP", "GM", eleven(0.5), rounds=11).norm is False
    assert check_norm("P", "ESP", "GM", eleven(), rounds=11, round_robin=True).norm is False


# --- 1.4.1d and 1.7: how many games a norm counts for -----------------------------------------


def test_full_points_above_the_norm_count_as_games() -> None:
    """8/9 against 2400: 88.9% -> 89% -> dp 351: Rp 2751; 7 is the least score (6½: 2566),
    so one full point more: the norm counts as 10 games (1.4.1d)."""
    games = eleven()[:9]
    games[8] = game("Smith", 2150, "", "ENG", 1, 9)
    check = check_norm("P", "ESP", "GM", games, rounds=9)
    assert (check.performance, check.counts_as) == (2751, 10)


def test_an_event_of_more_than_13_rounds_counts_13_games() -> None:
    """14 GMs rated 2500, 10½/14 = 75% -> dp 193: Rp 2693. The least score is 9 (64.3% -> 64%
    -> dp 102: 2602; 8½ = 60.7% -> 61% -> dp 80: 2580): 1½ above, one full point, 15 games;
    from a 14-round event at most 13 (1.7). From a 13-round table: 15."""
    feds = ["GER", "FRA", "NED", "ITA", "ENG", "SUI", "AUT"]
    games = [game(f"G{i}", 2500, "GM", feds[i % 7], 1 if i < 7 else 0.5, i + 1) for i in range(14)]
    assert check_norm("P", "ESP", "GM", games, rounds=14).counts_as == 13
    assert check_norm("P", "ESP", "GM", games, rounds=13).counts_as == 15


# --- 1.4.2a: FID; 1.4.3d: the Swiss exemption --------------------------------------------------


@pytest.mark.parametrize(
    ("feds", "foreign", "one"),
    [
        (["FID"] * 7 + ["GER", "FRA"], True, True),  # GER, FRA foreign; FID no federation
        (["FID"] * 8 + ["GER"], False, True),  # one foreign federation only
    ],
)
def test_fid_opponents_count_as_games_but_as_no_federation(
    feds: list[str], foreign: bool, one: bool
) -> None:
    games = [game(f"O{i}", 2500, "GM", f, 1, i + 1) for i, f in enumerate(feds)]
    check = check_norm("P", "ESP", "GM", games)
    assert check.games == 9
    v = verdicts(check)
    assert v["foreign federations (1.4.3)"] is foreign
    assert v["one federation (1.4.4)"] is one


def test_the_swiss_exemption_counts_players_who_missed_at_most_one_round() -> None:
    """20 rated players not of the host (ESP), from GER, FRA and NED, 10 of them GM or IM:
    the exemption applies. One of the 20 missed two rounds: 19 count, it does not."""
    players = [(["GER", "FRA", "NED"][i % 3], True, "GM" if i < 10 else "", 1) for i in range(20)]
    assert swiss_exemption(players, "ESP")[0] is True
    players[19] = (players[19][0], True, "", 2)
    applies, figures = swiss_exemption(players, "ESP")
    assert applies is False and figures.startswith("19 rated players")


# --- before the last round: the same rules ------------------------------------------------------


def test_still_needed_with_a_win_set_aside() -> None:
    """After 9 rounds of ``ten`` (6½; as 9 games: Weak raised, 21450 / 9 = 2383, 72% -> dp
    166: 2549, no norm yet), Huber paired in round 10. All 10 games: even a win gives 7½/10 =
    2578, and 3 GMs of 10 (< 4); with Weak's win set aside a win gives 6½/9: 2605 (a draw,
    6/9: 2564). The opponents so far and Huber average 2385 (Weak raised)."""
    games = ten()
    assert still_needed("GM", games[:9], 1, games[9], federation="ESP", rounds=10) == (
        "needs 1 from 1, 1.4.1f: the win against Weak (round 2) set aside "
        "(opponents' average assumed 2385)"
    )


def test_still_needed_once_the_norm_is_made_in_a_swiss() -> None:
    """``eleven`` after round 9: the 7/9 norm is made; two rounds left may be ignored."""
    assert still_needed("GM", eleven()[:9], 2, federation="ESP", rounds=11) == (
        "made already: the later games may be ignored (1.4.1e)"
    )


def test_still_needed_counts_a_pairing_bye_for_eight_games() -> None:
    """A 9-round event, a pairing-allocated bye in round 5, 6 games of ``eight`` after round 7:
    8 games will count, as 9 (1.4.1c); without the bye 8 games are too few."""
    games = eight()[:6]
    # Known: 14800 / 6 = 2466.7 -> 2467; 8 games: (14800 + 2 x 2467) / 8 = 2466.75 -> 2467.
    # 4½ so far: 5/8 = 62.5% -> 63% -> dp 95 (2562), 5½/8 = 68.75% -> 69% -> dp 141 (2608).
    with_bye = still_needed("GM", games, 2, federation="ESP", rounds=9, pairing_byes=[5])
    assert with_bye == "needs 1 from 2 (opponents' average assumed 2467)"
    assert still_needed("GM", games, 2, federation="ESP", rounds=9) == (
        "cannot: at most 8 games will count, 9 are needed"
    )


def test_a_round_robin_norm_includes_every_round() -> None:
    check = check_norm(
        "P", "ESP", "GM", eleven()[:9], rounds=11, round_robin=True, rounds_to_play=2
    )
    assert verdicts(check)["every scheduled round (1.4.1e)"] is False and check.norm is False


def test_still_needed_when_the_next_opponent_would_not_count() -> None:
    """8 games of ``eleven`` with a draw against Castro (6½), the last round paired against
    Smith (2150, raised to 2200: the 9 opponents average 21600 / 9 = 2400). A loss gives
    6½/9 = 72% -> dp 166: 2566, a draw 7/9 = 78% -> dp 220: 2620: ½ is needed. If Smith's
    federation is not in FIDE (1.4.2a), only 8 games can count."""
    games, smith = eleven(0.5)[:8], eleven()[8]
    assert still_needed("GM", games, 1, smith, federation="ESP", rounds=9) == (
        "needs ½ from 1 (opponents' average assumed 2400)"
    )
    foreign = NormGame("Smith", 2150, "", "XYZ", F(0), counted=False, round=9, why=NON_FIDE)
    assert still_needed("GM", games, 1, foreign, federation="ESP", rounds=9) == (
        "cannot: at most 8 games will count, 9 are needed"
    )


# --- the sets offered: those that cannot meet the figures are never built ---------------------


def _round_robin_games(count: int, rating: int, seed: int) -> list[NormGame]:
    import random

    rng = random.Random(seed)
    feds = ["FRA", "GER", "ITA", "NED", "ENG"]
    return [
        NormGame(
            f"O{i:02d}",
            rating + rng.randint(-150, 150),
            rng.choice(["GM", "IM", "FM", ""]),
            rng.choice(feds),
            rng.choice([Fraction(1), Fraction(1), Fraction(1, 2), Fraction(0)]),
            round=i + 1,
        )
        for i in range(count)
    ]


def test_a_round_robin_too_weak_for_the_average_offers_no_smaller_set() -> None:
    """22 games against opponents averaging about 2200: no set of them reaches 2380 (the
    highest 9 stay below it by hand: at most 2350 each), so beyond all the games no set is
    offered, where without the bound C(wins, k) of them would be, millions."""
    from ratingbook.fide.rules.norm_games import selections
    from ratingbook.fide.rules.norms import norm_bound

    games = _round_robin_games(22, 2200, 1)
    assert max(g.rating or 0 for g in games) <= 2350
    offered = list(selections(games, round_robin=True, prune=norm_bound("GM", "ESP", "")))
    assert [len(group) for group in offered] == [1]
    assert not check_norm("x", "ESP", "GM", games, round_robin=True).norm


@pytest.mark.parametrize("seed", range(12))
def test_the_bound_keeps_every_norm_the_full_search_finds(seed: int) -> None:
    """The same check with every set offered (no bound) and with the bound: the same verdict,
    games and performance, on 13-game events around the GM and IM averages."""
    from ratingbook.fide.rules import norm_games

    games = _round_robin_games(13, 2380 if seed % 2 else 2230, seed)
    title = "GM" if seed % 2 else "IM"
    bounded = check_norm("x", "ESP", title, games, round_robin=seed % 3 == 0)
    original = norm_games._smaller

    def unbounded(counted, minimum, round_robin, prune):  # type: ignore[no-untyped-def]
        return original(counted, minimum, round_robin, None)

    norm_games._smaller = unbounded  # type: ignore[assignment]
    try:
        full = check_norm("x", "ESP", title, games, round_robin=seed % 3 == 0)
    finally:
        norm_games._smaller = original  # type: ignore[assignment]
    assert (bounded.norm, bounded.performance, bounded.games) == (
        full.norm,
        full.performance,
        full.games,
    )


def test_a_national_round_robin_offers_no_smaller_set() -> None:
    """A 14-player double round robin of one federation: 26 games, all against ESP players,
    16 wins against GMs of 2600 down to 2525. Every set of 9 to 25 of them is still all ESP,
    above 1.4.4's 3/5, so beyond all the games no set is offered (without the bound:
    C(16, 1) + ... + C(16, 16) = 65,535 sets, all checked in full), and the check says why."""
    from ratingbook.fide.rules.norm_games import selections
    from ratingbook.fide.rules.norms import norm_bound

    games = [
        NormGame(f"O{i:02d}", 2600 - 5 * i, "GM", "ESP", F(1) if i < 16 else F(1, 2), round=i + 1)
        for i in range(26)
    ]
    offered = list(selections(games, round_robin=True, prune=norm_bound("GM", "ESP", "")))
    assert [len(group) for group in offered] == [1]
    check = check_norm("x", "ESP", "GM", games, rounds=26, round_robin=True)
    assert not check.norm
    assert verdicts(check)["own federation (1.4.4)"] is False
    assert check.games == 26


def test_the_mix_bound_offers_sets_only_where_the_mix_can_hold() -> None:
    """A 13-round Swiss: 10 wins against GMs, 3 draws. The player (ESP) met 8 ESP players,
    all beaten. 8 of 13 is above 3/5 (7); 12 games with one ESP win set aside: 7 of 12, at
    most 7 allowed; 11 games: 6 of 11 against 6. Without ESP wins to set aside no smaller
    set could hold, with them the 12- and 11-game sets are offered."""
    from ratingbook.fide.rules.norm_games import selections
    from ratingbook.fide.rules.norms import norm_bound

    feds = ["ESP"] * 8 + ["FRA", "GER", "ITA", "NED", "ENG"]
    scores = [F(1)] * 10 + [F(1, 2)] * 3
    games = [
        NormGame(f"O{i:02d}", 2600, "GM", fed, score, round=i + 1)
        for i, (fed, score) in enumerate(zip(feds, scores, strict=True))
    ]
    bound = norm_bound("GM", "ESP", "")
    assert bound(games, list(range(10)), 1)  # an ESP win set aside: 7 of 12
    assert not bound(games, [8, 9], 1)  # only the FRA and GER wins may go: 8 ESP of 12
    sizes = [len(group[0].games) for group in selections(games, rounds=13, prune=bound)]
    assert sizes[:3] == [13, 12, 11]
    # The same event with the 8 ESP games drawn and 5 foreign games won: no ESP win to set
    # aside, and each earlier round still holds all 8 ESP games (8 of 12 > 7, 8 of 11 > 6,
    # ...): no smaller set is offered, where without the bound every one is.
    drawn = [
        NormGame(f"O{i:02d}", 2600, "GM", fed, F(1, 2) if fed == "ESP" else F(1), round=i + 1)
        for i, fed in enumerate(feds)
    ]
    assert [len(g[0].games) for g in selections(drawn, rounds=13, prune=bound)] == [13]
    assert len(list(selections(drawn, rounds=13))) > 1


def test_the_mix_bound_counts_an_opponent_not_paired_yet_as_any_title() -> None:
    """The outlook's open rounds (OPEN) may bring titled opponents: 6 untitled wins and 6
    open rounds, one win set aside: 11 games, 6 titled needed (1.4.5a) and 4 GMs (1.4.5b),
    both possible only through the open rounds; with no open round, neither is."""
    from ratingbook.fide.rules.norm_games import OPEN
    from ratingbook.fide.rules.norms import norm_bound

    known = [NormGame(f"O{i}", 2650, "", "FRA", F(1), round=i + 1) for i in range(6)]
    open_rounds = [NormGame("", 2650, OPEN, OPEN, F(1), round=0)] * 6
    bound = norm_bound("GM", "ESP", "1.4.3e")
    assert bound([*known, *open_rounds], list(range(12)), 1)
    assert not bound([*known, *known], list(range(12)), 1)


def _mixed_games(count: int, seed: int) -> list[NormGame]:
    import random

    rng = random.Random(seed)
    feds = ["ESP", "ESP", "ESP", "FRA", "GER", "FID", ""] if seed % 4 == 0 else ["ESP", "FRA"]
    return [
        NormGame(
            f"O{i:02d}",
            2450 + rng.randint(-120, 180),
            rng.choice(["GM", "GM", "IM", "FM", "CM", ""]),
            rng.choice(feds),
            rng.choice([F(1), F(1), F(1), F(1, 2), F(0)]),
            round=i + 1,
        )
        for i in range(count)
    ]


@pytest.mark.parametrize("seed", range(16))
def test_the_mix_bound_keeps_every_norm_the_full_search_finds(seed: int) -> None:
    """As above, on events where the mix decides: opponents mostly of the player's
    federation (or of FID, for a player under FIDE's flag), of one or two federations,
    unknown federations and few titles; Swiss (11 and 13 rounds) and round robins (13 games);
    GM and IM; also the outlook of :func:`still_needed` with two rounds to play."""
    from ratingbook.fide.rules import norm_games

    round_robin = seed % 3 == 0
    games = _mixed_games(13 if round_robin or seed % 2 else 11, seed)
    title = "GM" if seed % 2 else "IM"
    rounds = len(games)
    own = "FID" if seed % 4 == 0 else "ESP"  # a player under FIDE's flag meets FID players

    def both() -> tuple[object, object]:
        check = check_norm("x", own, title, games, rounds=rounds, round_robin=round_robin)
        outlook = still_needed(
            title, games[:-2], 2, federation=own, rounds=rounds, round_robin=round_robin
        )
        return (check.norm, check.performance, check.games, check.set_aside), outlook

    bounded = both()
    original = norm_games._smaller

    def unbounded(counted, minimum, round_robin, prune):  # type: ignore[no-untyped-def]
        return original(counted, minimum, round_robin, None)

    norm_games._smaller = unbounded  # type: ignore[assignment]
    try:
        full = both()
    finally:
        norm_games._smaller = original  # type: ignore[assignment]
    assert bounded == full


def test_the_mix_bound_counts_federations_as_the_mix_does_for_a_player_under_fides_flag() -> None:
    """A player under FIDE's flag (FID, 1.4.2a: no federation of the mix) met 6 FID players,
    then GER, FRA, ITA, NED and ENG, all GMs rated 2450; 5 wins and 4 draws, then 2 losses.
    All 11: 7/11 = 64%, dp 102, Rp 2552: no GM norm. The first 9 (1.4.1e): 7/9 = 78%, dp 220,
    Rp 2670 against an average of 2450; the FID opponents count for no federation (own 0 of 9,
    foreign GER, FRA, ITA): a norm, which the bound must not cut away."""
    feds = ["FID"] * 6 + ["GER", "FRA", "ITA", "NED", "ENG"]
    scores = [F(1)] * 5 + [F(1, 2)] * 4 + [F(0)] * 2
    games = [
        NormGame(f"O{i}", 2450, "GM", fed, score, round=i + 1)
        for i, (fed, score) in enumerate(zip(feds, scores, strict=True))
    ]
    check = check_norm("x", "FID", "GM", games, rounds=11)
    assert (check.norm, check.games, check.performance) == (True, 9, 2670)
    assert verdicts(check)["own federation (1.4.4)"] is True


def test_a_round_robin_norm_may_set_a_win_aside() -> None:
    """1.4.1f in a 14-player round robin: 12 GMs rated 2390 (9½ points) and a win against a
    GM rated 2100, raised to the 2200 floor. All 13: Ra (12 x 2390 + 2200) / 13 = 2375, below
    2380. The win against the 2100 set aside: Ra 2390, 9½/12 = 79%, dp 230, Rp 2620. Setting
    aside another win instead keeps the 2200: Ra (11 x 2390 + 2200) / 12 = 2374, below."""
    feds = ["GER", "FRA", "ITA", "NED", "ENG", "POL", "CZE", "AUT", "SUI", "BEL", "SWE", "NOR"]
    scores = [F(1)] * 7 + [F(1, 2)] * 5
    games = [
        NormGame(f"O{i:02d}", 2390, "GM", fed, score, round=i + 1)
        for i, (fed, score) in enumerate(zip(feds, scores, strict=True))
    ]
    games.append(NormGame("Weak", 2100, "GM", "DEN", F(1), round=13))
    check = check_norm("x", "ESP", "GM", games, rounds=13, round_robin=True)
    assert (check.norm, check.games, check.average, check.performance) == (True, 12, 2390, 2620)
    assert [g.opponent for g, _ in check.set_aside] == ["Weak"]


@pytest.mark.parametrize("odd", ["ESP", ""], ids=["own federation", "unknown federation"])
def test_a_round_robin_whose_whole_mix_fails_checks_only_all_its_games(
    odd: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """14-player round robin, 13 games won against GMs rated 2600: 8 against ESP (8 of 13
    above 3/5, 7), or 5 ESP and 3 of no known federation (cannot be decided). Setting 2 of
    those wins aside would leave a set whose own mix holds (6 of 11), but a round robin's
    smaller set needs the whole event's mix too (1.4.1f): only all 13 games are checked."""
    from ratingbook.fide.rules import norm_check

    feds = ["ESP"] * 5 + [odd] * 3 + ["GER", "FRA", "ITA", "NED", "ENG"]
    games = [
        NormGame(f"O{i:02d}", 2600, "GM", fed, F(1), round=i + 1) for i, fed in enumerate(feds)
    ]
    checked: list[int] = []
    original = norm_check._check

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        checked.append(len(args[3].games))
        return original(*args, **kwargs)

    monkeypatch.setattr(norm_check, "_check", counting)
    check = norm_check.check_norm("x", "ESP", "GM", games, rounds=13, round_robin=True)
    assert checked == [13]
    assert check.norm is (False if odd else None)


def test_the_outlook_puts_the_games_to_come_after_those_played() -> None:
    """10 rounds of 11 played against GMs rated 2460 of 10 federations: 6/9 in rounds 1-9, a
    loss in round 10. Even a win in round 11 gives 7/11 = 64%, dp 102, Rp 2562; 1.4.1e may
    ignore later rounds only (the first 9: 6/9 = 67%, dp 125, Rp 2585), never round 10 while
    round 11 counts: no norm is in reach."""
    feds = ["GER", "FRA", "ITA", "NED", "ENG", "POL", "CZE", "AUT", "SUI", "BEL"]
    scores = [F(1)] * 3 + [F(1, 2)] * 6 + [F(0)]
    games = [
        NormGame(f"O{i}", 2460, "GM", fed, score, round=i + 1)
        for i, (fed, score) in enumerate(zip(feds, scores, strict=True))
    ]
    assert still_needed("GM", games, 1, federation="ESP", rounds=11) == (
        "cannot: even 1/1 gives a performance below 2600 against an average of 2460"
    )
