"""Recalculate or start a new week in a whole workbook, over a tiny Book interface.

Data flows one way: each input sheet is read as a grid in one call -> typed rows (tables.py) ->
the engine -> result blocks -> each block written in one call. Everything is read, checked and
computed before the first write, so bad input stops the run with nothing written.

The adapters (``xlsx.py`` for openpyxl, ``excel.py`` for xlwings) implement :class:`Book`; the
logic here is written once for both.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ratingbook import crikey, elo, ladder, swiss
from ratingbook.errors import (
    InvalidValueError,
    Location,
    MissingSheetError,
    RatingbookError,
    SelfPlayError,
    UnknownPlayerError,
)
from ratingbook.formats import parse_swiss_points
from ratingbook.results import Result, parse_crikey_result, parse_ladder_result
from ratingbook.tables import (
    Column,
    Grid,
    Row,
    Table,
    TableSpec,
    flag,
    header_key,
    read_table,
    text,
    whole_number,
)

__all__ = [
    "KEEP",
    "Book",
    "Family",
    "GeneratedSheet",
    "Plan",
    "WriteBlock",
    "apply_plan",
    "families_present",
    "new_week",
    "plan_new_week",
    "plan_recalc",
    "recalc",
]


class _Keep:
    """Marks a cell of a write block that must be left exactly as it is."""

    _instance: _Keep | None = None

    def __new__(cls) -> _Keep:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "KEEP"


KEEP = _Keep()


@dataclass(frozen=True, slots=True)
class WriteBlock:
    """Values for a rectangle of an existing sheet, its top-left cell at (row, column), 1-based.

    A :data:`KEEP` value leaves that cell untouched (formula, value and style).
    """

    sheet: str
    row: int
    column: int
    values: Grid


@dataclass(frozen=True, slots=True)
class GeneratedSheet:
    """A sheet ratingbook owns and rebuilds on every run: a header row and rows of values.

    ``number_formats`` maps a 0-based column to an Excel number format; ``widths`` gives column
    widths in characters. ``after`` names the sheet it is placed after when it is created.
    """

    name: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[object]]
    number_formats: Mapping[int, str] = field(default_factory=dict)
    widths: Mapping[int, float] = field(default_factory=dict)
    after: str | None = None

    def grid(self) -> Grid:
        return [list(self.header), *(list(r) for r in self.rows)]


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything a run will write, computed before anything is written."""

    blocks: tuple[WriteBlock, ...] = ()
    sheets: tuple[GeneratedSheet, ...] = ()
    summary: tuple[str, ...] = ()


class Book(Protocol):
    """The few things the workbook logic needs from a spreadsheet library."""

    def sheet_names(self) -> list[str]:
        """The names of the worksheets, in order."""
        ...

    def read_values(self, sheet: str) -> Grid:
        """The sheet's used range from A1 as rows of plain values, in one call."""
        ...

    def write_values(self, block: WriteBlock) -> None:
        """Write one block in one call; strings are written as text, never as formulas."""
        ...

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        """Create the sheet (after ``sheet.after``) or clear it, then write its grid in one call."""
        ...


def apply_plan(book: Book, plan: Plan) -> None:
    """Write every block and generated sheet of ``plan`` into ``book``."""
    for block in plan.blocks:
        book.write_values(block)
    for sheet in plan.sheets:
        book.replace_sheet(sheet)


# --- sheets and families ---------------------------------------------------------------------

LADDER_PLAYERS = TableSpec(
    "Ladder Players",
    (
        Column("ID"),
        Column("Name"),
        Column("Group"),
        Column("Active"),
        Column("Rating"),
        Column("Permanent Rating"),
        Column("StWkPerm", aliases=("Start Week Permanent", "Start of Week Permanent")),
    ),
)
LADDER_GAMES = TableSpec("Ladder Games", (Column("White"), Column("Black"), Column("Result")))
CAMP_GROUPS = TableSpec("Camp Groups", (Column("Group"), Column("Initial Ladder Rating")))

