"""The end-of-event tables of a workbook: the ``Prizes`` sheet read (columns Place, Category,
Amount, Object; the settings ``Prize Sharing``, ``Prize Step`` and ``One Prize Each`` in ``Swiss
Settings``; an optional ``Club`` column in ``Swiss Players``) and the tables due for an event:
``Prize List`` when the book has a Prizes sheet, ``Norms`` when the event is FIDE-rated,
``Contenders`` in the last :data:`CONTENDERS_ROUNDS` rounds (earlier, nearly everyone can still
win and the answer costs seconds a round in a large open; ``ratingbook contenders`` asks any
time). None of them while an adjourned game of a finished event has no result (FIDE's
checklist, Q161 and Q169: :func:`~ratingbook.events.adjourned.end_refusal`): a book's sheet of
them from an earlier run then holds one line saying why, naming the games, so that no earlier
answer stays on it. A bad Prizes row stops the reading with every problem named
(sheet, Excel row, column); a category no player is in is a warning. The sheets the planner
writes from them are :mod:`ratingbook.workbook.plans.end_plan`'s; the web site and the commands read
the same tables from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratingbook.core import fields
from ratingbook.core.cells import text
from ratingbook.core.tables import Column, TableSpec
from ratingbook.errors import RatingbookError
from ratingbook.events.adjourned import end_refusal
from ratingbook.events.event import SwissEvent
from ratingbook.events.prize_rules import Prize, PrizeSettings, prize_settings
from ratingbook.reports.names import CONTENDERS, NORMS, PRIZE_LIST
from ratingbook.reports.tables import SheetGrid
from ratingbook.workbook.sheets.prize_rows import read_prizes
from ratingbook.workbook.sheets.reading import Sheets, read

__all__ = [
    "CONTENDERS_ROUNDS",
    "PRIZES",
    "EndInputs",
    "book_prizes",
    "end_grids",
    "read_end_inputs",
]

#: The Contenders sheet is written before each of the event's last this many rounds.
CONTENDERS_ROUNDS = 3

PRIZES = TableSpec(
    "Prizes",
    (
        Column("Place", aliases=("Prize", "Rank", "No.")),
        Column("Category", required=False, aliases=("Class", "Section"), field=fields.CATEGORY),
        Column("Amount", required=False, aliases=("Money", "Cash", "Value")),
        Column("Object", required=False, aliases=("Item", "Trophy", "Prize Object")),
    ),
)
#: The optional ``Club`` column of Swiss Players, for club and team prizes.
_CLUBS = TableSpec(
    "Swiss Players",
    (
        Column("Name", field=fields.NAME),
        Column("Club", required=False, aliases=("Team", "Club/Team")),
    ),
)


@dataclass(frozen=True, slots=True)
class EndInputs:
    """What the end-of-event reports read besides the event: the prizes (None: no Prizes
    sheet), their settings, each player's club."""

    prizes: tuple[Prize, ...] | None
    settings: PrizeSettings
    clubs: dict[str, str]


def book_prizes(sheets: Sheets) -> tuple[Prize, ...] | None:
    """The prizes of the Prizes sheet, in its order (every bad row reported); None: the book
    has no Prizes sheet."""
    if sheets.actual(PRIZES.sheet) is None:
        return None
    return read_prizes(read(sheets, PRIZES).rows)


def read_end_inputs(sheets: Sheets, event: SwissEvent) -> EndInputs:
    """The Prizes sheet (every bad row reported), the prize settings and the clubs."""
    settings = prize_settings(event.settings.end_of_event, event.settings.places)
    prizes = book_prizes(sheets)
    if prizes is None:
        return EndInputs(None, settings, {})
    clubs: dict[str, str] = {}
    table = read(sheets, _CLUBS)
    for row in table.rows:
        name = text(row.get("Name"), row.where, "Name", required=False)
        club = text(row.get("Club"), row.where, "Club", required=False)
        if name and club:
            clubs[name] = club
    return EndInputs(prizes, settings, clubs)


def end_grids(
    sheets: Sheets,
    event: SwissEvent,
    *,
    in_book: bool = True,
    order: Sequence[str] | None = None,
) -> tuple[list[SheetGrid], list[str]]:
    """The end-of-event tables due for ``event`` and the run's summary lines about them.
    ``in_book``: for the workbook, whose Contenders sheet from an earlier run, when the sheet
    is not due now, gets one line saying why instead of keeping its old answer. ``order``: the
    names in the standings' order, when the run has them (the standings are not ranked again)."""
    from ratingbook.events.event_contenders import (
        finished_games,
        playable_rounds_note,
        round_asked,
    )
    from ratingbook.reports.contender_grids import (
        EVENT_OVER,
        contender_grid,
        event_chances,
        not_shown_grid,
    )
    from ratingbook.reports.prize_grids import event_prizes, prize_grid
    from ratingbook.reports.stages import stage_text

    refused = end_refusal(event)
    if refused is not None:  # the run's summary says it (the standings' provisional line)
        old = (n for n in _TITLES if in_book and sheets.actual(n) is not None)
        return [_withheld(name, refused.problem) for name in old], []
    inputs = read_end_inputs(sheets, event)
    grids: list[SheetGrid] = []
    summary: list[str] = []
    if inputs.prizes is not None:
        result, standings = event_prizes(event, inputs.prizes, inputs.settings, inputs.clubs)
        grids.append(prize_grid(result, standings, stage_text(event.round_state())))
        summary.append(f"prize list: {grids[-1].note}")
        summary += [f"warning: {w}" for w in result.warnings]
    if event.settings.rated:
        from ratingbook.fide.rules.norm_event import event_norms
        from ratingbook.reports.norm_grids import norm_grid

        grids.append(norm_grid(event, event_norms(event)))
        summary.append(f"norms: {grids[-1].note}")
    planned = event.rounds_planned
    why = ""  # why a Contenders sheet from an earlier run is not brought up to date
    if planned is not None and event.entries:
        try:
            asked = round_asked(event)
        except RatingbookError:
            asked, why = 0, EVENT_OVER
        if asked > planned - CONTENDERS_ROUNDS:
            try:
                before, found = event_chances(event, order=order)
            except RatingbookError:
                before, found = 0, []  # nobody is left to ask about
            if found:
                finished = finished_games(event, before)
                limit = playable_rounds_note(event)
                grids.append(contender_grid(before, found, finished, limit))
                summary.append(f"contenders {grids[-1].note}")
        elif asked:
            why = (
                f"Who can still win is shown in the last {CONTENDERS_ROUNDS} rounds (from "
                f"round {planned - CONTENDERS_ROUNDS + 1}); 'ratingbook contenders' asks any time."
            )
    if why and in_book and sheets.actual(CONTENDERS) is not None:
        grids.append(not_shown_grid(why))
    return grids, summary


#: Each end-of-event sheet's title while it shows nothing.
_TITLES = {PRIZE_LIST: "Prize list", NORMS: "Title norms", CONTENDERS: "Who can still win"}


def _withheld(name: str, why: str) -> SheetGrid:
    """The end-of-event sheet ``name`` of a book that has one from an earlier run, while none
    may be shown: one line saying why."""
    from ratingbook.reports.contender_grids import not_shown_grid

    if name == CONTENDERS:
        return not_shown_grid(why)
    return SheetGrid(
        name,
        ("Not shown",),
        [[why]],
        widths={0: 100},
        wrapped=frozenset({0}),
        sentences=frozenset({0}),
        note=why,
        title=_TITLES[name],
    )
