"""What of a book's drawings and pivot tables openpyxl loses when it rewrites the file, in words.

openpyxl reads a sheet's drawing for its charts and pictures only, and writes back only what
it read: a chart it can read (on a worksheet or a chart sheet) and a picture it can read (with
Pillow installed; no WMF) come out in the saved file; a chart it cannot read, a picture it
cannot, every shape, text box, connector, group, SmartArt or other drawn object, and the
shapes drawn on a chart are lost. :func:`drawing_losses` compares what the file's drawings
hold with what openpyxl loaded, and names what is lost, or nothing when nothing is (the
parts openpyxl never carries over at all are :data:`ratingbook.files.disk.check_package`'s).

openpyxl (3.1) reads and writes back a worksheet's pivot tables (``openpyxl.pivot``): each
table's definition (its name, place, fields, items, totals, its formats and their
differential styles, its PivotTable style), its cache (source range, fields, shared items,
*Refresh data when opening the file*) and the cache's records, all as the file has them.
What it drops, read in its source and seen in a load and save: a pivot table's conditional
formats (``TableDefinition`` sets ``conditionalFormats`` to None; the sheet's rule, marked
``pivot``, stays, the table no longer recording it), every extension list (``extLst``) of a
table and of its cache, where Excel 2010 and later keep their own settings (Alt Text, the
Values row, repeated item labels, *Show Values As* by parent or rank, the slicers' link),
and the custom number formats a table or cache names by number (``numFmtId``): openpyxl
numbers the stylesheet's custom formats afresh from those the cells use, so the number then
names another format or none. A pivot table no worksheet shows, and a cache no table it
writes back reads, are not read at all. :func:`pivot_table_losses` names what of each pivot
table is lost as a person knows the table: by the name Excel shows (PivotTable Analyze >
PivotTable Name) and the sheet it is on, never by the part holding it
(``xl/pivotTables/pivotTable1.xml``); nothing for a table that loses nothing.
"""

from __future__ import annotations

import zipfile
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from openpyxl.styles.numbers import BUILTIN_FORMATS

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.opc import (
    PIVOT_CACHE_REL,
    PIVOT_TABLE_REL,
    STYLES_REL,
    relationships,
    resolve,
)
from ratingbook.files.ooxml.workbookpart import WorkbookPart
from ratingbook.files.ooxml.xmltext import MAIN_NS, parse_part
from ratingbook.files.ooxml.zipread import PackageZip

__all__ = ["drawing_losses", "pivot_table_losses"]

_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
_CDR = "{http://schemas.openxmlformats.org/drawingml/2006/chartDrawing}"
_CHART = "{http://schemas.openxmlformats.org/drawingml/2006/chart}chart"
_ANCHORS = frozenset(f"{_XDR}{a}" for a in ("twoCellAnchor", "oneCellAnchor", "absoluteAnchor"))
#: An anchor's placing, not a drawn object (ECMA-376 part 1, 20.5.2).
_PLACING = frozenset(f"{_XDR}{p}" for p in ("from", "to", "pos", "ext", "clientData"))
_DRAWINGS = "xl/drawings/"
_MEDIA = "xl/media/"
_PIVOT_TABLES = "xl/pivotTables/"
_PIVOT_CACHES = "xl/pivotCache/"


def _drawn(data: bytes, part: str) -> Counter[str]:
    """The objects a drawing part holds: ``chart``, ``picture``, ``shape`` (anything else
    drawn on a sheet or on a chart), or ``unreadable`` for a part that is no drawing."""
    try:
        root = parse_part(data, part)
    except WorkbookError:
        return Counter(unreadable=1)
    if root.tag == f"{_CDR}userShapes":  # shapes drawn on a chart: openpyxl reads none
        return Counter(shape=len(root))
    if root.tag != f"{_XDR}wsDr":
        return Counter(unreadable=1)
    found: Counter[str] = Counter()
    for anchor in root:
        if anchor.tag not in _ANCHORS:
            continue
        for drawn in anchor:
            if drawn.tag in _PLACING:
                continue
            if drawn.tag == f"{_XDR}pic":
                found["picture"] += 1
            elif drawn.tag == f"{_XDR}graphicFrame" and drawn.find(f".//{_CHART}") is not None:
                found["chart"] += 1
            else:  # sp, grpSp, cxnSp, a diagram's graphicFrame, contentPart, AlternateContent
                found["shape"] += 1
    return found


