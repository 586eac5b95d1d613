"""The ``Event Log`` and ``Event State`` sheets of an event in FIDE mode: read and written.

This module alone decides how the log is laid out in the book (the columns When, Round, Kind,
Before, After, Who, Confirmation, Digest; a row per change, oldest first), how a row read back
becomes a :class:`~ratingbook.events.fide_mode.log.LogEntry` and which rows no longer follow from
the ones above them (a row altered or deleted by hand: a level-2 warning naming it, said on
every run, since no confirmation can make the row what ratingbook wrote), and how the state
the log last recorded (:class:`~ratingbook.events.fide_mode.state.EventState`) is kept in
``Event State``. Both sheets are written only by ratingbook; the log is tamper-evident, not
tamper-proof (whoever edits the book can rebuild the chain).

Who made a change is the ``RATINGBOOK_USER`` environment variable when set, else the system
user name (:func:`getpass.getuser`), in every front end.
"""

from __future__ import annotations

import datetime as _dt
import getpass
import os

from ratingbook.core.cells import is_blank
from ratingbook.core.tables import Grid
from ratingbook.errors import Location, RatingbookError
from ratingbook.events.fide_mode.log import GENESIS, LogEntry, LogKind, first_broken_link
from ratingbook.events.fide_mode.state import EventState, NewerStateError, state_from_rows
from ratingbook.workbook.port.book import GeneratedSheet
from ratingbook.workbook.port.presentation import PrintSetup
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.schemas import EVENT_LOG, EVENT_STATE

__all__ = [
    "EVENT_LOG",
    "EVENT_STATE",
    "LOG_HEADER",
    "last_digest",
    "log_sheet",
    "read_log",
    "read_state",
    "state_sheet",
    "user_name",
]

LOG_HEADER = ("When", "Round", "Kind", "Before", "After", "Who", "Confirmation", "Digest")
_STATE_HEADER = ("Item", "Value")
_KINDS = {kind.value: kind for kind in LogKind}


def user_name() -> str:
    """Who is acting: ``RATINGBOOK_USER``, else the system user, else ``unknown``."""
    name = os.environ.get("RATINGBOOK_USER", "").strip()
    if name:
        return name
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no user name on this system
        return "unknown"


def _text(value: object) -> str:
    if is_blank(value):
        return ""
    if isinstance(value, _dt.datetime):  # When, read back by Excel as a date and time
        return value.strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_log(sheets: Sheets) -> tuple[list[LogEntry], list[str]]:
    """The log's entries as written, and a level-2 warning (said on every run until the row
    is typed back) for the first row that does not follow from the ones above it (none when
    the chain holds or the sheet is absent). Read once a run (new lists each time)."""
    entries, warnings = sheets.once("read_log", lambda: _read_log(sheets))
    return list(entries), list(warnings)


def _read_log(sheets: Sheets) -> tuple[list[LogEntry], list[str]]:
    actual = sheets.actual(EVENT_LOG)
    if actual is None:
        return [], []
    grid = sheets.grid(EVENT_LOG)
    entries: list[LogEntry] = []
    warnings: list[str] = []
    for index, row in enumerate(grid[1:], start=2):
        cells = [_text(v) for v in (*row, *[None] * len(LOG_HEADER))][: len(LOG_HEADER)]
        if not any(cells):
            continue
        when, round_text, kind, before, after, who, confirmation, digest = cells
        try:
            entry = LogEntry(
                when, int(round_text), _KINDS[kind], before, after, who, confirmation, digest
            )
        except (ValueError, KeyError):
            entry = LogEntry(when, -1, LogKind.SETTING, before, after, who, confirmation, "")
            warnings.append(
                f"level 2 warning: sheet {actual!r} row {index}: the row was altered by hand "
                f"(Round {round_text!r}, Kind {kind!r} do not read): the log is not what "
                "ratingbook wrote"
            )
        entries.append(entry)
    broken = first_broken_link(entries)
    if broken is not None and not warnings:
        warnings.append(
            f"level 2 warning: sheet {actual!r} row {broken + 2}: the row does not follow from the "
            "rows above it: it, or the row before it, was altered or deleted by hand (the log is "
            "tamper-evident: ratingbook says so, and goes on from the rows as they are)"
        )
    return entries, warnings


