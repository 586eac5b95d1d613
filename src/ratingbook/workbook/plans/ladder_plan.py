"""The SCA ladder family: reads Camp Groups, Ladder Players and Ladder Games, plans the recalc.

This module alone decides how the ladder's sheets are read into the engine's values (which columns
are needed for active and inactive players, duplicate IDs and groups), which cells a ladder recalc
writes back (each active player's Rating and Permanent Rating, a new camper's empty StWkPerm, with
a line saying so) and where the generated Ladder Standings, Rating History, Ladder Charts and
Ladder Progress sheets go (with their print titles). Ladder Standings is the list the camp posts:
it prints in large type on one page (at :data:`POSTED_LEAST` points or more; a longer list on
as many pages as it needs), or by group when
``Ladder Settings`` asks (:func:`posted_by_group`): each group under its heading, on its own page.
The rule itself is :mod:`ratingbook.ratings.ladder`; the standings and history tables are
:mod:`ratingbook.reports.ladder_tables`; the week and its rollover are
:mod:`ratingbook.workbook.plans.week_plan`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ratingbook.core.cells import (
    GROUP_RATING,
    PLAYER_ID,
    RATING,
    flag,
    is_blank,
    ladder_result,
    text,
    whole_number,
    whole_number_or_none,
)
from ratingbook.core.counts import many
from ratingbook.core.rules import close_name, game_key, listed_twice, player_spellings
from ratingbook.core.tables import Row, Table
from ratingbook.errors import (
    InputErrors,
    InvalidValueError,
    Problems,
    RatingbookError,
    UnknownPlayerError,
)
from ratingbook.ratings import ladder
from ratingbook.reports.ladder_tables import (
    ladder_paths,
    ladder_standings_grid,
    rating_history_grid,
)
from ratingbook.workbook.plans.camp_week import read_posted_list, week_label
from ratingbook.workbook.port.book import GeneratedSheet, Plan, WriteBlock
from ratingbook.workbook.port.presentation import typed_width
from ratingbook.workbook.sheets.charts import camper_name_width, chart_sheets, ladder_progress
from ratingbook.workbook.sheets.reading import Sheets, column_block, guarded, read
from ratingbook.workbook.sheets.report_sheet import report_sheet
from ratingbook.workbook.sheets.schemas import (
    CAMP_GROUPS,
    CAMPER_CHART,
    LADDER_CHARTS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_PROGRESS,
    LADDER_SETTINGS,
    LADDER_STANDINGS,
    RATING_HISTORY,
)

__all__ = [
    "camper_chart_axes",
    "camper_chart_choice",
    "games_twice_lines",
    "group_names",
    "input_widths",
    "ladder_generated",
    "ladder_outcome",
    "ladder_result_blocks",
    "new_camper_lines",
    "plan_ladder",
    "posted_by_group",
]

#: The posted list's type size in points (a wall list read from a step away).
POSTED_TYPE = 14
#: The smallest type the posted list shrinks to, to print on one page: the book's own type
#: (11 points), that of every sheet printed at full size. A camp whose list is too long for
#: one page at that size (some 30 to 45 campers, by their names' length) posts it on as many
#: pages as it needs, each under the header, at the largest type one page wide allows (14
#: points, or less for long names), or asks for it by group (``Posted List``): each group on
#: its own page. Fitted to one page, 60 campers printed at 8.5 points (issue 34).
POSTED_LEAST = 11

_ID = "a player ID"


def _read_groups(table: Table, problems: Problems, unread: set[str]) -> dict[str, int]:
    """The groups' initial ratings; the name of a group whose rating is unreadable goes to
    ``unread`` (its players are then not reported as being in no group)."""
    groups: dict[str, int] = {}
    seen: dict[str, int] = {}
    for row in table.rows:
        group = ""
        try:
            group = text(row.get("Group"), row.where, "Group")
            key = ladder.group_key(group)
            if key in seen:
                raise InvalidValueError(
                    listed_twice(group, what="group", also_row=seen[key]), row.where, "Group"
                )
            seen[key] = row.where.row or 0
            groups[group] = whole_number(
                row.get("Initial Ladder Rating"),
                row.where,
                "Initial Ladder Rating",
                "a whole-number rating",
                bounds=GROUP_RATING,
            )
        except RatingbookError as error:
            problems.append(error)
            if group:
                unread.add(group)
    return groups


def _read_id(row: Row) -> int:
    return whole_number(
        row.get("ID"), row.where, "ID", "a whole-number player ID", bounds=PLAYER_ID
    )


def _read_player(row: Row, seen_ids: dict[int, int]) -> ladder.LadderPlayer:
    player_id = _read_id(row)
    if player_id in seen_ids:
        raise InvalidValueError(
            f"duplicate player ID {player_id!r} (also row {seen_ids[player_id]})", row.where, "ID"
        )
    seen_ids[player_id] = row.where.row or 0
    active = flag(row.get("Active"), row.where, "Active")
    typed = row.get("StWkPerm")
    start: int | None
    if not active:  # kept as it is; it tells a camper with no game counted this week
        start = whole_number_or_none(typed)
    elif is_blank(typed):  # a new camper's: the engine starts it at the group's rating
        start = None
    else:
        start = whole_number(typed, row.where, "StWkPerm", "a whole-number rating", bounds=RATING)
    group = text(row.get("Group"), row.where, "Group", required=active)
    # An inactive player's ratings are kept as they are; an active player's are rewritten.
    return ladder.LadderPlayer(
        id=player_id,
        name=text(row.get("Name"), row.where, "Name", required=False),
        group=group,
        active=active,
        start_permanent=start,
        permanent_rating=None if active else whole_number_or_none(row.get("Permanent Rating")),
        rating=None if active else whole_number_or_none(row.get("Rating")),
        where=row.where,
    )


def _read_games(table: Table, problems: Problems) -> list[ladder.LadderGame]:
    games: list[ladder.LadderGame] = []
    append = games.append
    for row in table.rows:
        try:
            where = row.where
            append(
                ladder.LadderGame(
                    white=whole_number(row.get("White"), where, "White", _ID, bounds=PLAYER_ID),
                    black=whole_number(row.get("Black"), where, "Black", _ID, bounds=PLAYER_ID),
                    result=ladder_result(row.get("Result"), where),
                    where=where,
                )
            )
        except RatingbookError as error:
            problems.append(error)
    return games


def ladder_outcome(sheets: Sheets) -> tuple[Table, Table, ladder.LadderOutcome, dict[str, int]]:
    """Read the three ladder tables, reporting every problem at once, and replay the week."""
    problems = Problems()
    unread_groups: set[str] = set()
    groups_table = guarded(problems, lambda: read(sheets, CAMP_GROUPS), None)
    groups = _read_groups(groups_table, problems, unread_groups) if groups_table else {}
    players_table = guarded(problems, lambda: read(sheets, LADDER_PLAYERS), None)
    players: list[ladder.LadderPlayer] = []
    seen_ids: dict[int, int] = {}
    unread_ids: set[int] = set()
    id_unreadable = False
    for row in players_table.rows if players_table is not None else ():
        try:
            players.append(_read_player(row, seen_ids))
        except RatingbookError as error:
            problems.append(error)
            # The player's games are still checked (issue 17): an unreadable row stands in as
            # an active player, so its games are not reported as naming nobody.
            try:
                player_id = _read_id(row)
            except RatingbookError:
                player_id = None
            if player_id is None or seen_ids.get(player_id) != row.where.row:
                # An ID that does not read, or one used twice: a typo for some other ID, which
                # the games may name.
                id_unreadable = True
            else:
                unread_ids.add(player_id)
    games_table = guarded(problems, lambda: read(sheets, LADDER_GAMES), None)
    games = _read_games(games_table, problems) if games_table is not None else []
    tables_read = None not in (groups_table, players_table, games_table)
    if problems and tables_read:
        # Every problem at once: the engine's game checks run on what did read, with stand-ins
        # for unreadable rows, so one run reports the cells and the games alike.
        _check_games(players, groups, games, problems, unread_groups, unread_ids, id_unreadable)
    problems.check()
    # Each table read, else raised just above.
    assert groups_table is not None and players_table is not None and games_table is not None
    outcome = ladder.recalc_ladder(
        players, groups, games, every_problem=True, groups_listed_in=groups_table.sheet
    )
    return players_table, games_table, outcome, groups


def _check_games(
    players: list[ladder.LadderPlayer],
    groups: dict[str, int],
    games: list[ladder.LadderGame],
    problems: Problems,
    unread_groups: set[str],
    unread_ids: set[int],
    id_unreadable: bool,
) -> None:
    """The engine's checks of who plays, when some cells did not read: stand-ins for the
    unreadable group ratings and player rows keep them from being reported twice, and with an
    ID unreadable or used twice, no game is reported for naming an unknown ID."""
    known = {p.id for p in players}
    stand_ins = [
        ladder.LadderPlayer(id=i, name="", group="", active=True, start_permanent=0)
        for i in sorted(unread_ids - known)
    ]
    try:
        ladder.recalc_ladder(
            [*players, *stand_ins],
            {**dict.fromkeys(unread_groups, 0), "": 0, **groups},
            games,
            history=False,
            every_problem=True,
            groups_listed_in=CAMP_GROUPS.sheet,
        )
    except RatingbookError as error:
        found = error.errors if isinstance(error, InputErrors) else [error]
        for each in found:
            # With an ID cell unreadable, an unknown ID may be that very player: not reported.
            if not (id_unreadable and isinstance(each, UnknownPlayerError)):
                problems.append(each)


def ladder_result_blocks(players_table: Table, outcome: ladder.LadderOutcome) -> list[WriteBlock]:
    """Each active player's Rating and Permanent Rating, and a new camper's StWkPerm."""
    weekly: dict[int, object] = {}
    permanent: dict[int, object] = {}
    start: dict[int, object] = {}
    new = set(outcome.new_campers)
    for player in outcome.players:
        if player.active and player.where is not None and player.where.row is not None:
            weekly[player.where.row] = player.rating
            permanent[player.where.row] = player.permanent_rating
            if player.id in new:
                start[player.where.row] = player.start_permanent
    blocks = [
        column_block(players_table, "Rating", weekly),
        column_block(players_table, "Permanent Rating", permanent),
        column_block(players_table, "StWkPerm", start) if start else None,
    ]
    return [b for b in blocks if b is not None]


def input_widths(sheets: Sheets, players_table: Table, games_table: Table) -> list[WriteBlock]:
    """Blocks writing no cell that widen Ladder Players' Name and Group and Ladder Games'
    White Name and Black Name to what their values need (up to the cap of a generated table's
    text, :func:`~ratingbook.workbook.port.presentation.content_width`), so that every input
    sheet prints uncut as the guide promises (issue 34: ``Alexandra-Katharina Vandenb`` in a
    template column 24 wide). The games' name columns are formulas looking up the players'
    names, so the players' names size them."""
    names = [row.get("Name") for row in players_table.rows]
    groups = [row.get("Group") for row in players_table.rows]
    blocks = []
    for table, columns in (
        (players_table, (("Name", names), ("Group", groups))),
        (games_table, (("White Name", names), ("Black Name", names))),
    ):
        header = sheets.grid(table.sheet)[table.header_row - 1]
        where = {str(v).strip().casefold(): c + 1 for c, v in enumerate(header) if v is not None}
        widths = tuple(
            (where[name.casefold()], typed_width(name, values))
            for name, values in columns
            if name.casefold() in where
        )
        if widths:
            blocks.append(WriteBlock(table.sheet, table.header_row, 1, [], widths=widths))
    return blocks


