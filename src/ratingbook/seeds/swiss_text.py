"""Seed 004's text format: names, a blank line, rounds separated by blank lines; the table.

Games are read into plain tuples of player indices and halves, which
:func:`ratingbook.ratings.swiss_standings.rank_games` takes as they are.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ratingbook.core import cells
from ratingbook.core.rules import check_players, check_points, competition_ranks, listed_twice
from ratingbook.errors import Location, ParseError, RatingbookError
from ratingbook.seeds.lines import content_lines, gc_paused, line_error, readings

if TYPE_CHECKING:
    from ratingbook.ratings.swiss_standings import player_result

__all__ = ["SwissTable", "format_swiss_table", "parse_swiss_points", "read_swiss"]


def parse_swiss_points(
    value: object, where: Location | None = None, column: str | None = None
) -> int:
    """A player's points for one game, 1, ½ (``0.5``, ``½``, ``1/2``) or 0, counted in halves.

    What a score is, is decided by :func:`ratingbook.core.cells.score`; the message is seed 004's.
    """
    try:
        number = cells.score(value)
    except RatingbookError:
        shown = "an empty cell" if value is None or value == "" else repr(value)
        raise ParseError(f"points {shown} must be 1, 0.5 or 0", where, column) from None
    return int(number * 2)


@dataclass(frozen=True, slots=True)
class SwissTable:
    """Seed 004's input as :func:`ratingbook.ratings.swiss_standings.rank_games` takes it: the
    player names (each once) and the games as ``(white index, black index, white halves, black
    halves)`` into
    them, read and checked; ``lines`` holds the input line of each game."""

    players: list[str]
    games: list[tuple[int, int, int, int]]
    lines: Sequence[int]


@gc_paused
def read_swiss(text: str) -> SwissTable:
    """Read and check seed 004's input: player names one per line, a blank line, then the
    rounds, separated by blank lines (any number of them), each game ``white black
    white_points black_points``. Every problem is a :class:`ParseError` naming its line."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    index: dict[str, int] = {}  # name -> position in the player list
    while i < len(lines) and lines[i].strip():
        line = lines[i]
        tokens = line.split()
        if len(tokens) != 1:
            raise line_error(
                i + 1,
                f"player name {line.strip()!r} contains spaces (games name players by one word); "
                "is the blank line after the names missing?",
            )
        if tokens[0] in index:
            raise line_error(i + 1, listed_twice(tokens[0]))
        index[tokens[0]] = len(index)
        i += 1
    body, numbers = content_lines(lines[i:], first=i + 1)
    games = _swiss_games_in_bulk(body, index)
    if games is None:
        games = [_swiss_game(n, line, index) for n, line in zip(numbers, body, strict=True)]
    return SwissTable(list(index), games, numbers)


def _swiss_game(n: int, line: str, index: dict[str, int]) -> tuple[int, int, int, int]:
    """One game line, checked; every game error is raised here."""
    tokens = line.split()
    if len(tokens) != 4:
        raise line_error(
            n, f"expected 'white black white_points black_points', got {line.strip()!r}"
        )
    white, black, white_points, black_points = tokens
    for name in (white, black):
        if name not in index:
            raise line_error(n, f"{name!r} is not in the player list")
    try:
        check_players(white, black)
        wh = parse_swiss_points(white_points)
        bh = parse_swiss_points(black_points)
        check_points(wh, bh, white_points, black_points)
    except RatingbookError as error:
        raise line_error(n, error.problem) from None
    return index[white], index[black], wh, bh


def _halves_or_none(token: str) -> int | None:
    try:
        return parse_swiss_points(token)
    except RatingbookError:
        return None


def _swiss_games_in_bulk(
    lines: list[str], index: dict[str, int]
) -> list[tuple[int, int, int, int]] | None:
    """The game lines read in bulk, or None if any of them might have a problem (the caller
    then reads them one by one: the rules in :mod:`ratingbook.core.rules` decide and word it)."""
    if not lines:
        return []
    if set(map(len, map(str.split, lines))) != {4}:
        return None
    # Four tokens on every line: the tokens of all the lines, in columns.
    tokens = " ".join(lines).split()
    whites, blacks, white_points, black_points = (tokens[c::4] for c in range(4))
    if any(map(operator.eq, whites, blacks)):
        return None
    # An unknown name or an unreadable score is a KeyError: the block goes line by line.
    player, halves = index.__getitem__, readings(_halves_or_none).__getitem__
    try:
        white_players, black_players = list(map(player, whites)), list(map(player, blacks))
        white_halves, black_halves = (
            list(map(halves, white_points)),
            list(map(halves, black_points)),
        )
    except KeyError:
        return None
    if max(map(operator.add, white_halves, black_halves)) > 2:
        return None
    return list(zip(white_players, black_players, white_halves, black_halves, strict=True))


def _fixed(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def format_swiss_table(results: Sequence[player_result]) -> str:
    """The seed's standings table: rank, name, points, resistance, Sonneborn-Berger, blacks.

    Players equal on all four keys share a rank (the next rank skips, as in "3. Anna and
    Charlotte ... 5. Femke").
    """
    out = ["\tpt\trp\tSB\tb"]
    ranks = competition_ranks(
        [(r.points, r.resistance_points, r.sonnenborn_berger, r.black) for r in results]
    )
    for rank, r in zip(ranks, results, strict=True):
        out.append(
            f"{rank} {r.name}\t{_fixed(r.points, 1)}\t{_fixed(r.resistance_points, 1)}"
            f"\t{_fixed(r.sonnenborn_berger, 2)}\t{r.black}"
        )
    return "".join(line + "\n" for line in out)
