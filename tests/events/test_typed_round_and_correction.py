"""A round typed by hand between the same two runs as a correction (user test 48).

The book cannot say which came first: both were typed since the log last recorded the event.
The reading chosen never blames a pairing the engine made (typed in from elsewhere) for a
result corrected after it: the round is read as paired before the correction when its boards
are the pairing the rules give on the results the log recorded and not on the corrected ones;
otherwise after it, as a round the engine pairs in the same run is (user test 47). The reading
decides the order of the log's rows (which :mod:`ratingbook.events.as_paired` reads) and the
correction's level (FIDE's rule: the rounds paired when the result was retyped).

The rules' pairing is given here by hand (the reading is under test, not the engine): the
typed round 3 is ``A - B, C - D``.
"""

from __future__ import annotations

from dataclasses import replace

from tests.events.test_event_state import TWO_ROUNDS, event, state

from ratingbook.core.results import Result as R
from ratingbook.events.event import SwissEntry
from ratingbook.events.fide_mode.changes import LoggedChange, changes
from ratingbook.events.fide_mode.corrections import RulesPairing, as_recorded, typed_first
from ratingbook.events.fide_mode.log import LogKind
from ratingbook.events.fide_mode.state import Pair

ROUNDS_1_2 = TWO_ROUNDS[:4]
ROUND_3 = tuple(replace(e, result=R.WHITE_WINS) for e in TWO_ROUNDS[4:])  # typed, played
TYPED: list[Pair] = [("A", "B"), ("C", "D")]
OTHER: list[Pair] = [("A", "D"), ("C", "B")]


def rules(before: list[Pair], after: list[Pair]) -> RulesPairing:
    """The rules' pairing of round 3: ``before`` on the recorded results, ``after`` on the
    corrected ones."""
    return lambda number, held: (before if held else after) if number == 3 else None


def corrected(round_number: int) -> tuple[SwissEntry, ...]:
    """Rounds 1 and 2 with the first game of ``round_number`` corrected to a draw."""
    return tuple(
        replace(e, result=R.DRAW) if (e.round, e.board) == (round_number, 1) else e
        for e in ROUNDS_1_2
    )


def test_the_typed_round_is_read_before_only_when_it_is_the_recorded_results_pairing() -> None:
    old, new = state(event(*ROUNDS_1_2)), state(event(*corrected(1), *ROUND_3))
    assert typed_first(old, new, set(), rules(TYPED, OTHER)) == {3: True}
    assert typed_first(old, new, set(), rules(OTHER, TYPED)) == {3: False}
    assert typed_first(old, new, set(), rules(TYPED, TYPED)) == {3: False}  # either: after
    assert typed_first(old, new, set(), rules(OTHER, OTHER)) == {3: False}  # neither: after
    assert typed_first(old, new, {3}, rules(TYPED, OTHER)) == {}  # the engine's: after
    unchanged = state(event(*ROUNDS_1_2, *ROUND_3))
    assert typed_first(old, unchanged, set(), rules(TYPED, OTHER)) == {}  # no correction


def test_the_recorded_results_are_those_before_the_correction() -> None:
    now = event(*corrected(1), *ROUND_3)
    assert as_recorded(now, state(event(*ROUNDS_1_2))).entries == (*ROUNDS_1_2, *ROUND_3)


def logged(
    round_number: int, before: list[Pair], after: list[Pair], *, fide: bool = True
) -> tuple[list[tuple[LogKind, int, int]], list[LoggedChange]]:
    found = changes(
        state(event(*ROUNDS_1_2), fide),
        state(event(*corrected(round_number), *ROUND_3), fide),
        event(*corrected(round_number), *ROUND_3),
        rules_pairing=rules(before, after),
    )
    return [(c.kind, c.round, c.level) for c in found], found


def test_read_before_the_round_is_logged_first_and_the_correction_judged_with_it_paired() -> None:
    # Round 2's result retyped: with round 3 paired first, a correction of the previous
    # round (level 3), logged after round 3's pairing (typed by hand: level 3).
    rows, found = logged(2, TYPED, OTHER)
    assert rows == [(LogKind.PAIRING, 3, 3), (LogKind.CORRECTION, 2, 3)]
    assert found[0].before == ""  # the typed boards are the rules' pairing as read
    assert "round 3 was typed into Swiss Games in the same run" in found[1].warning
    assert "read as paired before this correction" in found[1].warning
    # Round 1's: two rounds back once round 3 is paired, refused in FIDE mode, 3 outside it.
    assert logged(1, TYPED, OTHER)[0] == [(LogKind.PAIRING, 3, 3), (LogKind.CORRECTION, 1, 5)]
    assert logged(1, TYPED, OTHER, fide=False)[0][1] == (LogKind.CORRECTION, 1, 3)


def test_read_after_the_round_comes_after_the_correction_as_the_engines_would() -> None:
    # Round 2's result retyped before round 3 was paired: typed, not corrected (user test 47).
    assert logged(2, OTHER, TYPED)[0] == [(LogKind.PAIRING, 3, 3)]
    rows, found = logged(1, OTHER, TYPED)
    assert rows == [(LogKind.CORRECTION, 1, 3), (LogKind.PAIRING, 3, 3)]
    assert "read as paired after this correction" in found[0].warning
