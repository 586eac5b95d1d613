"""The camp week: which week a recalc is for, and what ending a week does to a book.

This module alone decides what a new week does: the week's games are replayed so the Permanent
Rating carried over is current; the games move to ``Games Archive`` with both players' names
and every active player's final standings go to ``Weekly Standings``, both under a ``Week N``
label (never deleted; columns matched by header, new ones appended); every active player's
Permanent Rating becomes their StWkPerm; ``Ladder Games`` is emptied below its header (the name
columns keep their formulas); and ratings and generated sheets are rebuilt for the empty week.

A week ends in two ways, with the same result: staff raise the Week cell on ``Ladder Settings``
by one and recalculate (:func:`plan_ladder_week`, the ladder's planner in every recalc), or
``ratingbook new-week`` / ``ratingbook.new_week()`` (:func:`plan_new_week`, which raises the
Week cell too). The Week cell's rules are :mod:`ratingbook.workbook.plans.camp_week`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratingbook.core.counts import many
from ratingbook.core.tables import Grid, Table, header_key
from ratingbook.ratings import ladder
from ratingbook.reports.ladder_tables import week_record_columns, week_record_rows
from ratingbook.reports.tables import key_columns
from ratingbook.workbook.plans.camp_week import (
    WeekCell,
    last_archived_week,
    read_week,
    rolls_over,
    week_label,
    week_number,
)
from ratingbook.workbook.plans.ladder_plan import (
    camper_chart_axes,
    games_twice_lines,
    group_names,
    ladder_generated,
    ladder_outcome,
    ladder_result_blocks,
    new_camper_lines,
    plan_ladder,
    posted_by_group,
)
from ratingbook.workbook.port.book import GeneratedSheet, Plan, WriteBlock
from ratingbook.workbook.port.presentation import PrintSetup, typed_width
from ratingbook.workbook.sheets.reading import Sheets, column_block, read
from ratingbook.workbook.sheets.schemas import (
    ARCHIVE_WEEK,
    ARCHIVED_ON,
    GAMES_ARCHIVE,
    LADDER_SETTINGS,
    NAME_COLUMNS,
    WEEKLY_STANDINGS,
    WEEKLY_STANDINGS_COLUMNS,
)

__all__ = ["plan_ladder_week", "plan_next_week"]

Weeks = dict[int, dict[int, int | float]]


def _week_state(sheets: Sheets) -> tuple[WeekCell | None, int, Weeks]:
    """The Week cell (if the book has one), the last archived week, past end-of-week Ratings."""
    cell = None
    if sheets.actual(LADDER_SETTINGS.sheet) is not None:
        cell = read_week(read(sheets, LADDER_SETTINGS))
    archives = [sheets.grid(n) for n in (GAMES_ARCHIVE, WEEKLY_STANDINGS) if sheets.actual(n)]
    weeks: Weeks = {}
    if sheets.actual(WEEKLY_STANDINGS) is not None:
        grid = sheets.grid(WEEKLY_STANDINGS)
        header = [header_key(v) for v in grid[0]] if grid else []
        if all(k in header for k in ("week", "id", "rating")):
            at = [header.index(k) for k in ("week", "id", "rating")]
            for line in grid[1:]:
                week, pid, rating = (line[c] if c < len(line) else None for c in at)
                number = week_number(week)
                if (
                    number
                    and isinstance(pid, int | float)
                    and isinstance(rating, int | float)
                    and not isinstance(rating, bool)
                ):
                    weeks.setdefault(int(pid), {})[number] = rating
    return cell, last_archived_week(archives), weeks


def plan_ladder_week(sheets: Sheets) -> Plan:
    """The ladder's recalc: the current week, or, when the Week cell was raised, a new week."""
    cell, last, weeks = _week_state(sheets)
    # A run that only rebuilds the views (an undo's) never starts a week: after the undo of a
    # new week the raised cell is back as staff typed it, the week not yet archived.
    if cell is not None and not sheets.request.views_only and rolls_over(cell, last):
        return _plan_rollover(sheets, cell, last, weeks)
    return plan_ladder(sheets, last + 1, weeks)  # the current week (rolls_over checked it)


