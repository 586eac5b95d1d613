"""The order of a round's boards (C.04.2), checked where boards are typed or changed by hand.

The rule, as the 2026 acceptance checklist quotes it (VCL questions 187-188, Sharly-Chess issue
2317) and as gacrux, FIDE's reference tool, sorts a round it pairs (``update_board`` of its
Dutch engine): boards go by the higher of the two players' scores, then the sum of both
scores, then the lower of the two start numbers, the pairing-allocated bye last; under Baku
acceleration the scores are the pairing scores, real points plus group A's virtual points of
that round (C.04.5.1). The older text of C.04.2 said "the rank of the higher player" for the
last key; the checklist and gacrux both read "the lower start number", and so does this module.

ratingbook's own pairings come in this order from the engine; a round typed into ``Swiss
Games``, or changed in a manual-pairing phase, is checked here, and the games of a file that
gives no board numbers (TRF) are numbered here. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.acceleration import baku_virtual_points
from ratingbook.events.as_paired import pairing_views
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.settings import BAKU

__all__ = ["board_order_problem", "in_board_order", "pairing_scores"]

#: A paired row's place in C.04.2's order: the bye last, the higher score, the sum, the number.
_Key = tuple[bool, Fraction, Fraction, int]


def pairing_scores(event: SwissEvent, round_number: int) -> dict[str, Fraction]:
    """Each player's score the round is paired on: the points of the rounds before it, with
    Baku's virtual points of that round for group A."""
    scores = event.points(after_round=round_number - 1)
    if event.settings.acceleration == BAKU:
        numbers = event.start_numbers()
        for virtual in baku_virtual_points(event):
            if virtual.first_round <= round_number <= virtual.last_round:
                for name, number in numbers.items():
                    if number <= virtual.last_number:
                        scores[name] += virtual.points
    return scores


def _paired(entry: SwissEntry) -> bool:
    return entry.black is not None or entry.result is Result.PAIRING_BYE


def _rule(event: SwissEvent, round_number: int) -> Callable[[SwissEntry], _Key]:
    """C.04.2's order of ``round_number``'s boards, as a sort key of its paired rows."""
    scores = pairing_scores(event, round_number)
    numbers = event.start_numbers()

    def key(entry: SwissEntry) -> _Key:
        if entry.black is None:
            return (True, Fraction(0), Fraction(0), numbers[entry.white])
        white, black = scores[entry.white], scores[entry.black]
        lower = min(numbers[entry.white], numbers[entry.black])
        return (False, -max(white, black), -(white + black), lower)

    return key


def board_order_problem(event: SwissEvent, round_number: int) -> str:
    """What is wrong with the order of ``round_number``'s boards as typed ("" : nothing, or no
    board numbers to check): the boards in the rule's order, and as typed."""
    rows = [e for e in event.round_entries(round_number) if _paired(e)]
    if len(rows) < 2 or any(e.board is None for e in rows):
        return ""
    numbers = event.start_numbers()
    typed = sorted(rows, key=lambda e: e.board or 0)
    ruled = sorted(rows, key=_rule(event, round_number))
    if typed == ruled:
        return ""
    baku = ", Baku's virtual points counted" if event.settings.acceleration == BAKU else ""
    return (
        f"round {round_number}'s boards are not in the order of C.04.2 (the higher score, "
        f"then the sum of both scores, then the lower start number{baku}; the bye last): in "
        f"that order they are {_written(ruled, numbers)}, typed {_written(typed, numbers)}"
    )


def in_board_order(event: SwissEvent, log: Sequence[LogEntry] = ()) -> SwissEvent:
    """``event`` with every round's boards numbered in C.04.2's order (its rows where they
    were): for games that come without board numbers (a TRF file's records), numbered as the
    rule numbers them, on the scores each round was paired on (``log``: the event's log, which
    says what changed since: :func:`~ratingbook.events.as_paired.pairing_views`)."""
    paired_from = {n: view for view, rounds in pairing_views(event, log) for n in rounds}
    boards: dict[int, int] = {}  # id of a paired row: its board
    for round_number in sorted({e.round for e in event.entries}):
        paired = [e for e in event.round_entries(round_number) if _paired(e)]
        paired.sort(key=_rule(paired_from.get(round_number, event), round_number))
        boards.update((id(e), board) for board, e in enumerate(paired, start=1))
    return replace(
        event,
        entries=tuple(
            replace(e, board=boards[id(e)]) if id(e) in boards else e for e in event.entries
        ),
    )


def _written(rows: list[SwissEntry], numbers: dict[str, int]) -> str:
    return " ".join(
        f"{numbers[e.white]}=BYE" if e.black is None else f"{numbers[e.white]}-{numbers[e.black]}"
        for e in rows
    )
