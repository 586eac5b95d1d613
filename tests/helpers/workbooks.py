"""Build test workbooks with openpyxl, and read back what ratingbook wrote.

Sheets are given as plain grids (lists of rows, row 1 first). A few marker types put the kinds of
cell Excel users really produce into a grid:

- :class:`Text` — text stored as text even when it looks like a formula (``'=HYPERLINK(...)``);
- :class:`Error` — an Excel error cell (``#N/A``, data type ``e``);
- :class:`Formula` — a formula openpyxl writes without a cached value (the file was never
  opened in Excel).

Nothing here imports ratingbook: expected values in the tests never come from the engine.
"""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.worksheet import Worksheet

__all__ = [
    "CAMP_GROUPS",
    "LADDER_GAMES",
    "LADDER_PLAYERS",
    "Error",
    "Formula",
    "Text",
    "all_values",
    "cell_value",
    "copy_file",
    "folder_listing",
    "forge_uncompressed_size",
    "inject_part",
    "ladder_sheets",
    "make_book",
    "read_back",
    "records",
    "save_book",
    "saved_by_excel",
    "sheet_cells_xml",
    "sheet_names",
    "sheet_part",
    "sheet_rows",
    "sheet_values",
    "write_grid",
    "zip_member",
]

Grid = Sequence[Sequence[object]]


class Text(str):
    """Text that must be stored as text, even if it starts with ``=``."""


class Error(str):
    """An Excel error value such as ``#N/A`` (cell data type ``e``)."""


class Formula(str):
    """A formula, stored without a cached value (openpyxl never calculates)."""


def write_grid(ws: Worksheet, grid: Grid, *, top: int = 1, left: int = 1) -> None:
    """Write ``grid`` with its top-left value at (top, left); ``None`` leaves a cell empty."""
    for r, line in enumerate(grid):
        for c, value in enumerate(line):
            if value is None:
                continue
            cell = ws.cell(row=top + r, column=left + c)
            cell.value = value
            if isinstance(value, Text):
                cell.value = str(value)
                cell.data_type = "s"
            elif isinstance(value, Error):
                cell.value = str(value)
                cell.data_type = "e"
            elif isinstance(value, Formula):
                cell.value = str(value)
                assert cell.data_type == "f"


def make_book(sheets: Mapping[str, Grid]) -> openpyxl.Workbook:
    """A new workbook with one sheet per entry, in order, each holding its grid from A1."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, grid in sheets.items():
        write_grid(wb.create_sheet(name), grid)
    return wb


def save_book(wb: openpyxl.Workbook, path: Path) -> Path:
    wb.save(path)
    return path


# --- the SCA ladder (seed 001), as the Access tables' field names -----------------------------

#: Ladder Players, a small hand-checked week (see tests/workbook/test_workbook.py for the
# arithmetic).
LADDER_PLAYERS: list[list[object]] = [
    ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
    [1, "Ann", "Seniors", True, 0, 0, 1500],
    [2, "Ben", "Juniors", True, 0, 0, 1100],
    [3, "Cat", "Juniors", True, 0, 0, 1450],
    [4, "Dan", "Seniors", False, 1333, 1444, 1400],
    [5, "Eve", "Seniors", True, 0, 0, 1000],
]
LADDER_GAMES: list[list[object]] = [
    ["White", "Black", "Result"],
    [1, 2, "(1-0)"],
    [2, 3, "(0-1)"],
    [3, 1, "(½-½)"],
    [5, 1, "(1-0)"],
    [2, 5, "(1/2-1/2)"],
    [5, 1, "(½-½)"],
]
CAMP_GROUPS: list[list[object]] = [
    ["Group", "Initial Ladder Rating"],
    ["Juniors", 1000],
    ["Seniors", 1200],
]


def ladder_sheets(
    players: Grid = LADDER_PLAYERS, games: Grid = LADDER_GAMES, groups: Grid = CAMP_GROUPS
) -> dict[str, Grid]:
    return {"Ladder Players": players, "Ladder Games": games, "Camp Groups": groups}


# --- reading back --------------------------------------------------------------------------------


def read_back(path: Path) -> openpyxl.Workbook:
    """``openpyxl.load_workbook(path)``, loaded once for each content of the file: a test reads
    several sheets of one book in a row (every sheet was a whole load of the book, most of the
    time of a test of a season's list). The same bytes give the same workbook; the callers
    only read it (each returns new lists), never change it."""
    content = path.read_bytes()
    return _loaded(str(path), hashlib.blake2b(content).digest())


@functools.lru_cache(maxsize=2)
def _loaded(path: str, digest: bytes) -> openpyxl.Workbook:
    return openpyxl.load_workbook(path)


def sheet_values(path: Path, sheet: str) -> list[tuple[Any, ...]]:
    """``list(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))``, parsing that
    one sheet only.

    A book the commands wrote holds a dozen sheets and a test reads one or two: a whole load
    builds a styled cell for every cell of every sheet (most of a read-back's time). Here
    openpyxl's own sheet parser reads the one sheet (the same values: formulas as their text,
    dates as dates), and the rows span what a whole load's rows span: every cell the sheet's
    XML holds, styled or empty, and every merged range (a whole load fills those with empty
    merged cells and keeps only the top-left value). A sheet with hyperlinks or comments,
    which a whole load turns into cells (a hyperlink also into a value), is loaded whole.
    The rows of one content of the file are parsed once (:func:`read_back`'s reason)."""
    content = path.read_bytes()
    rows = _sheet_values(str(path), hashlib.blake2b(content).digest(), sheet)
    return list(rows)


@functools.lru_cache(maxsize=16)
def _sheet_values(path: str, digest: bytes, sheet: str) -> tuple[tuple[Any, ...], ...]:
    read = _parsed_sheets(path, sheet)
    if read is None:  # a sheet a whole load reads otherwise, or fails to find
        return tuple(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))
    return read[sheet]