def plan_next_week(sheets: Sheets) -> Plan:
    """Start a new ladder week, as a plan: as raising the Week cell by one and recalculating.

    The Week cell, when the book has one, is raised too; one already lowered or raised by more
    than one is an error here as well. (That the book holds the ladder is checked by
    :func:`ratingbook.workbook.actions.plan_new_week`.)
    """
    cell, last, weeks = _week_state(sheets)
    if cell is not None:
        rolls_over(cell, last)
    return _plan_rollover(sheets, cell, last, weeks, raise_cell=True)


def _plan_rollover(
    sheets: Sheets, cell: WeekCell | None, last: int, weeks: Weeks, *, raise_cell: bool = False
) -> Plan:
    """End week ``last + 1`` and start week ``last + 2`` (see the module's docstring)."""
    ending, week = last + 1, last + 2
    label = week_label(ending)
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
    if raise_cell and cell is not None and cell.week != week:
        settings = sheets.actual(LADDER_SETTINGS.sheet) or LADDER_SETTINGS.sheet
        blocks.append(WriteBlock(settings, cell.row, cell.column, [[week]]))

    # The archive keeps the week as the list posted it: by group, each camper's rank within
    # his group, under a header that says so (the posted list's own ranking).
    names, by_group = group_names(sheets), posted_by_group(sheets)
    standings = week_record_rows(outcome, names if by_group else None)
    for player in outcome.players:
        if player.active and player.rating is not None:
            weeks.setdefault(player.id, {})[ending] = player.rating
    generated, axes = ladder_generated(fresh, games_table.sheet, week, weeks, names, by_group)
    blocks.extend(camper_chart_axes(sheets, axes))

    header, moved, clearing = _games_moved(sheets, games_table, outcome)
    blocks.extend(clearing)
    games = [[label, sheets.today, *r] for r in moved]
    # A week without active players still leaves its label: the archive is the week's state.
    final = [[label, *r] for r in standings] or [[label]]
    archives = (
        _append(sheets, GAMES_ARCHIVE, [ARCHIVE_WEEK, ARCHIVED_ON, *header], games),
        _append(
            sheets,
            WEEKLY_STANDINGS,
            (ARCHIVE_WEEK, *week_record_columns(by_group)),
            final,
            template=WEEKLY_STANDINGS_COLUMNS,
        ),
    )
    for item in archives:
        if isinstance(item, WriteBlock):
            blocks.append(item)
        elif item is not None:
            generated.append(item)
    return Plan(
        blocks=tuple(blocks),
        sheets=tuple(generated),
        summary=(
            f"new week: {label} archived ({many(len(games_table.rows), 'game')}, standings of "
            f"{many(len(standings), 'player')}), {week_label(week)} started with "
            f"{many(sum(p.active for p in carried), 'permanent rating')} carried over",
            *new_camper_lines(outcome),
            *games_twice_lines(outcome),
        ),
        act="New week",
    )


def _games_moved(
    sheets: Sheets, games_table: Table, outcome: ladder.LadderOutcome
) -> tuple[list[object], Grid, list[WriteBlock]]:
    """The archive's header for the games, the games' rows with names, and the clearing blocks.

    Input columns are emptied; the name columns (formulas in the template) are left alone, so
    the new week's rows show names again.
    """
    grid = sheets.grid(games_table.sheet)
    header: list[object] = [v if v is not None else "" for v in grid[games_table.header_row - 1]]
    lines = [grid[r.where.row - 1] for r in games_table.rows if r.where.row is not None]
    width = max([len(header), *(len(line) for line in lines)])
    header += [""] * (width - len(header))
    keys = [header_key(h) for h in header]
    names_kept = {header_key(n) for n in NAME_COLUMNS}
    kept = {c for c, key in enumerate(keys) if key in names_kept}
    for name in NAME_COLUMNS:
        if header_key(name) not in keys:
            header.append(name)
            keys.append(header_key(name))
    white, black = (keys.index(header_key(n)) for n in NAME_COLUMNS)
    names = {p.id: p.name for p in outcome.players}
    moved: Grid = []
    for line, (game, _) in zip(lines, outcome.history.ratings(), strict=True):
        row = (list(line) + [None] * len(header))[: len(header)]
        row[white], row[black] = names[game.white], names[game.black]
        moved.append(row)
    clearing: list[WriteBlock] = []
    if games_table.rows:
        first = games_table.rows[0].where.row or games_table.first_data_row
        last = games_table.rows[-1].where.row or first
        run: list[int] = []
        for c in [*range(width), width]:
            if c < width and c not in kept:
                run.append(c)
                continue
            if run:
                empty: Grid = [[None] * len(run) for _ in range(first, last + 1)]
                clearing.append(WriteBlock(games_table.sheet, first, run[0] + 1, empty))
            run = []
    return header, moved, clearing