def drawing_losses(path: Path, workbook: Any) -> list[str]:
    """What of the drawings in the package at ``path`` openpyxl's ``workbook``, loaded from it,
    would not write back: charts it could not read, images, shapes; [] when nothing is lost."""
    held: Counter[str] = Counter()
    media = 0
    with zipfile.ZipFile(path) as package:
        for info in package.infolist():
            name = info.filename
            if name.startswith(_MEDIA):
                media += 1
            elif name.startswith(_DRAWINGS) and name.endswith(".xml") and "/_rels/" not in name:
                held += _drawn(package.read(info), name)
    sheets = [*workbook.worksheets, *workbook.chartsheets]
    charts = sum(len(sheet._charts) for sheet in sheets)
    images = sum(len(getattr(sheet, "_images", ())) for sheet in sheets)
    lost: list[str] = []
    unread = held["chart"] - charts
    if unread > 0:
        lost.append(f"{unread} chart{'s' if unread > 1 else ''} openpyxl cannot read")
    # A picture not loaded, or an image part no loaded picture writes back (one in a page header).
    if held["picture"] > images or media > images:
        lost.append("images")
    if held["shape"]:
        lost.append("shapes, text boxes or other drawn objects")
    if held["unreadable"]:
        lost.append("drawings openpyxl cannot read")
    return lost


_M = f"{{{MAIN_NS}}}"
#: The custom number formats' first number (ECMA-376 part 1, 18.8.30): openpyxl numbers its own
#: from here, in the order it keeps them.
_FIRST_CUSTOM = 164
_GENERAL = BUILTIN_FORMATS[0]


def _pivot_table(root: Element | None, sheet: str | None) -> str:
    """Pivot table ``root`` (its part parsed, None if it cannot be) as a person knows it:
    ``pivot table 'Ratings by Club' on sheet 'Summary'``; ``a pivot table`` where it names
    none, and no sheet where no sheet shows it."""
    name = ""
    if root is not None and root.tag == f"{_M}pivotTableDefinition":
        name = root.get("name", "")
    words = f"pivot table {name!r}" if name.strip() else "a pivot table"
    return f"{words} on sheet {sheet!r}" if sheet is not None else words


def _parsed(source: PackageZip, part: str) -> Element | None:
    try:
        return parse_part(source.read(part), part)
    except WorkbookError:
        return None


def _file_formats(source: PackageZip, book: WorkbookPart) -> dict[int, str]:
    """The number formats the file's stylesheet defines (``<numFmt>``), by number."""
    for rel in book.rels:
        part = resolve(book.part, rel.target)
        if rel.type == STYLES_REL and not rel.external and source.has(part):
            root = _parsed(source, source.member(part))
            if root is None:
                return {}
            return {
                int(each.get("numFmtId", "-1")): each.get("formatCode", "")
                for each in root.iter(f"{_M}numFmt")
                if each.get("numFmtId", "").isdigit()
            }
    return {}


def _renumbered(number: int, file_formats: dict[int, str], kept: list[str]) -> bool:
    """Whether number format ``number`` names another format once openpyxl has written the
    stylesheet: its own customs from :data:`_FIRST_CUSTOM`, in the order of ``kept``, and no
    format below that number (those are Excel's built-in ones). A number no format answers
    to shows as General, in the file as in the output."""
    before = file_formats.get(number, BUILTIN_FORMATS.get(number))
    if number >= _FIRST_CUSTOM:
        index = number - _FIRST_CUSTOM
        after = kept[index] if index < len(kept) else None
    else:
        after = BUILTIN_FORMATS.get(number)
    return (before or _GENERAL) != (after or _GENERAL)


