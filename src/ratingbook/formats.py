"""The seeds' text formats, parsed into engine values and printed back.

- Crikey (seed 000): the contest's judge input and output.
- Elo series (seed 003): ``file.in`` (``K RA RB``, then one score per line) and ``file.out``.
- Swiss (seed 004): names, a blank line, rounds separated by blank lines; the standings table.

Every parse error is a :class:`ParseError` naming the input line (counted from 1).

Speed: the long parts of the inputs (games, scores) are read in bulk, a whole block of lines at
a time, with C-level ``str.split``, slicing and ``map``, and each distinct token (``won``,
``0.5``, a piece value) is read once, through the same reader a single line uses. A block with
anything wrong in it is read again line by line, which finds and reports the first problem: the
line-numbered errors have one home, the line-by-line reader. The readers that make a tuple per
game pause the cyclic garbage collector meanwhile (see :func:`_gc_paused`).

Games are read into plain tuples of player indices and numbers (:func:`read_crikey`,
:func:`read_swiss`), which the engines' fast loops take as they are; a line number becomes a
:class:`Location` only where an error is reported, or where :func:`parse_crikey` and
:func:`parse_swiss` build their game objects.
"""

from __future__ import annotations

import functools
import gc
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from itertools import compress
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from ratingbook import cells
from ratingbook.cells import MAX_DIGITS
from ratingbook.crikey import CRIKEY_RESULTS, CrikeyGame, format_hundredths
from ratingbook.errors import Location, ParseError, RatingbookError
from ratingbook.results import parse_crikey_result
from ratingbook.rules import check_players, check_points, competition_ranks
from ratingbook.swissgame import SwissGame

if TYPE_CHECKING:
    from ratingbook.swiss import player_result

__all__ = [
    "CrikeyTable",
    "CrikeyTournament",
    "EloSeriesInput",
    "SwissTable",
    "format_crikey",
    "format_elo_series",
    "format_number",
    "format_swiss_table",
    "parse_crikey",
    "parse_elo_series",
    "parse_swiss",
    "parse_swiss_points",
    "read_crikey",
    "read_swiss",
]


T = TypeVar("T")
P = ParamSpec("P")


def _gc_paused(parse: Callable[P, T]) -> Callable[P, T]:
    """Run ``parse`` with the cyclic garbage collector paused.

    A read makes a tuple (and a list of tokens) per line, none of them garbage and none in a
    cycle; meanwhile every collector pass would walk all the objects made so far, which took a
    third of the time of a 150,000-game parse. Reference counting still frees everything as
    usual; the collector resumes afterwards (unless it was off already).
    """

    @functools.wraps(parse)
    def paused(*args: P.args, **kwargs: P.kwargs) -> T:
        if not gc.isenabled():
            return parse(*args, **kwargs)
        gc.disable()
        try:
            return parse(*args, **kwargs)
        finally:
            gc.enable()

    return paused


def _content(lines: list[str], first: int = 1) -> tuple[list[str], Sequence[int]]:
    """The lines that are not blank, and their numbers (``lines[0]`` is line ``first``)."""
    if "" not in lines and not any(map(str.isspace, lines)):
        return lines, range(first, first + len(lines))
    # str.strip() empties exactly the lines that are blank or whitespace only.
    kept = list(map(bool, map(str.strip, lines)))
    return list(compress(lines, kept)), list(compress(range(first, first + len(lines)), kept))


class _Readings(dict[str, T]):
    """``read`` applied once to each distinct token, when first looked up; a token that ``read``
    cannot read (None) is a KeyError, which sends a block to the line-by-line reader."""

    def __init__(self, read: Callable[[str], T | None]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, token: str) -> T:
        value = self.read(token)
        if value is None:
            raise KeyError(token)
        self[token] = value
        return value


def _readings(read: Callable[[str], T | None]) -> Mapping[str, T]:
    """A table of what ``read`` makes of each token (see :class:`_Readings`)."""
    return _Readings(read)


def _fail(line: int, problem: str) -> ParseError:
    return ParseError(problem, Location(line=line))


def _whole(token: str, line: int, what: str, low: int = 0) -> int:
    try:
        value = int(token)
    except ValueError:
        raise _fail(line, f"{what} {token!r} is not a whole number") from None
    if value < low:
        raise _fail(line, f"{what} {token!r} must be at least {low}")
    return value


