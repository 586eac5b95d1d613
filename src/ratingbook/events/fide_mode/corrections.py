"""FIDE mode's result corrections: which change to a recorded result is one, at which level.

This module alone decides FIDE's rule for correcting a result (:func:`correction_level`) and
what a correction's warning says (:func:`correction_warning`). The rule looks only at the
rounds paired when the result was retyped, never at how many results of the round being
played are typed: a round paired in the same run (``pair``, or a recalc's auto-pairing once
the round is complete) comes after the correction and is paired on the corrected result, so
the order things are typed in does not change the verdict. Which differences
between two states are results retyped is :mod:`~ratingbook.events.fide_mode.changes`'s. Pure.
"""

from __future__ import annotations

from ratingbook.core.typed_commands import typed_command
from ratingbook.events.fide_mode.log import LogKind, WarningLevel

__all__ = ["correction_level", "correction_warning"]


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
    number: int, level: int, was: str, *, paired: int, last: int, period: int | None, book: str
) -> str:
    """What a correction of round ``number`` (from ``was``, at ``level``) says: why it is
    refused, or that the round after it was paired on the standings it changes and how to
    re-pair it. ``paired``: the rounds paired when it was typed; ``last``: the last paired
    round after the run (the rounds after ``paired`` were paired on the corrected result);
    ``period``: the rating period whose written report froze the round; ``book``: the file,
    as the user names it, for the commands suggested."""
    frozen = (
        f"round {number} is in rating period {period}, whose rating report was written "
        f"(the Event Log's {LogKind.PERIOD_REPORT.value} row)"
    )
    if level == WarningLevel.REFUSE and period:
        return f"{frozen}: its results are frozen (type {was!r} back, or leave FIDE mode)"
    if number >= last:  # outside FIDE mode, a frozen round with no round paired after it
        return frozen
    if level == WarningLevel.REFUSE:
        return (
            f"round {number} is not the previous round: round {paired} is paired, so in FIDE "
            f"mode only round {paired - 1}'s results may be corrected (type {was!r} back, or "
            "leave FIDE mode)"
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
        f"round {number + 1} was paired on the standings this correction changes{since}: to "
        f"re-pair it, {unpair} {again}"
    )