def _parsed_sheets(path: str, only: str | None) -> dict[str, tuple[tuple[Any, ...], ...]] | None:
    """The values of sheet ``only`` (of every worksheet, in order, if ``None``) as a whole
    load's rows hold them, or ``None`` where a whole load must read them (a hyperlink or a
    comment, which a whole load turns into cells; a sheet missing, twice or a chart sheet)."""
    from openpyxl.packaging.relationship import get_rels_path
    from openpyxl.reader.excel import ExcelReader
    from openpyxl.styles.stylesheet import apply_stylesheet
    from openpyxl.worksheet._reader import WorkSheetParser

    # A whole load's first steps (the strings, the workbook, the styles: which cells are
    # dates), not its reading of every sheet (openpyxl's read-only mode reads each sheet to
    # its end where a book has no <dimension>, as the books ratingbook writes have not).
    reader = ExcelReader(path, read_only=True)
    out: dict[str, tuple[tuple[Any, ...], ...]] = {}
    try:
        reader.read_manifest()
        reader.read_strings()
        reader.read_workbook()
        apply_stylesheet(reader.archive, reader.wb)
        found = [
            (named.name, rel)
            for named, rel in reader.parser.find_sheets()
            if rel.target in reader.valid_files and (only is None or named.name == only)
        ]
        if only is not None and len(found) != 1:
            return None
        wb = reader.wb
        for name, rel in found:
            if "chartsheet" in rel.Type:
                if only is None:
                    continue  # not one of wb.worksheets
                return None
            rels = get_rels_path(rel.target)
            if rels in reader.valid_files and b"/comments" in reader.archive.read(rels):
                return None
            with reader.archive.open(rel.target) as source:
                parser = WorkSheetParser(
                    source,
                    reader.shared_strings,
                    data_only=False,
                    epoch=wb.epoch,
                    date_formats=wb._date_formats,
                    timedelta_formats=wb._timedelta_formats,
                )
                cells = {
                    (c["row"], c["column"]): c["value"] for _, row in parser.parse() for c in row
                }
            if parser.hyperlinks.hyperlink or name in out:
                return None
            for merged in parser.merged_cells.mergeCell if parser.merged_cells else ():
                first, *others = CellRange(merged.ref).cells
                cells.setdefault(first, None)
                cells.update(dict.fromkeys(others))
            out[name] = _rows(cells)
    finally:
        reader.archive.close()
    return out


def _rows(cells: dict[tuple[int, int], Any]) -> tuple[tuple[Any, ...], ...]:
    """Rows 1 to the last row holding a cell, columns 1 to the last column holding one (a
    whole load's ``iter_rows``; none where the sheet holds no cell)."""
    if not cells:
        return ()
    height = max(r for r, _ in cells)
    width = max(c for _, c in cells)
    return tuple(
        tuple(cells.get((r, c)) for c in range(1, width + 1)) for r in range(1, height + 1)
    )


def cell_value(path: Path, sheet: str, row: int, column: int) -> Any:
    """``load_workbook(path)[sheet].cell(row, column).value``, from :func:`sheet_values`
    (``None`` outside the rows a whole load spans, as there)."""
    rows = sheet_values(path, sheet)
    if row > len(rows) or column > len(rows[row - 1]):
        return None
    return rows[row - 1][column - 1]


