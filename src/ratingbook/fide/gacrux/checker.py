"""gacrux's pairing checker (``gacrux.pairingchecker -c``), run over a TRF text round by round:
for each paired round, the pairing the file holds as gacrux reads it (its analysis mode) and the
pairing the rules give from the rounds before it (its pairing mode), for the Dutch system
(C.04.3), the Berger tables (C.05 Annex 1) and the team Swiss (C.04.6) alike.

This is the checker's own loop (``pairingchecker.do_checker`` and ``compute_pairing``) with
its engines, the Dutch on the fast path of :mod:`ratingbook.fide.fast` (the same pairing,
tested against gacrux's own): the same text gives the same verdict as the command line, round
for round (``benchmarks/check_agreement.py`` compares them on generated events). The verdict
of a round is the checker's: the file's pairs, White first, equal to the rules' in board order
(both in C.04.2's board order, so boards written in another order are not a difference). The
checker says only whether a round agrees; each pair comes back with what gacrux knows of it
(the times the two met before, the colour rule it names, the players' colour histories and
pairing-allocated byes before the round) for :mod:`ratingbook.reports.check_notes` to put the
differences into words. Nothing of gacrux leaks out: start numbers and plain values.

An event's rounds (:func:`check_event_rounds`, what ``trf import`` checks) get the same verdict
through the pairing notes' analysis of each round, whose analyses are kept: the round the
notes have read is not read again.

A round is checked as it was paired: a game adjourned then a draw (FIDE's checklist Q157), a
result corrected since as it was then, whatever the game's result now: each round is checked
on the event as :func:`~ratingbook.events.as_paired.pairing_views` says it was paired from
(:func:`check_paired_rounds`, an individual or a team event, and :func:`check_event_rounds`
given the log).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingberger import pairing_berger
from gacrux.pairingdutch import pairing_dutch
from gacrux.pairingfideteam import pairing_fideteam

from ratingbook.errors import RatingbookError
from ratingbook.events.as_paired import pairing_views
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.team import TeamEvent
from ratingbook.fide.fast.compact_edges import compact_storage
from ratingbook.fide.fast.fast_dutch import dutch_engine
from ratingbook.fide.gacrux.analysis import analyse_round
from ratingbook.fide.gacrux.event import tournament_from_trf
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.team_records import export_team_trf

__all__ = [
    "SYSTEMS",
    "CheckedPair",
    "CheckedPlayer",
    "EventRound",
    "RoundCheck",
    "check_event_rounds",
    "check_paired_rounds",
    "check_trf_rounds",
]

#: The pairing systems the checker knows, by gacrux's name, with the rules each follows.
SYSTEMS = {
    "dutch": "the Dutch system (C.04.3)",
    "berger": "the Berger tables (C.05 Annex 1)",
    "fideteam": "the Swiss team system (C.04.6)",
}


@dataclass(frozen=True, slots=True)
class CheckedPair:
    """A pair of the round: start numbers (``black`` 0: the pairing-allocated bye), the board
    in C.04.2's order, the times the two met before, and the colour rule gacrux names for it
    (``E.1``..``E.5`` of C.04.3, ``pab`` the bye; C.04.6's articles for teams)."""

    white: int
    black: int
    board: int
    met_before: int = 0
    colour_rule: str = ""


@dataclass(frozen=True, slots=True)
class CheckedPlayer:
    """A player (or team) before the round: the colours of his games (``w``/``b``, gacrux's
    sequence, oldest first), his colour preference (``w2``/``b2`` absolute), whether he is a
    topscorer (C.04.3 A.7: the absolute colour rule does not bind him in the last round) and
    whether he had a pairing-allocated bye already."""

    colours: str
    preference: str
    topscorer: bool
    had_bye: bool


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round checked: the file's pairs and the rules' (None: the rules give no pairing
    of the round from the rounds before it, ``refusal`` says why)."""

    round: int
    system: str
    pairs: tuple[CheckedPair, ...]
    prescribed: tuple[CheckedPair, ...] | None
    players: dict[int, CheckedPlayer]
    refusal: str = ""

    @property
    def agrees(self) -> bool:
        """The checker's verdict: the file's pairs (White first) are the rules', in board
        order (``pairingchecker``: ``complete and pairs == current``)."""
        if self.prescribed is None:
            return False
        return [(p.white, p.black) for p in self.pairs] == [
            (p.white, p.black) for p in self.prescribed
        ]


def _pairs(brackets: list[Any]) -> tuple[CheckedPair, ...]:
    found = [p for bracket in brackets if bracket for p in bracket.get("pairs", [])]
    return tuple(
        CheckedPair(
            int(p["w"]),
            int(p["b"] or 0),
            int(p["board"]),
            int(p.get("played", 0)),
            str(p.get("colorrule", "")),
        )
        for p in sorted(found, key=lambda p: p["board"])
    )


def _had_bye(tournament: dict[str, Any], round_number: int) -> set[int]:
    """Who had a pairing-allocated bye (gacrux's result ``P``) before ``round_number``."""
    had = set()
    for game in tournament.get("gameList", []):
        white = game.get("white") or {}
        if game["round"] < round_number and not game.get("black") and white.get("result") == "P":
            had.add(int(white["cid"]))
    return had


def _players(engine: Any, had_bye: set[int]) -> dict[int, CheckedPlayer]:
    players = {}
    for c in engine.crosstable.competitors:
        cid = int(c.get("cid", 0))
        if cid <= 0:
            continue
        players[cid] = CheckedPlayer(
            colours=str(c.get("csq", "")).replace(" ", "").replace("-", ""),
            preference=str(c.get("cop", "")),
            topscorer=bool(c.get("top", False)),
            had_bye=cid in had_bye,
        )
    return players


def _engine(system: str, tournament: dict[str, Any], round_number: int, analysis: bool) -> Any:
    """The checker's engine for ``system``; the Dutch pairing on the fast path."""
    # The checker's parameters as its command line leaves them: the file's 152 record gives
    # the top player's colour in round 1.
    params: dict[str, Any] = {"experimental": [], "verbose": 0, "top_color": " "}
    if system == "dutch":
        if analysis:
            return pairing_dutch(tournament, round_number, params)
        return dutch_engine(tournament, round_number, params)
    if system == "berger":
        return pairing_berger(tournament, round_number, params)
    return pairing_fideteam(tournament, round_number, params)


def _berger_round(
    tournament: dict[str, Any], number: int, current: tuple[CheckedPair, ...]
) -> tuple[tuple[CheckedPair, ...], tuple[CheckedPair, ...]]:
    """A round robin's round as the file has it and as the table gives it, without the player
    the table leaves out: in a round robin he sits the round out (C.05 Annex 1: "the highest
    number counts as a bye"), which a file may write as a zero-point bye or a ``U``; were
    another player left out, the games themselves differ. A double round robin's table is
    taken with the last two rounds of the first cycle exchanged (as C.05 Annex 1 recommends,
    and as ratingbook pairs it) or without, whichever the file follows."""
    games = tuple(p for p in current if p.black)
    double = "double" in tournament.get("pairingSystem", [])
    had_meets, meets = "maxMeets" in tournament, tournament.get("maxMeets")
    variants = []
    try:
        # gacrux exchanges the rounds only when told the pairs meet twice (``maxMeets``).
        for max_meets in (2, 1) if double else (meets,):
            if double:
                tournament["maxMeets"] = max_meets
            pairs = _engine("berger", tournament, number, analysis=False).compute_pairing(False, 0)
            variants.append(tuple(p for p in _pairs(pairs) if p.black))
    finally:
        if had_meets:
            tournament["maxMeets"] = meets
        else:
            tournament.pop("maxMeets", None)

    def key(pairs: tuple[CheckedPair, ...]) -> list[tuple[int, int]]:
        return [(p.white, p.black) for p in pairs]

    same = [v for v in variants if key(v) == key(games)]
    return games, (same or variants)[0]


def check_trf_rounds(
    text: str, what: str = "the file", rounds: Collection[int] | None = None
) -> list[RoundCheck]:
    """Every paired round of the TRF ``text`` (``rounds``: those of them only) checked as
    ``pairingchecker -c`` checks it. A text gacrux cannot read, or whose pairing system it
    does not know, is a :class:`RatingbookError` naming ``what``."""
    tournament = tournament_from_trf(text, what)
    systems = [s for s in tournament.get("pairingSystem", []) if s in SYSTEMS]
    if len(systems) != 1:
        named = "-".join(tournament.get("pairingSystem", [])) or "none"
        raise RatingbookError(
            f"gacrux's checker does not know the pairing system of {what}: {named}"
        )
    system = systems[0]
    if not tournament.get("numRounds"):
        # A file that does not say how many rounds (no 142): the rounds it holds, as the
        # team pairing takes them (gacrux refuses a team round of an event of unknown length).
        tournament["numRounds"] = tournament.get("currentRound", 0)
    last = max(tournament.get("numRounds", 0), tournament.get("currentRound", 0))
    checks = []
    for number in range(1, min(last, tournament.get("currentRound", 0)) + 1):
        if rounds is not None and number not in rounds:
            continue
        with compact_storage():
            try:
                engine = _engine(system, tournament, number, analysis=True)
                current = _pairs(engine.compute_pairing(True, 0))
            except GacruxError as fault:
                raise RatingbookError(
                    f"gacrux could not read round {number} of {what}: {fault}"
                ) from fault
            players = _players(engine, _had_bye(tournament, number))
            del engine  # its crosstable goes before the pairing builds its own
            prescribed: tuple[CheckedPair, ...] | None
            refusal = ""
            try:
                if system == "berger":
                    current, prescribed = _berger_round(tournament, number, current)
                else:
                    prescribed = _pairs(
                        _engine(system, tournament, number, analysis=False).compute_pairing(
                            False, 0
                        )
                    )
            except GacruxNoLegalPairing as fault:
                prescribed, refusal = None, str(fault)
        checks.append(RoundCheck(number, system, current, prescribed, players, refusal))
    return checks


def check_paired_rounds(
    event: SwissEvent | TeamEvent, log: Sequence[LogEntry] = (), what: str = "the file"
) -> list[RoundCheck]:
    """Every paired round of ``event`` (an individual or a team event) checked as
    :func:`check_trf_rounds` checks its TRF text, each on the event it was paired from
    (``log``: the event's log, which says which games were adjourned and which results
    corrected when; :func:`~ratingbook.events.as_paired.pairing_views`)."""
    # Each view's TRF text (withdrawals not written ahead), with the rounds it is the view of
    # (the event's own for an event with no round paired).
    if isinstance(event, TeamEvent):
        views = pairing_views(event, log) or [(event, ())]
        texts = [(export_team_trf(view), rounds) for view, rounds in views]
    else:
        events = pairing_views(event, log) or [(event, ())]
        texts = [(export_trf(view, withdrawals=False), rounds) for view, rounds in events]
    if len(texts) == 1:  # every round paired on the results it holds: the event's own text
        return check_trf_rounds(texts[0][0], what)
    checks = []
    for text, rounds in texts:
        checks += check_trf_rounds(text, what, rounds)
    return sorted(checks, key=lambda c: c.round)


#: A pair by names: White, and Black or None for the pairing-allocated bye.
NamedPair = tuple[str, str | None]


@dataclass(frozen=True, slots=True)
class EventRound:
    """A paired round of an event checked: its pairs (by name, White first; Black None for
    the pairing-allocated bye) and the rules' (None: they give no pairing of the round from
    the rounds before it, ``refusal`` says why), in board order."""

    round: int
    system: str
    pairs: tuple[NamedPair, ...]
    prescribed: tuple[NamedPair, ...] | None
    refusal: str = ""

    @property
    def agrees(self) -> bool:
        """The checker's verdict: the same pairs, White first (the board order of both follows
        from the pairs, C.04.2, so equal sets are equal rounds)."""
        return self.prescribed is not None and set(self.pairs) == set(self.prescribed)


def check_event_rounds(
    event: SwissEvent, what: str = "the event", log: Sequence[LogEntry] = ()
) -> list[EventRound]:
    """Every paired round of ``event`` checked as :func:`check_trf_rounds` checks its TRF
    text. A Swiss round goes through the notes' analysis of the round
    (:func:`~ratingbook.fide.gacrux.analysis.analyse_round`: the same two runs of the engine,
    the same verdict, ``tests/fide/test_analysis.py``), so a round the notes have read (the
    last one, on the recalc that follows an import) is not read again, and the notes read
    the rounds this check read; a round robin's rounds are the Berger table's
    (:func:`check_trf_rounds` on the event's TRF text, no engine run). A Swiss round paired
    while a game was adjourned is analysed on the event it was paired from (``log``: the
    event's log; :func:`~ratingbook.events.as_paired.pairing_views`)."""
    if event.settings.round_robin:
        names = {number: name for name, number in event.start_numbers().items()}

        def named(pairs: tuple[CheckedPair, ...]) -> tuple[NamedPair, ...]:
            return tuple((names[p.white], names[p.black] if p.black else None) for p in pairs)

        return [
            EventRound(
                c.round,
                c.system,
                named(c.pairs),
                None if c.prescribed is None else named(c.prescribed),
                c.refusal,
            )
            for c in check_trf_rounds(export_trf(event, withdrawals=False), what)
        ]
    checked = []
    last = event.paired_rounds
    paired_from = {n: view for view, rounds in pairing_views(event, log) for n in rounds}
    # The last round first: the one a recalc's notes read (and keep) before a check.
    for number in sorted(range(1, last + 1), key=lambda n: (n != last, n)):
        if not event.round_entries(number):
            continue
        try:
            analysis = analyse_round(paired_from.get(number, event), number)
        except GacruxError as fault:
            raise RatingbookError(
                f"gacrux could not read round {number} of {what}: {fault}"
            ) from fault
        pairs = tuple((p.white, p.black) for p in analysis.pairs)
        refusal = "" if analysis.prescribed is not None else "no legal pairing"
        checked.append(EventRound(number, "dutch", pairs, analysis.prescribed, refusal))
    return sorted(checked, key=lambda c: c.round)
