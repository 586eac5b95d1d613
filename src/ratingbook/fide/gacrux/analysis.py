"""A paired round explained by gacrux's Dutch engine in analysis mode (what its pairing checker
runs with ``-a``), and the pairing the rules give for the same round (``-p``).

The engine reads the event up to the round and describes the round's games as they stand in
the book: the score brackets from the top, the players in each (residents and those moved down
into it), who floated down out of it, and for each pair the colour rule that applies and both
players' colour preferences. Everything comes back as plain values (names, points) for
:mod:`ratingbook.reports.pairing_notes` to put into words; nothing of gacrux leaks out.

The round ratingbook has just paired needs no second run of the engine: the pairing engine
describes the brackets and pairs it made in the same terms, and
:func:`~ratingbook.fide.gacrux.pairing.pair_next_round` keeps that account of the last round it
paired (:func:`remember_pairing`) for the notes of the same event to read. The two readings are
the same (``tests/fide/test_analysis.py`` compares them on every round of the real TRF files and
of generated events); were the pairing and the checker ever handed other Baku virtual points
(group A is cut from the players to be paired in round 1, C.04.5.1, the same players before
that round is paired and after), the checker's reading would be kept.

The checker's run and the pairing's of the same round start from the same table of what each
player brings to the round (gacrux's ``compute_tiebreak``: points, colours, floats, opponents):
it is computed once for both, which only read it (``tests/fide/test_analysis.py``).

A round the checker has read is not read again while it stays the same: the last few analyses
are kept by event (its players, rows, settings and forbidden pairs), start numbers and round,
so a book recalculated again unchanged (by the desk's server or Excel's add-in, or after an
undo back to a state) gives its notes without running the engine twice.

Colour preferences are gacrux's codes: ``w2``/``b2`` absolute, ``w1``/``b1`` strong,
``w0``/``b0`` mild, ``nc`` none (C.04.3 A.6); colour rules ``E.1`` to ``E.5`` (C.04.3 E, as its
2017 text numbers them) or ``pab`` for the bye.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch

from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.events.acceleration import baku_virtual_points
from ratingbook.events.event import EventError, SwissEntry, SwissEvent
from ratingbook.events.settings import BAKU
from ratingbook.fide.fast.compact_edges import compact_storage
from ratingbook.fide.fast.fast_dutch import dutch_engine, pairing_path
from ratingbook.fide.gacrux.event import gacrux_parameters, gacrux_tournament

__all__ = [
    "AnalysedPair",
    "Bracket",
    "PlayerState",
    "RoundAnalysis",
    "analyse_round",
    "remember_pairing",
]


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player before the round: points, pairing score (with virtual points), the colours of
    the games he played (gacrux's sequence, ``w``/``b`` a game), colour difference, colour
    preference, whether he had a pairing-allocated bye, and ``played``: the round and colour of
    each game he played, the same games as ``colours`` (C.04.2 D.5: a round without a game
    played, a bye or a forfeit, has no colour)."""

    name: str
    number: int
    points: Fraction
    pairing_score: Fraction
    colours: str
    colour_difference: int
    preference: str
    had_bye: bool
    played: tuple[tuple[int, str], ...] = ()
    #: The pairing number the colour rules E.4 and E.5 read (gacrux's running count, in start
    #: order, of the players paired this round or before: a player above who was never paired
    #: is not counted); 0 when it is the start number.
    pairing_number: int = 0
    #: Whom he may not meet this round under C.04.3 C.1: the opponents of his games before it
    #: (gacrux's count of the players he met) and the organiser's forbidden pairs in force.
    kept_apart: frozenset[str] = frozenset()
    #: A topscorer (C.04.3 A.7, last round only): C.3's absolute colour rule does not bind him.
    topscorer: bool = False


