"""The worksheet functions that rank an event: a Swiss event's standings and why a player
ranks where he does (=SWISS_STANDINGS, =SWISS_EXPLAIN), a team event's (=TEAM_STANDINGS,
=TEAM_EXPLAIN). The games range is read as seed 004's rows or as a Swiss Games table with its
header row; the team ranges exactly as a recalc reads the team sheets, a bad row named by its
row in the argument's range. gacrux (with networkx) loads only when an event is ranked by
FIDE's rules. The docstrings are the help text Excel shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import xlwings as xw

from ratingbook.core import cells
from ratingbook.core.rules import check_players, check_points
from ratingbook.core.tables import Row, column_places, header_key
from ratingbook.errors import InvalidValueError, Location, RatingbookError
from ratingbook.events import event as swiss_event
from ratingbook.events.codes import parse_tiebreaks
from ratingbook.ratings import swiss_standings
from ratingbook.udfs.arguments import as_cells, as_rows, excel_number, reworded
from ratingbook.workbook.sheets.event_rows import build_event
from ratingbook.workbook.sheets.schemas import SWISS_EVENT_GAMES

if TYPE_CHECKING:
    from ratingbook.events.team import TeamEvent
    from ratingbook.reports.swiss_grids import SheetGrid

__all__ = ["SWISS_EXPLAIN", "SWISS_STANDINGS", "TEAM_EXPLAIN", "TEAM_STANDINGS"]


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
            raise reworded(error, f"games row {n}, {column}") from None
    points: list[int] = []
    for column, value in zip(("white points", "black points"), values[2:], strict=True):
        try:
            points.append(int(2 * cells.score(value, name="points")))
        except RatingbookError as error:
            raise reworded(error, f"games row {n}, {column}") from None
    white, black = names
    try:
        check_players(white, black)
        check_points(points[0], points[1], values[2], values[3])
    except RatingbookError as error:
        raise reworded(error, f"games row {n}") from None
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
    return parse_tiebreaks(" ".join(str(cell) for cell in as_cells(tiebreaks)), None, "tiebreaks")


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
    """Why a player holds that place in the standings (spills a column of sentences): the
    tie-break that separates the player from one level on points, and what makes up each value.

    Example: =SWISS_EXPLAIN(A1:E40, "Anna", "BH/C1 BH SB").
    """
    from ratingbook.reports.standings_notes import breakdown_notes, tie_notes

    name = cells.text(player, name="player")
    rows = as_rows(games)
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
    rows = as_rows(games)
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
        *([excel_number(v) if isinstance(v, Fraction) else v for v in row] for row in grid.rows),
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
        sheet: as_rows(given[argument])
        for argument, sheet in _TEAM_RANGES
        if not (argument == "settings" and all(cells.is_blank(c) for c in as_cells(settings)))
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
