"""An event's log: every change an arbiter makes to a FIDE-rated event, in order, tamper-evident.

FIDE's rules for tournament software (Handbook C.02 and the TEC Manual, in force from 1 March
2026) ask that every *pairing integrity breaching event* (a manual pairing alteration, an import,
start numbers regenerated or exchanged, a result corrected, a configuration changed) is logged,
written into the TRF as ``###`` comments, and can be undone. This module alone decides what a log
entry holds, the kinds of entry and the warning levels; the TRF comment formats live in
:mod:`ratingbook.trf`, the sheet in :mod:`ratingbook.workbook`; what each level asks of a run is
:mod:`~ratingbook.events.fide_mode.machine`'s.

The rows are chained: each entry's ``digest`` is the SHA-256 of the previous entry's digest and of
this entry's fields, so a row edited or deleted by hand is found on the next run. That makes the
log *tamper-evident*, not tamper-proof: whoever can edit the workbook can rebuild the whole chain.

A ``Manual Tie-break`` entry's sides are spelled here too (``Ivan none``, ``Ivan 1``), and read
back (:func:`read_typed_value`): TRF has no record for those values, so a file's are its lines'.
So is an ``Adjournment`` entry's before side (``3-8: (no result)``, ``3-8: ?``), read back by
:func:`read_adjourned_board`: a checker learns from it when a game was adjourned.

An act (one run's rows) is named ``Correction round 4; Pairing round 5`` (:func:`act_label`):
an ``Undo`` or ``Redo`` row's before side names so the act it takes or gives back, and
:func:`in_force` reads the log's rows as they stand after every undo and redo (a pairing whose
unpairing was undone is back as it was made; an undone pairing no pairing), for whoever reads
from the log when each round was paired.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum, IntEnum
from fractions import Fraction

__all__ = [
    "GENESIS",
    "LogEntry",
    "LogKind",
    "WarningLevel",
    "act_label",
    "adjourned_board_text",
    "chain",
    "first_broken_link",
    "in_force",
    "read_adjourned_board",
    "read_typed_value",
    "typed_text",
]

#: The digest before the first entry.
GENESIS = "0" * 64


class WarningLevel(IntEnum):
    """How hard ratingbook stops an act (the TEC Manual's levels 2 to 5)."""

    ACKNOWLEDGE = 2
    """Said, and the act goes on; the user acknowledges it."""
    CONFIRM = 3
    """The act waits for a confirmation (or is cancelled)."""
    CONSEQUENCES = 4
    """Two steps: the consequences are stated, then confirmed."""
    REFUSE = 5
    """Refused in FIDE mode (or only after leaving FIDE mode)."""


class LogKind(Enum):
    """The kinds of change the log records (value: the word written in the sheet)."""

    PAIRING = "Pairing"
    """A round paired by the engine."""
    UNPAIRING = "Unpairing"
    """A round's pairing taken back."""
    MANUAL_PAIRING = "Manual Pairing"
    """A round's pairing changed by hand (the differences from the engine's pairing)."""
    CORRECTION = "Correction"
    """A result of a round already followed by a paired round corrected."""
    ADJOURNMENT = "Adjournment"
    """A game adjourned when the next round was paired, or an adjourned game's result entered
    (``### Adjournment @ Round n: <board>: ? => <result>``, FIDE's checklist Q163)."""
    RATING_CORRECTION = "Rating Correction"
    """A correction that concerns only the rating report (pairings and standings unchanged)."""
    START_NUMBERS = "Start Numbers"
    """Start numbers regenerated or exchanged."""
    LATE_ENTRY = "Late Entry"
    """A player added after round 1."""
    WITHDRAWAL = "Withdrawal"
    """A player withdrawn."""
    BYE = "Bye"
    """A requested bye that is warned: an individual full-point bye (deprecated) or a second
    half-point bye (VCL questions 174 and 177-179)."""
    SETTING = "Setting"
    """A setting (pairing system, acceleration, tie-breaks, rounds, ...) changed after round 1."""
    FORBIDDEN_PAIR = "Forbidden Pair"
    """A forbidden pair added after round 1."""
    IMPORT = "Import"
    """The event imported from a file."""
    FIDE_MODE_OFF = "FIDE Mode Off"
    """FIDE mode left: recorded, and final for the event."""
    UNDO = "Undo"
    """A logged act taken back (``before`` names it): the book is as just before it."""
    REDO = "Redo"
    """An act an undo took back, given back (``before`` names it)."""
    MANUAL_TIEBREAK = "Manual Tie-break"
    """A tie-break value typed from outside (a play-off, a place given by hand: the code
    ``MAN``) entered or changed after round 1 (VCL questions 205 and 207)."""
    PERIOD_REPORT = "Period Report"
    """A rating period's own rating report written (an event over 30 days, FIDE's checklist
    Q211-216): ``after`` names the period and the SHA-256 of its file; the period's rounds are
    frozen from then on (:mod:`ratingbook.events.long_event`)."""
    RESULT = "Desk Result"
    """A result entered from outside the sheet (the results desk, issue 36): ``after`` names
    the board and the result, ``who`` who reported it, from where, and who accepted it."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of the log. ``before`` and ``after`` are plain text an arbiter reads."""

    when: str
    """ISO 8601 date and time (UTC), e.g. ``2026-11-24T21:40:00Z``."""
    round: int
    """The round the change concerns (0: before round 1)."""
    kind: LogKind
    before: str
    after: str
    who: str
    """The Excel or system user name."""
    confirmation: str = ""
    """The confirmation given for an act of level 3 or more (e.g. ``--confirm``, ``OK``)."""
    digest: str = ""
    """SHA-256 over the previous digest and this entry's fields (see :func:`chain`)."""

    def fields(self) -> tuple[str, ...]:
        """The fields the digest covers, as text."""
        return (
            self.when,
            str(self.round),
            self.kind.value,
            self.before,
            self.after,
            self.who,
            self.confirmation,
        )


def _digest(previous: str, entry: LogEntry) -> str:
    body = "\x1f".join((previous, *entry.fields()))
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def chain(
    entries: list[LogEntry] | tuple[LogEntry, ...], previous: str = GENESIS
) -> list[LogEntry]:
    """The entries with their digests (each over the one before), starting after ``previous``.

    >>> a = LogEntry("2026-11-24T21:40:00Z", 1, LogKind.PAIRING, "", "round 1 paired", "arbiter")
    >>> logged = chain([a, replace(a, round=2, after="round 2 paired")])
    >>> first_broken_link(logged) is None
    True
    >>> first_broken_link([logged[0], replace(logged[1], after="round 2 paired by hand")])
    1
    >>> first_broken_link(logged[1:])
    0
    """
    chained: list[LogEntry] = []
    for entry in entries:
        previous = _digest(previous, entry)
        chained.append(replace(entry, digest=previous))
    return chained


def first_broken_link(entries: list[LogEntry] | tuple[LogEntry, ...]) -> int | None:
    """The index of the first entry whose digest does not follow from the rows before it, or
    None when the whole chain holds (an edited row breaks its own link; a deleted row breaks the
    next one's)."""
    previous = GENESIS
    for index, entry in enumerate(entries):
        if entry.digest != _digest(previous, entry):
            return index
        previous = entry.digest
    return None


#: A player without a typed value, in a ``Manual Tie-break`` row (``Ivan none``).
_NO_VALUE = "none"


def typed_text(name: str, value: str) -> str:
    """A ``Manual Tie-break`` row's side: ``Ivan 1``, or ``Ivan none`` (no value typed)."""
    return f"{name} {value or _NO_VALUE}"


def read_typed_value(text: str) -> tuple[str, Fraction | None] | None:
    """A ``Manual Tie-break`` row's side (:func:`typed_text`) read back: the player's name and
    his value (None: none typed), or None when it does not read so."""
    name, _, value = text.rpartition(" ")
    if not name:
        return None
    if value == _NO_VALUE:
        return name, None
    try:
        return name, Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None


#: What a game held when a pairing adjourned it, in an ``Adjournment`` row's before side.
_NO_RESULT = "(no result)"

#: An ``Adjournment`` row's before side read back: the board and what the game held.
_ADJOURNED_BOARD = re.compile(r"^(?P<board>\d+-\d+): (?P<held>.*)$")


def adjourned_board_text(board: str, held: str | None) -> str:
    """An ``Adjournment`` row's before side: the board (start numbers, White first) and what
    the game held: None (no result) when a pairing adjourned it, ``?`` when its result came
    (``3-8: (no result)``, ``3-8: ?``)."""
    return f"{board}: {_NO_RESULT if held is None else held}"


def read_adjourned_board(text: str) -> tuple[str, str] | None:
    """An ``Adjournment`` row's before side (:func:`adjourned_board_text`) read back: the board
    and what the game held, or None when it does not read so (a row of another shape)."""
    found = _ADJOURNED_BOARD.match(text)
    return None if found is None else (found["board"], found["held"])


def act_label(changes: Iterable[tuple[LogKind, int, str, str]]) -> str:
    """An act's name, from the kinds, rounds and sides of the rows it logs (each kind and round
    once, in order): ``Correction round 4; Pairing round 5``. An ``Undo`` or ``Redo`` row's
    before side, and what ``history``, undo and redo call the act. A ``Manual Tie-break`` row
    names its player and values too, since ten acts of one round would read alike.

    >>> act_label([(LogKind.CORRECTION, 4, "", ""), (LogKind.CORRECTION, 4, "", ""),
    ...            (LogKind.PAIRING, 5, "", "")])
    'Correction round 4; Pairing round 5'
    >>> act_label([(LogKind.MANUAL_TIEBREAK, 5, "Ivan none", "Ivan 1"),
    ...            (LogKind.MANUAL_TIEBREAK, 5, "Ola Berg 2", "Ola Berg none")])
    'Manual Tie-break round 5 (Ivan: none to 1; Ola Berg: 2 to none)'
    """
    named: dict[str, list[str]] = {}
    for kind, number, before, after in changes:
        said = named.setdefault(f"{kind.value} round {number}", [])
        if kind is LogKind.MANUAL_TIEBREAK:
            name, _, was = before.rpartition(" ")
            said.append(f"{name}: {was} to {after.rpartition(' ')[2]}")
    return "; ".join(f"{act} ({'; '.join(said)})" if said else act for act, said in named.items())


_ACT_PART = re.compile(r"^(?P<kind>.+) round (?P<round>\d+)$")
#: What a label says of an act's rows besides their kind and round (:func:`act_label`).
_ACT_DETAIL = re.compile(r" \([^()]*\)")


def _act_named(label: str) -> frozenset[tuple[LogKind, int]] | None:
    """:func:`act_label` read back: its kinds and rounds, or None when it does not read.

    >>> label = "Manual Tie-break round 5 (Ivan: none to 1; Ola: 2 to none); Pairing round 6"
    >>> sorted((kind.value, number) for kind, number in _act_named(label) or ())
    [('Manual Tie-break', 5), ('Pairing', 6)]
    """
    named = set()
    for part in _ACT_DETAIL.sub("", label).split("; "):
        found = _ACT_PART.match(part.strip())
        if found is None or found["kind"] not in _KIND_OF:
            return None
        named.add((_KIND_OF[found["kind"]], int(found["round"])))
    return frozenset(named)


_KIND_OF = {kind.value: kind for kind in LogKind}
_TAKING = (LogKind.UNDO, LogKind.REDO)


def _last_act(
    log: Sequence[LogEntry], out: set[int], named: frozenset[tuple[LogKind, int]]
) -> tuple[int, ...]:
    """The rows of the newest act in force that ``named`` names: its newest row of those kinds
    and rounds, and the rows of the same run (the same time) just before it."""
    rows: list[int] = []
    for at in range(len(log) - 1, -1, -1):
        entry = log[at]
        if at in out or entry.kind in _TAKING:
            continue
        if (entry.kind, entry.round) not in named or (rows and entry.when != log[rows[0]].when):
            if rows:
                break
            continue
        rows.append(at)
    return tuple(rows)


def in_force(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The rows of the acts that stand, in order: an act an ``Undo`` row took back left out,
    given back again by a ``Redo`` row (in its place: a redo gives the act back as it was
    made); the ``Undo`` and ``Redo`` rows themselves left out. A row naming no act it finds
    (a label that does not read) changes nothing.

    >>> rows = [LogEntry("t1", 5, LogKind.PAIRING, "", "round 5 paired", "a"),
    ...         LogEntry("t2", 5, LogKind.UNPAIRING, "", "round 5 unpaired", "a"),
    ...         LogEntry("t3", 5, LogKind.UNDO, "Unpairing round 5", "taken back", "a")]
    >>> [e.kind.value for e in in_force(rows)]
    ['Pairing']
    >>> redo = LogEntry("t4", 5, LogKind.REDO, "Unpairing round 5", "given back", "a")
    >>> [e.kind.value for e in in_force([*rows, redo])]
    ['Pairing', 'Unpairing']
    """
    out: set[int] = set()
    taken: list[tuple[frozenset[tuple[LogKind, int]], tuple[int, ...]]] = []  # newest last
    for at, entry in enumerate(log):
        named = _act_named(entry.before) if entry.kind in _TAKING else None
        if named is None:
            continue
        if entry.kind is LogKind.UNDO:
            rows = _last_act(log[:at], out, named)
            if rows:
                out.update(rows)
                taken.append((named, rows))
            continue
        for index in range(len(taken) - 1, -1, -1):
            if taken[index][0] == named:
                out.difference_update(taken.pop(index)[1])
                break
    return [e for at, e in enumerate(log) if at not in out and e.kind not in _TAKING]
