"""Tests for :mod:`ratingbook.events.fide_mode.machine`: FIDE mode's transitions, case by case.

Every expected step is read off the TEC Manual's rules as the issue states them (level 2 said,
3 confirmed, 4 in two steps, 5 refused in FIDE mode; leaving FIDE mode final; the manual phase
opened for the last paired round only), never from ratingbook's output.
"""

from __future__ import annotations

import pytest

from ratingbook.errors import ConfirmationError, RatingbookError
from ratingbook.events.fide_mode.machine import (
    Act,
    acts_to_confirm,
    confirmation_of,
    manual_step,
    mode_after,
    phase_after_taking,
    steps_needed,
)
from ratingbook.session import Offer

MODE_CASES = [
    # on, asked on, left in, paired rounds -> on after, left in after
    (True, True, 0, 3, (True, 0)),
    (True, False, 0, 3, (False, 3)),  # left now, in the round being played
    (True, False, 0, 0, (False, 1)),  # before round 1: round 1
    (False, False, 2, 5, (False, 2)),  # stays left, in the round it was left in
]


@pytest.mark.parametrize(("on", "asked", "left", "paired", "after"), MODE_CASES)
def test_the_mode(on: bool, asked: bool, left: int, paired: int, after: tuple[bool, int]) -> None:
    assert mode_after(on=on, asked_on=asked, left_in=left, paired_rounds=paired) == after


def test_fide_mode_left_cannot_be_turned_back_on() -> None:
    with pytest.raises(ConfirmationError, match="left in round 2 and cannot be turned back on"):
        mode_after(on=False, asked_on=True, left_in=2, paired_rounds=4)


MANUAL_CASES = [
    # open round, asked, last paired -> open after, ended
    (0, None, 3, 0, 0),
    (3, None, 3, 3, 0),
    (0, ("start", 3), 3, 3, 0),
    (3, ("start", 3), 3, 3, 0),  # asked again: the cell still says so
    (3, ("end", 0), 3, 0, 3),
]


@pytest.mark.parametrize(("open_round", "asked", "last", "after", "ended"), MANUAL_CASES)
def test_the_manual_phase(
    open_round: int, asked: tuple[str, int] | None, last: int, after: int, ended: int
) -> None:
    step = manual_step(open_round, asked, last)
    assert (step.open, step.ended) == (after, ended)


@pytest.mark.parametrize(
    ("open_round", "asked", "last", "why"),
    [
        (2, ("start", 3), 3, "the manual pairing of round 2 is open: end it first"),
        (0, ("start", 2), 3, "only the last paired round can be paired by hand; that is round 3"),
        (0, ("start", 1), 0, "no round is paired yet: pair round 1 first"),
        (0, ("end", 0), 3, "no manual pairing is open to end"),
        # the phase is the last paired round's: the next round waits for its end (user test 49)
        (2, None, 3, "round 3 cannot be paired while the manual pairing of round 2 is open"),
        (2, ("start", 2), 3, "round 3 cannot be paired while the manual pairing of round 2"),
        (2, None, 1, "round 2 cannot be unpaired while its manual pairing is open"),
    ],
)
def test_a_step_the_manual_phase_does_not_allow(
    open_round: int, asked: tuple[str, int], last: int, why: str
) -> None:
    with pytest.raises(RatingbookError, match=why):
        manual_step(open_round, asked, last)


def test_a_phase_left_open_past_its_round_is_ended_before_anything_else() -> None:
    """A book an earlier ratingbook left with round 2's phase open and round 3 paired."""
    left_open = "the manual pairing of round 2 was left open while round 3 was paired"
    with pytest.raises(RatingbookError, match=left_open):
        manual_step(2, None, 3, recorded=3)
    assert manual_step(2, ("end", 0), 3, recorded=3).ended == 2


@pytest.mark.parametrize(
    ("open_round", "own", "manual", "last", "refused"),
    [
        # phase open, the act's other side's phase, the state put back: phase, last paired
        (0, 0, 0, 4, False),  # no phase open
        (4, 4, 0, 4, False),  # the phase is the act's own (the redo of manual-pairing end)
        (4, 0, 0, 3, False),  # the round's pairing taken back: the phase goes with its round
        (4, 0, 4, 4, False),  # the state put back has the same phase open
        (4, 0, 0, 4, True),  # an act from before the phase: it would close it, round 4 paired
        (4, 0, 0, 5, True),  # a redo pairing round 5 over a phase of round 4 started since
    ],
)
def test_no_undo_or_redo_closes_a_phase_started_since(
    open_round: int, own: int, manual: int, last: int, refused: bool
) -> None:
    if refused:
        with pytest.raises(RatingbookError, match=f"manual pairing of round {open_round} is open"):
            phase_after_taking(open_round, own, manual, last, "undo")
    else:
        phase_after_taking(open_round, own, manual, last, "undo")


def test_each_level_asks_what_the_tec_manual_says() -> None:
    changes = [("a", 0, ""), ("b", 2, ""), ("c", 3, "w3"), ("d", 4, "w4")]
    assert acts_to_confirm(changes, fide=True) == (Act("c", 3, "w3"), Act("d", 4, "w4"))
    with pytest.raises(ConfirmationError, match=r"refused in FIDE mode \(level 5\).*e: w5"):
        acts_to_confirm([*changes, ("e", 5, "w5")], fide=True)
    # outside FIDE mode a level-5 act is confirmed in one step
    assert acts_to_confirm([("e", 5, "w5")], fide=False) == (Act("e", 3, "w5"),)


def test_which_confirmation_finishes_a_run() -> None:
    three, four = Act("c", 3, ""), Act("d", 4, "")
    assert confirmation_of((), "", None) == ""
    assert confirmation_of((three,), "Confirm setting: c", None) == "Confirm setting: c"
    assert confirmation_of((three,), "", Offer(1, "--confirm")) == "--confirm"
    assert confirmation_of((three, four), "", Offer(1, "--confirm")) is None  # ask the rest
    assert confirmation_of((four,), "", Offer(2, "both")) == "both"
    assert confirmation_of((three,), "", None) is None
    with pytest.raises(ConfirmationError, match="--confirm given, but nothing in this run"):
        confirmation_of((), "", Offer(1, "--confirm"))
    assert steps_needed([three]) == 1 and steps_needed([three, four]) == 2
