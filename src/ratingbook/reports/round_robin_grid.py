"""A round robin's crosstable: the classic square, players down and across by start number.

Row ``i``, column ``j`` holds the result of player ``i`` against player ``j``, seen from
player ``i``: ``1``, ``½``, ``0``, ``+``/``-`` for a forfeit, empty while the game is not
played or its round not counted yet (the standings' rounds, as every view); a double round
robin shows both games, the first cycle's first (``1 ½``). The diagonal,
where a player would meet himself, is ``X``. After the columns: the player's points and rank
(the standings' rank, tie-breaks included). Pure: a grid; the planner decides where it goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ratingbook.events.event import SwissEvent
from ratingbook.reports.names import SWISS_CROSSTABLE
from ratingbook.reports.swiss_grids import POINTS_FORMAT, RESULT_SIGNS, Shown
from ratingbook.reports.tables import SheetGrid, centred_columns

__all__ = ["round_robin_crosstable"]

#: The diagonal's cell: a player does not meet himself.
DIAGONAL = "X"


def _points(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def round_robin_crosstable(event: SwissEvent, ranks: Mapping[str, int]) -> SheetGrid:
    """The square crosstable of the round robin ``event`` (see the module text)."""
    shown = Shown.of(event)
    order = event.start_order
    index = {p.name: i for i, p in enumerate(order)}
    cells: list[list[list[str]]] = [[[] for _ in order] for _ in order]
    counted = event.standings_round  # the standings' rounds: the cells add up to the points
    for entry in sorted(event.entries, key=lambda e: e.round):
        if entry.black is None or entry.round > counted:
            continue
        white, black = index[entry.white], index[entry.black]
        signs = ("", "") if entry.result is None else RESULT_SIGNS[entry.result]
        cells[white][black].append(signs[0] or "·")
        cells[black][white].append(signs[1] or "·")
    points = event.standings_points()
    rows = []
    for i, player in enumerate(order):
        line = [
            DIAGONAL if i == j else (" ".join(cells[i][j]).replace("·", "").strip() or None)
            for j in range(len(order))
        ]
        rows.append(
            (*shown.cells(player.name), *line, _points(points[player.name]), ranks.get(player.name))
        )
    header = (*shown.header, *(str(n) for n in range(1, len(order) + 1)), "Points", "Rank")
    first = len(shown.header)
    widths = {header.index("Name"): 22, **{first + j: 4.5 for j in range(len(order))}}
    if event.settings.cycles == 2:
        widths.update({first + j: 6.0 for j in range(len(order))})
    formats = {first + len(order): POINTS_FORMAT}
    return SheetGrid(
        SWISS_CROSSTABLE,
        header,
        rows,
        number_formats=formats,
        widths=widths,
        centred=centred_columns(header),
    )
