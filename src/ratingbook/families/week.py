"""Start a new ladder week: carry permanent ratings over and archive the week's games.

This module alone decides what a new week does to a book: the week's games are replayed so the
Permanent Rating carried over is current, every active player's Permanent Rating becomes their
StWkPerm, the games move to the ``Games Archive`` sheet under a ``Week N`` label (never
deleted; columns matched by header, new ones appended), and ``Ladder Games`` is emptied below
its header.
"""

from __future__ import annotations

import datetime as _dt
import re

from ratingbook import ladder
from ratingbook.book import KEEP, Book, GeneratedSheet, Plan, WriteBlock
from ratingbook.errors import MissingSheetError
from ratingbook.families import families_present
from ratingbook.families.ladder import ladder_generated, ladder_outcome, ladder_result_blocks
from ratingbook.families.sheets import Sheets, column_block
from ratingbook.schemas import CAMP_GROUPS, GAMES_ARCHIVE, LADDER_GAMES, LADDER_PLAYERS
from ratingbook.tables import Grid, header_key

__all__ = ["plan_new_week"]

_WEEK_LABEL = re.compile(r"week\s*(\d+)", re.IGNORECASE)


def plan_new_week(book: Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week, as a plan.

    The week's games are replayed first, so the Permanent Rating carried over is current. Then
    every active player's Permanent Rating becomes their StWkPerm, the games are appended to the
    ``Games Archive`` sheet under a week label (never deleted), ``Ladder Games`` is emptied
    below its header, and ratings and generated sheets are rebuilt for the empty new week.
    """
    sheets = Sheets(book)
    if not any(f.name == "ladder" for f in families_present(list(sheets.names.values()))):
        raise MissingSheetError(
            f"a new week needs the ladder sheets {LADDER_PLAYERS.sheet!r}, "
            f"{LADDER_GAMES.sheet!r} and {CAMP_GROUPS.sheet!r}"
        )
    players_table, games_table, outcome, groups = ladder_outcome(sheets)
    carried = ladder.start_new_week(outcome.players)
    fresh = ladder.recalc_ladder(carried, groups, [])

    blocks = ladder_result_blocks(players_table, fresh)
    start_values = {
        p.where.row: p.start_permanent
        for p in carried
        if p.active and p.where is not None and p.where.row is not None
    }
    if "StWkPerm" in players_table.columns:
        block = column_block(players_table, "StWkPerm", start_values)
        if block is not None:
            blocks.append(block)

    generated = ladder_generated(fresh, after=games_table.sheet)
    games_grid = sheets.grid(games_table.sheet)
    if games_table.rows:
        first = games_table.rows[0].where.row or games_table.first_data_row
        last = games_table.rows[-1].where.row or first
        width = max(len(r) for r in games_grid[first - 1 : last])
        # Blank rows between games are not games: they are cleared, not archived as such.
        moved = [
            list(r) + [None] * (width - len(r))
            for r in games_grid[first - 1 : last]
            if any(v is not None and v != "" for v in r)
        ]
        header = [
            v if v is not None else "" for v in games_grid[games_table.header_row - 1][:width]
        ]
        header += [""] * (width - len(header))
        cleared: Grid = [[None] * width for _ in range(first, last + 1)]
        blocks.append(WriteBlock(games_table.sheet, first, 1, cleared))
        archive = _archive_plan(sheets, header, moved, today or _dt.date.today())
        if isinstance(archive, WriteBlock):
            blocks.append(archive)
        else:
            generated.append(archive)
    return Plan(
        blocks=tuple(blocks),
        sheets=tuple(generated),
        summary=(
            f"new week: {sum(p.active for p in carried)} permanent ratings carried over, "
            f"{len(games_table.rows)} games archived",
        ),
    )


def _archive_plan(
    sheets: Sheets, header: list[object], moved: Grid, today: _dt.date
) -> WriteBlock | GeneratedSheet:
    """Append the week's games to the archive (created on first use), under a new week label."""
    actual = sheets.actual(GAMES_ARCHIVE)
    labels: list[int] = []
    existing: Grid = sheets.grid(GAMES_ARCHIVE) if actual is not None else []
    for row in existing[1:]:
        if row and isinstance(row[0], str):
            match = _WEEK_LABEL.fullmatch(row[0].strip())
            if match:
                labels.append(int(match.group(1)))
    label = f"Week {max(labels, default=0) + 1}"
    if actual is None or not existing:
        return GeneratedSheet(
            GAMES_ARCHIVE,
            ("Week", "Archived On", *(str(h) for h in header)),
            [[label, today, *r] for r in moved],
            number_formats={1: "yyyy-mm-dd"},
            widths={1: 12},
            after=None,
        )
    archive_header = [header_key(v) for v in existing[0]]
    positions: list[int] = []
    extra_header: list[object] = []
    for h in header:
        key = header_key(h)
        if key and key in archive_header[2:]:
            positions.append(archive_header.index(key, 2))
        else:
            positions.append(len(archive_header) + len(extra_header))
            extra_header.append(h)
    width = len(archive_header) + len(extra_header)
    rows: Grid = []
    for source in moved:
        line: list[object] = [None] * width
        line[0], line[1] = label, today
        for value, position in zip(source, positions, strict=False):
            line[position] = value
        rows.append(line)
    # The header row is rewritten too when the games sheet gained columns since last week.
    last = len(existing)
    while last > 1 and all(v is None or v == "" for v in existing[last - 1]):
        last -= 1
    if extra_header:
        header_row = [
            *existing[0],
            *([None] * (len(archive_header) - len(existing[0]))),
            *extra_header,
        ]
        kept: Grid = [[KEEP] * width for _ in range(last - 1)]
        return WriteBlock(actual or GAMES_ARCHIVE, 1, 1, [header_row, *kept, *rows])
    return WriteBlock(actual or GAMES_ARCHIVE, last + 1, 1, rows)