CRIKEY_PLAYERS = TableSpec("Crikey Players", (Column("Name"), Column("Rating")))
CRIKEY_GAMES = TableSpec(
    "Crikey Games",
    (
        Column("White"),
        Column("Black"),
        Column("Result", aliases=("White Result",)),
        Column("White Pieces"),
        Column("Black Pieces"),
    ),
)

ELO_PLAYERS = TableSpec("Elo Players", (Column("Name"), Column("Rating")))
ELO_GAMES = TableSpec(
    "Elo Games", (Column("White"), Column("Black"), Column("Result", aliases=("Score",)))
)
ELO_SETTINGS = TableSpec("Elo Settings", (Column("Setting"), Column("Value")))

SWISS_PLAYERS = TableSpec("Swiss Players", (Column("Name"),))
SWISS_GAMES = TableSpec(
    "Swiss Games",
    (
        Column("Round", required=False),
        Column("White"),
        Column("Black"),
        Column("White Points"),
        Column("Black Points"),
    ),
)

LADDER_STANDINGS = "Ladder Standings"
RATING_HISTORY = "Rating History"
GAMES_ARCHIVE = "Games Archive"
CRIKEY_STANDINGS = "Crikey Standings"
CRIKEY_HISTORY = "Crikey History"
ELO_STANDINGS = "Elo Standings"
ELO_HISTORY = "Elo History"
SWISS_STANDINGS = "Swiss Standings"


class _Sheets:
    """The book's sheets by case-insensitive name, read on demand and once."""

    def __init__(self, book: Book) -> None:
        self._book = book
        self.names = {header_key(n): n for n in book.sheet_names()}
        self._grids: dict[str, Grid] = {}

    def actual(self, name: str) -> str | None:
        return self.names.get(header_key(name))

    def grid(self, name: str) -> Grid:
        actual = self.actual(name)
        if actual is None:
            raise MissingSheetError(f"the workbook has no sheet {name!r}")
        if actual not in self._grids:
            self._grids[actual] = self._book.read_values(actual)
        return self._grids[actual]


def _table(sheets: _Sheets, spec: TableSpec) -> Table:
    actual = sheets.actual(spec.sheet)
    if actual is None:
        raise MissingSheetError(f"the workbook has no sheet {spec.sheet!r}")
    return read_table(sheets.grid(spec.sheet), TableSpec(actual, spec.columns))


def _column_block(
    table: Table, column: str, values_by_row: Mapping[int, object]
) -> WriteBlock | None:
    """One block covering ``column`` from the first to the last data row; other cells KEEP."""
    if not table.rows:
        return None
    first = table.rows[0].where.row or table.first_data_row
    last = table.rows[-1].where.row or first
    values: Grid = [[values_by_row.get(r, KEEP)] for r in range(first, last + 1)]
    return WriteBlock(table.sheet, first, table.columns[column], values)


def _ranks(keys: Sequence[object]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) for rows already sorted best first by ``keys``."""
    ranks: list[int] = []
    for i, key in enumerate(keys):
        ranks.append(ranks[-1] if i and key == keys[i - 1] else i + 1)
    return ranks


def _game_players(names: Sequence[str]) -> Callable[[Row], tuple[str, str]]:
    """A reader of a game row's White and Black: known player names, not the same player."""
    exact = set(names)
    folded = {n.casefold(): n for n in names}

    def find(row: Row, column: str) -> str:
        name = text(row.get(column), row.where, column)
        if name in exact:
            return name
        hint = folded.get(name.casefold())
        extra = f" (did you mean {hint!r}?)" if hint else ""
        raise UnknownPlayerError(f"no player named {name!r}{extra}", row.where, column)

    def players_of(row: Row) -> tuple[str, str]:
        white, black = find(row, "White"), find(row, "Black")
        if white == black:
            raise SelfPlayError(f"player {white!r} cannot play themself", row.where, "Black")
        return white, black

    return players_of


