"""The camp ladder's reports as tables, from a replayed week (a :class:`LadderOutcome`):

- ``Ladder Standings``: the active players, best first (Rating, then Permanent Rating, then the
  name), ranked by Rating (equal Ratings share a rank): ID, name, group, both ratings, and the
  week's games, wins, draws and losses. The workbook's ``Weekly Standings`` keeps these rows
  for every week that ends;
- ``Rating History``: every game of the week in the order replayed: the row of ``Ladder
  Games`` it came from, both players, the result, and both players' weekly and permanent
  ratings before and after it;
- each active player's rating path (start, after each game, end of each past week) for the
  progress charts.

The figures are :func:`ratingbook.ratings.ladder.recalc_ladder`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from ratingbook.core.rules import RECORD, competition_ranks
from ratingbook.ratings.ladder import LadderOutcome
from ratingbook.reports.names import LADDER_STANDINGS, RATING_HISTORY
from ratingbook.reports.tables import PlayerPath, SheetGrid, centred_columns

__all__ = [
    "LADDER_STANDINGS_COLUMNS",
    "RATING_HISTORY_COLUMNS",
    "ladder_paths",
    "ladder_standings_grid",
    "rating_history_grid",
]

#: Ladder Standings' columns (and, after the week's label, Weekly Standings').
LADDER_STANDINGS_COLUMNS = (
    "Rank",
    "ID",
    "Name",
    "Group",
    "Rating",
    "Permanent Rating",
    "Games",
    "Wins",
    "Draws",
    "Losses",
)
RATING_HISTORY_COLUMNS = (
    "Game",
    "Games Row",
    "White ID",
    "White",
    "Black ID",
    "Black",
    "Result",
    "White Rating Before",
    "White Rating After",
    "Black Rating Before",
    "Black Rating After",
    "White Permanent Before",
    "White Permanent After",
    "Black Permanent Before",
    "Black Permanent After",
)


def ladder_standings_grid(outcome: LadderOutcome) -> SheetGrid:
    """``Ladder Standings``: the active players, best first (see the module text)."""
    tally: dict[int, list[int]] = {p.id: [0, 0, 0] for p in outcome.players}
    for game, _ in outcome.history.ratings():
        white_column, black_column = RECORD[game.result]
        tally[game.white][white_column] += 1
        tally[game.black][black_column] += 1
    active = [p for p in outcome.players if p.active]
    active.sort(
        key=lambda p: (-(p.rating or 0), -(p.permanent_rating or 0), p.name.casefold(), p.id)
    )
    ranks = competition_ranks([p.rating for p in active])
    rows = [
        (
            rank,
            p.id,
            p.name,
            p.group,
            p.rating,
            p.permanent_rating,
            sum(tally[p.id]),
            *tally[p.id],
        )
        for rank, p in zip(ranks, active, strict=True)
    ]
    return SheetGrid(
        LADDER_STANDINGS,
        LADDER_STANDINGS_COLUMNS,
        rows,
        number_formats={4: "0", 5: "0"},
        widths={2: 24, 3: 14, 5: 17},
        centred=centred_columns(LADDER_STANDINGS_COLUMNS),  # Rank and ID apart from the name
    )


def rating_history_grid(outcome: LadderOutcome) -> SheetGrid:
    """``Rating History``: every game replayed, with both players' ratings before and after."""
    names = {p.id: p.name for p in outcome.players}
    rows = [
        (
            n,
            game.where.row if game.where else None,
            game.white,
            names[game.white],
            game.black,
            names[game.black],
            f"({game.result.value})",
            *ratings,
        )
        for n, (game, ratings) in enumerate(outcome.history.ratings(), start=1)
    ]
    # No column centred, the result's included: the history prints as it always has.
    return SheetGrid(RATING_HISTORY, RATING_HISTORY_COLUMNS, rows, widths={3: 20, 5: 20})


def ladder_paths(
    outcome: LadderOutcome, weeks: Mapping[int, Mapping[int, int | float]] | None = None
) -> list[PlayerPath]:
    """Each active player's weekly Rating at the start and after each of their games.

    ``weeks`` maps a player ID to their end-of-week Rating by week number (from the archive).
    """
    games: dict[int, list[int]] = {}
    start: dict[int, int] = {}
    for game, trace in outcome.history.ratings():
        # Trace: White before/after, Black before/after (weekly), then the same permanent.
        for player, before, after in (
            (game.white, trace[0], trace[1]),
            (game.black, trace[2], trace[3]),
        ):
            start.setdefault(player, before)
            games.setdefault(player, []).append(after)
    return [
        PlayerPath(
            p.name,
            start.get(p.id, p.rating if p.rating is not None else 0),
            tuple(games.get(p.id, ())),
            id=p.id,
            group=p.group,
            weeks=(weeks or {}).get(p.id),
        )
        for p in outcome.players
        if p.active
    ]