# --- Crikey (seed 000) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrikeyTable:
    """One tournament of the judge input as :func:`ratingbook.crikey.replay_crikey` takes it.

    ``names`` and ``ratings`` (hundredths) are the players in input order; each game is
    ``(white index, black index, result index, white pieces, black pieces)`` into them, read
    and checked; ``lines`` holds the input line of each game.
    """

    names: list[str]
    ratings: list[int]
    games: list[tuple[int, int, int, int, int]]
    lines: Sequence[int]


@dataclass(frozen=True, slots=True)
class CrikeyTournament:
    """One tournament of the judge input: the players' ratings (hundredths) and the games."""

    ratings: dict[str, int]
    games: tuple[CrikeyGame, ...]


@_gc_paused
def parse_crikey(text: str) -> list[CrikeyTournament]:
    """Parse the contest input: the number of tournaments, then per tournament ``n m``, n lines
    ``name rating`` and m lines ``white black result white_pieces black_pieces``.

    Blank lines are skipped. Counts that do not match the lines that follow are errors. The
    games are :class:`CrikeyGame` objects, each with its input line; :func:`read_crikey` reads
    the same input into the plain tuples the judge command replays.
    """
    return [
        CrikeyTournament(
            ratings=dict(zip(table.names, table.ratings, strict=True)),
            games=tuple(
                CrikeyGame(
                    table.names[w],
                    table.names[b],
                    CRIKEY_RESULTS[r],
                    wp,
                    bp,
                    where=Location(line=n),
                )
                for (w, b, r, wp, bp), n in zip(table.games, table.lines, strict=True)
            ),
        )
        for table in read_crikey(text)
    ]


@_gc_paused
def read_crikey(text: str) -> list[CrikeyTable]:
    """Read and check the contest input (see :func:`parse_crikey`) into one
    :class:`CrikeyTable` per tournament; every problem is a :class:`ParseError` naming its line.
    """
    body, numbers = _content(text.splitlines())
    end = len(body)
    at = 0  # the next line of body to read

    def next_line(expecting: str) -> tuple[int, list[str]]:
        nonlocal at
        if at == end:
            last = numbers[at - 1] if at else 0
            raise _fail(last + 1, f"input ended where {expecting} was expected")
        at += 1
        return numbers[at - 1], body[at - 1].split()

    n, tokens = next_line("the number of tournaments")
    if len(tokens) != 1:
        raise _fail(n, f"expected the number of tournaments, got {' '.join(tokens)!r}")
    count = _whole(tokens[0], n, "number of tournaments")
    tournaments: list[CrikeyTable] = []
    for t in range(1, count + 1):
        n, tokens = next_line(f"the player and game counts of tournament {t}")
        if len(tokens) != 2:
            raise _fail(n, f"expected 'players games' for tournament {t}, got {' '.join(tokens)!r}")
        players = _whole(tokens[0], n, "number of players", low=1)
        games = _whole(tokens[1], n, "number of games")
        index: dict[str, int] = {}  # name -> position in the player list
        ratings: list[int] = []
        for p in range(1, players + 1):
            n, tokens = next_line(f"player {p} of {players} of tournament {t}")
            if len(tokens) != 2:
                raise _fail(n, f"expected 'name rating', got {' '.join(tokens)!r}")
            name, rating = tokens
            if name in index:
                raise _fail(n, f"player {name!r} is listed twice in tournament {t}")
            try:
                ratings.append(cells.hundredths(rating))
            except RatingbookError as error:
                raise _fail(n, error.problem) from None
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
        raise _fail(numbers[at], f"unexpected text after the last tournament: {body[at].strip()!r}")
    return tournaments


def _crikey_game(
    n: int, tokens: list[str], index: dict[str, int], t: int
) -> tuple[int, int, int, int, int]:
    """One game line of tournament ``t``, checked; every game error is raised here."""
    if len(tokens) != 5:
        raise _fail(
            n,
            f"expected 'white black result white_pieces black_pieces', got {' '.join(tokens)!r}",
        )
    white, black, result, white_pieces, black_pieces = tokens
    for name in (white, black):
        if name not in index:
            raise _fail(n, f"{name!r} is not a player of tournament {t}")
    try:
        outcome = parse_crikey_result(result, column=None)
    except RatingbookError as error:
        raise _fail(n, error.problem) from None
    return (
        index[white],
        index[black],
        CRIKEY_RESULTS.index(outcome),
        _whole(white_pieces, n, "white's piece value"),
        _whole(black_pieces, n, "black's piece value"),
    )