def _unique_names(table: Table) -> list[str]:
    names: list[str] = []
    seen: dict[str, int] = {}
    for row in table.rows:
        name = text(row.get("Name"), row.where, "Name")
        if name in seen:
            raise InvalidValueError(
                f"player {name!r} is listed twice (also row {seen[name]})", row.where, "Name"
            )
        seen[name] = row.where.row or 0
        names.append(name)
    return names


# --- SCA ladder --------------------------------------------------------------------------------


def _read_ladder(
    sheets: _Sheets,
) -> tuple[Table, list[ladder.LadderPlayer], dict[str, int], Table, list[ladder.LadderGame]]:
    groups_table = _table(sheets, CAMP_GROUPS)
    groups: dict[str, int] = {}
    seen_groups: dict[str, int] = {}
    for row in groups_table.rows:
        group = text(row.get("Group"), row.where, "Group")
        key = ladder.group_key(group)
        if key in seen_groups:
            raise InvalidValueError(
                f"group {group!r} is listed twice (also row {seen_groups[key]})", row.where, "Group"
            )
        seen_groups[key] = row.where.row or 0
        groups[group] = whole_number(
            row.get("Initial Ladder Rating"),
            row.where,
            "Initial Ladder Rating",
            "a whole-number rating",
        )

    players_table = _table(sheets, LADDER_PLAYERS)
    players: list[ladder.LadderPlayer] = []
    seen_ids: dict[int, int] = {}
    for row in players_table.rows:
        player_id = whole_number(row.get("ID"), row.where, "ID", "a whole-number player ID")
        if player_id in seen_ids:
            raise InvalidValueError(
                f"duplicate player ID {player_id!r} (also row {seen_ids[player_id]})",
                row.where,
                "ID",
            )
        seen_ids[player_id] = row.where.row or 0
        active = flag(row.get("Active"), row.where, "Active")
        start = (
            whole_number(row.get("StWkPerm"), row.where, "StWkPerm", "a whole-number rating")
            if active
            else None
        )
        group = text(row.get("Group"), row.where, "Group", required=active)
        players.append(
            ladder.LadderPlayer(
                id=player_id,
                name=text(row.get("Name"), row.where, "Name", required=False),
                group=group,
                active=active,
                start_permanent=start,
                permanent_rating=_optional_whole(row, "Permanent Rating") if not active else None,
                rating=_optional_whole(row, "Rating") if not active else None,
                where=row.where,
            )
        )

    games_table = _table(sheets, LADDER_GAMES)
    games = [
        ladder.LadderGame(
            white=whole_number(row.get("White"), row.where, "White", "a player ID"),
            black=whole_number(row.get("Black"), row.where, "Black", "a player ID"),
            result=parse_ladder_result(row.get("Result"), row.where),
            where=row.where,
        )
        for row in games_table.rows
    ]
    return players_table, players, groups, games_table, games


def _optional_whole(row: Row, column: str) -> int | None:
    value = row.get(column)
    if isinstance(value, int | float) and not isinstance(value, bool) and float(value).is_integer():
        return int(value)
    return None


def _ladder_outcome(sheets: _Sheets) -> tuple[Table, Table, ladder.LadderOutcome, dict[str, int]]:
    players_table, players, groups, games_table, games = _read_ladder(sheets)
    outcome = ladder.recalc_ladder(players, groups, games)
    return players_table, games_table, outcome, groups


def _ladder_result_blocks(players_table: Table, outcome: ladder.LadderOutcome) -> list[WriteBlock]:
    weekly: dict[int, object] = {}
    permanent: dict[int, object] = {}
    for player in outcome.players:
        if player.active and player.where is not None and player.where.row is not None:
            weekly[player.where.row] = player.rating
            permanent[player.where.row] = player.permanent_rating
    blocks = [
        _column_block(players_table, "Rating", weekly),
        _column_block(players_table, "Permanent Rating", permanent),
    ]
    return [b for b in blocks if b is not None]


