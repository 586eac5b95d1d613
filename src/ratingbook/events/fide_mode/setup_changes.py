"""FIDE mode's changes to an event's setup once it has started: which are logged, how hard.

This module alone decides which differences in what the event is made of, after round 1, are
logged changes and the warning level of each (:func:`setup_changes`): a setting (the
tie-breaks, the number of rounds and the points system above the others), a late entry, start
numbers, a withdrawal or an expulsion, a tie-break value typed, a forbidden pair added or
removed. The order they are logged in, with every other change, is
:mod:`~ratingbook.events.fide_mode.changes`'s. Pure.
"""

from __future__ import annotations

from ratingbook.events.codes import tiebreak_base, tiebreak_list
from ratingbook.events.fide_mode.log import LogKind, WarningLevel, typed_text
from ratingbook.events.fide_mode.logged_change import LoggedChange
from ratingbook.events.fide_mode.state import EventState
from ratingbook.events.settings import BLANK_MEANS
from ratingbook.events.start_order import LATE_ENTRY_RULE

__all__ = ["POINTS_SETTING", "ROUNDS_SETTING", "TIEBREAKS_SETTING", "setup_changes"]


def setup_changes(
    old: EventState, new: EventState, current: int, *, fide: bool
) -> list[LoggedChange]:
    """The changes to the setup of an event that has started, from ``old`` to ``new``, logged
    at round ``current``: the settings, the players, the tie-break values typed, the forbidden
    pairs, in that order; ``fide``: the event was in FIDE mode."""
    return [
        *_setting_changes(old, new, current, fide=fide),
        *_player_changes(old, new, current),
        *_typed_changes(old, new, current),
        *_forbidden_changes(old, new, current),
    ]


def _setting_shown(name: str, value: str) -> str:
    return value or BLANK_MEANS.get(name, "(empty)")


#: The setting whose change after the start is level 4 in FIDE mode (VCL question 201, as
#: Sharly-Chess quotes it: a hard fail otherwise): the tie-breaks, which the event announces
#: before it starts (C.07) and which decide the prizes.
TIEBREAKS_SETTING = "Tie-breaks"
#: The number of rounds: its change after the start is level 4 in FIDE mode and logged (VCL
#: questions 58-59, as Sharly-Chess quotes them: a hard fail otherwise).
ROUNDS_SETTING = "Rounds"
#: The points system (with the pairing-allocated bye's value): locked once the event has
#: started (VCL questions 75 and 85), so its change is level 5, refused in FIDE mode.
POINTS_SETTING = "Points"


def _setting_level(name: str, *, fide: bool) -> int:
    if fide and name == POINTS_SETTING:
        return WarningLevel.REFUSE
    if fide and name in (TIEBREAKS_SETTING, ROUNDS_SETTING):
        return WarningLevel.CONSEQUENCES
    return WarningLevel.CONFIRM


def _setting_warning(name: str, before: str, after: str) -> str:
    if name == TIEBREAKS_SETTING:
        return (
            f"the tie-breaks announced for the event change after round 1, to {after}: the "
            "standings, and who wins a tie for a prize, may change; the list before, "
            f"{before}, stays in the log"
        )
    if name == ROUNDS_SETTING:
        return (
            f"the number of rounds announced for the event changes after round 1, from {before} "
            f"to {after}: "
            "the last round's pairing rules (C.04.3 A.7, topscorers) and every later pairing "
            "follow the new number; the change stays in the log"
        )
    if name == POINTS_SETTING:
        return (
            "the points system is locked once the event has started (in FIDE mode it cannot "
            f"change; type {before} back, or leave FIDE mode)"
        )
    return f"{name} changed after round 1: later pairings and the standings follow it"


def _setting_changes(
    old: EventState, new: EventState, current: int, *, fide: bool
) -> list[LoggedChange]:
    before, out = dict(old.settings), []
    for name, value in new.settings:
        if before.get(name, value) != value:
            shown, now = _setting_shown(name, before[name]), _setting_shown(name, value)
            out.append(
                LoggedChange(
                    LogKind.SETTING,
                    current,
                    # The line holds the value before the change (VCL question 202).
                    f"{name} {shown}",
                    f"{name} {now}",
                    _setting_level(name, fide=fide),
                    f"Setting {name}",
                    _setting_warning(name, shown, now),
                )
            )
    return out