def camper_chart_choice(sheets: Sheets, players_table: Table) -> tuple[list[WriteBlock], str]:
    """B1 of ``Camper Chart`` set to the first camper on ``Ladder Players`` when it names none
    of them (the template's sample camper left in a camp's own book printed two empty charts,
    issue 34), or to the camper it names a letter off (``Finn Garsia`` for ``Finn Garcia``:
    :func:`~ratingbook.core.rules.close_name`), and the line saying so; nothing when it names
    one, or there is no such sheet or no camper. Column B is widened to the longest name the
    dropdown offers, whichever is picked (``Amelia Fitzgerald-Montgomery`` printed as
    ``Amelia Fitzgerald-Mon``, issue 34), as the input sheets' name columns are
    (:func:`input_widths`)."""
    actual = sheets.actual(CAMPER_CHART)
    names = [str(n).strip() for n in (row.get("Name") for row in players_table.rows) if n]
    if actual is None or not names:
        return [], ""
    blocks = [WriteBlock(actual, 1, 1, [], widths=((2, camper_name_width(names)),))]
    grid = sheets.grid(actual)
    chosen = grid[0][1] if grid and len(grid[0]) > 1 else None
    shown = "" if chosen is None else str(chosen).strip()
    if shown.casefold() in {n.casefold() for n in names}:
        return blocks, ""
    said = f"B1 named {shown!r}, who is not" if shown else "B1 was empty, no camper"
    meant = close_name(shown, player_spellings(names)) if shown else ""
    chosen_as = (
        f"{meant!r}, the camper it names a letter off"
        if meant
        else f"{names[0]!r}, the first camper"
    )
    line = f"{actual}: {said} on '{players_table.sheet}': set to {chosen_as}"
    return [WriteBlock(actual, 1, 2, [[meant or names[0]]]), *blocks], line