def _ladder_generated(outcome: ladder.LadderOutcome, after: str) -> list[GeneratedSheet]:
    tally: dict[int, list[int]] = {p.id: [0, 0, 0] for p in outcome.players}
    for game, _ in outcome.history.ratings():
        if game.result is Result.DRAW:
            tally[game.white][1] += 1
            tally[game.black][1] += 1
        else:
            winner, loser = (
                (game.white, game.black)
                if game.result is Result.WHITE_WINS
                else (game.black, game.white)
            )
            tally[winner][0] += 1
            tally[loser][2] += 1
    active = [p for p in outcome.players if p.active]
    active.sort(
        key=lambda p: (-(p.rating or 0), -(p.permanent_rating or 0), p.name.casefold(), p.id)
    )
    ranks = _ranks([p.rating for p in active])
    standings = GeneratedSheet(
        LADDER_STANDINGS,
        (
            "Rank",
            "ID",
            "Name",
            "Group",
            "Rating",
            "Permanent Rating",
            "Games",
            "Wins",
            "Draws",
            "Losses",
        ),
        [
            (
                rank,
                p.id,
                p.name,
                p.group,
                p.rating,
                p.permanent_rating,
                sum(tally[p.id]),
                *tally[p.id],
            )
            for rank, p in zip(ranks, active, strict=True)
        ],
        number_formats={4: "0", 5: "0"},
        widths={2: 24, 3: 14, 5: 17},
        after=after,
    )
    names = {p.id: p.name for p in outcome.players}
    history = GeneratedSheet(
        RATING_HISTORY,
        (
            "Game",
            "Games Row",
            "White ID",
            "White",
            "Black ID",
            "Black",
            "Result",
            "White Rating Before",
            "White Rating After",
            "Black Rating Before",
            "Black Rating After",
            "White Permanent Before",
            "White Permanent After",
            "Black Permanent Before",
            "Black Permanent After",
        ),
        [
            (
                n,
                game.where.row if game.where else None,
                game.white,
                names[game.white],
                game.black,
                names[game.black],
                f"({game.result.value})",
                *ratings,
            )
            for n, (game, ratings) in enumerate(outcome.history.ratings(), start=1)
        ],
        widths={3: 20, 5: 20},
        after=LADDER_STANDINGS,
    )
    return [standings, history]


def _plan_ladder(sheets: _Sheets) -> Plan:
    players_table, games_table, outcome, _ = _ladder_outcome(sheets)
    return Plan(
        blocks=tuple(_ladder_result_blocks(players_table, outcome)),
        sheets=tuple(_ladder_generated(outcome, after=games_table.sheet)),
        summary=(
            f"ladder: {sum(p.active for p in outcome.players)} active players, "
            f"{len(outcome.history)} games replayed",
        ),
    )


# --- Crikey ------------------------------------------------------------------------------------


