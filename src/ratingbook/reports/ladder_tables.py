"""The camp ladder's reports as tables, from a replayed week (a :class:`LadderOutcome`):

- ``Ladder Standings``: the list the camp posts on its wall, so it shows the posted rating only
  (the weekly Rating; the Permanent Rating is the staff's, on ``Ladder Players``): the active
  players, best first (Rating, then Permanent Rating, then the name), ranked by Rating (equal
  Ratings share a rank), with ID, name, group, and the week's games, wins, draws and losses;
  by group when the camp asks (each group together under a heading row naming it, in Camp
  Groups' order, ranked within it; printed, each group starts a page);
- the week's record (:func:`week_record_rows`): the same players in the same order, each at
  the rank the list posted (one ranking, :func:`_posted`; by group, the rank within the group,
  under the header :data:`GROUP_RANK`), with the Permanent Rating too: the workbook's
  ``Weekly Standings`` keeps it for every week that ends;
- ``Rating History``: every game of the week in the order replayed: the row of ``Ladder
  Games`` it came from, both players, the result, and both players' weekly and permanent
  ratings before and after it;
- each active player's rating path (start, after each game, end of each past week) for the
  progress charts, and an inactive camper's past weeks as ``Weekly Standings`` keeps them.

The figures are :func:`ratingbook.ratings.ladder.recalc_ladder`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.core.rules import RECORD, competition_ranks
from ratingbook.ratings.ladder import LadderOutcome
from ratingbook.reports.names import LADDER_STANDINGS, RATING_HISTORY
from ratingbook.reports.tables import PlayerPath, SheetGrid, centred_columns

__all__ = [
    "GROUP_RANK",
    "LADDER_STANDINGS_COLUMNS",
    "RATING_HISTORY_COLUMNS",
    "WEEK_RECORD_COLUMNS",
    "ladder_paths",
    "ladder_standings_grid",
    "rating_history_grid",
    "week_record_columns",
    "week_record_rows",
]

#: The week's record of every active player: Weekly Standings' columns, after the week's label.
WEEK_RECORD_COLUMNS = (
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
#: Ladder Standings' columns: the posted list shows the posted Rating only (SPEC: the weekly
#: Rating is posted, the Permanent Rating internal).
LADDER_STANDINGS_COLUMNS = tuple(c for c in WEEK_RECORD_COLUMNS if c != "Permanent Rating")
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


def _ranked(outcome: LadderOutcome) -> list[tuple[object, ...]]:
    """Every active player's record, best first, ranked over the camp (WEEK_RECORD_COLUMNS)."""
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
    return [
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


_RATING = WEEK_RECORD_COLUMNS.index("Rating")
_GROUP = WEEK_RECORD_COLUMNS.index("Group")
_POSTED = [WEEK_RECORD_COLUMNS.index(c) for c in LADDER_STANDINGS_COLUMNS]
#: Weekly Standings' rank column for a week posted by group: the rank each camper was posted
#: at is within his group, and the archive says so (a camper posted 1st of the Beginners was
#: archived 6th of the camp under "Rank", issue 34).
GROUP_RANK = "Group Rank"


def _posted(
    outcome: LadderOutcome, groups: Sequence[str] | None
) -> list[tuple[str | None, list[tuple[object, ...]]]]:
    """The records as the list posts them (the one ranking the posted list and the archive
    share): the whole camp, one section without a heading; with ``groups`` (Camp Groups'
    order), a section per group, headed by its name, each record ranked within its group."""
    records = _ranked(outcome)
    if groups is None:
        return [(None, records)]
    order = {group: n for n, group in enumerate(groups)}
    # sorted() keeps the camp's order within a group; a group not listed goes last.
    records = sorted(records, key=lambda r: order.get(str(r[_GROUP]), len(order)))
    sections: list[tuple[str | None, list[tuple[object, ...]]]] = []
    for group in dict.fromkeys(str(r[_GROUP]) for r in records):
        members = [r for r in records if str(r[_GROUP]) == group]
        ranks = competition_ranks([r[_RATING] for r in members])
        sections.append((group, [(rank, *r[1:]) for rank, r in zip(ranks, members, strict=True)]))
    return sections


def week_record_columns(by_group: bool = False) -> tuple[str, ...]:
    """The week's record's columns: :data:`WEEK_RECORD_COLUMNS`, its rank headed
    :data:`GROUP_RANK` for a week posted ``by_group``."""
    if not by_group:
        return WEEK_RECORD_COLUMNS
    return tuple(GROUP_RANK if c == "Rank" else c for c in WEEK_RECORD_COLUMNS)


def week_record_rows(
    outcome: LadderOutcome, groups: Sequence[str] | None = None
) -> list[tuple[object, ...]]:
    """The week's record (:func:`week_record_columns`): what Weekly Standings keeps, in the
    posted list's order and at its ranks (by group with ``groups``, as
    :func:`ladder_standings_grid`)."""
    return [r for _, records in _posted(outcome, groups) for r in records]


def ladder_standings_grid(outcome: LadderOutcome, groups: Sequence[str] | None = None) -> SheetGrid:
    """``Ladder Standings``: the posted list (see the module text); with ``groups`` (Camp
    Groups' order), by group: each group's players together under a heading row naming the
    group (a section: printed, each group starts a page), ranked within their group."""
    sections: list[int] = []
    rows: list[tuple[object, ...]] = []
    for heading, records in _posted(outcome, groups):
        if heading is not None:
            sections.append(len(rows))
            rows.append((heading, *[None] * (len(_POSTED) - 1)))
        rows += [tuple(r[c] for c in _POSTED) for r in records]
    return SheetGrid(
        LADDER_STANDINGS,
        LADDER_STANDINGS_COLUMNS,
        rows,
        number_formats={LADDER_STANDINGS_COLUMNS.index("Rating"): "0"},
        # Narrow: a list for the wall is printed one page wide, so every character of width
        # saved is type size gained.
        widths=dict(enumerate((5, 5, 18, 12, 7, 6, 5, 6, 7))),
        centred=centred_columns(LADDER_STANDINGS_COLUMNS),  # Rank and ID apart from the name
        sections=tuple(sections),
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
    # No column centred, the result's included: the history prints as it always has. The
    # names wrap within 18 units: too wide for a page, the history prints across pages with
    # both players' IDs and names on each (PrintSetup.laid_out), and two names of 37 letters
    # on one line left each page room for one rating column (9 pages wide, issue 34); at 18,
    # the 8 ratings and the result take 2 pages beside them (at 20, 3).
    return SheetGrid(
        RATING_HISTORY,
        RATING_HISTORY_COLUMNS,
        rows,
        widths={3: 18, 5: 18},
        wrapped=frozenset({3, 5}),
    )


def ladder_paths(
    outcome: LadderOutcome, weeks: Mapping[int, Mapping[int, int | float]] | None = None
) -> list[PlayerPath]:
    """Each active player's weekly Rating at the start and after each of their games, and an
    inactive camper's past weeks.

    ``weeks`` maps a player ID to their end-of-week Rating by week number (from the archive).
    A camper made inactive keeps the weeks the archive holds (a past week is drawn as
    ``Weekly Standings`` keeps it), with no point this week: no start, no game (user test 48:
    Isla, made inactive in week 3, left the charts with her weeks 1 and 2). An inactive player
    the archive holds no week of, or with no group to be charted in, has nothing to draw.
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
    past = weeks or {}
    return [
        PlayerPath(
            p.name,
            start.get(p.id, p.rating if p.rating is not None else 0) if p.active else None,
            tuple(games.get(p.id, ())),
            id=p.id,
            group=p.group,
            weeks=past.get(p.id),
        )
        for p in outcome.players
        if p.active or (past.get(p.id) and p.group.strip())
    ]
