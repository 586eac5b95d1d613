"""FIDE mode's changes and their warning levels (issue #25), on events written by hand.

Each expected level is the issue's rule: a late entry or a withdrawal is said (2); a setting
changed after round 1, start numbers exchanged, the previous round's result corrected, a round
unpaired with results typed are confirmed (3); the number of rounds, the tie-breaks and leaving
FIDE mode take two steps (4); an earlier round's correction, the points system and a forbidden
pair added after round 1 are refused in FIDE mode (5), level-3 acts outside it (issue 37: the
2026 checklist's questions 58, 75 and 196). A manual pairing's problems are found by the rules
of C.04.1 and the colour rules, worked by hand below.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

from ratingbook.core.results import Result as R
from ratingbook.events.codes import Scoring
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.fide_mode.changes import changes
from ratingbook.events.fide_mode.log import LogKind
from ratingbook.events.fide_mode.manual import manual_pairing_problems
from ratingbook.events.fide_mode.state import EventState, boards, state_from_rows, state_of
from ratingbook.events.forbidden_pairs import ForbiddenPair
from ratingbook.events.settings import SwissSettings

PLAYERS = tuple(SwissPlayer(n, r) for n, r in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)))


def event(*entries: SwissEntry, rounds: int = 5, **more: object) -> SwissEvent:
    return SwissEvent(PLAYERS, entries, SwissSettings(rounds=rounds), **more)  # type: ignore[arg-type]


def state(e: SwissEvent, fide: bool = True) -> EventState:
    return state_of(e, fide_mode=fide, left_in=0, manual=0)


TWO_ROUNDS = (
    SwissEntry(1, 1, "A", "C", R.WHITE_WINS),
    SwissEntry(1, 2, "B", "D", R.DRAW),
    SwissEntry(2, 1, "D", "A", R.BLACK_WINS),
    SwissEntry(2, 2, "C", "B", R.WHITE_WINS),
    SwissEntry(3, 1, "A", "B", None),
    SwissEntry(3, 2, "C", "D", None),
)


def levels(old: SwissEvent, new: SwissEvent, fide: bool = True) -> list[tuple[LogKind, int, int]]:
    return [(c.kind, c.round, c.level) for c in changes(state(old, fide), state(new, fide), new)]


def test_the_state_reads_back_as_written() -> None:
    s = state(event(*TWO_ROUNDS))
    assert state_from_rows(s.rows()) == s


def test_the_previous_rounds_correction_is_level_3_an_earlier_one_level_5() -> None:
    old = event(*TWO_ROUNDS)
    previous = event(*TWO_ROUNDS[:3], replace(TWO_ROUNDS[3], result=R.BLACK_WINS), *TWO_ROUNDS[4:])
    assert levels(old, previous) == [(LogKind.CORRECTION, 2, 3)]
    earlier = event(replace(TWO_ROUNDS[0], result=R.DRAW), *TWO_ROUNDS[1:])
    assert levels(old, earlier) == [(LogKind.CORRECTION, 1, 5)]
    assert levels(old, earlier, fide=False) == [(LogKind.CORRECTION, 1, 3)]


def test_a_correction_is_judged_by_the_rounds_paired_when_it_was_typed() -> None:
    """User test 47: round 2 paired, round 1's first game corrected. FIDE's rule (the arbiter's
    guide's table): once round 2 is paired, round 1 is the previous round, level 3, whether
    the run that sees the correction also pairs round 3 (all of round 2 typed: the engine
    pairs it after the correction, on the corrected result) or round 3 comes a run later.
    A round 2 result retyped before round 3 is paired is typed, not corrected (level 0)."""
    r1 = TWO_ROUNDS[:2]
    corrected = (replace(r1[0], result=R.DRAW), r1[1])
    r2 = TWO_ROUNDS[2:4]
    r2_none = tuple(replace(e, result=None) for e in r2)
    r2_one = (r2[0], r2_none[1])
    r3 = TWO_ROUNDS[4:]

    def logged(old: SwissEvent, new: SwissEvent, engine: set[int]) -> list[tuple[object, ...]]:
        found = changes(state(old), state(new), new, engine_rounds=engine)
        return [(c.kind, c.round, c.level) for c in found]

    # All of round 2 typed with the correction: one run corrects and pairs round 3.
    at_once = logged(event(*r1, *r2_none), event(*corrected, *r2, *r3), {3})
    assert at_once == [(LogKind.CORRECTION, 1, 3), (LogKind.PAIRING, 3, 0)]
    # One of round 2's results typed with the correction; the rest, and round 3, a run later.
    first = logged(event(*r1, *r2_one), event(*corrected, *r2_one), set())
    then = logged(event(*corrected, *r2_one), event(*corrected, *r2, *r3), {3})
    assert first + then == at_once
    # Round 2's first result retyped (0-1 -> 1-0) in the run that pairs round 3: no correction.
    retyped = (replace(r2[0], result=R.WHITE_WINS), r2[1])
    assert logged(event(*r1, *r2_one), event(*r1, *retyped, *r3), {3}) == [(LogKind.PAIRING, 3, 0)]
    # Round 3 paired and recorded before round 1 is corrected: an earlier round, level 5.
    assert logged(event(*r1, *r2, *r3), event(*corrected, *r2, *r3), set()) == [
        (LogKind.CORRECTION, 1, 5)
    ]


def test_a_result_of_the_last_round_is_typed_not_corrected() -> None:
    old = event(*TWO_ROUNDS)
    typed = event(*TWO_ROUNDS[:4], replace(TWO_ROUNDS[4], result=R.DRAW), TWO_ROUNDS[5])
    assert levels(old, typed) == []


def test_settings_players_and_forbidden_pairs_after_round_1() -> None:
    old = event(*TWO_ROUNDS)
    new = replace(old, settings=SwissSettings(rounds=5, first_colour="black"))
    assert levels(old, new) == [(LogKind.SETTING, 3, 3)]
    late = replace(old, players=(*PLAYERS, SwissPlayer("E", 1600)))
    assert levels(old, late) == [(LogKind.LATE_ENTRY, 4, 2)]
    out = replace(old, players=(*PLAYERS[:3], replace(PLAYERS[3], withdrawn=4)))
    assert levels(old, out) == [(LogKind.WITHDRAWAL, 4, 2)]


def test_an_expelled_players_log_row_says_expelled_as_the_trfs_line_does() -> None:
    """``Withdrawn`` ``4 expelled``: the row says so, as the TRF's ``### Withdrawn: 4 from round
    4 (expelled)`` does; the state keeps it (read back), so that a player expelled after he
    was withdrawn is logged too."""
    old = event(*TWO_ROUNDS)
    out = replace(old, players=(*PLAYERS[:3], replace(PLAYERS[3], withdrawn=4, expelled=True)))
    (row,) = changes(state(old), state(out), out)
    assert (row.before, row.after) == ("D playing", "D withdrawn from round 4 (expelled)")
    assert state_from_rows(state(out).rows()) == state(out)
    left = replace(old, players=(*PLAYERS[:3], replace(PLAYERS[3], withdrawn=4)))
    (row,) = changes(state(left), state(out), out)
    assert (row.before, row.after) == (
        "D withdrawn from round 4",
        "D withdrawn from round 4 (expelled)",
    )


def test_the_number_of_rounds_changed_after_round_1_is_level_4_in_fide_mode() -> None:
    """VCL questions 58-59 (as Sharly-Chess quotes them): level 4, logged; outside FIDE mode
    a setting's change is level 3, as every other."""
    old = event(*TWO_ROUNDS)
    new = replace(old, settings=SwissSettings(rounds=6))
    assert levels(old, new) == [(LogKind.SETTING, 3, 4)]
    assert levels(old, new, fide=False) == [(LogKind.SETTING, 3, 3)]


def test_the_points_system_is_locked_after_round_1() -> None:
    """VCL questions 75 and 85: the points (and the bye's value) cannot change once the event
    has started: level 5, refused in FIDE mode; a level-3 act outside it."""
    old = event(*TWO_ROUNDS)
    three = replace(old, settings=SwissSettings(rounds=5, scoring=Scoring(F(3), F(1), F(3))))
    assert levels(old, three) == [(LogKind.SETTING, 3, 5)]
    assert levels(old, three, fide=False) == [(LogKind.SETTING, 3, 3)]
    bye = replace(old, settings=SwissSettings(rounds=5, scoring=Scoring(pairing_bye=F(1, 2))))
    assert levels(old, bye) == [(LogKind.SETTING, 3, 5)]
    # before round 1 a new points system is the event's own: nothing to lock
    assert levels(event(), replace(event(), settings=three.settings)) == []


def test_a_forbidden_pair_added_after_round_1_takes_the_event_out_of_fide_mode() -> None:
    """VCL question 196 (a hard fail): a prohibited pairing added after round 1 must leave FIDE
    mode: refused (level 5) while the event stays in it; in the run that leaves FIDE mode, or
    outside it, a level-3 act; removing one stays level 3."""
    old = event(*TWO_ROUNDS)
    banned = replace(old, forbidden=(ForbiddenPair("A", "D"),))
    assert levels(old, banned) == [(LogKind.FORBIDDEN_PAIR, 3, 5)]
    assert levels(old, banned, fide=False) == [(LogKind.FORBIDDEN_PAIR, 3, 3)]
    leaving = changes(state(old), state_of(banned, fide_mode=False, left_in=3, manual=0), banned)
    assert [(c.kind, c.level) for c in leaving] == [
        (LogKind.FIDE_MODE_OFF, 4),
        (LogKind.FORBIDDEN_PAIR, 3),
    ]
    assert levels(banned, old) == [(LogKind.FORBIDDEN_PAIR, 3, 3)]


def test_a_full_point_bye_is_level_2_and_a_second_half_point_bye_level_3() -> None:
    """VCL questions 177-179: an individual full-point bye is said (level 2, deprecated) and
    logged; question 174: a player's second half-point bye is level 3, his first nothing."""
    old = event(*TWO_ROUNDS)
    full = replace(old, entries=(*TWO_ROUNDS, SwissEntry(4, None, "A", None, R.FULL_POINT_BYE)))
    [said] = changes(state(old), state(full), full)
    assert (said.kind, said.round, said.level) == (LogKind.BYE, 4, 2)
    assert said.after == "A (No. 1): full-point bye" and "deprecated" in said.warning
    first = replace(old, entries=(*TWO_ROUNDS, SwissEntry(4, None, "B", None, R.HALF_POINT_BYE)))
    assert levels(old, first) == []
    second = replace(
        first, entries=(*first.entries, SwissEntry(5, None, "B", None, R.HALF_POINT_BYE))
    )
    [asked] = changes(state(first), state(second), second)
    assert (asked.kind, asked.round, asked.level) == (LogKind.BYE, 5, 3)
    assert asked.warning == (
        "B (No. 2) gets a half-point bye in round 5 and already has one (round 4)"
    )
    # both typed in one run: the later one is the second
    assert levels(old, second) == [(LogKind.BYE, 5, 3)]
    # a zero-point bye is a known absence, never warned
    zero = replace(old, entries=(*TWO_ROUNDS, SwissEntry(4, None, "C", None, R.ZERO_POINT_BYE)))
    assert levels(old, zero) == []


def test_before_round_1_nothing_is_logged() -> None:
    old = event()
    new = replace(old, settings=SwissSettings(rounds=6), forbidden=(ForbiddenPair("A", "D"),))
    assert levels(old, new) == []


def test_leaving_fide_mode_is_level_4() -> None:
    old = event(*TWO_ROUNDS)
    left = changes(state(old), state_of(old, fide_mode=False, left_in=3, manual=0), old)
    assert [(c.kind, c.level) for c in left] == [(LogKind.FIDE_MODE_OFF, 4)]


def test_a_round_unpaired_by_command_is_level_3_only_with_results() -> None:
    old = event(*TWO_ROUNDS)
    without = event(*TWO_ROUNDS[:4])
    said = changes(state(old), state(without), without, unpaired=(3,))
    assert [(c.kind, c.level) for c in said] == [(LogKind.UNPAIRING, 0)]
    played = event(*TWO_ROUNDS[:4], replace(TWO_ROUNDS[4], result=R.DRAW), TWO_ROUNDS[5])
    said = changes(state(played), state(without), without, unpaired=(3,))
    assert [(c.kind, c.level) for c in said] == [(LogKind.UNPAIRING, 3)]


def test_a_pairing_changed_by_hand_outside_a_manual_phase_is_refused_in_fide_mode() -> None:
    old = event(*TWO_ROUNDS)
    changed = event(
        *TWO_ROUNDS[:4], SwissEntry(3, 1, "A", "D", None), SwissEntry(3, 2, "C", "B", None)
    )
    assert levels(old, changed) == [(LogKind.MANUAL_PAIRING, 3, 5)]


# Colours so far (rounds 1-2): A W B (expects W), B W B (expects W), C B W (expects B),
# D B W (expects B).


def test_manual_pairing_repeated_game_and_forbidden_pair_are_level_3() -> None:
    e = event(*TWO_ROUNDS[:4], forbidden=(ForbiddenPair("B", "D"),))
    problems = manual_pairing_problems(e, 3, [("A", "C"), ("B", "D")])
    assert (3, "A - C is a repeated game") in problems
    assert (3, "B - D is a repeated game") in problems
    assert (3, "B - D is a forbidden pair") in problems


def test_manual_pairing_both_colours_against_expectation_is_level_2() -> None:
    # After round 1: A W (expects black), D B (expects white). A - D gives each the other.
    e = event(*TWO_ROUNDS[:2])
    assert manual_pairing_problems(e, 2, [("A", "D")]) == [
        (2, "A - D: both players get the colour opposite to the expected one")
    ]
    assert manual_pairing_problems(e, 2, [("D", "A")]) == []


def test_manual_pairing_third_colour_in_a_row_and_difference_over_2() -> None:
    rounds = (
        SwissEntry(1, 1, "A", "B", R.WHITE_WINS),
        SwissEntry(1, 2, "C", "D", R.WHITE_WINS),
        SwissEntry(2, 1, "A", "C", R.WHITE_WINS),
        SwissEntry(2, 2, "D", "B", R.WHITE_WINS),
        SwissEntry(3, 1, "B", "A", R.WHITE_WINS),
        SwissEntry(3, 2, "C", "D", R.WHITE_WINS),
        SwissEntry(4, 1, "A", "D", R.WHITE_WINS),
        SwissEntry(4, 2, "B", "C", R.WHITE_WINS),
    )
    # C: W B W B; D: B W B W. Round 3 with A W W (A then: W, W): A white a third time.
    problems = manual_pairing_problems(event(*rounds[:4], rounds=7), 3, [("A", "D")])
    assert (3, "A gets white a third time in a row") in problems
    # After round 4, A has W W B W: white again makes 4 whites to 1 black (difference 3).
    problems = manual_pairing_problems(event(*rounds, rounds=7), 5, [("A", "C")])
    assert (3, "A's colour difference goes over 2") in problems
    assert not [p for p in problems if "third time" in p[1]]
    # The last round: no colour limit.
    assert manual_pairing_problems(event(*rounds[:4], rounds=3), 3, [("A", "D")]) == []


def test_manual_pairing_second_pairing_allocated_bye_is_level_3() -> None:
    e = event(
        SwissEntry(1, 1, "A", "B", R.WHITE_WINS), SwissEntry(1, None, "C", None, R.PAIRING_BYE)
    )
    assert manual_pairing_problems(e, 2, [("C", "PAB")]) == [
        (3, "C gets a second pairing-allocated bye")
    ]


def test_boards_and_corrections_read_as_the_tec_manual_writes_them() -> None:
    # Start numbers by rating: A 1, B 2, C 3, D 4 (C.04.2). TEC shape: "1-2: 1-0 => 0-1".
    numbers = {"A": 1, "B": 2, "C": 3, "D": 4}
    assert boards([("C", "B"), ("A", "PAB"), ("D", "A")], numbers) == "1=BYE 3-2 4-1"
    old = event(*TWO_ROUNDS)
    previous = event(*TWO_ROUNDS[:3], replace(TWO_ROUNDS[3], result=R.BLACK_WINS), *TWO_ROUNDS[4:])
    (change,) = changes(state(old), state(previous), previous)
    assert (change.before, change.after) == ("3-2: 1-0", "0-1")
    rounds = replace(old, settings=SwissSettings(rounds=6))
    (setting,) = changes(state(old), state(rounds), rounds)
    assert (setting.before, setting.after) == ("Rounds 5", "Rounds 6")


def test_a_blank_setting_is_logged_by_what_it_means() -> None:
    """The template's FIDE Rated "No" is read as blank (not rated); its change is logged as the
    organiser typed it, "FIDE Rated No" -> "FIDE Rated Standard", not "(empty)"."""
    old = event(*TWO_ROUNDS)
    rated = replace(old, settings=SwissSettings(rounds=5, rated="Standard"))
    [change] = changes(state(old), state(rated), rated)
    assert (change.before, change.after) == ("FIDE Rated No", "FIDE Rated Standard")
