"""FIDE mode's changes to a round's pairing: which are logged, how hard.

This module alone decides which differences in the rounds paired are logged changes and the
warning level of each: a round paired (by the engine, or typed by hand and compared with the
rules' pairing), unpaired (by the command, or its rows deleted by hand: :func:`unpairing_change`,
a team event's too), or its pairing changed by hand outside a manual-pairing phase
(:func:`round_changes`), and a requested bye that is warned (:func:`bye_changes`). A paired
round's results retyped are
:mod:`~ratingbook.events.fide_mode.result_changes`'s; the order everything is logged in is
:mod:`~ratingbook.events.fide_mode.changes`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.core.results import Result
from ratingbook.core.typed_commands import typed_command
from ratingbook.events.fide_mode.corrections import RulesPairing
from ratingbook.events.fide_mode.log import LogKind, WarningLevel
from ratingbook.events.fide_mode.logged_change import LoggedChange
from ratingbook.events.fide_mode.result_changes import round_corrections
from ratingbook.events.fide_mode.state import EventState, board_count, boards, unpairing_text

__all__ = ["bye_changes", "round_changes", "unpairing_change"]


def unpairing_change(
    number: int,
    paired: str,
    results: int,
    deleted: Sequence[str],
    *,
    command: bool,
    sheet: str = "Swiss Games",
) -> LoggedChange:
    """Round ``number`` unpaired (``paired``: what the round was), by the command or its rows
    deleted by hand: no warning when the command takes back a round without results; else
    level 3, its ``results`` (recorded or typed) and those ``deleted`` from ``sheet``, named
    (:func:`~ratingbook.events.fide_mode.state.unpairing_text`)."""
    return LoggedChange(
        LogKind.UNPAIRING,
        number,
        paired,
        f"round {number} unpaired" + ("" if command else " (rows deleted by hand)"),
        0 if command and not results else WarningLevel.CONFIRM,
        f"Unpair round {number}",
        unpairing_text(number, results, deleted, sheet=sheet),
        by_hand=not command,
    )


def bye_changes(old: EventState, new: EventState, numbers: Mapping[str, int]) -> list[LoggedChange]:
    """The requested byes added that are warned (VCL questions 174 and 177-179, as
    Sharly-Chess quotes them): an individual full-point bye is level 2, said as deprecated and
    logged; a half-point bye for a player who has one in another round is level 3."""
    known = set(old.games)
    half = Result.HALF_POINT_BYE.value
    out: list[LoggedChange] = []
    for game in new.games:
        number, player, black, result = game
        if black or game in known:
            continue
        who = f"{player} (No. {numbers.get(player, 0)})"
        if result == Result.FULL_POINT_BYE.value:
            out.append(
                LoggedChange(
                    LogKind.BYE,
                    number,
                    "",
                    f"{who}: full-point bye",
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{who} gets a full-point bye in round {number}: an individual "
                    "full-point bye is deprecated (FIDE); it is logged",
                )
            )
        elif result == half:
            others = [r for r, w, b, res in new.games if w == player and not b and res == half]
            # the second is warned, not the first (one recorded, or an earlier round's)
            first = [r for r in others if r < number or (r, player, "", half) in known]
            if first:
                earlier = ", ".join(str(r) for r in sorted(first))
                out.append(
                    LoggedChange(
                        LogKind.BYE,
                        number,
                        "",
                        f"{who}: half-point bye ({len(others)} in the event)",
                        WarningLevel.CONFIRM,
                        f"Bye {player} round {number}",
                        f"{who} gets a half-point bye in round {number} and already has one "
                        f"(round {earlier})",
                    )
                )
    return out


def round_changes(
    old: EventState,
    new: EventState,
    engine: set[int],
    unpaired: set[int],
    numbers: Mapping[str, int],
    typed: Mapping[int, Sequence[str]],
    *,
    fide: bool,
    book: str,
    source: str,
    frozen: Mapping[int, int],
    rules_pairing: RulesPairing | None,
    hand: Mapping[int, bool],
) -> list[LoggedChange]:
    out: list[LoggedChange] = []
    last = new.paired_rounds
    for number in range(1, max(old.paired_rounds, last) + 1):
        was, now = old.pairs(number), new.pairs(number)
        if was == now:
            period = frozen.get(number)
            out += round_corrections(
                old,
                new,
                number,
                numbers,
                fide=fide,
                book=book,
                source=source,
                period=period,
                hand=hand,
            )
            continue
        if not was:
            by_engine = number in engine
            before, after = "", f"round {number} paired: {board_count(now)}"
            if not by_engine:
                after += " (typed into Swiss Games, not by the engine)"
                rules = rules_pairing(number, hand.get(number, False)) if rules_pairing else None
                if rules is not None and sorted(rules) != now:
                    # compared as a manual pairing's end is (TEC Manual 3.9.4.9's MPA form)
                    before, after = boards(rules, numbers), boards(now, numbers)
            out.append(
                LoggedChange(
                    LogKind.PAIRING,
                    number,
                    before,
                    after,
                    0 if by_engine else WarningLevel.CONFIRM,
                    "" if by_engine else f"Pairing round {number}",
                    "" if by_engine else f"round {number} was paired by hand, not by the engine",
                    by_hand=not by_engine,
                )
            )
        elif not now:
            recorded = sum(1 for g in old.games if g[0] == number and g[3] and g[2])
            results = max(recorded, len(typed.get(number, ())))  # typed since the last run too
            paired = f"round {number} paired: {board_count(was)}"
            out.append(
                unpairing_change(
                    number, paired, results, typed.get(number, ()), command=number in unpaired
                )
            )
        elif number == old.manual:
            continue  # the manual phase: compared with the engine's pairing at its end
        else:
            # the rounds paired after it in the book as read (not the one this run pairs)
            later = max((r for r in range(number + 1, last + 1) if r not in engine), default=0)
            out.append(
                LoggedChange(
                    LogKind.MANUAL_PAIRING,
                    number,
                    boards(was, numbers),
                    boards(now, numbers),
                    WarningLevel.REFUSE if fide else WarningLevel.CONFIRM,
                    f"Manual pairing round {number}",
                    f"round {number}'s pairing was changed by hand outside a manual-pairing "
                    f"phase: in FIDE mode, {_by_hand(number, later, boards(was, numbers), source)}",
                )
            )
    return out


def _by_hand(number: int, later: int, was: str, source: str) -> str:
    """How the arbiter changes round ``number``'s boards in FIDE mode (``later``: the last round
    paired after it, 0 none; ``was``: its boards as paired; ``source``: the file). Only the last
    paired round can be paired by hand (:mod:`~ratingbook.events.fide_mode.machine`): with
    rounds paired after it, its boards go back as paired, those rounds are unpaired (last
    first), and the round is then the last paired one."""
    start = typed_command("manual-pairing start", source, "--round", str(number))
    end = typed_command("manual-pairing end", source)
    if not later:
        return (
            f"start one and end it: {start}, then {end} (in Excel: Manual Pairing = Round "
            f"{number}, Recalc, then End, Recalc)"
        )
    unpair = ", ".join(
        typed_command("unpair", source, "--round", str(r)) for r in range(later, number, -1)
    )
    rounds = f"round {later}" if later == number + 1 else f"rounds {number + 1} to {later}"
    again = (
        f"round {later} again ({typed_command('pair', source)}, unless Auto-pair paired it "
        "when the phase ended)"
        if later == number + 1
        else f"rounds {number + 1} to {later} again, one {typed_command('pair', source)} run "
        "each, once the round before has its results"
    )
    return (
        f"only the last paired round can be paired by hand, and {rounds} "
        f"{'is' if later == number + 1 else 'are'} paired after it: type round {number}'s "
        f"boards back as paired ({was}: start numbers, White first), then {unpair}, {start}, "
        f"change its boards (clear each changed board's White No. and Black No.: ratingbook "
        f"writes them), {end}, and pair {again}"
    )
