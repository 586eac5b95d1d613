"""The ``Contenders`` report: before a round, every player who can still finish first, how,
and (one line) how many cannot; as a grid for the sheet, the printout and the site. Every view
asks through :func:`event_chances`, which hands a round robin its Berger table. Pure."""

from __future__ import annotations

from collections.abc import Sequence

from ratingbook.events.contenders import Contender, describe
from ratingbook.events.event import SwissEvent
from ratingbook.events.event_contenders import event_contenders
from ratingbook.events.prizes import points_text
from ratingbook.reports.names import CONTENDERS
from ratingbook.reports.stages import live_text
from ratingbook.reports.swiss_grids import standings_grid
from ratingbook.reports.tables import SheetGrid, centred_columns

__all__ = ["contender_grid", "contender_lines", "event_chances", "not_shown_grid", "when"]

_HEADER = ("Name", "Points", "At most", "Chances", "What it takes (points only)")
_WIDTHS = {0: 24, 1: 8, 2: 8, 3: 16, 4: 56}  # a landscape page at 9 points


#: "before round 7", or "in round 7, 12 games over (counted as they ended)" while it is being
#: played: the points every line shows include those games (its one home: reports.stages).
when = live_text


def event_chances(
    event: SwissEvent, before: int | None = None, order: Sequence[str] | None = None
) -> tuple[int, list[Contender]]:
    """:func:`~ratingbook.events.event_contenders.event_contenders`, a round robin's later
    rounds read from its Berger table (C.05 Annex 1): they are known, so its answers are exact.
    Players on the same points are listed as the standings list them (``order``: the names in
    the standings' order, when the caller has them: :attr:`EventGrids.order`)."""
    schedule = None
    if event.settings.round_robin:
        from ratingbook.fide.gacrux import berger_schedule  # gacrux loads only when needed

        schedule = berger_schedule(event)
    if order is None:
        grid, _ = standings_grid(event)
        name = grid.header.index("Name")
        order = [str(row[name]) for row in grid.rows]
    return event_contenders(event, before, schedule, list(order))


def _verdict(c: Contender) -> str:
    """The Chances column: "can win alone", and "(game over)" when his game of the round
    being played is over (:func:`~ratingbook.events.contenders.game_over`)."""
    over = " (game over)" if c.over else ""
    if c.alone:
        return "can win alone" + over
    if c.shared:
        return "can share first" + over
    if c.shared is None:
        return "open" + over
    return "cannot" + over


def _scenario_rows(c: Contender) -> list[list[object]]:
    """The scenarios, a condition a row ("Kosten beats Berg" / "and Adams and Cole draw"),
    each further scenario opening with "or:", so the column prints narrow; each row names its
    player, so that a row read alone (on the next page, or on a page of its own when the table
    is printed across pages) says whose condition it is."""
    rows: list[list[object]] = []
    for number, scenario in enumerate(c.scenarios or (c.needs,)):
        parts = scenario.split(", and ")
        for k, part in enumerate(parts):
            text = part if k == 0 else f"and {part}"
            if k == 0 and number > 0:
                text = f"or: {text}"
            rows.append([c.name, None, None, None, text])
    return rows


#: What the Contenders sheet and ``ratingbook contenders`` say once every round is played.
EVENT_OVER = "The event is over: who could still win is no longer asked."


def not_shown_grid(why: str) -> SheetGrid:
    """The sheet of a book that has one from an earlier run when who can still win is not
    shown now: one line saying why, so that no earlier answer stays on it."""
    return SheetGrid(
        CONTENDERS,
        _HEADER,
        [[why, None, None, None, None]],
        widths=_WIDTHS,
        wrapped=frozenset({3, 4}),
        sentences=frozenset({0}),
        note=why,
        title="Who can still win",
        centred=frozenset({1, 2}) | centred_columns(_HEADER),
    )


def contender_grid(
    before: int, found: Sequence[Contender], finished: int = 0, limit: str = ""
) -> SheetGrid:
    """Rows for each player who can still finish first (or may, depending on pairings): his
    line, then a row for each condition of each scenario, each with his name; then, below the
    table and across it, while the round is played a sentence saying the games over are
    counted, and a sentence saying how many cannot and why the first of them cannot
    (issue 34: written in the table's last column beside an empty name, it widened the
    published page to about 1,650 pixels at 1,280); ``limit``: why fewer rounds than planned
    are counted (:func:`~ratingbook.events.event_contenders.playable_rounds_note`)."""
    rows: list[list[object]] = []
    out = [c for c in found if c.shared is False]
    for c in found:
        if c.shared is False:
            continue
        detail = _scenario_rows(c)
        first = detail[0][4] if detail else c.needs
        rows.append([c.name, points_text(c.points), points_text(c.maximum), _verdict(c), first])
        rows += detail[1:]
    table = len(rows)  # the sentences follow the table's rows
    if limit:
        rows.append([f"{limit}.", None, None, None, None])
    if finished:
        # Said on the sheet itself too, not only in its printed title (end-of-event.md).
        said = when(before, finished)
        rows.append(
            [
                f"{said[0].upper()}{said[1:]}: Points and At most include them; only the "
                "games still going are open.",
                None,
                None,
                None,
                None,
            ]
        )
    if out:
        rows.append(
            [
                describe(out[0])
                if len(out) == 1
                else f"{len(out)} players cannot finish first (e.g. {describe(out[0])})",
                None,
                None,
                None,
                None,
            ]
        )
    return SheetGrid(
        CONTENDERS,
        _HEADER,
        rows,
        widths=_WIDTHS,
        wrapped=frozenset({3, 4}),
        # Below the table, across its width (the web page: a paragraph under it).
        sentences=frozenset(range(table, len(rows))),
        note=f"{when(before, finished)}: {len(found) - len(out)} can still finish first",
        title=f"Who can still win {when(before, finished)}",
        centred=frozenset({1, 2}) | centred_columns(_HEADER),
        # More than the standings count while the round is played: its page says so.
        counts=when(before, finished) if finished else "",
    )


def contender_lines(
    before: int, found: Sequence[Contender], finished: int = 0, limit: str = ""
) -> list[str]:
    """The report as lines of text (``limit``: as :func:`contender_grid`'s, said first)."""
    said = when(before, finished)
    lines = [f"{limit}."] if limit else []
    lines += [
        f"{said[0].upper()}{said[1:]}, on points (where players finish level, tie-breaks decide):"
    ]
    lines += [f"  {describe(c)}" for c in found if c.shared is not False]
    for c in found:
        if c.shared is False:
            lines.append(f"  {describe(c)}")
    return lines
