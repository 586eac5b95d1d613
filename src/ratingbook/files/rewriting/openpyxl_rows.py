"""Rows without cells, read and written by openpyxl's rules, only faster (``--backend openpyxl``).

A sheet can hold a million row elements that carry a format and a height but no cell (what
selecting whole rows and formatting them leaves behind). openpyxl builds a ``RowDimension`` for
each row as it loads (seven checked attributes apiece) and, as it saves, asks each for its
attributes again and writes each through its general XML writer: most of the time such a
book takes. Rows alike in everything but their number are alike for openpyxl too, so
:func:`rows_done_once` has it do that work once for each kind of row and copy the result:

- loading, the first row of each kind is made by openpyxl (``RowDimension(ws, **attributes)``)
  and the rows like it are copies of that one, numbered by the same checked attribute;
- saving, the first cell-less row of each kind is written by openpyxl, its text kept, and the
  rows like it are that text with their own number.

What openpyxl holds in memory and the bytes it writes are the same either way (the tests
compare both with openpyxl's own, row by row and byte for byte). Anything unexpected (a row
holding cells, a writer or a first text not as expected) goes openpyxl's own way.
"""

from __future__ import annotations

import contextlib
import operator
import threading
from collections.abc import Iterator
from typing import Any

from openpyxl.reader import excel as reading
from openpyxl.styles.cell_style import StyleArray
from openpyxl.worksheet._reader import WorksheetReader
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.dimensions import RowDimension
from openpyxl.writer import excel as writing

__all__ = ["rows_done_once"]

#: A kind of row: what a row holds but its number.
_Kind = tuple[object, ...]

#: The attributes of a row dimension openpyxl writes (RowDimension.__fields__ but the two it
#: derives from these and the style: customFormat, customHeight), read as it reads them. Two
#: numbers equal as keys (1, 1.0, True) are written alike ("%.16g").
_WRITTEN = operator.attrgetter("hidden", "outlineLevel", "collapsed", "ht", "thickBot", "thickTop")


class _RowsReadOnce(WorksheetReader):
    """openpyxl's sheet reader, each kind of row dimension built once and copied."""

    def bind_row_dimensions(self) -> None:
        ws: Any = self.ws
        dimensions = ws.row_dimensions
        made: dict[_Kind, Any] = {}
        for row, attributes in self.parser.row_dimensions.items():
            number = attributes.pop("r", None)
            kind = tuple(attributes.items())
            first = made.get(kind) if number is not None else None
            dimension: Any
            if first is None:
                # openpyxl's own (WorksheetReader.bind_row_dimensions), which may raise
                if number is not None:
                    attributes["r"] = number
                if "s" in attributes:
                    attributes["s"] = ws.parent._cell_styles[int(attributes["s"])]
                dimension = RowDimension(ws, **attributes)
                if number is not None:
                    made[kind] = dimension
            else:
                dimension = RowDimension.__new__(RowDimension)
                dimension.__dict__.update(first.__dict__)
                dimension.parent = ws
                style = first._style
                dimension._style = None if style is None else StyleArray(style)
                dimension.index = number  # the descriptor's check, as RowDimension(r=...) does
            dimensions[int(row)] = dimension


class _RowsWrittenOnce(WorksheetWriter):
    """openpyxl's sheet writer, each kind of cell-less row written once and its text reused."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._texts: dict[_Kind, str] = {}

    def write_row(self, xf: Any, row: Any, row_idx: int) -> None:
        write = getattr(xf, "_file", None)
        ws: Any = self.ws
        found = ws.row_dimensions.get(row_idx)
        if row or type(found) is not RowDimension or not callable(write):
            super().write_row(xf, row, row_idx)
            return
        dimension: Any = found
        if dimension._style is None:  # what asking for its style does (StyleableObject.style_id)
            dimension._style = StyleArray()
        # What openpyxl writes of a row (RowDimension.__iter__) follows from these alone.
        kind = (*_WRITTEN(dimension), *dimension._style)
        head = f'<row r="{row_idx}"'
        try:
            text = self._texts.get(kind)
        except TypeError:  # a value that cannot be a key (none that openpyxl sets)
            super().write_row(xf, row, row_idx)
            return
        if text is not None:
            write(head + text)
            return
        pieces: list[str] = []
        xf._file = pieces.append
        try:
            super().write_row(xf, row, row_idx)
        finally:
            xf._file = write
        written = "".join(pieces)
        write(written)
        if written.startswith(head):
            self._texts[kind] = written[len(head) :]


#: One load or save at a time swaps openpyxl's reader and writer for these, in the modules
#: that name them (openpyxl.reader.excel reads each sheet, openpyxl.writer.excel writes it).
_SWAP = threading.Lock()
_READING: Any = reading
_WRITING: Any = writing


@contextlib.contextmanager
def rows_done_once() -> Iterator[None]:
    """openpyxl's loads and saves inside this block build and write rows of a kind once
    (see the module docstring); they give the same workbook and the same bytes."""
    with _SWAP:
        reader, writer = _READING.WorksheetReader, _WRITING.WorksheetWriter
        _READING.WorksheetReader, _WRITING.WorksheetWriter = _RowsReadOnce, _RowsWrittenOnce
        try:
            yield
        finally:
            _READING.WorksheetReader, _WRITING.WorksheetWriter = reader, writer