def _plan_crikey(sheets: _Sheets) -> Plan:
    players_table = _table(sheets, CRIKEY_PLAYERS)
    names = _unique_names(players_table)
    start = {
        name: crikey.parse_hundredths(row.get("Rating"), row.where, "Rating")
        for name, row in zip(names, players_table.rows, strict=True)
    }
    players_of = _game_players(names)
    games_table = _table(sheets, CRIKEY_GAMES)
    games: list[crikey.CrikeyGame] = []
    for row in games_table.rows:
        white, black = players_of(row)
        pieces = [
            whole_number(row.get(c), row.where, c, "a whole-number piece value")
            for c in ("White Pieces", "Black Pieces")
        ]
        for c, value in zip(("White Pieces", "Black Pieces"), pieces, strict=True):
            if value < 0:
                raise InvalidValueError(f"piece value {value!r} is negative", row.where, c)
        games.append(
            crikey.CrikeyGame(
                white,
                black,
                parse_crikey_result(row.get("Result"), row.where),
                pieces[0],
                pieces[1],
                where=row.where,
            )
        )
    ratings = dict(start)
    played = dict.fromkeys(names, 0)
    history: list[tuple[object, ...]] = []
    for n, game in enumerate(games, start=1):
        w0, b0 = ratings[game.white], ratings[game.black]
        change = crikey.crikey_exchange(w0, b0, game.result, game.white_pieces, game.black_pieces)
        ratings[game.white] = w0 + change
        ratings[game.black] = b0 - change
        played[game.white] += 1
        played[game.black] += 1
        history.append(
            (
                n,
                game.white,
                game.black,
                {Result.WHITE_WINS: "won", Result.BLACK_WINS: "lost", Result.DRAW: "drew"}[
                    game.result
                ],
                game.white_pieces,
                game.black_pieces,
                w0 / 100,
                (w0 + change) / 100,
                b0 / 100,
                (b0 - change) / 100,
                abs(change) / 100,
            )
        )
    # seed 000's output order: rating descending, equal ratings in decreasing alphabetical order.
    order = sorted(names, key=lambda name: (ratings[name], name), reverse=True)
    ranks = _ranks([ratings[name] for name in order])
    standings = GeneratedSheet(
        CRIKEY_STANDINGS,
        ("Rank", "Name", "Start Rating", "Rating", "Change", "Games"),
        [
            (
                rank,
                name,
                start[name] / 100,
                ratings[name] / 100,
                (ratings[name] - start[name]) / 100,
                played[name],
            )
            for rank, name in zip(ranks, order, strict=True)
        ],
        number_formats={2: "0.00", 3: "0.00", 4: "+0.00;-0.00;0.00"},
        widths={1: 20, 2: 13},
        after=games_table.sheet,
    )
    history_sheet = GeneratedSheet(
        CRIKEY_HISTORY,
        (
            "Game",
            "White",
            "Black",
            "White Result",
            "White Pieces",
            "Black Pieces",
            "White Before",
            "White After",
            "Black Before",
            "Black After",
            "Points Exchanged",
        ),
        history,
        number_formats={6: "0.00", 7: "0.00", 8: "0.00", 9: "0.00", 10: "0.00"},
        widths={1: 16, 2: 16},
        after=CRIKEY_STANDINGS,
    )
    return Plan(
        sheets=(standings, history_sheet),
        summary=(f"crikey: {len(names)} players, {len(games)} games",),
    )


# --- Elo ---------------------------------------------------------------------------------------

_ELO_SCORES = {"1": 1.0, "0": 0.0, "0.5": 0.5, ".5": 0.5, "½": 0.5, "1/2": 0.5}


