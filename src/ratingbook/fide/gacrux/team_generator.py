"""Random team Swiss events written as TRF-2026 files (``ratingbook generate --system team``).

Each round is paired by gacrux's C.04.6 engine (:func:`pair_next_team_round`), each board's
result drawn from gacrux's model of a game by the two ratings (as
:mod:`ratingbook.fide.gacrux.generator` draws an individual game's), with the asked share of
forfeits (the unusual results ½-0, 0-½ and 0-0 are refused: a team board holds the project's
results, which have none of them); the teams ranked by the tie-break list (gacrux's team
tie-breaks) and written by :func:`ratingbook.trf.team_records.export_team_trf`. The same
:class:`~ratingbook.fide.gacrux.generator.Generation` writes the same bytes.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.errors import RatingbookError
from ratingbook.events.team import BoardGame, Team, TeamError, TeamEvent, TeamPlayer, TeamSettings
from ratingbook.fide.gacrux.generator import START, Generation, game_letters
from ratingbook.fide.gacrux.team_pairing import lineup_games, pair_next_team_round
from ratingbook.fide.gacrux.team_tiebreaks import team_standings
from ratingbook.trf.team_records import export_team_trf

__all__ = ["generate_team_trf"]

#: gacrux's letters for White and Black (and whether the game was played) as a board's result.
_RESULTS = {
    ("W", "L", True): Result.WHITE_WINS,
    ("L", "W", True): Result.BLACK_WINS,
    ("D", "D", True): Result.DRAW,
    ("W", "Z", False): Result.WHITE_WINS_BY_FORFEIT,
    ("Z", "W", False): Result.BLACK_WINS_BY_FORFEIT,
}


def generate_team_trf(g: Generation) -> str:
    """One random team Swiss as TRF-2026 text: ``g.players`` teams of ``g.boards`` boards."""
    g.check()
    rng = random.Random(g.seed)
    teams = []
    for t in range(1, g.players + 1):
        name = f"Team {t:03d}"
        base = 2300 - 20 * t + rng.randint(-80, 80)
        players = tuple(
            TeamPlayer(f"{name} board {b}", name, b, base - 30 * b + rng.randint(-60, 60))
            for b in range(1, g.boards + 1)
        )
        teams.append(Team(name, players))
    settings = TeamSettings(
        event_name=g.name or f"ratingbook generate, seed {g.seed}",
        rounds=g.rounds,
        boards=g.boards,
        match_win=Fraction(g.match_win),
        tiebreaks=g.tiebreaks,
        start_date=START,
    )
    event = TeamEvent(tuple(teams), settings)
    ratings = {p.name: p.rating or 0 for team in teams for p in team.players}
    for _ in range(g.rounds):
        try:
            matches = [p.match for p in pair_next_team_round(event)]
        except TeamError as fault:
            raise RatingbookError(
                f"seed {g.seed}: {fault}; ask for fewer rounds or more teams"
            ) from fault
        games = []
        for game in lineup_games(event, matches):
            if game.white is None or game.black is None:
                games.append(game)
                continue
            letters = game_letters(rng, g, ratings[game.white], ratings[game.black])
            games.append(
                BoardGame(
                    game.round, game.table, game.board, game.white, game.black, _RESULTS[letters]
                )
            )
        event = TeamEvent(
            event.teams, settings, event.matches + tuple(matches), event.games + tuple(games)
        )
    ranks = {line.team: line.rank for line in team_standings(event).lines}
    return export_team_trf(event, ranks=ranks)
