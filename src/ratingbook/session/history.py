"""Undo and redo: the acts a book keeps in its ``Event History`` sheet.

This module alone decides what is kept for undo (how an act is taken back or given back is
:mod:`~ratingbook.session.taking`'s). Every
front end keeps the same store, inside the book (the command line's file, a book open in desktop
Excel, xlwings Server and Lite alike), so a book carries its history wherever it goes.

An act is kept as the cells it changed, each with its value before and after (not a copy of the
book), and the formats of what it wrote (:mod:`~ratingbook.session.looks_kept`): undo writes back
the *before* value of each cell that still holds the act's *after* value, and leaves every other
cell as it is, so what was typed since the act stays. Three things are
not plain cells:

- **rows the act added** (a round's boards): a value typed into such a row since cannot stay once
  the row goes; undo names each such cell and waits for a confirmation (or for the cells to be
  cleared by hand);
- **generated sheets** (standings, crosstable, ...): when a run since rewrote them, undo rebuilds
  them from the book as it is after the undo (its ``Undo`` row in the log: what a round was paired
  on is read from the log), instead of restoring half of them;
- ``Event Log`` and ``Event State``: ratingbook's record of the event. The log keeps every row:
  an undo adds an ``Undo`` row naming the act (a redo, a ``Redo`` row), chained like the rest;
  the state is put back whole as the act found (or left) it.

A change typed into the book by hand and logged by the next run (a corrected result, a setting) is
part of that run's act: its cells' *before* values come from the book as ratingbook last wrote it
(``saved``, kept here too, input sheets only). Redo gives an undone act back the same way round.

The sheet holds one row per chunk of at most 30,000 characters of JSON: the act's number (0 for
``saved``), its status (done, undone), what it was (``Pairing round 5``), the chunk. Every chunk of
this format starts with ``v2``: a book written by an earlier ratingbook (whole copies of every
sheet, columns State, Before, Values) is read and its states turned into acts.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ratingbook.core.cells import is_blank
from ratingbook.core.tables import Grid, header_key
from ratingbook.errors import RatingbookError
from ratingbook.session.looks_kept import looks_json, looks_of_json
from ratingbook.workbook.port.book import GeneratedSheet, Plan, apply_plan
from ratingbook.workbook.port.grid_book import MemoryBook
from ratingbook.workbook.port.looks import SheetLooks
from ratingbook.workbook.sheets.schemas import EVENT_HISTORY, EVENT_LOG, EVENT_STATE

__all__ = [
    "EVENT_HISTORY",
    "FORMAT",
    "KEPT",
    "Cell",
    "History",
    "Kept",
    "cells_of",
    "history_sheet",
    "in_row",
    "predicted",
    "read_history",
    "redo_changes",
    "row_at",
    "same_value",
    "value_at",
]

#: The format of the acts kept (1: whole copies of every sheet, before ratingbook 0.2).
FORMAT = 2
#: How many acts a book keeps (done and undone together; the oldest go first).
KEPT = 10
#: The most characters of JSON kept for acts (the oldest go first, the last one stays).
KEPT_CHARACTERS = 8_000_000
_CHUNK = 30_000
_MARK = "v2"
_LEGACY_MARK = "v"
_HEADER = ("Act", "Status", "What", "Data")
#: The log's kinds an earlier format's label may start with (``FIDE Mode Off round 3``).
_KINDS = ("FIDE Mode Off",)
_LEGACY_HEADER = ("state", "before", "values")
#: ratingbook's record of the event: never diffed cell by cell (the log only grows, the state is
#: kept whole in ``Kept.records``).
RECORD_SHEETS = (EVENT_LOG, EVENT_STATE)

Cell = tuple[str, int, int]  # sheet, row, column (1-based)


@dataclass(frozen=True, slots=True)
class Kept:
    """One act kept for undo: the cells it changed (before, after), the rows it added, the
    generated sheets among them, and whether it is undone (waiting for a redo)."""

    label: str
    cells: Mapping[Cell, tuple[object, object]]
    added: frozenset[tuple[str, int]] = frozenset()
    generated: frozenset[str] = frozenset()
    records: Mapping[str, tuple[Grid, Grid]] = field(default_factory=dict)
    """``Event State`` whole, before and after the act (the log keeps every row: never here)."""
    undone: bool = False
    kinds: tuple[str, ...] = ()
    """The log's kinds of the changes the act logged (``FIDE Mode Off``: never undone)."""
    rows: Mapping[tuple[str, int], tuple[object, ...]] = field(default_factory=dict)
    """Each input row the act changed, whole, as the act left it (to find rows moved since and
    values typed since into them)."""
    cleared: Mapping[Cell, object] = field(default_factory=dict)
    """Values typed since the act and cleared by its (confirmed) undo: its redo gives them back."""
    round: int = 0
    """The round of the act's first logged change (its Undo and Redo rows say it too)."""
    made: frozenset[str] = frozenset()
    """The generated sheets the act made (the book had none, or an empty one): an undo leaves
    them empty."""
    tail: Mapping[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    """Each input sheet the act only emptied cells of (a new week's games, an unpaired round):
    the last row holding a value in those columns as the act left it, and the columns. A value
    found below it since was typed after the act (a game of the new week)."""
    heights: Mapping[tuple[str, int], float] = field(default_factory=dict)
    """The height in points the act gave each input row it changed (a season's List Games row
    of wrapped text): its redo gives the rows back as tall
    (:func:`~ratingbook.session.looks_kept.block_heights`)."""
    was: Mapping[tuple[str, int], float | None] = field(default_factory=dict)
    """The height those rows had before the act (None: the sheet's default, no height of their
    own), where the book could tell (:func:`~ratingbook.session.looks_kept.heights_before`):
    its undo gives it back."""
    level: int | None = None
    """The highest warning level of the changes it logged (FIDE mode's: its undo and redo are
    acts of that level); None for an act kept by a ratingbook that did not keep it."""
    looks: Mapping[str, SheetLooks] = field(default_factory=dict)
    """The formats of what the act wrote, as its next take gives them back: before the act
    (done), as the act left them (undone) (:mod:`~ratingbook.session.looks_kept`)."""
    left: Mapping[tuple[str, int], tuple[object, ...]] = field(default_factory=dict)
    """Each row of :attr:`rows` as the act's undo left it (undone): a value there is not typed
    since the undo, and its redo leaves it (a result kept by the undo beside a board)."""


@dataclass(slots=True)
class History:
    """What the book keeps: its acts, oldest first, and its input sheets as last written."""

    acts: list[Kept] = field(default_factory=list)
    saved: dict[str, Grid] = field(default_factory=dict)
    legacy: bool = False
    """Read from an earlier format (its acts were turned into this one's)."""


# --- values in JSON ------------------------------------------------------------------------------


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


def same_value(a: object, b: object) -> bool:
    """Equal as a cell shows them: blanks alike (an empty text is an empty cell: not every
    reader tells them apart), 2 and 2.0 alike, a date and its midnight."""
    if type(a) is type(b) and a == b:  # most cells: no further call
        return True
    if is_blank(a) and is_blank(b):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return not isinstance(a, bool) and not isinstance(b, bool) and float(a) == float(b)
    if isinstance(a, _dt.datetime) and type(b) is _dt.date:
        return a == _dt.datetime(b.year, b.month, b.day)
    if isinstance(b, _dt.datetime) and type(a) is _dt.date:
        return b == _dt.datetime(a.year, a.month, a.day)
    return a == b


def _act_json(act: Kept) -> dict[str, object]:
    return {
        "format": FORMAT,
        "cells": [[s, r, c, _encode(b), _encode(a)] for (s, r, c), (b, a) in act.cells.items()],
        "added": sorted([s, r] for s, r in act.added),
        "generated": sorted(act.generated),
        "records": {
            name: [_rows_json(before), _rows_json(after)]
            for name, (before, after) in act.records.items()
        },
        "kinds": list(act.kinds),
        "rows": [[s, r, [_encode(v) for v in values]] for (s, r), values in act.rows.items()],
        "cleared": [[s, r, c, _encode(v)] for (s, r, c), v in act.cleared.items()],
        "round": act.round,
        "level": act.level,
        "made": sorted(act.made),
        "tail": [[s, last, list(columns)] for s, (last, columns) in act.tail.items()],
        "heights": [[s, r, h] for (s, r), h in sorted(act.heights.items())],
        "was": [[s, r, h] for (s, r), h in sorted(act.was.items())],
        "looks": looks_json(act.looks),
        "left": [[s, r, [_encode(v) for v in values]] for (s, r), values in act.left.items()],
    }


def _rows_json(grid: Grid) -> list[list[object]]:
    return [[_encode(v) for v in row] for row in grid]


def _act_of(label: str, status: str, data: Mapping[str, object]) -> Kept:
    version = data.get("format")
    if version != FORMAT:
        raise RatingbookError(
            f"sheet {EVENT_HISTORY!r} was written by another version of ratingbook (format "
            f"{version!r}; this one reads {FORMAT} and 1): update ratingbook to undo with it"
        )
    cells: dict[Cell, tuple[object, object]] = {}
    for sheet, row, column, before, after in data.get("cells", []):  # type: ignore[attr-defined]
        cells[(str(sheet), int(row), int(column))] = (_decode(before), _decode(after))
    added = frozenset((str(s), int(r)) for s, r in data.get("added", []))  # type: ignore[attr-defined]
    generated = frozenset(str(s) for s in data.get("generated", []))  # type: ignore[attr-defined]
    records = {
        str(name): (_grid_of(pair[0]), _grid_of(pair[1]))
        for name, pair in data.get("records", {}).items()  # type: ignore[attr-defined]
    }
    kinds = tuple(str(k) for k in data.get("kinds", []))  # type: ignore[attr-defined]
    rows = {
        (str(sheet), int(row)): tuple(_decode(v) for v in values)
        for sheet, row, values in data.get("rows", [])  # type: ignore[attr-defined]
    }
    cleared = {
        (str(sheet), int(row), int(column)): _decode(value)
        for sheet, row, column, value in data.get("cleared", [])  # type: ignore[attr-defined]
    }
    number = data.get("round", 0)
    round_number = number if isinstance(number, int) else 0
    undone = status == "undone"
    made = frozenset(str(s) for s in data.get("made", []))  # type: ignore[attr-defined]
    tail = {
        str(sheet): (int(last), tuple(int(c) for c in columns))
        for sheet, last, columns in data.get("tail", [])  # type: ignore[attr-defined]
    }
    heights = {
        (str(sheet), int(row)): float(height)
        for sheet, row, height in data.get("heights", [])  # type: ignore[attr-defined]
    }
    was = {  # none in an act kept by an earlier ratingbook: its undo keeps the rows' heights
        (str(sheet), int(row)): None if height is None else float(height)
        for sheet, row, height in data.get("was", [])  # type: ignore[attr-defined]
    }
    left = {
        (str(sheet), int(row)): tuple(_decode(v) for v in values)
        for sheet, row, values in data.get("left", [])  # type: ignore[attr-defined]
    }
    act = Kept(
        label,
        cells,
        added,
        generated,
        records,
        undone,
        kinds,
        rows,
        cleared,
        round_number,
        made,
        tail,
        heights,
        was,
        looks=looks_of_json(data.get("looks")),
        left=left,
    )
    level = data.get("level")  # none in an act kept by an earlier ratingbook
    return replace(act, level=level if isinstance(level, int) else None)


# --- reading and writing the sheet ---------------------------------------------------------------


def read_history(grid: Grid | None) -> History:
    """The history the ``Event History`` sheet holds (``grid``; None: no such sheet)."""
    if not grid:
        return History()
    header = tuple(header_key(v) for v in (grid[0] if grid else [])[:3])
    if header == _LEGACY_HEADER:
        return _read_legacy(grid)
    parts: dict[tuple[int, str, str], list[str]] = {}
    for row in grid[1:]:
        if len(row) < 4 or is_blank(row[0]):
            continue
        number = int(str(row[0])) if str(row[0]).isdigit() else -1
        chunk = str(row[3] or "").removeprefix("'")
        if number < 0 or not chunk.startswith(_MARK):
            raise _unreadable()
        key = (number, str(row[1] or ""), str(row[2] or ""))
        parts.setdefault(key, []).append(chunk.removeprefix(_MARK))
    history = History()
    for (number, status, label), chunks in sorted(parts.items()):
        data = _loads("".join(chunks))
        if number == 0:
            saved = data.get("sheets", {})
            if not isinstance(saved, dict):
                raise _unreadable()
            history.saved = {str(name): _grid_of(rows) for name, rows in saved.items()}
        else:
            history.acts.append(_act_of(label, status, data))
    return history


def redo_changes(grid: Grid | None, sheet: str) -> bool:
    """Whether the history the ``Event History`` sheet holds (``grid``) keeps an undone act
    that changed ``sheet`` (any spelling of its name): what a redo gives back. False once a
    logged act since the undo dropped the undone acts (a new week after an undone take)."""
    key = header_key(sheet)
    return any(
        act.undone
        and (
            any(header_key(cell[0]) == key for cell in act.cells)
            or any(header_key(name) == key for name, _ in act.added)
        )
        for act in read_history(grid).acts
    )


def _unreadable(error: Exception | None = None) -> RatingbookError:
    return RatingbookError(
        f"sheet {EVENT_HISTORY!r} was changed by hand and no longer reads"
        + (f" ({error})" if error else "")
        + "; it is ratingbook's: undo is not possible until it is restored"
    )


def _loads(text: str) -> dict[str, object]:
    try:
        data = json.loads(text)
    except ValueError as error:
        raise _unreadable(error) from error
    if not isinstance(data, dict):
        raise _unreadable()
    return data


def _grid_of(rows: object) -> Grid:
    return [[_decode(v) for v in row] for row in rows]  # type: ignore[attr-defined]


def history_sheet(history: History, after: str | None) -> GeneratedSheet:
    """The ``Event History`` sheet: ``saved`` and the last :data:`KEPT` acts (fewer when they
    pass :data:`KEPT_CHARACTERS`; the newest always stays)."""
    texts = [
        (act, json.dumps(_act_json(act), ensure_ascii=False, separators=(",", ":")))
        for act in history.acts[-KEPT:]
    ]
    while len(texts) > 1 and sum(len(t) for _, t in texts) > KEPT_CHARACTERS:
        texts.pop(0)
    saved = {
        "format": FORMAT,
        "sheets": {
            name: [[_encode(v) for v in row] for row in grid]
            for name, grid in history.saved.items()
        },
    }
    rows: list[list[object]] = []
    entries = [(0, "saved", "the input sheets as ratingbook last wrote them", _json(saved))]
    entries += [
        (n, "undone" if act.undone else "done", act.label, text)
        for n, (act, text) in enumerate(texts, start=1)
    ]
    for number, status, label, text in entries:
        for start in range(0, max(len(text), 1), _CHUNK):
            rows.append([number, status, label, _MARK + text[start : start + _CHUNK]])
    return GeneratedSheet(
        EVENT_HISTORY, _HEADER, rows, widths={1: 8, 2: 30, 3: 60}, after=after, hidden=True
    )


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# --- format 1: whole copies of every sheet -------------------------------------------------------


def _read_legacy(grid: Grid) -> History:
    """Format 1's states (every sheet before each logged change, and the book as last written)
    as acts: each the cells that differ from one state to the next."""
    parts: dict[tuple[int, str], list[str]] = {}
    for row in grid[1:]:
        if len(row) < 3 or is_blank(row[0]):
            continue
        number = int(str(row[0])) if str(row[0]).isdigit() else 0
        chunk = str(row[2] or "").removeprefix("'").removeprefix(_LEGACY_MARK)
        parts.setdefault((number, str(row[1] or "")), []).append(chunk)
    states: list[tuple[str, dict[str, Grid]]] = []
    saved: dict[str, Grid] | None = None
    for (number, label), chunks in sorted(parts.items()):
        data = _loads("".join(chunks))
        grids = {name: _grid_of(rows) for name, rows in data.items()}
        if number == 0:
            saved = grids
        else:
            states.append((label.removeprefix("before ").strip(), grids))
    history = History(legacy=True, saved=dict(saved or {}))
    for index, (label, before) in enumerate(states):
        after = states[index + 1][1] if index + 1 < len(states) else (saved or before)
        found = re.search(r"round (\d+)", label)  # "Pairing round 3": its round
        kinds = tuple(k for k in _KINDS if label.startswith(k))
        act = _difference(label, before, after, ())
        history.acts.append(replace(act, round=int(found.group(1)) if found else 0, kinds=kinds))
    return history


# --- making an act -------------------------------------------------------------------------------


def predicted(before: Mapping[str, Grid], plan: Plan) -> dict[str, Grid]:
    """The sheets' values once ``plan`` (finished) is written over ``before``."""
    book = MemoryBook(before)
    apply_plan(book, plan)
    return book.grids()


def row_at(grids: Mapping[str, Grid], where: tuple[str, int]) -> tuple[object, ...]:
    """Row ``where`` (sheet, 1-based row) of ``grids``, whole; () beyond the sheet's end."""
    grid = grids.get(where[0], [])
    return tuple(grid[where[1] - 1]) if where[1] <= len(grid) else ()


def value_at(grid: Grid, row: int, column: int) -> object:
    """The value at ``row`` and ``column`` (1-based) of ``grid``; None beyond its end."""
    return in_row(grid[row - 1], column) if row <= len(grid) else None


def in_row(line: Sequence[object], column: int) -> object:
    """The value in ``column`` (1-based) of one row; None beyond its end."""
    return line[column - 1] if column <= len(line) else None


def _blank_row(grid: Grid, row: int) -> bool:
    return row > len(grid) or all(is_blank(v) for v in grid[row - 1])


def _difference(
    label: str,
    before: Mapping[str, Grid],
    after: Mapping[str, Grid],
    generated: Iterable[str],
    only: Mapping[str, frozenset[int] | None] | None = None,
) -> Kept:
    """The act that turns ``before`` into ``after`` (``only``: the sheets, and rows or None for
    all, to compare; default every sheet)."""
    cells: dict[Cell, tuple[object, object]] = {}
    added: set[tuple[str, int]] = set()
    generated = frozenset(generated)
    names = list(only) if only is not None else sorted(set(before) | set(after))
    records = {  # the state the log recorded (the log itself keeps every row: never put back)
        name: (before.get(name, []), after.get(name, []))
        for name in (EVENT_STATE,)
        if only is None and (name in before or name in after)
    }
    for name in names:
        if name in RECORD_SHEETS:
            continue
        then, now = before.get(name, []), after.get(name, [])
        rows = only.get(name) if only is not None else None
        for r in range(1, max(len(then), len(now)) + 1):
            if rows is not None and r not in rows:
                continue
            width = max(
                len(then[r - 1]) if r <= len(then) else 0, len(now[r - 1]) if r <= len(now) else 0
            )
            changed = False
            for c in range(1, width + 1):
                b, a = value_at(then, r, c), value_at(now, r, c)
                if not same_value(b, a):
                    cells[(name, r, c)] = (b, a)
                    changed = True
            if changed and _blank_row(then, r) and name not in generated:
                added.add((name, r))
    return Kept(label, cells, frozenset(added), frozenset(generated), records)


def cells_of(
    label: str,
    read: Mapping[str, Grid],
    written: Mapping[str, Grid],
    generated: Iterable[str],
    typed: Mapping[str, frozenset[int] | None] | None = None,
    saved: Mapping[str, Grid] | None = None,
    kinds: tuple[str, ...] = (),
    round_number: int = 0,
    heights: Mapping[tuple[str, int], float] | None = None,
    former: Mapping[tuple[str, int], float | None] | None = None,
) -> Kept:
    """The act of a run that read ``read`` and writes ``written`` (``heights``: its rows'
    heights, :func:`block_heights`; ``former``: theirs before, :func:`heights_before`).
    ``typed``: where a change typed by hand since ``saved`` (the book as ratingbook last wrote
    it) is part of the act, the sheets and their rows (None: all); there, and in every cell the
    act itself writes over a value typed since (a Confirm setting it consumes), the before
    values are ``saved``'s."""
    act = _difference(label, read, written, generated)
    made = frozenset(
        name
        for name in act.generated
        if not any(any(not is_blank(v) for v in r) for r in read.get(name, []))
    )
    act = replace(act, made=made)
    tall = (heights or {}, former or {})
    if not typed or saved is None:
        return _with_rows(act, written, kinds, round_number, tall)
    by_hand = _difference(label, saved, read, (), typed)
    cells = dict(act.cells)
    for where, (was, typed_value) in by_hand.cells.items():
        now = cells[where][1] if where in cells else typed_value
        if same_value(was, now):
            cells.pop(where, None)
        else:
            cells[where] = (was, now)
    for where, (read_value, now) in act.cells.items():
        sheet, row, column = where
        if sheet not in saved or where in by_hand.cells:
            continue
        was = value_at(saved[sheet], row, column)
        if not same_value(was, read_value):  # typed since, and taken by the act
            if same_value(was, now):
                cells.pop(where, None)
            else:
                cells[where] = (was, now)
    typed_rows = {(s, r) for s, r, _ in by_hand.cells}
    added = {row for row in act.added if row not in typed_rows} | set(by_hand.added)
    kept = Kept(label, cells, frozenset(added), act.generated, act.records, made=act.made)
    return _with_rows(kept, written, kinds, round_number, tall)


def _with_rows(
    act: Kept,
    written: Mapping[str, Grid],
    kinds: tuple[str, ...],
    round_number: int,
    tall: tuple[Mapping[tuple[str, int], float], Mapping[tuple[str, int], float | None]],
) -> Kept:
    """``act`` with the log's ``kinds``, its round, and each input row it changed as it left
    it, with the height the act gave it and the height it had before (``tall``)."""
    rows = {(s, r): row_at(written, (s, r)) for s, r, _ in act.cells if s not in act.generated}
    heights, was = tall
    return replace(
        act,
        kinds=kinds,
        rows=rows,
        round=round_number,
        tail=_tails(act, written),
        heights={where: heights[where] for where in rows if where in heights},
        was={where: was[where] for where in rows if where in heights and where in was},
    )


def _tails(act: Kept, written: Mapping[str, Grid]) -> dict[str, tuple[int, tuple[int, ...]]]:
    """For each input sheet whose cells the act only emptied: the last row with a value in
    those columns as the act left the sheet, and the columns (see :attr:`Kept.tail`)."""
    columns: dict[str, set[int]] = {}
    filled: set[str] = {s for s, _ in act.added}
    for (sheet, _, column), (_, after) in act.cells.items():
        if sheet in act.generated:
            continue
        columns.setdefault(sheet, set()).add(column)
        if not is_blank(after):
            filled.add(sheet)
    tails: dict[str, tuple[int, tuple[int, ...]]] = {}
    for sheet, emptied in columns.items():
        if sheet in filled:
            continue
        grid = written.get(sheet, [])
        last = max(
            (
                r
                for r, line in enumerate(grid, 1)
                if any(not is_blank(in_row(line, c)) for c in emptied)
            ),
            default=0,
        )
        tails[sheet] = (last, tuple(sorted(emptied)))
    return tails
