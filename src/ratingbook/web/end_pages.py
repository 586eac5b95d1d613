"""The end-of-event pages of a published site: ``prizes.html``, ``norms.html`` and
``contenders.html``, each from the table of its sheet (:mod:`ratingbook.reports.prize_grids`,
``norm_grids``, ``contender_grids``), so a page shows what its sheet shows. Pure.

A sheet writes its sentences (a shared place's tie, the remainder left by rounding, a warning,
a norm line) into the name column of a row of their own, where a spreadsheet lets them run on
over the empty cells beside them. A page cannot: in a table the sentence widens its column and
pushes the amounts off the screen. So on a page each sentence is a paragraph, above or below
the rows it was among (rows after a sentence that follows rows are a table of their own, under
that sentence as its caption: a norm certificate), and a column empty in every row of a table
is left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ratingbook.reports.names import CONTENDERS, NORMS, PRIZE_LIST
from ratingbook.reports.tables import SheetGrid
from ratingbook.web.pages import Cell, Page, Table, column_classes, text

__all__ = ["END_FILES", "end_pages"]

#: The page of each end-of-event sheet, by the sheet's name.
END_FILES: Mapping[str, str] = {
    PRIZE_LIST: "prizes.html",
    NORMS: "norms.html",
    CONTENDERS: "contenders.html",
}
#: The column of each sheet that names a player, where a row with nothing else is a sentence.
_NAME_COLUMN: Mapping[str, str] = {PRIZE_LIST: "Name", NORMS: "Player", CONTENDERS: "Name"}
#: Columns left out on a phone, so that the place, name and amount fit: a prize list's points
#: (the standings page has them).
_DETAIL: Mapping[str, tuple[str, ...]] = {PRIZE_LIST: ("Points",)}


def _sentence(grid: SheetGrid, row: Sequence[object]) -> str | None:
    """The sentence a row holds, or None for a row of the table."""
    name = _NAME_COLUMN.get(grid.name)
    if name is None or name not in grid.header:
        return None
    at = grid.header.index(name)
    value = row[at]
    others = any(v not in (None, "") for i, v in enumerate(row) if i != at)
    return value if isinstance(value, str) and value and not others else None


def _cells(row: Sequence[object]) -> tuple[Cell, ...]:
    return tuple(
        Cell(text(v), None, isinstance(v, int | float) and not isinstance(v, bool)) for v in row
    )


def _part(grid: SheetGrid, caption: str, rows: list[Sequence[object]], before: list[str]) -> Table:
    """The rows of one table, with the columns empty in all of them left out."""
    kept = [i for i in range(len(grid.header)) if any(r[i] not in (None, "") for r in rows)]
    if not rows:
        kept = list(range(len(grid.header)))
    header = tuple(grid.header[i] for i in kept)
    body = tuple(_cells([r[i] for i in kept]) for r in rows)
    classes = column_classes(header, detail=_DETAIL.get(grid.name, ()))
    return Table(caption, header, body, None, classes, tuple(before))


def _tables(grid: SheetGrid, heading: str) -> tuple[Table, ...]:
    """The grid's rows as tables, its sentences as paragraphs: those before the first row
    above the first table; of those between two runs of rows, the last is the next table's
    caption and the others follow the table before; those after the last row follow it."""
    runs: list[tuple[list[str], list[Sequence[object]]]] = [([], [])]
    for row in grid.rows:
        sentence = _sentence(grid, row)
        if sentence is None:
            runs[-1][1].append(row)
            continue
        if runs[-1][1]:  # a sentence after rows: what follows is another run
            runs.append(([], []))
        runs[-1][0].append(sentence)
    tables: list[Table] = []
    for said, rows in runs:
        if tables and not rows:  # the sentences after the last rows
            tables[-1] = replace(tables[-1], after=tuple(said))
        elif tables:
            tables[-1] = replace(tables[-1], after=tuple(said[:-1]))
            tables.append(_part(grid, said[-1], rows, []))
        else:
            tables.append(_part(grid, heading, rows, said))
    return tuple(tables)


def end_pages(grids: Sequence[SheetGrid], title: str) -> list[Page]:
    """A page for each grid, headed by the grid's title; a grid counting more than the
    standings (who can still win while a round is played) says so in its page's footer."""
    pages = []
    for grid in grids:
        heading = grid.title or grid.name
        pages.append(Page(END_FILES[grid.name], f"{heading} - {title}", heading,
                          _tables(grid, heading), stage=grid.counts))  # fmt: skip
    return pages
