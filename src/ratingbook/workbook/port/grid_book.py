"""A read-only :class:`~ratingbook.workbook.port.book.Book` over plain grids: what a worksheet
function hands the workbook logic when it is given a sheet's ranges instead of a workbook.

Its sheets are the grids it was made with, each read as it is (row 1 of a grid is row 1 of the
sheet, so a problem is named by its row in the range); writing to it is a bug.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ratingbook.core.tables import Grid
from ratingbook.workbook.port.book import KEEP, GeneratedSheet, WriteBlock, read_back
from ratingbook.workbook.port.looks import SheetLooks

__all__ = ["GridBook", "MemoryBook"]


class GridBook:
    """The Book interface over grids by sheet name, in the order given; nothing is written."""

    def __init__(self, sheets: Mapping[str, Sequence[Sequence[object]]]) -> None:
        self._sheets = {name: [list(line) for line in grid] for name, grid in sheets.items()}

    def sheet_names(self) -> list[str]:
        return list(self._sheets)

    def read_values(self, sheet: str) -> Grid:
        return [list(line) for line in self._sheets[sheet]]

    def write_values(self, block: WriteBlock) -> None:
        raise TypeError(f"a GridBook is read-only: cannot write to sheet {block.sheet!r}")

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        raise TypeError(f"a GridBook is read-only: cannot replace sheet {sheet.name!r}")

    def truncate(self, sheet: str, rows: int) -> None:
        raise TypeError(f"a GridBook is read-only: cannot cut sheet {sheet!r} short")

    def row_heights(self, sheet: str, rows: Sequence[int]) -> dict[int, float | None]:
        return {}  # grids are values alone: no row's height is known (nor written)

    def looks(self, sheet: str, rows: Sequence[int] | None) -> SheetLooks | None:
        return None  # nor any cell's format

    def give_looks(self, looks: SheetLooks) -> None:
        raise TypeError(f"a GridBook is read-only: cannot format sheet {looks.sheet!r}")


class MemoryBook(GridBook):
    """The Book interface over grids, written in memory: what a book would hold once a plan is
    written (a session plans over it before anything reaches the real book)."""

    def write_values(self, block: WriteBlock) -> None:
        grid = self._sheets.setdefault(block.sheet, [])
        for i, line in enumerate(block.values):
            row = block.row - 1 + i
            while len(grid) <= row:
                grid.append([])
            for j, value in enumerate(line):
                if value is KEEP:
                    continue
                cells, column = grid[row], block.column - 1 + j
                while len(cells) <= column:
                    cells.append(None)
                cells[column] = read_back(value)

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        self._sheets[sheet.name] = sheet.grid()

    def truncate(self, sheet: str, rows: int) -> None:
        del self._sheets.setdefault(sheet, [])[rows:]

    def give_looks(self, looks: SheetLooks) -> None:
        """Nothing to do: grids hold values alone."""

    def grids(self) -> dict[str, Grid]:
        """Every sheet's values."""
        return {name: [list(line) for line in grid] for name, grid in self._sheets.items()}


if TYPE_CHECKING:  # mypy proves here that these books implement the interface
    from ratingbook.workbook.port.book import Book as _Interface

    _CONFORMS: type[_Interface] = GridBook
    _WRITES: type[_Interface] = MemoryBook