def _elo_score(value: object, where: Location) -> float:
    """White's score: a ladder-style result ((1-0), (0-1), (½-½)) or the number 1, 0.5 or 0."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value in (0, 0.5, 1):
        return float(value)
    if isinstance(value, str) and value.strip() in _ELO_SCORES:
        return _ELO_SCORES[value.strip()]
    try:
        return parse_ladder_result(value, where).white_score
    except RatingbookError:
        shown = "an empty cell" if value is None or value == "" else repr(value)
        raise InvalidValueError(
            f"unknown result {shown}; expected 1-0, 0-1, ½-½ or White's score 1, 0.5 or 0",
            where,
            "Result",
        ) from None


def _elo_k(sheets: _Sheets) -> float:
    if sheets.actual(ELO_SETTINGS.sheet) is None:
        return 20.0
    table = _table(sheets, ELO_SETTINGS)
    k = 20.0
    for row in table.rows:
        if header_key(row.get("Setting")) in ("k", "k-factor", "k factor"):
            value = row.get("Value")
            if not isinstance(value, int | float) or isinstance(value, bool) or not value >= 0:
                raise InvalidValueError(
                    f"K {value!r} must be a number of at least 0", row.where, "Value"
                )
            if value > elo.LARGEST:
                raise InvalidValueError(
                    f"K {value!r} is too large (at most {elo.LARGEST:,})", row.where, "Value"
                )
            k = float(value)
    return k


def _number_cell(value: object, where: Location, column: str) -> float | int:
    number: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if number is not None and math.isfinite(number):
        if abs(number) > elo.LARGEST:
            raise InvalidValueError(
                f"rating {value!r} is too large (at most {elo.LARGEST:,})", where, column
            )
        return int(number) if number.is_integer() else number
    shown = "is empty" if value is None or value == "" else f"{value!r} is not a number"
    raise InvalidValueError(f"rating {shown}", where, column)


def _plan_elo(sheets: _Sheets) -> Plan:
    players_table = _table(sheets, ELO_PLAYERS)
    names = _unique_names(players_table)
    start = {
        name: _number_cell(row.get("Rating"), row.where, "Rating")
        for name, row in zip(names, players_table.rows, strict=True)
    }
    k = _elo_k(sheets)
    players_of = _game_players(names)
    games_table = _table(sheets, ELO_GAMES)
    games: list[tuple[str, str, float]] = []
    for row in games_table.rows:
        white, black = players_of(row)
        games.append((white, black, _elo_score(row.get("Result"), row.where)))
    ratings: dict[str, float | int] = dict(start)
    tally = {name: [0, 0, 0] for name in names}
    history: list[tuple[object, ...]] = []
    for n, (white, black, score) in enumerate(games, start=1):
        w0, b0 = ratings[white], ratings[black]
        # seed 003: both ratings are rounded to whole numbers after every game.
        ((_, _), (w1, b1)) = elo.elo_series(k, w0, b0, [score])
        ratings[white], ratings[black] = int(w1), int(b1)
        outcome = 0 if score == 1 else 1 if score == 0.5 else 2
        tally[white][outcome] += 1
        tally[black][2 - outcome] += 1
        history.append((n, white, black, score, elo.expected_score(w0, b0), w0, w1, b0, b1))
    order = sorted(names, key=lambda name: (-ratings[name], name.casefold()))
    ranks = _ranks([ratings[name] for name in order])
    standings = GeneratedSheet(
        ELO_STANDINGS,
        ("Rank", "Name", "Start Rating", "Rating", "Change", "Games", "Wins", "Draws", "Losses"),
        [
            (
                rank,
                name,
                start[name],
                ratings[name],
                ratings[name] - start[name],
                sum(tally[name]),
                *tally[name],
            )
            for rank, name in zip(ranks, order, strict=True)
        ],
        number_formats={4: "+0;-0;0"},
        widths={1: 20, 2: 13},
        after=games_table.sheet,
    )
    history_sheet = GeneratedSheet(
        ELO_HISTORY,
        (
            "Game",
            "White",
            "Black",
            "White Score",
            "White Expected",
            "White Before",
            "White After",
            "Black Before",
            "Black After",
        ),
        history,
        number_formats={4: "0.000"},
        widths={1: 16, 2: 16},
        after=ELO_STANDINGS,
    )
    return Plan(
        sheets=(standings, history_sheet),
        summary=(f"elo: {len(names)} players, {len(games)} games, K = {k:g}",),
    )


# --- Swiss -------------------------------------------------------------------------------------


def _plan_swiss(sheets: _Sheets) -> Plan:
    players_table = _table(sheets, SWISS_PLAYERS)
    names = _unique_names(players_table)
    players_of = _game_players(names)
    games_table = _table(sheets, SWISS_GAMES)
    games: list[swiss.SwissGame] = []
    for row in games_table.rows:
        white, black = players_of(row)
        wh = parse_swiss_points(row.get("White Points"), row.where, "White Points")
        bh = parse_swiss_points(row.get("Black Points"), row.where, "Black Points")
        if wh + bh > 2:
            raise InvalidValueError(
                f"points {row.get('White Points')!r} and {row.get('Black Points')!r} "
                "add up to more than 1",
                row.where,
                "Black Points",
            )
        games.append(swiss.SwissGame(white, black, wh, bh, where=row.where))
    results = swiss.swiss_standings(names, games)
    keys = [(r.points, r.resistance_points, r.sonnenborn_berger, r.black) for r in results]
    standings = GeneratedSheet(
        SWISS_STANDINGS,
        ("Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"),
        [
            (rank, r.name, r.points, r.resistance_points, r.sonnenborn_berger, r.black)
            for rank, r in zip(_ranks(keys), results, strict=True)
        ],
        number_formats={2: "0.0", 3: "0.0", 4: "0.00"},
        widths={1: 20, 4: 17},
        after=games_table.sheet,
    )
    return Plan(sheets=(standings,), summary=(f"swiss: {len(names)} players, {len(games)} games",))


@dataclass(frozen=True, slots=True)
class Family:
    """A rating system: the sheets that make it present, and how it plans a recalc.

    Optional sheets (``Elo Settings``) are looked up by the family's planner itself.
    """

    name: str
    required: tuple[str, ...]
    plan: Callable[[_Sheets], Plan]


FAMILIES: tuple[Family, ...] = (
    Family("ladder", (LADDER_PLAYERS.sheet, LADDER_GAMES.sheet, CAMP_GROUPS.sheet), _plan_ladder),
    Family("crikey", (CRIKEY_PLAYERS.sheet, CRIKEY_GAMES.sheet), _plan_crikey),
    Family("elo", (ELO_PLAYERS.sheet, ELO_GAMES.sheet), _plan_elo),
    Family("swiss", (SWISS_PLAYERS.sheet, SWISS_GAMES.sheet), _plan_swiss),
)


def families_present(sheet_names: Sequence[str]) -> list[Family]:
    """The families with at least one of their required sheets in the book.

    A family with some but not all of its sheets is an error naming the missing sheet.
    """
    keys = {header_key(n) for n in sheet_names}
    present: list[Family] = []
    for family in FAMILIES:
        have = [s for s in family.required if header_key(s) in keys]
        if not have:
            continue
        missing = [s for s in family.required if header_key(s) not in keys]
        if missing:
            raise MissingSheetError(
                f"the workbook has sheet {have[0]!r} but no sheet {missing[0]!r}, "
                f"which the {family.name} needs"
            )
        present.append(family)
    return present


def _no_family_error() -> MissingSheetError:
    wanted = "; ".join(", ".join(repr(s) for s in f.required) for f in FAMILIES)
    return MissingSheetError(f"no ratingbook sheets found; expected one of these sets: {wanted}")


def plan_recalc(book: Book) -> Plan:
    """Read every family's sheets and compute everything a recalc writes; write nothing."""
    sheets = _Sheets(book)
    present = families_present(list(sheets.names.values()))
    if not present:
        raise _no_family_error()
    plans = [family.plan(sheets) for family in present]
    return Plan(
        blocks=tuple(b for p in plans for b in p.blocks),
        sheets=tuple(s for p in plans for s in p.sheets),
        summary=tuple(line for p in plans for line in p.summary),
    )


