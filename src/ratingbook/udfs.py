"""Worksheet functions (UDFs): ``=ELO_UPDATE(...)`` and friends, thin wrappers over the engine.

This module's name is what the add-in's "UDF Modules" setting points at (``ratingbook.udfs``).
The functions are named in capitals because classic xlwings (Windows) names the Excel function
exactly like the Python one; xlwings Server and Lite upper-case the name anyway.

Each function only turns Excel's arguments into plain values, calls the engine and shapes the
result: a single number, or a 2-D list that Excel spills into the cells below and to the right.
The docstrings are the help text Excel shows.

A range argument can arrive as a single value (one cell), a flat list (one row or one column) or
a list of rows, depending on its shape and the runtime; all three are accepted. Bad arguments
raise :class:`~ratingbook.errors.RatingbookError` with the bad value quoted, which Excel shows as
the cell's error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import xlwings as xw

from ratingbook.core import cells
from ratingbook.core.results import Result, parse_crikey_result
from ratingbook.core.rules import check_players, check_points, result_of_score
from ratingbook.core.tables import Row, column_places, header_key
from ratingbook.errors import InvalidValueError, Location, RatingbookError
from ratingbook.events import event as swiss_event
from ratingbook.events.codes import parse_tiebreaks
from ratingbook.ratings import crikey, elo, glicko2, ladder, swiss_standings
from ratingbook.workbook.sheets.event_rows import build_event
from ratingbook.workbook.sheets.schemas import SWISS_EVENT_GAMES

if TYPE_CHECKING:
    from ratingbook.events.team import TeamEvent
    from ratingbook.reports.swiss_grids import SheetGrid

__all__ = [
    "CRIKEY_UPDATE",
    "ELO_EXPECTED",
    "ELO_SERIES",
    "ELO_TOURNAMENT",
    "ELO_UPDATE",
    "FIDE_RATING_CHANGE",
    "GLICKO2_UPDATE",
    "LADDER_UPDATE",
    "SWISS_EXPLAIN",
    "SWISS_STANDINGS",
    "TEAM_EXPLAIN",
    "TEAM_STANDINGS",
]

#: One spilled row must fit on a worksheet (16,384 columns).
MAX_CONTESTANTS = 16_384
#: A worksheet function must not freeze Excel (this many games take a few seconds); larger
#: tournaments belong on the command line (`ratingbook elo-tournament`).
MAX_TOURNAMENT_GAMES = 50_000


# --- arguments ---------------------------------------------------------------------------------


def _rows(value: object) -> list[list[object]]:
    """A range argument as rows: one cell -> [[v]], a flat list -> one row, rows stay rows."""
    if isinstance(value, list | tuple):
        if not value:
            return []
        if all(isinstance(line, list | tuple) for line in value):
            return [list(line) for line in value]
        return [list(value)]
    return [[value]]


def _cells(value: object) -> list[object]:
    """Every non-blank cell of a range argument, row by row."""
    return [cell for line in _rows(value) for cell in line if not cells.is_blank(cell)]


def _rating(value: object, name: str) -> int | float:
    """A rating: 1613, 1613.0 (-> 1613), or the text "1613", within cells.RATING."""
    return cells.number(value, what="a rating", name=name, bounds=cells.RATING)


def _k(value: object, default: int | None = None) -> int | float:
    """Elo's K, within cells.K_FACTOR; an empty argument is ``default`` when there is one."""
    if default is not None and cells.is_blank(value):
        return default
    return cells.number(value, what="K", name="k", bounds=cells.K_FACTOR)


def _whole(
    value: object, name: str, low: int | None = None, bounds: cells.Bounds | None = None
) -> int:
    """A whole number (Excel passes 4 as 4.0), of at least ``low`` if given."""
    what = f"a whole number of at least {low}" if low is not None else "a whole number"
    return cells.whole_number(value, what=what, name=name, low=low, bounds=bounds)


