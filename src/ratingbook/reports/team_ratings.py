"""The individual FIDE rating report of a FIDE-rated team event: every board game is a rated
game of its two players (B.02), reported as the individual event's report is
(:func:`ratingbook.fide.rules.rating_report.rating_report`, reused, not copied).

This module only decides how a team event reads as an individual one: each roster player a
player, each board with two players and a result a game (forfeits and empty seats are not
games), numbered match by match.
"""

from __future__ import annotations

from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.events.team import TeamEvent
from ratingbook.fide.rules.rating_report import RatingReport, rating_report

__all__ = ["as_individual_event", "team_rating_report"]


def as_individual_event(event: TeamEvent, kind: str = "Standard") -> SwissEvent:
    """The team event's players and board games as an individual event rated for ``kind``."""
    players = tuple(
        SwissPlayer(p.name, p.rating, p.fide_id, where=p.where)
        for team in event.teams
        for p in team.players
    )
    boards = event.settings.boards
    entries = tuple(
        SwissEntry(g.round, (g.table - 1) * boards + g.board, g.white, g.black, g.result)
        for g in sorted(event.games, key=lambda g: (g.round, g.table, g.board))
        if g.white is not None and g.black is not None
    )
    settings = SwissSettings(
        rounds=event.settings.rounds,
        start_date=event.settings.start_date,
        event_name=event.settings.event_name,
        rated=kind,
    )
    return SwissEvent(players, entries, settings)


def team_rating_report(event: TeamEvent) -> RatingReport | None:
    """The rating report of a FIDE-rated team event (None when it is not rated)."""
    if not event.settings.fide_rated:
        return None
    return rating_report(as_individual_event(event))
