"""Patching a worksheet part: the target cells replaced, every other byte copied.

Everything that decides how write blocks change an existing sheet's XML lives here: a replaced
cell keeps its style (or takes the one an undo gives back) and loses its formula, a replaced
shared-formula master hands its formula to the other cells of the range, new rows and cells go
where the order says, ``<dimension>`` grows to cover what was written, and a new page title
replaces the sheet's header (:func:`with_page_title`), and a column too narrow for its values is
widened (:func:`with_column_widths`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ratingbook.core.refs import column_letter, split_ref
from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.xmltext import (
    attributes,
    escape,
    remove_attribute,
    set_attribute,
    tag_attributes,
    unescape,
)
from ratingbook.files.patching.cells import CellWriter
from ratingbook.files.patching.walker import (
    ROW_FORMATTING,
    ROW_NUMBER,
    STYLE,
    SheetPatterns,
    SheetXml,
    check_inline_strings,
    translate_formula,
)
from ratingbook.workbook.port.book import KEEP, Height, WriteBlock, points


def merge_blocks(blocks: Iterable[WriteBlock]) -> dict[int, dict[int, object]]:
    """{row: {column: value}} for every non-KEEP cell of ``blocks`` (later blocks win)."""
    writes: dict[int, dict[int, object]] = {}
    for block in blocks:
        for r, line in enumerate(block.values):
            row: dict[int, object] | None = None
            for c, value in enumerate(line):
                if value is KEEP:
                    continue
                if row is None:
                    row = writes.setdefault(block.row + r, {})
                row[block.column + c] = value
    return writes


def page_title(blocks: Iterable[WriteBlock]) -> str | None:
    """The page header (Excel's codes) the last of ``blocks`` giving a page title asks for;
    None when none does."""
    titles = [b.page_title for b in blocks if b.page_title is not None]
    return titles[-1].header() if titles else None


#: The worksheet's children that follow ``<headerFooter>`` (ECMA-376 part 1, 18.3.1.99, the
#: sequence of CT_Worksheet): a sheet without one gets it before the first of these present.
_AFTER_HEADER = (
    "rowBreaks",
    "colBreaks",
    "customProperties",
    "cellWatches",
    "ignoredErrors",
    "smartTags",
    "drawing",
    "legacyDrawing",
    "legacyDrawingHF",
    "drawingHF",
    "picture",
    "oleObjects",
    "controls",
    "webPublishItems",
    "tableParts",
    "extLst",
)


def with_page_title(xml: str, header: str) -> str:
    """The worksheet ``xml`` printing under the page header ``header`` (Excel's codes): its
    ``<oddHeader>`` replaced, or put first in its ``<headerFooter>``, which a sheet without
    one gets where the schema's order puts it. The footer and the rest are kept."""
    root = re.search(r"<(\w+:)?worksheet\b", xml)
    p = (root.group(1) or "") if root else ""
    odd = f"<{p}oddHeader>{escape(header)}</{p}oddHeader>"
    found = re.search(rf"<{p}oddHeader\s*/>|<{p}oddHeader\b[^>]*>.*?</{p}oddHeader>", xml, re.S)
    if found:
        return xml[: found.start()] + odd + xml[found.end() :]
    opening = re.search(rf"<{p}headerFooter\b([^>]*?)(/?)>", xml)
    if opening is not None:
        attrs, empty = opening.group(1), opening.group(2)
        closing = f"</{p}headerFooter>" if empty else ""
        tag = f"<{p}headerFooter{attrs}>"
        return xml[: opening.start()] + tag + odd + closing + xml[opening.end() :]
    after = "|".join(_AFTER_HEADER)
    place = re.search(rf"<{p}(?:{after})[\s/>]|</{p}worksheet>", xml)
    at = place.start() if place else len(xml)
    return xml[:at] + f"<{p}headerFooter>{odd}</{p}headerFooter>" + xml[at:]


def merge_widths(blocks: Iterable[WriteBlock]) -> dict[int, float]:
    """{column: width} the blocks ask their columns to have at least (the widest wins)."""
    widths: dict[int, float] = {}
    for block in blocks:
        for column, width in block.widths:
            widths[column] = max(width, widths.get(column, 0.0))
    return widths


#: Excel's width of a column no ``<col>`` element sizes (``<sheetFormatPr>`` giving none).
_DEFAULT_WIDTH = 8.43


def with_column_widths(xml: str, widths: Mapping[int, float]) -> str:
    """The worksheet ``xml`` with each column of ``widths`` ({column: width}) at least that
    wide: a ``<col>`` element sizing it alone is widened, one spanning more columns is split
    so that only this one widens, a column none sizes gets its own; no column is narrowed
    and every other attribute (style, hidden) is kept."""
    if not widths:
        return xml
    root = re.search(r"<(\w+:)?worksheet\b", xml)
    p = (root.group(1) or "") if root else ""
    block = re.search(rf"<{p}cols\b[^>]*>(.*?)</{p}cols>", xml, re.S)
    elements: list[tuple[int, int, str]] = []
    for element in _COLUMN.findall(block.group(1) if block else ""):
        attrs = tag_attributes(element)
        first, last = attrs.get("min", ""), attrs.get("max", "")
        if first.isdigit() and last.isdigit():
            elements.append((int(first), int(last), element))
    changed = False
    for column, width in sorted(widths.items()):
        found = next((e for e in elements if e[0] <= column <= e[1]), None)
        if found is None:
            tag = f'<{p}col min="{column}" max="{column}" width="{width:g}" customWidth="1"/>'
            if width > _DEFAULT_WIDTH:
                elements.append((column, column, tag))
                changed = True
            continue
        low, high, element = found
        given = tag_attributes(element).get("width", "")
        if given.replace(".", "", 1).isdigit() and float(given) >= width:
            continue
        widened = set_attribute(set_attribute(element, "width", f"{width:g}"), "customWidth", "1")
        parts = [(low, column - 1, element), (column, column, widened), (column + 1, high, element)]
        elements.remove(found)
        changed = True
        for a, b, each in parts:
            if a <= b:
                each = set_attribute(set_attribute(each, "min", str(a)), "max", str(b))
                elements.append((a, b, each))
    if not changed:
        return xml
    cols = f"<{p}cols>" + "".join(e for _, _, e in sorted(elements)) + f"</{p}cols>"
    if block is not None:
        return xml[: block.start()] + cols + xml[block.end() :]
    data = re.search(rf"<{p}sheetData\b", xml)
    at = data.start() if data else len(xml)
    return xml[:at] + cols + xml[at:]


def merge_heights(blocks: Iterable[WriteBlock]) -> dict[int, Height]:
    """{row: height in points, or UNSIZED} the blocks give their rows (later blocks win)."""
    return {
        block.row + r: height
        for block in blocks
        for r, height in enumerate(block.heights)
        if height is not None
    }


def _with_height(start_tag: str, height: Height | None) -> str:
    """A ``<row>`` start tag at ``height`` points, a height of its own (``customHeight``);
    UNSIZED: without one (the sheet's default height)."""
    if height is None:
        return start_tag
    tall = points(height)
    if tall is None:
        return remove_attribute(remove_attribute(start_tag, "ht"), "customHeight")
    return set_attribute(set_attribute(start_tag, "ht", f"{tall:g}"), "customHeight", "1")


_COLUMN = re.compile(r"<(?:\w+:)?col\b[^>]*>")


def column_styles(head: str) -> list[tuple[int, int, str]]:
    """(first, last, style) of each ``<col>`` element giving its columns a style: a new cell
    takes its column's, as Excel gives a cell typed into a formatted column (a date written
    under a top-aligned header is top-aligned too, level with its row's wrapped text)."""
    found = []
    for element in _COLUMN.findall(head):
        attrs = tag_attributes(element)
        style, low, high = attrs.get("style"), attrs.get("min", ""), attrs.get("max", "")
        if style and low.isdigit() and high.isdigit():
            found.append((int(low), int(high), style))
    return found


def _style_of(styles: list[tuple[int, int, str]], column: int) -> str | None:
    return next((style for low, high, style in styles if low <= column <= high), None)


#: A cell's format given back (:attr:`Plan.looks`): its ``s``, or None for no cell there.
Looks = Mapping[int, Mapping[int, str | None]]


def patch_sheet(
    xml: str,
    writes: Mapping[int, Mapping[int, object]],
    writer: CellWriter,
    part: str,
    name: str | None = None,
    heights: Mapping[int, Height] | None = None,
    looks: Looks | None = None,
) -> str:
    """The worksheet ``xml`` with the cells in ``writes`` ({row: {column: value}}) replaced.

    Every other row and cell is copied as it is. A replaced cell keeps its style ``s`` and
    loses its formula; if it held the master of a shared formula, the other cells of that
    shared formula get their own copy of it, so they keep working. Writing into part of an
    array formula (which Excel would recompute over what was written) is refused. A row with
    a height in ``heights`` ({row: points or UNSIZED}) is given it, written or not. A cell in
    ``looks`` ({row: {column: s or None}}: an undo's formats) takes that style, written or not
    (a new cell is made for it); given None, it goes when it holds no value (the act made it),
    and a row left with no cell and nothing of its own goes with it.
    """
    heights = heights or {}
    looks = looks or {}
    sheet = SheetXml.split(xml, part, name)
    styles = column_styles(sheet.head)
    check_inline_strings(sheet)
    _refuse_partial_arrays(sheet, writes)
    patterns = sheet.patterns
    p = patterns.p
    body = sheet.body
    targets = sorted({*writes, *looks, *heights})
    out: list[str] = []
    copied = 0  # body[copied:position] is still to be copied as it is
    next_target = 0
    masters: dict[str, tuple[str, str]] = {}  # shared formulas whose master cell was replaced
    nothing: Mapping[int, object] = {}
    for number, start, end, attrs, inside, has_ref in sheet.rows():
        while next_target < len(targets) and targets[next_target] < number:
            out.append(body[copied:start])
            copied = start
            target = targets[next_target]
            given = (writes.get(target, nothing), looks.get(target, {}))
            out.append(_new_row(p, target, given, writer, styles, heights.get(target)))
            next_target += 1
        row_looks: Mapping[int, str | None] = {}
        if next_target < len(targets) and targets[next_target] == number:
            row_writes = writes.get(number, nothing)
            row_looks = looks.get(number, {})
            next_target += 1
        elif masters and inside is not None and "shared" in inside:
            row_writes = {}
        elif has_ref:
            continue
        else:
            # A row without its number: give it one, so rows inserted before it keep theirs.
            out.append(body[copied:start])
            out.append(f'<{p}row r="{number}"{attrs}' + body[start:end][len(f"<{p}row{attrs}") :])
            copied = end
            continue
        out.append(body[copied:start])
        given = (row_writes, row_looks)
        row = _patch_row(sheet, number, attrs, inside, given, writer, masters, styles)
        if row and number in heights:
            tag_end = row.index(">") + 1
            row = _emptied(_with_height(row[:tag_end], heights[number]) + row[tag_end:], p)
        out.append(row)
        copied = end
    out.append(body[copied:])
    while next_target < len(targets):
        target = targets[next_target]
        given = (writes.get(target, nothing), looks.get(target, {}))
        out.append(_new_row(p, target, given, writer, styles, heights.get(target)))
        next_target += 1
    head = _grow_dimension(sheet.head, patterns, writes)
    return head + "".join(out) + sheet.tail


def _emptied(row: str, p: str) -> str:
    """``row`` (a ``<row>`` element), or "" when it holds no cell and nothing of its own (a
    height taken away from a row an undo empties)."""
    tag_end = row.index(">") + 1
    inside = row[tag_end:].removesuffix(f"</{p}row>")
    return "" if not inside.strip() and not ROW_FORMATTING.search(row[:tag_end]) else row


def _new_row(
    p: str,
    number: int,
    given: tuple[Mapping[int, object], Mapping[int, str | None]],
    writer: CellWriter,
    styles: list[tuple[int, int, str]],
    height: Height | None = None,
) -> str:
    values, looks = given
    cells = "".join(
        _new_cell(p, f"{column_letter(c)}{number}", c, given, writer, styles)
        for c in sorted({*values, *looks})
    )
    start_tag = _with_height(f'<{p}row r="{number}">', height)
    if cells or (height is not None and points(height) is not None):
        return f"{start_tag}{cells}</{p}row>"
    return ""


def _new_cell(
    p: str,
    ref: str,
    column: int,
    given: tuple[Mapping[int, object], Mapping[int, str | None]],
    writer: CellWriter,
    styles: list[tuple[int, int, str]],
) -> str:
    """A cell where the row had none: written (in its look's style, else its column's), or
    made empty in its look's style; nothing for a look of no cell."""
    values, looks = given
    style = looks[column] if column in looks else _style_of(styles, column)
    return writer.cell(p, ref, style, values.get(column))


def _restyled(element: str, style: str | None, content: str | None) -> str:
    """Cell ``element`` (with its ``r``) in ``style``, its value kept; for None, nothing when
    it holds no value (no cell there before the act), else as it is."""
    if style is not None:
        head = re.match(r"<[^>]*>", element)
        assert head is not None
        return set_attribute(head.group(0), "s", style) + element[head.end() :]
    holds = content is not None and re.search(r"<(?:\w+:)?(?:v|f|is)[\s/>]", content)
    return element if holds else ""


def _patch_row(
    sheet: SheetXml,
    number: int,
    attrs: str,
    inside: str | None,
    given: tuple[Mapping[int, object], Mapping[int, str | None]],
    writer: CellWriter,
    masters: dict[str, tuple[str, str]],
    styles: list[tuple[int, int, str]],
) -> str:
    p = sheet.patterns.p
    writes, looks = given
    out: list[str] = []
    columns = sorted({*writes, *looks})
    next_write = 0
    added = False
    copied = 0
    inside = inside or ""
    for column, start, end, cell_attrs, content, has_ref in sheet.cells(inside):
        while next_write < len(columns) and columns[next_write] < column:
            out.append(inside[copied:start])
            copied = start
            c = columns[next_write]
            new = _new_cell(p, f"{column_letter(c)}{number}", c, given, writer, styles)
            added = added or bool(new)
            out.append(new)
            next_write += 1
        ref = f"{column_letter(column)}{number}"
        if next_write < len(columns) and columns[next_write] == column and column in writes:
            if content and "shared" in content:
                _note_shared_master(sheet.patterns, content, ref, masters)
            style = STYLE.search(cell_attrs)
            kept = style.group(1) if style else None
            out.append(inside[copied:start])
            out.append(writer.cell(p, ref, looks.get(column, kept), writes[column]))
            copied = end
            next_write += 1
            continue
        restyle = next_write < len(columns) and columns[next_write] == column
        shared = masters and content is not None and "shared" in content
        if has_ref and not shared and not restyle:
            continue
        out.append(inside[copied:start])
        element = inside[start:end]
        if not has_ref:
            element = f'<{p}c r="{ref}"' + element[len(f"<{p}c") :]
        if shared and content is not None:
            element = _unshare(sheet, element, ref, masters)
        if restyle:  # a format given back, the value kept
            element = _restyled(element, looks[column], content)
            next_write += 1
        out.append(element)
        copied = end
    if next_write >= len(columns):
        out.append(inside[copied:])
    else:
        # Cells after the last one: before anything that follows the cells (an <extLst>).
        tail = inside[copied:]
        out_cells: list[str] = []
        while next_write < len(columns):
            c = columns[next_write]
            new = _new_cell(p, f"{column_letter(c)}{number}", c, given, writer, styles)
            added = added or bool(new)
            out_cells.append(new)
            next_write += 1
        extension = tail.find(f"<{p}extLst")
        if extension < 0:
            out.append(tail + "".join(out_cells))
        else:
            out.append(tail[:extension] + "".join(out_cells) + tail[extension:])
    cells = "".join(out)
    if not cells.strip() and not ROW_FORMATTING.search(attrs):
        return ""  # emptied, and nothing about the row itself to keep (as openpyxl does)
    start_tag = f"<{p}row{attrs}>"
    if not ROW_NUMBER.search(attrs):
        start_tag = f'<{p}row r="{number}"{attrs}>'
    if added:
        # "spans" is only an optimisation hint; drop it rather than let it be wrong.
        start_tag = remove_attribute(start_tag, "spans")
    return f"{start_tag}{cells}</{p}row>"


def _note_shared_master(
    patterns: SheetPatterns, content: str, ref: str, masters: dict[str, tuple[str, str]]
) -> None:
    formula = patterns.formula.search(content)
    if formula is None:
        return
    attrs = attributes(formula.group(1))
    if attrs.get("t") == "shared" and "ref" in attrs and "si" in attrs and formula.group(2):
        masters[attrs["si"]] = (unescape(formula.group(2)), ref)


def _unshare(
    sheet: SheetXml, element: str, ref: str, masters: Mapping[str, tuple[str, str]]
) -> str:
    """A cell of a shared formula whose master was replaced, with the formula written out.

    Where the formula cannot be translated to this cell, the master's text would point at
    the wrong cells here: refused (nothing is written), naming the sheet and both cells.
    """
    patterns = sheet.patterns
    formula = patterns.formula.search(element)
    if formula is None:
        return element
    attrs = attributes(formula.group(1))
    if attrs.get("t") != "shared" or attrs.get("si") not in masters or "ref" in attrs:
        return element
    master, origin = masters[attrs["si"]]
    text = translate_formula(master, origin, ref)
    if text is None:
        raise WorkbookError(
            f"{sheet.label}, cell {ref}: this cell shares the formula {'=' + master!r} of cell "
            f"{origin}, which ratingbook writes over, and the formula cannot be rewritten for "
            f"{ref}; nothing was written (in Excel, enter the formula in {ref} and the rest of "
            "its range again, or move it out of the cells ratingbook writes)"
        )
    p = patterns.p
    return element[: formula.start()] + f"<{p}f>{escape(text)}</{p}f>" + element[formula.end() :]


def _grow_dimension(
    head: str, patterns: SheetPatterns, writes: Mapping[int, Mapping[int, object]]
) -> str:
    match = patterns.dimension.search(head)
    if match is None:
        return head
    cells = [(r, c) for r, line in writes.items() for c, v in line.items() if v is not None]
    if not cells:
        return head
    ref = attributes(match.group(0)).get("ref", "")
    try:
        corners = [split_ref(part) for part in ref.split(":")] if ref else []
    except WorkbookError:
        corners = []
    if corners and corners[0] == (1, 1) and len(corners) == 1:
        corners = []  # "A1" is what some programs write for any sheet: not a real extent
    rows = [r for r, _ in corners] + [r for r, _ in cells]
    columns = [c for _, c in corners] + [c for _, c in cells]
    first = f"{column_letter(min(columns))}{min(rows)}"
    last = f"{column_letter(max(columns))}{max(rows)}"
    new_ref = first if first == last else f"{first}:{last}"
    if new_ref == ref:
        return head
    tag = set_attribute(match.group(0), "ref", new_ref)
    return head[: match.start()] + tag + head[match.end() :]


_ARRAY = re.compile(r"(?<![\w:.-])t\s*=\s*[\"']array[\"']")


def _refuse_partial_arrays(sheet: SheetXml, writes: Mapping[int, Mapping[int, object]]) -> None:
    """Refuse writes into some but not all cells of an array formula's range: Excel keeps the
    array and recomputes it over them on open (a silent revert). Writing every cell of the
    range replaces the array as a whole, which is consistent."""
    if not _ARRAY.search(sheet.body):
        return
    for formula in sheet.patterns.formula.finditer(sheet.body):
        attrs = attributes(formula.group(1))
        if attrs.get("t") != "array" or ":" not in attrs.get("ref", ""):
            continue
        first, last = (split_ref(corner) for corner in attrs["ref"].split(":", 1))
        top, bottom = sorted((first[0], last[0]))
        left, right = sorted((first[1], last[1]))
        inside = sorted(
            (r, c) for r in writes if top <= r <= bottom for c in writes[r] if left <= c <= right
        )
        if inside and len(inside) < (bottom - top + 1) * (right - left + 1):
            row, column = inside[0]
            text = unescape(formula.group(2) or "")
            raise WorkbookError(
                f"{sheet.label}: cell {column_letter(column)}{row} is part of the array formula "
                f"{{={text}}} in {attrs['ref']}, which Excel would recompute over what "
                "ratingbook writes; clear the array formula first"
            )
