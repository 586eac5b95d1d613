"""A table split across pages wide (issue 34, see42c): its pages share the columns evenly, and
a text column a page may start with stands apart from the repeated number beside it.

The user test's camp (150 games, long names) printed Rating History 4 pages wide, the last page
of each band holding one column (``Black Permanent After``), and printed ``Black ID`` (the last
repeated column, a number) against ``Result`` as ``46|(½-½)``.
"""

from __future__ import annotations

import re

import openpyxl

from ratingbook.files.ooxml.workbookpart import WINDOWS_EPOCH
from ratingbook.files.patching.cells import CellWriter
from ratingbook.files.patching.generated import generated_sheet_xml
from ratingbook.files.patching.styles import Styles
from ratingbook.files.rewriting.openpyxl_presentation import apply_print_setup
from ratingbook.reports.ladder_tables import RATING_HISTORY_COLUMNS
from ratingbook.reports.tables import SheetGrid
from ratingbook.workbook.port.page_breaks import balanced_breaks
from ratingbook.workbook.port.presentation import indented_columns
from ratingbook.workbook.sheets.report_sheet import report_sheet

NAMES = ("Alexandra-Katharina Vandenberghe-Rasmussen", "Wilhelmina Castellanos de la Vega")


def test_columns_are_shared_evenly_over_the_pages_the_printer_needs() -> None:
    # Ten columns 10 wide, 35 a page: filled in turn, 3 + 3 + 3 + 1 on four pages; evenly,
    # each page ends nearest 25, 50, 75: 2 + 3 + 2 + 3.
    assert balanced_breaks([10.0] * 10, 35) == (2, 5, 7)
    assert balanced_breaks([10.0] * 3, 35) == ()
    # A column wider than a page has its own.
    assert balanced_breaks([50.0, 10.0], 35) == (1,)


def _history() -> SheetGrid:
    rows = [(n, n + 1, 13, NAMES[0], 46, NAMES[1], "(½-½)", *([1000] * 8)) for n in range(1, 151)]
    # The names wrapped within 20 units, as ratingbook.reports.ladder_tables lays them out.
    return SheetGrid(
        "Rating History",
        RATING_HISTORY_COLUMNS,
        rows,
        widths={3: 18, 5: 18},
        wrapped=frozenset({3, 5}),
    )


def test_the_rating_history_of_a_camp_prints_in_even_pages_the_result_apart() -> None:
    sheet = report_sheet(_history(), "Ladder Standings", "Week 1")
    widths = sheet.column_widths()
    setup = sheet.printed(widths)
    assert setup is not None and setup.scale  # too wide for one page at a readable size
    keys = setup.repeat_columns
    # Every column naming the row is repeated, from Game to Black (issue 34: repeated up to
    # White ID only, to save a page, Black's ratings printed beside neither Black's ID nor
    # name). Each page's share of the columns past them: the last holds more than one, and
    # the pages are as few as those columns filled in turn at the same room need.
    assert keys == RATING_HISTORY_COLUMNS.index("Black") + 1
    ends = [*setup.column_breaks, len(widths)]
    shares = [b - a for a, b in zip([keys, *ends], ends, strict=False)]
    assert len(shares) > 1 and shares[-1] > 1
    room = 792 - 144 * 0.7  # landscape Letter less its side margins, in points
    room = room / (7.0 * setup.scale / 100) * 0.99  # in Excel's width units, at the scale

    def pages(k: int) -> int:
        used, count = 0.0, 1
        for width in widths[k:]:
            if used and used + width > room - sum(widths[:k]):
                count, used = count + 1, 0.0
            used += width
        return count

    assert len(shares) == pages(keys)
    # A text column a page may start with, beside a repeated number, is indented.
    result = RATING_HISTORY_COLUMNS.index("Result")
    assert result in sheet.indented() or sheet.alignments()[keys - 1] != "right"
    # Both back ends write the breaks.
    styles = Styles(None, "xl/styles.xml")
    xml = "".join(generated_sheet_xml(sheet, CellWriter(lambda: styles, WINDOWS_EPOCH), False))
    (breaks,) = re.findall(r"<colBreaks[^>]*>(.*?)</colBreaks>", xml)
    written = [int(i) for i in re.findall(r'<brk id="(\d+)"', breaks)]
    assert written == list(setup.column_breaks)
    ws = openpyxl.Workbook().active
    apply_print_setup(ws, setup)
    assert [b.id for b in ws.col_breaks.brk] == list(setup.column_breaks)


def test_a_page_starting_beside_a_repeated_number_indents_its_text() -> None:
    # Game, Games Row, White ID, White, Black ID repeated; Black and Result past them.
    aligned = ("right", "right", "right", "left", "right", "left", "left", "right")
    assert indented_columns(aligned) == {3, 5}
    assert indented_columns(aligned, repeated=5) == {3, 5, 6}
    assert indented_columns(aligned, repeated=4) == {3, 5}  # White, a text, ends the keys


# --- a table whose sentences would split it prints one page wide (user test 49) ------------------
#
# The Assessor Open's Rating Report: 14 columns, the last a note wrapped within 55 units; an
# unrated player's note runs to some 330 characters. The other 13 columns need about 111 units,
# so with the note the table is about 167 units: split across two landscape pages, page 14
# showed the unrated players' rows as tall as their notes on page 15 (a row has one height),
# a blank band beside one line of figures. By hand: a landscape page prints 792 - 2 x 0.7 x 72
# = 691.2 points (Letter, the side margins); at 8 points, the least a table fitted one page
# wide prints at, a width unit of the book's 11-point type (7 points) prints at 7 x 8 / 11 =
# 5.09 points: the page holds 691.2 / 5.09 = 135.8 units. The note narrowed to fit that (no
# narrower than 20 units, a few words a line) makes the table print on one page wide, each
# row on the page that shows its note.
REPORT_HEADER = (
    "No.", "Name", "FIDE ID", "Rating", "K", "Games", "Score", "Expected", "Change",
    "Rtg+/-", "New Rating", "Ra", "Rp", "Note",
)  # fmt: skip
UNRATED_NOTE = (
    "unrated: first rating 1815 (8.2): with two draws against 1800, 6 games, average 1940, 2 of "
    "6 (33 %), dp -125; only 4 games against rated players: FIDE publishes a first rating once "
    "5 are played, games of other rated events within 26 months counting too (7.1.4), so 1815 "
    "is what these games give, not a published rating yet"
)


def test_a_rating_report_with_a_long_note_prints_one_page_wide() -> None:
    rows = [
        (1, "Arkadij Petrov", 24101001, 2512, 10, 7, 5.5, 5.84, -3.4, -3, 2509, 2169, 2399,
         "rated 2400 or more"),
        (19, "Rosa Blum", 24101018, None, None, 4, 1.0, None, None, None, 1815, 2010, 1817,
         UNRATED_NOTE),
    ]  # fmt: skip
    grid = SheetGrid(
        "Rating Report", REPORT_HEADER, rows, widths={1: 24, 13: 55}, wrapped=frozenset({13})
    )
    sheet = report_sheet(grid, "Pairings", "Assessor Open 2026")
    widths = sheet.column_widths()
    assert sum(widths) <= 691.2 / (7 * 8 / 11)  # 135.8 units: one landscape page at 8 points
    assert 20 <= widths[13] < 55  # the note narrowed, not below a few words a line
    setup = sheet.printed(widths)
    assert setup is not None and setup.landscape
    assert setup.scale == 0 and setup.column_breaks == ()  # fitted one page wide, not split