def _append(
    sheets: Sheets,
    name: str,
    header: Sequence[object],
    rows: Grid,
    *,
    template: Sequence[object] = (),
) -> WriteBlock | GeneratedSheet | None:
    """Append ``rows`` to archive sheet ``name`` (created on first use), by header.

    Columns the archive lacks are added at its right: the archive is then rewritten whole as a
    generated table, as its first week is, so the new column is styled as the others. The
    archive's first week (no sheet yet, or the template's with its header alone) is written as
    a generated table: each column aligned by what it holds, its header bold in the book's
    font, as wide as its header and values need, printed down to its last row; the columns
    keep that style for the weeks appended later, each widened to what their texts need
    (:attr:`WriteBlock.widths`). Appended to the template's empty sheet, its rows printed
    names cut and numbers left-aligned, and its print area ran on over empty rows (issue 34).
    The template's empty sheet, its header the ``template`` one, takes ``header`` in its place
    (a first week posted by group heads its rank ``Group Rank``, not the template's ``Rank``).
    """
    if not rows:
        return None
    actual = sheets.actual(name)
    existing: Grid = sheets.grid(name) if actual is not None else []
    last = len(existing)
    while last > 1 and all(v is None or v == "" for v in existing[last - 1]):
        last -= 1
    keys = [header_key(h) for h in header]
    if (
        actual is None
        or not existing
        or (
            last == 1
            and [header_key(v) for v in existing[0] if v not in (None, "")]
            in (keys, [header_key(h) for h in template])
        )
    ):
        return _archive_sheet(actual or name, name, header, rows)
    archive_header = [header_key(v) for v in existing[0]]
    positions: list[int] = []
    extra_header: list[object] = []
    used: set[int] = set()
    for h in header:
        key = header_key(h)
        # The first column of that name not taken yet (a games column called "Week" is not
        # the archive's own Week label).
        found = next(
            (i for i, k in enumerate(archive_header) if key and k == key and i not in used), None
        )
        if found is not None:
            used.add(found)
            positions.append(found)
        else:
            positions.append(len(archive_header) + len(extra_header))
            extra_header.append(h)
    width = len(archive_header) + len(extra_header)
    lines: Grid = []
    for source in rows:
        line: list[object] = [None] * width
        for value, position in zip(source, positions, strict=False):
            line[position] = value
        lines.append(line)
    titles: list[object] = [
        *existing[0],
        *([None] * (len(archive_header) - len(existing[0]))),
        *extra_header,
    ]
    widths = tuple(
        (c + 1, typed_width(titles[c] or "", [line[c] for line in lines]))
        for c in range(width)
        if any(isinstance(line[c], str) for line in lines)
    )
    if extra_header:
        # A column the archive lacks (a week posted by group adds ``Group Rank`` right of the
        # earlier weeks' ``Losses``): the archive is rebuilt as its first week was, every
        # column, the new one too, aligned by what it holds under a bold header (ut47camp,
        # finding 9: the header written alone was plain, left of right-aligned numbers).
        earlier = [(list(row) + [None] * width)[:width] for row in existing[1:last]]
        return _archive_sheet(actual, name, titles, [*earlier, *lines])
    return WriteBlock(actual, last + 1, 1, lines, widths=widths)


def _archive_sheet(sheet: str, name: str, header: Sequence[object], rows: Grid) -> GeneratedSheet:
    """Archive ``name`` written whole on ``sheet`` as a generated table (see :func:`_append`)."""
    games = name == GAMES_ARCHIVE
    named = tuple("" if h is None else str(h) for h in header)
    return GeneratedSheet(
        sheet,
        named,
        rows,
        number_formats={1: "yyyy-mm-dd"} if games else {},
        widths={1: 12} if games else {3: 24},
        after=None,
        print_setup=PrintSetup(
            name, landscape=games, file_name=True, repeat_columns=key_columns(named)
        ),
    )
