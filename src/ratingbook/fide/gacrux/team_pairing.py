"""Team events by gacrux: the Swiss Team Pairing System (FIDE C.04.6, ``gacrux.pairingfideteam``),
team round robins by the Berger tables (C.05 Annex 1, ``gacrux.pairingberger``), and gacrux's own
pairing checker run over a team event round by round.

gacrux reads the event from the TRF-2026 text :mod:`ratingbook.trf.team_records` writes (its
own reader, ``gacrux.trf2json``), so the two programs agree on every record; a disagreement
between the team totals we write (record 310) and the ones gacrux works out from the boards
is an error, never silent. Nothing here re-implements a rule of C.04.6.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingberger import pairing_berger
from gacrux.pairingfideteam import pairing_fideteam

from ratingbook.events.team import BoardGame, TeamError, TeamEvent, TeamMatch, first_team_is_white
from ratingbook.fide.gacrux.event import tournament_from_trf
from ratingbook.trf.team_records import export_team_trf

__all__ = [
    "PairedMatch",
    "check_team_rounds",
    "lineup_games",
    "pair_next_team_round",
    "team_round_robin",
    "team_tournament",
]


@dataclass(frozen=True, slots=True)
class PairedMatch:
    """A match as gacrux paired it, with the rule it gave for board 1's colour (C.04.6 art.
    4: ``4.3.5`` and so on) and the two teams' scores in the bracket."""

    match: TeamMatch
    colour_rule: str
    white_score: str
    black_score: str


def team_tournament(event: TeamEvent, *, upto: int | None = None) -> dict[str, Any]:
    """The event (rounds up to ``upto``) as gacrux's tournament, read by gacrux from our
    TRF-2026 text."""
    text = export_team_trf(event, upto=upto)
    return tournament_from_trf(text, "the team event", error=TeamError, exact=True)