@dataclass(frozen=True, slots=True)
class AnalysedPair:
    """A pair of the round as gacrux reads it: ``black`` None for the bye. ``rules_white``:
    whom ``colour_rule`` gives White in this pair (None for the bye); not ``white`` when the
    colours were set by hand against the rules."""

    white: str
    black: str | None
    colour_rule: str
    met_before: int
    bracket: Fraction
    rules_white: str | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A score bracket: its score, the players in it (residents and moved-down players) and
    who floated down out of it."""

    score: Fraction
    players: tuple[str, ...]
    downfloaters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundAnalysis:
    round: int
    players: dict[str, PlayerState]
    brackets: tuple[Bracket, ...]
    pairs: tuple[AnalysedPair, ...]
    #: The pairing the rules give for the round (White, Black or None for the bye), or None when
    #: the rules give none (no legal pairing).
    prescribed: tuple[tuple[str, str | None], ...] | None


def _fraction(value: Any) -> Fraction:
    return Fraction(str(value)) if isinstance(value, Decimal | str | float) else Fraction(value)


@dataclass(frozen=True, slots=True)
class _Reading:
    """A round as one of gacrux's Dutch engines saw it: the players before it, its brackets
    from the top, its pairs (bracket by bracket, each bracket's by board)."""

    players: dict[str, PlayerState]
    brackets: tuple[Bracket, ...]
    pairs: tuple[AnalysedPair, ...]


def _read(
    event: SwissEvent,
    round_number: int,
    engine: Any,
    found: list[Any],
    *,
    paired: bool = False,
    names: dict[int, str] | None = None,
) -> _Reading:
    """The plain values of ``engine``'s account of the round (``found``: the brackets its
    ``compute_pairing`` returned, in analysis mode, or with ``paired`` in pairing mode;
    ``names``: the event's players by start number, when the caller has them)."""
    table = engine.crosstable
    levels = table.level2score
    if names is None:
        names = {n: name for name, n in event.start_numbers().items()}
    had_bye = {
        e.white for e in event.entries if e.round < round_number and e.result is Result.PAIRING_BYE
    }
    played: dict[str, list[tuple[int, str]]] = {}
    for e in sorted(event.entries, key=lambda e: e.round):
        # The games gacrux's colour sequence holds: played over the board (or not over yet,
        # adjourned: gacrux reads "?" as played; a penalty's score, "=" or "0": played too).
        over = (
            e.result is None or e.result.is_played or e.result.is_adjourned or e.result.is_penalty
        )
        if e.round < round_number and e.black and over:
            played.setdefault(e.white, []).append((e.round, "w"))
            played.setdefault(e.black, []).append((e.round, "b"))
    barred: dict[str, set[str]] = {}
    for ban in event.forbidden:
        if ban.holds_in(round_number):
            barred.setdefault(ban.first, set()).add(ban.second)
            barred.setdefault(ban.second, set()).add(ban.first)
    players = {}
    for number, name in names.items():
        c = table.competitors[number]
        met = {names[o] for k, o in c.get("num", {}).items() if k != "val" and o in names}
        colours = str(c.get("csq", "")).strip().replace(" ", "-")
        players[name] = PlayerState(
            name=name,
            number=number,
            points=_fraction(c["pts"]),
            pairing_score=_fraction(c["acc"]),
            colours=colours,
            colour_difference=int(c.get("cod", 0)),
            preference=str(c.get("cop", "nc")),
            had_bye=name in had_bye,
            played=tuple(played.get(name, ())),
            pairing_number=int(c.get("tpn") or number),
            kept_apart=frozenset(met | barred.get(name, set())),
            topscorer=bool(c.get("top", False)),
        )
    brackets, pairs = [], []
    for bracket in found:
        score = _fraction(levels[bracket["scorelevel"]])
        members = tuple(names[c] for c in bracket["competitors"] if c in names)
        down = tuple(names[c] for c in bracket["downfloaters"] if c in names)
        if members and score >= 0:
            brackets.append(Bracket(score, members, down))
        made = bracket["pairs"]
        if paired:  # the order its matching found them in: by board, as the checker lists them
            made = sorted(made, key=lambda p: p["board"])
        for pair in made:
            white = names.get(pair["w"])
            black = names.get(pair["b"]) if pair["b"] else None
            if white is None:  # the bye written Black-first
                white, black = black, None
            assert white is not None
            bracket_score = score if score >= 0 else players[white].pairing_score
            rules_white = _rules_white(engine, pair, names) if black and not paired else white
            pairs.append(
                AnalysedPair(
                    white,
                    black,
                    str(pair["colorrule"]),
                    int(pair["played"]),
                    bracket_score,
                    rules_white if black else None,
                )
            )
    return _Reading(players, tuple(brackets), tuple(pairs))


def _rules_white(engine: Any, pair: dict[str, Any], names: dict[int, str]) -> str:
    """Whom the colour rules (C.04.3 E) give White in ``pair``, as the engine's own colour
    allocation gives it; in analysis mode the engine keeps the book's colours in the pair and
    only names the rule, so a board whose colours were set by hand shows here."""
    given = engine.color_allocation(engine.competitors[pair["w"]], engine.competitors[pair["b"]])
    return names[given["w"]]


#: The last round :func:`remember_pairing` was given: the event with that round's rows, its
#: start numbers (which event equality leaves out), the round and the engine's reading of it.
_PAIRED: list[tuple[SwissEvent, dict[str, int], int, _Reading]] = []
_PAIRED_LOCK = threading.Lock()


def remember_pairing(
    before: SwissEvent, rows: list[SwissEntry], engine: Any, found: list[Any]
) -> None:
    """Keep the pairing engine's account of the round it has just paired (``rows``, paired
    from ``before``; ``found``: the brackets its ``compute_pairing`` returned), for
    :func:`analyse_round` of that round in the event with those rows. Not kept when the checker
    would be handed other virtual points than the pairing was."""
    after = before.with_entries(rows)
    same_event = before.settings.acceleration != BAKU or (
        baku_virtual_points(before) == baku_virtual_points(after)
    )
    kept = None
    if rows and same_event:
        number = rows[0].round
        numbers = after.start_numbers()
        names = {n: name for name, n in numbers.items()}
        kept = (
            after,
            numbers,
            number,
            _read(after, number, engine, found, paired=True, names=names),
        )
    with _PAIRED_LOCK:
        _PAIRED.clear()
        if kept is not None:
            _PAIRED.append(kept)


def _just_paired(
    event: SwissEvent, round_number: int, numbers: dict[str, int] | None = None
) -> _Reading | None:
    """The pairing engine's reading of ``round_number`` if it paired that round of ``event``
    last (the same event, start numbers and rows), else None. ``numbers``: the event's start
    numbers, when the caller has them."""
    with _PAIRED_LOCK:
        held = _PAIRED[0] if _PAIRED else None
    if held is None:
        return None
    after, kept_numbers, paired_round, reading = held
    if paired_round != round_number or after != event:
        return None
    if kept_numbers != (event.start_numbers() if numbers is None else numbers):
        return None
    return reading


#: How many of the checker's analyses are kept (:data:`_ANALYSED`).
KEPT_ANALYSES = 4
#: The checker's last analyses, by event (its compared fields: players, rows, settings,
#: forbidden pairs), start numbers (which event equality leaves out), round and pairing path;
#: the most recently used last.
_ANALYSED: OrderedDict[tuple[object, ...], RoundAnalysis] = OrderedDict()
_ANALYSED_LOCK = threading.Lock()


def forget_analyses() -> None:
    """Drop the analyses kept (:data:`_ANALYSED`): the next call runs the checker again."""
    with _ANALYSED_LOCK:
        _ANALYSED.clear()


def analyse_round(
    event: SwissEvent, round_number: int, *, just_paired: bool = False
) -> RoundAnalysis:
    """The round ``round_number`` of a Swiss event, as paired in the book, explained.

    ``just_paired``: the round's rows in ``event`` are the pairing the rules gave a moment ago
    (the round ratingbook has just paired), so they are the prescribed pairing and it is not
    computed a second time (which would double the time of pairing a large open); when this
    process paired it, the pairing engine's own account of the round is read, and the
    checker does not run either."""
    if event.settings.round_robin:
        raise EventError("a round robin's pairings are the Berger table's; there is no analysis")
    if not event.round_entries(round_number):
        raise EventError(
            f"round {round_number} is not paired "
            f"(the event has {many(event.paired_rounds, 'paired round')})"
        )
    numbers = event.start_numbers()
    if just_paired:
        return _analysed(event, round_number, numbers, just_paired=True)
    key = (event, tuple(sorted(numbers.items())), round_number, pairing_path())
    with _ANALYSED_LOCK:
        kept = _ANALYSED.get(key)
        if kept is not None:
            _ANALYSED.move_to_end(key)
    if kept is not None:
        return kept
    analysed = _analysed(event, round_number, numbers, just_paired=False)
    with _ANALYSED_LOCK:
        _ANALYSED[key] = analysed
        while len(_ANALYSED) > KEPT_ANALYSES:
            _ANALYSED.popitem(last=False)
    return analysed


def _analysed(
    event: SwissEvent, round_number: int, numbers: dict[str, int], *, just_paired: bool
) -> RoundAnalysis:
    """:func:`analyse_round` of a round known to be paired, run now (``numbers``: the event's
    start numbers)."""
    names = {n: name for name, n in numbers.items()}
    reading = _just_paired(event, round_number, numbers) if just_paired else None
    tournament: dict[str, Any] | None = None
    table: dict[int, Any] | None = None
    params = gacrux_parameters(event.settings.first_colour)
    if reading is None:
        # The round's results do not count (the engine reads the rounds before it), but a
        # game without one cannot be read: a placeholder draw stands in for it.
        entries = tuple(
            e
            if e.round < round_number or e.result is not None or e.black is None
            else SwissEntry(e.round, e.board, e.white, e.black, Result.DRAW)
            for e in event.entries
            if e.round <= round_number
        )
        shown = SwissEvent(event.players, entries, event.settings, event.numbering, event.forbidden)
        tournament = gacrux_tournament(shown)
        with compact_storage():
            engine = pairing_dutch(tournament, round_number, params)
            table = _tiebreak_table(engine)
            found = _compute_pairing(engine, table, checkonly=True)
            reading = _read(event, round_number, engine, found, names=names)
        # The analysis's crosstable (an edge for every pair of players) goes before the
        # pairing builds its own: a large open never holds two.
        del engine
    prescribed: tuple[tuple[str, str | None], ...] | None
    if just_paired:
        paired = (
            e
            for e in event.round_entries(round_number)
            if e.black is not None or e.result is Result.PAIRING_BYE
        )
        prescribed = tuple((e.white, e.black) for e in sorted(paired, key=lambda e: e.board or 0))
    else:
        assert tournament is not None and table is not None  # read above: only a round
        # just paired is not
        try:
            with compact_storage():
                pairing = _compute_pairing(
                    dutch_engine(tournament, round_number, params), table, checkonly=False
                )
            ordered = sorted((p for b in pairing for p in b["pairs"]), key=lambda p: p["board"])
            prescribed = tuple((names[p["w"]], names[p["b"]] if p["b"] else None) for p in ordered)
        except GacruxNoLegalPairing:
            prescribed = None
    return RoundAnalysis(round_number, reading.players, reading.brackets, reading.pairs, prescribed)


def _tiebreak_table(engine: Any) -> dict[int, Any]:
    """What gacrux's Dutch engines pair the round by, for each player (points, pairing score,
    colours, floats, opponents, whether he is to be paired), computed by ``engine``'s own
    crosstable (``crosstable.compute_tiebreak``, the start of every run) from its tournament
    and round: :func:`_analysed` computes it once for both of its runs, the checker's and
    the pairing's, which only read it (``tests/fide/test_analysis.py``)."""
    crosstable = engine.get_crosstable(engine.experimental, True, engine.verbose)
    table: dict[int, Any] = crosstable.compute_tiebreak(engine.tournament, engine.rnd)
    return table


def _compute_pairing(engine: Any, table: dict[int, Any], *, checkonly: bool) -> list[Any]:
    """``engine.compute_pairing(checkonly, 0)`` with ``table`` (:func:`_tiebreak_table` of the
    same tournament and round) as what its crosstable computes first. The stand-in holds
    the table only, and is gone after the run: nothing points back at the crosstable, which
    goes with the engine."""
    make = engine.get_crosstable

    def get_crosstable(*args: Any) -> Any:
        crosstable = make(*args)
        crosstable.compute_tiebreak = lambda tournament, rnd: table
        return crosstable

    engine.get_crosstable = get_crosstable
    try:
        found: list[Any] = engine.compute_pairing(checkonly, 0)
    finally:
        del engine.get_crosstable
    return found
