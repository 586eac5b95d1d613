"""A round robin's games against its Berger table: the rows a workbook holds must be the ones
the table gives (FIDE C.05 Annex 1), round by round, colours included.

The table itself is gacrux's (:mod:`ratingbook.fide.gacrux.berger`); this module only compares.
A game the table does not give in that round means the pairing system was changed after
pairing began, or a row was typed by hand: each is an error naming the row. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.core import fields
from ratingbook.errors import Problems
from ratingbook.events.event import EventError, SwissEvent

__all__ = ["check_round_robin"]


def check_round_robin(event: SwissEvent, schedule: Mapping[int, Sequence[tuple[int, int]]]) -> None:
    """Every game of ``event`` is its round's game of ``schedule`` (White's and Black's start
    numbers), or an error naming the row; all of them are reported."""
    numbers = event.start_numbers()
    names = {n: name for name, n in numbers.items()}
    problems = Problems()
    for entry in event.entries:
        if entry.black is None:
            continue
        table = schedule.get(entry.round)
        if table is None:
            problems.append(
                EventError(
                    f"round {entry.round} is beyond the round robin's {len(schedule)} rounds "
                    "(the Berger tables, C.05 Annex 1)",
                    entry.where,
                    fields.ROUND,
                )
            )
            continue
        pair = (numbers[entry.white], numbers[entry.black])
        if pair in table:
            continue
        partner = next((w if b == pair[0] else b for w, b in table if pair[0] in (w, b)), None)
        if partner:
            white, black = next((w, b) for w, b in table if pair[0] in (w, b))
            says = f"{names[white]} (White) against {names[black]}"
        else:
            says = f"{entry.white} sitting out"
        problems.append(
            EventError(
                f"round {entry.round} of the round robin's Berger table (C.05 Annex 1) has "
                f"{says}, not {entry.white} (White) against {entry.black}; the pairing system "
                "cannot change once pairing began, and a round robin's games are the table's",
                entry.where,
                fields.WHITE,
            )
        )
    problems.check()
