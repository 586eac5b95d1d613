"""New sheets written by ratingbook (standings, history): their whole XML, streamed in chunks.

Everything that decides how a generated sheet looks lives here: a bold frozen header row,
column widths and number formats, where its print setup and drawing go, and the hot loop that
writes tens of thousands of rows.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import Any

from ratingbook.core.refs import column_letter
from ratingbook.files.ooxml.xmltext import MAIN_NS, REL_NS, inline_text
from ratingbook.files.patching.cells import DATE_FORMATS, CellWriter, number_text
from ratingbook.files.patching.drawing import (
    FIT_TO_PAGE,
    column_breaks_xml,
    header_footer_xml,
    page_setup_xml,
    print_options_xml,
    row_breaks_xml,
)
from ratingbook.workbook.port.book import GeneratedSheet
from ratingbook.workbook.port.presentation import (
    END_MARGIN,
    FOOTER_MARGIN,
    HEADER_MARGIN,
    INDENT,
    LEFT,
    LINE_HEIGHT,
    SIDE_MARGIN,
    header_height,
    row_lines,
)
from ratingbook.workbook.port.sentences import sentence_cells

# Pieces of XML text (cells and row tags) joined into one chunk before it is compressed:
# about 2 MB of text, so the deflate thread gets big bites and memory stays flat.
_CHUNK_PIECES = 40_000
_SHEET_START = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<worksheet xmlns="{MAIN_NS}" xmlns:r="{REL_NS}">'
)


def generated_sheet_xml(
    sheet: GeneratedSheet, writer: CellWriter, tab_selected: bool, drawing: str | None = None
) -> Iterator[str]:
    """The XML of a generated sheet, in chunks: bold header, frozen, widths, number formats,
    each column's header and cells aligned alike (:func:`column_alignments`), its print setup,
    and the drawing (relationship id ``drawing``) holding its charts."""
    styles = writer.styles()
    width = max([len(sheet.header), *(len(row) for row in sheet.rows)])
    letters = [column_letter(c + 1) for c in range(max(width, 1))]
    column_widths = sheet.column_widths()
    setup = sheet.printed(column_widths)
    size = setup.font_size if setup else 0
    aligned = sheet.alignments()
    indented = sheet.indented()  # once: it measures the whole table
    indents = [INDENT if c in indented else 0 for c in range(len(aligned))]
    header_font = styles.font(bold=True, size=size)
    # A long header wraps onto a few lines (presentation.HEADER_LINES), its row that tall.
    header_tall = header_height(sheet.header, column_widths, setup)
    header_styles = [
        styles.cell_format(
            0, header_font, alignment=aligned[c], indent=indents[c], wrap=bool(header_tall)
        )
        for c in range(len(sheet.header))
    ]
    font = styles.font(size=size)
    column_styles = [0] * len(letters)
    for c in range(len(letters)):
        code = sheet.number_formats.get(c)
        number = styles.number_format(code) if code is not None else 0
        column_styles[c] = styles.cell_format(
            number,
            font,
            alignment=aligned[c],
            indent=indents[c],
            wrap=setup is not None and c in setup.wrapped,
            # a long text printed whole on one line, in smaller type (PrintSetup.shrunk)
            shrink=setup is not None and c in setup.shrunk,
            # a row of wrapped sentences is tall: its other cells start at the top, beside them
            top=setup is not None and bool(setup.wrapped),
        )
    # Date values get a date format (unless their column has one): choose those formats now,
    # before styles.xml is written.
    kinds = set(map(type, itertools.chain.from_iterable(sheet.rows)))
    for kind in list(kinds):
        base = next((k for k in DATE_FORMATS if issubclass(kind, k)), None)
        if base is not None:
            for style in set(column_styles):
                writer.date_style(style, base)
    last_row = len(sheet.rows) + 1
    selected = ' tabSelected="1"' if tab_selected else ""
    # Each column carries its cells' style: a cell written below the table later (an archive's
    # next week, patch.column_styles) or typed there is aligned, formatted and in the font of
    # the cells above it.
    widths = "".join(
        f'<col min="{c + 1}" max="{c + 1}" width="{width:g}" customWidth="1"'
        + (f' style="{column_styles[c]}"' if c < len(column_styles) and column_styles[c] else "")
        + (' hidden="1"/>' if c in sheet.hidden_columns else "/>")
        for c, width in enumerate(column_widths)
    )
    sentences = sentence_cells(sheet.rows, column_widths, setup)
    heights: list[float] | None = (
        [LINE_HEIGHT * row_lines(r, column_widths, setup.wrapped) for r in sheet.rows]
        if setup is not None and (setup.wrapped or sentences)
        else None
    )
    sentence_styles = {}
    for cell in sentences:  # a sentence below the table: merged across it, wrapped
        assert heights is not None
        heights[cell.row - 2] = cell.height
        sentence_styles[cell.row] = (
            cell.first,
            styles.cell_format(0, font, alignment=LEFT, wrap=True, top=True),
        )
    height = setup.row_height() if setup else None
    yield (
        f"{_SHEET_START}{FIT_TO_PAGE if setup and setup.fitted else ''}"
        f'<dimension ref="A1:{letters[-1]}{last_row}"/>'
        f'<sheetViews><sheetView{selected} workbookViewId="0">'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        + (
            f'<sheetFormatPr defaultRowHeight="{height:g}" customHeight="1"/>'
            if height
            else '<sheetFormatPr defaultRowHeight="15"/>'
        )
        + (f"<cols>{widths}</cols>" if widths else "")
        + "<sheetData>"
    )
    header_attributes = [f' s="{style}"' if style else "" for style in header_styles]
    # An empty title is an empty cell, as openpyxl and xlwings write it (a progress sheet's
    # game columns not played yet, issue 34).
    header = "".join(
        f'<c r="{letters[c]}1"{header_attributes[c]} t="inlineStr">'
        f"<is>{inline_text(str(title))}</is></c>"
        if title != ""
        else f'<c r="{letters[c]}1"{header_attributes[c]}/>'
        for c, title in enumerate(sheet.header)
    )
    tall = f' ht="{header_tall:g}" customHeight="1"' if header_tall else ""
    yield f'<row r="1"{tall}>{header}</row>'
    headings = setup.heading_rows() if setup else frozenset()
    # A section's heading: bold, from the left, across the row (its cells are otherwise empty).
    heading_style = styles.cell_format(0, header_font, alignment=LEFT) if headings else 0
    yield from _generated_rows(
        sheet.rows, letters, column_styles, writer, heights, headings, heading_style,
        sentence_styles, frozenset(r + 2 for r in sheet.hidden_rows),
    )  # fmt: skip
    merged = "".join(f'<mergeCell ref="{cell.ref()}"/>' for cell in sentences)
    yield (
        "</sheetData>"
        + (f'<mergeCells count="{len(sentences)}">{merged}</mergeCells>' if sentences else "")
        + (print_options_xml(setup) if setup else "")
        + f'<pageMargins left="{SIDE_MARGIN}" right="{SIDE_MARGIN}" top="{END_MARGIN}" '
        f'bottom="{END_MARGIN}" header="{HEADER_MARGIN}" footer="{FOOTER_MARGIN}"/>'
        + (
            page_setup_xml(setup)
            + header_footer_xml(setup)
            + row_breaks_xml(setup)
            + column_breaks_xml(setup)
            if setup
            else ""
        )
        + (f'<drawing r:id="{drawing}"/>' if drawing else "")
        + "</worksheet>"
    )


def _generated_rows(
    rows: Sequence[Sequence[Any]],
    letters: list[str],
    styles: list[int],
    writer: CellWriter,
    heights: Sequence[float] | None = None,
    headings: frozenset[int] = frozenset(),
    heading_style: int = 0,
    sentences: dict[int, tuple[int, int]] | None = None,
    hidden: frozenset[int] = frozenset(),
) -> Iterator[str]:
    """The hot path: rows of a generated sheet (tens of thousands of rows, ~15 cells each);
    ``heights``: each row's height in points (rows with wrapped text), else the default;
    ``headings``: the sheet rows (1-based) of sections' headings, in ``heading_style``;
    ``sentences``: by sheet row, the column and style of a sentence's merged cell;
    ``hidden``: the sheet rows (1-based) kept out of sight and print."""
    # Per column: the text before the row number, and after it for a number or a text.
    style_attributes = [f' s="{s}"' if s else "" for s in styles]
    number_open = [f'<c r="{letter}' for letter in letters]
    number_close = [f'"{a}><v>' for a in style_attributes]
    text_close = [f'"{a} t="inlineStr"><is>' for a in style_attributes]
    heading_close = f'" s="{heading_style}" t="inlineStr"><is>'

    escaped: dict[str, str] = {}
    chunk: list[str] = []
    append = chunk.append
    for n, values in enumerate(rows, start=2):
        row = str(n)
        if hidden and n in hidden:
            append(f'<row r="{row}" hidden="1">')
        elif heights is None:
            append(f'<row r="{row}">')
        else:
            append(f'<row r="{row}" ht="{heights[n - 2]:g}" customHeight="1">')
        if n in headings:  # a heading row: its name, in the first cell
            append(f"{number_open[0]}{row}{heading_close}{inline_text(str(values[0]))}</is></c>")
            append("</row>")
            continue
        if sentences and n in sentences:  # a sentence: its one cell, merged across the table
            at, wrapped_style = sentences[n]
            append(
                f'{number_open[at]}{row}" s="{wrapped_style}" t="inlineStr"><is>'
                f"{inline_text(str(values[at]))}</is></c></row>"
            )
            continue
        for c, value in enumerate(values):
            kind = value.__class__
            if kind is int:
                append(f"{number_open[c]}{row}{number_close[c]}{value}</v></c>")
            elif kind is str:
                text = escaped.get(value)
                if text is None:
                    text = escaped[value] = inline_text(value)
                append(f"{number_open[c]}{row}{text_close[c]}{text}</is></c>")
            elif value is None:
                continue
            elif kind is float and math.isfinite(value):
                append(f"{number_open[c]}{row}{number_close[c]}{number_text(value)}</v></c>")
            else:
                style = str(styles[c]) if styles[c] else None
                append(writer.cell("", f"{letters[c]}{row}", style, value))
        append("</row>")
        if len(chunk) > _CHUNK_PIECES:
            yield "".join(chunk)
            chunk.clear()
    if chunk:
        yield "".join(chunk)