def _what_is_lost(
    table: Element, cache: Element | None, file_formats: dict[int, str], kept: list[str]
) -> list[str]:
    """What openpyxl drops of pivot table ``table`` and its cache ``cache``, in words."""
    lost: list[str] = []
    if table.find(f"{_M}conditionalFormats/{_M}conditionalFormat") is not None:
        lost.append("conditional formatting")
    trees = [table] if cache is None else [table, cache]
    if any(e.find(f"{_M}ext") is not None for t in trees for e in t.iter(f"{_M}extLst")):
        lost.append("Excel 2010 and later settings")
    numbers = {
        int(number)
        for tree in trees
        for element in tree.iter()
        if (number := element.get("numFmtId", "")).isdigit()
    }
    if any(_renumbered(number, file_formats, kept) for number in numbers):
        lost.append("custom number formats")
    return lost


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _cache_of(source: PackageZip, part: str) -> Element | None:
    """The cache definition pivot table ``part`` reads (its relationship), parsed."""
    for rel in relationships(source, part):
        target = resolve(part, rel.target)
        if rel.type == PIVOT_CACHE_REL and not rel.external and source.has(target):
            return _parsed(source, source.member(target))
    return None


def pivot_table_losses(path: Path, workbook: Any) -> list[str]:
    """What of the pivot tables of the package at ``path`` openpyxl's ``workbook``, loaded from
    it, would not write back, in the order of the sheets: ``the conditional formatting, Excel
    2010 and later settings and custom number formats of pivot table 'Ratings by Club' on sheet
    'Summary'`` (what it has of the three); a pivot table no worksheet shows, whole, after
    them; ``pivot caches`` for cache parts no table written back reads; [] when nothing is
    lost."""
    with zipfile.ZipFile(path) as package:
        names = package.namelist()
    if not any(name.startswith((_PIVOT_TABLES, _PIVOT_CACHES)) for name in names):
        return []
    source = PackageZip(path)
    book = WorkbookPart(source)
    file_formats = _file_formats(source, book)
    kept = list(workbook._number_formats)  # openpyxl's custom formats, in its order
    lost: list[str] = []
    shown: set[str] = set()
    for sheet in book.sheets:
        home = sheet.part
        if home is None:  # a sheet listed without its part: nothing on it
            continue
        for rel in relationships(source, home):
            part = resolve(home, rel.target)
            if rel.type != PIVOT_TABLE_REL or rel.external or not source.has(part):
                continue
            part = source.member(part)
            shown.add(part)
            table = _parsed(source, part)
            if sheet.kind != "worksheet" or table is None:  # openpyxl reads none of it
                lost.append(_pivot_table(table, sheet.name))
                continue
            dropped = _what_is_lost(table, _cache_of(source, part), file_formats, kept)
            if dropped:
                lost.append(f"the {_and(dropped)} of {_pivot_table(table, sheet.name)}")
    for name in names:  # a part no sheet shows (its relationships end in .rels)
        if name.startswith(_PIVOT_TABLES) and name.endswith(".xml") and name not in shown:
            lost.append(_pivot_table(_parsed(source, name), None))
    caches = {  # openpyxl writes each cache a table it read reads, once, with its records
        id(pivot.cache): pivot.cache
        for ws in workbook.worksheets
        for pivot in ws._pivots
        if pivot.cache is not None
    }
    written = sum(1 + (cache.records is not None) for cache in caches.values())
    held = [n for n in names if n.startswith(_PIVOT_CACHES) and "/_rels/" not in n]
    if len(held) > written:
        lost.append("pivot caches")
    return list(dict.fromkeys(lost))
