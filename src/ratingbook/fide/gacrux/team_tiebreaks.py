"""The team tie-breaks of FIDE C.07 by gacrux's code (``gacrux.tiebreak``): match points,
game points, ``MPVGP``, the Sonneborn-Berger family ``EMMSB`` / ``EMGSB`` / ``EGMSB`` /
``EGGSB``, board count ``BC``, top-board result ``TBR``, board elimination ``BBE`` and the
direct-encounter variants (``EDE`` ...). Nothing here computes a tie-break itself."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gacrux.tiebreak import tiebreak

from ratingbook.events.team import TeamEvent, match_score
from ratingbook.fide.gacrux.team_pairing import team_tournament
from ratingbook.fide.gacrux.tiebreaks import TiebreakDetail

__all__ = ["TEAM_TIEBREAK_CODES", "TeamStanding", "TeamStandings", "team_standings"]

#: The codes a team event may list (C.07, as gacrux names them), with what each says.
TEAM_TIEBREAK_CODES = {
    "MPVGP": "the other score: game points when match points rank, and the reverse",
    "EMMSB": "Sonneborn-Berger: opponents' match points times the match points scored",
    "EMGSB": "Sonneborn-Berger: opponents' match points times the game points scored "
    "(the Olympiad's)",
    "EGMSB": "Sonneborn-Berger: opponents' game points times the match points scored",
    "EGGSB": "Sonneborn-Berger: opponents' game points times the game points scored",
    "BC": "board count: each board's game points times the board's number",
    "TBR": "top-board result: the game points of board 1, then board 2, ...",
    "BBE": "board elimination: the game points without the last board, then the last two, ...",
    "EDE": "direct encounter between the tied teams",
    "EDET": "direct encounter, then the tied teams' other results",
    "EDEB": "direct encounter, board by board",
    "BH": "Buchholz: the sum of the opponents' scores",
}


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One line of the team table: rank (ties share it), match and game points, tie-breaks."""

    rank: int
    team: str
    match_points: Fraction
    game_points: Fraction
    values: tuple[Fraction, ...]
    details: tuple[TiebreakDetail, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamStandings:
    codes: tuple[str, ...]
    after_round: int
    lines: tuple[TeamStanding, ...]


def _fraction(value: object) -> Fraction:
    if isinstance(value, Decimal | float | str):
        return Fraction(str(value))
    if isinstance(value, int):
        return Fraction(value)
    return Fraction(0)


def _detail(raw: dict[Any, Any]) -> TiebreakDetail:
    rounds = {}
    for key, value in raw.items():
        if str(key).isdigit() and isinstance(value, Decimal | int | float):
            rounds[int(key)] = _fraction(value)
    cut = tuple(int(c) for c in raw.get("cut", []) or [])
    return TiebreakDetail(str(raw.get("desc", "")), _fraction(raw.get("val", 0)), rounds, cut)


def last_complete_round(event: TeamEvent) -> int:
    """The last round all of whose matches have every board's result."""
    last = event.paired_rounds
    while last and not all(match_score(event, m).complete for m in event.round_matches(last)):
        last -= 1
    return last


def team_standings(
    event: TeamEvent, codes: Sequence[str] | None = None, *, after_round: int | None = None
) -> TeamStandings:
    """The team table after ``after_round`` (default: the last complete round), ranked by the
    main score and the tie-breaks ``codes`` (default: the event's), all computed by gacrux."""
    codes = tuple(event.settings.tiebreaks if codes is None else codes)
    complete = last_complete_round(event)
    upto = complete if after_round is None else min(after_round, complete)
    tournament = team_tournament(event, upto=upto)
    tournament["numRounds"] = max(upto, 1, event.settings.rounds or 0)
    tournament["currentRound"] = upto
    main = "GPTS" if event.settings.game_points_rank else "MPTS"
    params: dict[str, Any] = {
        "tiebreak": [main, *codes],
        "check": True,  # gacrux's check mode hands back each value's details
        **({"pre_determined": True} if event.settings.round_robin else {"swiss": True}),
        "experimental": [],
        "verbose": 0,
    }
    engine = tiebreak(tournament, upto, params)
    result = engine.compute_tiebreaks(tournament, params)
    names = {n: name for name, n in event.pairing_numbers().items()}
    scores = event.scores(upto)
    lines = []
    for competitor in result["competitors"]:
        name = names[competitor["cid"]]
        values = competitor["tiebreakScore"]
        mp, gp = scores[name]
        lines.append(
            TeamStanding(
                rank=int(competitor["rank"]),
                team=name,
                match_points=mp,
                game_points=gp,
                values=tuple(_fraction(v) for v in values[1:]),
                details=tuple(_detail(d) for d in competitor.get("tiebreakDetails", ())),
            )
        )
    numbers = event.pairing_numbers()
    lines.sort(key=lambda s: (s.rank, numbers[s.team]))
    return TeamStandings(codes, upto, tuple(lines))