def _crikey_result_or_none(token: str) -> int | None:
    """The result index :func:`ratingbook.crikey.replay_crikey` takes; None if not a result."""
    try:
        return CRIKEY_RESULTS.index(parse_crikey_result(token, column=None))
    except RatingbookError:
        return None


def _pieces_or_none(token: str) -> int | None:
    """A piece value as :func:`_whole` reads it, None where it would raise."""
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
        _readings(_crikey_result_or_none).__getitem__,
        _readings(_pieces_or_none).__getitem__,
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


# --- Elo series (seed 003) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EloSeriesInput:
    """``file.in``: K, the two initial ratings and A's score in each game."""

    k: int | Fraction
    rating_a: int | Fraction
    rating_b: int | Fraction
    #: 1, 0.5 or 0: exact values (0.5 is a binary fraction), in the engine's fast types.
    scores: tuple[int | float, ...]


def _number(token: str) -> int | Fraction | None:
    """A decimal number as an exact int or Fraction; ``½`` and ``1/2`` too; None if not a number."""
    text = token.strip()
    if text == "½":
        return Fraction(1, 2)
    try:
        if "/" in text:
            value = Fraction(text)
        else:
            decimal = Decimal(text)
            if not decimal.is_finite() or (decimal and abs(decimal.adjusted()) > MAX_DIGITS):
                return None  # not a number, or absurdly large or small (costly as a Fraction)
            value = Fraction(decimal)
    except (InvalidOperation, ValueError, ZeroDivisionError):
        return None
    return int(value) if value.denominator == 1 else value


def parse_elo_series(text: str) -> EloSeriesInput:
    """Parse ``file.in``: ``K RA RB`` on the first line, then A's scores (1, 0.5 or 0) per line.

    A first line that is not numeric is taken as a header and skipped; tabs and blank lines are
    fine; several scores on a line are read in order.
    """
    body, numbers = _content(text.splitlines())
    first = 0
    if body and all(_number(token) is None for token in body[0].split()):
        # A header line such as "K RA RB". A line with any number in it is data: "32 1613 16O9"
        # is a typo to report, not a header to skip.
        first = 1
    if first == len(body):
        raise _fail(1, "input is empty; expected 'K RA RB' on the first line")
    n, tokens = numbers[first], body[first].split()
    if len(tokens) != 3:
        raise _fail(n, f"expected 'K RA RB', got {' '.join(tokens)!r}")
    values: list[int | Fraction] = []
    for what, token in zip(("K", "RA", "RB"), tokens, strict=True):
        value = _number(token)
        if value is None:
            raise _fail(n, f"{what} {token!r} is not a number")
        values.append(value)
    if values[0] < 0:
        raise _fail(n, f"K {tokens[0]!r} must not be negative")
    lines = body[first + 1 :]
    # Joined with spaces, the lines split into the same tokens as one by one.
    all_scores = " ".join(lines).split()
    scores: tuple[int | float, ...]
    try:
        scores = tuple(map(_readings(_score_or_none).__getitem__, all_scores))
    except KeyError:  # a score that is not one: read line by line to name its line
        scores = tuple(
            _score(token, n)
            for n, line in zip(numbers[first + 1 :], lines, strict=True)
            for token in line.split()
        )
    return EloSeriesInput(values[0], values[1], values[2], scores)


# seed 003: "the actual score S_A as 1 for a win, 0.5 for a draw, and 0 for a loss".
_SCORES: dict[int | Fraction, int | float] = {1: 1, Fraction(1, 2): 0.5, 0: 0}


def _score_or_none(token: str) -> int | float | None:
    """A's score in one game: 1, 0.5 or 0 (seed 003, read by :func:`ratingbook.cells.score`);
    None if it is not one of them."""
    try:
        return _SCORES[cells.score(token)]
    except RatingbookError:
        return None


def _score(token: str, line: int) -> int | float:
    score = _score_or_none(token)
    if score is None:
        raise _fail(line, f"score {token!r} must be 1 (win), 0.5 (draw) or 0 (loss)")
    return score


