import xlwings as xw
from xlwings import func, script

import ratingbook
from ratingbook import udfs


@script
def recalc_ratings(book: xw.Book):
    """Recalc Ratings: every rating family in the workbook."""
    ratingbook.main(book)


@script
def start_new_week(book: xw.Book):
    """Start New Week (camp ladder)."""
    ratingbook.new_week(book)


@script
async def take_results(book: xw.Book):
    """Take results: the results released at the results desk, into this book."""
    await ratingbook.take_results_lite(book)


@func
def elo_expected(rating, opponent):
    """Expected Elo score. Example: =ELO_EXPECTED(1613, 1609)."""
    return udfs.ELO_EXPECTED(rating, opponent)


@func
def elo_update(rating, opponent, score, k=20):
    """The new Elo rating after one game. Example: =ELO_UPDATE(1613, 1609, 0, 32)."""
    return udfs.ELO_UPDATE(rating, opponent, score, k)


@func
def elo_series(k, rating_a, rating_b, scores):
    """Two-player Elo series. Example: =ELO_SERIES(32, 1613, 1609, A2:A7)."""
    return udfs.ELO_SERIES(k, rating_a, rating_b, scores)


@func
def elo_tournament(contestants, rounds, seed):
    """Elo tournament simulation. Example: =ELO_TOURNAMENT(4, 3, 0)."""
    return udfs.ELO_TOURNAMENT(contestants, rounds, seed)


@func
def ladder_update(rating, opponent, score):
    """Camp-ladder rating after one game. Example: =LADDER_UPDATE(1000, 1200, 1)."""
    return udfs.LADDER_UPDATE(rating, opponent, score)


@func
def crikey_update(white, black, white_result, white_pieces, black_pieces):
    """Crikey ratings after one game. Example: =CRIKEY_UPDATE(76.91, 76.36, "lost", 20, 15)."""
    return udfs.CRIKEY_UPDATE(white, black, white_result, white_pieces, black_pieces)


@func
def swiss_standings(games):
    """Swiss standings. Example: =SWISS_STANDINGS(A2:D10)."""
    return udfs.SWISS_STANDINGS(games)


@func
def fide_rating_change(rating, opponents, scores, k=None, date=None):
    """FIDE rating change. Example: =FIDE_RATING_CHANGE(2100, A2:A3, B2:B3, 20)."""
    return udfs.FIDE_RATING_CHANGE(rating, opponents, scores, k, date)


@func
def glicko2_update(rating, deviation, volatility, opponents, deviations, scores, tau=None):
    """Glicko-2 after one period. Example: =GLICKO2_UPDATE(1500, 200, 0.06, A2:A4, B2:B4, C2:C4)."""
    return udfs.GLICKO2_UPDATE(rating, deviation, volatility, opponents, deviations, scores, tau)


@func
def swiss_explain(games, player, tiebreaks=None):
    """Why a player holds that place. Example: =SWISS_EXPLAIN(A2:D10, "Anna")."""
    return udfs.SWISS_EXPLAIN(games, player, tiebreaks)


@func
def team_standings(teams, matches, boards, settings=None):
    """Team standings. Example: =TEAM_STANDINGS(Teams!A1:E40, 'Team Matches'!A1:D30, ...)."""
    return udfs.TEAM_STANDINGS(teams, matches, boards, settings)


@func
def team_explain(teams, matches, boards, team, settings=None):
    """Why a team ranks where it does. Example: =TEAM_EXPLAIN(..., "Rooks")."""
    return udfs.TEAM_EXPLAIN(teams, matches, boards, team, settings)
