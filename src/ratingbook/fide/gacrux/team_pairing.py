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
import re
import sys
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingberger import pairing_berger
from gacrux.pairingfideteam import pairing_fideteam

from ratingbook.events.team import BoardGame, TeamError, TeamEvent, TeamMatch, first_team_is_white
from ratingbook.fide.gacrux.event import tournament_from_trf
from ratingbook.trf.team_records import export_team_trf

__all__ = [
    "ColourReason",
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
    reason: ColourReason | None = None


#: A played match in gacrux's history of a team (record RFP: the opponent's number and the
#: colour of board 1, ``5w``); a forfeit is ``+`` or ``-``, the pairing-allocated bye ``pab``.
_PLAYED = re.compile(r"^\d+([wb])$")
_COLOUR = {"w": "White", "b": "Black"}


@dataclass(frozen=True, slots=True)
class ColourReason:
    """Why a match's board 1 has its colour, as gacrux's C.04.6 engine decided it: the article
    of art. 4.3 (``4.3.8``; ``pab`` for the bye), the first team of art. 4.2 and what made it
    first (``primary``: the higher main score, ``secondary``: the other score, all else equal,
    ``number``: the smaller pairing number), and what the articles read of each team, by name:
    its main and other scores before the round, pairing number, colour preference (art. 1.7:
    ``White``, ``Black`` or empty) and whether it is strong (Type B), colour difference (art.
    1.6.2: matches with White minus matches with Black), and board 1's colour in each round
    it played a match, in order (art. 1.6: a forfeited match and the bye are not played)."""

    rule: str
    first: str = ""
    second: str = ""
    first_by: str = ""
    scores: Mapping[str, tuple[Fraction, Fraction]] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)
    preferences: Mapping[str, str] = field(default_factory=dict)
    strong: Mapping[str, bool] = field(default_factory=dict)
    differences: Mapping[str, int] = field(default_factory=dict)
    played: Mapping[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)


def _played(team: Mapping[str, Any], number: int) -> tuple[tuple[int, str], ...]:
    """A team's played matches before round ``number``: (round, board 1's colour), in order,
    from gacrux's history; none when it disagrees with gacrux's colour sequence (then no round
    is named, rather than a wrong one)."""
    history = team.get("hst", {})
    played = tuple(
        (r, _COLOUR[found.group(1)])
        for r, entry in sorted((k, v) for k, v in history.items() if isinstance(k, int))
        if r < number and (found := _PLAYED.match(str(entry)))
    )
    sequence = "".join(c[0].lower() for _, c in played)
    return played if sequence == str(team.get("csq", "")).strip() else ()


def _reason(pairing: Any, pair: Mapping[str, Any], names: Mapping[int, str]) -> ColourReason:
    """The reason of one pair of gacrux's pairing (or analysis) of round ``pairing.rnd``."""
    rule = str(pair.get("colorrule", ""))
    if not pair.get("ca") or not pair.get("cb"):
        return ColourReason(rule)
    a, b = pairing.competitors[pair["ca"]], pairing.competitors[pair["cb"]]
    first, second = (a, b) if pairing.first_team(a, b) else (b, a)  # art. 4.2, gacrux's
    if first["pts"] != second["pts"]:
        first_by = "primary"
    elif pairing.secondary and first["ptx"] != second["ptx"]:
        first_by = "secondary"
    else:
        first_by = "number"
    teams = {names[t["cid"]]: t for t in (first, second)}
    return ColourReason(
        rule,
        names[first["cid"]],
        names[second["cid"]],
        first_by,
        {n: (Fraction(str(t["pts"])), Fraction(str(t["ptx"]))) for n, t in teams.items()},
        {n: int(t["tpn"]) for n, t in teams.items()},
        {n: _COLOUR.get(str(t["cop"])[:1], "") for n, t in teams.items()},
        {n: str(t["cop"])[1:] == "2" and pairing.typeb for n, t in teams.items()},
        {n: int(t["cod"]) for n, t in teams.items()},
        {n: _played(t, int(pairing.rnd)) for n, t in teams.items()},
    )


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
        pairing = pairing_fideteam(tournament, number, params)
        brackets = pairing.compute_pairing(False, 0)
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
            _reason(pairing, pair, names),
        )
        (byes if black is None else paired).append(item)
    return [
        PairedMatch(TeamMatch(number, t, p.match.white, p.match.black), *_rest(p))
        for t, p in enumerate([*paired, *byes], start=1)
    ]


def _rest(p: PairedMatch) -> tuple[str, str, str, ColourReason | None]:
    return p.colour_rule, p.white_score, p.black_score, p.reason


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


def colour_rules(event: TeamEvent, number: int) -> dict[tuple[str, str], ColourReason]:
    """For each match of round ``number`` as the book holds it, why board 1 has its colour:
    the article of C.04.6 art. 4.3 and what it read (:class:`ColourReason`; gacrux's analysis
    of the round, ``pairingchecker -a``; for a match it leaves out, gacrux's own pairing of
    the round), by (White team, Black team)."""
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
        pairing = pairing_fideteam(tournament, number, params)
        brackets = pairing.compute_pairing(True, 0)
    except GacruxError:
        return {}
    rules: dict[tuple[str, str], ColourReason] = {}
    for pair in _pairs(brackets):
        if pair["w"] and pair["b"]:
            rules[(names[pair["w"]], names[pair["b"]])] = _reason(pairing, pair, names)
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
        (p.match.white, p.match.black): p.reason or ColourReason(p.colour_rule)
        for p in paired
        if p.match.black is not None
    }
    return {**found, **rules}