def _player_changes(old: EventState, new: EventState, current: int) -> list[LoggedChange]:
    out: list[LoggedChange] = []
    before = {name: (number, out_in) for name, number, out_in in old.players}
    after = {name: (number, out_in) for name, number, out_in in new.players}
    last = max((n for n, _ in after.values()), default=0)
    for name, (number, _) in after.items():
        if name not in before:
            moves = (
                f"the players below No. {number} move down ({LATE_ENTRY_RULE})"
                if number < last
                else f"No. {number}, the last number: nobody else's number changes"
            )
            out.append(
                LoggedChange(
                    LogKind.LATE_ENTRY,
                    current + 1,
                    "",
                    f"{name} entered as No. {number}",
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{name} enters late: {moves}",
                )
            )
    kept = [n for n, _, _ in sorted(old.players, key=lambda p: p[1]) if n in after]
    now = sorted(kept, key=lambda n: after[n][0])
    if kept != now:
        moved = [n for n in kept if kept.index(n) != now.index(n)]
        # The question names every number that moves, as the log's Before and After do.
        which = ", ".join(f"{n} No. {before[n][0]} to {after[n][0]}" for n in moved)
        out.append(
            LoggedChange(
                LogKind.START_NUMBERS,
                current,
                "; ".join(f"{n} No. {before[n][0]}" for n in moved),
                "; ".join(f"{n} No. {after[n][0]}" for n in moved),
                WarningLevel.CONFIRM,
                "Start numbers",
                f"start numbers changed after round 1 (regenerated or exchanged): {which}",
            )
        )
    for name, (_, out_in) in after.items():
        was = before.get(name, (0, 0))[1]
        now_out = _withdrawal_text(name, out_in, name in new.expelled)
        was_out = _withdrawal_text(name, was, name in old.expelled)
        if name in before and now_out != was_out:
            what = "expulsion" if name in new.expelled else "withdrawal"
            out.append(
                LoggedChange(
                    LogKind.WITHDRAWAL,
                    out_in or was,
                    was_out,
                    now_out,
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{name}: {what} {'recorded' if out_in else 'taken back'}",
                )
            )
    return out


def _withdrawal_text(name: str, out_in: int, expelled: bool) -> str:
    """``Gus withdrawn from round 4``, `` (expelled)`` added as the TRF's ``###`` line says it
    (:func:`ratingbook.trf.absences.withdrawal_line`), or ``Gus playing``."""
    if not out_in:
        return f"{name} playing"
    return f"{name} withdrawn from round {out_in}" + (" (expelled)" if expelled else "")


def _typed_changes(old: EventState, new: EventState, current: int) -> list[LoggedChange]:
    """A tie-break value typed from outside (the code ``MAN``: a play-off's score, a place
    given by hand; VCL questions 205 and 207) entered, changed or erased after round 1: level 3,
    logged with the value before, as every other change of the standings' order is. While the
    ``Tie-breaks`` setting does not list ``MAN`` the value orders nobody, and the warning says
    so (the change is still logged: listing ``MAN`` later puts it to use)."""
    before, after = dict(old.typed), dict(new.typed)
    listed, _ = tiebreak_list(dict(new.settings).get(TIEBREAKS_SETTING))
    used = (
        "the standings' order of players tied before it may change"
        if "MAN" in {tiebreak_base(code) for code in listed}
        else f"the {TIEBREAKS_SETTING} setting does not list MAN, so the value is not used "
        "(the standings' order stays); list MAN where the value is to break ties"
    )
    out: list[LoggedChange] = []
    for name in sorted(set(before) | set(after)):
        was, now = before.get(name, ""), after.get(name, "")
        if was != now:
            out.append(
                LoggedChange(
                    LogKind.MANUAL_TIEBREAK,
                    current,
                    typed_text(name, was),
                    typed_text(name, now),
                    WarningLevel.CONFIRM,
                    f"Tie-break value {name}",
                    f"{name}'s tie-break value typed by hand changes ({was or 'none'} to "
                    f"{now or 'none'}): {used}",
                )
            )
    return out


def _forbidden_changes(old: EventState, new: EventState, current: int) -> list[LoggedChange]:
    out: list[LoggedChange] = []
    for pair in sorted(set(new.forbidden) - set(old.forbidden)):
        # VCL question 196 (as Sharly-Chess quotes it, a hard fail): a prohibited pairing added
        # after round 1 must leave FIDE mode: level 5 while the event stays in it, and a
        # level-3 act of the run that leaves it (itself level 4) or of an event outside it.
        staying = new.fide_mode
        out.append(
            LoggedChange(
                LogKind.FORBIDDEN_PAIR,
                current,
                "",
                f"{pair} added",
                WarningLevel.REFUSE if staying else WarningLevel.CONFIRM,
                f"Forbidden pair {pair}",
                f"a pair forbidden after round 1 takes the event out of FIDE mode: to add "
                f"{pair}, set FIDE Mode to Off in the same run (leaving FIDE mode is final), "
                "or remove the pair"
                if staying
                else f"the pair {pair} is forbidden after round 1: it is logged for good and "
                "every later pairing avoids it",
            )
        )
    for pair in sorted(set(old.forbidden) - set(new.forbidden)):
        out.append(
            LoggedChange(
                LogKind.FORBIDDEN_PAIR,
                current,
                f"{pair}",
                f"{pair} removed",
                WarningLevel.CONFIRM,
                f"Forbidden pair {pair}",
                f"the forbidden pair {pair} removed after round 1",
            )
        )
    return out
