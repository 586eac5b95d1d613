"""Seed 000's text format: the Crikey contest's judge input and output.

Input: the number of tournaments; per tournament ``n m``, n lines ``name rating`` and m lines
``white black result white_pieces black_pieces``. Output: per tournament ``Ratings after
Tournament k:`` then ``name rating`` per player. Games are read into plain tuples of player
indices and numbers, which :func:`ratingbook.ratings.crikey.replay_crikey` takes as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratingbook.core import cells
from ratingbook.core.results import parse_crikey_result
from ratingbook.core.rules import listed_twice
from ratingbook.errors import RatingbookError
from ratingbook.ratings.crikey import CRIKEY_RESULTS, format_hundredths
from ratingbook.seeds.lines import content_lines, gc_paused, line_error, readings, whole_number

__all__ = ["CrikeyTable", "format_crikey", "read_crikey"]


@dataclass(frozen=True, slots=True)
class CrikeyTable:
    """One tournament of the judge input, as :func:`~ratingbook.ratings.crikey.replay_crikey`
    takes it.

    ``names`` and ``ratings`` (hundredths) are the players in input order; each game is
    ``(white index, black index, result index, white pieces, black pieces)`` into them, read
    and checked; ``lines`` holds the input line of each game.
    """

    names: list[str]
    ratings: list[int]
    games: list[tuple[int, int, int, int, int]]
    lines: Sequence[int]


@gc_paused
def read_crikey(text: str) -> list[CrikeyTable]:
    """Read and check the contest input (``n m``, n lines ``name rating``, m game lines) into one
    :class:`CrikeyTable` per tournament; every problem is a :class:`ParseError` naming its line.
    """
    body, numbers = content_lines(text.splitlines())
    end = len(body)
    at = 0  # the next line of body to read

    def next_line(expecting: str) -> tuple[int, list[str]]:
        nonlocal at
        if at == end:
            last = numbers[at - 1] if at else 0
            raise line_error(last + 1, f"input ended where {expecting} was expected")
        at += 1
        return numbers[at - 1], body[at - 1].split()

    n, tokens = next_line("the number of tournaments")
    if len(tokens) != 1:
        raise line_error(n, f"expected the number of tournaments, got {' '.join(tokens)!r}")
    count = whole_number(tokens[0], n, "number of tournaments")
    tournaments: list[CrikeyTable] = []
    for t in range(1, count + 1):
        n, tokens = next_line(f"the player and game counts of tournament {t}")
        if len(tokens) != 2:
            raise line_error(
                n, f"expected 'players games' for tournament {t}, got {' '.join(tokens)!r}"
            )
        players = whole_number(tokens[0], n, "number of players", low=1)
        games = whole_number(tokens[1], n, "number of games")
        index: dict[str, int] = {}  # name -> position in the player list
        ratings: list[int] = []
        for p in range(1, players + 1):
            n, tokens = next_line(f"player {p} of {players} of tournament {t}")
            if len(tokens) != 2:
                raise line_error(n, f"expected 'name rating', got {' '.join(tokens)!r}")
            name, rating = tokens
            if name in index:
                raise line_error(n, f"{listed_twice(name)} in tournament {t}")
            try:
                ratings.append(cells.hundredths(rating))
            except RatingbookError as error:
                raise line_error(n, error.problem) from None
            index[name] = len(index)
        played = None
        if at + games <= end:
            played = _crikey_games_in_bulk(body[at : at + games], index)
        if played is None:
            played = []
            for g in range(1, games + 1):
                n, tokens = next_line(f"game {g} of {games} of tournament {t}")
                played.append(_crikey_game(n, tokens, index, t))
        else:
            at += games
        tournaments.append(CrikeyTable(list(index), ratings, played, numbers[at - games : at]))
    if at < end:
        raise line_error(
            numbers[at], f"unexpected text after the last tournament: {body[at].strip()!r}"
        )
    return tournaments


def _crikey_game(
    n: int, tokens: list[str], index: dict[str, int], t: int
) -> tuple[int, int, int, int, int]:
    """One game line of tournament ``t``, checked; every game error is raised here."""
    if len(tokens) != 5:
        raise line_error(
            n,
            f"expected 'white black result white_pieces black_pieces', got {' '.join(tokens)!r}",
        )
    white, black, result, white_pieces, black_pieces = tokens
    for name in (white, black):
        if name not in index:
            raise line_error(n, f"{name!r} is not a player of tournament {t}")
    try:
        outcome = parse_crikey_result(result, column=None)
    except RatingbookError as error:
        raise line_error(n, error.problem) from None
    return (
        index[white],
        index[black],
        CRIKEY_RESULTS.index(outcome),
        whole_number(white_pieces, n, "white's piece value"),
        whole_number(black_pieces, n, "black's piece value"),
    )


def _crikey_result_or_none(token: str) -> int | None:
    """The result index :func:`~ratingbook.ratings.crikey.replay_crikey` takes; None if not one."""
    try:
        return CRIKEY_RESULTS.index(parse_crikey_result(token, column=None))
    except RatingbookError:
        return None


def _pieces_or_none(token: str) -> int | None:
    """A piece value as :func:`whole_number` reads it, None where it would raise."""
    try:
        value = int(token)
    except ValueError:
        return None
    return value if value >= 0 else None


def _crikey_games_in_bulk(
    lines: list[str], index: dict[str, int]
) -> list[tuple[int, int, int, int, int]] | None:
    """The game lines of one tournament read in bulk, or None if any of them has a problem
    (the caller then reads them one by one to report the first)."""
    if not lines:
        return []
    if set(map(len, map(str.split, lines))) != {5}:
        return None
    # Five tokens on every line: the tokens of all the lines, in columns.
    tokens = " ".join(lines).split()
    whites, blacks, results, white_pieces, black_pieces = (tokens[c::5] for c in range(5))
    # An unknown name or an unreadable token is a KeyError: the block goes line by line.
    player, outcome, piece = (
        index.__getitem__,
        readings(_crikey_result_or_none).__getitem__,
        readings(_pieces_or_none).__getitem__,
    )
    try:
        return list(
            zip(
                map(player, whites),
                map(player, blacks),
                map(outcome, results),
                map(piece, white_pieces),
                map(piece, black_pieces),
                strict=True,
            )
        )
    except KeyError:
        return None


def format_crikey(results: Sequence[dict[str, int]]) -> str:
    """The judge output: per tournament ``Ratings after Tournament k:`` then ``name rating``
    lines, highest rating first, equal ratings in decreasing alphabetical order."""
    out: list[str] = []
    for k, ratings in enumerate(results, start=1):
        out.append(f"Ratings after Tournament {k}:")
        for name, rating in sorted(
            ratings.items(), key=lambda item: (item[1], item[0]), reverse=True
        ):
            out.append(f"{name} {format_hundredths(rating)}")
    return "".join(line + "\n" for line in out)
