"""The rating report of a FIDE-rated event as plain grids (``FIDE Rated`` in Swiss Settings):

- ``Rating Report``: a line a player: start number, name, FIDE ID, rating, K (and why), rated
  games, score, expected score, the change K x sum(Delta R) exactly and rounded (B.02 8.3.2 and
  8.3.4), the rating after this event alone, the opponents' average Ra and the performance Rp;
  for an unrated player, under ``New Rating``, the rating these games alone would give (8.2),
  the note tracing it (the two 1800 draws, the average and score with them, dp) and saying
  when FIDE would not publish it yet (7.1.4); the notes wrapped on their player's line;
- ``Rating Games``: a line a rated game of each player: round, colour, opponent and rating, the
  rating the 400-point rule counts, score, expected score PD, Delta R and K x Delta R;
- the standings' ``Rtg+/-`` and ``Rp`` columns.

The figures are :mod:`ratingbook.fide.rules.rating_report`'s. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from ratingbook.fide.rules.rating_report import PlayerReport, RatingReport
from ratingbook.reports.names import RATING_GAMES, RATING_REPORT
from ratingbook.reports.tables import NOTE_WIDTH, SheetGrid, centred_columns

__all__ = ["rating_games_grid", "rating_report_grid", "with_rating_columns"]

#: The standings' columns: the rounded change and the performance.
CHANGE, PERFORMANCE = "Rtg+/-", "Rp"


def _number(value: Fraction | Decimal | None) -> int | float | None:
    if value is None:
        return None
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return float(value)


def _average(line: PlayerReport) -> int | None:
    ratings = [g.opponent_rating for g in line.games]
    if not ratings:
        return None
    whole, rest = divmod(sum(ratings), len(ratings))
    return whole + (2 * rest >= len(ratings))


def _note_width(rows: Sequence[Sequence[object]]) -> int:
    """The notes' column, wrapped: as wide as its longest note (a character a unit, the
    cell's padding besides) up to :data:`NOTE_WIDTH`, so that short notes keep a round
    robin's table on one page and a long one (an unrated player's) wraps on its player's line
    within the page: run on past the table, it printed cut at the page's edge and its end on
    a page of its own, the first rating parted from its player (user test)."""
    longest = max((len(str(row[-1] or "")) for row in rows), default=0)
    return min(NOTE_WIDTH, longest + 2)


def rating_report_grid(report: RatingReport) -> SheetGrid:
    header = (
        "No.", "Name", "FIDE ID", "Rating", "K", "Games", "Score", "Expected", "Change",
        "Rtg+/-", "New Rating", "Ra", "Rp", "Note",
    )  # fmt: skip
    rows = []
    for line in report.players:
        rows.append(
            (
                line.number,
                line.name,
                line.player.fide_id,
                line.player.rating or None,
                line.k,
                len(line.games),
                _number(line.score),
                _number(line.expected),
                _number(line.change_exact),
                line.change,
                # an unrated player's first rating, the note saying so (8.2)
                line.new_rating if line.initial is None else line.initial,
                _average(line),
                line.performance,
                line.note or line.k_why,
            )
        )
    formats = {6: "0.0", 7: "0.00", 8: "0.00", 9: "+0;-0;0"}
    return SheetGrid(
        RATING_REPORT,
        header,
        rows,
        number_formats=formats,
        widths={1: 24, 13: _note_width(rows)},
        note=report.rules.title,
        centred=centred_columns(header),
        wrapped=frozenset({13}),
    )


def rating_games_grid(report: RatingReport) -> SheetGrid:
    header = (
        "No.", "Name", "Round", "Colour", "Opponent", "Opp. Rating", "Counted As", "Score",
        "Expected", "Delta R", "K", "K x Delta R",
    )  # fmt: skip
    rows = []
    for line in report.players:
        for game in line.games:
            delta = game.delta
            rows.append(
                (
                    line.number,
                    line.name,
                    game.round,
                    "White" if game.colour == "w" else "Black",
                    game.opponent,
                    game.opponent_rating,
                    game.counted_rating if game.counted_rating != game.opponent_rating else None,
                    _number(game.score),
                    _number(game.expected),
                    _number(delta),
                    line.k,
                    None if delta is None or line.k is None else _number(line.k * delta),
                )
            )
    formats = {7: "0.0", 8: "0.00", 9: "0.00", 11: "0.00"}
    return SheetGrid(
        RATING_GAMES, header, rows, number_formats=formats, widths={1: 24, 4: 24},
        note=report.rules.title, centred=centred_columns(header),
    )  # fmt: skip


def with_rating_columns(grid: SheetGrid, report: RatingReport) -> SheetGrid:
    """The standings with ``Rtg+/-`` (the rounded change) and ``Rp`` after the last column."""
    name = grid.header.index("Name")
    # over the whole event (an event over 30 days: every period's games, B.02)
    rows = [
        (*row, report.change_of(str(row[name])), report.performance_of(str(row[name])))
        for row in grid.rows
    ]
    width = len(grid.header)
    header = (*grid.header, CHANGE, PERFORMANCE)
    return SheetGrid(
        grid.name,
        header,
        rows,
        number_formats={**grid.number_formats, width: "+0;-0;0", width + 1: "0"},
        widths=grid.widths,
        note=f"{grid.note}; rating changes by the {report.rules.title}",
        centred=grid.centred | centred_columns(header),
        tiebreaks=grid.tiebreaks,
    )