def _score(value: object, name: str = "score") -> Fraction:
    """A player's score 1, ½ or 0: a number, "½", "1/2", or a result such as 1-0, (½-½), 0-1."""
    return cells.score(value, name=name, results=True)


def _reworded(error: RatingbookError, prefix: str) -> RatingbookError:
    """The same error, its message starting with where it was (``games row 3, White``)."""
    return type(error)(f"{prefix}: {error.problem}")


def _plain(value: elo.Number) -> int | float:
    """A number as Excel should get it: whole numbers as int, others as float."""
    if isinstance(value, int):
        return value
    return int(value) if value == int(value) else float(value)


# --- Elo ---------------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's rating, e.g. 1613.")
@xw.arg("opponent", doc="The opponent's rating, e.g. 1609.")
def ELO_EXPECTED(rating: Any, opponent: Any) -> float:
    """Elo expected score of a player: 1 / (1 + 10^((opponent - rating) / 400)).

    Example: =ELO_EXPECTED(1613, 1609) gives 0.506.
    """
    return elo.expected_score(_rating(rating, "rating"), _rating(opponent, "opponent"))


@xw.func
@xw.arg("rating", doc="The player's rating before the game.")
@xw.arg("opponent", doc="The opponent's rating before the game.")
@xw.arg("score", doc="The player's score: 1 win, 0.5 draw, 0 loss (or 1-0, ½-½, 0-1).")
@xw.arg("k", doc="K, the largest change one game can make (default 20).")
def ELO_UPDATE(rating: Any, opponent: Any, score: Any, k: Any = 20) -> float:
    """The player's new Elo rating after one game, R + K (S - E), not rounded.

    Example: =ELO_UPDATE(1613, 1609, 0, 32) gives 1596.8 (1597 once rounded).
    """
    k_value = _k(k, default=20)
    return elo.elo_update(
        _rating(rating, "rating"), _rating(opponent, "opponent"), _score(score), k_value
    )


@xw.func
@xw.arg("k", doc="K, the largest change one game can make, e.g. 32.")
@xw.arg("rating_a", doc="Player A's rating before the first game.")
@xw.arg("rating_b", doc="Player B's rating before the first game.")
@xw.arg("scores", ndim=2, doc="A's score in each game, in order: 1, 0.5 or 0 (a row or column).")
def ELO_SERIES(k: Any, rating_a: Any, rating_b: Any, scores: Any) -> list[list[int | float]]:
    """Both Elo ratings after each game of A against B, rounded after every game; spills 2 columns.

    Example: =ELO_SERIES(32, 1613, 1609, {0;0.5;0.5;0;0;0}): 1613 1609 ... 1558 1664.
    """
    k_value = _k(k)
    played = [_score(cell, f"game {n}: score") for n, cell in enumerate(_cells(scores), start=1)]
    pairs = elo.elo_series(
        k_value, _rating(rating_a, "rating_a"), _rating(rating_b, "rating_b"), played
    )
    return [[_plain(a), _plain(b)] for a, b in pairs]


@xw.func
@xw.arg("contestants", doc="How many players (2 or more).")
@xw.arg("rounds", doc="How many rounds to play.")
@xw.arg("seed", doc="X0, the seed of the random number generator.")
def ELO_TOURNAMENT(contestants: Any, rounds: Any, seed: Any) -> list[list[int]]:
    """Final ratings, in ID order, of a simulated Elo tournament; spills one row.

    Example: =ELO_TOURNAMENT(4, 3, 0) gives 1191, 1189, 1191, 1229.
    """
    players = _whole(contestants, "contestants", 1)
    played = _whole(rounds, "rounds", 0)
    if players > MAX_CONTESTANTS:
        raise InvalidValueError(
            f"contestants {contestants!r} is more than one row holds ({MAX_CONTESTANTS:,})"
        )
    if players // 2 * played > MAX_TOURNAMENT_GAMES:
        raise InvalidValueError(
            f"{players} contestants and {rounds!r} rounds are more than "
            f"{MAX_TOURNAMENT_GAMES:,} games; use the command line: ratingbook elo-tournament"
        )
    return [elo.elo_tournament(players, played, _whole(seed, "seed", 0))]