def recalc(book: Book) -> Plan:
    """Recalculate every family in ``book``: compute everything first, then write it."""
    plan = plan_recalc(book)
    apply_plan(book, plan)
    return plan


# --- new week (ladder) -------------------------------------------------------------------------

_WEEK_LABEL = re.compile(r"week\s*(\d+)", re.IGNORECASE)


def plan_new_week(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week, as a plan.

    The week's games are replayed first, so the Permanent Rating carried over is current. Then
    every active player's Permanent Rating becomes their StWkPerm, the games are appended to the
    ``Games Archive`` sheet under a week label (never deleted), ``Ladder Games`` is emptied
    below its header, and ratings and generated sheets are rebuilt for the empty new week.
    """
    sheets = _Sheets(book)
    if not any(f.name == "ladder" for f in families_present(list(sheets.names.values()))):
        raise MissingSheetError(
            f"a new week needs the ladder sheets {LADDER_PLAYERS.sheet!r}, "
            f"{LADDER_GAMES.sheet!r} and {CAMP_GROUPS.sheet!r}"
        )
    players_table, games_table, outcome, groups = _ladder_outcome(sheets)
    carried = ladder.start_new_week(outcome.players)
    fresh = ladder.recalc_ladder(carried, groups, [])

    blocks = _ladder_result_blocks(players_table, fresh)
    start_values = {
        p.where.row: p.start_permanent
        for p in carried
        if p.active and p.where is not None and p.where.row is not None
    }
    if "StWkPerm" in players_table.columns:
        block = _column_block(players_table, "StWkPerm", start_values)
        if block is not None:
            blocks.append(block)

    generated = _ladder_generated(fresh, after=games_table.sheet)
    games_grid = sheets.grid(games_table.sheet)
    if games_table.rows:
        first = games_table.rows[0].where.row or games_table.first_data_row
        last = games_table.rows[-1].where.row or first
        width = max(len(r) for r in games_grid[first - 1 : last])
        # Blank rows between games are not games: they are cleared, not archived as such.
        moved = [
            list(r) + [None] * (width - len(r))
            for r in games_grid[first - 1 : last]
            if any(v is not None and v != "" for v in r)
        ]
        header = [
            v if v is not None else "" for v in games_grid[games_table.header_row - 1][:width]
        ]
        header += [""] * (width - len(header))
        cleared: Grid = [[None] * width for _ in range(first, last + 1)]
        blocks.append(WriteBlock(games_table.sheet, first, 1, cleared))
        archive = _archive_plan(sheets, header, moved, today or _dt.date.today())
        if isinstance(archive, WriteBlock):
            blocks.append(archive)
        else:
            generated.append(archive)
    return Plan(
        blocks=tuple(blocks),
        sheets=tuple(generated),
        summary=(
            f"new week: {sum(p.active for p in carried)} permanent ratings carried over, "
            f"{len(games_table.rows)} games archived",
        ),
    )


def _archive_plan(
    sheets: _Sheets, header: list[object], moved: Grid, today: _dt.date
) -> WriteBlock | GeneratedSheet:
    """Append the week's games to the archive (created on first use), under a new week label."""
    actual = sheets.actual(GAMES_ARCHIVE)
    labels: list[int] = []
    existing: Grid = sheets.grid(GAMES_ARCHIVE) if actual is not None else []
    for row in existing[1:]:
        if row and isinstance(row[0], str):
            match = _WEEK_LABEL.fullmatch(row[0].strip())
            if match:
                labels.append(int(match.group(1)))
    label = f"Week {max(labels, default=0) + 1}"
    if actual is None or not existing:
        return GeneratedSheet(
            GAMES_ARCHIVE,
            ("Week", "Archived On", *(str(h) for h in header)),
            [[label, today, *r] for r in moved],
            number_formats={1: "yyyy-mm-dd"},
            widths={1: 12},
            after=None,
        )
    archive_header = [header_key(v) for v in existing[0]]
    positions: list[int] = []
    extra_header: list[object] = []
    for h in header:
        key = header_key(h)
        if key and key in archive_header[2:]:
            positions.append(archive_header.index(key, 2))
        else:
            positions.append(len(archive_header) + len(extra_header))
            extra_header.append(h)
    width = len(archive_header) + len(extra_header)
    rows: Grid = []
    for source in moved:
        line: list[object] = [None] * width
        line[0], line[1] = label, today
        for value, position in zip(source, positions, strict=False):
            line[position] = value
        rows.append(line)
    # The header row is rewritten too when the games sheet gained columns since last week.
    last = len(existing)
    while last > 1 and all(v is None or v == "" for v in existing[last - 1]):
        last -= 1
    if extra_header:
        header_row = [
            *existing[0],
            *([None] * (len(archive_header) - len(existing[0]))),
            *extra_header,
        ]
        kept: Grid = [[KEEP] * width for _ in range(last - 1)]
        return WriteBlock(actual or GAMES_ARCHIVE, 1, 1, [header_row, *kept, *rows])
    return WriteBlock(actual or GAMES_ARCHIVE, last + 1, 1, rows)


def new_week(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week in ``book`` (see :func:`plan_new_week`), then write it."""
    plan = plan_new_week(book, today=today)
    apply_plan(book, plan)
    return plan


__all__ += ["FAMILIES"]
