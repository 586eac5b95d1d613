"""PackageBook: the Book interface over a workbook's zip package (read with calamine, patched).

Everything that decides what a PackageBook call does with the modules below lives here, and
nothing else: reads see the file as loaded plus this object's pending writes; nothing reaches
the disk before :meth:`PackageBook.save`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ratingbook.core.tables import Grid, trim_grid
from ratingbook.errors import WorkbookError
from ratingbook.files.disk import (
    MACRO_SUFFIXES,
    atomic_save,
    check_book_path,
    check_package,
    check_save_target,
)
from ratingbook.files.ooxml.opc import WORKSHEET_REL, resolve
from ratingbook.files.ooxml.trust import package_vouches
from ratingbook.files.ooxml.workbookpart import SheetEntry, WorkbookPart
from ratingbook.files.ooxml.xmltext import check_xml, decode_part, set_attribute
from ratingbook.files.ooxml.zipread import PackageZip, check_member_count
from ratingbook.files.ooxml.zipwrite import write_package
from ratingbook.files.patching.looks import print_names, read_looks
from ratingbook.files.patching.patch import merge_heights
from ratingbook.files.patching.reading import (
    MAX_SHEET_BYTES,
    open_calamine,
    overlay,
    read_sheet,
    row_heights,
)
from ratingbook.files.patching.render import Edits, Renderer
from ratingbook.files.patching.walker import SheetXml
from ratingbook.workbook.port.book import GeneratedSheet, WriteBlock, points
from ratingbook.workbook.port.looks import SheetLooks

if TYPE_CHECKING:
    from python_calamine import CalamineWorkbook


class PackageBook:
    """A workbook file, read with python-calamine and written by patching its zip package.

    Implements the :class:`ratingbook.workbook.port.book.FileBook` interface, plus :meth:`save`,
    like :class:`ratingbook.files.rewriting.openpyxl_book.XlsxBook`. Nothing is lost on saving, so
    :attr:`uncarried` is always empty and :meth:`refuse_in_place` never refuses.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        # Nothing may be opened before the path is known to be a regular file: a named pipe
        # would block the first read (issue 17).
        check_book_path(self.path)
        check_member_count(self.path)  # before check_package reads every member's entry
        check_package(self.path)
        self.uncarried: list[str] = []
        self.keep_vba = self.path.suffix.lower() in MACRO_SUFFIXES
        self._source = PackageZip(self.path)
        self._workbook = WorkbookPart(self._source)
        self._renderer = Renderer(self._source, self._workbook)
        self._calamine: CalamineWorkbook | None = None
        self._trusted: bool | None = None  # package_vouches, asked once: the package is in memory
        self._edits: dict[str, Edits] = {}

    def _calamine_book(self) -> CalamineWorkbook:
        if self._calamine is None:
            # calamine resolves no entities, but reads on past some: refuse them before it does.
            source, workbook = self._source, self._workbook
            for rel in workbook.rels:
                part = resolve(workbook.part, rel.target)
                readable = not rel.external and rel.type != WORKSHEET_REL
                if readable and part.endswith(".xml") and source.has(part):
                    check_xml(source.read(part), part)
            self._calamine = open_calamine(source.data, source.name)
        return self._calamine

    # --- Book interface ------------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        # Chart sheets and dialog sheets hold no cells: only worksheets are listed.
        return [entry.name for entry in self._workbook.sheets if entry.kind == "worksheet"]

    def read_values(self, sheet: str) -> Grid:
        entry = self._workbook.worksheet(sheet)
        edits = self._edits.get(entry.part or "")
        if edits is not None and edits.generated is not None:
            grid: Grid = edits.generated.grid()
        else:
            grid = self._read_file_values(entry)
        if edits is not None:
            for block in edits.blocks:
                overlay(grid, block)
        return trim_grid(grid)

    def _read_file_values(self, entry: SheetEntry) -> Grid:
        assert entry.part is not None
        if self._trusted is None:
            self._trusted = package_vouches(self._source, self._workbook)
        return read_sheet(self._source, self._calamine_book, entry.name, entry.part, self._trusted)

    def write_values(self, block: WriteBlock) -> None:
        entry = self._workbook.worksheet(block.sheet)
        if block.row < 1 or block.column < 1:
            raise WorkbookError(f"cannot write to row {block.row}, column {block.column}")
        self._edits.setdefault(self._part_of(entry), Edits()).blocks.append(block)

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        existing = next(
            (e for e in self._workbook.sheets if e.name.casefold() == sheet.name.casefold()),
            None,
        )
        if existing is not None and existing.kind != "worksheet":
            raise WorkbookError(
                f"{str(self.path)!r} has a {existing.kind} named {existing.name!r}; rename it "
                f"so ratingbook can write its {sheet.name!r} sheet"
            )
        if existing is None:
            existing = self._workbook.add_sheet(sheet)
        elif sheet.hidden and existing.element is not None and not existing.hidden:
            existing.element = set_attribute(existing.element, "state", "hidden")
            existing.hidden = True
        self._edits[self._part_of(existing)] = Edits(generated=sheet)

    def truncate(self, sheet: str, rows: int) -> None:
        # The rows below are cleared (their cells keep their formats, as a cleared cell's
        # do: give_looks takes the cells an act made away), and the sheet's tables end at
        # ``rows`` when it is saved (render.Edits).
        entry = self._workbook.worksheet(sheet)
        grid = self.read_values(sheet)
        if len(grid) > rows:
            width = max(len(line) for line in grid[rows:])
            below: list[list[object]] = [[None] * width for _ in grid[rows:]]
            if width:
                self.write_values(WriteBlock(sheet, rows + 1, 1, below))
        edits = self._edits.setdefault(self._part_of(entry), Edits())
        edits.truncated = rows if edits.truncated is None else min(edits.truncated, rows)

    def row_heights(self, sheet: str, rows: Sequence[int]) -> dict[int, float | None]:
        # The file's heights, with those the pending writes give.
        entry = self._workbook.worksheet(sheet)
        edits = self._edits.get(self._part_of(entry))
        if edits is not None and edits.generated is not None:
            return {}  # rebuilt whole: a generated sheet's rows are ratingbook's
        heights = row_heights(self._source, self._part_of(entry), entry.name, rows)
        if edits is not None:
            given = merge_heights(edits.blocks)
            for row in heights:
                if row in given:
                    heights[row] = points(given[row])
        return heights

    def looks(self, sheet: str, rows: Sequence[int] | None) -> SheetLooks | None:
        # The file's formats: a sheet with writes pending (a run before, not saved) cannot
        # tell them, and gives none.
        entry = self._workbook.worksheet(sheet)
        part = self._part_of(entry)
        if part in self._edits or self._source.size(part) > MAX_SHEET_BYTES:
            return None
        data = self._source.read(part)
        check_xml(data, part)
        xml = SheetXml.split(decode_part(data, part), part, entry.name)
        styles = self._renderer.load_styles()
        position = self._workbook.sheets.index(entry)
        names = print_names(self._workbook.xml, position) if rows is None else ("", "")
        return read_looks(xml, styles, entry.name, rows, names)

    def give_looks(self, looks: SheetLooks) -> None:
        entry = self._workbook.worksheet(looks.sheet)
        self._edits.setdefault(self._part_of(entry), Edits()).looks.append(looks)

    @staticmethod
    def _part_of(entry: SheetEntry) -> str:
        assert entry.part is not None  # worksheets without a part are refused on loading
        return entry.part

    # --- saving ---------------------------------------------------------------------------------

    def refuse_in_place(self) -> None:
        """Never refuses: every part of the package is carried over when it is rewritten."""

    def save(self, target: str | os.PathLike[str]) -> None:
        """Save to ``target`` atomically: a temporary file in its folder, then a rename."""
        path = check_save_target(target, self.path, self.keep_vba)
        # Everything that can fail on content fails here, before any file exists.
        plan = self._renderer.render(self._edits)

        def write(temporary: str) -> None:
            with open(temporary, "wb") as stream:
                write_package(self._source, stream, plan, self._workbook.part)

        atomic_save(path, write)


if TYPE_CHECKING:  # mypy proves here that this adapter implements the interface
    from ratingbook.workbook.port.book import FileBook as _Interface

    _CONFORMS: type[_Interface] = PackageBook