# --- Glicko-2 ----------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's rating at the period's start, e.g. 1500.")
@xw.arg("deviation", doc="His rating deviation RD, e.g. 200 (350 for a new player).")
@xw.arg("volatility", doc="His volatility, e.g. 0.06.")
@xw.arg("opponents_ratings", ndim=2, doc="The opponents' ratings (a row or column).")
@xw.arg("opponents_deviations", ndim=2, doc="The opponents' RDs, in the same order.")
@xw.arg("scores", ndim=2, doc="The player's score in each game, in the same order: 1, ½, 0.")
@xw.arg("tau", doc="Optional τ, the system constant (default 0.5).")
def GLICKO2_UPDATE(
    rating: Any,
    deviation: Any,
    volatility: Any,
    opponents_ratings: Any,
    opponents_deviations: Any,
    scores: Any,
    tau: Any = None,
) -> list[list[float]]:
    """Glicko-2 rating, RD and volatility after one rating period (Glickman); spills one row.

    Example: =GLICKO2_UPDATE(1500, 200, 0.06, {1400,1550,1700}, {30,100,300}, {1,0,0})
    gives 1464.05, 151.52, 0.059996.
    """
    # The ranges as numbers here; glicko2_update checks them (deviations above 0, ...).
    ratings = [_rating(v, "opponents_ratings") for v in _cells(opponents_ratings)]
    rds = [_rating(v, "opponents_deviations") for v in _cells(opponents_deviations)]
    points = [float(_score(v, "scores")) for v in _cells(scores)]
    if not len(ratings) == len(rds) == len(points):
        raise InvalidValueError(
            f"{len(ratings)} opponents' ratings, {len(rds)} deviations and {len(points)} scores:"
            " give one of each per game"
        )
    rd, sigma = _rating(deviation, "deviation"), _rating(volatility, "volatility")
    player = glicko2.Glicko2Rating(_rating(rating, "rating"), rd, sigma)
    settings = glicko2.Glicko2Settings(tau=0.5 if cells.is_blank(tau) else _rating(tau, "tau"))
    games = list(zip(ratings, rds, points, strict=True))
    after = glicko2.glicko2_update(player, games, settings).after
    return [[after.rating, after.deviation, after.volatility]]


# --- SCA ladder --------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's ladder rating before the game (a whole number).")
@xw.arg("opponent", doc="The opponent's ladder rating before the game.")
@xw.arg("score", doc="The player's score: 1 win, 0.5 or ½ draw, 0 loss.")
def LADDER_UPDATE(rating: Any, opponent: Any, score: Any) -> int:
    """The player's new SCA camp-ladder rating after one game (score 1, ½ or 0).

    Example: =LADDER_UPDATE(1000, 1200, 1) gives 1024 (the underdog gains 16 + 200/25).
    """
    own = _whole(rating, "rating", bounds=cells.RATING)
    other = _whole(opponent, "opponent", bounds=cells.RATING)
    return own + ladder.ladder_change(own, other, result_of_score(_score(score)))


# --- Crikey ------------------------------------------------------------------------------------


def _hundredths(value: object, name: str) -> int:
    try:
        return cells.hundredths(value, None, None)
    except RatingbookError as error:
        raise _reworded(error, name) from None


def _crikey_result(value: object) -> Result:
    try:
        return parse_crikey_result(value, None, None)
    except RatingbookError as error:
        try:
            return result_of_score(_score(value))
        except RatingbookError:
            raise _reworded(error, "white_result") from None


