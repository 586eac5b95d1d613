"""FIDE mode as one state machine: the mode, the manual-pairing phase, what each level asks.

This module alone decides FIDE mode's transitions, each in a table or one function beside it,
and knows no front end (a front end gets the acts that wait and answers with the text of its
confirmation):

- **the mode** (:data:`MODE`): on, or left in a round; leaving is a level-4 act and final, turning
  it back on is refused (level 5);
- **the manual-pairing phase** (:data:`MANUAL`): closed, or open for the last paired round;
  started and ended by the arbiter, each wrong step refused with what to do; while it is open,
  no run pairs the next round nor unpairs the open one (it is ended first), and no undo or
  redo closes it behind the arbiter's back (:func:`phase_after_taking`);
- **the warning levels** (:data:`LEVELS`): what a change of each level asks of the run, from
  logged without a word (0) to refused in FIDE mode (5);
- **the confirmations**: how many steps an act needs (:func:`steps_needed`), what the book's
  ``Confirm`` setting must say (:func:`typed_names`), and which confirmation finishes a run
  (:func:`confirmation_of`: the book's own, one offered before the run such as ``--confirm``,
  or none, and then the front end asks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ratingbook.errors import ConfirmationError, RatingbookError
from ratingbook.events.fide_mode.log import WarningLevel

__all__ = [
    "LEVELS",
    "MANUAL",
    "MODE",
    "UNDERSTOOD",
    "Act",
    "Asked",
    "Level",
    "ManualStep",
    "Offer",
    "acts_to_confirm",
    "confirmation_of",
    "manual_step",
    "mode_after",
    "phase_after_taking",
    "phase_taken_line",
    "steps_needed",
    "typed_names",
]

#: What a level-4 confirmation adds to the act's name where it is typed (the ``Confirm`` setting).
UNDERSTOOD = ": I understand"


class Asked(Enum):
    """What a step of the machine asks of a run."""

    NOTHING = "logged without a word"
    SAID = "said, and acknowledged by going on"
    ONE_STEP = "confirmed, or cancelled"
    TWO_STEPS = "the consequences stated, then confirmed"
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class Level:
    """What a change of one warning level asks: in FIDE mode, and outside it."""

    in_fide_mode: Asked
    outside: Asked


#: The TEC Manual's levels (C.02): what each asks of a run (outside FIDE mode level 5 is 3).
LEVELS: dict[int, Level] = {
    0: Level(Asked.NOTHING, Asked.NOTHING),
    WarningLevel.ACKNOWLEDGE: Level(Asked.SAID, Asked.SAID),
    WarningLevel.CONFIRM: Level(Asked.ONE_STEP, Asked.ONE_STEP),
    WarningLevel.CONSEQUENCES: Level(Asked.TWO_STEPS, Asked.TWO_STEPS),
    WarningLevel.REFUSE: Level(Asked.REFUSED, Asked.ONE_STEP),
}

#: The mode's transitions: (on now, what the settings ask) -> what the run does.
MODE: dict[tuple[bool, bool], Asked] = {
    (True, True): Asked.NOTHING,
    (True, False): Asked.TWO_STEPS,  # Leave FIDE mode: level 4, logged, final
    (False, False): Asked.NOTHING,
    (False, True): Asked.REFUSED,  # back on after leaving: level 5, whatever is confirmed
}

#: The manual phase's transitions: (open, asked) -> the step ("" is allowed; else why not).
#: Besides the arbiter's ``start`` and ``end``, a run that asks neither asks ``pair`` when it
#: leaves a round after the open one paired (``pair``, Auto-pair, a round typed by hand) and
#: ``unpair`` when it leaves the open round unpaired: the phase is the last paired round's, so
#: both wait until it is ended. ``paired`` is a phase an earlier ratingbook left open while it
#: paired the next round: it is ended (its round's boards as paired) before anything else.
MANUAL: dict[tuple[bool, str], str] = {
    (False, ""): "",
    (True, ""): "",
    (False, "start"): "",  # of the last paired round only (manual_step checks which)
    (True, "start"): "the manual pairing of round {open} is open: end it first",
    (False, "end"): "no manual pairing is open to end",
    (True, "end"): "",  # a round the same run pairs comes after it, paired on its boards
    (False, "pair"): "",
    (True, "pair"): (
        "round {last} cannot be paired while the manual pairing of round {open} is open: "
        "end it first"
    ),
    (False, "unpair"): "",
    (True, "unpair"): (
        "round {open} cannot be unpaired while its manual pairing is open: end it first"
    ),
    (False, "paired"): "",
    (True, "paired"): (
        "the manual pairing of round {open} was left open while round {last} was paired: "
        "end it first"
    ),
}


@dataclass(frozen=True, slots=True)
class Act:
    """An act waiting for a confirmation: its name (``Correction round 4``), level and what it
    does (the warning shown). Level 0: an act outside FIDE mode's levels (the undo of a camp's
    new week), asked in plain words, with no level said."""

    name: str
    level: int
    warning: str


class Offer(Protocol):
    """A confirmation given before the run (``--confirm``; the session's value): how many
    steps it makes (1, or 2 with ``--i-understand``) and the text the log keeps."""

    @property
    def steps(self) -> int: ...

    @property
    def text(self) -> str: ...


def mode_after(*, on: bool, asked_on: bool, left_in: int, paired_rounds: int) -> tuple[bool, int]:
    """FIDE mode after a run (on, and the round it was left in: 0 while never left), from the
    mode the log recorded (``on``, ``left_in``) and the one the settings ask (``asked_on``); a
    :class:`ConfirmationError` for turning it back on (the caller names the setting's cell)."""
    step = MODE[(on, asked_on)]
    if step is Asked.REFUSED:
        raise ConfirmationError(
            f"FIDE mode was left in round {left_in} and cannot be turned back on for this "
            "event (level 5): set FIDE Mode back to Off"
        )
    if step is Asked.TWO_STEPS:  # left now: in the round being played
        return False, max(paired_rounds, 1)
    return on, left_in


@dataclass(frozen=True, slots=True)
class ManualStep:
    """The manual phase after a run: the round open (0: closed), whether this run ended it
    (then the pairing is compared with the engine's), and the summary line."""

    open: int
    ended: int = 0
    line: str = ""


def manual_step(
    open_round: int, asked: tuple[str, int] | None, last_paired: int, *, recorded: int = 0
) -> ManualStep:
    """The manual phase after a run that asks ``asked`` (("start", round), ("end", 0), None)
    with round ``open_round`` open (0: none) and leaves round ``last_paired`` the last paired
    (``recorded``: the last paired round the log recorded before the run); a
    :class:`RatingbookError` for a step the phase does not allow (the caller names the
    setting's cell)."""
    action, number = asked if asked is not None else ("", 0)
    if action == "start" and open_round == number:  # asked again (the cell still says so)
        action = ""
    if not action and open_round and recorded > open_round:  # left open by an earlier one
        action = "paired"
    elif not action and open_round and last_paired != open_round:  # the last paired moves
        action = "pair" if last_paired > open_round else "unpair"
    why = MANUAL[(bool(open_round), action)]
    if why:
        raise RatingbookError(why.format(open=open_round, last=last_paired))
    if not action:
        line = f"manual pairing of round {open_round} is open (end it)" if open_round else ""
        return ManualStep(open_round, line=line)
    if action == "start":
        if number != last_paired or last_paired == 0:
            raise RatingbookError(
                "no round is paired yet: pair round 1 first, then change it by hand"
                if not last_paired
                else f"only the last paired round can be paired by hand; that is round "
                f"{last_paired}"
                + (
                    f": unpair round {last_paired} first"
                    if number == last_paired - 1
                    else f": unpair rounds {last_paired} to {number + 1} first, last first"
                    if number < last_paired
                    else f": round {number} is not paired yet"
                )
            )
        started = f"manual pairing of round {number} started: change its boards, then end it"
        return ManualStep(number, line=started)
    return ManualStep(0, ended=open_round)


def phase_after_taking(open_round: int, own: int, manual: int, last_paired: int, word: str) -> None:
    """An undo or a redo (``word``) while round ``open_round``'s phase is open (0: none), over
    an act whose other side had round ``own``'s open (the state it left, for an undo; the one
    it found, for a redo), putting back a state whose phase is ``manual`` and last paired round
    ``last_paired``: refused (a :class:`RatingbookError`) when the open phase was started since
    (it is not ``own``) and the state put back would close it with its round still paired (an
    undo of an act made before the phase started, a redo of one undone before it), or a later
    round paired; allowed when the phase ends with its round (its pairing taken back).

    >>> phase_after_taking(4, 4, 0, 4, "redo")  # the end of the phase given back
    >>> phase_after_taking(4, 0, 0, 3, "undo")  # round 4's pairing undone: the phase goes
    >>> phase_after_taking(4, 0, 0, 4, "undo")  # refused  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ratingbook.errors.RatingbookError: the manual pairing of round 4 is open: end it first; ...
    """
    if not open_round or open_round == own or manual == open_round or last_paired < open_round:
        return
    raise RatingbookError(
        MANUAL[(True, "start")].format(open=open_round)
        + f"; this {word} would close it with round {last_paired} "
        + ("still paired" if last_paired == open_round else "paired")
    )


def phase_taken_line(before: int, after: int, last_paired: int, word: str, how: str) -> str:
    """What an undo or a redo (``word``) does to the manual-pairing phase, for its summary:
    round ``before``'s open before it (0: none), round ``after``'s after it, round
    ``last_paired`` the last paired after it; ``how``: how to end a phase (the command, the
    setting). "" when the phase is as it was.

    >>> phase_taken_line(0, 4, 4, "undo", "Manual Pairing = End")[:46]
    'the manual pairing of round 4 is open again: c'
    >>> phase_taken_line(4, 0, 3, "undo", "")
    'the manual pairing of round 4 is closed: round 4 is no longer paired'
    """
    if before == after:
        return ""
    if after:
        return (
            f"the manual pairing of round {after} is open again: change its boards if need be, "
            f"then end it ({how}); no round after it is paired until then"
        )
    if last_paired < before:
        return f"the manual pairing of round {before} is closed: round {before} is no longer paired"
    return (
        f"the manual pairing of round {before} is closed: round {before}'s boards stand as they "
        "are now, and the next round is paired on them"
    )


def acts_to_confirm(changes: Sequence[tuple[str, int, str]], *, fide: bool) -> tuple[Act, ...]:
    """The acts of a run's changes (name, level, warning) that wait for a confirmation; a
    :class:`ConfirmationError` naming every change refused in FIDE mode (nothing is then done)."""
    refused = [(n, w) for n, lvl, w in changes if _asked(lvl, fide) is Asked.REFUSED]
    if refused:
        raise ConfirmationError(
            "refused in FIDE mode (level 5), nothing was changed: "
            + " | ".join(f"{n}: {w}" for n, w in refused)
        )
    steps = {Asked.ONE_STEP: WarningLevel.CONFIRM, Asked.TWO_STEPS: WarningLevel.CONSEQUENCES}
    return tuple(
        Act(name, steps[asked], warning)
        for name, level, warning in changes
        if (asked := _asked(level, fide)) in steps
    )


def _asked(level: int, fide: bool) -> Asked:
    rule = LEVELS.get(level, LEVELS[0])
    return rule.in_fide_mode if fide else rule.outside


def steps_needed(acts: Sequence[Act]) -> int:
    """How many steps confirm ``acts``: 1 for level 3, 2 for level 4 (the consequences stated,
    then confirmed); 0 when none of them waits for a confirmation.

    >>> steps_needed([Act("Setting round 4", 3, ""), Act("Forbidden Pair round 4", 4, "")])
    2
    >>> steps_needed([])
    0
    """
    top = max((a.level for a in acts), default=0)
    if top >= WarningLevel.CONSEQUENCES:
        return 2
    return 1 if top >= WarningLevel.CONFIRM else 0


def typed_names(acts: Sequence[Act]) -> list[str]:
    """What the book's ``Confirm`` setting must name to confirm ``acts``: each act's name, a
    level-4 one followed by ``: I understand``.

    >>> typed_names([Act("Leave FIDE mode", 4, "")])
    ['Leave FIDE mode: I understand']
    """
    return [a.name + (UNDERSTOOD if a.level >= WarningLevel.CONSEQUENCES else "") for a in acts]


def confirmation_of(asks: Sequence[Act], confirmed: str, offer: Offer | None) -> str | None:
    """The confirmation that finishes a run whose ``asks`` wait: "" when none waits, the
    book's own (``confirmed``), the ``offer`` when it makes the steps the acts need; None when
    the front end must ask. An offer where no act waits is refused: never silently ignored."""
    if not asks:
        if offer is not None:
            raise ConfirmationError(
                f"{offer.text} given, but nothing in this run needs a confirmation; nothing "
                "was changed"
            )
        return ""
    if confirmed:
        return confirmed
    if offer is not None and offer.steps >= steps_needed(asks):
        return offer.text
    return None
