"""The seeds' text formats, parsed into engine values and printed back.

- Crikey (seed 000): the contest's judge input and output.
- Elo series (seed 003): ``file.in`` (``K RA RB``, then one score per line) and ``file.out``.
- Swiss (seed 004): names, a blank line, rounds separated by blank lines; the standings table.

Every parse error is a :class:`ParseError` naming the input line (counted from 1).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ratingbook.crikey import CrikeyGame, format_hundredths, parse_hundredths
from ratingbook.errors import Location, ParseError, RatingbookError
from ratingbook.results import parse_crikey_result
from ratingbook.swiss import SwissGame, player_result

__all__ = [
    "CrikeyTournament",
    "EloSeriesInput",
    "format_crikey",
    "format_elo_series",
    "format_number",
    "format_swiss_table",
    "parse_crikey",
    "parse_elo_series",
    "parse_swiss",
    "parse_swiss_points",
]


# No value in these formats has more digits than this before the decimal point.
MAX_DIGITS = 15


def _lines(text: str) -> list[tuple[int, str]]:
    """Number the lines from 1; the text may use any newline convention."""
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1)]


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
class CrikeyTournament:
    """One tournament of the judge input: the players' ratings (hundredths) and the games."""

    ratings: dict[str, int]
    games: tuple[CrikeyGame, ...]


def parse_crikey(text: str) -> list[CrikeyTournament]:
    """Parse the contest input: the number of tournaments, then per tournament ``n m``, n lines
    ``name rating`` and m lines ``white black result white_pieces black_pieces``.

    Blank lines are skipped. Counts that do not match the lines that follow are errors.
    """
    lines: Iterator[tuple[int, str]] = ((n, line) for n, line in _lines(text) if line.strip())
    last = 0

    def next_line(expecting: str) -> tuple[int, list[str]]:
        nonlocal last
        try:
            n, line = next(lines)
        except StopIteration:
            raise _fail(last + 1, f"input ended where {expecting} was expected") from None
        last = n
        return n, line.split()

    n, tokens = next_line("the number of tournaments")
    if len(tokens) != 1:
        raise _fail(n, f"expected the number of tournaments, got {' '.join(tokens)!r}")
    count = _whole(tokens[0], n, "number of tournaments")
    tournaments: list[CrikeyTournament] = []
    for t in range(1, count + 1):
        n, tokens = next_line(f"the player and game counts of tournament {t}")
        if len(tokens) != 2:
            raise _fail(n, f"expected 'players games' for tournament {t}, got {' '.join(tokens)!r}")
        players = _whole(tokens[0], n, "number of players", low=1)
        games = _whole(tokens[1], n, "number of games")
        ratings: dict[str, int] = {}
        for p in range(1, players + 1):
            n, tokens = next_line(f"player {p} of {players} of tournament {t}")
            if len(tokens) != 2:
                raise _fail(n, f"expected 'name rating', got {' '.join(tokens)!r}")
            name, rating = tokens
            if name in ratings:
                raise _fail(n, f"player {name!r} is listed twice in tournament {t}")
            try:
                ratings[name] = parse_hundredths(rating)
            except RatingbookError as error:
                raise _fail(n, error.problem) from None
        played: list[CrikeyGame] = []
        for g in range(1, games + 1):
            n, tokens = next_line(f"game {g} of {games} of tournament {t}")
            if len(tokens) != 5:
                raise _fail(
                    n,
                    "expected 'white black result white_pieces black_pieces', "
                    f"got {' '.join(tokens)!r}",
                )
            white, black, result, white_pieces, black_pieces = tokens
            for name in (white, black):
                if name not in ratings:
                    raise _fail(n, f"{name!r} is not a player of tournament {t}")
            try:
                outcome = parse_crikey_result(result, column=None)
            except RatingbookError as error:
                raise _fail(n, error.problem) from None
            played.append(
                CrikeyGame(
                    white=white,
                    black=black,
                    result=outcome,
                    white_pieces=_whole(white_pieces, n, "white's piece value"),
                    black_pieces=_whole(black_pieces, n, "black's piece value"),
                    where=Location(line=n),
                )
            )
        tournaments.append(CrikeyTournament(ratings=ratings, games=tuple(played)))
    for n, line in lines:
        raise _fail(n, f"unexpected text after the last tournament: {line.strip()!r}")
    return tournaments


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
    scores: tuple[int | Fraction, ...]


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
    lines = [(n, line.split()) for n, line in _lines(text) if line.strip()]
    if lines and all(_number(token) is None for token in lines[0][1]):
        # A header line such as "K RA RB". A line with any number in it is data: "32 1613 16O9"
        # is a typo to report, not a header to skip.
        lines = lines[1:]
    if not lines:
        raise _fail(1, "input is empty; expected 'K RA RB' on the first line")
    n, tokens = lines[0]
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
    scores: list[int | Fraction] = []
    for n, tokens in lines[1:]:
        for token in tokens:
            score = _number(token)
            # seed 003: "the actual score S_A as 1 for a win, 0.5 for a draw, and 0 for a loss".
            if score is None or score not in (0, Fraction(1, 2), 1):
                raise _fail(n, f"score {token!r} must be 1 (win), 0.5 (draw) or 0 (loss)")
            scores.append(score)
    return EloSeriesInput(values[0], values[1], values[2], tuple(scores))


