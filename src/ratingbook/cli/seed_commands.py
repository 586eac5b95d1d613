"""The seed-format commands: ``crikey``, ``elo-series``, ``elo-tournament``, ``swiss``.

Each reads FILE, or standard input when FILE is absent or ``-``, and prints to standard output;
an input error is one line naming the input line, and exit status 2.
"""

from __future__ import annotations

import click

from ratingbook import swiss
from ratingbook.cli.inputs import read_input
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.ratings import crikey, elo
from ratingbook.seeds.crikey_text import format_crikey, read_crikey
from ratingbook.seeds.elo_text import format_elo_series, parse_elo_series
from ratingbook.seeds.swiss_text import format_swiss_table

__all__ = ["SEED_COMMANDS"]

_SEED_FILE = click.Path(allow_dash=True, path_type=str)


@click.command("crikey")
@click.argument("file", required=False, type=_SEED_FILE)
@reports_input_errors
def crikey_command(file: str | None) -> None:
    """Crikey club ratings after each tournament (the Rating Points Exchange).

    Reads FILE, or what is typed or piped in when FILE is left out:

    \b
      2                       how many tournaments follow
      2 1                     this tournament: 2 players, 1 game
      alice 76.91             each player's name (one word) and rating,
      bob 76.36                 with two decimals
      alice bob lost 20 15    each game: White, Black, White's result
                                (won, drew or lost), then the pieces
                                White and Black had left on the board
      ...                     the next tournament, the same way

    Prints "Ratings after Tournament 1:" and each player's new rating, highest first,
    then the same for each following tournament.
    """
    results = []
    for table in read_crikey(read_input(file)):
        # Games read and checked: replayed as they are. The contest's example has "fred fred
        # lost 27 50": in the judge format that nets to no change (in workbooks it is an error).
        ratings = list(table.ratings)
        crikey.replay_crikey(ratings, table.games)
        results.append(dict(zip(table.names, ratings, strict=True)))
    click.echo(format_crikey(results), nl=False)


@click.command("elo-series")
@click.argument("file", required=False, type=_SEED_FILE)
@reports_input_errors
def elo_series_command(file: str | None) -> None:
    """Two players' Elo ratings over a series of games between them.

    Reads FILE, or what is typed or piped in when FILE is left out:

    \b
      32 1613 1609    K (the most a game can change a rating), then the
                        starting ratings of players A and B
      0               A's score in each game, one per line:
      0.5               1 a win, 0.5 a draw, 0 a loss
      1

    Prints the two starting ratings, then both ratings after each game, rounded to whole
    points.
    """
    data = parse_elo_series(read_input(file))
    pairs = elo.elo_series(data.k, data.rating_a, data.rating_b, data.scores)
    click.echo(format_elo_series(pairs), nl=False)


@click.command("elo-tournament")
@click.argument("contestants", type=click.IntRange(min=1))
@click.argument("rounds", type=click.IntRange(min=0))
@click.argument("x0", type=click.IntRange(min=0))
@reports_input_errors
def elo_tournament_command(contestants: int, rounds: int, x0: int) -> None:
    """A simulated Elo tournament: CONTESTANTS players, ROUNDS rounds, random seed X0.

    Every player starts at 1200; each round pairs them by rating (1st v 2nd, 3rd v 4th, ...)
    and decides each game from the players' hidden skills, drawn from the random seed X0 (the
    CodeAbbey tournament). Prints each player's final rating, in order of arrival.
    Example: ratingbook elo-tournament 4 3 0 prints 1191 1189 1191 1229.
    """
    click.echo(" ".join(str(r) for r in elo.elo_tournament(contestants, rounds, x0)))


@click.command("swiss")
@click.argument("file", required=False, type=_SEED_FILE)
@reports_input_errors
def swiss_command(file: str | None) -> None:
    """Swiss tournament standings with tie-breaks.

    Reads FILE, or what is typed or piped in when FILE is left out:

    \b
      Anna                each player's name, one per line
      Bob
      Erik
      Femke
                          an empty line, then the round's games:
      Anna Femke 1 0      White, Black, White's points, Black's points
      Bob Erik 0.5 0.5      (1 a win, 0.5 a draw, 0 a loss)
                          an empty line before each further round

    Prints the ranking: place, name, points, then the tie-breaks in the order they decide:
    resistance points (the opponents' points), Sonneborn-Berger, games played with Black.
    """
    click.echo(format_swiss_table(swiss.determine_output(read_input(file))), nl=False)


SEED_COMMANDS = (crikey_command, elo_series_command, elo_tournament_command, swiss_command)
