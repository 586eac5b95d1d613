"""Records 330 and 300 of a team TRF-2026 file, written: a match a team did not come to, and a
match with an empty seat. :mod:`ratingbook.trf.team_records` writes the rest and reads all. Pure.
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
    """Record 300 for each match with an empty seat (a player, or a whole team, did not come):
    each team's players in board order, 0 for the empty board (``300 RRR TTT OOO pppp pppp``),
    so that every board keeps its place."""
    lines = []
    for match in event.matches:
        if match.black is None:
            continue
        games = event.match_games(match)
        if not any(g.white is None or g.black is None for g in games):
            continue
        for team, other in ((match.white, match.black), (match.black, match.white)):
            order = []
            for g in games:
                mine = g.white if (g.board % 2 == 1) == (team == match.white) else g.black
                order.append(numbers[mine] if mine is not None else 0)
            players = " ".join(f"{n:>4}" for n in order)
            lines.append(f"300 {match.round:>3} {tpn[team]:>3} {tpn[other]:>3} {players}")
    return lines
