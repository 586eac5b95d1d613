"""What a sheet's cells look like, as data: the formats an undo and a redo give back.

This module alone decides what a cell's format is to ratingbook and how it is said between the
adapters: a :class:`Look` (its number format, and its font, fill, border, alignment and
protection as the file's XML spells them, without a namespace prefix), none for a place that
holds no cell at all (what Excel shows there is its column's format), a sheet's
:class:`Layout` (its columns' widths, formats and hiding, its print area and print titles), and
a snapshot of some of them (:class:`SheetLooks`). The file back ends read them
(:meth:`~ratingbook.workbook.port.book.Book.looks`) and give them back
(:meth:`~ratingbook.workbook.port.book.Book.give_looks`), each in its own way, so that an act
kept by one is undone by the other; xlwings reads none and gives none: Excel keeps a cell's
format when ratingbook writes or clears its value, so an act run there changes none.
Nothing here knows which spreadsheet library is on the other side.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Columns", "Layout", "Look", "SheetLooks", "plain_element"]


@dataclass(frozen=True, slots=True)
class Look:
    """One cell's format: its number format (``General``, ``@``, ``yyyy-mm-dd``) and the XML of
    its font, fill, border, alignment and protection (``<alignment horizontal="left"/>``; ""
    for none of its own: the book's default)."""

    number_format: str = "General"
    font: str = ""
    fill: str = ""
    border: str = ""
    alignment: str = ""
    protection: str = ""


@dataclass(frozen=True, slots=True)
class Columns:
    """A run of columns ``first`` to ``last`` (1-based) sized and formatted alike: ``width`` in
    Excel's units (None: the sheet's default), the format a cell typed there takes (None: no
    format of their own), hidden or not."""

    first: int
    last: int
    width: float | None = None
    look: Look | None = None
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Layout:
    """A sheet's columns (every run the sheet sizes or formats; a column in none has the
    default width and no format) and its print area and print titles, each as the defined name
    holds it (``'Games Archive'!$A$2:$G$1048576``, ``'Games Archive'!$1:$1``; "" for none)."""

    columns: tuple[Columns, ...] = ()
    print_area: str = ""
    print_titles: str = ""


@dataclass(frozen=True, slots=True)
class SheetLooks:
    """Some of a sheet's formats: ``cells`` by (row, column), 1-based (a :class:`Look`, or None:
    no cell there; read, a place holding no cell is left out), ``heights`` by row (points, or
    None: the sheet's default), and its ``layout`` (None: not part of it).

    Given back (:meth:`~ratingbook.workbook.port.book.Book.give_looks`), a cell takes its look
    and keeps its value; a cell given None goes when it holds no value (its format with it),
    a row given a height takes it, and a layout replaces the sheet's columns, print area and
    print titles whole."""

    sheet: str
    cells: Mapping[tuple[int, int], Look | None] = field(default_factory=dict)
    heights: Mapping[int, float | None] = field(default_factory=dict)
    layout: Layout | None = None


_PREFIXED = re.compile(r"<(/?)[A-Za-z_][\w.-]*:")
_DECLARATION = re.compile(r"\s+xmlns(?::[\w.-]+)?\s*=\s*(?:\"[^\"]*\"|'[^']*')")


def plain_element(xml: str) -> str:
    """An element of a stylesheet (a ``<font>``, a ``<fill>``, ...) as a :class:`Look` keeps it:
    without its namespace prefix and declarations, so that either back end reads it.

    >>> plain_element('<x:font xmlns:x="urn:x"><x:b/><x:sz val="11"/></x:font>')
    '<font><b/><sz val="11"/></font>'
    """
    return _DECLARATION.sub("", _PREFIXED.sub(r"<\1", xml))
