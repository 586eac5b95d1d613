"""FIDE mode's changes: which differences between two states of an event are logged, how hard.

This module alone decides which differences between what the log last recorded and the event
now are logged changes (:func:`changes`: a pairing, an unpairing, a result correction, start
numbers, a late entry, a withdrawal, a tie-break value typed, a warned bye, a setting, a
forbidden pair, FIDE mode left, a game adjourned or an adjourned game's result entered) and the
warning level of each (:class:`~ratingbook.events.fide_mode.log.WarningLevel`; a result
correction's is :mod:`~ratingbook.events.fide_mode.corrections`'s rule). What a level then asks
of the run is :mod:`~ratingbook.events.fide_mode.machine`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from ratingbook.core.results import Result
from ratingbook.core.typed_commands import typed_command
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.corrections import (
    RulesPairing,
    correction_level,
    correction_warning,
    typed_first,
)
from ratingbook.events.fide_mode.log import LogKind, WarningLevel, adjourned_board_text, typed_text
from ratingbook.events.fide_mode.state import EventState, board_count, boards, unpairing_text
from ratingbook.events.settings import BLANK_MEANS

__all__ = ["LoggedChange", "changes"]


@dataclass(frozen=True, slots=True)
class LoggedChange:
    """A change to log: its kind, round, what it was and is, and how hard it is warned.

    ``level`` 0 is logged without a warning; ``act`` names it for a confirmation ("Correction
    round 4"); ``by_hand``: typed into the book (undo goes back to the state last recorded),
    not done by the command itself (undo goes back to the book the command read).
    """

    kind: LogKind
    round: int
    before: str
    after: str
    level: int = 0
    act: str = ""
    warning: str = ""
    by_hand: bool = True
    notes: tuple[str, ...] = field(default=())
    who: str = ""
    """Who made the change, from where, when it is not the run's user (a result reported at the
    results desk: the reporters' devices and the arbiter who accepted it)."""


def changes(
    old: EventState,
    new: EventState,
    event: SwissEvent,
    *,
    engine_rounds: Iterable[int] = (),
    unpaired: Iterable[int] = (),
    typed: Mapping[int, Sequence[str]] | None = None,
    book: str = "",
    source: str = "",
    frozen: Mapping[int, int] | None = None,
    rules_pairing: RulesPairing | None = None,
) -> list[LoggedChange]:
    """Every logged change from ``old`` to ``new`` (the state of ``event``), in the order they
    are logged. ``engine_rounds``: the rounds the engine paired in this run; ``unpaired``: the
    rounds the unpair command took back; ``typed``: each round's results the book held as read
    (typed since the log last recorded them too), named by board; ``book``: the file the run
    leaves the event in, as the user names it, for the commands a warning suggests ("" :
    ``BOOK``), ``source`` the file it reads, for a refusal's ("" : ``book``); ``frozen``: the
    rounds of the rating periods whose report was written (round -> period; an event over 30
    days);
    ``rules_pairing``: the pairing the rules give a round (None when unknown), on the results
    the log recorded (a round read as paired before the run's corrections: ``typed_first``,
    its row logged first) or as they are, asked only of a round typed into the book by hand,
    whose row compares it with the typed boards as a manual pairing's end does. In
    FIDE mode a level 5 change is refused; outside it, it is a level 3 one."""
    fide = old.fide_mode
    engine = set(engine_rounds)
    started = old.paired_rounds >= 1
    out: list[LoggedChange] = []
    current = max(old.paired_rounds, 1)
    if old.fide_mode and not new.fide_mode:
        out.append(
            LoggedChange(
                LogKind.FIDE_MODE_OFF,
                current,
                "FIDE mode on",
                "FIDE mode off",
                WarningLevel.CONSEQUENCES,
                "Leave FIDE mode",
                "leaving FIDE mode is final for this event: warnings of level 5 become level 3, "
                "earlier rounds' results may be corrected, and every printout, page and summary "
                "says the event is not in FIDE mode",
            )
        )
    if started:
        out += _setting_changes(old, new, current, fide=fide)
        out += _player_changes(old, new, current)
        out += _typed_changes(old, new, current)
        out += _forbidden_changes(old, new, current)
    numbers = event.start_numbers()
    out += _bye_changes(old, new, numbers)
    hand = typed_first(old, new, engine, rules_pairing)
    rounds = _round_changes(
        old,
        new,
        engine,
        set(unpaired),
        numbers,
        typed or {},
        fide=fide,
        book=book,
        source=source or book,
        frozen=frozen or {},
        rules_pairing=rules_pairing,
        hand=hand,
    )  # a round typed by hand read as paired before the run's corrections is logged first
    out += sorted(rounds, key=lambda c: not (c.kind is LogKind.PAIRING and hand.get(c.round)))
    out += _left_behind(new, engine, numbers)
    out += _rating_changes(old, new, numbers)
    return out


def _bye_changes(
    old: EventState, new: EventState, numbers: Mapping[str, int]
) -> list[LoggedChange]:
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


def _rating_changes(
    old: EventState, new: EventState, numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """A rating-report-only correction added (or taken away): level 3."""
    out: list[LoggedChange] = []
    for text, added in [
        *((t, True) for t in sorted(set(new.rating) - set(old.rating))),
        *((t, False) for t in sorted(set(old.rating) - set(new.rating))),
    ]:
        number, white, black, played, rated = text.split("|")
        game = f"{white} - {black}"
        board = f"{numbers.get(white, 0)}-{numbers.get(black, 0)}"
        out.append(
            LoggedChange(
                LogKind.RATING_CORRECTION,
                int(number),
                f"{board}: {played}" if added else f"{board}: {rated} (rating report only)",
                f"{rated} (rating report only)" if added else played,
                WarningLevel.CONFIRM,
                f"Rating correction round {number}",
                f"{game}: the rating report counts {rated if added else played}; pairings and "
                "standings keep the result as played",
            )
        )
    return out


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
                f"the players below No. {number} move down"
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
        out.append(
            LoggedChange(
                LogKind.START_NUMBERS,
                current,
                "; ".join(f"{n} No. {before[n][0]}" for n in moved),
                "; ".join(f"{n} No. {after[n][0]}" for n in moved),
                WarningLevel.CONFIRM,
                "Start numbers",
                "start numbers changed after round 1 (regenerated or exchanged)",
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
    logged with the value before, as every other change of the standings' order is."""
    before, after = dict(old.typed), dict(new.typed)
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
                    f"{now or 'none'}): the standings' order of players tied before it may change",
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


def _round_changes(
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
            out += _corrections(
                old, new, number, numbers, fide=fide, book=book, period=period, hand=hand
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
            command = number in unpaired
            out.append(
                LoggedChange(
                    LogKind.UNPAIRING,
                    number,
                    f"round {number} paired: {board_count(was)}",
                    f"round {number} unpaired" + ("" if command else " (rows deleted by hand)"),
                    0 if command and not results else WarningLevel.CONFIRM,
                    f"Unpair round {number}",
                    unpairing_text(number, results, typed.get(number, ())),
                    by_hand=not command,
                )
            )
        elif number == old.manual:
            continue  # the manual phase: compared with the engine's pairing at its end
        else:
            out.append(
                LoggedChange(
                    LogKind.MANUAL_PAIRING,
                    number,
                    boards(was, numbers),
                    boards(now, numbers),
                    WarningLevel.REFUSE if fide else WarningLevel.CONFIRM,
                    f"Manual pairing round {number}",
                    f"round {number}'s pairing was changed by hand outside a manual-pairing "
                    "phase: in FIDE mode, start one and end it: "
                    f"{typed_command('manual-pairing start', source, '--round', str(number))}, "
                    f"then {typed_command('manual-pairing end', source)} (in Excel: Manual "
                    f"Pairing = Round {number}, Recalc, then End, Recalc)",
                )
            )
    return out


#: A game's result in the state when it is adjourned, and when it is a draw (the one result an
#: adjourned game may end with and no warning: its provisional score was a draw already).
_ADJOURNED, _DRAW = Result.ADJOURNED.value, Result.DRAW.value


def _adjournments(
    old: EventState, new: EventState, number: int, last: int, numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """Round ``number``'s adjournments: a game adjourned when a later round was paired (level
    2, Q160), an adjourned game's result entered (a draw logged, any other result level 3 in
    any round: Q162-163; never refused, an adjourned game's result may come at any time)."""
    before = {(w, b): res for r, w, b, res in old.games if r == number}
    out: list[LoggedChange] = []
    for r, w, b, res in new.games:
        was = before.get((w, b))
        if r != number or was is None or was == res or _ADJOURNED not in (was, res):
            continue
        game, board = f"{w} - {b}", f"{numbers.get(w, 0)}-{numbers.get(b, 0)}"
        if res == _ADJOURNED and not was and number < last:
            out.append(
                LoggedChange(
                    LogKind.ADJOURNMENT,
                    number,
                    adjourned_board_text(board, None),
                    _ADJOURNED,
                    WarningLevel.ACKNOWLEDGE,
                    warning=f"{game} (round {number}) had no result when round {last} was "
                    "paired: adjourned, it counts as a draw for pairing until its result is "
                    "entered",
                    by_hand=False,  # the pairing's: its undo leaves the results typed since
                )
            )
        elif was == _ADJOURNED and res:
            level = 0 if res == _DRAW else WarningLevel.CONFIRM
            out.append(
                LoggedChange(
                    LogKind.ADJOURNMENT,
                    number,
                    adjourned_board_text(board, _ADJOURNED),
                    res,
                    level,
                    f"Adjournment round {number}" if level else "",
                    f"{game}: the adjourned game ends {res}, not the draw it counted as in the "
                    f"pairing of every round after round {number}"
                    if level
                    else "",
                )
            )
    return out


def _left_behind(
    new: EventState, engine: set[int], numbers: Mapping[str, int]
) -> list[LoggedChange]:
    """A round paired while an adjourned game remains in a round before the last completed one
    (level 2, Q168): one warning naming each such game."""
    last = new.paired_rounds
    if last not in engine:
        return []
    games = [(r, w, b) for r, w, b, res in new.games if res == _ADJOURNED and r < last - 1]
    if not games:
        return []
    named = ", ".join(
        f"round {r} {numbers.get(w, 0)}-{numbers.get(b, 0)} ({w} - {b})" for r, w, b in games
    )
    return [
        LoggedChange(
            LogKind.ADJOURNMENT,
            last,
            "",
            f"round {last} paired with {len(games)} adjourned from before round {last - 1}",
            WarningLevel.ACKNOWLEDGE,
            warning=f"round {last} paired while games of rounds before round {last - 1} are "
            f"still adjourned: {named}; each counts as a draw until its result is entered",
            by_hand=False,
        )
    ]


def _corrections(
    old: EventState,
    new: EventState,
    number: int,
    numbers: Mapping[str, int],
    *,
    fide: bool,
    book: str,
    period: int | None,
    hand: Mapping[int, bool],
) -> list[LoggedChange]:
    """Round ``number``'s corrections; ``period``: the rating period the round is in when
    that period's report was written (its results are frozen: refused in FIDE mode); ``hand``:
    the rounds typed by hand in this run, each True when read as paired before them."""
    last = new.paired_rounds  # below: the rounds paired when the results were typed
    paired = min(old.paired_rounds + sum(hand.values()), last)
    adjournments = _adjournments(old, new, number, last, numbers)
    level = correction_level(number, paired, fide=fide, frozen=bool(period))
    if not level:
        return adjournments  # the last paired round: its results are typed, not corrected
    before = {(w, b): res for r, w, b, res in old.games if r == number}
    out: list[LoggedChange] = adjournments
    warning = partial(correction_warning, paired=paired, last=last, book=book, by_hand=hand)
    for r, w, b, res in new.games:
        if r != number or (w, b) not in before or before[(w, b)] in ("", res, _ADJOURNED):
            continue
        board = f"{numbers.get(w, 0)}-{numbers.get(b, 0)}" if b else f"{numbers.get(w, 0)}=BYE"
        why = warning(number, level, before[(w, b)], period=period)
        out.append(
            LoggedChange(
                LogKind.CORRECTION,
                number,
                f"{board}: {before[(w, b)]}",
                res or "(empty)",
                level,
                f"Correction round {number}",
                f"{w} - {b or 'bye'}: corrected from {before[(w, b)]} to {res or '(empty)'}: {why}",
            )
        )
    return out