def sheet_names(path: Path) -> list[str]:
    """``openpyxl.load_workbook(path).sheetnames`` (chart sheets too), read without loading
    a sheet."""
    wb = openpyxl.load_workbook(path, read_only=True)
    try:
        return list(wb.sheetnames)
    finally:
        wb.close()


def sheet_rows(path: Path, sheet: str) -> list[list[Any]]:
    """The sheet's values, row by row (formulas as their text), trailing empty rows dropped."""
    rows = [list(r) for r in sheet_values(path, sheet)]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    return rows


def records(path: Path, sheet: str, header_row: int = 1) -> list[dict[str, Any]]:
    """The rows below ``header_row`` as dicts keyed by header (rows with no value skipped)."""
    rows = sheet_rows(path, sheet)
    header = rows[header_row - 1]
    out = []
    for line in rows[header_row:]:
        if all(v is None for v in line):
            continue
        out.append({h: v for h, v in zip(header, line, strict=False) if h is not None})
    return out


def all_values(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every sheet's cell values (formulas as their text), for comparing two files' contents:
    each worksheet's :func:`sheet_values`, in the book's order, read in one pass."""
    read = _parsed_sheets(str(path), None)
    if read is None:  # a sheet a whole load reads otherwise
        wb = read_back(path)
        return {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb.worksheets}
    return {title: list(rows) for title, rows in read.items()}


def saved_by_excel(path: Path) -> Path:
    """Give ``path`` the ``<calcPr>`` Excel 365 writes when it saves (a ``calcId``, no
    ``fullCalcOnLoad``: Excel drops that flag once it has calculated), so that the cached
    formula values a test put in are ones a spreadsheet program vouches for. openpyxl itself
    writes ``fullCalcOnLoad="1"``, as libraries that never calculate do."""
    with zipfile.ZipFile(path) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    xml, n = re.subn(rb"<calcPr[^>]*>", b'<calcPr calcId="191029"/>', parts["xl/workbook.xml"])
    assert n == 1, xml
    parts["xl/workbook.xml"] = xml
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    return path


def inject_part(path: Path, name: str, data: bytes) -> None:
    """Add a zip member to an existing package (a part openpyxl does not carry over)."""
    with zipfile.ZipFile(path, "a") as package:
        package.writestr(name, data)


def zip_member(path: Path, name: str) -> bytes:
    with zipfile.ZipFile(path) as package:
        return package.read(name)


def folder_listing(folder: Path) -> list[str]:
    """Every file name in ``folder`` (hidden temporary files included), sorted."""
    return sorted(p.name for p in folder.iterdir())


def copy_file(source: Path, target: Path) -> Path:
    shutil.copyfile(source, target)
    return target


def sheet_part(path: Path, title: str) -> str:
    """The zip member holding the worksheet called ``title`` (via workbook.xml and its rels)."""
    import posixpath
    from xml.etree import ElementTree as ET

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    rel_id = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    workbook = ET.fromstring(zip_member(path, "xl/workbook.xml"))
    rid = next(s.get(rel_id) for s in workbook.iter(f"{main}sheet") if s.get("name") == title)
    rels = ET.fromstring(zip_member(path, "xl/_rels/workbook.xml.rels"))
    target = next(r.get("Target") for r in rels if r.get("Id") == rid)
    assert target is not None
    return target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)


def sheet_cells_xml(path: Path, title: str) -> dict[str, Any]:
    """The raw ``<c>`` elements of a worksheet, by cell reference (``"C2"``)."""
    from xml.etree import ElementTree as ET

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    root = ET.fromstring(zip_member(path, sheet_part(path, title)))
    return {c.get("r"): c for c in root.iter(f"{main}c")}


def forge_uncompressed_size(path: Path, size: int) -> None:
    """Make every central-directory entry claim ``size`` bytes unpacked (a zip bomb's header)."""
    data = bytearray(path.read_bytes())
    start = 0
    while (at := data.find(b"PK\x01\x02", start)) != -1:
        data[at + 24 : at + 28] = size.to_bytes(4, "little")
        start = at + 4
    path.write_bytes(bytes(data))


# The hand-worked week of the ladder sample (tests/workbook/test_workbook.py): ID -> (Rating,
# Permanent Rating) after recalculating ladder_sheets().
HAND_RATINGS = {1: (1185, 1454), 2: (985, 1095), 3: (1023, 1453), 4: (1333, 1444), 5: (1207, 1048)}
