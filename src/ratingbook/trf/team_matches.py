"""Records 330 and 300 of a team TRF-2026 file, written: a match a team did not come to, and a
match whose boards are not the rosters' order (an empty seat, or a reserve above a regular
player). :mod:`ratingbook.trf.team_records` writes the rest and reads all. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from ratingbook.events.team import TeamEvent

__all__ = ["board_orders", "forfeited_matches"]


def forfeited_matches(event: TeamEvent, tpn: Mapping[str, int]) -> list[str]:
    """Record 330 for each match one team (or both) did not come to: no player of it on any
    board (``330 +- RRR WWW BBB``, the White team's letter first)."""
    lines = []
    team_of = event.player_team()
    for match in event.matches:
        if match.black is None:
            continue
        games = event.match_games(match)
        if not games or any(g.result is None for g in games):
            continue
        seated = {team_of[n] for g in games for n in (g.white, g.black) if n is not None}
        if match.white in seated and match.black in seated:
            continue
        letters = ("+" if match.white in seated else "-") + ("+" if match.black in seated else "-")
        lines.append(f"330 {letters} {match.round:>3} {tpn[match.white]:>3} {tpn[match.black]:>3}")
    return lines


def board_orders(event: TeamEvent, tpn: Mapping[str, int], numbers: Mapping[str, int]) -> list[str]:
    """Record 300 (TRF-2026's out-of-order record) for each match whose boards the rosters do
    not give: an empty seat (a player, or a whole team, did not come), or a team whose players
    sit in another order than its roster's (a reserve above a regular player). Each team's
    players in board order, 0 for the empty board (``300 RRR TTT OOO pppp pppp``), so that
    every board keeps its place and its colours; a reader without the record seats each team's
    players in roster order."""
    lines = []
    for match in event.matches:
        if match.black is None:
            continue
        games = event.match_games(match)
        orders = {}
        for team in (match.white, match.black):
            # The colours alternate down the boards (C.04.6): the match's White team has White
            # on the odd boards.
            orders[team] = [
                g.white if (g.board % 2 == 1) == (team == match.white) else g.black for g in games
            ]
        if all(_in_roster_order(event, team, order) for team, order in orders.items()):
            continue
        for team, other in ((match.white, match.black), (match.black, match.white)):
            players = " ".join(f"{numbers[n] if n is not None else 0:>4}" for n in orders[team])
            lines.append(f"300 {match.round:>3} {tpn[team]:>3} {tpn[other]:>3} {players}")
    return lines


def _in_roster_order(event: TeamEvent, team: str, order: list[str | None]) -> bool:
    """Whether ``order`` (the team's players board by board) has no empty seat and follows the
    team's roster: each player listed after the one on the board above."""
    place = {p.name: k for k, p in enumerate(event.team(team).players)}
    places = [place.get(name, -1) if name is not None else -1 for name in order]
    return -1 not in places and places == sorted(places)
