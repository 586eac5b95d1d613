"""Fake workbooks on xlwings' JSON ("remote") engine, for tests without Excel.

``xw.Book(json=payload)`` is the object xlwings Server (Office.js / Office Scripts
clients) and xlwings Lite hand to a script: a real ``xlwings.Book`` backed by a
snapshot of the workbook's cell values.  Reads are served from that snapshot;
every change is *queued* as an "action" in ``book.json()["actions"]`` and never
applied locally.  So a test can read through the ordinary xlwings API, and then
inspect exactly what would be sent back to Excel:

* :func:`make_json_book` builds the payload the Office.js client sends and
  returns the ``xlwings.Book``;
* :func:`actions` / :func:`count_calls` expose the queued actions;
* :func:`apply_actions` replays the value-changing actions onto a copy of the
  input grids, so a test can assert on the sheet contents Excel would end with.

See ``docs/xlwings-json-engine.md`` for the payload format and the engine's
behaviour (xlwings 0.37.8).

The engine lives in ``xlwings.pro`` and is only registered when
``XLWINGS_LICENSE_KEY`` is set *before* ``import xlwings`` runs, hence the
``os.environ.setdefault`` above the import (and :func:`_ensure_remote_engine` as
a fallback for when another module imported xlwings first without the key).
"""

from __future__ import annotations

import copy
import datetime as dt
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import xlwings as xw  # only after the license key is set: see the module docstring

__all__ = [
    "UNSUPPORTED_VALUE_ACTIONS",
    "actions",
    "apply_actions",
    "count_calls",
    "make_json_book",
    "payload_values",
]

Grid = list[list[Any]]

#: Actions that change cell values but that :func:`apply_actions` can't replay
#: faithfully.  Replaying one raises ``NotImplementedError`` instead of
#: silently producing wrong sheet contents.  Every other action that
#: :func:`apply_actions` doesn't handle (formatting, number formats, colours,
#: autofit, alerts, names, charts, pictures, activating a sheet, calculation,
#: screen updating, save, ...) leaves the cell values alone and is skipped.
UNSUPPORTED_VALUE_ACTIONS: frozenset[str] = frozenset(
    {
        "setFormula",
        "setFormulaArray",
        "rangeDelete",
        "rangeInsert",
        "rangeSort",
        "rangeRemoveDuplicates",
        "rangeReplaceAll",
        "rangeAutofill",
        "rangeMerge",
        "copyRange",
        "copyFromRange",
        "moveRange",
        "addHyperlink",  # writes text_to_display into the cell
        "addTable",  # may insert a header row
        "addTableRow",
        "addTableColumn",
        "deleteTableRow",
        "deleteTableColumn",
        "tableSort",
        "addPivotTable",
        "runMacro",
    }
)

# Any action whose name mentions pivot tables also counts as value-changing:
# a pivot table rewrites its output cells on every change.
_PIVOT_HINT = "pivot"


# --------------------------------------------------------------------------- book


def _ensure_remote_engine() -> None:
    """Register the JSON engine if ``import xlwings`` ran without a license key.

    xlwings registers its engines once, at import time.  When the key was
    missing then, ``xw.Book(json=...)`` raises ``LicenseError("xlwings Server
    requires a license key...")`` even after the key is set.  Importing the
    engine module now (the key is set at the top of this module) and adding it
    by hand gives the same engine ``import xlwings`` would have registered.
    """
    if "remote" in [engine.name for engine in xw.engines]:
        return
    from xlwings.main import Engine
    from xlwings.pro import _xlremote

    xw.engines.add(Engine(impl=_xlremote.engine))


def _to_payload_cell(value: Any) -> Any:
    """One cell as the Office.js client sends it.

    Empty cells are ``""`` (never ``null``); dates and times are ISO strings
    ``YYYY-MM-DDTHH:MM:SS.000Z`` (the client converts cells with a Date/Time
    number format that way, and xlwings parses that pattern back to
    ``datetime``); numbers, strings and booleans pass through.
    """
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    if isinstance(value, dt.date):
        return f"{value.isoformat()}T00:00:00.000Z"
    return value


