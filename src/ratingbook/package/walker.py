"""The one sheet walker: the rows of a worksheet's ``<sheetData>`` and the cells of a row.

Everything that decides how sheet XML is cut into rows and cells lives here, used both for
reading (error cells, never-calculated formulas) and for patching: where ``<sheetData>`` is,
which row or column an element has (following the previous one when it has no ``r``), what is
out of order, and how a shared formula reads in another cell.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from openpyxl.formula.translate import Translator

from ratingbook.errors import WorkbookError
from ratingbook.package.refs import column_number
from ratingbook.package.xmltext import root_prefix

ROW_NUMBER = re.compile(r"(?<![\w:.-])r\s*=\s*[\"'](\d+)[\"']")
_CELL_COLUMN = re.compile(r"(?<![\w:.-])r\s*=\s*[\"']\$?([A-Za-z]{1,3})\$?\d+[\"']")
STYLE = re.compile(r"(?<![\w:.-])s\s*=\s*[\"'](\d+)[\"']")

# Row attributes that make an empty row mean something (a height, a format, hiding, outline).
ROW_FORMATTING = re.compile(
    r"(?<![\w:.-])(?:customFormat|customHeight|hidden|collapsed|thickTop|thickBot)"
    r"\s*=\s*[\"'](?:1|true)[\"']|(?<![\w:.-])outlineLevel\s*=\s*[\"'][1-9]"
)


@dataclass(frozen=True, slots=True)
class SheetPatterns:
    p: str
    sheet_data: re.Pattern[str]
    row: re.Pattern[str]
    cell: re.Pattern[str]
    formula: re.Pattern[str]
    value: re.Pattern[str]
    dimension: re.Pattern[str]
    row_close: str
    cell_close: str


@functools.lru_cache(maxsize=8)
def sheet_patterns(p: str) -> SheetPatterns:
    q = re.escape(p)
    return SheetPatterns(
        p=p,
        sheet_data=re.compile(rf"<{q}sheetData(?=[\s/>])[^>]*?(/?)>"),
        row=re.compile(rf"<{q}row(?=[\s/>])([^>]*?)(/?)>"),
        cell=re.compile(rf"<{q}c(?=[\s/>])([^>]*?)(/?)>"),
        formula=re.compile(rf"<{q}f(?=[\s/>])([^>]*?)(?:/>|>(.*?)</{q}f>)", re.S),
        value=re.compile(rf"<{q}v(?=[\s/>])[^>]*?(?:/>|>(.*?)</{q}v>)", re.S),
        dimension=re.compile(rf"<{q}dimension(?=[\s/>])[^>]*?/?>"),
        row_close=f"</{p}row>",
        cell_close=f"</{p}c>",
    )


@dataclass(slots=True)
class SheetXml:
    """A worksheet part split around the inside of its ``<sheetData>``."""

    patterns: SheetPatterns
    head: str
    body: str
    tail: str

    @classmethod
    def split(cls, xml: str, part: str) -> SheetXml:
        patterns = sheet_patterns(root_prefix(xml, "worksheet", part))
        match = patterns.sheet_data.search(xml)
        if match is None:
            raise WorkbookError(f"sheet part {part!r} has no <sheetData>")
        p = patterns.p
        if match.group(1):
            head = f"{xml[: match.start()]}<{p}sheetData>"
            body, tail = "", f"</{p}sheetData>{xml[match.end() :]}"
        else:
            end = xml.find(f"</{p}sheetData>", match.end())
            if end < 0:
                raise WorkbookError(f"sheet part {part!r} has an unterminated <sheetData>")
            head, body, tail = xml[: match.end()], xml[match.end() : end], xml[end:]
        if "<!--" in body or "<![CDATA[" in body or "<?" in body:
            raise WorkbookError(
                f"sheet part {part!r} holds XML comments, CDATA or processing instructions "
                "among its cells, which ratingbook does not rewrite; save the file from Excel "
                "first (or use --engine openpyxl)"
            )
        return cls(patterns, head, body, tail)

    def rows(self) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
        """Each row: (number, start, end, attributes, inside or None, has an ``r``)."""
        return walk_elements(
            self.body,
            self.patterns.row,
            self.patterns.row_close,
            row_number,
            "<row>",
            "a sheet's rows are out of order (row {position} after row {previous})",
        )

    def cells(self, inside: str) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
        """Each cell of a row: (column, start, end, attributes, inside or None, has an ``r``)."""
        return walk_elements(
            inside,
            self.patterns.cell,
            self.patterns.cell_close,
            cell_column,
            "<c>",
            "a sheet's cells are out of order within a row",
        )


def row_number(attrs: str) -> int | None:
    match = ROW_NUMBER.search(attrs)
    return int(match.group(1)) if match else None


def cell_column(attrs: str) -> int | None:
    match = _CELL_COLUMN.search(attrs)
    return column_number(match.group(1)) if match else None


def walk_elements(
    text: str,
    pattern: re.Pattern[str],
    close: str,
    position_of: Callable[[str], int | None],
    tag: str,
    out_of_order: str,
) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
    """The <row>s of sheet data, or the <c>s of a row, in order: (position, start, end,
    attributes, inside or None when empty, whether the position was written). An element
    without an ``r`` attribute follows the previous one, as the file format says."""
    previous = 0
    at = 0
    while True:
        match = pattern.search(text, at)
        if match is None:
            return
        attrs = match.group(1)
        if match.group(2):
            inside: str | None = None
            end = match.end()
        else:
            stop = text.find(close, match.end())
            if stop < 0:
                raise WorkbookError(f"a sheet has an unterminated {tag} element")
            inside = text[match.end() : stop]
            end = stop + len(close)
        written = position_of(attrs)
        position = written if written is not None else previous + 1
        if position <= previous:
            raise WorkbookError(out_of_order.format(position=position, previous=previous))
        yield position, match.start(), end, attrs, inside, written is not None
        previous = position
        at = end


def translate_formula(formula: str, origin: str, target: str) -> str:
    """A shared formula of cell ``origin`` as it reads in cell ``target``."""
    try:
        return str(Translator(f"={formula}", origin=origin).translate_formula(target))[1:]
    except Exception:  # openpyxl's tokenizer rejects some formulas; keep the text then
        return formula
