"""The formats an act changed, kept beside it for its undo and its redo.

This module alone decides which formats an act keeps and how: each cell its blocks write in an
input sheet (a :class:`~ratingbook.workbook.port.looks.Look`, or none: no cell there, so that
its undo takes away the cells the act made, the empty ones with them: a Result cell it
formatted as text), the layout of a sheet whose columns it widened (their widths), and each
archive it rewrote whole (every cell, every row's height, its columns and print area: a camp's
first new week). An act keeps them as the book held them before it
(:func:`looks_before`); its undo gives them back (:func:`given`) and keeps them as the book
held them before the undo, for its redo, which gives those back in turn (:func:`looks_now`).
A cell whose typed value a take leaves (typed since) keeps its format too. In the
``Event History`` sheet they are written as JSON (:func:`looks_json`): one table of looks,
each sheet's cells as runs down a column.

A book that cannot tell its formats (xlwings: Excel keeps a cell's format whatever ratingbook
writes) keeps none, and its undo gives none back, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from ratingbook.core.tables import Grid, header_key
from ratingbook.workbook.port.book import KEEP, Book, Plan, points
from ratingbook.workbook.port.looks import Columns, Layout, Look, SheetLooks

__all__ = [
    "block_heights",
    "given",
    "heights_before",
    "looks_before",
    "looks_json",
    "looks_now",
    "looks_of_json",
]

Cell = tuple[str, int, int]


def looks_before(
    book: Book,
    plan: Plan,
    written: Mapping[str, Grid],
    skip: Collection[str],
    whole: Collection[str],
) -> dict[str, SheetLooks]:
    """What ``plan`` will change, as ``book`` holds it before: the cells its blocks write
    (in sheets not in ``skip``: generated and record sheets), the layout of a sheet a block
    widens, and the sheets of ``whole`` (archives the plan rewrites whole) every cell,
    height and column of them, before and as ``written`` will hold them."""
    skipped = {header_key(name) for name in skip}
    places: dict[str, set[tuple[int, int]]] = {}
    widened: set[str] = set()
    for block in plan.blocks:
        if header_key(block.sheet) in skipped:
            continue
        cells = places.setdefault(block.sheet, set())
        cells.update(
            (block.row + r, block.column + c)
            for r, line in enumerate(block.values)
            for c, value in enumerate(line)
            if value is not KEEP
        )
        if block.widths:
            widened.add(block.sheet)
    like: dict[str, SheetLooks] = {}
    for sheet, cells in places.items():
        layout = Layout() if sheet in widened else None
        like[sheet] = SheetLooks(sheet, dict.fromkeys(cells), layout=layout)
    existing = set(book.sheet_names())
    made: dict[str, SheetLooks] = {}
    for sheet in whole:
        grid = written.get(sheet, [])
        cells = {(r, c) for r, line in enumerate(grid, 1) for c in range(1, len(line) + 1)}
        rows = dict.fromkeys(range(1, len(grid) + 1))
        shot = SheetLooks(sheet, dict.fromkeys(cells), rows or {1: None}, Layout())
        if sheet in existing:
            like[sheet] = shot
        else:  # a sheet the act makes: its undo leaves it, with no cell, row or column
            made[sheet] = shot
    now = looks_now(book, like)
    if made and not now and (like or _cannot_tell(book)):
        return now  # a book that tells no format (xlwings) keeps none
    return {**now, **made}


def _cannot_tell(book: Book) -> bool:
    names = book.sheet_names()
    return not names or book.looks(names[0], ()) is None


def looks_now(book: Book, like: Mapping[str, SheetLooks]) -> dict[str, SheetLooks]:
    """The formats of the places of ``like`` (a kept act's looks) as ``book`` holds them
    now: its cells (each, or None: no cell there), and where it keeps a layout, the layout;
    a whole sheet's (one with rows' heights) every cell and row too. A sheet the book
    cannot tell is left out."""
    now: dict[str, SheetLooks] = {}
    for sheet, kept in like.items():
        whole = bool(kept.heights)
        rows = None if whole or kept.layout is not None else sorted({r for r, _ in kept.cells})
        read = book.looks(sheet, rows)
        if read is None:
            continue
        cells: dict[tuple[int, int], Look | None] = {p: read.cells.get(p) for p in kept.cells}
        heights: dict[int, float | None] = {}
        if whole:
            cells.update(read.cells)
            heights = {r: read.heights.get(r) for r in {*kept.heights, *read.heights}}
        layout = read.layout if kept.layout is not None else None
        now[sheet] = SheetLooks(sheet, cells, heights, layout)
    return now


def given(
    looks: Mapping[str, SheetLooks],
    stays: Collection[Cell],
    cut: Iterable[tuple[str, int]] = (),
    now: Mapping[str, Grid] | None = None,
) -> tuple[SheetLooks, ...]:
    """``looks`` to give back, but for the cells of ``stays`` (typed since, left as typed: they
    keep their formats too). A sheet an undo cuts short (``cut``: the sheet and the rows it
    keeps, :attr:`~ratingbook.session.taking.Taking.truncated`) whose formats the act did not
    keep (kept by an earlier ratingbook, or by a book that could not tell them) loses the
    cells of the rows below whole, as an undo took them before: each cell of ``now``'s rows
    there."""
    out = [
        SheetLooks(
            sheet,
            {p: look for p, look in each.cells.items() if (sheet, *p) not in stays},
            each.heights,
            each.layout,
        )
        for sheet, each in looks.items()
    ]
    for sheet, keep in cut:
        grid = (now or {}).get(sheet, [])
        if sheet not in looks and len(grid) > keep:
            width = max(len(line) for line in grid[keep:])
            below = range(keep + 1, len(grid) + 1)
            out.append(
                SheetLooks(sheet, {(r, c): None for r in below for c in range(1, width + 1)})
            )
    return tuple(out)


def block_heights(plan: Plan) -> dict[tuple[str, int], float]:
    """The height in points ``plan``'s blocks give their rows, by sheet and row (the later
    block wins), for :attr:`~ratingbook.session.history.Kept.heights`."""
    tall = {
        (block.sheet, block.row + r): points(height)
        for block in plan.blocks
        for r, height in enumerate(block.heights)
        if height is not None
    }
    return {where: height for where, height in tall.items() if height is not None}


def heights_before(
    book: Book, rows: Iterable[tuple[str, int]]
) -> dict[tuple[str, int], float | None]:
    """Each of ``rows`` (sheet, row)'s height as ``book`` holds it before an act, None for the
    sheet's default height; a row whose height the book cannot tell is left out
    (:meth:`~ratingbook.workbook.port.book.Book.row_heights`), for
    :attr:`~ratingbook.session.history.Kept.was`."""
    by_sheet: dict[str, list[int]] = {}
    for sheet, row in rows:
        by_sheet.setdefault(sheet, []).append(row)
    return {
        (sheet, row): height
        for sheet, numbers in by_sheet.items()
        for row, height in book.row_heights(sheet, sorted(numbers)).items()
    }


# --- JSON ----------------------------------------------------------------------------------------


def looks_json(looks: Mapping[str, SheetLooks]) -> dict[str, object]:
    """``looks`` as JSON: one table of looks (each its six texts), and for each sheet its
    cells as runs down a column ``[column, first row, last row, look]`` (-1: no cell), its
    rows' heights as runs ``[first, last, height]`` and its layout."""
    table: dict[Look, int] = {}

    def index(look: Look | None) -> int:
        return -1 if look is None else table.setdefault(look, len(table))

    sheets = []
    for sheet, each in looks.items():
        runs: list[list[int]] = []
        for (row, column), look in sorted(each.cells.items(), key=lambda i: (i[0][1], i[0][0])):
            n = index(look)
            last = runs[-1] if runs else None
            if last and last[0] == column and last[2] + 1 == row and last[3] == n:
                last[2] = row
            else:
                runs.append([column, row, row, n])
        tall: list[list[object]] = []
        for row, height in sorted(each.heights.items()):
            if tall and tall[-1][1] == row - 1 and tall[-1][2] == height:
                tall[-1][1] = row
            else:
                tall.append([row, row, height])
        layout = each.layout
        shape = (
            None
            if layout is None
            else [
                [[c.first, c.last, c.width, index(c.look), c.hidden] for c in layout.columns],
                layout.print_area,
                layout.print_titles,
            ]
        )
        sheets.append([sheet, runs, tall, shape])
    looks_table = [
        [x.number_format, x.font, x.fill, x.border, x.alignment, x.protection] for x in table
    ]
    return {"table": looks_table, "sheets": sheets}


