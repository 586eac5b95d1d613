"""How the rating list's sheets that ``season add`` writes rows into print (issue 35): List
Games', List Events' and Event Ranks' column widths and the columns wrapped in them, one home
for the template that makes the sheets (:mod:`ratingbook.templates.list_design`) and for the
plan that appends rows to them (:mod:`ratingbook.workbook.plans.list_plan`).

The texts an addition writes have no length known beforehand (an event's name from a TRF
file, a file's name in a game's source, a fingerprint of 64 hex digits). Unwrapped, a text
longer than its column ran into the next column or was cut ("Juni Blitzschach 5 Pl"); wrapped
without a height for its row, its lines printed over each other and over the footer, since
neither Excel nor LibreOffice grows a row for text another program wrote. So these columns
wrap, and every row written gets the height its lines need (:func:`row_heights`), as the
template's own rows do. Widths in Excel's units, as :attr:`InputSheet.widths
<ratingbook.templates.designs.InputSheet.widths>` takes them; the widths are those of the
printed page: List Games one landscape page wide at 9 points or more, with dates wide enough to
print (11: narrower, a date printed as ###).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ratingbook.core.tables import Table
from ratingbook.workbook.port.book import WriteBlock, rows_below
from ratingbook.workbook.port.presentation import LINE_HEIGHT, column_width, row_lines

__all__ = [
    "LIST_EVENTS_WIDTHS",
    "LIST_EVENTS_WRAPPED",
    "LIST_GAMES_HEADER_LINES",
    "LIST_GAMES_WIDTHS",
    "LIST_GAMES_WRAPPED",
    "LIST_RANKS_WIDTHS",
    "LIST_RANKS_WRAPPED",
    "row_heights",
    "wrapped_rows_below",
]

#: List Games: a game a row, printed on one line: landscape, one page wide at 9 points (issue
#: 35). The date, round, IDs and result never wrap, and are as narrow as their headers allow
#: on two lines (``White`` over ``ID``: on one line the two ID columns took 7 units more than
#: their numbers); a game's Source is its place in its event's source, briefly (``line 23``, a
#: book's sheet and row ``Swiss Games 182``: the file or book is named once, on List Events).
#: Spelt ``sheet 'Swiss Games', row 2`` in a column 9 wide, a book's game took four lines (29
#: games on two pages); the column now holds a Swiss's ``Swiss Games 182`` and a ladder's
#: ``Games Archive 99`` (14.4 and 14.85 units of text_widths, 15.5 to a line). The event's
#: name has the room its longest asked for (``Juni Blitzschach 5 Plus 0``, 25 letters, 19.75
#: units) and a little more (a long name wraps on no more lines than it prints on: counted at
#: each character group's widest, ``Bunratty Chess Festival 2011, Masters section, at the
#: Bunratty Castle Hotel`` took 4 lines of 20.5 units, printed on 3), the players theirs
#: (``Wynarczyk, Raymond``, 17.5): 120.15 units in all, 82 % of 11 points (9.02) on a page
#: 691.2 points wide. A longer text (an ICU file's ``e2e4 Irish Championship Intermediate``)
#: still wraps, its row as tall as that: whole, never cut.
LIST_GAMES_WIDTHS: Mapping[str, float] = {
    "Date": 11,
    "Event Name": 22,
    "Round": 6,
    "White": 18,
    "White ID": 6,
    "Black": 18,
    "Black ID": 6,
    "Result": 7,
    "Source": 16,
}
LIST_GAMES_HEADER_LINES = 2
LIST_GAMES_WRAPPED = ("Event Name", "White", "Black", "Source")
#: List Events: an event a row; its fingerprint (64 hex digits) prints on two lines.
LIST_EVENTS_WIDTHS: Mapping[str, float] = {
    "Event Name": 20,
    "Source": 24,
    "Start": 11,
    "End": 11,
    "Fingerprint": 33,
}
LIST_EVENTS_WRAPPED = ("Event Name", "Source", "Fingerprint")
#: Event Ranks: a player a row of an event's ranking. Its source wrapped in a row of the
#: default height printed "file 'icu_bunratty-" / "masters_2011.tab', line 14" over the next
#: rows, and a long event's name was cut by the Rank beside it ("Shannon Valley October R").
LIST_RANKS_WIDTHS: Mapping[str, float] = {
    "Event Name": 20,
    "Name": 20,
    "Team": 14,
    "Source": 24,
}
LIST_RANKS_WRAPPED = ("Event Name", "Name", "Source")


def row_heights(
    rows: Sequence[Mapping[str, object]],
    widths: Mapping[str, float],
    wrapped: Sequence[str],
) -> tuple[float, ...]:
    """Each row's height in points: as many lines as its longest wrapped text needs in its
    column (:func:`~ratingbook.workbook.port.presentation.row_lines`, at the width the template
    gives the column: :func:`~ratingbook.workbook.port.presentation.column_width`)."""
    room = [column_width(name, widths.get(name)) for name in wrapped]
    every = range(len(wrapped))
    return tuple(
        LINE_HEIGHT * row_lines([row.get(name) for name in wrapped], room, every) for row in rows
    )


def wrapped_rows_below(
    table: Table,
    rows: Sequence[Mapping[str, object]],
    widths: Mapping[str, float],
    wrapped: Sequence[str],
) -> WriteBlock | None:
    """``rows`` under ``table`` (:func:`~ratingbook.workbook.port.book.rows_below`); with
    ``wrapped`` columns, each row as tall as :func:`row_heights` says, and each wrapped column
    at least the width those heights were counted at: a list made by an older template (List
    Games' event name 15 units wide) is widened, never narrowed, so no text prints over the
    next row."""
    if not wrapped:
        return rows_below(table, rows)
    block = rows_below(table, rows, row_heights(rows, widths, wrapped))
    if block is None:
        return None
    room = [
        (table.columns[n], column_width(n, widths.get(n))) for n in wrapped if n in table.columns
    ]
    return replace(block, widths=tuple(room))