def format_number(value: int | float | Fraction | Decimal) -> str:
    """Print whole numbers without decimals (1613) and others in their shortest exact-ish form."""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction | Decimal | float) and value == int(value):
        return str(int(value))
    return repr(float(value)) if not isinstance(value, Decimal) else str(value)


def format_elo_series(pairs: Sequence[tuple[object, object]]) -> str:
    """``file.out``: one ``RA RB`` line per pair, starting with the initial ratings."""
    return "".join(f"{format_number(a)} {format_number(b)}\n" for a, b in pairs)  # type: ignore[arg-type]


# --- Swiss (seed 004) -------------------------------------------------------------------------


def parse_swiss_points(
    value: object, where: Location | None = None, column: str | None = None
) -> int:
    """A player's points for one game, 1, ½ (``0.5``, ``½``, ``1/2``) or 0, counted in halves."""
    number: int | Fraction | None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float):
        number = Fraction(repr(value))
    elif isinstance(value, str):
        number = _number(value)
    else:
        number = None
    if number is None or number not in (0, Fraction(1, 2), 1):
        shown = "an empty cell" if value is None or value == "" else repr(value)
        raise ParseError(f"points {shown} must be 1, 0.5 or 0", where, column)
    return int(number * 2)


def parse_swiss(text: str) -> tuple[list[str], list[SwissGame]]:
    """Parse seed 004's input: player names one per line, a blank line, then the rounds.

    Rounds are separated by blank lines (any number of them); each game is
    ``white black white_points black_points``. Returns the player list and the games in order.
    """
    lines = _lines(text)
    i = 0
    while i < len(lines) and not lines[i][1].strip():
        i += 1
    players: list[str] = []
    seen: set[str] = set()
    while i < len(lines) and lines[i][1].strip():
        n, line = lines[i]
        tokens = line.split()
        if len(tokens) != 1:
            raise _fail(
                n,
                f"player name {line.strip()!r} contains spaces (games name players by one word); "
                "is the blank line after the names missing?",
            )
        if tokens[0] in seen:
            raise _fail(n, f"player {tokens[0]!r} is listed twice")
        seen.add(tokens[0])
        players.append(tokens[0])
        i += 1
    games: list[SwissGame] = []
    for n, line in lines[i:]:
        tokens = line.split()
        if not tokens:
            continue
        if len(tokens) != 4:
            raise _fail(
                n, f"expected 'white black white_points black_points', got {line.strip()!r}"
            )
        white, black, white_points, black_points = tokens
        for name in (white, black):
            if name not in seen:
                raise _fail(n, f"{name!r} is not in the player list")
        if white == black:
            raise _fail(n, f"player {white!r} cannot play themself")
        try:
            wh = parse_swiss_points(white_points)
            bh = parse_swiss_points(black_points)
        except RatingbookError as error:
            raise _fail(n, error.problem) from None
        if wh + bh > 2:
            raise _fail(n, f"points {white_points!r} and {black_points!r} add up to more than 1")
        games.append(SwissGame(white, black, wh, bh, where=Location(line=n)))
    return players, games


def _fixed(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def format_swiss_table(results: Sequence[player_result]) -> str:
    """The seed's standings table: rank, name, points, resistance, Sonneborn-Berger, blacks.

    Players equal on all four keys share a rank (the next rank skips, as in "3. Anna and
    Charlotte ... 5. Femke").
    """
    out = ["\tpt\trp\tSB\tb"]
    rank = 0
    previous: tuple[float, float, float, int] | None = None
    for position, r in enumerate(results, start=1):
        key = (r.points, r.resistance_points, r.sonnenborn_berger, r.black)
        if key != previous:
            rank = position
            previous = key
        out.append(
            f"{rank} {r.name}\t{_fixed(r.points, 1)}\t{_fixed(r.resistance_points, 1)}"
            f"\t{_fixed(r.sonnenborn_berger, 2)}\t{r.black}"
        )
    return "".join(line + "\n" for line in out)