def looks_of_json(data: object) -> dict[str, SheetLooks]:
    """The looks :func:`looks_json` wrote (none for an act kept without them)."""
    if not isinstance(data, dict):
        return {}
    table = [Look(*(str(t) for t in texts)) for texts in data.get("table", [])]

    def look(n: int) -> Look | None:
        return None if n < 0 else table[n]

    found: dict[str, SheetLooks] = {}
    for sheet, runs, tall, shape in data.get("sheets", []):
        cells = {
            (row, int(column)): look(int(n))
            for column, first, last, n in runs
            for row in range(int(first), int(last) + 1)
        }
        heights = {
            row: None if height is None else float(height)
            for first, last, height in tall
            for row in range(int(first), int(last) + 1)
        }
        layout = None
        if shape is not None:
            columns, area, titles = shape
            layout = Layout(tuple(_columns(columns, look)), str(area), str(titles))
        found[str(sheet)] = SheetLooks(str(sheet), cells, heights, layout)
    return found


def _columns(runs: Iterable[list[object]], look: Callable[[int], Look | None]) -> Iterable[Columns]:
    for first, last, width, n, hidden in runs:
        yield Columns(
            int(str(first)),
            int(str(last)),
            None if width is None else float(str(width)),
            look(int(str(n))),
            bool(hidden),
        )