def last_digest(entries: list[LogEntry]) -> str:
    return entries[-1].digest if entries and entries[-1].digest else GENESIS


#: The widest the Before and After columns grow (Excel's width units): a landscape page's
#: room at 9 points (presentation.PAGE_WIDTH) less When, Round and Kind repeated beside them
#: when the log prints across pages wide. A board list of 17 boards (34 players) prints at
#: full size; a longer one, whole, in smaller type.
_CHANGE_WIDTH = 80
#: The Digest column's widest: its 64 characters in type a little smaller than the rest,
#: so that it prints beside Who and Confirmation on one page of a log split wide.
_DIGEST_WIDTH = 60


def log_sheet(entries: list[LogEntry], after: str) -> GeneratedSheet:
    """The ``Event Log`` sheet: every entry, oldest first."""
    rows = [
        [
            e.when or None,
            e.round,
            e.kind.value,
            e.before or None,
            e.after or None,
            e.who or None,
            e.confirmation or None,
            e.digest or None,
        ]  # empty: an empty cell
        for e in entries
    ]
    return GeneratedSheet(
        EVENT_LOG,
        LOG_HEADER,
        rows,
        widths={
            0: 21,
            1: 7,
            2: 16,
            3: _CHANGE_WIDTH,
            4: _CHANGE_WIDTH,
            5: 14,
            6: 12,
            7: _DIGEST_WIDTH,
        },
        after=after,
        # An arbiter may print the log: landscape, each row on one line, When, Round and
        # Kind on every page of a log split across pages wide. Before, After and the digest
        # print whole on one line, shrunk to their column when longer (PrintSetup.shrunk):
        # wrapped, a board list broke after a hyphen, inside a board ("9-26 11-" over
        # "28"), and the digest, cut at its column's edge, showed 19 of its 64 characters
        # and no sign of the cut (issue 34). The cells hold the values the log's reader
        # reads, untouched: only their widths and type size are print's.
        print_setup=PrintSetup(
            EVENT_LOG,
            landscape=True,
            file_name=True,
            wrapped=frozenset({6}),
            shrunk=frozenset({3, 4, 7}),
            repeat_columns=3,
        ),
        centred=frozenset({1}),
    )


def read_state(sheets: Sheets) -> EventState | None:
    """The state the log last recorded, or None for a book without one (logging starts now);
    a state that does not read is an error naming its row."""
    actual = sheets.actual(EVENT_STATE)
    if actual is None:
        return None
    grid: Grid = sheets.grid(EVENT_STATE)
    # A JSON value never starts with an apostrophe: one there is Excel's text prefix.
    rows = [
        (row[0], str(row[1]).removeprefix("'"))
        for row in grid[1:]
        if len(row) >= 2 and not is_blank(row[0])
    ]
    try:
        return state_from_rows(rows)
    except NewerStateError as error:
        raise RatingbookError(str(error), Location(actual)) from error
    except (ValueError, IndexError, TypeError) as error:
        raise RatingbookError(
            f"it was changed by hand and no longer reads ({error}); it is "
            "ratingbook's record of the event: undo the change in Excel, or restore the sheet "
            "from a copy of the book saved before it (ratingbook undo reads this sheet too)",
            Location(actual),
        ) from error


def state_sheet(state: EventState, after: str) -> GeneratedSheet:
    """The ``Event State`` sheet, hidden: what the log last recorded (ratingbook's; never edit
    it)."""
    # Hidden, as Event History is: JSON for ratingbook alone, neither to read nor to print.
    return GeneratedSheet(
        EVENT_STATE, _STATE_HEADER, state.rows(), widths={0: 16, 1: 80}, after=after, hidden=True
    )
