"""How generated sheets look on paper and in charts: the one home of print setups and charts.

Pure data, no spreadsheet library: a :class:`PrintSetup` says how a sheet prints (one page wide
or, too wide for a readable size, across pages with its row names on each; header row on every
page, a title with the week or event and the date, page numbers) and a
:class:`LineChart` says which cells a native Excel line chart plots. Each adapter turns them
into its own calls: the package back end into sheet and DrawingML XML, openpyxl into
``ws.page_setup`` and ``openpyxl.chart``. xlwings' JSON engine can neither set a page setup nor
create charts reliably on every client, so there a sheet keeps the print setup and the charts it
already has (the templates carry both) and only its values are rewritten.

Charts read VALUES ratingbook writes into fixed cells (never formulas), so every viewer shows
them without recalculating, and a chart made once keeps reading the right cells when a later
recalculation, from any front end, rewrites those cells.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from ratingbook.core.refs import MAX_ROW, column_letter, rows_below_header
from ratingbook.workbook.port.chart_data import CellRange, ChartSeries, LineChart, quote_sheet
from ratingbook.workbook.port.page_breaks import balanced_breaks
from ratingbook.workbook.port.text_widths import (
    BOLD_CHARACTER,
    PADDING,
    row_lines,
    text_width,
    wrapped_lines,
)

__all__ = [
    "CENTRE",
    "HEADER_LINES",
    "INDENT",
    "INDENT_WIDTH",
    "LEFT",
    "LINE_HEIGHT",
    "RIGHT",
    "CellRange",
    "ChartSeries",
    "LineChart",
    "PrintSetup",
    "column_alignments",
    "column_width",
    "content_width",
    "header_height",
    "header_lines",
    "indented_columns",
    "print_titles_text",
    "quote_sheet",
    "row_lines",
    "table_widths",
    "typed_width",
]

# Excel's header and footer codes (ECMA-376 part 1, 18.3.1.39 "headerFooter"): &L, &C and &R
# start the left, centre and right sections; &P is the page number, &N the page count, &D the
# date of printing, &F the file name; "&&" is a literal ampersand; &"-,Bold" switches to bold.


def print_titles_text(sheet: str, columns: str, rows: str) -> str:
    """A sheet's ``_xlnm.Print_Titles``: its repeated columns (``$A:$B``, "" for none) then its
    repeated rows (``$1:$1``), each range naming the sheet (ECMA-376 part 1, 18.2.5: the
    columns come first)."""
    quoted = quote_sheet(sheet)
    return f"{quoted}!{columns},{quoted}!{rows}" if columns else f"{quoted}!{rows}"


def _header_text(text: str) -> str:
    """``text`` with every ``&`` doubled, so Excel prints it rather than reading a code."""
    return text.replace("&", "&&")


#: The side margins every back end writes, in inches (``<pageMargins>``; openpyxl's own
#: default, 0.75, is overwritten): one figure, so that both back ends print a sheet alike.
SIDE_MARGIN = 0.7
#: The top and bottom margins, in inches (the header and footer print inside them).
END_MARGIN = 0.75
#: The header's and the footer's distances from the page's edge, in inches: Excel's 0.3 for the
#: header (room for a title on two lines); 0.6 for the footer, 0.15 from the body, less than
#: its line of text, so LibreOffice reads its height as fixed (oox, #i23296#). Of "dynamic"
#: height, measured anew when counting the pages and when printing them, a few points apart,
#: a page filled to within those points was counted but not printed: blank (issue 34).
HEADER_MARGIN, FOOTER_MARGIN = 0.3, 0.6
#: The printable width of a page in points, portrait and landscape: the narrower of A4 and
#: Letter (A4 portrait 595, Letter landscape 792) less the side margins.
PAGE_WIDTH = {False: 595.0 - 144 * SIDE_MARGIN, True: 792.0 - 144 * SIDE_MARGIN}
#: The printable height in points: the shorter of A4 and Letter (Letter portrait 792, A4
#: and Letter landscape 595) less the top and bottom margins.
PAGE_HEIGHT = {False: 792.0 - 144 * END_MARGIN, True: 595.0 - 144 * END_MARGIN}
#: The printed width of one unit of column width, in points: a digit of the book's 11-point
#: font with the cell's padding as LibreOffice prints it where Calibri is missing (DejaVu
#: Sans). Measured on Letter paper (issue 34): Rating Report, 133.0 units, fitted one landscape
#: page wide (691.2 points) at 8.2 points: 691.2 x 11 / 8.2 / 133.0 = 6.97; Rating Games,
#: 128.4 units at 8.4 points: 7.05; the posted Ladder Standings, 99.9 units of 14-point type
#: fitted one portrait page wide (511.2 points) at 10.2 points: 7.02. Excel with Calibri
#: prints a unit narrower (5.25 points and padding), so a sheet laid out by this figure fits
#: both.
POINTS_PER_WIDTH = 7.0
#: The book's type size in points (Excel's default font, the generated sheets' cells).
BODY_POINTS = 11
#: The type size a table prints at when it can: fitted one page wide in portrait at no less,
#: else in landscape, else printed at this size over as many pages wide as it needs.
READABLE_POINTS = 9
#: The smallest type a table fitted one page wide (landscape) may print at: a table a little
#: too wide for 9 points reads better on one page at 8 than split over two.
SMALLEST_POINTS = 8


@dataclass(frozen=True, slots=True)
class PrintSetup:
    """How a sheet prints: fitted to one page wide (or, too wide for that, printed at
    :attr:`scale` over several pages wide), any number of pages tall.

    ``title`` is printed at the top centre of every page (with ``&F`` meaning the file name when
    ``file_name`` is set); ``Page n of m`` at the bottom, the date of printing at the bottom
    right. The first ``repeat_rows`` rows (the header) are repeated on every page, and the
    first ``repeat_columns`` columns (what names a row: its number, a player) on every page of
    a table split across pages wide.
    """

    title: str
    landscape: bool = False
    repeat_rows: int = 1
    file_name: bool = False
    #: The cells' grid is printed (ECMA-376 part 1, 18.3.1.70 ``printOptions gridLines``), so
    #: that on paper every number stands in the box of its column, under its header.
    grid: bool = True
    #: The type size of the sheet's cells, in points; 0: the book's own (a list read from
    #: across a room, such as the camp's posted ladder, asks for more).
    font_size: float = 0
    #: Fitted to one page tall as well as one wide (a list for the wall): the printer shrinks
    #: it only when it would not fit, and to :attr:`least_size` at the most.
    one_page: bool = False
    #: The smallest type a :attr:`one_page` list shrinks to (0: any); longer, it prints one page
    #: wide on as many as it needs (:meth:`laid_out`; 60 campers on one: 8.5 points, issue 34).
    least_size: float = 0
    #: 0-based columns whose long texts wrap within the column (each row as tall as its
    #: longest text needs, :func:`row_lines`), so that a column's text never runs into the
    #: next column nor off the page.
    wrapped: frozenset[int] = frozenset()
    #: 0-based columns whose texts print whole on one line, never wrapped: a text longer than
    #: its column prints in smaller type, shrunk to fit it (ECMA-376 part 1, 18.8.1
    #: ``shrinkToFit``; Excel and LibreOffice alike). The Event Log's board lists: wrapped,
    #: Excel and LibreOffice break a line after a hyphen, inside a board ("9-26 11-" over
    #: "28"); its 64-character digest, cut at the cell's edge, showed 19 characters and no
    #: sign of a cut (issue 34). The cell's value is untouched: the log's reader reads it
    #: whole. Each such column is as wide as its longest text needs, up to its given width
    #: (:func:`table_widths`).
    shrunk: frozenset[int] = frozenset()
    #: 0-based rows (of the rows under the header) each starting a section: that row is the
    #: section's heading (its name in the first cell, bold, across the row), and from the
    #: second section on a page break stands before it (ECMA-376 part 1, 18.3.1.74
    #: ``rowBreaks``), so each section, a camp group's list, prints on its own pages under the
    #: repeated header. Excel and LibreOffice keep manual breaks only when the page is fitted
    #: one wide and not a number of pages tall, so a sheet with sections is never
    #: :attr:`one_page`.
    sections: tuple[int, ...] = ()
    #: The columns (from the first) naming a row: repeated on every page when the table is
    #: split across pages wide, so that each page's numbers are read against their row.
    repeat_columns: int = 0
    #: 0: fitted to one page wide. Else the percentage the sheet prints at, its columns over
    #: as many pages wide as they need (a table too wide for one page at a readable size;
    #: see :meth:`laid_out`).
    scale: int = 0
    #: Sheet rows (1-based) a page break follows besides the sections' (a sheet of charts:
    #: one chart a page).
    page_breaks: tuple[int, ...] = ()
    #: Sheet columns (1-based) a page break follows, a table split across pages wide
    #: (:meth:`laid_out`): its pages share the columns evenly. Left to the printer, the last
    #: page of each band of the camp's Rating History carried one column (issue 34).
    column_breaks: tuple[int, ...] = ()
    #: 0-based rows (of the rows under the header) each holding a sentence and nothing else
    #: (a prize list's tie, the remainder left by rounding, a warning): printed across the
    #: table's columns, the sentence's cell merged from its column to the last and wrapped
    #: there (:mod:`~ratingbook.workbook.port.sentences`), and left out of the columns'
    #: widths. Wrapped in its own column, a sentence made a tall row of blank cells beside it
    #: and pushed the list's last lines onto a second page (issue 34).
    sentences: frozenset[int] = frozenset()
    #: A table with no row (an empty Event Log) prints nothing (:meth:`print_area`, issue 34).
    empty: bool = False
    #: The leading columns left off paper (:meth:`area`), kept in the sheet: the Pairings'
    #: Round, the same on every row, which the printed title names ("Round 6 pairings"), as
    #: the round's web page does; printed, it repeated the title on every row (issue 34).
    unprinted: int = 0

    @property
    def orientation(self) -> str:
        return "landscape" if self.landscape else "portrait"

    @property
    def fitted(self) -> bool:
        """Fitted to the page (``fitToPage``): one page wide, or one page in all."""
        return not self.scale

    def laid_out(self, widths: Sequence[float], rows: int = 0) -> PrintSetup:
        """This setup for a sheet of columns ``widths`` wide (in Excel's width units) and
        ``rows`` rows tall (the header included; 0: not known).

        A table prints at its own size (:attr:`font_size`, a list for the wall) or, by
        default, at :data:`READABLE_POINTS` or more: portrait when it fits one page wide at
        that size (unless landscape is asked), else landscape, fitted one page wide when that
        prints at :data:`SMALLEST_POINTS` or more; wider, printed at :data:`READABLE_POINTS`
        over several pages wide, the row-naming columns on each. A list for the wall on one
        page (:attr:`one_page`) takes the orientation printing it larger, its rows' height
        counted too. A sheet with no grid (prose, charts sized to the page) stays as it is."""
        if not self.grid:
            return replace(self, repeat_columns=0)
        skip = self.unprinted
        widths = widths[skip:]  # the columns printed
        body = self.font_size or BODY_POINTS
        wide = sum(widths) * POINTS_PER_WIDTH
        tall = rows * (self.row_height() or LINE_HEIGHT)

        def fitted(landscape: bool, one_page: bool = self.one_page) -> float:
            """The type size fitted one page wide (and, ``one_page``, tall)."""
            share = PAGE_WIDTH[landscape] / wide if wide else 1.0
            if one_page and tall:
                share = min(share, PAGE_HEIGHT[landscape] / tall)
            return body * min(1.0, share)

        if self.one_page:
            landscape = self.landscape or fitted(True) > fitted(False)
            if fitted(landscape) >= self.least_size:
                return replace(self, landscape=landscape, scale=0, repeat_columns=0)
            # Too long: one page wide, as many tall, larger in print (a tie: portrait).
            landscape = self.landscape or fitted(True, False) > fitted(False, False)
            return replace(self, one_page=False, landscape=landscape, scale=0, repeat_columns=0)
        # A sheet with a type size of its own prints at it when it can (the posted list's 14
        # points, whose column widths are for that size), else at the readable size.
        readable = max(READABLE_POINTS, self.font_size)
        for landscape in (False, True):
            if self.landscape and not landscape:
                continue
            size = fitted(landscape)
            if size >= readable or (landscape and size >= SMALLEST_POINTS):
                return replace(self, landscape=landscape, scale=0, repeat_columns=0)
        scale = round(100 * READABLE_POINTS / body)
        # The row-naming columns print on every page beside a share of the others: all of
        # them, unless they leave a page no room for the widest other column (a page would
        # hold the names alone, or LibreOffice would cut the names); never fewer to save a
        # page: with its names up to White only, the camp's Rating History printed Black's
        # ratings beside neither Black's ID nor name (issue 34). A table whose names are long
        # wraps them (its grid's ``wrapped``) to leave the pages room.
        room = PAGE_WIDTH[True] / (POINTS_PER_WIDTH * scale / 100)
        keys = max(0, self.repeat_columns - skip)
        while keys > 1 and sum(widths[:keys]) + max(widths[keys:], default=0.0) > room:
            keys -= 1
        breaks = balanced_breaks(widths[keys:], room * _PAGE_SHARE - sum(widths[:keys]))
        return replace(
            self,
            landscape=True,
            scale=scale,
            repeat_columns=skip + keys if keys else 0,
            column_breaks=tuple(skip + keys + b for b in breaks),
        )

    #: The title's font and size in the header (Excel's codes ``&"-,Bold"`` and ``&12``; a
    #: space ends the size, so a title starting with a digit is not read as part of it).
    title_font = "-,Bold"
    title_size = 12
    #: The date of printing (bottom right) and the page numbers (bottom centre). The date
    #: stands in the footer, not beside the title: a long centred title ran into it
    #: ("Team standings after round 1 - Summer Camp Team Cup11/27/2026", issue 34), since
    #: Excel and LibreOffice print a header's three sections over one another.
    date_code = "&D"
    footer_text = "Page &P of &N"

    def title_text(self) -> str:
        """The title as header text: ``&`` doubled, `` - &F`` (the file name) when asked."""
        title = _header_text(self.title)
        return f"{title} - &F" if self.file_name else title

    def header(self) -> str:
        """The page header in Excel's codes: the bold title in the centre, alone."""
        return f'&C&"{self.title_font}"&{self.title_size} {self.title_text()}'

    def footer(self) -> str:
        """The page footer in Excel's codes: ``Page n of m`` in the centre, the date of
        printing on the right."""
        return f"&C{self.footer_text}&R{self.date_code}"

    def title_rows(self) -> str:
        """The rows repeated on every page, as Excel's ``_xlnm.Print_Titles`` wants them."""
        return f"$1:${self.repeat_rows}"

    def title_columns(self) -> str:
        """The columns repeated on every page (``$A:$B``), "" for none."""
        if not self.repeat_columns:
            return ""
        return f"${column_letter(self.unprinted + 1)}:${column_letter(self.repeat_columns)}"

    def print_titles(self, sheet: str) -> str:
        """``_xlnm.Print_Titles`` of sheet ``sheet`` (:func:`print_titles_text`)."""
        return print_titles_text(sheet, self.title_columns(), self.title_rows())

    def area(self, columns: int, rows: int) -> str:
        """The range printed of a table ``columns`` wide and ``rows`` tall (its header
        included), absolute: the rows under the header when :attr:`empty`; the table itself
        when it has :attr:`shrunk` columns (LibreOffice printed the empty columns a cut text
        would run on into: seven of them beside the Event Log, issue 34) or
        :attr:`unprinted` columns (from the first printed one, down every row: a front end
        that keeps a template's print setup prints the rows written later); else "" (all)."""
        if self.empty:
            return rows_below_header(columns, absolute=True)
        if self.shrunk or self.unprinted:
            first = column_letter(self.unprinted + 1)
            last = max(rows, 1) if self.shrunk else MAX_ROW
            return f"${first}$1:${column_letter(max(columns, self.unprinted + 1))}${last}"
        return ""

    def print_area(self, sheet: str, columns: int, rows: int = 0) -> str:
        """``_xlnm.Print_Area`` of :meth:`area` on sheet ``sheet``, "" for none (all)."""
        area = self.area(columns, rows)
        return f"{quote_sheet(sheet)}!{area}" if area else ""

    @property
    def pages_tall(self) -> int:
        """``fitToHeight``: 1 for a one-page list without sections, else 0 (as many pages as
        the rows need: a fit to one page tall would drop the sections' page breaks)."""
        return 1 if self.one_page and not self.sections else 0

    def heading_rows(self) -> frozenset[int]:
        """The sheet rows (1-based, the header being row 1) of the sections' headings."""
        return frozenset(s + 2 for s in self.sections)

    def break_rows(self) -> tuple[int, ...]:
        """The sheet rows (1-based) a page break follows: the row before each heading but the
        first (``<brk id>`` names the last row of a page)."""
        return tuple(sorted({*(s + 1 for s in self.sections[1:]), *self.page_breaks}))

    def row_height(self) -> float | None:
        """The rows' height in points for :attr:`font_size` (Excel's 15 points for its 11-point
        default, in proportion); None: the default height."""
        return round(self.font_size * 15 / 11, 2) if self.font_size else None


# How a column's header and cells line up. A header is written where its column's numbers
# print: a right-aligned number under a left-aligned header stands under the next column's
# header on paper (issue 34), so the header and every cell of a column share one alignment.
LEFT, RIGHT, CENTRE = "left", "right", "center"
#: The rows read to tell a column of numbers from a column of text (a generated sheet's
#: columns each hold one kind, so a sample decides; a sheet can have 100,000 rows).
_SAMPLE_ROWS = 1000


def column_alignments(
    header: Sequence[object], rows: Sequence[Sequence[object]], centred: Collection[int] = ()
) -> tuple[str, ...]:
    """Each column's alignment, for its header and its cells alike: :data:`CENTRE` for the
    ``centred`` columns (0-based: ranks, numbers, codes), :data:`RIGHT` for a column holding
    more numbers (dates included) than texts (Excel's place for a number), else :data:`LEFT`;
    a column with no value yet as the one before it."""
    width = max([len(header), *(len(row) for row in rows[:_SAMPLE_ROWS])])
    numbers = [0] * width
    texts = [0] * width
    for row in rows[:_SAMPLE_ROWS]:
        for c, value in enumerate(row):
            kind = value.__class__
            if kind is int or kind is float or isinstance(value, _dt.date):  # a date: a number
                numbers[c] += 1
            elif kind is str and value:
                texts[c] += 1
    aligned: list[str] = []
    for c in range(width):
        if c in centred:
            aligned.append(CENTRE)
        elif numbers[c] or texts[c]:
            aligned.append(RIGHT if numbers[c] > texts[c] else LEFT)
        else:
            # No value yet (a game or week still to come on a progress sheet): aligned as the
            # column before it, so two headers never meet, the one right, the next one left.
            aligned.append(aligned[-1] if aligned else LEFT)
    return tuple(aligned)


#: The indent (Excel's ``indent`` levels, ECMA-376 part 1, 18.8.1 ``alignment``) of a
#: left-aligned column standing right of a right-aligned one: a number ends at its cell's
#: right edge and a text starts at its cell's left edge, a few points apart, so that printed
#: (``Amount 175|Object``) they read as one word (issue 34). One level is a character's width
#: in Excel and 10 points in LibreOffice: a gap as wide as two spaces either way.
INDENT = 1
#: The width an indented column grows by (Excel's width units), so that its text keeps the room
#: it had: LibreOffice's 10 points at :data:`POINTS_PER_WIDTH`.
INDENT_WIDTH = 1.5


def indented_columns(aligned: Sequence[str], repeated: int = 0) -> frozenset[int]:
    """The 0-based columns of ``aligned`` (:func:`column_alignments`) to indent: each
    :data:`LEFT` column right of a :data:`RIGHT` one (a centred column keeps room on both
    sides, and a right-aligned one leaves its cell's room on its left). When the first
    ``repeated`` columns print on every page of a table split wide (a laid-out
    :attr:`PrintSetup.repeat_columns`) and the last of them is :data:`RIGHT`, every LEFT
    column past them too: a page may start with it beside them (Rating History, its names
    repeated up to ``Black ID``, printed ``46|(½-½)``, issue 34)."""
    after_keys = 0 < repeated < len(aligned) and aligned[repeated - 1] == RIGHT
    return frozenset(
        c
        for c in range(1, len(aligned))
        if aligned[c] == LEFT and (aligned[c - 1] == RIGHT or (after_keys and c >= repeated))
    )


#: The share of a page's width a table split wide fills, its columns measured as ratingbook
#: measures them: room for a printer whose columns come out a little wider.
_PAGE_SHARE = 0.99


#: The most lines a table's header wraps onto (its words kept whole, as Excel and LibreOffice
#: wrap a cell): a column is as wide as its values need, not as its header on one line. On one
#: line, ``White Permanent Before`` made each of the camp's rating columns 27 units wide for
#: its four digits, and the Rating History printed on 8 pages, each with the names and one
#: rating column (issue 34).
HEADER_LINES = 3


def _scale(setup: PrintSetup | None) -> float:
    """The setup's type size over the book's."""
    size = setup.font_size if setup is not None else 0
    return (size or BODY_POINTS) / BODY_POINTS


def header_lines(title: object, width: float, setup: PrintSetup | None = None) -> int:
    """The lines the header ``title`` takes in bold in a column ``width`` wide (its words
    wrapped at the cell's edge, :data:`BOLD_CHARACTER` each, the padding left out)."""
    room = (width - PADDING) / (BOLD_CHARACTER * _scale(setup)) + 0.01  # width is rounded
    return wrapped_lines(str(title).split(), room)


def header_height(
    header: Sequence[object], widths: Sequence[float], setup: PrintSetup | None
) -> float | None:
    """The header row's height in points when its tallest header wraps onto more than one
    line (:func:`header_lines`), its lines at the setup's row height; None: one line, the
    sheet's row height. Excel grows no row for text another program wrapped, so the writer
    sets it."""
    if setup is not None and not setup.grid:
        return None  # no table: its columns keep their widths (table_widths)
    lines = max(
        (header_lines(t, w, setup) for t, w in zip(header, widths, strict=False)), default=1
    )
    line = setup.row_height() if setup is not None else None
    return lines * (line or LINE_HEIGHT) if lines > 1 else None


def column_width(
    title: object, width: float | None, setup: PrintSetup | None = None, lines: int = 1
) -> float:
    """The width of a column headed ``title``: ``width`` (or 10 when not given; its text at
    the setup's type size, its padding as it is), widened to hold the header in bold on at
    most ``lines`` lines (the narrowest such width: its longest word at least). A sheet
    printed without its grid is no table (Instructions, a sheet of charts): its first row is
    a line of prose, and its columns keep their widths."""
    scale = _scale(setup)
    given = 10.0 if width is None else float(width)
    if setup is not None and not setup.grid:
        return round(given * scale, 2)
    # At a larger type the text grows, the cell's padding does not (Excel pads a cell by a
    # fixed few pixels): the posted list's nine columns, padding scaled too, were 5 units
    # wider than needed and printed at 13.7 points instead of 14 (issue 34).
    given = max(0.0, given - PADDING) * scale + PADDING
    words = str(title).split()
    room = max(map(len, words), default=0)
    while wrapped_lines(words, room) > lines:
        room += 1
    needed = room * BOLD_CHARACTER * scale + PADDING
    return round(max(given, needed), 2)


#: The widest a column grows to hold its longest value (a longer text runs into the empty
#: cell beside it, as Excel prints it), unless it is given more.
_WIDEST_CONTENT = 40.0
#: The narrowest column of numbers: a short number's room (a number wider than its column
#: prints as ###, and a number format may show more digits than Python writes).
_NARROWEST = 6.0


def content_width(rows: Sequence[Sequence[object]], column: int) -> tuple[float, bool]:
    """The width a column's values need (the first :data:`_SAMPLE_ROWS` rows; a number as
    Python writes it, a date as ``yyyy-mm-dd``, a digit a unit; a text as
    :func:`text_width`) with the cell's padding, up to :data:`_WIDEST_CONTENT`, a column of
    numbers (or with no value yet) :data:`_NARROWEST` at least; and whether it holds text."""
    widest, text, numbers = 0.0, False, False
    for row in rows[:_SAMPLE_ROWS]:
        value = row[column] if column < len(row) else None
        if value is None or value == "":
            continue
        if isinstance(value, str):
            # Not measured once the column is as wide as it grows, nor a text of twice as
            # many characters as that (each is half a unit at least): the width is the same.
            capped = widest >= _WIDEST_CONTENT - PADDING or len(value) >= 2 * _WIDEST_CONTENT
            shown, text = (_WIDEST_CONTENT if capped else text_width(value)), True
        elif isinstance(value, float):
            shown, numbers = float(len(f"{value:g}")), True
        elif isinstance(value, _dt.date):
            shown, numbers = float(len("yyyy-mm-dd")), True
        else:
            shown, numbers = float(len(str(value))), True
        widest = max(widest, shown)
    least = _NARROWEST if numbers or not text else 0.0
    return min(_WIDEST_CONTENT, round(max(least, widest + PADDING), 2)), text


def typed_width(title: object, values: Sequence[object]) -> float:
    """The width a column of an input or archive sheet needs to print its header (bold, on
    one line) and ``values`` uncut (:func:`content_width`): what
    :attr:`~ratingbook.workbook.port.book.WriteBlock.widths` widens it to."""
    return max(column_width(title, 0.0), content_width([[v] for v in values], 0)[0])


def table_widths(
    header: Sequence[object],
    rows: Sequence[Sequence[object]],
    widths: Mapping[int, float],
    setup: PrintSetup | None,
    indented: Collection[int] = (),
) -> list[float]:
    """Each column's width in a generated table (:func:`column_width` of, its header on up to
    :data:`HEADER_LINES` lines): a column of sentences (:attr:`PrintSetup.wrapped`) as wide
    as given; a column of texts printed whole on one line (:attr:`PrintSetup.shrunk`) as its
    longest text, up to its given width; a column of text as wide as its longest value
    (:func:`content_width`) up to :data:`_WIDEST_CONTENT` or its given width if wider, so
    that no name is cut by the next cell (issue 34: ``Gorrochategui Torres, Eugenio`` in a
    column given 24 units); every other
    column as its values need up to its given width, so that no column prints wider than its
    header and values ask and a table fits the page at the largest type it can. The rows of
    sentences below a table (:attr:`PrintSetup.sentences`, printed across it) are not
    measured. An ``indented`` column (:func:`indented_columns`) is :data:`INDENT_WIDTH`
    wider. A sheet with no grid keeps its widths."""
    wrapped = setup.wrapped if setup is not None else frozenset()
    shrunk = setup.shrunk if setup is not None else frozenset()
    table = setup is None or setup.grid
    sentences = setup.sentences if setup is not None else frozenset()
    measured = [r for i, r in enumerate(rows) if i not in sentences] if sentences else rows
    found = []
    for c, title in enumerate(header):
        given = widths.get(c)
        if table and c in shrunk:
            longest = max(
                (
                    text_width(str(r[c]))
                    for r in measured[:_SAMPLE_ROWS]
                    if c < len(r) and r[c] not in (None, "")
                ),
                default=0.0,
            )
            given = min(given or _WIDEST_CONTENT, round(longest + PADDING, 2))
        elif table and c not in wrapped:
            need, text = content_width(measured, c)
            if text:
                given = min(need, max(given or 0.0, _WIDEST_CONTENT))
            else:
                given = need if given is None else min(given, need)
        width = column_width(title, given, setup, HEADER_LINES if table else 1)
        found.append(round(width + INDENT_WIDTH, 2) if table and c in indented else width)
    if setup is not None and table and wrapped and not setup.one_page:
        return _one_page_wide(found, header, setup)
    return found


#: The narrowest a column of sentences is made so that its table prints one page wide (at the
#: book's type size; about 18 characters a line).
_NARROWEST_SENTENCES = 20.0


def _one_page_wide(widths: list[float], header: Sequence[object], setup: PrintSetup) -> list[float]:
    """``widths`` with the columns of sentences (:attr:`PrintSetup.wrapped`) narrowed, each
    by its share of what they have above :data:`_NARROWEST_SENTENCES`, so that a table too
    wide for one landscape page at :data:`SMALLEST_POINTS` fits it, when that narrowing makes
    it fit; else as they are. A row is as tall as its longest sentence wherever it prints:
    split across pages wide, a page without the sentences showed their rows as tall, a blank
    band beside short lines (user test 49: the rating report's two unrated players on one
    page, their notes on the next)."""
    room = PAGE_WIDTH[True] / POINTS_PER_WIDTH * _scale(setup) * BODY_POINTS / SMALLEST_POINTS
    room -= 0.05 * len(widths)  # the widths are rounded to hundredths
    excess = sum(widths[setup.unprinted :]) - room
    if excess <= 0:
        return widths
    least = {
        c: max(
            _NARROWEST_SENTENCES * _scale(setup), column_width(header[c], 0.0, setup, HEADER_LINES)
        )
        for c in setup.wrapped
        if setup.unprinted <= c < len(widths)
    }
    spare = {c: max(0.0, widths[c] - least[c]) for c in least}
    if sum(spare.values()) < excess:
        return widths  # split across pages wide whatever the sentences' columns give
    share = excess / sum(spare.values())
    return [
        round(w - spare[c] * share - 0.005, 2) if c in spare else w for c, w in enumerate(widths)
    ]


#: A row's height in points for each line of 11-point text (Excel's default row).
LINE_HEIGHT = 15
