"""Tests for :mod:`ratingbook.events.prizes` and :mod:`ratingbook.events.prize_rules`.

Every expected amount is worked by hand in the test's docstring from the rules the module
states (Hort: half of one's own place's prize kept, the other halves pooled and shared equally;
Equal: the tied places' prizes pooled whole; shares rounded down to the step)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ratingbook.core.tables import Row
from ratingbook.errors import InputErrors, Location, RatingbookError
from ratingbook.events.prize_rules import (
    EQUAL,
    HORT,
    TIE_BREAK,
    Contestant,
    PrizeSettings,
    empty_categories,
    parse_category,
    prize_settings,
)
from ratingbook.events.prizes import Standing, award_prizes
from ratingbook.workbook.sheets.prize_rows import read_prizes

F = Fraction


def _prizes(*rows: tuple[object, object, object, object]):
    return read_prizes(
        Row(
            dict(zip(("Place", "Category", "Amount", "Object"), r, strict=True)),
            Location("Prizes", 2 + i),
        )
        for i, r in enumerate(rows)
    )


def _standings(*lines: tuple[str, float]) -> list[Standing]:
    return [Standing(n, i + 1, F(p).limit_denominator(2)) for i, (n, p) in enumerate(lines)]


def _amounts(result) -> dict[str, tuple[str, Fraction]]:
    return {a.name: (a.label, a.amount) for a in result.awards}


FOUR_TIED = _standings(("A", 7), ("B", 6.5), ("C", 6.5), ("D", 6.5), ("E", 6.5), ("F", 6))
FIVE_PRIZES = _prizes(
    (1, None, 2000, None),
    (2, None, 1000, None),
    (3, None, 800, None),
    (4, None, 600, None),
    (5, None, 400, None),
)


def test_hort_four_tied_for_places_two_to_five() -> None:
    """2nd-5th = 1000 + 800 + 600 + 400. Halves 500/400/300/200 kept; the other halves pooled:
    1400 / 4 = 350 each. B 850, C 750, D 650, E 550 (sum 2800)."""
    result = award_prizes(FOUR_TIED, {}, FIVE_PRIZES, PrizeSettings(HORT))
    got = _amounts(result)
    assert got["A"] == ("1st", 2000)
    assert [got[n][1] for n in "BCDE"] == [850, 750, 650, 550]
    assert got["B"][0] == "2nd-5th shared"
    assert "F" not in got
    assert result.remainder == 0 and result.total == 4800
    assert result.ties == (
        "4 players on 6½ share places 2-5: 1000 + 800 + 600 + 400 = 2800 (Hort: each keeps "
        "half of the prize of the place the tie-break gives, the other halves are shared): "
        "B 850; C 750; D 650; E 550",
    )


def test_equal_sharing_pools_the_places_whole() -> None:
    """2800 / 4 = 700 each."""
    got = _amounts(award_prizes(FOUR_TIED, {}, FIVE_PRIZES, PrizeSettings(EQUAL)))
    assert [got[n][1] for n in "BCDE"] == [700, 700, 700, 700]


def test_tie_break_sharing_gives_each_his_own_place() -> None:
    got = _amounts(award_prizes(FOUR_TIED, {}, FIVE_PRIZES, PrizeSettings(TIE_BREAK)))
    assert [got[n] for n in "BCDE"] == [("2nd", 1000), ("3rd", 800), ("4th", 600), ("5th", 400)]


def test_a_tie_across_the_last_prize_shares_with_the_unpaid_places() -> None:
    """Prizes 500/300/200; B, C, D tied for places 2-4 (4th has no prize): pool 300+200+0.
    Equal: 500/3 = 166.67 -> 166 each, 2 left. Hort: halves 150/100/0 kept, 250 pooled,
    83.33 each: B 233.33 -> 233, C 183.33 -> 183, D 83.33 -> 83, 1 left."""
    standings = _standings(("A", 7), ("B", 6.5), ("C", 6.5), ("D", 6.5), ("E", 6))
    prizes = _prizes((1, None, 500, None), (2, None, 300, None), (3, None, 200, None))
    equal = award_prizes(standings, {}, prizes, PrizeSettings(EQUAL))
    assert [_amounts(equal)[n][1] for n in "BCD"] == [166, 166, 166]
    assert equal.remainder == 2
    assert equal.ties[0].endswith("B 166; C 166; D 166; 2 left by rounding to 1")
    hort = award_prizes(standings, {}, prizes, PrizeSettings(HORT))
    assert [_amounts(hort)[n][1] for n in "BCD"] == [233, 183, 83]
    assert hort.remainder == 1
    assert hort.total + hort.remainder == 1000  # nothing lost


def test_rounding_to_a_step_of_five_shows_the_remainder() -> None:
    """Three tied for 1st-3rd, 500 + 300 + 200 = 1000, equal: 333.33 -> 330 each, 10 left."""
    standings = _standings(("A", 5), ("B", 5), ("C", 5), ("D", 4))
    prizes = _prizes((1, None, 500, None), (2, None, 300, None), (3, None, 200, None))
    result = award_prizes(standings, {}, prizes, PrizeSettings(EQUAL, step=F(5)))
    assert [_amounts(result)[n][1] for n in "ABC"] == [330, 330, 330]
    assert result.remainder == 10


def test_cents_step() -> None:
    """1000 shared by three with a step of 0.01: 333.33 each, 0.01 left."""
    standings = _standings(("A", 5), ("B", 5), ("C", 5))
    prizes = _prizes((1, None, 600, None), (2, None, 400, None))
    result = award_prizes(standings, {}, prizes, PrizeSettings(EQUAL, step=F(1, 100)))
    assert [a.amount for a in result.awards] == [F(33333, 100)] * 3
    assert result.remainder == F(1, 100)


def test_objects_go_by_tie_break_while_money_is_shared() -> None:
    """1st = 500 and a trophy, 2nd = 300; A and B tied: 400 each, the trophy to A."""
    standings = _standings(("A", 7), ("B", 7), ("C", 6))
    prizes = _prizes((1, None, 500, "Trophy"), (2, None, 300, None))
    result = award_prizes(standings, {}, prizes, PrizeSettings(EQUAL))
    assert [(a.name, a.amount, a.item) for a in result.awards] == [
        ("A", 400, "Trophy"),
        ("B", 400, ""),
    ]


PLAYERS = {
    "A": Contestant("A", 2100),
    "B": Contestant("B", 1750),
    "C": Contestant("C", 2000),
    "D": Contestant("D", 1700),
}
CATEGORY_PRIZES = _prizes((1, None, 500, None), (2, None, 300, None), (1, "U1800", 200, None))


def test_place_prize_worth_more_than_the_category_prize_is_kept() -> None:
    """B (1750) is 2nd alone: 300 beats U1800 1st (200), so U1800 goes to D, the next U1800."""
    standings = _standings(("A", 7), ("B", 6), ("C", 5), ("D", 4))
    got = _amounts(award_prizes(standings, PLAYERS, CATEGORY_PRIZES, PrizeSettings(EQUAL)))
    assert got == {"A": ("1st", 500), "B": ("2nd", 300), "D": ("U1800 1st", 200)}


def test_tied_player_takes_the_category_prize_and_the_tie_is_shared_without_him() -> None:
    """B (1750) and C (2000) tied on 6 for places 2-3 (300 + 0): 150 each. B's U1800 1st
    (200) is worth more, so B takes it and leaves the place list; C is then 2nd alone: 300."""
    standings = _standings(("A", 7), ("B", 6), ("C", 6), ("D", 5))
    got = _amounts(award_prizes(standings, PLAYERS, CATEGORY_PRIZES, PrizeSettings(EQUAL)))
    assert got == {"A": ("1st", 500), "B": ("U1800 1st", 200), "C": ("2nd", 300)}


def test_more_than_one_prize_each_when_the_setting_allows() -> None:
    standings = _standings(("A", 7), ("B", 6), ("C", 5), ("D", 4))
    settings = PrizeSettings(EQUAL, one_each=False)
    result = award_prizes(standings, PLAYERS, CATEGORY_PRIZES, settings)
    assert [(a.name, a.label, a.amount) for a in result.awards] == [
        ("A", "1st", 500),
        ("B", "2nd", 300),
        ("B", "U1800 1st", 200),
    ]


def test_ties_inside_a_category_share_its_prizes() -> None:
    """U1800: 1st 200, 2nd 100; B and D (both U1800) tied on 5: Hort 150 + 50/2... worked:
    halves 100 and 50 kept, 150 pooled, 75 each: B 175, D 125."""
    standings = _standings(("A", 7), ("C", 6), ("B", 5), ("D", 5))
    prizes = _prizes(
        (1, None, 500, None), (2, None, 300, None), (1, "U1800", 200, None), (2, "U1800", 100, None)
    )
    got = _amounts(award_prizes(standings, PLAYERS, prizes, PrizeSettings(HORT)))
    assert got["B"] == ("U1800 1st-2nd shared", 175)
    assert got["D"] == ("U1800 1st-2nd shared", 125)


@pytest.mark.parametrize(
    ("written", "player", "year", "expected"),
    [
        ("U1800", Contestant("x", 1799), None, True),
        ("U1800", Contestant("x", 1800), None, False),
        ("U1800", Contestant("x", None), None, False),  # unrated is in no rating band
        ("1600-1799", Contestant("x", 1600), None, True),
        ("Unrated", Contestant("x", None), None, True),
        ("U12", Contestant("x", birth_year=2014), 2026, True),  # under 12 on 1 Jan 2026
        ("U12", Contestant("x", birth_year=2013), 2026, False),
        ("65+", Contestant("x", birth_year=1961), 2026, True),  # turns 65 in 2026
        ("65+", Contestant("x", birth_year=1962), 2026, False),
        ("U12", Contestant("x", birth_year=2014), None, None),  # no start date: undecided
        ("Women", Contestant("x", sex="F"), None, True),
        ("Women", Contestant("x", sex="m"), None, False),
        ("Federation ESP", Contestant("x", federation="esp"), None, True),
        ("Club Gros", Contestant("x", club="Gros"), None, True),
    ],
)
def test_categories(written: str, player: Contestant, year: int | None, expected: object) -> None:
    assert parse_category(written).admits(player, year) is expected


def test_bad_prize_rows_are_all_reported() -> None:
    """Two prizes for 1st, an amount that is not a number, an unknown category."""
    with pytest.raises(InputErrors) as raised:
        _prizes(
            (1, None, 500, None),
            (1, None, 200, None),
            (2, None, "lots", None),
            (1, "Juniors-ish", 100, None),
        )
    text = str(raised.value)
    assert "row 3" in text and "second prize for 1st" in text
    assert "row 4" in text and "'lots' is not an amount" in text
    assert "row 5" in text and "category 'Juniors-ish' is not understood" in text


def test_a_category_nobody_is_in_is_a_warning() -> None:
    prizes = _prizes((1, "Women", 100, None))
    assert empty_categories(prizes, [Contestant("A", sex="M")], None) == [
        "no player is in category 'Women' (row 2): its prizes stay"
    ]


def test_prize_settings() -> None:
    where = {k: Location("Swiss Settings", 5) for k in ("Prize Sharing", "Prize Step")}
    got = prize_settings({"Prize Sharing": "shared equally", "Prize Step": "0.5"}, where)
    assert got == PrizeSettings(EQUAL, F(1, 2), True)
    with pytest.raises(RatingbookError, match="expected Hort, Equal or Tie-break"):
        prize_settings({"Prize Sharing": "pro rata"}, where)


def test_the_published_hort_example() -> None:
    """German Wikipedia, "Hort-System", Beispiel: prizes 1000/500/350/200/150/100; A and B on
    8 (places 1-2), C 7½, D, E, F on 7 (places 4-6). Published: A 875, B 625, C 350, D 175,
    E 150, F 125 (A: 500 kept + (500 + 250) / 2 = 875; D: 100 + (100 + 75 + 50) / 3 = 175)."""
    standings = _standings(("A", 8), ("B", 8), ("C", 7.5), ("D", 7), ("E", 7), ("F", 7))
    prizes = _prizes(
        *((i + 1, None, amount, None) for i, amount in enumerate((1000, 500, 350, 200, 150, 100)))
    )
    got = _amounts(award_prizes(standings, {}, prizes, PrizeSettings(HORT)))
    assert [got[n][1] for n in "ABCDEF"] == [875, 625, 350, 175, 150, 125]


def test_a_published_equal_sharing_example_rounded_down() -> None:
    """Oregon Scholastic Chess Federation, "All Stars Awards & Ties": prizes 45/40/30/20/15,
    scores 4, 4, 3½, 3, 3, 3: the two on 4 get (45 + 40) / 2 = 42.50, 3rd 30, the three on 3
    share 20 + 15 = 35, "$11.67" each there. Rounded down to the cent here: 11.66 each, and
    the 0.02 left is shown (11.67 three times would pay 35.01, more than the pool)."""
    standings = _standings(("A", 4), ("B", 4), ("C", 3.5), ("D", 3), ("E", 3), ("F", 3))
    prizes = _prizes(
        *((i + 1, None, amount, None) for i, amount in enumerate((45, 40, 30, 20, 15)))
    )
    result = award_prizes(standings, {}, prizes, PrizeSettings(EQUAL, step=F(1, 100)))
    got = _amounts(result)
    assert [got[n][1] for n in "ABCDEF"] == [F(85, 2), F(85, 2), 30] + [F(1166, 100)] * 3
    assert result.remainder == F(2, 100)


@pytest.mark.parametrize("seed", range(60))
def test_nothing_is_lost(seed: int) -> None:
    """Whatever the ties, the sharing and the step, the money paid plus the remainder is
    every place prize (more players than prizes): a second, independent sum."""
    import random

    rng = random.Random(seed)
    players = rng.randint(6, 14)
    points = sorted((F(rng.randint(0, 10), 2) for _ in range(players)), reverse=True)
    standings = [Standing(f"P{i}", i + 1, p) for i, p in enumerate(points)]
    amounts = sorted((rng.randint(1, 200) * 5 for _ in range(rng.randint(1, 6))), reverse=True)
    prizes = _prizes(*((i + 1, None, a, None) for i, a in enumerate(amounts)))
    sharing = rng.choice([HORT, EQUAL, TIE_BREAK])
    step = rng.choice([F(1), F(5), F(1, 100), F(10)])
    result = award_prizes(standings, {}, prizes, PrizeSettings(sharing, step))
    assert result.total + result.remainder == sum(amounts)
    assert all(a.amount % step == 0 and a.amount <= a.exact for a in result.awards)


def test_one_player_whose_category_cannot_be_told_is_named_in_the_singular() -> None:
    """U12 needs a birth year; the event's year is known (2026), so only the birth year is
    missing, and one player is "the player", not "they" (issue 34's user test)."""
    standings = _standings(("A", 2), ("X", 1))
    players = {"A": Contestant("A", birth_year=2015), "X": Contestant("X")}
    result = award_prizes(standings, players, _prizes((1, "U12", 50, None)), PrizeSettings(), 2026)
    assert list(result.warnings) == [
        "category 'U12': cannot tell whether X belongs (a birth year is needed); the player is "
        "left out of it"
    ]