@xw.func
@xw.arg("white", doc="White's rating before the game, e.g. 76.91.")
@xw.arg("black", doc="Black's rating before the game, e.g. 76.36.")
@xw.arg("white_result", doc="White's result: won, drew or lost.")
@xw.arg("white_pieces", doc="Total value of White's pieces left on the board.")
@xw.arg("black_pieces", doc="Total value of Black's pieces left on the board.")
def CRIKEY_UPDATE(
    white: Any, black: Any, white_result: Any, white_pieces: Any, black_pieces: Any
) -> list[list[float]]:
    """New Crikey ratings of White and Black after one game; spills one row.

    Example: =CRIKEY_UPDATE(76.91, 76.36, "lost", 20, 15) gives 74.19, 79.08.
    """
    w = _hundredths(white, "white")
    b = _hundredths(black, "black")
    change = crikey.crikey_exchange(
        w,
        b,
        _crikey_result(white_result),
        _whole(white_pieces, "white_pieces", bounds=cells.PIECES),
        _whole(black_pieces, "black_pieces", bounds=cells.PIECES),
    )
    return [[(w + change) / 100, (b - change) / 100]]


# --- FIDE rating -------------------------------------------------------------------------------


@xw.func
@xw.arg("rating", doc="The player's FIDE rating, e.g. 2100.")
@xw.arg("opponents", ndim=2, doc="The opponents' FIDE ratings (a row or column).")
@xw.arg("scores", ndim=2, doc="The player's score in each game, in the same order: 1, ½, 0.")
@xw.arg("k", doc="Optional K: 40, 20 or 10 (default: 10 from 2400, else 20).")
@xw.arg("date", doc="Optional start date of the event: decides the rules (default: today's).")
def FIDE_RATING_CHANGE(
    rating: Any, opponents: Any, scores: Any, k: Any = None, date: Any = None
) -> float:
    """FIDE rating change K x sum(score - PD) for an event (B.02 8.3), not rounded (FIDE
    rounds a rating period's total, 0.5 away from zero).

    PD from FIDE's table 8.1.2 with the 400-point rule of the event's date. Example:
    =FIDE_RATING_CHANGE(2100, {2000, 2150}, {1, 0.5}, 20) gives 8.6.
    """
    from ratingbook.events.codes import K_VALUES
    from ratingbook.events.settings import date_value
    from ratingbook.fide.rules.rating_regulations import k_factor, rating_change, rating_rules

    own = _whole(rating, "rating", low=1, bounds=cells.RATING)
    ratings = [_whole(v, "opponents", low=1, bounds=cells.RATING) for v in _cells(opponents)]
    points = [_score(v, "scores") for v in _cells(scores)]
    if len(ratings) != len(points):
        raise InvalidValueError(
            f"{len(ratings)} opponents but {len(points)} scores: give one score per opponent"
        )
    typed = None if cells.is_blank(k) else _whole(k, "k")
    if typed is not None and typed not in K_VALUES:
        raise InvalidValueError(f"k {typed}: expected 40, 20 or 10 (B.02 8.3.3)")
    start = None if cells.is_blank(date) else date_value(date, None, "date")
    chosen, _ = k_factor(own, None, None, len(ratings), typed)
    change = rating_change(
        own, list(zip(ratings, points, strict=True)), chosen, rating_rules(start)
    )
    return _plain(change.exact)


# --- Swiss -------------------------------------------------------------------------------------


def _game_row(line: Sequence[object], n: int) -> swiss_standings.SwissGame:
    values = list(line)
    while values and cells.is_blank(values[-1]):
        values.pop()
    if len(values) != 4:
        raise InvalidValueError(
            f"games row {n} has {len(values)} cells {values!r}; "
            "expected 4: white, black, white points, black points"
        )
    names: list[str] = []
    for column, value in zip(("white", "black"), values[:2], strict=True):
        try:
            names.append(cells.text(value))
        except RatingbookError as error:
            raise _reworded(error, f"games row {n}, {column}") from None
    points: list[int] = []
    for column, value in zip(("white points", "black points"), values[2:], strict=True):
        try:
            points.append(int(2 * cells.score(value, name="points")))
        except RatingbookError as error:
            raise _reworded(error, f"games row {n}, {column}") from None
    white, black = names
    try:
        check_players(white, black)
        check_points(points[0], points[1], values[2], values[3])
    except RatingbookError as error:
        raise _reworded(error, f"games row {n}") from None
    return swiss_standings.SwissGame(white, black, points[0], points[1])


