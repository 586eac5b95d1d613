"""FIDE mode's manual pairing: what the pairs an arbiter made by hand break, and how hard.

This module alone decides the checks of a round paired by hand (a repeated game, a forbidden
pair, a second pairing-allocated bye, a third colour in a row, a colour difference over 2, both
players against their expected colour, a result standing on a board changed by hand) and their
warning levels. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.state import Pair

__all__ = ["manual_pairing_problems", "results_on_changed_boards"]


def _colours(event: SwissEvent, player: str, before_round: int) -> list[str]:
    played = (
        Result.WHITE_WINS,
        Result.BLACK_WINS,
        Result.DRAW,
        None,
    )
    colours = []
    for e in sorted(event.entries, key=lambda e: e.round):
        if e.round >= before_round or e.black is None or e.result not in played:
            continue
        if e.white == player:
            colours.append("W")
        elif e.black == player:
            colours.append("B")
    return colours


def _expected(colours: list[str]) -> str | None:
    if not colours:
        return None
    difference = colours.count("W") - colours.count("B")
    if difference:
        return "B" if difference > 0 else "W"
    return "B" if colours[-1] == "W" else "W"


def manual_pairing_problems(
    event: SwissEvent, round_number: int, pairs: Sequence[Pair]
) -> list[tuple[int, str]]:
    """What the manual pairs of ``round_number`` break, each with its warning level: level 3
    for a repeated game, a forbidden pair, a second pairing-allocated bye, a third colour in a
    row or a colour difference over 2 before the last round; level 2 when both players get the
    colour opposite to the one they expect."""
    problems: list[tuple[int, str]] = []
    earlier = [e for e in event.entries if e.round < round_number]
    met = {frozenset((e.white, e.black)) for e in earlier if e.black is not None}
    byes = {e.white for e in earlier if e.result is Result.PAIRING_BYE}
    last = (event.rounds_planned or 0) == round_number
    for white, black in pairs:
        if black == "PAB":
            if white in byes:
                problems.append((3, f"{white} gets a second pairing-allocated bye"))
            continue
        if frozenset((white, black)) in met:
            problems.append((3, f"{white} - {black} is a repeated game"))
        if any({f.first, f.second} == {white, black} and f.holds_in(round_number)
               for f in event.forbidden):  # fmt: skip
            problems.append((3, f"{white} - {black} is a forbidden pair"))
        expected: list[str | None] = []
        for player, colour in ((white, "W"), (black, "B")):
            colours = _colours(event, player, round_number)
            expected.append(_expected(colours))
            if last:
                continue
            if colours[-2:] == [colour, colour]:
                problems.append((3, f"{player} gets {_word(colour)} a third time in a row"))
            after = [*colours, colour]
            if abs(after.count("W") - after.count("B")) > 2:
                problems.append((3, f"{player}'s colour difference goes over 2"))
        if expected == ["B", "W"]:
            problems.append(
                (2, f"{white} - {black}: both players get the colour opposite to the expected one")
            )
    return problems


def _word(colour: str) -> str:
    return "white" if colour == "W" else "black"


def results_on_changed_boards(
    event: SwissEvent, round_number: int, engine: Sequence[Pair]
) -> list[tuple[int, str]]:
    """Each result standing on a board of ``round_number`` changed by hand (its pair not one of
    the ``engine``'s), level 3: a result typed for the game the board had would now count for
    other players, so the arbiter clears it or confirms it is the new game's. Each is named by
    its cell, with the engine's game the board had (:func:`_engine_game`), when there is one."""
    games = [e for e in event.round_entries(round_number) if e.black is not None]
    now = {(e.white, e.black) for e in games}
    lost = [p for p in engine if p not in now and p[1] != "PAB"]
    problems: list[tuple[int, str]] = []
    for e in games:
        if e.result is None or e.black is None or (e.white, e.black) in engine:
            continue
        had = _engine_game(lost, e.white, e.black)
        where = e.where
        letter = where.columns.get("result", "") if where is not None else ""
        cell = (
            f"{where.sheet!r} {letter}{where.row}"
            if where is not None and where.sheet and letter and where.row
            else f"board {e.board}"
        )
        engine_game = f"the engine paired it {had[0]} - {had[1]}, " if had else ""
        problems.append(
            (
                3,
                f"{cell}'s {e.result.value} stands on a board changed by hand ({engine_game}"
                f"now {e.white} - {e.black}): clear it if it was typed for the engine's game, "
                "or confirm it is this game's result",
            )
        )
    return problems


def _engine_game(lost: Sequence[Pair], white: str, black: str) -> Pair | None:
    """The engine's game a board now ``white`` - ``black`` had: the one with its White as
    White, else its Black as Black, else with either of them."""
    ranked = [(p[0] != white, p[1] != black, p) for p in lost if white in p or black in p]
    return min(ranked)[2] if ranked else None
