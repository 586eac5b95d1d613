"""Undo inside the book, for Excel: the states kept in an ``Event History`` sheet.

On the command line the states are whole files beside the book (:mod:`ratingbook.files.history`);
a book open in Excel (desktop, xlwings Server, xlwings Lite) has no file ratingbook saves, so
there each state is kept in the book itself. This module alone decides how: the ``Event History``
sheet (written only by ratingbook) holds, as JSON text in cells of at most 30,000 characters,
the values of every other sheet before each of the last :data:`KEPT` logged changes, and the
book as ratingbook last wrote it (``saved``: the state before a change typed by hand). Undo
writes a state's values back into every sheet, cell for cell (a sheet made since stays, empty),
and drops that state.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ratingbook.core.tables import Grid
from ratingbook.errors import RatingbookError
from ratingbook.workbook.book import KEEP, GeneratedSheet, Plan, WriteBlock
from ratingbook.workbook.event_log_sheet import EVENT_LOG
from ratingbook.workbook.reading import Sheets

__all__ = [
    "EVENT_HISTORY",
    "KEPT",
    "BookState",
    "history_sheet",
    "plan_undo",
    "predicted",
    "read_history",
    "snapshot",
]

EVENT_HISTORY = "Event History"
#: How many logged changes the book keeps for undo (each a copy of every sheet's values).
KEPT = 10
_CHUNK = 30_000
#: Each chunk starts with a letter, so that Excel never reads one as anything but text (a
#: chunk may start with any character of the JSON text).
_MARK = "v"


@dataclass(frozen=True, slots=True)
class BookState:
    """A state of the book: what it precedes, and every sheet's values."""

    label: str
    grids: Mapping[str, Grid]


def snapshot(sheets: Sheets, names: Iterable[str]) -> dict[str, Grid]:
    """Every sheet's values as read (the history itself left out). The log's When is text that
    xlwings reads back as a date and time: it is kept as the text ratingbook wrote."""
    grids = {n: [list(r) for r in sheets.grid(n)] for n in names if n != EVENT_HISTORY}
    for row in grids.get(EVENT_LOG, [])[1:]:
        if row and isinstance(row[0], _dt.datetime):
            row[0] = row[0].strftime("%Y-%m-%dT%H:%M:%SZ")
    return grids


def predicted(before: Mapping[str, Grid], plan: Plan) -> dict[str, Grid]:
    """The sheets' values once ``plan`` is written over ``before``."""
    after = {name: [list(r) for r in grid] for name, grid in before.items()}
    for block in plan.blocks:
        grid = after.setdefault(block.sheet, [])
        for i, line in enumerate(block.values):
            row = block.row - 1 + i
            while len(grid) <= row:
                grid.append([])
            for j, value in enumerate(line):
                column = block.column - 1 + j
                if value is KEEP:
                    continue
                cells = grid[row]
                while len(cells) <= column:
                    cells.append(None)
                cells[column] = value
    for sheet in plan.sheets:
        if sheet.name != EVENT_HISTORY:
            after[sheet.name] = [list(line) for line in sheet.grid()]
    return after


def _encode(value: object) -> object:
    if isinstance(value, _dt.datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, _dt.date):
        return {"date": value.isoformat()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def _decode(value: object) -> object:
    if isinstance(value, dict):
        if "datetime" in value:
            return _dt.datetime.fromisoformat(str(value["datetime"]))
        return _dt.date.fromisoformat(str(value["date"]))
    return value


def _text(grids: Mapping[str, Grid]) -> str:
    data = {name: [[_encode(v) for v in row] for row in grid] for name, grid in grids.items()}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_history(sheets: Sheets) -> tuple[list[BookState], BookState | None]:
    """The states kept (oldest first) and the book as ratingbook last wrote it."""
    if sheets.actual(EVENT_HISTORY) is None:
        return [], None
    parts: dict[tuple[int, str], list[str]] = {}
    for row in sheets.grid(EVENT_HISTORY)[1:]:
        if len(row) < 3 or row[0] is None:
            continue
        number = int(str(row[0])) if str(row[0]).isdigit() else 0
        chunk = str(row[2] or "").removeprefix("'").removeprefix(_MARK)
        parts.setdefault((number, str(row[1] or "")), []).append(chunk)
    states: list[BookState] = []
    saved: BookState | None = None
    for (number, label), chunks in sorted(parts.items()):
        try:
            data = json.loads("".join(chunks))
        except ValueError as error:
            raise RatingbookError(
                f"sheet {EVENT_HISTORY!r} was changed by hand and no longer reads; it is "
                "ratingbook's: undo is not possible until it is restored"
            ) from error
        grids = {n: [[_decode(v) for v in r] for r in g] for n, g in data.items()}
        if number == 0:
            saved = BookState(label, grids)
        else:
            states.append(BookState(label, grids))
    return states, saved


def history_sheet(states: Sequence[BookState], saved: BookState, after: str) -> GeneratedSheet:
    """The ``Event History`` sheet: the last :data:`KEPT` states and the saved one."""
    rows: list[list[object]] = []
    for number, state in [(0, saved), *enumerate(states[-KEPT:], start=1)]:
        text = _text(state.grids)
        for start in range(0, max(len(text), 1), _CHUNK):
            rows.append([number, state.label, _MARK + text[start : start + _CHUNK]])
    return GeneratedSheet(
        EVENT_HISTORY, ("State", "Before", "Values"), rows, widths={1: 30, 2: 60}, after=after
    )


def plan_undo(sheets: Sheets) -> Plan:
    """The book as it was before its last logged change (every sheet's values), that state
    dropped from the history; an error naming the sheet when there is none."""
    states, _ = read_history(sheets)
    if not states:
        raise RatingbookError(
            f"no history to undo: the book's {EVENT_HISTORY!r} sheet holds no state before a "
            "logged change"
        )
    state = states[-1]
    blocks: list[WriteBlock] = []
    for name in sheets.names.values():
        if name == EVENT_HISTORY:
            continue
        now = sheets.grid(name)
        then = state.grids.get(name, [])
        height = max(len(now), len(then))
        width = max((len(r) for r in (*now, *then)), default=0)
        if not height or not width:
            continue
        values: Grid = [
            [(then[r][c] if r < len(then) and c < len(then[r]) else None) for c in range(width)]
            for r in range(height)
        ]
        blocks.append(WriteBlock(name, 1, 1, values))
    saved = BookState("saved", state.grids)
    last = list(sheets.names.values())[-1]
    return Plan(
        blocks=tuple(blocks),
        sheets=(history_sheet(states[:-1], saved, last),),
        summary=(f"undone: the book is back as it was {state.label}",),
    )