def _pairs(brackets: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    pairs = [p for bracket in brackets if bracket for p in bracket.get("pairs", [])]
    return sorted(pairs, key=lambda p: p["board"])


def pair_next_team_round(event: TeamEvent) -> list[PairedMatch]:
    """The next round of a team Swiss, by gacrux's C.04.6 engine: the matches in table order
    (the bye, if any, last), each with the team that has White on board 1 first."""
    number = event.paired_rounds + 1
    tournament = team_tournament(event)
    if not tournament.get("numRounds"):
        tournament["numRounds"] = max(number, event.settings.rounds or 0)
    names = {n: name for name, n in event.pairing_numbers().items()}
    params: dict[str, Any] = {"experimental": [], "verbose": 0}
    try:
        brackets = pairing_fideteam(tournament, number, params).compute_pairing(False, 0)
    except GacruxNoLegalPairing as fault:
        raise TeamError(f"round {number} cannot be paired under FIDE C.04.6: {fault}") from fault
    except GacruxError as fault:
        raise TeamError(f"gacrux could not pair round {number}: {fault}") from fault
    paired: list[PairedMatch] = []
    byes: list[PairedMatch] = []
    for pair in _pairs(brackets):
        white = names[pair["w"]]
        black = names[pair["b"]] if pair["b"] else None
        score = {pair["ca"]: str(pair.get("sa", "")), pair["cb"]: str(pair.get("sb", ""))}
        item = PairedMatch(
            TeamMatch(number, 0, white, black),
            str(pair.get("colorrule", "")),
            score.get(pair["w"], ""),
            score.get(pair["b"], ""),
        )
        (byes if black is None else paired).append(item)
    return [
        PairedMatch(TeamMatch(number, t, p.match.white, p.match.black), *_rest(p))
        for t, p in enumerate([*paired, *byes], start=1)
    ]


def _rest(p: PairedMatch) -> tuple[str, str, str]:
    return p.colour_rule, p.white_score, p.black_score


def lineup_games(event: TeamEvent, matches: Iterable[TeamMatch]) -> list[BoardGame]:
    """Each match's boards with the teams' first ``boards`` roster players, results empty:
    board 1's colour for the first team, alternating down the boards (TRF record 352)."""
    rows: list[BoardGame] = []
    for match in matches:
        if match.black is None:
            continue
        first, second = event.lineup(match.white), event.lineup(match.black)
        for board in range(1, event.settings.boards + 1):
            a = first[board - 1].name if board <= len(first) else None
            b = second[board - 1].name if board <= len(second) else None
            white, black = (a, b) if first_team_is_white(board) else (b, a)
            rows.append(BoardGame(match.round, match.table, board, white, black, None))
    return rows


def team_round_robin(event: TeamEvent, rounds: Iterable[int]) -> list[TeamMatch]:
    """Rounds of a team round robin from FIDE's Berger tables, by gacrux's engine
    (``gacrux.pairingberger``), the team pairing numbers as the table's numbers. With an odd
    number of teams the highest number is the bye: its opponent sits the round out (no match).
    A double round robin plays the table twice, the second cycle with the colours reversed and,
    as C.05 Annex 1 recommends, the first cycle's last two rounds exchanged (gacrux does it
    when told the pairs meet twice)."""
    teams_only = TeamEvent(event.teams, event.settings)
    tournament = team_tournament(teams_only)
    cycles = event.settings.cycles
    tournament["pairingSystem"] = ["berger", "fide", *(["double"] if cycles == 2 else [])]
    tournament["maxMeets"] = cycles
    wanted = list(rounds)
    tournament["numRounds"] = max([event.settings.rounds or 0, *wanted])
    names = {number: name for name, number in event.pairing_numbers().items()}
    params: dict[str, Any] = {"experimental": [], "verbose": 0, "top_color": "w"}
    matches: list[TeamMatch] = []
    for number in wanted:
        brackets = pairing_berger(tournament, number, params).compute_pairing(False, 0)
        table_no = 0
        for pair in _pairs(brackets):
            if not pair["w"] or not pair["b"]:
                continue  # the team drawn against the bye number sits the round out
            table_no += 1
            matches.append(TeamMatch(number, table_no, names[pair["w"]], names[pair["b"]]))
    return matches


def check_team_rounds(text: str) -> list[bool]:
    """gacrux's own pairing checker (``pairingchecker -c``) over a team TRF: for each round,
    whether the pairing in the file is the one C.04.6 gives."""
    from gacrux.pairingchecker import pairingchecker

    handle, path = tempfile.mkstemp(suffix=".trf")
    try:
        with os.fdopen(handle, "w", encoding="latin-1") as out:
            out.write(text)
        checker = pairingchecker()
        argv = sys.argv
        sys.argv = ["pairingchecker", "-c", "-i", path, "-o", os.devnull]
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                checker.common_main()
        finally:
            sys.argv = argv
        rounds = checker.chessfile.result.get("roundpairing", [])
        return [bool(r.get("check")) for r in rounds]
    finally:
        os.unlink(path)


def colour_rules(event: TeamEvent, number: int) -> dict[tuple[str, str], str]:
    """For each match of round ``number`` as the book holds it, the article of C.04.6 art.
    4.3 that gives board 1's colour (gacrux's analysis of the round, ``pairingchecker -a``;
    for a match it leaves out, gacrux's own pairing of the round), by (White team, Black
    team)."""
    # The round as paired: its results play no part in why it was paired, and gacrux reads a
    # match only whole (every board with a result, or none), so a match typed in part is read
    # as not yet played; a whole match (a bye's too) stays as it is.
    partial = {
        g.table
        for g in event.games
        if g.round == number and g.result is None and g.white is not None and g.black is not None
    } & {g.table for g in event.games if g.round == number and g.result is not None}
    whole = tuple(
        replace(g, result=None) if g.round == number and g.table in partial else g
        for g in event.games
    )
    tournament = team_tournament(replace(event, games=whole), upto=number)
    tournament["numRounds"] = max(number, event.settings.rounds or 0)
    names = {n: name for name, n in event.pairing_numbers().items()}
    params: dict[str, Any] = {"experimental": [], "verbose": 0}
    try:
        brackets = pairing_fideteam(tournament, number, params).compute_pairing(True, 0)
    except GacruxError:
        return {}
    rules: dict[tuple[str, str], str] = {}
    for pair in _pairs(brackets):
        if pair["w"] and pair["b"]:
            rules[(names[pair["w"]], names[pair["b"]])] = str(pair.get("colorrule", ""))
    matches = {(m.white, m.black) for m in event.round_matches(number) if m.black is not None}
    if event.settings.round_robin or matches <= rules.keys():
        return rules
    # A match the analysis leaves out (a round without results yet, or a match not played
    # while another is): gacrux's own pairing of the round, from the rounds before, names its
    # article (a note citing only "art. 4" said less than the team guide promises).
    before = TeamEvent(
        event.teams,
        event.settings,
        tuple(m for m in event.matches if m.round < number),
        tuple(g for g in event.games if g.round < number),
    )
    try:
        paired = pair_next_team_round(before)
    except TeamError:
        return rules
    found = {
        (p.match.white, p.match.black): p.colour_rule for p in paired if p.match.black is not None
    }
    return {**found, **rules}
