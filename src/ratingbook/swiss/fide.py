"""The one adapter to gacrux (FIDE's TieBreakServer code): Dutch pairing and FIDE tie-breaks.

Everything FIDE defines comes from gacrux, called in-process: the Dutch pairing of the next round
(C.04.3, the rules in force, ``gacrux.pairingdutch``), the tie-breaks of C.07 with the
unplayed-round rules of its 2024 edition for events starting before 2026-03-01 and of its 2026
edition from that day (``gacrux.tiebreak`` chooses by the start date), and its TRF reader
(``gacrux.trf2json``), which reads the TRF-2026 text :mod:`ratingbook.swiss.trf_export` writes for
the event. Nothing here re-implements a pairing or an unplayed-game rule; this module only
translates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch
from gacrux.tiebreak import tiebreak
from gacrux.trf2json import trf2json

from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.swiss.event import EventError, SwissEntry, SwissEvent, next_round_to_pair
from ratingbook.swiss.trf_export import export_trf

__all__ = ["FideStanding", "FideStandings", "fide_standings", "gacrux_version", "pair_next_round"]


def gacrux_version() -> str:
    from gacrux import version

    return str(version.version()["version"])


def _tournament(event: SwissEvent, **export: Any) -> dict[str, Any]:
    """The event as gacrux's tournament structure, read by gacrux from our TRF-2026 text."""
    text = export_trf(event, **export)
    reader = trf2json()
    try:
        reader.parse_file(text, 0)
    except GacruxError as fault:
        raise RatingbookError(f"gacrux could not read the event: {fault}") from None
    status = reader.chessjson["status"]
    if status["code"] >= 400:
        raise RatingbookError("gacrux could not read the event: " + "; ".join(status["error"]))
    tournament: dict[str, Any] = reader.get_tournament(1)
    return tournament


def pair_next_round(event: SwissEvent) -> list[SwissEntry]:
    """The next round's rows, paired by gacrux's FIDE Dutch engine, in board order.

    Games come with an empty result; an odd player out gets a pairing-allocated bye row (last
    board). Withdrawn players and players with a requested bye in that round are not paired.
    """
    round_number = next_round_to_pair(event)
    requested = {e.white for e in event.requested_byes(round_number)}
    absent = [
        p.name for p in event.players if not p.plays_in(round_number) and p.name not in requested
    ]
    tournament = _tournament(event, absent_next_round=absent)
    numbers = event.start_numbers()
    names = {n: name for name, n in numbers.items()}
    for competitor in tournament["competitors"]:
        name = names[competitor["cid"]]
        if name in requested or name in absent:
            competitor["present"] = False
    top = "w" if event.settings.first_colour == "white" else "b"
    params: dict[str, Any] = {"experimental": [], "verbose": 0, "top_color": top}
    try:
        brackets = pairing_dutch(tournament, round_number, params).compute_pairing(False, 0)
    except GacruxNoLegalPairing as fault:
        raise EventError(
            f"round {round_number} cannot be paired under the FIDE Dutch rules: {fault}"
        ) from None
    pairs = sorted(
        (pair for bracket in brackets for pair in bracket.get("pairs", [])),
        key=lambda pair: pair["board"],
    )
    rows: list[SwissEntry] = []
    for board, pair in enumerate(pairs, start=1):
        white = names[pair["w"]]
        if pair["b"]:
            rows.append(SwissEntry(round_number, board, white, names[pair["b"]], None))
        else:
            rows.append(SwissEntry(round_number, board, white, None, Result.PAIRING_BYE))
    # A bye, if any, goes last (gacrux puts it there too; kept explicit for the pairing list).
    rows.sort(key=lambda e: (e.black is None, e.board or 0))
    return [SwissEntry(e.round, n, e.white, e.black, e.result) for n, e in enumerate(rows, start=1)]


@dataclass(frozen=True, slots=True)
class FideStanding:
    """One line of the FIDE standings: rank (ties share it), points, one value per tie-break."""

    rank: int
    name: str
    rating: int | None
    points: Fraction
    values: tuple[float | int | None, ...]


@dataclass(frozen=True, slots=True)
class FideStandings:
    """The standings after ``after_round``, under the tie-break rules of ``rules`` (2024/2026)."""

    codes: tuple[str, ...]
    after_round: int
    rules: str
    lines: tuple[FideStanding, ...]


def _number(value: object) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return (
            int(value)
            if value == value.to_integral_value() and value.as_tuple().exponent == 0
            else float(value)
        )
    if isinstance(value, int | float):
        return value
    return float(str(value))


def fide_standings(
    event: SwissEvent, codes: Sequence[str], after_round: int | None = None
) -> FideStandings:
    """Points and the FIDE tie-breaks ``codes`` (e.g. ``BH/C1``), ranked, computed by gacrux.

    The standings cover the rounds up to ``after_round`` (default: the last round whose games
    all have a result). Rounds after it are left out, as are their requested byes.
    """
    last_complete = event.paired_rounds
    while last_complete and any(e.result is None for e in event.round_entries(last_complete)):
        last_complete -= 1
    upto = last_complete if after_round is None else min(after_round, last_complete)
    shown = SwissEvent(
        event.players, tuple(e for e in event.entries if e.round <= upto), event.settings
    )
    tournament = _tournament(shown)
    tournament["numRounds"] = max(upto, 1)
    tournament["currentRound"] = upto
    params: dict[str, Any] = {
        "tiebreak": ["PTS", *codes],
        "check": False,
        "swiss": True,  # never treat a small event as a round robin
        "experimental": [],
        "verbose": 0,
        # The event's rating for unrated players (Swiss Settings, Unrated Rating); None leaves
        # ARO, TPR and PTP empty when any player is unrated.
        "unrated": event.settings.unrated_rating,
    }
    engine = tiebreak(tournament, upto, params)
    result = engine.compute_tiebreaks(tournament, params)
    numbers = event.start_numbers()
    by_number = {n: event.player(name) for name, n in numbers.items()}
    lines = []
    for competitor in result["competitors"]:
        player = by_number[competitor["cid"]]
        scores = competitor["tiebreakScore"]
        lines.append(
            FideStanding(
                rank=int(competitor["rank"]),
                name=player.name,
                rating=player.rating,
                points=Fraction(str(scores[0])),
                values=tuple(_number(v) for v in scores[1:]),
            )
        )
    lines.sort(key=lambda s: (s.rank, numbers[s.name]))
    rules = "2024" if str(result["rules"]) < "2026-03-01" else "2026"
    return FideStandings(tuple(codes), upto, rules, tuple(lines))