def _is_header(line: Sequence[object]) -> bool:
    return len(line) >= 2 and header_key(line[0]) == "white" and header_key(line[1]) == "black"


def _event_from_rows(header: Sequence[object], rows: list[list[object]]) -> swiss_event.SwissEvent:
    """A Swiss event from a games range whose first row names its columns (Round, White, Black,
    Result; Board, White Points, Black Points optional). Players: in order of appearance."""
    found: dict[str, int] = {}
    for index, cell in enumerate(header):
        for spec in SWISS_EVENT_GAMES.columns:
            if header_key(cell) in spec.header_keys():
                found.setdefault(spec.name, index)
    for needed in ("Round", "White", "Black"):
        if needed not in found:
            raise InvalidValueError(f"the games range has no {needed!r} column in its first row")
    # Each column's letter in the range and its header as the range's first row spells it.
    letters, headers = column_places(SWISS_EVENT_GAMES, header, found)
    game_rows: list[Row] = []
    for n, line in enumerate(rows, start=2):
        values = {name: (line[i] if i < len(line) else None) for name, i in found.items()}
        if all(cells.is_blank(v) for v in values.values()):
            continue
        game_rows.append(Row(values, Location(row=n, columns=letters, headers=headers)))
    names: dict[str, None] = {}
    for row in game_rows:
        for column in ("White", "Black"):
            name = cells.text(row.get(column), row.where, column)
            if name.upper() != swiss_event.BYE:
                names.setdefault(name)
    players = [Row({"Name": name}, Location()) for name in names]
    return build_event(players, game_rows)


def _tiebreak_codes(tiebreaks: Any) -> tuple[str, ...]:
    return parse_tiebreaks(" ".join(str(cell) for cell in _cells(tiebreaks)), None, "tiebreaks")


@xw.func
@xw.arg(
    "games",
    ndim=2,
    doc="Games with a header row (Round, White, Black, Result), or rows "
    "of white, black, white points, black points.",
)
@xw.arg("tiebreaks", doc='Optional FIDE tie-break codes in order, e.g. "BH/C1 BH SB DE".')
def SWISS_STANDINGS(games: Any, tiebreaks: Any = None) -> list[list[Any]]:
    """Swiss standings (spills): FIDE tie-breaks when codes are given, else the seed's order.

    Example: =SWISS_STANDINGS(A1:E40, "BH/C1 BH SB"), A1:E1 = Round, Board, White, Black,
    Result. Or =SWISS_STANDINGS(A2:D10): white, black, their points.
    """
    return _spilled(_standings_grid(games, tiebreaks))


