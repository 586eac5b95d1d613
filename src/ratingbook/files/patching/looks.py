"""A worksheet part's formats read as looks, and looks given back (an undo's, a redo's).

Everything that decides how the package back end reads and gives back a
:class:`~ratingbook.workbook.port.looks.SheetLooks` lives here: a cell's ``s`` read through
the stylesheet as a :class:`~ratingbook.workbook.port.looks.Look` (and a look given back as
the ``s`` :func:`~ratingbook.files.patching.patch.patch_sheet` writes), a row's ``ht``, the
sheet's ``<cols>`` (replaced whole by a layout given back) and its print area and print titles
among the workbook's defined names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ratingbook.files.ooxml.xmltext import attributes, tag_attributes, unescape
from ratingbook.files.patching.styles import Styles
from ratingbook.files.patching.walker import STYLE, SheetXml
from ratingbook.workbook.port.book import UNSIZED, Height
from ratingbook.workbook.port.looks import Columns, Layout, SheetLooks

__all__ = ["Given", "given_looks", "print_names", "read_looks", "with_columns"]

_COLS = re.compile(r"<(\w+:)?cols\b[^>]*?(?:/>|>.*?</(?:\w+:)?cols>)", re.S)
_COL = re.compile(r"<(?:\w+:)?col\b[^>]*>")
_PRINT_AREA = "_xlnm.Print_Area"
_PRINT_TITLES = "_xlnm.Print_Titles"
#: Looks given back to one sheet: each cell's ``s`` (None: no cell) by row and column, each
#: row's height, and the layout (None: the sheet's kept).
Given = tuple[dict[int, dict[int, str | None]], dict[int, Height], Layout | None]


def read_looks(
    sheet: SheetXml,
    styles: Styles,
    name: str,
    rows: Sequence[int] | None,
    names: tuple[str, str] = ("", ""),
) -> SheetLooks:
    """The formats of ``sheet``'s cells in ``rows`` (None: every cell, each row's height, and
    the layout, its print area and titles ``names`` from :func:`print_names`), as
    :meth:`~ratingbook.workbook.port.book.Book.looks` says."""
    wanted = None if rows is None else frozenset(rows)
    last = max(wanted, default=0) if wanted is not None else None
    cells = {}
    heights: dict[int, float | None] = {}
    for number, _, _, attrs, inside, _ in sheet.rows():
        if last is not None and number > last:
            break
        if wanted is not None and number not in wanted:
            continue
        if wanted is None:
            height = attributes(attrs).get("ht")
            heights[number] = _number(height)
        for column, _, _, cell_attrs, _, _ in sheet.cells(inside or ""):
            style = STYLE.search(cell_attrs)
            cells[(number, column)] = styles.look_of(int(style.group(1)) if style else 0)
    if wanted is not None:
        return SheetLooks(name, cells)
    every = {r: heights.get(r) for r in range(1, max([0, *heights, *(r for r, _ in cells)]) + 1)}
    columns = tuple(_columns(sheet.head, styles))
    return SheetLooks(name, cells, every, Layout(columns, names[1], names[0]))


def _number(text: str | None) -> float | None:
    """``text`` (an attribute's) as a number of points or units; None when it is none."""
    return float(text) if text is not None and text.replace(".", "", 1).isdigit() else None


def _columns(head: str, styles: Styles) -> Iterable[Columns]:
    found = _COLS.search(head)
    for element in _COL.findall(found.group(0) if found else ""):
        attrs = tag_attributes(element)
        low, high, width = attrs.get("min", ""), attrs.get("max", ""), attrs.get("width")
        if not (low.isdigit() and high.isdigit()):
            continue
        style = attrs.get("style", "")
        yield Columns(
            int(low),
            int(high),
            _number(width),
            styles.look_of(int(style)) if style.isdigit() else None,
            attrs.get("hidden", "").strip().lower() in ("1", "true"),
        )


def print_names(workbook_xml: str, position: int) -> tuple[str, str]:
    """The print titles and print area (each "" for none) the workbook's defined names give
    the sheet at ``position`` (0-based, its ``localSheetId``)."""
    found = {_PRINT_TITLES: "", _PRINT_AREA: ""}
    for match in re.finditer(
        r"<(?:[\w.-]+:)?definedName(?=[\s>])([^>]*?)>(.*?)</(?:[\w.-]+:)?definedName>",
        workbook_xml,
        re.S,
    ):
        attrs = attributes(match.group(1))
        if attrs.get("localSheetId") == str(position) and attrs.get("name") in found:
            found[attrs["name"]] = unescape(match.group(2))
    return found[_PRINT_TITLES], found[_PRINT_AREA]


def given_looks(looks: Iterable[SheetLooks], styles: Styles) -> Given:
    """The looks given back to one sheet, merged (the later wins), each look as its ``s``."""
    cells: dict[int, dict[int, str | None]] = {}
    heights: dict[int, Height] = {}
    layout: Layout | None = None
    for each in looks:
        for (row, column), look in each.cells.items():
            style = None if look is None else str(styles.look(look))
            cells.setdefault(row, {})[column] = style
        for row, height in each.heights.items():
            heights[row] = UNSIZED if height is None else height
        layout = each.layout if each.layout is not None else layout
    return cells, heights, layout


def with_columns(xml: str, columns: Sequence[Columns], styles: Styles) -> str:
    """The worksheet ``xml`` with its ``<cols>`` replaced by ``columns`` (none: no ``<cols>``;
    a width None is the default width, a look None no format of the columns' own)."""
    root = re.search(r"<(\w+:)?worksheet\b", xml)
    p = (root.group(1) or "") if root else ""
    elements = "".join(
        f'<{p}col min="{run.first}" max="{run.last}"'
        + (f' width="{run.width:g}" customWidth="1"' if run.width is not None else "")
        + (f' style="{styles.look(run.look)}"' if run.look is not None else "")
        + (' hidden="1"' if run.hidden else "")
        + "/>"
        for run in sorted(columns, key=lambda run: run.first)
    )
    cols = f"<{p}cols>{elements}</{p}cols>" if elements else ""
    data = re.search(rf"<{re.escape(p)}sheetData\b", xml)
    at = data.start() if data else len(xml)  # <cols> comes before <sheetData>
    found = _COLS.search(xml, 0, at)
    if found is not None:
        return xml[: found.start()] + cols + xml[found.end() :]
    return xml[:at] + cols + xml[at:]
