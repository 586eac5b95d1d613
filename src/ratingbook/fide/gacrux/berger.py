"""Round robins by FIDE's Berger tables (C.05 Annex 1), through gacrux's engine
(``gacrux.pairingberger``).

The table places are the start numbers. An odd number of players plays the table of the next
even number: "where there is an odd number of players, the highest number counts as a bye", so
the player drawn against it sits the round out (a zero-point bye row: in a round robin nobody
scores for not playing). A double round robin plays the table twice, the second cycle with the
colours reversed; as C.05 Annex 1 recommends, the last two rounds of the first cycle are
exchanged, so that no player has the same colour three times running. gacrux does that swap only
when told the pairs meet twice (``maxMeets``) and how many rounds there are: both are set here.
"""

from __future__ import annotations

import functools

from gacrux.pairingberger import pairing_berger

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.fide.gacrux.event import gacrux_parameters, gacrux_tournament

__all__ = ["berger_schedule", "pair_round_robin"]

#: A pair of the table: White's and Black's start numbers (Black 0: White sits out).
Pair = tuple[int, int]


def berger_schedule(event: SwissEvent) -> dict[int, list[Pair]]:
    """Every round of the event's round robin, as the table gives it, board by board."""
    players_only = SwissEvent(event.players, (), event.settings, event.numbering)
    return {number: list(pairs) for number, pairs in _schedule(players_only).items()}


@functools.lru_cache(maxsize=16)
def _schedule(players_only: SwissEvent) -> dict[int, tuple[Pair, ...]]:
    """The table of an event without games, worked out by gacrux once: a recalc asks for it
    several times (the rounds to pair, who can still win, the views), and the table depends on
    nothing but the players and the settings."""
    tournament = gacrux_tournament(players_only)
    cycles = players_only.settings.cycles
    tournament["pairingSystem"] = ["berger", "fide", *(["double"] if cycles == 2 else [])]
    tournament["maxMeets"] = cycles
    rounds = players_only.rounds_planned or 0  # the players and the settings decide it
    tournament["numRounds"] = rounds
    params = gacrux_parameters()  # the table fixes the colours: "top_color" plays no part
    schedule: dict[int, tuple[Pair, ...]] = {}
    for number in range(1, rounds + 1):
        brackets = pairing_berger(tournament, number, params).compute_pairing(False, 0)
        pairs = sorted(
            (p for bracket in brackets for p in bracket.get("pairs", [])), key=lambda p: p["board"]
        )
        schedule[number] = tuple((int(p["w"]), int(p["b"] or 0)) for p in pairs)
    return schedule


def pair_round_robin(event: SwissEvent, rounds: range) -> list[SwissEntry]:
    """The rows of ``rounds`` of the event's round robin: the table's games with an empty
    result (boards in the table's order), the player who sits out a zero-point bye row, and a
    game against a player who withdrew a forfeit win for the one still playing."""
    schedule = berger_schedule(event)
    names = {n: name for name, n in event.start_numbers().items()}
    by_name = {p.name: p for p in event.players}
    rows: list[SwissEntry] = []
    for number in rounds:
        games: list[SwissEntry] = []
        byes: list[SwissEntry] = []
        for white, black in schedule[number]:
            if not black:
                byes.append(SwissEntry(number, None, names[white], None, Result.ZERO_POINT_BYE))
                continue
            w, b = names[white], names[black]
            result = None
            if not by_name[w].plays_in(number):
                result = (
                    Result.DOUBLE_FORFEIT
                    if not by_name[b].plays_in(number)
                    else (Result.BLACK_WINS_BY_FORFEIT)
                )
            elif not by_name[b].plays_in(number):
                result = Result.WHITE_WINS_BY_FORFEIT
            games.append(SwissEntry(number, len(games) + 1, w, b, result))
        rows.extend(games)
        rows.extend(byes)
    return rows
