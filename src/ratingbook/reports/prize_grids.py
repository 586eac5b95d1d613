"""The ``Prize List`` report: who receives which prize, a line for each shared tie, the
remainder rounding left, and the warnings; from the event's final standings (tie-break order,
as ``Swiss Standings`` ranks them) and the prizes the organiser typed. Pure."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ratingbook.events.event import SwissEvent
from ratingbook.events.prize_rules import Contestant, Prize, PrizeSettings
from ratingbook.events.prizes import PrizeList, Standing, award_prizes, money_text, points_text
from ratingbook.reports.names import PRIZE_LIST
from ratingbook.reports.swiss_grids import standings_grid
from ratingbook.reports.tables import SheetGrid, centred_columns

__all__ = ["event_prizes", "prize_grid", "prize_lines"]


#: The sheet's and the command's columns, and which of them the command aligns on the right
#: (the numbers; the words on the left).
_HEADER = ("Rank", "Name", "Points", "Prize", "Amount", "Object")
_RIGHT = frozenset({"Rank", "Points", "Amount"})


def _birth_year(birth: str) -> int | None:
    found = re.search(r"(\d{4})", birth)
    return int(found.group(1)) if found else None


def event_prizes(
    event: SwissEvent,
    prizes: Sequence[Prize],
    settings: PrizeSettings,
    clubs: Mapping[str, str] | None = None,
) -> tuple[PrizeList, list[Standing]]:
    """The prize list of ``event`` in the order of its standings."""
    grid, _ = standings_grid(event)
    at = grid.header.index("Name")
    points = event.standings_points()
    standings = [
        Standing(str(row[at]), i + 1, points[str(row[at])]) for i, row in enumerate(grid.rows)
    ]
    players = {
        p.name: Contestant(
            p.name,
            p.rating,
            _birth_year(p.birth),
            p.sex,
            p.federation,
            (clubs or {}).get(p.name, ""),
        )
        for p in event.players
    }
    start = event.settings.start_date
    return award_prizes(
        standings, players, prizes, settings, start.year if start else None
    ), standings


def prize_grid(result: PrizeList, standings: Sequence[Standing], stage: str = "") -> SheetGrid:
    """Rank, Name, Points, Prize, Amount, Object; then the ties, the remainder, the warnings.
    ``stage``: which rounds the standings count (:func:`~ratingbook.reports.stages.stage_text`),
    said in the title as every standings title says it."""
    points = {s.name: s for s in standings}
    rows: list[list[object]] = []
    for a in result.awards:
        s = points[a.name]
        amount: object = int(a.amount) if a.amount.denominator == 1 else float(a.amount)
        rows.append(
            [
                s.rank,
                a.name,
                points_text(s.points),
                a.label,
                amount if a.amount else None,
                a.item or None,
            ]
        )
    rows.append(
        [
            None,
            "Total",
            None,
            None,
            float(result.total) if result.total.denominator != 1 else int(result.total),
            None,
        ]
    )
    table = len(rows)  # the sentences follow the table's rows
    for line in result.ties:
        rows.append([None, line, None, None, None, None])
    if result.remainder:
        rows.append(
            [
                None,
                f"Left by rounding (for the organiser to assign): {money_text(result.remainder)}",
                None,
                None,
                None,
                None,
            ]
        )
    for warning in result.warnings:
        rows.append([None, f"Warning: {warning}", None, None, None, None])
    return SheetGrid(
        PRIZE_LIST,
        _HEADER,
        rows,
        number_formats={4: "#,##0.##"},
        widths={0: 6, 1: 28, 2: 8, 3: 22, 4: 12, 5: 24},
        # Below the table, each across its width (the web page: a paragraph under it).
        sentences=frozenset(range(table, len(rows))),
        note=f"{len(result.awards)} prizes, {money_text(result.total)} paid",
        title=f"Prize list {stage}".rstrip(),
        centred=frozenset({0, 2}) | centred_columns(_HEADER),
    )


def prize_lines(result: PrizeList, standings: Sequence[Standing]) -> list[str]:
    """The prize list as lines of text (``ratingbook prizes``): a table whose columns are as
    wide as their longest cell (a long name does not push the points aside), numbers aligned
    on the right, under a header; then the total under the amounts, the ties, the warnings."""
    rank = {s.name: s for s in standings}
    rows = [
        (
            str(rank[a.name].rank),
            a.name,
            points_text(rank[a.name].points),
            a.label,
            money_text(a.amount) if a.amount else "",
            a.item or "",
        )
        for a in result.awards
    ]
    rows.append(("", "", "", "total", money_text(result.total), ""))
    widths = [max(len(r[k]) for r in (_HEADER, *rows)) for k in range(len(_HEADER))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if h in _RIGHT else c.ljust(w)
            for c, w, h in zip(cells, widths, _HEADER, strict=True)
        ).rstrip()

    lines = [line(_HEADER), *(line(r) for r in rows)]
    lines += [f"  {tie}" for tie in result.ties]
    if result.remainder:
        lines.append(f"  left by rounding: {money_text(result.remainder)} (the organiser decides)")
    lines += [f"  warning: {w}" for w in result.warnings]
    return lines