def camper_chart_axes(
    sheets: Sheets, axes: tuple[tuple[str, tuple[float, float, float]], ...]
) -> list[WriteBlock]:
    """The ``Camper Chart``'s charts given the rating ``axes`` (title, axis) of the whole camp
    (:attr:`~ratingbook.workbook.sheets.charts.Progress.camper_axes`): B1 shows any camper, and
    changes without a recalc (printed, its week-by-week chart ran 0-1000, user test 48); nothing
    when there is no such sheet. The file back ends write them
    (:attr:`~ratingbook.workbook.port.book.WriteBlock.value_axes`); the button in Excel and
    xlwings Server and Lite, which cannot change a chart, keep the template's."""
    actual = sheets.actual(CAMPER_CHART)
    if actual is None or not axes:
        return []
    return [WriteBlock(actual, 1, 1, [], value_axes=axes)]


#: The most new campers a run names one by one; more (a camp's first recalc) are counted in one
#: line by group: 60 lines, one per camper, printed as one line of 10,384 characters (issue 34).
NEW_CAMPERS_NAMED = 3


def _row_runs(rows: Sequence[int]) -> str:
    """Rows as runs: ``2-41, 45``."""
    runs: list[list[int]] = []
    for row in sorted(rows):
        if runs and row == runs[-1][-1] + 1:
            runs[-1].append(row)
        else:
            runs.append([row])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def new_camper_lines(outcome: ladder.LadderOutcome) -> tuple[str, ...]:
    """What a run says of the new campers whose empty StWkPerm it filled (never silently): each
    by name, or, more than :data:`NEW_CAMPERS_NAMED` of them, one line counting them by group
    (the rows say which)."""
    new = set(outcome.new_campers)
    players = [p for p in outcome.players if p.id in new]
    if len(players) <= NEW_CAMPERS_NAMED:
        return tuple(
            f"new camper {p.name or p.id!r} (ID {p.id}, row {p.where.row if p.where else '?'}): "
            f"StWkPerm was empty, set to {p.start_permanent}, the Initial Ladder Rating of group "
            f"{p.group!r}, where the weekly Rating starts"
            for p in players
        )
    rows = [p.where.row for p in players if p.where is not None and p.where.row is not None]
    groups: dict[str, list[ladder.LadderPlayer]] = {}
    for p in players:
        groups.setdefault(ladder.group_key(p.group), []).append(p)
    counted = ", ".join(
        f"{members[0].group!r} {members[0].start_permanent} ({many(len(members), 'camper')})"
        for members in groups.values()
    )
    return (
        f"{many(len(players), 'new camper')} (rows {_row_runs(rows)}): StWkPerm was empty, set to "
        f"their group's Initial Ladder Rating, where the weekly Rating starts: {counted}",
    )