@xw.func
@xw.arg("games", ndim=2, doc="The games, as for SWISS_STANDINGS.")
@xw.arg("player", doc="The player's name, as in the games.")
@xw.arg("tiebreaks", doc='Optional FIDE tie-break codes in order, e.g. "BH/C1 BH SB".')
def SWISS_EXPLAIN(games: Any, player: Any, tiebreaks: Any = None) -> list[list[Any]]:
    """Why a player is ranked where he is (spills a column of sentences): the tie-break that
    separates him from a player level on points, and what makes up each of his values.

    Example: =SWISS_EXPLAIN(A1:E40, "Anna", "BH/C1 BH SB").
    """
    from ratingbook.reports.standings_notes import breakdown_notes, tie_notes

    name = cells.text(player, name="player")
    rows = _rows(games)
    codes = _tiebreak_codes(tiebreaks)
    lines: list[str] = []
    if rows and codes and any(header_key(cell) == "round" for cell in rows[0]):
        from ratingbook.fide.gacrux import fide_standings
        from ratingbook.reports.swiss_grids import fide_standings_grid

        event = _event_from_rows(rows[0], rows[1:])
        if name not in {p.name for p in event.players}:
            raise InvalidValueError(f"player {name!r} plays no game in the games range")
        standings = fide_standings(event, codes, details=True)
        grid, _ = fide_standings_grid(standings)
        lines += [note for a, b, note in tie_notes(grid) if name in (a, b)]
        lines += breakdown_notes(event, standings, name)
    else:
        grid = _standings_grid(games, tiebreaks)
        if name not in {str(row[grid.header.index("Name")]) for row in grid.rows}:
            raise InvalidValueError(f"player {name!r} plays no game in the games range")
        lines += [note for a, b, note in tie_notes(grid) if name in (a, b)]
    if not lines:
        lines.append(f"{name} is level on points with neither neighbour: points decide.")
    return [["Note"], *([line] for line in lines)]


def _standings_grid(games: Any, tiebreaks: Any) -> SheetGrid:
    """The standings table SWISS_STANDINGS spills (and SWISS_EXPLAIN explains)."""
    rows = _rows(games)
    codes = _tiebreak_codes(tiebreaks)
    if (rows and any(header_key(cell) == "result" for cell in rows[0])) or (rows and codes):
        if not (rows and any(header_key(cell) == "round" for cell in rows[0])):
            raise InvalidValueError(
                "FIDE tie-breaks need the games with a header row: Round, White, Black, Result"
            )
        # Imported here: gacrux (with networkx) loads only when a Swiss event is ranked.
        from ratingbook.fide.gacrux import fide_standings
        from ratingbook.reports.swiss_grids import (
            fide_standings_grid,
            seed_order_standings,
            seed_standings_grid,
        )

        event = _event_from_rows(rows[0], rows[1:])
        if codes:
            grid, _ = fide_standings_grid(fide_standings(event, codes))
        else:
            grid, _ = seed_standings_grid(seed_order_standings(event))
        return grid
    first = 1
    if rows and _is_header(rows[0]):
        rows, first = rows[1:], 2
    played: list[swiss_standings.SwissGame] = []
    for n, line in enumerate(rows, start=first):
        if all(cells.is_blank(cell) for cell in line):
            continue
        played.append(_game_row(line, n))
    # The player list is the players in order of first appearance (it only decides full ties).
    players = list(dict.fromkeys(name for g in played for name in (g.white, g.black)))
    from ratingbook.reports.swiss_grids import seed_standings_grid

    grid, _ = seed_standings_grid(swiss_standings.swiss_standings(players, played))
    return grid


def _spilled(grid: SheetGrid) -> list[list[Any]]:
    """A standings grid as a worksheet function spills it: the header row, then the rows
    (exact fractions as numbers Excel holds)."""
    return [
        list(grid.header),
        *([_plain(v) if isinstance(v, Fraction) else v for v in row] for row in grid.rows),
    ]


# --- team events -------------------------------------------------------------------------------

#: Each argument of the team functions: the sheet whose table it holds.
_TEAM_RANGES = (
    ("teams", "Teams"),
    ("matches", "Team Matches"),
    ("boards", "Team Boards"),
    ("settings", "Team Settings"),
)


def _range_error(error: RatingbookError, ranges: dict[str, str]) -> RatingbookError:
    """The error of a team sheet's row named by its row in the argument's range instead
    (``boards row 5, column D (White): ...``); every problem when there are several."""
    from ratingbook.errors import InputErrors

    if isinstance(error, InputErrors):
        return InputErrors([_range_error(e, ranges) for e in error.errors])
    where = error.where
    if where is None or where.sheet not in ranges:
        return error
    place = replace(where, sheet=None).describe(error.column)
    return type(error)(f"{' '.join(filter(None, (ranges[where.sheet], place)))}: {error.problem}")