def payload_values(grid: Sequence[Sequence[Any]]) -> Grid:
    """The rectangular ``values`` matrix for one sheet of the payload.

    Ragged rows are padded with ``""`` to the widest row.  An empty grid gives
    ``[[""]]``: what the client sends for an empty sheet (its used range is A1).
    The matrix is anchored at A1, like the client's (it reads ``A1:<last cell>``).
    """
    width = max((len(row) for row in grid), default=0)
    if width == 0:
        return [[""]]
    return [[_to_payload_cell(cell) for cell in row] + [""] * (width - len(row)) for row in grid]


def _sheet_payload(name: str, grid: Sequence[Sequence[Any]]) -> dict[str, Any]:
    # Same keys as xlwings' own template for a sheet added on an Office.js
    # client (xlwings/pro/_xlremote.py, Sheets.add), so that e.g.
    # sheet.visible, sheet.tables, sheet.pictures and sheet.pivot_tables work.
    return {
        "name": name,
        "values": payload_values(grid),
        "visibility": "Visible",
        "pictures": [],
        "shapes": [],
        "charts": [],
        "notes": [],
        "tables": [],
        "print_area": None,
        "show_gridlines": True,
        "pivot_tables": [],
    }


def make_json_book(
    sheets: Mapping[str, Sequence[Sequence[Any]]],
    *,
    active: str | None = None,
    name: str = "ratingbook.xlsx",
) -> xw.Book:
    """A real ``xlwings.Book`` on the JSON engine, holding ``sheets``.

    ``sheets`` maps sheet names (in workbook order) to row lists anchored at A1;
    rows may be ragged and may use ``None`` for empty cells.  ``active`` names the
    active sheet (default: the first one).  The payload mirrors what the
    xlwings Server Office.js client sends (``client="Office.js"``, this
    xlwings' version, the book's name/active sheet/selection, no defined
    names).
    """
    if not sheets:
        raise ValueError("a workbook needs at least one sheet")
    names = list(sheets)
    folded = [sheet_name.casefold() for sheet_name in names]
    if len(set(folded)) != len(folded):
        raise ValueError(f"sheet names must be unique (ignoring case): {names!r}")
    if active is None:
        active_index = 0
    elif active.casefold() in folded:
        active_index = folded.index(active.casefold())
    else:
        raise ValueError(f"active sheet {active!r} is not one of {names!r}")

    payload = {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": name, "active_sheet_index": active_index, "selection": "A1"},
        "names": [],
        "sheets": [_sheet_payload(sheet_name, grid) for sheet_name, grid in sheets.items()],
    }
    _ensure_remote_engine()
    return xw.Book(json=payload)


# ------------------------------------------------------------------------ actions


def actions(book: xw.Book) -> list[dict[str, Any]]:
    """A snapshot (deep copy) of ``book.json()["actions"]``, oldest first."""
    return copy.deepcopy(book.json()["actions"])


def count_calls(book: xw.Book) -> int:
    """How many actions ("calls" to Excel) the book has queued so far.

    Reads never queue anything; each write, clear, sheet operation, format
    change, alert... queues one action (``Sheet.autofit()`` without an axis
    queues two).
    """
    return len(book.json()["actions"])


# -------------------------------------------------------------------------- replay


def _from_payload_cell(value: Any) -> Any:
    # xlwings reads "" (and None) back as None, so the replayed grid does too.
    return None if value == "" else value


def _grid(rows: Iterable[Sequence[Any]]) -> Grid:
    return [[_from_payload_cell(cell) for cell in row] for row in rows]


def _trimmed(grid: Grid) -> Grid:
    """Rectangular, without trailing empty rows/columns; an empty sheet is ``[]``."""
    rows = [list(row) for row in grid]
    while rows and all(cell is None for cell in rows[-1]):
        rows.pop()
    width = 0
    for row in rows:
        for ix in range(len(row), 0, -1):
            if row[ix - 1] is not None:
                width = max(width, ix)
                break
    return [(row + [None] * width)[:width] for row in rows]


def _ensure_size(grid: Grid, nrows: int, ncols: int) -> None:
    while len(grid) < nrows:
        grid.append([])
    for row in grid:
        if len(row) < ncols:
            row.extend([None] * (ncols - len(row)))