def games_twice_lines(outcome: ladder.LadderOutcome) -> tuple[str, ...]:
    """What a run says of two rows of the week's games that look like one game typed twice
    (:func:`~ratingbook.core.rules.same_game`: the same two players, either colours, the same
    result), each later row with the first row it repeats: both count, since campers may play
    a rematch, but never silently (the desk's rule for a game reported twice)."""
    names = {p.id: p.name or str(p.id) for p in outcome.players}
    first: dict[object, ladder.LadderGame] = {}
    lines: list[str] = []
    for game, _ in outcome.history.ratings():
        key = game_key(game.white, game.black, game.result)
        earlier = first.setdefault(key, game)
        if key is None or earlier is game or game.where is None or earlier.where is None:
            continue
        lines.append(
            f"{game.where.sheet}: rows {earlier.where.row} and {game.where.row} look like one "
            f"game typed twice ({names[earlier.white]} - {names[earlier.black]} "
            f"{earlier.result.value}: the same players, the same result): both count; if it "
            "is not a rematch, delete one row"
        )
    return tuple(lines)


def ladder_generated(
    outcome: ladder.LadderOutcome,
    after: str,
    week: int = 1,
    weeks: Mapping[int, Mapping[int, int | float]] | None = None,
    groups: Sequence[str] = (),
    by_group: bool = False,
) -> tuple[list[GeneratedSheet], tuple[tuple[str, tuple[float, float, float]], ...]]:
    """Ladder Standings, Rating History, and the charts of week ``week`` with their numbers;
    and the ``Camper Chart``'s rating axes (:func:`camper_chart_axes`).

    ``weeks`` gives each player's end-of-week Rating of past weeks (ID -> week -> Rating);
    ``groups`` orders the charts (Camp Groups' order), and the posted list when ``by_group``.
    """
    title = week_label(week)
    grid = ladder_standings_grid(outcome, groups if by_group else None)
    standings = report_sheet(grid, after, title)
    assert standings.print_setup is not None  # report_sheet's sheets always print
    posted = replace(
        standings,
        print_setup=replace(
            standings.print_setup,
            font_size=POSTED_TYPE,
            # By group, each group has its own page (the grid's sections) instead.
            one_page=not grid.sections,
            least_size=POSTED_LEAST,
        ),
    )
    history = report_sheet(rating_history_grid(outcome), LADDER_STANDINGS, title)
    progress = ladder_progress(LADDER_PROGRESS, groups, ladder_paths(outcome, weeks), week)
    charts, data = chart_sheets(
        LADDER_CHARTS,
        progress,
        # A line no wider than a chart: a longer one would widen the printed page.
        intro=f"Each camper's Rating game by game and week by week (see '{LADDER_PROGRESS}').",
        after=RATING_HISTORY,
        title=title,
    )
    return [posted, history, charts, data], progress.camper_axes