def _team_event(teams: Any, matches: Any, boards: Any, settings: Any) -> TeamEvent:
    """The team event four ranges hold, read and checked exactly as a recalc reads the sheets
    (:func:`~ratingbook.workbook.sheets.team_book.read_team_event` over an in-memory book)."""
    from ratingbook.workbook.port.grid_book import GridBook
    from ratingbook.workbook.sheets.team_book import read_team_event

    given = {"teams": teams, "matches": matches, "boards": boards, "settings": settings}
    grids = {
        sheet: _rows(given[argument])
        for argument, sheet in _TEAM_RANGES
        if not (argument == "settings" and all(cells.is_blank(c) for c in _cells(settings)))
    }
    try:
        return read_team_event(GridBook(grids))
    except RatingbookError as error:
        raise _range_error(error, {sheet: arg for arg, sheet in _TEAM_RANGES}) from None


@xw.func
@xw.arg("teams", ndim=2, doc="The Teams table with its header row: Team, Board, Player, Rating.")
@xw.arg("matches", ndim=2, doc="The Team Matches table: Round, Match, White Team, Black Team.")
@xw.arg("boards", ndim=2, doc="The Team Boards table: Round, Match, Board, White, Black, Result.")
@xw.arg("settings", ndim=2, doc="Optional: the Team Settings table (Setting, Value).")
def TEAM_STANDINGS(teams: Any, matches: Any, boards: Any, settings: Any = None) -> list[list[Any]]:
    """Team standings (spills), the Team Standings sheet's table: match and game points,
    then the tie-breaks of the settings.

    Example: =TEAM_STANDINGS(Teams!A1:E40, 'Team Matches'!A1:D30, 'Team Boards'!A1:F90).
    """
    # Imported here: gacrux (with networkx) loads only when a team event is ranked.
    from ratingbook.fide.gacrux.team_tiebreaks import team_standings
    from ratingbook.reports.team_grids import team_standings_grid

    event = _team_event(teams, matches, boards, settings)
    return _spilled(team_standings_grid(event, team_standings(event)))


@xw.func
@xw.arg("teams", ndim=2, doc="The Teams table, as for TEAM_STANDINGS.")
@xw.arg("matches", ndim=2, doc="The Team Matches table, as for TEAM_STANDINGS.")
@xw.arg("boards", ndim=2, doc="The Team Boards table, as for TEAM_STANDINGS.")
@xw.arg("team", doc="The team's name, as in the Teams table.")
@xw.arg("settings", ndim=2, doc="Optional: the Team Settings table (Setting, Value).")
def TEAM_EXPLAIN(
    teams: Any, matches: Any, boards: Any, team: Any, settings: Any = None
) -> list[list[Any]]:
    """Why a team ranks where it does and why it met each opponent (spills About, Note):
    the Team Notes sentences about it.

    Example: =TEAM_EXPLAIN(Teams!A1:E40, 'Team Matches'!A1:D30, 'Team Boards'!A1:F90, "Rooks").
    """
    from itertools import pairwise

    from ratingbook.fide.gacrux.team_tiebreaks import team_standings
    from ratingbook.reports.team_notes import match_notes, rank_notes

    name = cells.text(team, name="team")
    event = _team_event(teams, matches, boards, settings)
    if name not in {t.name for t in event.teams}:
        raise InvalidValueError(f"team {name!r} is not in the teams range")
    standings = team_standings(event)
    neighbours = pairwise(standings.lines)
    lines: list[list[Any]] = [
        ["Standings", note]
        for (upper, lower), note in zip(neighbours, rank_notes(event, standings), strict=True)
        if name in (upper.team, lower.team)
    ]
    played = sorted({m.round for m in event.matches if name in (m.white, m.black)})
    lines += [[f"Round {n}", note] for n in played for note in match_notes(event, n, name)]
    return [["About", "Note"], *lines]
