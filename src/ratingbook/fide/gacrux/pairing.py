"""The Dutch pairing of the next round (FIDE C.04.3), by gacrux's engine (gacrux.pairingdutch)."""

from __future__ import annotations

from gacrux.gacruxexeptions import GacruxNoLegalPairing

from ratingbook.core.results import Result
from ratingbook.events.event import EventError, SwissEntry, SwissEvent, next_round_to_pair
from ratingbook.fide.fast.compact_edges import compact_storage
from ratingbook.fide.fast.fast_dutch import dutch_engine
from ratingbook.fide.gacrux.analysis import remember_pairing
from ratingbook.fide.gacrux.berger import pair_round_robin
from ratingbook.fide.gacrux.event import gacrux_parameters, gacrux_tournament

__all__ = ["pair_next_round"]


def pair_next_round(event: SwissEvent, *, path: str | None = None) -> list[SwissEntry]:
    """The next round's rows, in board order: a round robin's from its Berger table
    (:mod:`~ratingbook.fide.gacrux.berger`), a Swiss event's by gacrux's FIDE Dutch pairing.

    Games come with an empty result; an odd player out gets a pairing-allocated bye row (last
    board). Withdrawn players and players with a requested bye in that round are not paired.
    The organiser's forbidden pairs are kept apart (C.04.3's absolute criterion, as if they
    had met), and with Baku acceleration group A's virtual points count in the pairing
    (both reach gacrux as TRF-2026's 260 and 250 records of the event's file).

    ``path`` picks how gacrux's rules are computed (:func:`~ratingbook.fide.fast.fast_dutch.
    pairing_path`): ``"fast"`` (the default) or ``"gacrux"``, its own engine; both give the
    same pairing. The engine's account of the round is kept for the round's notes
    (:func:`~ratingbook.fide.gacrux.analysis.remember_pairing`).
    """
    round_number = next_round_to_pair(event)
    if event.settings.round_robin:
        return pair_round_robin(event, range(round_number, round_number + 1))
    requested = {e.white for e in event.requested_byes(round_number)}
    absent = [
        p.name for p in event.players if not p.plays_in(round_number) and p.name not in requested
    ]
    tournament = gacrux_tournament(event, path=path, absent_next_round=absent)
    numbers = event.start_numbers()
    names = {n: name for name, n in numbers.items()}
    for competitor in tournament["competitors"]:
        name = names[competitor["cid"]]
        if name in requested or name in absent:
            competitor["present"] = False
    params = gacrux_parameters(event.settings.first_colour)
    try:
        with compact_storage():
            engine = dutch_engine(tournament, round_number, params, path)
            brackets = engine.compute_pairing(False, 0)
    except GacruxNoLegalPairing as fault:
        bans = [b for b in event.forbidden if b.holds_in(round_number)]
        why = ""
        if bans:
            listed = "; ".join(f"{b.first} and {b.second}" for b in bans)
            why = (
                f"; the forbidden pairs in force ({listed}) leave some of these players no "
                "opponent they may meet: lift a ban for this round (Until Round) or pair by hand"
            )
        raise EventError(
            f"round {round_number} cannot be paired under the FIDE Dutch rules: {fault}{why}"
        ) from fault
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
    paired = [
        SwissEntry(e.round, n, e.white, e.black, e.result) for n, e in enumerate(rows, start=1)
    ]
    remember_pairing(event, paired, engine, brackets)
    return paired