def format_number(value: int | float | Fraction | Decimal) -> str:
    """Print whole numbers without decimals (1613) and others in their shortest exact-ish form."""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction | Decimal | float) and value == int(value):
        return str(int(value))
    return repr(float(value)) if not isinstance(value, Decimal) else str(value)


def format_elo_series(pairs: Sequence[tuple[object, object]]) -> str:
    """``file.out``: one ``RA RB`` line per pair, starting with the initial ratings."""
    return "".join(
        # Whole numbers (nearly every pair: seed 003 rounds after each game) print as str() does.
        f"{a} {b}\n"
        if type(a) is int and type(b) is int
        else f"{format_number(a)} {format_number(b)}\n"  # type: ignore[arg-type]
        for a, b in pairs
    )


# --- Swiss (seed 004) -------------------------------------------------------------------------


def parse_swiss_points(
    value: object, where: Location | None = None, column: str | None = None
) -> int:
    """A player's points for one game, 1, ½ (``0.5``, ``½``, ``1/2``) or 0, counted in halves.

    What a score is, is decided by :func:`ratingbook.cells.score`; the message is seed 004's.
    """
    try:
        number = cells.score(value)
    except RatingbookError:
        shown = "an empty cell" if value is None or value == "" else repr(value)
        raise ParseError(f"points {shown} must be 1, 0.5 or 0", where, column) from None
    return int(number * 2)


@dataclass(frozen=True, slots=True)
class SwissTable:
    """Seed 004's input as :func:`ratingbook.swiss.rank_games` takes it: the player names (each
    once) and the games as ``(white index, black index, white halves, black halves)`` into
    them, read and checked; ``lines`` holds the input line of each game."""

    players: list[str]
    games: list[tuple[int, int, int, int]]
    lines: Sequence[int]


@_gc_paused
def parse_swiss(text: str) -> tuple[list[str], list[SwissGame]]:
    """Parse seed 004's input: player names one per line, a blank line, then the rounds.

    Rounds are separated by blank lines (any number of them); each game is
    ``white black white_points black_points``. Returns the player list and the games in order,
    each with its input line; :func:`read_swiss` reads the same input into plain tuples.
    """
    table = read_swiss(text)
    names = table.players
    return names, [
        SwissGame(names[w], names[b], wh, bh, where=Location(line=n))
        for (w, b, wh, bh), n in zip(table.games, table.lines, strict=True)
    ]


@_gc_paused
def read_swiss(text: str) -> SwissTable:
    """Read and check seed 004's input (see :func:`parse_swiss`); every problem is a
    :class:`ParseError` naming its line."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    index: dict[str, int] = {}  # name -> position in the player list
    while i < len(lines) and lines[i].strip():
        line = lines[i]
        tokens = line.split()
        if len(tokens) != 1:
            raise _fail(
                i + 1,
                f"player name {line.strip()!r} contains spaces (games name players by one word); "
                "is the blank line after the names missing?",
            )
        if tokens[0] in index:
            raise _fail(i + 1, f"player {tokens[0]!r} is listed twice")
        index[tokens[0]] = len(index)
        i += 1
    body, numbers = _content(lines[i:], first=i + 1)
    games = _swiss_games_in_bulk(body, index)
    if games is None:
        games = [_swiss_game(n, line, index) for n, line in zip(numbers, body, strict=True)]
    return SwissTable(list(index), games, numbers)


def _swiss_game(n: int, line: str, index: dict[str, int]) -> tuple[int, int, int, int]:
    """One game line, checked; every game error is raised here."""
    tokens = line.split()
    if len(tokens) != 4:
        raise _fail(n, f"expected 'white black white_points black_points', got {line.strip()!r}")
    white, black, white_points, black_points = tokens
    for name in (white, black):
        if name not in index:
            raise _fail(n, f"{name!r} is not in the player list")
    try:
        check_players(white, black)
        wh = parse_swiss_points(white_points)
        bh = parse_swiss_points(black_points)
        check_points(wh, bh, white_points, black_points)
    except RatingbookError as error:
        raise _fail(n, error.problem) from None
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
    then reads them one by one: the rules in :mod:`ratingbook.rules` decide and word it)."""
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
    player, halves = index.__getitem__, _readings(_halves_or_none).__getitem__
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