def _block(action: Mapping[str, Any]) -> tuple[int, int, int, int]:
    return (
        action["start_row"],
        action["start_column"],
        action["row_count"],
        action["column_count"],
    )


def _check_new_name(book: list[list[Any]], new_name: str, skip: int | None = None) -> None:
    for ix, (existing, _) in enumerate(book):
        if ix != skip and existing.casefold() == new_name.casefold():
            raise ValueError(f"a sheet named {existing!r} already exists")


def apply_actions(
    sheets: Mapping[str, Sequence[Sequence[Any]]],
    actions: Iterable[Mapping[str, Any]],
) -> dict[str, Grid]:
    """Replay ``actions`` onto a copy of ``sheets``; return the resulting sheets.

    ``sheets`` is what :func:`make_json_book` got; ``actions`` is
    :func:`actions` of that book.  Actions are applied in order, each against
    the sheet positions as they are at that point, just like the client does.

    Replayed: ``setValues``, ``rangeClearContents``/``rangeClear`` (cells become
    empty), ``sheetClearContents``/``sheetClear``, ``addSheet``, ``sheetDelete``,
    ``setSheetName``, ``copySheet`` and ``setSheetPosition``.  Actions in
    :data:`UNSUPPORTED_VALUE_ACTIONS` (or naming pivot tables) raise
    ``NotImplementedError``; all other actions don't touch values and are
    skipped.

    The result maps sheet names, in workbook order, to rectangular grids
    anchored at A1 with trailing empty rows/columns trimmed (an empty sheet is
    ``[]``).  Empty cells are ``None`` (the client's ``""`` included).  Written
    values are kept as sent: a ``date``/``datetime`` written through xlwings
    shows up as the ISO string xlwings sent (``"2024-01-02"``,
    ``"2024-01-02 03:04:05"``), which Excel then parses.
    """
    book: list[list[Any]] = [[name, _grid(grid)] for name, grid in sheets.items()]
    for action in actions:
        func = action["func"]
        args = action.get("args") or []
        position = action["sheet_position"]
        if func == "setValues":
            grid = book[position][1]
            row, col, nrows, ncols = _block(action)
            values = action["values"]
            if len(values) != nrows or any(len(line) != ncols for line in values):
                raise ValueError(
                    f"setValues block is {nrows}x{ncols} but its values are not: {values!r}"
                )
            _ensure_size(grid, row + nrows, col + ncols)
            for r, line in enumerate(values):
                for c, value in enumerate(line):
                    grid[row + r][col + c] = _from_payload_cell(value)
        elif func in ("rangeClearContents", "rangeClear"):
            grid = book[position][1]
            row, col, nrows, ncols = _block(action)
            for r in range(row, min(row + nrows, len(grid))):
                line = grid[r]
                for c in range(col, min(col + ncols, len(line))):
                    line[c] = None
        elif func in ("sheetClearContents", "sheetClear"):
            book[position][1] = []
        elif func == "addSheet":
            index, new_name = args[0], args[1]
            if new_name is None:  # the client lets Excel pick a name
                number = 1
                while any(n.casefold() == f"sheet{number}" for n, _ in book):
                    number += 1
                new_name = f"Sheet{number}"
            _check_new_name(book, new_name)
            book.insert(index, [new_name, []])
        elif func == "sheetDelete":
            del book[position]
        elif func == "setSheetName":
            _check_new_name(book, args[0], skip=position)
            book[position][0] = args[0]
        elif func == "copySheet":
            where, target, new_name = args
            _check_new_name(book, new_name)
            index = target if where == "Before" else target + 1
            book.insert(index, [new_name, copy.deepcopy(book[position][1])])
        elif func == "setSheetPosition":
            book.insert(args[0], book.pop(position))
        elif func in UNSUPPORTED_VALUE_ACTIONS or _PIVOT_HINT in func.casefold():
            raise NotImplementedError(f"apply_actions can't replay {func!r}: {action!r}")
        # Anything else (formats, colours, autofit, alerts, names, activateSheet,
        # setCalculation, save, ...) leaves cell values alone.
    return {name: _trimmed(grid) for name, grid in book}
