"""The tournament rating (FIDE's 2026 checklist, question 145 as Sharly-Chess quotes it: FIDE,
national, FIDON "FIDE rating if defined, otherwise national", NIDOF "national rating if
defined, otherwise FIDE", HBFN "highest of FIDE, national and manual rating") and the order of
players of equal rating and title (question 146; C.04.2 art. 2.2 "alphabetically (unless it
has been previously stated that this criterion has been replaced by another one)").

Every expected value is read off the players below by hand.
"""

from __future__ import annotations

import hashlib
from types import SimpleNamespace

import pytest
from tests.helpers.sheet_rows import rows

from ratingbook.errors import RatingbookError
from ratingbook.events.start_order import number_players
from ratingbook.events.tournament_rating import (
    BY_FIDE_ID,
    FIDE,
    FIDON,
    HBFN,
    LOTS,
    NATIONAL,
    NIDOF,
    InitialOrder,
    tournament_rating,
)
from ratingbook.workbook.sheets.settings_rows import read_settings


def settings_rows(*pairs: tuple[str, object]) -> list:
    return rows("Swiss Settings", ("Setting", "Value"), *pairs)


def player(
    name: str,
    fide: int | None = None,
    national: int | None = None,
    manual: int | None = None,
    title: str = "",
    fide_id: int | None = None,
) -> SimpleNamespace:
    return SimpleNamespace(
        name=name,
        rating=fide,
        national_rating=national,
        manual_rating=manual,
        title=title,
        fide_id=fide_id,
        number=None,
        where=None,
    )


# Ann: FIDE 1900, national 2050; Bob: national 2000 only; Cat: FIDE 2010 only;
# Dan: a manual estimate of 2100 only; Eve: FIDE 1950, national 1700, manual 2020.
ANN = player("Ann", fide=1900, national=2050)
BOB = player("Bob", national=2000)
CAT = player("Cat", fide=2010)
DAN = player("Dan", manual=2100)
EVE = player("Eve", fide=1950, national=1700, manual=2020)
FIELD = [ANN, BOB, CAT, DAN, EVE]


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # FIDE: Ann 1900, Bob none (manual: none) -> unrated, Cat 2010, Dan manual 2100,
        # Eve 1950.
        (FIDE, {"Ann": (1900, "FIDE"), "Bob": (None, ""), "Cat": (2010, "FIDE"),
                "Dan": (2100, "Manual"), "Eve": (1950, "FIDE")}),
        (NATIONAL, {"Ann": (2050, "National"), "Bob": (2000, "National"), "Cat": (None, ""),
                    "Dan": (2100, "Manual"), "Eve": (1700, "National")}),
        (FIDON, {"Ann": (1900, "FIDE"), "Bob": (2000, "National"), "Cat": (2010, "FIDE"),
                 "Dan": (2100, "Manual"), "Eve": (1950, "FIDE")}),
        (NIDOF, {"Ann": (2050, "National"), "Bob": (2000, "National"), "Cat": (2010, "FIDE"),
                 "Dan": (2100, "Manual"), "Eve": (1700, "National")}),
        (HBFN, {"Ann": (2050, "National"), "Bob": (2000, "National"), "Cat": (2010, "FIDE"),
                "Dan": (2100, "Manual"), "Eve": (2020, "Manual")}),
    ],
)  # fmt: skip
def test_each_method_takes_the_rating_the_checklist_names(
    method: str, expected: dict[str, tuple[int | None, str]]
) -> None:
    got = {p.name: tournament_rating(p, method) for p in FIELD}
    assert {n: (t.rating, t.source) for n, t in got.items()} == expected


@pytest.mark.parametrize(
    ("method", "order"),
    [
        # By the ratings of the table above, highest first, unrated last.
        (FIDE, ["Dan", "Cat", "Eve", "Ann", "Bob"]),
        (FIDON, ["Dan", "Cat", "Bob", "Eve", "Ann"]),
        (NIDOF, ["Dan", "Ann", "Cat", "Bob", "Eve"]),
        (HBFN, ["Dan", "Ann", "Eve", "Cat", "Bob"]),
    ],
)
def test_the_start_numbers_follow_the_events_method(method: str, order: list[str]) -> None:
    numbers = number_players(FIELD, order=InitialOrder(method)).numbers
    assert sorted(numbers, key=numbers.__getitem__) == order


# Equal rating and title: Zoe (FIDE ID 100), Abe (300), Kim (200), Lou (no FIDE ID).
TIED = [
    player("Zoe", fide=2000, fide_id=100),
    player("Abe", fide=2000, fide_id=300),
    player("Kim", fide=2000, fide_id=200),
    player("Lou", fide=2000),
]


def ordered(order: InitialOrder) -> list[str]:
    numbers = number_players(TIED, order=order).numbers
    return sorted(numbers, key=numbers.__getitem__)


def test_equal_rating_and_title_are_ordered_by_name_unless_another_order_is_stated() -> None:
    assert ordered(InitialOrder()) == ["Abe", "Kim", "Lou", "Zoe"]
    # FIDE ID: the lower first; a player without one after them.
    assert ordered(InitialOrder(equal=BY_FIDE_ID)) == ["Zoe", "Kim", "Abe", "Lou"]


def test_lots_are_drawn_from_the_events_name_and_date_the_same_every_time() -> None:
    seed = "Spring Open|2026-04-01"

    def digest(p: SimpleNamespace) -> str:  # written here from the rule, not imported
        who = f"FIDE {p.fide_id}" if p.fide_id else f"name {p.name}"
        return hashlib.sha256(f"{seed}|{who}".encode()).hexdigest()

    expected = [p.name for p in sorted(TIED, key=digest)]
    assert ordered(InitialOrder(equal=LOTS, seed=seed)) == expected
    assert ordered(InitialOrder(equal=LOTS, seed=seed)) == expected  # repeated: the same
    # A title still comes first: lots decide only among equal rating and title.
    titled = [*TIED, player("Ned", fide=2000, title="FM")]
    numbers = number_players(titled, order=InitialOrder(equal=LOTS, seed=seed)).numbers
    assert numbers["Ned"] == 1


def test_the_settings_are_read_in_any_spelling_and_a_wrong_one_names_its_cell() -> None:
    settings = read_settings(settings_rows(("Tournament Rating", "fidon"), ("Equal Order", "lots")))
    assert (settings.rating_method, settings.equal_order) == (FIDON, LOTS)
    with pytest.raises(RatingbookError) as caught:
        read_settings(settings_rows(("Rating Method", "Elo")))
    assert "Rating Method 'Elo': expected FIDE, National, FIDON" in str(caught.value)
    assert "sheet 'Swiss Settings', row 2, column B (Value)" in str(caught.value)