def posted_by_group(sheets: Sheets) -> bool:
    """Whether ``Ladder Settings`` asks for the posted list by group (camp_week's rule)."""
    if sheets.actual(LADDER_SETTINGS.sheet) is None:
        return False
    return read_posted_list(read(sheets, LADDER_SETTINGS))


def group_names(sheets: Sheets) -> list[str]:
    """The groups in Camp Groups' order (the order of the charts)."""
    return [str(row.get("Group")).strip() for row in read(sheets, CAMP_GROUPS).rows]


def plan_ladder(
    sheets: Sheets, week: int = 1, weeks: Mapping[int, Mapping[int, int | float]] | None = None
) -> Plan:
    """Recalculate week ``week`` (``weeks``: past end-of-week Ratings, for the charts)."""
    players_table, games_table, outcome, _ = ladder_outcome(sheets)
    chosen, said = camper_chart_choice(sheets, players_table)
    generated, axes = ladder_generated(
        outcome, games_table.sheet, week, weeks, group_names(sheets), posted_by_group(sheets)
    )
    return Plan(
        blocks=(
            *ladder_result_blocks(players_table, outcome),
            *input_widths(sheets, players_table, games_table),
            *chosen,
            *camper_chart_axes(sheets, axes),
        ),
        sheets=tuple(generated),
        summary=(
            f"ladder: {many(sum(p.active for p in outcome.players), 'active player')}, "
            f"{many(len(outcome.history), 'game')} replayed",
            *new_camper_lines(outcome),
            *games_twice_lines(outcome),
            *([said] if said else []),
        ),
    )
