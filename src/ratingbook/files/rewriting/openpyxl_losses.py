"""What of a book's drawings and pivot tables openpyxl loses when it rewrites the file, in words.

openpyxl reads a sheet's drawing for its charts and pictures only, and writes back only what
it read: a chart it can read (on a worksheet or a chart sheet) and a picture it can read (with
Pillow installed; no WMF) come out in the saved file; a chart it cannot read, a picture it
cannot, every shape, text box, connector, group, SmartArt or other drawn object, and the
shapes drawn on a chart are lost. :func:`drawing_losses` compares what the file's drawings
hold with what openpyxl loaded, and names what is lost, or nothing when nothing is (the
parts openpyxl never carries over at all are :data:`ratingbook.files.disk.check_package`'s).

A pivot table is not carried over either, and a person knows one by the name Excel shows
(PivotTable Analyze > PivotTable Name) and the sheet it is on, never by the part holding it
(``xl/pivotTables/pivotTable1.xml``): :func:`pivot_table_losses` names each so.
"""

from __future__ import annotations

import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.opc import PIVOT_TABLE_REL, relationships, resolve
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


def _pivot_table(source: PackageZip, part: str, sheet: str | None) -> str:
    """Pivot table part ``part`` as a person knows it: ``pivot table 'Ratings by Club' on sheet
    'Summary'``; ``a pivot table`` where the part names none (it cannot be read), and no sheet
    where no sheet shows it."""
    try:
        root = parse_part(source.read(part), part)
    except WorkbookError:
        name = ""
    else:
        name = root.get("name", "") if root.tag == f"{{{MAIN_NS}}}pivotTableDefinition" else ""
    words = f"pivot table {name!r}" if name.strip() else "a pivot table"
    return f"{words} on sheet {sheet!r}" if sheet is not None else words


def pivot_table_losses(path: Path) -> list[str]:
    """Each pivot table of the package at ``path`` by its name and sheet, in the order of the
    sheets (a pivot table part no sheet shows after them); ``pivot caches`` for a pivot cache
    with no pivot table left to read it; [] when the book holds neither."""
    with zipfile.ZipFile(path) as package:
        names = package.namelist()
    if not any(name.startswith((_PIVOT_TABLES, _PIVOT_CACHES)) for name in names):
        return []
    source = PackageZip(path)
    lost: list[str] = []
    shown: set[str] = set()
    for sheet in WorkbookPart(source).sheets:
        home = sheet.part
        if home is None:  # a sheet listed without its part: nothing on it
            continue
        for rel in relationships(source, home):
            part = resolve(home, rel.target)
            if rel.type == PIVOT_TABLE_REL and not rel.external and source.has(part):
                shown.add(source.member(part))
                lost.append(_pivot_table(source, source.member(part), sheet.name))
    for name in names:  # a part no sheet shows (its relationships end in .rels)
        if name.startswith(_PIVOT_TABLES) and name.endswith(".xml") and name not in shown:
            lost.append(_pivot_table(source, name, None))
    if not lost:
        lost.append("pivot caches")
    return list(dict.fromkeys(lost))
