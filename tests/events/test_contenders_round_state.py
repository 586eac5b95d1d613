"""Who can still win counts the round state the standings count, the same with and without
``--round`` (issue 34, the user test ut45see): a pairing-allocated bye of the round asked
about is that round's result, in the maximum and said as what it is, never in the points
"before round 5"; a withdrawn player is left out (docs/guides/end-of-event.md).

The user test's book: the Swiss template, Tie-breaks ``BH SB``, round 4 typed as
Charlotte - Erik 0-1, Daniel - Bob 1-0, Femke - Anna 0-1, Femke withdrawn from round 5, round
5 paired by the recalc: Erik - Anna, Bob - Charlotte, Daniel the pairing-allocated bye.

By hand, rounds 1-4 (W win, D draw, L loss):

- Anna: L Daniel, W Bob, L Charlotte, W Femke = 2
- Bob: L Erik, L Anna, W Femke, L Daniel = 1
- Charlotte: W Femke, L Daniel, W Anna, L Erik = 2
- Daniel: W Anna, W Charlotte, L Erik, W Bob = 3
- Erik: W Bob, D Femke, W Daniel, W Charlotte = 3½
- Femke: L Charlotte, D Erik, L Bob, L Anna = ½

The standings "after round 4" show these; before round 5 so does every line. Round 5 left:
Daniel's bye gives 1 point (at most 3 + 1 = 4, and at least 4); Erik at most 3½ + 1 = 4½;
Anna and Charlotte at most 3, Bob 2. Daniel is first alone only if Erik loses (Erik stays on
3½ < 4), level if Erik draws (4 = 4); Erik alone if he wins (4½), level with Daniel if he
draws. Charlotte, Anna and Bob cannot (Erik already has 3½, more than 3 and 2): three who
cannot, not four. Femke plays no more (withdrawn from round 5): left out.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from ratingbook.core.results import Result
from ratingbook.events.contenders import describe
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.event_contenders import event_contenders, finished_games
from ratingbook.events.last_round import Counted, without_game
from ratingbook.events.settings import SwissSettings
from ratingbook.reports.contender_grids import contender_grid, contender_lines

R = Result
ROWS = (
    (1, 1, "Anna", "Daniel", R.BLACK_WINS), (1, 2, "Erik", "Bob", R.WHITE_WINS),
    (1, 3, "Charlotte", "Femke", R.WHITE_WINS),
    (2, 1, "Daniel", "Charlotte", R.WHITE_WINS), (2, 2, "Femke", "Erik", R.DRAW),
    (2, 3, "Bob", "Anna", R.BLACK_WINS),
    (3, 1, "Erik", "Daniel", R.WHITE_WINS), (3, 2, "Anna", "Charlotte", R.BLACK_WINS),
    (3, 3, "Bob", "Femke", R.WHITE_WINS),
    (4, 1, "Charlotte", "Erik", R.BLACK_WINS), (4, 2, "Daniel", "Bob", R.WHITE_WINS),
    (4, 3, "Femke", "Anna", R.BLACK_WINS),
    (5, 1, "Erik", "Anna", None), (5, 2, "Bob", "Charlotte", None),
    (5, 3, "Daniel", None, R.PAIRING_BYE),
)  # fmt: skip
HALF = Fraction(1, 2)
#: By hand (the docstring): points after round 4, and at most after round 5.
EXPECTED = {
    "Erik": (3 + HALF, 4 + HALF),
    "Daniel": (Fraction(3), Fraction(4)),
    "Charlotte": (Fraction(2), Fraction(3)),
    "Anna": (Fraction(2), Fraction(3)),
    "Bob": (Fraction(1), Fraction(2)),
}


def _event(rows: tuple[tuple[object, ...], ...] = ROWS) -> SwissEvent:
    players = tuple(
        SwissPlayer(n, withdrawn=5 if n == "Femke" else None)
        for n in ("Anna", "Bob", "Charlotte", "Daniel", "Erik", "Femke")
    )
    entries = tuple(SwissEntry(*r) for r in rows)  # type: ignore[arg-type]
    return SwissEvent(players, entries, SwissSettings(rounds=5))


@pytest.mark.parametrize("before", [None, 5], ids=["round omitted", "--round 5"])
def test_a_pairing_bye_of_the_round_asked_is_its_result_not_a_point_before_it(
    before: int | None,
) -> None:
    event = _event()
    number, found = event_contenders(event, before)
    assert number == 5
    assert {c.name: (c.points, c.maximum) for c in found} == EXPECTED
    # One number, one source: the points every line shows are the standings' points.
    standings = event.standings_points()
    assert event.standings_round == 4
    assert all(c.points == standings[c.name] for c in found)
    daniel = next(c for c in found if c.name == "Daniel")
    assert daniel.alone is True
    assert daniel.scenarios == (
        "Daniel's bye gives 1 point, and Erik loses to Anna",
        "Daniel's bye gives 1 point, and Erik and Anna draw (level on points: tie-breaks decide)",
    )
    lines = contender_lines(number, found, finished_games(event, number) if before else 0)
    assert not any("score stays as it is" in line for line in lines), lines
    charlotte = next(c for c in found if c.name == "Charlotte")
    assert describe(charlotte) == (
        "Charlotte (2, at most 3): cannot finish first: Erik has 3½ and Charlotte can reach "
        "at most 3"
    )


def test_the_same_question_gets_the_same_answer_with_and_without_round() -> None:
    event = _event()
    assert event_contenders(event) == event_contenders(event, 5)


def test_a_withdrawn_player_is_neither_a_contender_nor_one_who_cannot() -> None:
    event = _event()
    number, found = event_contenders(event)
    assert "Femke" not in {c.name for c in found}
    grid = contender_grid(number, found)
    (said,) = [str(row[0]) for row in grid.rows if row[1] is None and row[4] is None]
    assert said.startswith("3 players cannot finish first (e.g. "), said
    cannot = [line for line in contender_lines(number, found) if "cannot finish first" in line]
    assert sorted(line.split(" (")[0].strip() for line in cannot) == ["Anna", "Bob", "Charlotte"]


def test_while_the_round_is_played_its_bye_stays_out_of_the_points() -> None:
    """Bob - Charlotte 0-1 typed while round 5 is played: Charlotte 2 + 1 = 3, Bob 1 (their
    game is over, counted as it ended); Daniel still 3 (his bye is the round's result, in his
    maximum 4, as before), Erik 3½ at most 4½, Anna 2 at most 3."""
    rows = tuple(r if r[:2] != (5, 2) else (5, 2, "Bob", "Charlotte", R.BLACK_WINS) for r in ROWS)
    event = _event(rows)
    number, found = event_contenders(event)
    assert (number, finished_games(event, number)) == (5, 1)
    assert {c.name: (c.points, c.maximum) for c in found} == {
        **EXPECTED,
        "Charlotte": (Fraction(3), Fraction(3)),
        "Bob": (Fraction(1), Fraction(1)),
    }
    daniel = next(c for c in found if c.name == "Daniel")
    assert daniel.needs == "Daniel's bye gives 1 point, and Erik loses to Anna"


@pytest.mark.parametrize(
    ("units", "said"),
    [(2, "1 point"), (1, "½ point"), (3, "1½ points"), (0, "no points")],
)
def test_a_bye_is_said_with_its_points(units: int, said: str) -> None:
    """Points counted in halves (scale 2): 2 units are 1 point, 1 is ½, 3 are 1½, 0 none (a
    zero-point bye); a player with neither game nor bye stays on his score."""
    plan = Counted((("Erik", "Anna"),), {"Daniel": units}, frozenset(), 5)
    assert without_game("Daniel", plan, 2) == f"Daniel's bye gives {said}"
    assert without_game("Bob", plan, 2) == "Bob's score stays as it is"
