"""The tie-break code ``MAN``: values typed by the arbiter from outside (VCL questions 205 and
207, as Sharly-Chess quotes them), ranked inside gacrux's computation of the list, so that the
codes after it separate only what it leaves tied.

The hand event (tests/helpers/hand_event.py) leaves C and D tied on 1 point; the orders below
follow from the values typed, by hand.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

import pytest
from tests.helpers.hand_event import HAND_ENTRIES, HAND_PLAYERS

from ratingbook.events.codes import parse_tiebreaks
from ratingbook.events.event import SwissEvent
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.gacrux import fide_standings


def event(values: dict[str, Fraction]) -> SwissEvent:
    players = tuple(replace(p, tiebreak_value=values.get(p.name)) for p in HAND_PLAYERS)
    return SwissEvent(
        players, HAND_ENTRIES, SwissSettings(rounds=3, start_date=dt.date(2026, 4, 1))
    )


def c_and_d(codes: tuple[str, ...], values: dict[str, Fraction]) -> list[tuple[int, str]]:
    lines = fide_standings(event(values), codes).lines
    return [(line.rank, line.name) for line in lines if line.name in ("C", "D")]


def test_man_and_its_reverse_are_read_in_every_spelling() -> None:
    assert parse_tiebreaks("man MAN/R") == ("MAN", "MAN/R")
    assert parse_tiebreaks("man-r") == ("MAN/R",)


@pytest.mark.parametrize(
    ("codes", "values", "order"),
    [
        # nothing typed: tied (C.07 allows ties, Q203)
        (("MAN",), {}, [(3, "C"), (3, "D")]),
        # a play-off: D scored 1, C 0; the higher first
        (("MAN",), {"C": Fraction(0), "D": Fraction(1)}, [(3, "D"), (4, "C")]),
        # places given by hand: C 1st, D 2nd; the lower first
        (("MAN/R",), {"C": Fraction(1), "D": Fraction(2)}, [(3, "C"), (4, "D")]),
        # a player without a value after one with, in either order
        (("MAN",), {"C": Fraction(1, 2)}, [(3, "C"), (4, "D")]),
        (("MAN/R",), {"D": Fraction(5)}, [(3, "D"), (4, "C")]),
        # MAN decides before TPN (C 3, D 4), which would put C first
        (("MAN", "TPN"), {"D": Fraction(1)}, [(3, "D"), (4, "C")]),
        # equal values leave the tie to the next code: TPN, C first
        (("MAN", "TPN"), {"C": Fraction(1), "D": Fraction(1)}, [(3, "C"), (4, "D")]),
    ],
)
def test_typed_values_rank_the_tied_players(codes, values, order) -> None:
    assert c_and_d(codes, values) == order


def test_the_standings_show_the_value_as_typed() -> None:
    lines = fide_standings(event({"C": Fraction(3, 2)}), ("MAN",)).lines
    assert {line.name: line.values[0] for line in lines} == {
        "A": None,
        "B": None,
        "C": 1.5,
        "D": None,
        "E": None,
    }
