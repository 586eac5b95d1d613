"""FIDE mode's changes: which differences between two states of an event are logged, how hard.

This module alone gathers every logged change between what the log last recorded and the event
now, and decides the order they are logged in (:func:`changes`: FIDE mode left, then the setup's
changes once the event has started, the byes, each round's, the adjourned games left behind,
the rating-report corrections). Each kind's rule and warning level
(:class:`~ratingbook.events.fide_mode.log.WarningLevel`) has its own home:
:mod:`~ratingbook.events.fide_mode.setup_changes` (a setting, start numbers, a late entry, a
withdrawal, a tie-break value typed, a forbidden pair),
:mod:`~ratingbook.events.fide_mode.round_changes` (a pairing, an unpairing, a pairing changed by
hand, a warned bye) and :mod:`~ratingbook.events.fide_mode.result_changes` (a result correction,
at :mod:`~ratingbook.events.fide_mode.corrections`'s level, a game adjourned or an adjourned
game's result entered, a rating-report-only correction). What one change holds is
:mod:`~ratingbook.events.fide_mode.logged_change`'s (:class:`LoggedChange`, handed on here);
what a level then asks of the run is :mod:`~ratingbook.events.fide_mode.machine`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.corrections import RulesPairing, typed_first
from ratingbook.events.fide_mode.log import LogKind, WarningLevel
from ratingbook.events.fide_mode.logged_change import LoggedChange
from ratingbook.events.fide_mode.result_changes import left_behind, rating_changes
from ratingbook.events.fide_mode.round_changes import bye_changes, round_changes
from ratingbook.events.fide_mode.setup_changes import setup_changes
from ratingbook.events.fide_mode.state import EventState

__all__ = ["LoggedChange", "changes"]


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
        out += setup_changes(old, new, current, fide=fide)
    numbers = event.start_numbers()
    out += bye_changes(old, new, numbers)
    hand = typed_first(old, new, engine, rules_pairing)
    rounds = round_changes(
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
    out += left_behind(new, engine, numbers)
    out += rating_changes(old, new, numbers)
    return out
