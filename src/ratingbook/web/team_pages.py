"""A team event's published pages, rendered with the individual site's templates: the team
standings (``index.html``), the team crosstable, each round's matches and boards
(``round-N.html``) and the players' board prizes and board results (``players.html``), with
the notes that explain the ranking and the pairing. Every table shows a grid of
:mod:`ratingbook.reports.team_grids`: a round's with each result between its two sides, the
board results as a table per team; the rest as they are. A round's notes explain it on the
results it was paired on, the sentence below its matches saying what was corrected since
(:func:`~ratingbook.events.as_paired.as_paired_lists`), and the page of the round whose result
was corrected says when (:func:`~ratingbook.events.as_paired.corrected_since`), as an
individual event's pages do.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import replace

from ratingbook.events.as_paired import as_paired_lists, corrected_since
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.team import TeamEvent
from ratingbook.fide.gacrux.team_tiebreaks import TeamStandings, team_standings
from ratingbook.reports.stages import counted_text
from ratingbook.reports.tables import SheetGrid
from ratingbook.reports.team_grids import (
    board_prizes_grid,
    board_results_grid,
    round_pairings_grid,
    team_crosstable_grid,
    team_stage,
    team_standings_grid,
)
from ratingbook.reports.team_notes import match_notes, rank_notes
from ratingbook.web.pages import Cell, Page, Table, column_classes, select
from ratingbook.web.rendering import render_pages

__all__ = ["render_team_site", "team_pages"]


#: Columns of a percentage: one decimal in every row (``62.5`` beside ``33.3``), never a
#: point's ``½``.
_PERCENT = frozenset({"%"})


def _cell(value: object, header: str = "") -> Cell:
    if value is None:
        return Cell("")
    if header in _PERCENT and isinstance(value, int | float):
        return Cell(f"{value:.1f}", number=True)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, float):
        whole, frac = divmod(value, 1)
        text = (str(int(whole)) if whole else "") + "½" if frac == 0.5 else str(value)
        return Cell(text or "½", number=True)
    return Cell(str(value), number=isinstance(value, int))


def _table(
    grid: SheetGrid, caption: str, row_header: int | None = None, detail: tuple[str, ...] = ()
) -> Table:
    rows = tuple(
        tuple(_cell(v, h) for v, h in zip(row, grid.header, strict=True)) for row in grid.rows
    )
    classes = column_classes(grid.header, detail, whole=("Result", "Score"))
    return Table(caption, tuple(grid.header), rows, row_header, classes)


#: A round's columns on its page: each board's result between its two players, as on an
#: individual event's round page; on a phone, match, board, White, result and Black fit.
_ROUND_COLUMNS = ("Match", "Board", "White", "Result", "Black")


def _team_results(event: TeamEvent) -> tuple[Table, ...]:
    """The board-by-board results, a table per team (the team its caption): a person looks
    for his own team's, and without a Team column (and the colour left out on a phone) the
    opponent and score fit beside the player."""
    grid = board_results_grid(event)
    at = grid.header.index("Team")
    rest = [h for h in grid.header if h != "Team"]
    tables = []
    for team in dict.fromkeys(str(row[at]) for row in grid.rows):
        mine = [row for row in grid.rows if row[at] == team]
        part = select(SheetGrid(grid.name, grid.header, mine), rest)
        tables.append(_table(part, f"{team}: board-by-board results", detail=("Colour",)))
    return tuple(tables)


#: The board prizes' columns on the page, a table per board: on a phone the rank, player
#: (the team under the name), games, points, % and performance fit; the forfeits apart are
#: left out there.
_PRIZE_COLUMNS = ("Rank", "Player", "Team", "Games", "Points", "%", "Performance", "Unplayed")
#: The performance's header on the page, short: "Performance" alone was wider than its
#: figures, and pushed them off a 390 px phone (the sentences under the tables say it whole).
_PERFORMANCE = "Perf."


def _board_prizes(event: TeamEvent, standings: TeamStandings) -> tuple[Table, ...]:
    """The board prizes, a table per board (the board its caption), the rule's sentences
    under the last: a person looks for a board's ranking, and without a Board column every
    figure of the prize fits beside the player on a phone."""
    grid = board_prizes_grid(event, standings)
    said = tuple(str(grid.rows[i][2]) for i in sorted(grid.sentences))
    rows = [row for i, row in enumerate(grid.rows) if i not in grid.sentences]
    stage = counted_text(standings.after_round)
    tables = []
    for board in dict.fromkeys(int(str(row[0])) for row in rows):
        mine = [row for row in rows if row[0] == board]
        part = select(SheetGrid(grid.name, grid.header, mine), _PRIZE_COLUMNS)
        table = _table(part, f"Board {board} prizes {stage}", 1, detail=("Team", "Unplayed"))
        # On a phone the team is the player's second line, its column left out.
        player, team = _PRIZE_COLUMNS.index("Player"), _PRIZE_COLUMNS.index("Team")
        cells = tuple(
            tuple(replace(c, sub=row[team].text) if i == player else c for i, c in enumerate(row))
            for row in table.rows
        )
        header = tuple(_PERFORMANCE if h == "Performance" else h for h in table.header)
        tables.append(replace(table, header=header, rows=cells, compact=True))
    if tables:
        tables[-1] = replace(tables[-1], after=said)
    return tuple(tables)


def team_pages(
    event: TeamEvent,
    title: str,
    standings: TeamStandings | None = None,
    log: Sequence[LogEntry] = (),
) -> list[Page]:
    """Every page of the team event's site (``standings``: the event's, if computed; ``log``:
    its log, which says on which results each round was paired)."""
    standings = team_standings(event) if standings is None else standings
    as_paired = as_paired_lists(event, log)
    corrected = corrected_since(event, log)
    pages = [
        Page(
            "index.html",
            f"{title}: standings",
            f"Team standings {team_stage(event, standings)}",
            (
                replace(
                    _table(
                        team_standings_grid(event, standings),
                        "Team standings",
                        2,
                        # on a phone: rank, team, MP, GP and every tie-break (user test 49:
                        # the tie-breaks were off the screen)
                        detail=("No.", "Rating"),
                    ),
                    compact=True,
                ),
            ),
            notes=tuple(rank_notes(event, standings)),
        ),
        Page(
            "crosstable.html",
            f"{title}: crosstable",
            f"Team crosstable {counted_text(standings.after_round)}",
            (_table(team_crosstable_grid(event, standings), "Team crosstable", 2),),
        ),
    ]
    for number in range(1, event.paired_rounds + 1):
        view, said = as_paired.get(number, (event, ""))
        below = tuple(s for s in (said, corrected.get(number, "")) if s)
        pages.append(
            Page(
                f"round-{number}.html",
                f"{title}: round {number}",
                f"Round {number}",
                (
                    replace(
                        _table(
                            select(round_pairings_grid(event, number), _ROUND_COLUMNS),
                            f"Round {number} matches",
                        ),
                        compact=True,
                        after=below,
                    ),
                ),
                notes=tuple(match_notes(view, number)),
            )
        )
    pages.append(
        Page(
            "players.html",
            f"{title}: players",
            "Players by board",
            (*_board_prizes(event, standings), *_team_results(event)),
        )
    )
    return pages


def render_team_site(
    event: TeamEvent, title: str, today: _dt.date | None = None, log: Sequence[LogEntry] = ()
) -> dict[str, str]:
    """Every file of the team event's site by name: the pages and the stylesheet (a team event
    has no prize list, norms or contenders pages yet); ``log``: the event's log."""
    credit = "FIDE C.04.6 pairing and C.07 tie-breaks computed by gacrux."
    standings = team_standings(event)
    stage = team_stage(event, standings)
    pages = team_pages(event, title, standings, log)
    return render_pages(pages, title, event.paired_rounds, credit, today=today, stage=stage)
