"""The one sheet walker: the rows of a worksheet's ``<sheetData>`` and the cells of a row.

Everything that decides how sheet XML is cut into rows and cells lives here, used both for
reading (error cells, never-calculated formulas) and for patching: where ``<sheetData>`` is,
which row or column an element has (following the previous one when it has no ``r``), what is
out of order, and how a shared formula reads in another cell.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ratingbook.core.refs import MAX_COLUMN, MAX_ROW, column_letter, column_number
from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.xmltext import MAIN_NS, attributes, root_prefix

ROW_NUMBER = re.compile(r"(?<![\w:.-])r\s*=\s*[\"'](\d+)[\"']")
_CELL_COLUMN = re.compile(r"(?<![\w:.-])r\s*=\s*[\"']\$?([A-Za-z]+)\$?\d+[\"']")
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


@dataclass(frozen=True, slots=True)
class SheetExtent:
    """Where a sheet's cells are: what a dense grid from A1 would cost, and what it needs."""

    last_row: int  # the last row holding a cell (0 when there is none)
    last_column: int  # the last column holding a cell
    cells: int  # how many cells there are
    rows: int  # how many rows hold cells
    head_width: int  # the last column holding a cell in the first ``head_rows`` rows

    @property
    def dense(self) -> int:
        """The number of cells of a grid from A1 to the last row and column."""
        return self.last_row * self.last_column


