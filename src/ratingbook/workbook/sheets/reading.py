"""How a family planner reads the book: sheets by name, tables by schema, and shared row readers.

Reading never stops at the first bad row: a bad row is added to the run's
:class:`~ratingbook.errors.Problems` and reading goes on, so every mistake is reported at once.

This module alone decides how sheets are found (case-insensitively, each read once per run), how
an input table is read from its sheet, how a result column is written back as one block that
leaves every other cell alone, how a game row's players and a player table's names are
checked (known, listed once; self-play is rules.py's, a cell's meaning cells.py's), and which
row gives each setting of a ``Setting`` / ``Value`` sheet (every family's settings sheet: a
setting given on two rows is an error naming both, never the later row winning).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from ratingbook.core.cells import text
from ratingbook.core.refs import column_letter
from ratingbook.core.rules import check_players, known_player, listed_twice, player_spellings
from ratingbook.core.tables import Grid, Row, Table, TableSpec, header_key, read_table
from ratingbook.errors import (
    InvalidValueError,
    Location,
    MissingSheetError,
    Problems,
    RatingbookError,
    WorkbookError,
)
from ratingbook.workbook.port.book import KEEP, Book, WriteBlock
from ratingbook.workbook.port.run_request import RunRequest

_T = TypeVar("_T")

__all__ = [
    "Sheets",
    "column_block",
    "column_writes",
    "game_players",
    "guarded",
    "read",
    "setting_rows",
    "unique_names",
]


class Sheets:
    """The book's sheets by case-insensitive name, read on demand and once, and the request of
    the run that reads them (:mod:`ratingbook.workbook.port.run_request`)."""

    def __init__(
        self, book: Book, today: _dt.date | None = None, request: RunRequest | None = None
    ) -> None:
        self._book = book
        self.today = today or _dt.date.today()  # the date a week that ends is archived under
        self.request = request if request is not None else RunRequest()
        self.names = {header_key(n): n for n in book.sheet_names()}
        self._grids: dict[str, Grid] = {}
        self._kept: dict[str, object] = {}

    @property
    def book(self) -> Book:
        """The book the sheets are read from."""
        return self._book

    def actual(self, name: str) -> str | None:
        """The sheet's name as the book spells it, or None when there is no such sheet."""
        return self.names.get(header_key(name))

    def grid(self, name: str) -> Grid:
        actual = self.actual(name)
        if actual is None:
            raise MissingSheetError(f"the workbook has no sheet {name!r}")
        if actual not in self._grids:
            self._grids[actual] = self._book.read_values(actual)
        return self._grids[actual]

    def once(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()`` the first time ``key`` is asked, kept for the run: what is read from
        the sheets alone, which are read once (the Event Log's chain, checked once)."""
        if key not in self._kept:
            self._kept[key] = compute()
        return self._kept[key]  # type: ignore[return-value]

    def all_grids(self) -> dict[str, Grid]:
        """Every sheet's values, by the name the book spells (each read once)."""
        return {name: self.grid(name) for name in self.names.values()}


def read(sheets: Sheets, spec: TableSpec) -> Table:
    """The table ``spec`` describes, read from its sheet (named as the book spells it)."""
    actual = sheets.actual(spec.sheet)
    if actual is None:
        raise MissingSheetError(f"the workbook has no sheet {spec.sheet!r}")
    return read_table(sheets.grid(spec.sheet), TableSpec(actual, spec.columns))


def guarded(problems: Problems, call: Callable[[], _T], default: _T) -> _T:
    """``call()``; if it raises a RatingbookError (a missing column, say), that error is a
    problem of the run and ``default`` stands in, so reading goes on with the other tables.

    A file that cannot be read (:class:`WorkbookError`) stops the run at once: every other
    table would fail the same way.
    """
    try:
        return call()
    except WorkbookError:
        raise
    except RatingbookError as error:
        problems.append(error)
        return default


def column_block(
    table: Table, column: str, values_by_row: Mapping[int, object]
) -> WriteBlock | None:
    """One block covering ``column`` from the first to the last data row; other cells KEEP."""
    if not table.rows:
        return None
    first = table.rows[0].where.row or table.first_data_row
    last = table.rows[-1].where.row or first
    values: Grid = [[values_by_row.get(r, KEEP)] for r in range(first, last + 1)]
    return WriteBlock(table.sheet, first, table.columns[column], values)


def column_writes(
    table: Table, updates: Mapping[str, Mapping[int, object]]
) -> tuple[list[WriteBlock], list[str]]:
    """The blocks that write ``updates`` (values by Excel row, by column name) into ``table``,
    and a line for each column the sheet lacks: such a column gets its header and its values
    after the sheet's last column, in the order given."""
    blocks: list[WriteBlock] = []
    added: list[str] = []
    next_column = max(table.columns.values()) + 1
    for column, values in updates.items():
        if not values:
            continue
        if column in table.columns:
            block = column_block(table, column, values)
            if block is not None:
                blocks.append(block)
            continue
        cells: Grid = [[column]]
        cells += [[values.get(r, KEEP)] for r in range(table.first_data_row, max(values) + 1)]
        blocks.append(WriteBlock(table.sheet, table.header_row, next_column, cells))
        added.append(f"{table.sheet}: new column {column_letter(next_column)} ({column})")
        next_column += 1
    return blocks, added


def game_players(names: Sequence[str]) -> Callable[[Row], tuple[str, str]]:
    """A reader of a game row's White and Black: known player names, not the same player."""
    spellings = player_spellings(names)

    def find(row: Row, column: str) -> str:
        name = text(row.get(column), row.where, column)
        return known_player(name, spellings, row.where, column)

    def players_of(row: Row) -> tuple[str, str]:
        white, black = find(row, "White"), find(row, "Black")
        check_players(white, black, row.where)
        return white, black

    return players_of


def unique_names(table: Table, problems: Problems) -> list[tuple[str, Row]]:
    """Each player's name with its row, in order; a bad or repeated name is a problem (skipped)."""
    named: list[tuple[str, Row]] = []
    seen: dict[str, int] = {}
    for row in table.rows:
        try:
            name = text(row.get("Name"), row.where, "Name")
            if name in seen:
                raise InvalidValueError(listed_twice(name, also_row=seen[name]), row.where, "Name")
        except RatingbookError as error:
            problems.append(error)
            continue
        seen[name] = row.where.row or 0
        named.append((name, row))
    return named


def setting_rows(
    rows: Iterable[Row], setting: Callable[[str, Location], str], problems: Problems
) -> dict[str, Row]:
    """Each setting's row of a ``Setting`` / ``Value`` sheet, by the setting's own name:
    ``setting`` gives the name a typed ``Setting`` cell means (an unknown one is its
    :class:`InvalidValueError`). A row whose ``Setting`` is empty is no setting. A setting
    given on two rows (in any spelling, whatever their values) is an error at the second,
    naming the first: which value counts would be a guess, and results depend on it. A second
    row whose ``Value`` is empty (or a first row that is, beside a filled second) decides
    nothing, so the filled row counts: a book whose pairing added a filled row below the
    template's emptied one (an earlier ratingbook wrote ``Main Score at Round 1`` so) still
    reads. Every problem goes to ``problems``; the rows found are returned, a repeated
    setting's first filled one."""
    found: dict[str, Row] = {}
    for row in rows:
        try:
            typed = text(row.get("Setting"), row.where, "Setting", required=False)
            if not typed:
                continue
            name = setting(typed, row.where)
            if name in found and _blank(row.get("Value")):
                continue
            if name in found and _blank(found[name].get("Value")):
                found[name] = row
                continue
            if name in found:
                first = found[name].where.row
                also = f" (also row {first})" if first else ""
                raise InvalidValueError(
                    f"setting {typed!r} is given twice{also}", row.where, "Setting"
                )
            found[name] = row
        except RatingbookError as error:
            problems.append(error)
    return found


def _blank(value: object) -> bool:
    """An empty ``Value`` cell (nothing, or only spaces)."""
    return value is None or (isinstance(value, str) and not value.strip())
