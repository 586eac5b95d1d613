"""Tests for :mod:`ratingbook.fide.rules.norms`, :mod:`ratingbook.fide.rules.norm_check` and
:mod:`ratingbook.fide.rules.norm_event`: B.01's thresholds and tables written by hand,
hand-built events that just meet and just miss each requirement, and real FIDE-rated opens (the
Open de Gros 2010, 4 of 9 rounds played; the Karl-Mala-Gedenkturnier 2005, 7 rounds)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tests.helpers.paths import ROOT

from ratingbook.core.encoding import decode_legacy
from ratingbook.fide.rules.norm_check import check_norm
from ratingbook.fide.rules.norm_event import event_norms
from ratingbook.fide.rules.norm_outlook import still_needed
from ratingbook.fide.rules.norms import (
    FLOOR,
    MIN_AVERAGE,
    MIN_PERFORMANCE,
    UNRATED_AS,
    NormGame,
    dp,
)
from ratingbook.trf.importer import import_trf

F = Fraction


def test_b01_thresholds_as_printed() -> None:
    """1.4.8, 1.4.8a and 1.4.6b (B.01 applied from 1 January 2024), and 1400 for an unrated
    opponent (1.4.6d)."""
    assert MIN_PERFORMANCE == {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}
    assert MIN_AVERAGE == {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}
    assert FLOOR == {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
    assert UNRATED_AS == 1400


@pytest.mark.parametrize(
    ("score", "games", "expected"),
    # The dp table as printed (p -> dp): 1.00 800, 0.99 677, 0.94 444, 0.80 240, 0.78 220,
    # 0.76 202, 0.75 193, 0.72 166, 0.67 125, 0.65 110, 0.50 0, 0.35 -110, 0.00 -800.
    [
        (9, 9, 800),
        (F(17, 2), 9, 444),
        (7, 9, 220),
        (F(13, 2), 9, 166),
        (6, 9, 125),
        (F(9, 2), 9, 0),
        (F(65, 10), 10, 110),
        (3, 4, 193),
        (0, 9, -800),
        (F(7, 2), 10, -110),
        (F(76, 10), 10, 202),
    ],
)
def test_dp_table(score: Fraction, games: int, expected: int) -> None:
    assert dp(F(score), games) == expected


def g(rating: int | None, title: str, fed: str, score: float, counted: bool = True) -> NormGame:
    return NormGame(
        f"{title or 'x'}{rating}{fed}", rating, title, fed, F(score).limit_denominator(2), counted
    )


#: A GM norm just made by an ESP player (worked by hand): ratings 2600 2550 2500 2450 2400
#: 2350 2300 2250 and 2150, the last raised to the floor 2200: 21600 / 9 = 2400 >= 2380.
#: 7/9 = 77.8% -> 78% -> dp 220: Rp 2620 >= 2600. Titled 7 of 9 (>= 5), GMs 3 (>= 3).
#: ESP 3 of 9 (<= 5.4), foreign GER FRA NED ITA ENG, most from one federation 3 (<= 6).
def gm_games(last_two: tuple[float, float] = (1, 0)) -> list[NormGame]:
    return [
        g(2600, "GM", "GER", 1),
        g(2550, "GM", "FRA", 0.5),
        g(2500, "GM", "NED", 0.5),
        g(2450, "IM", "ESP", 1),
        g(2400, "IM", "ESP", 1),
        g(2350, "FM", "ITA", 1),
        g(2300, "FM", "ITA", 1),
        g(2250, "", "ESP", last_two[0]),
        g(2150, "", "ENG", last_two[1]),
    ]


def verdicts(check) -> dict[str, bool | None]:
    return {r.name: r.holds for r in check.requirements}


def test_gm_norm_just_made() -> None:
    check = check_norm("P", "ESP", "GM", gm_games())
    assert check.average == 2400 and check.performance == 2620
    assert check.raised == "x2150ENG"  # the untitled ENG 2150
    assert all(verdicts(check).values()) and check.norm is True


def test_gm_norm_just_missed_by_half_a_point() -> None:
    """6½/9 = 72.2% -> 72% -> dp 166: Rp 2566 < 2600."""
    check = check_norm("P", "ESP", "GM", gm_games((0.5, 0)))
    assert check.performance == 2566
    assert verdicts(check)["performance (1.4.8-1.4.9)"] is False and check.norm is False


def test_a_forfeit_is_not_a_game() -> None:
    """The 9th game forfeited: 8 games count, 8 < 9."""
    games = gm_games()
    games[-1] = replace(games[-1], counted=False)
    check = check_norm("P", "ESP", "GM", games)
    assert check.games == 8 and verdicts(check)["games (1.4.1-1.4.2)"] is False


@pytest.mark.parametrize(
    ("ratings", "average"),
    [
        ([2380] * 9, 2380),  # just meets 2380
        ([2380] * 8 + [2375], 2379),  # 21415 / 9 = 2379.44 -> 2379: just misses
        ([2380] * 5 + [2379] * 5, 2380),  # 23795 / 10 = 2379.5 -> 2380 (0.5 up)
        ([2400] * 8 + [1900], 2378),  # 1900 raised to 2200: 21400 / 9 = 2377.8 -> 2378
        ([2450] * 7 + [1900, 1950], 2367),  # one raised: (17150 + 2200 + 1950) / 9 = 2366.67
        ([2450] * 7 + [None, None], 2306),  # 1400 twice, one raised: 20750 / 9 = 2305.56
    ],
)
def test_average_with_floor_unrated_and_rounding(ratings: list[int | None], average: int) -> None:
    games = [g(r, "GM", "GER" if i % 2 else "FRA", 1) for i, r in enumerate(ratings)]
    check = check_norm("P", "ESP", "GM", games)
    assert check.average == average
    assert verdicts(check)["average rating of opponents (1.4.6-1.4.7, 1.4.8a)"] is (average >= 2380)


@pytest.mark.parametrize(
    ("own", "one", "holds_own", "holds_one"),
    [(5, 0, True, True), (6, 0, False, True), (0, 6, True, True), (0, 7, True, False)],
)
def test_federation_shares(own: int, one: int, holds_own: bool, holds_one: bool) -> None:
    """9 opponents: 5 own (5/9 <= 3/5) holds, 6 own does not; 6 from one foreign federation
    (= 2/3) holds, 7 does not. The rest come from three other federations."""
    feds = ["ESP"] * own + ["GER"] * one
    others = ["FRA", "NED", "ITA"]
    feds += [others[i % 3] for i in range(9 - len(feds))]
    check = check_norm("P", "ESP", "GM", [g(2400, "GM", f, 1) for f in feds])
    v = verdicts(check)
    assert v["own federation (1.4.4)"] is holds_own
    assert v["one federation (1.4.4)"] is holds_one


def test_two_foreign_federations_needed_and_exemption() -> None:
    games = [g(2400, "GM", "ESP" if i < 5 else "GER", 1) for i in range(9)]
    assert verdicts(check_norm("P", "ESP", "GM", games))["foreign federations (1.4.3)"] is False
    exempt = check_norm("P", "ESP", "GM", games, exempt="national championship")
    assert verdicts(exempt)["federations (1.4.3-1.4.4)"] is True


def test_an_opponent_without_federation_makes_the_federation_check_undecidable() -> None:
    games = gm_games()
    games[0] = replace(games[0], federation="")
    check = check_norm("P", "ESP", "GM", games)
    fed = next(r for r in check.requirements if r.name.startswith("federations"))
    assert fed.holds is None and "no federation for" in fed.figure
    assert check.norm is None


@pytest.mark.parametrize(
    ("titles", "titled", "gms"),
    [
        (["GM"] * 3 + ["FM"] * 2 + [""] * 4, True, True),  # 5 of 9 titled, 3 GMs
        (["GM"] * 3 + ["FM"] + ["CM"] + [""] * 4, False, True),  # CM does not count: 4 < 5
        (["GM"] * 2 + ["IM"] * 3 + [""] * 4, True, False),  # 2 GMs < 3
    ],
)
def test_titled_opponents(titles: list[str], titled: bool, gms: bool) -> None:
    games = [g(2400, t, ["GER", "FRA", "NED"][i % 3], 1) for i, t in enumerate(titles)]
    v = verdicts(check_norm("P", "ESP", "GM", games))
    assert v["titled opponents (1.4.5a)"] is titled
    assert v["GM opponents (1.4.5b-e)"] is gms


def test_ten_games_need_four_norm_title_holders() -> None:
    """1/3 of 10 is 3.33, rounded up: 4 GMs needed, 3 are not enough (10 draws: no win that
    1.4.1f could set aside)."""
    titles = ["GM"] * 3 + ["IM"] * 3 + [""] * 4
    games = [g(2400, t, ["GER", "FRA", "NED"][i % 3], 0.5) for i, t in enumerate(titles)]
    assert verdicts(check_norm("P", "ESP", "GM", games))["GM opponents (1.4.5b-e)"] is False
    assert verdicts(check_norm("P", "ESP", "IM", games))["GM/IM opponents (1.4.5b-e)"] is True


def test_minimum_score_35_percent() -> None:
    """WIM norm against 2400s: 3½/9 = 38.9% (>= 35%) holds, 3/9 = 33.3% does not."""
    for score, holds in ((3.5, True), (3, False)):
        games = [g(2400, "GM", ["GER", "FRA", "NED"][i % 3], 0) for i in range(9)]
        games[0] = replace(games[0], score=F(score).limit_denominator(2) - 0)
        check = check_norm("P", "ESP", "WIM", games)
        assert verdicts(check)["score (1.4.8b)"] is holds


def test_still_needed_before_the_last_round() -> None:
    """After 8 of the GM games (score 6: 1+½+½+1+1+1+1+0... worked: first 8 of gm_games with
    the 8th lost = 6), one round left against the known 9th opponent (2150 ENG, raised to
    2200): the average is 2400; 7/9 gives Rp 2620 and 6½/9 gives 2566, so 1 point is needed."""
    games = gm_games((0, 0))[:8]
    last = gm_games()[8]
    assert still_needed("GM", games, 1, last) == "needs 1 from 1 (opponents' average assumed 2400)"
    assert still_needed("GM", games[:6], 2).startswith("cannot: at most 8 games")


GROS = ROOT / "tests" / "data" / "trf" / "javafo_trfxsample2_open-gros_2010.trfx"


def gros():
    event = import_trf(decode_legacy(GROS.read_bytes())).event
    return event


def test_a_real_event_not_marked_fide_rated_says_so() -> None:
    norms = event_norms(gros())
    assert norms.checks == ()
    assert norms.lines[0].startswith("no norms: the event is not FIDE-rated")


def test_the_open_de_gros_after_four_rounds() -> None:
    """IM Argandona (ESP, start no. 2) beat nos. 27 (1736), 15 (1907), 7 (2102) and 5 (2155),
    all ESP and untitled (the file's 001 lines). For a GM norm: 4 games; 0 foreign
    federations; 0 titled; 1736 raised to 2200: (2200+1907+2102+2155)/4 = 2091; 4/4 = 100%,
    dp 800, Rp 2891. Five rounds are left: 4 + 5 = 9 games, but opponents like these average
    2091, below 2380."""
    event = gros()
    event = replace(event, settings=replace(event.settings, rated="Standard"))
    norms = event_norms(event)
    assert (norms.played, norms.planned) == (4, 9)
    check = next(c for c in norms.checks if c.player.name.startswith("Argandona"))
    assert check.check.title == "GM"  # an IM is checked for the GM norm only
    assert (check.check.games, check.check.average, check.check.performance) == (4, 2091, 2891)
    assert check.check.raised == "Lazkano Gaite Tomas"
    v = verdicts(check.check)
    assert v["foreign federations (1.4.3)"] is False and v["titled opponents (1.4.5a)"] is False
    assert check.outlook == "cannot on these opponents: their average would be 2091, 2380 is needed"
    assert [c.check.title for c in norms.checks if c.player.name == "Mirzoev Azer"] == []


KARL_MALA = ROOT / "tests" / "data" / "trf" / "karl-mala-gedenkturnier_2005_frankfurt.trf"


def test_the_karl_mala_open_2005_for_im_grabarczyk() -> None:
    """A real FIDE-rated Swiss of 7 rounds with 283 players (the file's own 001 lines). IM
    Grabarczyk (start no. 3, no federation in the file) scored 6/7 against nos. 143 (1884),
    80 (2076), 44 (2145), 22 (2302), 31 (2219), 5 (GM Mikhaletz, UKR, 2451) and 14 (IM
    Solonar, 2362). For a GM norm, worked by hand: 1884 raised to the floor 2200; 2200 + 2076
    + 2145 + 2302 + 2219 + 2451 + 2362 = 15755 / 7 = 2250.7 -> 2251; 6/7 = 85.7% -> 86% -> dp
    309: Rp 2560. 7 games (< 9), 2 titled of 7 (< 4), 1 GM (< 3), average and performance
    below 2380 and 2600; 35% holds. His missing federation makes 1.4.3-1.4.4 undecidable. No
    norm for anyone: 7 rounds give fewer than the 9 games a norm needs."""
    event = import_trf(decode_legacy(KARL_MALA.read_bytes())).event
    event = replace(event, settings=replace(event.settings, rated="Standard"))
    norms = event_norms(event)
    check = next(c for c in norms.checks if c.player.name.startswith("Grabarczyk"))
    assert check.check.title == "GM"
    figures = (check.check.games, check.check.score, check.check.average, check.check.performance)
    assert figures == (7, 6, 2251, 2560)
    assert check.check.raised.startswith("Schirrmacher")
    v = verdicts(check.check)
    assert v["games (1.4.1-1.4.2)"] is False and v["score (1.4.8b)"] is True
    assert v["titled opponents (1.4.5a)"] is False and v["GM opponents (1.4.5b-e)"] is False
    assert v["federations (1.4.3-1.4.4)"] is None
    assert check.check.norm is False and norms.norms == ()


def test_a_rated_event_without_titles_or_federations_says_what_is_missing() -> None:
    from ratingbook.core.results import Result
    from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
    from ratingbook.events.settings import SwissSettings

    event = SwissEvent(
        (SwissPlayer("A", 2300), SwissPlayer("B", 2200)),
        (SwissEntry(1, 1, "A", "B", Result.WHITE_WINS),),
        SwissSettings(rounds=9, rated="Standard"),
    )
    norms = event_norms(event)
    assert norms.lines == (
        "no player has a title (column Title of Swiss Players): 1.4.5 needs them",
        "no player has a federation (column Federation of Swiss Players): 1.4.3-1.4.4 need them",
    )
    fed = next(r for r in norms.checks[0].check.requirements if r.name.startswith("federations"))
    assert fed.holds is None and fed.figure == "cannot be decided: no federation for the player"


def test_the_guide_cites_each_requirement_as_the_check_does() -> None:
    """#34: one article for one rule. The end-of-event guide's list of requirements cites, for
    each, the articles the check's own line cites (``average rating of opponents`` is counted by
    B.01 1.4.6-1.4.7 and its minimum is 1.4.8a: the guide said only 1.4.6, 1.4.7), and the
    sentence said before round 1 cites the same."""
    import re

    from ratingbook.fide.rules.norm_check import requirements_in_words

    games = [NormGame(f"O{k}", 2500, "GM", f"F{k % 3}", F(1, 2), round=k + 1) for k in range(9)]
    lines = {
        re.sub(r" \(.*", "", r.name): r.name
        for r in check_norm("X", "F9", "IM", games, rounds=9).requirements
    }
    guide = (ROOT / "docs" / "guides" / "end-of-event.md").read_text(encoding="utf-8")
    section = guide.split("## Title norms", 1)[1].split("**Which games", 1)[0]
    listed = dict(re.findall(r"^- \*\*(.+?)\*\* \((.+?)\):", section, re.M))
    # Federations and titled opponents are a line per article on the sheet, one in the guide.
    for name in ("games", "average rating of opponents", "performance", "score"):
        assert lines[name] == f"{name} ({listed[name]})", (name, listed[name])
    words = requirements_in_words()
    for name in listed:
        assert f"({listed[name]})" in words, (name, words)


def test_norms_count_game_points_whatever_the_events_points() -> None:
    """B.01 1.4.9: p is the score as a fraction of the games, a win 1, a draw ½. The Karl-Mala
    open scored 2 a win and 1 a draw (``Points`` ``2 1 2``) gives Grabarczyk the same figures
    as above, worked by hand: 6/7, dp 309, Rp 2560 (not 12 "points" out of 7 games)."""
    from ratingbook.events.codes import Scoring

    event = import_trf(decode_legacy(KARL_MALA.read_bytes())).event
    two = Scoring(win=F(2), draw=F(1), pairing_bye=F(2))
    event = replace(event, settings=replace(event.settings, rated="Standard", scoring=two))
    check = next(c for c in event_norms(event).checks if c.player.name.startswith("Grabarczyk"))
    figures = (check.check.games, check.check.score, check.check.average, check.check.performance)
    assert figures == (7, 6, 2251, 2560)


def test_the_rating_report_counts_game_points_whatever_the_events_points() -> None:
    """B.02 8.1 and 8.1.1: the score is the games' 1, ½, 0. Worked by hand, one round,
    ``Points`` ``2 1 2``: A (2200) beats B (2150): A 1/1, Rp 2150 + 800 = 2950; B 0/1, Rp
    2200 - 800 = 1400; C (2100) and D (2050) draw: ½/1, dp 0, Rp 2050 and 2100. The rating
    changes are those of the same games scored 1 ½ 1."""
    from ratingbook.core.results import Result
    from ratingbook.events.codes import Scoring
    from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
    from ratingbook.events.settings import SwissSettings
    from ratingbook.fide.rules.rating_report import rating_report

    players = tuple(
        SwissPlayer(n, r) for n, r in (("A", 2200), ("B", 2150), ("C", 2100), ("D", 2050))
    )
    entries = (
        SwissEntry(1, 1, "A", "B", Result.WHITE_WINS),
        SwissEntry(1, 2, "C", "D", Result.DRAW),
    )
    two = Scoring(win=F(2), draw=F(1), pairing_bye=F(2))
    event = SwissEvent(players, entries, SwissSettings(rounds=5, rated="Standard", scoring=two))
    report = rating_report(event)
    lines = report.by_name()
    assert {n: (lines[n].score, report.performance_of(n)) for n in "ABCD"} == {
        "A": (1, 2950),
        "B": (0, 1400),
        "C": (F(1, 2), 2050),
        "D": (F(1, 2), 2100),
    }
    plain = rating_report(replace(event, settings=replace(event.settings, scoring=Scoring())))
    assert [report.change_of(n) for n in "ABCD"] == [plain.change_of(n) for n in "ABCD"]
