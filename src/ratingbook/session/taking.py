"""Undo and redo of one act kept in the book (:mod:`~ratingbook.session.history`), planned.

This module alone decides how an act is taken back or given back over the book as it is now:
each cell the act changed goes back only where it still holds what the act left (what was typed
since stays), each row it writes back as tall as it was before the act (redo: as the act made
it); a value typed since into a row the act added, or into a cell the act emptied, goes (named,
with the other cells of its row typed since, to be confirmed; its redo gives them back); a value
typed beside a row it changed stays, named; rows moved since the act are refused, as is leaving
FIDE mode (final) and a redo over rows typed into since the undo (what the undo kept as typed is
not: the redo leaves it, named); generated sheets are left to the session to rebuild (those the
act made are emptied). A formula's cell (a ladder game's player names) is never named as typed
since; an undo that would bring back games naming a player made inactive since is refused,
saying so (:func:`brought_back`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ratingbook.core.cells import is_blank
from ratingbook.core.refs import column_letter
from ratingbook.core.tables import Column, Grid, header_key, read_table
from ratingbook.errors import InactivePlayerError, InputErrors, RatingbookError
from ratingbook.session.history import Cell, Kept, in_row, same_value, value_at
from ratingbook.workbook.port.book import UNSIZED, Height, WriteBlock
from ratingbook.workbook.sheets.schemas import (
    EVENT_STATE,
    LADDER_GAMES,
    LADDER_SETTINGS,
    NAME_COLUMNS,
)

__all__ = ["CannotTake", "Taking", "brought_back", "take"]


@dataclass(frozen=True, slots=True)
class Taking:
    """Undo (or redo) of one act, planned: the cells written; the values typed since that go
    (cleared, to be confirmed), and those that stay in a row the act changed (named, to be
    confirmed: they may now stand beside another game); the typed values kept elsewhere; and
    the act as it is kept once taken (its cleared values, for its redo)."""

    act: Kept
    blocks: tuple[WriteBlock, ...]
    lost: tuple[str, ...]
    beside: tuple[str, ...]
    kept: tuple[str, ...]
    taken: Kept
    state: Grid | None
    """``Event State`` as the act found it (undo) or left it (redo); None: the act has none."""
    emptied: frozenset[str] = frozenset()
    """Generated sheets the act made (undo leaves them empty, not rebuilt)."""
    truncated: tuple[tuple[str, int], ...] = ()
    """Input sheets whose rows the act appended, and the rows each keeps once undone: those
    rows go (an Excel table's range with them), not only their values (:func:`_cut`)."""
    written: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """What it writes in the input sheets, named for its summary (:func:`_written`): the rows
    an undo removes and the cells it puts back, or the rows and cells a redo gives back."""
    stays: frozenset[Cell] = frozenset()
    """The cells typed since that the take leaves as typed (named kept or beside): they keep
    their formats too."""


class CannotTake(RatingbookError):
    """An act that cannot be taken back or given back as the book now is; nothing is written."""


def _where(cell: Cell) -> str:
    sheet, row, column = cell
    return f"{sheet!r} {column_letter(column)}{row}"


def _blocks(
    writes: Mapping[Cell, object], heights: Mapping[tuple[str, int], Height]
) -> list[WriteBlock]:
    """The cells as few blocks: each row's runs of adjacent cells, runs of the same columns in
    adjacent rows as one rectangle (no KEEP cell: a cell not written is never touched); a row
    with a height in ``heights`` (a redo's: the act's; an undo's: the row's before the act) is
    given it."""
    runs: list[tuple[str, int, int, list[object]]] = []
    for sheet, row, column in sorted(writes):
        value = writes[(sheet, row, column)]
        last = runs[-1] if runs else None
        if last and last[0] == sheet and last[1] == row and last[2] + len(last[3]) == column:
            last[3].append(value)
        else:
            runs.append((sheet, row, column, [value]))
    blocks: list[WriteBlock] = []
    for sheet, row, column, values in runs:
        top = blocks[-1] if blocks else None
        if (
            top is not None
            and top.sheet == sheet
            and top.column == column
            and top.row + len(top.values) == row
            and len(top.values[0]) == len(values)
        ):
            blocks[-1] = WriteBlock(sheet, top.row, column, [*top.values, values])
        else:
            blocks.append(WriteBlock(sheet, row, column, [values]))
    if not heights:
        return blocks
    return [
        replace(b, heights=tuple(heights.get((b.sheet, b.row + r)) for r in range(len(b.values))))
        for b in blocks
    ]


def _moved(act: Kept, now: Mapping[str, Grid], rebuilt: frozenset[Cell]) -> str | None:
    """A sheet whose rows the act changed were moved since (sorted, a row inserted): the row's
    place now holds another row, and the row as the act left it stands elsewhere. Undo by
    position would then write into other rows.

    A row is told by what the act did not write there (a camper's ID and name beside the
    ratings a new week resets), never by the values the act wrote nor those a recalc rewrites
    (``rebuilt``: a camper's Rating after a game) or a formula shows: those change in place,
    and campers alike share them (two at 900 with the same StWkPerm). A row the act wrote
    whole (a late entry, a round's board) is told by what it wrote."""
    # A column the recalc writes or a formula fills, in every row (rows cut since included).
    computed = {(sheet, column) for sheet, _, column in rebuilt}
    for (sheet, row), left in act.rows.items():
        grid = now.get(sheet, [])
        mine = {c for (s, r, c) in act.cells if (s, r) == (sheet, row)}
        steady = [
            c
            for c in range(1, len(left) + 1)
            if (sheet, c) not in computed and not is_blank(in_row(left, c))
        ]
        key = [c for c in steady if c not in mine] or [c for c in steady if c in mine]
        if not key:
            continue
        here = grid[row - 1] if row <= len(grid) else []
        if all(same_value(in_row(here, c), in_row(left, c)) for c in key):
            continue
        for other, line in enumerate(grid, start=1):
            if other != row and all(same_value(in_row(line, c), in_row(left, c)) for c in key):
                return sheet
    return None


def take(
    act: Kept, now: Mapping[str, Grid], *, back: bool, rebuilt: frozenset[Cell] = frozenset()
) -> Taking:
    """Undo ``act`` (``back``) or redo it, over the book as it is (``now``); a
    :class:`CannotTake` for an act that cannot be (FIDE mode left, rows moved, rows typed into
    since an undo). ``rebuilt``: the input cells the event's rebuilt views write (a ladder's
    ratings): a value there was computed, not typed, and is never named as kept or typed;
    nor is a formula's (:func:`_formulas`)."""
    rebuilt = rebuilt | _formulas(now)
    if back and "FIDE Mode Off" in act.kinds:
        raise CannotTake(
            f"{act.label} cannot be undone: leaving FIDE mode is final for the event (C.02); "
            "nothing was changed"
        )
    moved = _moved(act, now, rebuilt) if back else None
    if moved is not None:
        raise CannotTake(
            f"rows of sheet {moved!r} were moved since {act.label} (sorted, or a row inserted): "
            "undo would write into other rows; put them back in their order first, nothing "
            "was changed"
        )
    writes: dict[Cell, object] = {}
    lost: dict[Cell, object] = {}
    kept: list[str] = []
    stays: set[Cell] = set()
    cleared: dict[Cell, object] = {}
    alike: dict[Cell, object] = {}  # typed since into a cell it emptied, as it was before
    for cell, (before, after) in sorted(act.cells.items(), key=lambda item: item[0]):
        sheet, row, column = cell
        if sheet in act.generated:
            continue  # rebuilt from the book as it is left (the session's views)
        expected, target = (after, before) if back else (before, after)
        current = value_at(now.get(sheet, []), row, column)
        if same_value(current, target):
            if back and is_blank(expected) and not is_blank(current):
                cleared[cell] = current  # typed since as it was before: its redo gives it back
                alike[cell] = current
            continue
        if same_value(current, expected):
            writes[cell] = target
        elif not back and _left_by_undo(act, cell, current):
            # Typed after the act and kept by its undo (named then): not typed since the
            # undo, so the redo leaves it as it is, named again.
            stays.add(cell)
            if cell not in rebuilt:
                kept.append(f"{_where(cell)} {current!r}")
        elif (sheet, row) in act.added or is_blank(expected):
            # Typed since into a row the act added, or into a cell it left empty (a new week's
            # emptied games, an unpaired round's rows): the value belongs to what was typed
            # after the act, not beside it; writing the act's value back clears it, so it is
            # named and confirmed (its redo gives it back), never mixed into the row.
            if not back:
                raise CannotTake(
                    f"{act.label} cannot be redone: {_where(cell)} was typed into since the "
                    f"undo ({current!r}), where the act puts {target!r}: clear or move that row "
                    "first; nothing was changed"
                )
            lost[cell] = current
            cleared[cell] = current
            writes[cell] = target
        else:
            stays.add(cell)
            if cell not in rebuilt:
                kept.append(f"{_where(cell)} {current!r}")
    beside: list[str] = []
    for (sheet, row), left in sorted(act.rows.items()):
        grid = now.get(sheet, [])
        line = grid[row - 1] if row <= len(grid) else []
        for column, value in enumerate(line, start=1):
            cell = (sheet, row, column)
            if cell in act.cells or is_blank(value):
                continue
            # Typed since: not as the act left the row, and not a value the views compute.
            typed = not same_value(value, in_row(left, column)) and cell not in rebuilt
            if not back:
                if _typed_since_undo(act, cell, value, typed) and cell not in rebuilt:
                    # Typed since the undo into a row the act puts back or changes (a result
                    # beside a board the redo swaps back): the redo would make it another game's.
                    raise CannotTake(
                        f"{act.label} cannot be redone: {_where(cell)} was typed "
                        f"into since the undo ({value!r}), in a row the act puts back: clear or "
                        "move that row first; nothing was changed"
                    )
                if typed:  # typed after the act, kept by its undo: it stays, as then
                    stays.add(cell)
                    kept.append(f"{_where(cell)} {value!r}")
                continue
            if (sheet, row) in act.added:
                lost[cell] = value
                cleared[cell] = value
                writes[cell] = None
            elif typed:
                stays.add(cell)
                beside.append(f"{_where(cell)} {value!r}")
    if back:  # below the rows of a sheet the act emptied: typed since (the new week's games)
        for sheet, (last, columns) in act.tail.items():
            grid = now.get(sheet, [])
            for row in range(last + 1, len(grid) + 1):
                for column in columns:
                    value = in_row(grid[row - 1], column)
                    if is_blank(value) or (sheet, row, column) in act.cells:
                        continue
                    lost[(sheet, row, column)] = value
                    cleared[(sheet, row, column)] = value
                    writes[(sheet, row, column)] = None
    if not back:
        for cell, value in act.cleared.items():  # what the undo cleared comes back
            sheet, row, column = cell
            there = writes[cell] if cell in writes else value_at(now.get(sheet, []), row, column)
            if is_blank(there):
                writes[cell] = value
    emptied: set[str] = set()
    if back:  # a generated sheet the act made stays, empty: the book had none
        for sheet in act.made:
            emptied.add(sheet)
            for r, line in enumerate(now.get(sheet, []), start=1):
                for c, value in enumerate(line, start=1):
                    if not is_blank(value):
                        writes[(sheet, r, c)] = None
    before = {where: UNSIZED if h is None else h for where, h in act.was.items()}
    blocks = _blocks(writes, before if back else act.heights)
    truncated = _cut(act, now, writes) if back else ()
    states = act.records.get(EVENT_STATE)
    state = None if states is None else (states[0] if back else states[1])
    taken = replace(act, undone=back, cleared=cleared if back else {})
    # A game typed since into a row the act emptied goes whole: its cells that happen to hold
    # what the undo puts back are named with the others (a new week's A2 1, B2 2, C2 '(1-0)').
    rows_lost = {(sheet, row) for sheet, row, _ in lost}
    lost.update((c, v) for c, v in alike.items() if (c[0], c[1]) in rows_lost)
    return Taking(
        act,
        tuple(blocks),
        tuple(f"{_where(cell)} {value!r}" for cell, value in sorted(lost.items())),
        tuple(beside),
        tuple(kept),
        taken,
        state,
        frozenset(emptied),
        truncated,
        _written(act, now, {c: v for c, v in writes.items() if c not in cleared}, back=back),
        frozenset(stays),
    )


def _written(
    act: Kept, now: Mapping[str, Grid], writes: Mapping[Cell, object], *, back: bool
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What an undo (``back``) or a redo of ``act`` writes in the input sheets, named as its
    summary says it (what was typed since and cleared is named apart): a row the act added
    whole, by its values (``'Swiss Players' row 16 (7, 'Ola Berg', 2020, 'NOR')``: an undo
    removes the row, a late entry typed by hand with it, and a redo gives it back), and each
    other cell with the value written (``'Swiss Players' A9 7``, empty ``''``)."""
    rows: dict[tuple[str, int], list[object]] = {}
    cells: list[str] = []
    for cell, value in sorted(writes.items()):
        sheet, row, column = cell
        if sheet in act.generated:
            continue  # rebuilt from the book as it is left, or emptied: never typed
        if (sheet, row) in act.added:
            line = now.get(sheet, [])
            shown = in_row(line[row - 1], column) if back and row <= len(line) else value
            rows.setdefault((sheet, row), []).append(shown)
        else:
            cells.append(f"{_where(cell)} {'' if is_blank(value) else value!r}")
    named = tuple(
        f"{sheet!r} row {row} ({', '.join(repr(v) for v in values if not is_blank(v))})"
        for (sheet, row), values in rows.items()
        if any(not is_blank(v) for v in values)
    )
    if back:
        return (("removed", named), ("put back", tuple(cells)))
    return (("given back", (*named, *cells)),)


def _left_by_undo(act: Kept, cell: Cell, value: object) -> bool:
    """Whether ``cell`` holds ``value`` as the act's undo left it (:attr:`Kept.left`)."""
    sheet, row, column = cell
    line = act.left.get((sheet, row))
    return line is not None and same_value(value, in_row(line, column))


def _typed_since_undo(act: Kept, cell: Cell, value: object, typed: bool) -> bool:
    """Whether ``value``, in a row the redo of ``act`` puts back or changes, was typed since
    the undo: it differs from the row as the undo left it (``typed``: from the row as the act
    left it, for an act undone by an earlier ratingbook, which kept no such row; a row the act
    added: any value)."""
    sheet, row, _ = cell
    if (sheet, row) in act.left:
        return not _left_by_undo(act, cell, value)
    return (sheet, row) in act.added or typed


def _cut(
    act: Kept, now: Mapping[str, Grid], writes: Mapping[Cell, object]
) -> tuple[tuple[str, int], ...]:
    """The input sheets the undo of ``act`` leaves with empty rows at their end that the act
    appended, each with the rows it keeps (its last row holding a value once ``writes`` are
    written): a take's or a pairing's rows go whole, so no blank row stays at the end of the
    sheet nor inside its Excel table (the table's range grew over them)."""
    cut: list[tuple[str, int]] = []
    for sheet in sorted({s for s, _ in act.added} - act.generated):
        grid = [list(line) for line in now.get(sheet, [])]
        for (name, row, column), value in writes.items():
            if name == sheet and row <= len(grid):
                line = grid[row - 1]
                line.extend([None] * (column - len(line)))
                line[column - 1] = value
        keeps = len(grid)
        while keeps and all(is_blank(v) for v in grid[keeps - 1]):
            keeps -= 1
        if any(name == sheet and row > keeps for name, row in act.added):
            cut.append((sheet, keeps))
    return tuple(cut)


def _formulas(now: Mapping[str, Grid]) -> frozenset[Cell]:
    """The input cells that hold a formula, not typing: a ladder game's player names beside
    the IDs (the template's ``White Name`` and ``Black Name``, which Excel fills in by itself
    for whatever IDs the row holds)."""
    spec = replace(
        LADDER_GAMES,
        columns=(*LADDER_GAMES.columns, *(Column(n, required=False) for n in NAME_COLUMNS)),
    )
    cells: set[Cell] = set()
    for sheet, grid in now.items():
        if header_key(sheet) != header_key(spec.sheet):
            continue
        try:
            table = read_table(grid, spec)
        except RatingbookError:
            continue  # no games table: no formula of its
        columns = [table.columns[n] for n in NAME_COLUMNS if n in table.columns]
        for row in range(table.header_row + 1, len(grid) + 1):
            cells.update((sheet, row, c) for c in columns)
    return frozenset(cells)


def brought_back(act: Kept, error: RatingbookError, typed: str) -> RatingbookError:
    """Why undoing ``act`` cannot go on: the book it would leave does not recalculate
    (``error``). Games it brings back (a new week's undo: the week it archived) that name a
    player made inactive since are said as such, with what to do; ``typed``: the cells typed
    since that its undo would clear (as a confirmed undo names them), or empty."""
    errors = error.errors if isinstance(error, InputErrors) else (error,)
    players: dict[tuple[str, str], list[str]] = {}
    others: list[str] = []
    for each in errors:
        if isinstance(each, InactivePlayerError) and each.player and each.where is not None:
            players.setdefault((each.player, each.active), []).append(str(each.where.row))
        else:
            others.append(str(each))
    if not players:
        return error
    week = _week_back(act)
    games = f"week {week}'s games" if week is not None else "the games it took away"
    sheet = next(e.where.sheet for e in errors if isinstance(e, InactivePlayerError) and e.where)
    said = "; ".join(
        f"{player} played in them ({_rows(rows)} of {sheet!r} once they are back) and was made "
        "inactive since" + (f" ({active})" if active else "")
        for (player, active), rows in players.items()
    )
    text = (
        f"nothing was changed: undoing {act.label} would bring back {games}, and a game may "
        f"name only an active player: {said}. To undo, set Active back to TRUE and undo again "
        f"(make the player inactive once the new week has started), or keep {act.label} as it is"
    )
    if typed:
        text += (
            f"; typed since, which that undo clears when confirmed with --confirm (a redo "
            f"gives them back): {typed}"
        )
    return CannotTake(" | ".join([text, *others]))


def _rows(rows: list[str]) -> str:
    return f"row {rows[0]}" if len(rows) == 1 else f"rows {', '.join(rows[:-1])} and {rows[-1]}"


def _week_back(act: Kept) -> int | None:
    """The week an undo of ``act`` brings back: the Week setting it raised by one, if any."""
    for (sheet, _, _), (before, after) in act.cells.items():
        if header_key(sheet) != header_key(LADDER_SETTINGS.sheet):
            continue
        if (
            isinstance(before, (int, float))
            and isinstance(after, (int, float))
            and not isinstance(before, bool)
            and float(before).is_integer()
            and after == before + 1
        ):
            return int(before)
    return None
