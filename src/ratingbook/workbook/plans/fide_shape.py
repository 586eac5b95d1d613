"""FIDE mode and the event's shape: the last paired round checked again when a change of the
number of rounds makes it the last round of the event, or no longer the last.

The Dutch rules pair the last round differently (C.04.3 A.7: a topscorer's colours are not
bound by the absolute colour criteria there; C.04.1 f and g allow exceptions in the last
round), so a round paired as the last may break the rules once more rounds follow it, and the
other way round. The 2026 acceptance checklist asks for the check (VCL questions 60-61, as
Sharly-Chess quotes them: a hard fail without it): when the change flips the last paired round
between final and not final, its pairing is compared with the one the rules give under the new
number of rounds; a round that now differs is a level-3 act, logged as ``### Configuration @
Round n: <the round's boards> => <the rules' boards>``. The engine is gacrux's, as for every
pairing ratingbook makes.
"""

from __future__ import annotations

from dataclasses import replace

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.changes import LoggedChange
from ratingbook.events.fide_mode.log import LogKind, WarningLevel
from ratingbook.events.fide_mode.setup_changes import ROUNDS_SETTING
from ratingbook.events.fide_mode.state import EventState, Pair, boards, pairs_of

__all__ = ["last_round_rechecked"]


def _rounds(state: EventState) -> int | None:
    value = dict(state.settings).get(ROUNDS_SETTING, "")
    return int(value) if value.isdigit() else None


def _rules_pairs(event: SwissEvent, number: int) -> list[Pair] | None:
    """The pairing the rules give for round ``number`` of ``event`` (its rounds before it and
    the byes asked for it), or None when they give none."""
    from ratingbook.fide.gacrux import pair_next_round

    kept = tuple(
        e
        for e in event.entries
        if e.round < number
        or (e.round == number and e.result is not None and e.result.is_requested_bye)
    )
    try:
        rows = pair_next_round(replace(event, entries=kept))
    except RatingbookError:
        return None
    return pairs_of(replace(event, entries=(*kept, *rows)), number)


def last_round_rechecked(old: EventState, event: SwissEvent) -> list[LoggedChange]:
    """The last paired round of ``event`` checked again when its number of rounds, changed
    since ``old``, makes that round final or not final (a Dutch event only: a round robin's
    table does not depend on it)."""
    number = event.paired_rounds
    before, after = _rounds(old), event.settings.rounds
    if event.settings.round_robin or not number or before is None or after is None:
        return []
    if after < number:  # fewer rounds than are paired: nothing is the last round
        return []
    if (before == number) == (after == number) or old.manual == number:
        return []
    now = pairs_of(event, number)
    rules = _rules_pairs(event, number)
    if rules is not None and sorted(rules) == sorted(now):
        return []
    numbers = event.start_numbers()
    final = "the last round" if after == number else "no longer the last round"
    rules_text = boards(rules, numbers) if rules is not None else "no pairing"
    return [
        LoggedChange(
            LogKind.SETTING,
            number,
            f"round {number} {boards(now, numbers)}",
            f"the rules' pairing {rules_text}",
            WarningLevel.CONFIRM,
            f"Round {number} checked again",
            f"with Rounds {after}, round {number} is {final}, and its pairing is not the one "
            f"the rules now give ({rules_text}): to re-pair it, unpair round {number} and pair "
            "it again, or keep it (logged)",
        )
    ]