@functools.lru_cache(maxsize=8)
def _fast_patterns(p: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    q = re.escape(p)
    return (
        re.compile(rf'<{q}row\s+r="(\d+)"'),
        re.compile(rf'<{q}c\s+r="([A-Z]{{1,3}})\d'),
        re.compile(rf'<{q}c\s+r="[A-Z]{{1,3}}(\d+)"'),
    )


# The fast scan reads the sheet in windows of this many characters, so that its lists stay
# small whatever the sheet's size.
_WINDOW = 1 << 23


def _count_tags(text: str, p: str, local: str) -> int:
    """How many ``<local`` start tags ``text`` holds (str.count: no match objects)."""
    return sum(text.count(f"<{p}{local}{after}") for after in (" ", ">", "/", "\t", "\n", "\r"))


def sheet_extent(sheet: SheetXml, head_rows: int) -> SheetExtent:
    """The extent of ``sheet``'s cells, checking rows are in order and within Excel's limits.

    Fast when every row and cell carries ``r`` as its first attribute (as Excel, LibreOffice
    and openpyxl write them): C-speed searches window by window, in little memory; otherwise
    the walker's, element by element, which also says what is wrong and where.
    """
    p = sheet.patterns.p
    numbered_row, cell_letters, cell_row = _fast_patterns(p)
    body = sheet.body
    previous = rows = cells = head_width = last_column = 0
    head_end = len(body)
    for match in numbered_row.finditer(body):
        number = int(match.group(1))
        if number <= previous:  # out of order: at most head_rows + 1 rows are looked at
            return _walked_extent(sheet, head_rows)
        if number > head_rows:
            head_end = match.start()
            break
        previous = number
    previous = 0
    start = 0
    while start < len(body):
        # A window ends just before a "<": no start tag is cut in two.
        end = body.find("<", start + _WINDOW)
        end = len(body) if end < 0 else end
        numbers = [int(n) for n in numbered_row.findall(body, start, end)]
        if numbers and not previous < numbers[0] <= numbers[-1] <= MAX_ROW:
            return _walked_extent(sheet, head_rows)
        if not all(a < b for a, b in itertools.pairwise(numbers)):
            return _walked_extent(sheet, head_rows)
        previous = numbers[-1] if numbers else previous
        rows += len(numbers)
        for first, stop, head in (
            (start, min(end, head_end), True),
            (max(start, head_end), end, False),
        ):
            if first >= stop:
                continue
            letters = cell_letters.findall(body, first, stop)
            cells += len(letters)
            widest = max(map(column_number, set(letters)), default=0)
            last_column = max(last_column, widest)
            if head:
                head_width = max(head_width, widest)
        start = end
    # Every row and cell was seen: no other "<row" or "<c" (a cheap count first; rich text
    # runs hold <charset>, <color> and <condense>, which the exact count leaves out).
    if rows != body.count(f"<{p}row") or (
        cells != body.count(f"<{p}c") and cells != _count_tags(body, p, "c")
    ):
        return _walked_extent(sheet, head_rows)
    if last_column > MAX_COLUMN:
        return _walked_extent(sheet, head_rows)
    last = body.rfind(f"<{p}c ")
    cell = cell_row.match(body, last) if last >= 0 else None
    if cells and cell is None:
        return _walked_extent(sheet, head_rows)
    return SheetExtent(
        last_row=int(cell.group(1)) if cell else 0,
        last_column=last_column,
        cells=cells,
        rows=rows,  # rows holding cells, at most
        head_width=head_width,
    )


def _walked_extent(sheet: SheetXml, head_rows: int) -> SheetExtent:
    last_row = last_column = cells = rows = head_width = 0
    for row, _, _, _, inside, _ in sheet.rows():
        width = 0
        for column, *_ in sheet.cells(inside or ""):
            cells += 1
            width = column
        if width:
            rows += 1
            last_row, last_column = row, max(last_column, width)
            if row <= head_rows:
                head_width = max(head_width, width)
    return SheetExtent(last_row, last_column, cells, rows, head_width)


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
    label: str  # how messages name the sheet: "sheet 'Ladder Players'"

    @classmethod
    def split(cls, xml: str, part: str, sheet: str | None = None) -> SheetXml:
        """``xml`` split around its sheetData; messages name ``sheet`` (else the part)."""
        label = f"sheet {sheet!r}" if sheet is not None else f"sheet part {part!r}"
        patterns = sheet_patterns(root_prefix(xml, "worksheet", part))
        _check_namespace(xml, patterns.p, label)
        match = patterns.sheet_data.search(xml)
        if match is None:
            raise WorkbookError(f"{label} is damaged: it has no <sheetData>")
        p = patterns.p
        if match.group(1):
            head = f"{xml[: match.start()]}<{p}sheetData>"
            body, tail = "", f"</{p}sheetData>{xml[match.end() :]}"
        else:
            end = xml.find(f"</{p}sheetData>", match.end())
            if end < 0:
                raise WorkbookError(f"{label} is damaged: its <sheetData> is unterminated")
            head, body, tail = xml[: match.end()], xml[match.end() : end], xml[end:]
        if "<!--" in body or "<![CDATA[" in body or "<?" in body:
            raise WorkbookError(
                f"{label} holds XML comments, CDATA or processing instructions "
                "among its cells, which ratingbook does not rewrite; save the file from Excel "
                "first (or use --backend openpyxl)"
            )
        return cls(patterns, head, body, tail, label)

    def rows(self) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
        """Each row: (number, start, end, attributes, inside or None, has an ``r``)."""
        return walk_elements(self.body, self.patterns.row, self.patterns.row_close, self, True)

    def cells(self, inside: str) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
        """Each cell of a row: (column, start, end, attributes, inside or None, has an ``r``)."""
        return walk_elements(inside, self.patterns.cell, self.patterns.cell_close, self, False)


def row_number(attrs: str) -> int | None:
    match = ROW_NUMBER.search(attrs)
    return int(match.group(1)) if match else None


def cell_column(attrs: str) -> int | None:
    match = _CELL_COLUMN.search(attrs)
    return column_number(match.group(1)) if match else None


def walk_elements(
    text: str, pattern: re.Pattern[str], close: str, sheet: SheetXml, rows: bool
) -> Iterator[tuple[int, int, int, str, str | None, bool]]:
    """The <row>s of sheet data (``rows``), or the <c>s of a row, in order: (position, start,
    end, attributes, inside or None when empty, whether the position was written). An element
    without an ``r`` attribute follows the previous one, as the file format says; positions
    out of order or beyond Excel's last row or column are refused."""
    position_of = row_number if rows else cell_column
    tag, limit = ("<row>", MAX_ROW) if rows else ("<c>", MAX_COLUMN)
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
                raise WorkbookError(f"{sheet.label} is damaged: an unterminated {tag} element")
            inside = text[match.end() : stop]
            end = stop + len(close)
        written = position_of(attrs)
        position = written if written is not None else previous + 1
        if position <= previous:
            raise WorkbookError(
                f"{sheet.label} has rows out of order (row {position} after row {previous})"
                if rows
                else f"{sheet.label} has cells out of order within a row"
            )
        if position > limit:
            raise WorkbookError(_beyond(sheet.label, rows, position))
        yield position, match.start(), end, attrs, inside, written is not None
        previous = position
        at = end


def translate_formula(formula: str, origin: str, target: str) -> str | None:
    """A shared formula of cell ``origin`` as it reads in cell ``target``; None where openpyxl's
    formula tokenizer cannot read it (it raises TokenizerError, and IndexError for a closing
    bracket with none open): the caller decides, as the formula's text would point at the
    wrong cells there."""
    # Imported here: importing openpyxl costs a third of a command's start-up, and a book
    # that is only read, or refused, never translates a formula.
    from openpyxl.formula.tokenizer import TokenizerError
    from openpyxl.formula.translate import Translator

    try:
        return str(Translator(f"={formula}", origin=origin).translate_formula(target))[1:]
    except (TokenizerError, IndexError):
        return None


def _beyond(label: str, rows: bool, position: int) -> str:
    if rows:
        return (
            f"{label} has a row numbered {position:,}, beyond Excel's last row "
            f"(a sheet has at most {MAX_ROW:,} rows)"
        )
    return (
        f"{label} has a cell in column {column_letter(position)}, "
        f"beyond Excel's last column ({column_letter(MAX_COLUMN)})"
    )


def _check_namespace(xml: str, p: str, label: str) -> None:
    """Refuse a worksheet whose root is not in SpreadsheetML's namespace (Excel refuses it)."""
    root = re.search(rf"<{re.escape(p)}worksheet(?=[\s/>])([^>]*)>", xml)
    declared = attributes(root.group(1)).get(f"xmlns:{p[:-1]}" if p else "xmlns") if root else None
    if declared != MAIN_NS:
        raise WorkbookError(
            f"{label} is damaged: its namespace is {declared!r}, not SpreadsheetML's "
            f"({MAIN_NS!r}); Excel would refuse it"
        )


def check_inline_strings(sheet: SheetXml) -> None:
    """Refuse a cell holding an inline string (``<is>``) without ``t="inlineStr"``, which Excel
    refuses. Counted first (C-speed); the cells are walked only when the counts disagree."""
    p = sheet.patterns.p
    body = sheet.body
    strings = body.count(f"<{p}is>") + body.count(f"<{p}is ")
    if not strings:
        return
    if strings <= body.count('t="inlineStr"'):  # as every program writes it: no regex
        return
    marked = len(re.findall(rf"<{re.escape(p)}c\s[^>]*?\bt\s*=\s*[\"']inlineStr[\"']", body))
    if strings <= marked:
        return
    markers = (f"<{p}is>", f"<{p}is ")
    for row, _, _, _, inside, _ in sheet.rows():
        if not inside or not any(m in inside for m in markers):
            continue
        for column, _, _, attrs, content, _ in sheet.cells(inside):
            marked = attributes(attrs).get("t") == "inlineStr"
            if content and not marked and any(m in content for m in markers):
                raise WorkbookError(
                    f"{sheet.label} is damaged: cell {column_letter(column)}{row} holds an "
                    'inline string without t="inlineStr"; Excel would refuse it'
                )
