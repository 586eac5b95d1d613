"""FIDE mode's result corrections: which change to a recorded result is one, at which level.

This module alone decides FIDE's rule for correcting a result (:func:`correction_level`),
what a correction's warning says (:func:`correction_warning`), and which rounds typed by hand
in the same run read as paired before it (:func:`typed_first`). The rule looks only at the
rounds paired when the result was retyped, never at how many results of the round being
played are typed: a round paired in the same run (``pair``, or a recalc's auto-pairing once
the round is complete) comes after the correction and is paired on the corrected result, so
the order things are typed in does not change the verdict. A round typed into ``Swiss Games``
by hand between the same two runs as the correction may have come before it or after it (the
book cannot say): it is read as the engine's round is, after it, unless its boards are the
rules' pairing on the result before the correction only; then before it. So a pairing the
engine made (and typed from elsewhere) is never blamed for a result corrected after it. Which
differences between two states are results retyped is
:mod:`~ratingbook.events.fide_mode.result_changes`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import replace

from ratingbook.core.results import Result
from ratingbook.core.typed_commands import typed_command
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.log import LogKind, WarningLevel
from ratingbook.events.fide_mode.state import EventState, Pair

__all__ = ["as_recorded", "correction_level", "correction_warning", "typed_first"]

#: The pairing the rules give a round: on the results the log recorded (True) or as they are.
RulesPairing = Callable[[int, bool], Sequence[Pair] | None]


def _recorded(old: EventState) -> dict[tuple[int, str, str], str]:
    """Each game's result as the log recorded it (none, and an adjourned game's ``?``, left
    out: a result typed there, or an adjourned game's entered, is no correction)."""
    return {(r, w, b): res for r, w, b, res in old.games if res not in ("", Result.ADJOURNED.value)}


def as_recorded(event: SwissEvent, old: EventState) -> SwissEvent:
    """``event`` with every result the log recorded (``old``) as it was recorded: the results
    before this run's corrections."""
    held = _recorded(old)
    return replace(
        event,
        entries=tuple(
            replace(e, result=Result(held[key]))
            if (key := (e.round, e.white, e.black or "")) in held
            and (e.result is None or e.result.value != held[key])
            else e
            for e in event.entries
        ),
    )


def typed_first(
    old: EventState, new: EventState, engine: Set[int], rules: RulesPairing | None
) -> dict[int, bool]:
    """The rounds typed into ``Swiss Games`` by hand in a run that also corrects a recorded
    result, each True when read as paired before the correction (the module text): from the
    first round the log had not recorded, while each is typed by hand and its boards are the
    pairing the rules give it on the recorded results and not on the corrected ones.
    ``engine``: the rounds the engine paired in this run; ``rules``: the pairing the rules give
    a round."""
    held = _recorded(old)
    if all(held.get(g[:3], g[3]) == g[3] for g in new.games):
        return {}  # no correction in the run
    hand: dict[int, bool] = {}
    for number in range(old.paired_rounds + 1, new.paired_rounds + 1):
        typed = new.pairs(number)
        if number in engine or old.pairs(number) or not typed:
            break
        before = rules(number, True) if rules and all(hand.values()) else None
        after = rules(number, False) if rules and before is not None else None
        hand[number] = sorted(before or []) == typed and not (after and sorted(after) == typed)
    return hand


def correction_level(number: int, paired: int, *, fide: bool, frozen: bool = False) -> int:
    """The warning level of a result of round ``number`` retyped while rounds 1 to ``paired``
    are paired (the rounds the log last recorded that are still paired).

    FIDE's rule: a round's results are typed, and retyped, until the next round is paired (0:
    not a correction). Once it is, the previous round's results may be corrected, confirmed
    (level 3), and the pairings made stay as they are; an earlier round's, or one of a rating
    period whose report was written (``frozen``), are refused in FIDE mode (level 5; outside
    it, level 3).

    >>> [int(correction_level(n, 3, fide=True)) for n in (3, 2, 1)]
    [0, 3, 5]
    >>> int(correction_level(1, 3, fide=False)), int(correction_level(3, 3, fide=True, frozen=True))
    (3, 5)
    """
    if number >= paired and not frozen:
        return 0
    if fide and (number < paired - 1 or frozen):
        return WarningLevel.REFUSE
    return WarningLevel.CONFIRM


def correction_warning(
    number: int,
    level: int,
    was: str,
    *,
    paired: int,
    last: int,
    period: int | None,
    book: str,
    by_hand: Mapping[int, bool] | None = None,
) -> str:
    """What a correction of round ``number`` (from ``was``, at ``level``) says: why it is
    refused, or that the round after it was paired on the standings it changes and how to
    re-pair it. ``paired``: the rounds paired when it was typed; ``last``: the last paired
    round after the run (the rounds after ``paired`` were paired on the corrected result);
    ``period``: the rating period whose written report froze the round; ``book``: the file,
    as the user names it, for the commands suggested; ``by_hand``: the rounds typed into
    ``Swiss Games`` by hand in the same run, each True when read as paired before it
    (:func:`typed_first`), whose reading it says."""
    frozen = (
        f"round {number} is in rating period {period}, whose rating report was written "
        f"(the Event Log's {LogKind.PERIOD_REPORT.value} row)"
    )
    if level == WarningLevel.REFUSE and period:
        return f"{frozen}: its results are frozen (type {was!r} back, or leave FIDE mode)"
    if number >= last:  # outside FIDE mode, a frozen round with no round paired after it
        return frozen
    order = _order(by_hand or {})
    if level == WarningLevel.REFUSE:
        return (
            f"round {number} is not the previous round: round {paired} is paired{order}, so in "
            f"FIDE mode only round {paired - 1}'s results may be corrected (type {was!r} back, "
            "or leave FIDE mode)"
        )
    unpair = ", ".join(
        typed_command("unpair", book, "--round", str(r)) for r in range(last, number, -1)
    )
    since = (
        ""
        if last <= paired
        else f" (round {last} is paired on the corrected result)"
        if last == paired + 1
        else f" (rounds {paired + 1} to {last} are paired on the corrected result)"
    )
    pair = typed_command("pair", book)
    runs = last - number  # the rounds unpaired: pair pairs one a run (the next on its results)
    again = (
        f"then {pair}"
        if runs == 1
        else f"then {pair} {runs} times, once for each of rounds {number + 1} to {last}: each "
        f"run pairs one round, round {number + 1} first, and the next only once the round "
        "before it has its results"
    )
    return (
        f"round {number + 1} was paired on the standings this correction changes{since}{order}: "
        f"to re-pair it, {unpair} {again}"
    )


def _rounds(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"round {numbers[0]} was"
    return f"rounds {numbers[0]} to {numbers[-1]} were"


def _order(by_hand: Mapping[int, bool]) -> str:
    """What the correction's warning says of the rounds typed by hand in the same run: which
    way they are read (the module text)."""
    first = sorted(n for n, before in by_hand.items() if before)
    later = sorted(n for n, before in by_hand.items() if not before)
    said = []
    if first:
        said.append(
            f"{_rounds(first)} typed into Swiss Games in the same run, and which came first "
            "cannot be known: read as paired before this correction, as the boards typed are "
            "the pairing the rules give on the result before it, not on the corrected one"
        )
    if later:
        said.append(
            f"{_rounds(later)} typed into Swiss Games in the same run, and which came first "
            "cannot be known: read as paired after this correction, as a round the engine "
            "pairs in the same run is, the boards typed not being the rules' pairing on the "
            "result before it alone"
        )
    return "".join(f" ({s})" for s in said)
