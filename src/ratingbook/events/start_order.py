"""Start numbers (pairing numbers): who is number 1, 2, 3, ... of an event.

This module alone decides a player's start number, the Tournament Pairing Number of FIDE's
C.04.2 (General handling rules for Swiss tournaments, 2026 edition, article 2):

- 2.2 the initial order: by strength (the tournament rating of the event's ``Rating Method``,
  :mod:`ratingbook.events.tournament_rating`; unrated players last), then by FIDE title (GM, IM,
  WGM, FM, WIM, CM, WFM, WCM, then no title), then alphabetically by name "unless it has been
  previously stated that this criterion has been replaced by another one" (``Equal Order``:
  the FIDE ID or a drawing of lots). Alphabetically is by surname, the name typed ``Surname,
  Given`` as FIDE writes it; where a name typed without a comma decides a number, the run says
  so (:func:`name_order_warning`);
- 2.3 "the highest ranked participant gets #1 etc. If, for any reason, the data used to
  determine the rankings were not correct, they can be adjusted at any time. The TPNs may be
  reassigned accordingly to the corrections. No modification of a TPN for this reason is
  allowed after the fourth round has been paired.";
- 2.4 a late entry, "a participant who is only taken into account for the pairing of rounds
  after the first", is "given an appropriate TPN and paired only when they actually arrive":
  its place in the initial order, the players below it moving down one;
- 2.5 "Due to late entries, the TPNs given at the start of the tournament are provisional. The
  definitive TPNs are given only when the List of Participants is closed, and corrections made
  accordingly in the results charts."

(The 2026 text as two public pairing programs' documents quote it; FIDE's own page was not
reached. The text before 2026 said "No modification of a pairing number is allowed after the
fourth round has been paired"; the 2026 text adds "for this reason": it bars a correction, not
a late entry's place, and 2.5 keeps every number provisional until the list of participants is
closed. Sharly-Chess places a late entry the same way after round 4.)

What the arbiter gives wins: a number typed in ``Swiss Players`` (column ``No.``, filled by a
TRF import) is kept, and so is the number a player was paired with (recorded by ratingbook in
``Swiss Games``). A player with neither (before the first pairing: everyone; later: a late
entry) is placed by the initial order, just before the first numbered player he outranks. The
numbers are then 1, 2, 3, ... in that order, so a late entry moves the players below him down,
in any round (2.4-2.5), and the numbers recorded in ``Swiss Games`` follow.

A number the arbiter typed that differs from the number the player was already paired with
replaces it while fewer than four rounds are paired: a correction of 2.3 (a corrected rating, a
title; the checklist's questions 147-154: exchanging and regenerating the numbers before round
4). The numbers recorded in ``Swiss Games`` are then rewritten ("corrections made accordingly in
the results charts", art. 2.5), and FIDE mode asks for a confirmation and logs ``### Start
numbers`` (:mod:`ratingbook.events.fide_mode.setup_changes`). Once round 4 has been paired, a
typed number that differs from the recorded one is an error naming the cell. Two players
exchange numbers by typing both; a number given twice is an error.

Pure: plain values in, frozen values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Protocol

from ratingbook.core import fields
from ratingbook.errors import InvalidValueError, Location, Problems
from ratingbook.events.tournament_rating import (
    NAME,
    InitialOrder,
    surname_unknown,
    tournament_rating,
)

__all__ = [
    "LATE_ENTRY_RULE",
    "NUMBERS_FIXED_FROM",
    "TITLE_ORDER",
    "Numbered",
    "Numbering",
    "RecordedNumber",
    "initial_order_key",
    "name_order_warning",
    "number_players",
]

#: C.04.2 art. 2.3: "No modification of a TPN for this reason is allowed after the fourth round
#: has been paired": a number typed as a correction may change while fewer rounds than this are
#: paired (a late entry's place, art. 2.4-2.5, is not a correction).
NUMBERS_FIXED_FROM = 4

#: Why a late entry moves the players below it, whatever the round: the words of its warning.
LATE_ENTRY_RULE = (
    "FIDE C.04.2 art. 2.4-2.5: a late entry is given its place in the initial order and the "
    "numbers stay provisional until the list of participants is closed; only a correction of "
    f"a number (art. 2.3) stops once round {NUMBERS_FIXED_FROM} is paired"
)

#: C.04.2 art. 2.2.2: "FIDE-title (GM-IM-WGM-FM-WIM-CM-WFM-WCM-no title)".
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


class Numbered(Protocol):
    """What numbering needs of a player."""

    @property
    def name(self) -> str: ...
    @property
    def rating(self) -> int | None: ...
    @property
    def national_rating(self) -> int | None: ...
    @property
    def manual_rating(self) -> int | None: ...
    @property
    def fide_id(self) -> int | None: ...
    @property
    def title(self) -> str: ...
    @property
    def number(self) -> int | None: ...
    @property
    def where(self) -> Location | None: ...


@dataclass(frozen=True, slots=True)
class RecordedNumber:
    """The number a player was paired with, and the row of Swiss Games that records it in the
    field ``column`` (White's number or Black's)."""

    number: int
    where: Location | None = field(default=None, compare=False)
    column: str = field(default=fields.WHITE_NUMBER, compare=False)


def initial_order_key(
    player: Numbered, order: InitialOrder | None = None
) -> tuple[int, int, tuple[int, str, str], str]:
    """The sort key of C.04.2 art. 2.2: tournament rating descending (unrated last), title,
    then name (or the ``Equal Order`` the event states).

    >>> from types import SimpleNamespace as P
    >>> def p(name, rating, title):
    ...     return P(name=name, rating=rating, title=title, national_rating=None,
    ...              manual_rating=None, fide_id=None, number=None, where=None)
    >>> players = [p("Cy", 2100, ""), p("Al", 2100, "FM"), p("Bo", None, "IM")]
    >>> [p.name for p in sorted(players, key=initial_order_key)]
    ['Al', 'Cy', 'Bo']
    """
    order = order or InitialOrder()
    title = player.title.upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    rating = tournament_rating(player, order.method).rating
    return (-(rating or 0), rank, order.tie_key(player.name, player.fide_id), player.name)


@dataclass(frozen=True, slots=True)
class Numbering:
    """Every player's start number, and the players whose ``No.`` cell must show another one
    (a blank cell filled, or a number moved down by a late entry)."""

    numbers: Mapping[str, int]
    renumbered: frozenset[str] = frozenset()
    #: The players of the same rating and title, one of them numbered now (no number typed or
    #: paired with), whose order the names decided, a name typed without a comma among them:
    #: each such run in start order (:func:`name_order_warning`).
    by_first_word: tuple[tuple[str, ...], ...] = ()


def number_players(
    players: Sequence[Numbered],
    recorded: Mapping[str, RecordedNumber] | None = None,
    order: InitialOrder | None = None,
    paired_rounds: int = 0,
) -> Numbering:
    """The start numbers of ``players`` (see the module text), given the numbers they were
    paired with (``recorded``) in the ``paired_rounds`` rounds paired so far, in the initial
    order ``order`` (by default C.04.2's: FIDE rating, title, name). Raises the problems
    found, each naming its cell: a number used twice, a number below 1, a typed number that
    differs from the recorded one once round 4 has been paired."""
    recorded = recorded or {}
    problems = Problems()
    given: dict[str, int] = {}
    owner: dict[int, Numbered] = {}
    for player in players:
        number = player.number
        paired = recorded.get(player.name)
        if number is not None and number < 1:
            problems.append(
                InvalidValueError(f"start number {number} is below 1", player.where, fields.NUMBER)
            )
            continue
        fixed = paired_rounds >= NUMBERS_FIXED_FROM
        if number is not None and paired is not None and paired.number != number and fixed:
            problems.append(
                InvalidValueError(
                    f"start number {number} differs from {paired.number}, the number "
                    f"{player.name!r} was paired with ({_where(paired)}); no start number may "
                    f"be corrected once round {NUMBERS_FIXED_FROM} has been paired (FIDE C.04.2 "
                    f"art. 2.3): type {paired.number} back",
                    player.where,
                    fields.NUMBER,
                )
            )
            continue
        if number is None and paired is not None:
            number = paired.number
        if number is None:
            continue
        if number in owner:
            first = owner[number]
            row = _row(first)
            also = f" (also {first.name!r}, row {row})" if row else f" (also {first.name!r})"
            problems.append(
                InvalidValueError(
                    f"start number {number} is used twice{also}", player.where, fields.NUMBER
                )
            )
            continue
        owner[number] = player
        given[player.name] = number
    problems.check()
    numbered = sorted((p for p in players if p.name in given), key=lambda p: given[p.name])

    def key(player: Numbered) -> tuple[int, int, tuple[int, str, str], str]:
        return initial_order_key(player, order)

    newcomers = sorted((p for p in players if p.name not in given), key=key)
    ranked: list[Numbered] = []
    at = 0
    for player in newcomers:
        # C.04.2 art. 2.4: a late entry takes its place in the initial order, in any round.
        place = key(player)
        while at < len(numbered) and key(numbered[at]) <= place:
            ranked.append(numbered[at])
            at += 1
        ranked.append(player)
    ranked.extend(numbered[at:])
    numbers = {p.name: n for n, p in enumerate(ranked, start=1)}
    renumbered = frozenset(p.name for p in players if p.number != numbers[p.name])
    return Numbering(numbers, renumbered, _by_first_word(ranked, given, order or InitialOrder()))


def _by_first_word(
    ranked: Sequence[Numbered], given: Mapping[str, int], order: InitialOrder
) -> tuple[tuple[str, ...], ...]:
    """The runs of ``ranked`` of the same rating and title whose order the names decided, one of
    them just placed (not in ``given``) and one typed without a comma, each in start order."""
    if order.equal != NAME:
        return ()
    found = []
    for _, run in groupby(ranked, key=lambda p: initial_order_key(p, order)[:2]):
        names = [p.name for p in run]
        placed = any(n not in given for n in names)
        if len(names) > 1 and placed and any(surname_unknown(n) for n in names):
            found.append(tuple(names))
    return tuple(found)


def name_order_warning(numbering: Numbering) -> str:
    """What the run says when names typed without a comma decided start numbers (C.04.2 art.
    2.2: alphabetically, and FIDE writes a name ``Surname, Given``), or ""."""
    if not numbering.by_first_word:
        return ""
    runs = []
    for run in numbering.by_first_word:
        said = [f"{n} (No. {numbering.numbers[n]})" for n in run]
        runs.append(", ".join(said[:-1]) + f" and {said[-1]}")
    return (
        f"start numbers by name as typed: {'; '.join(runs)} have the same rating and title, so "
        "the name decides (C.04.2 art. 2.2: alphabetically, by surname, as FIDE writes a name: "
        "Surname, Given), and a name typed without a comma sorts by its first word; type the "
        "names Surname, Given before the players are numbered, or type the numbers you mean "
        "in No. (until round 4 is paired)"
    )


def _row(player: Numbered) -> int | None:
    return player.where.row if player.where is not None else None


def _where(paired: RecordedNumber) -> str:
    if paired.where is not None and paired.where.row is not None:
        return f"Swiss Games row {paired.where.row}, column {paired.where.label(paired.column)}"
    return "Swiss Games"
