"""The rows of the ``Prizes`` sheet: what a prize row says, and the row of a prize.

This module decides how a row of ``Prizes`` is read: ``Place`` (a whole number of 1 or more),
``Category`` (blank, or Place / Overall / General / Open: the general place list; else a
category as :func:`ratingbook.events.prize_rules.parse_category` reads it), ``Amount`` (money,
not negative) and ``Object`` (a trophy, a book); a row needs an amount or an object, blank rows
are skipped, and two prizes for the same place of the same list are an error. Every problem is
reported at once, each naming its cell. It also decides the cells a prize is typed back as
(:func:`prize_cells`: what ``trf import`` writes of a file's prizes). Who may win a prize is
:mod:`ratingbook.events.prize_rules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ratingbook.core.cells import is_blank, text, whole_number
from ratingbook.core.tables import Row
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError
from ratingbook.events.prize_rules import Prize, list_category, money, money_value

__all__ = ["PRIZE_COLUMNS", "prize_cells", "read_prizes"]

#: The columns of ``Prizes`` this module reads (and :func:`prize_cells` fills).
PRIZE_COLUMNS = ("Place", "Category", "Amount", "Object")


def read_prizes(rows: Iterable[Row]) -> tuple[Prize, ...]:
    """The prizes of ``Prizes`` rows (columns ``Place``, ``Category``, ``Amount``, ``Object``);
    blank rows are skipped and every problem is reported at once."""
    problems = Problems()
    prizes: list[Prize] = []
    seen: dict[tuple[str, int], Location] = {}
    for row in rows:
        values = [row.get(c) for c in PRIZE_COLUMNS]
        if all(is_blank(v) for v in values):
            continue
        try:
            prizes.append(_read_prize(row))
        except RatingbookError as error:
            problems.append(error)
            continue
        prize = prizes[-1]
        if prize.key in seen:
            first = seen[prize.key]
            problems.append(
                InvalidValueError(
                    f"a second prize for {prize.label} (the first is on row {first.row}): "
                    "give each place of a list one row (an amount and/or an object)",
                    row.where,
                    "Place",
                )
            )
        else:
            seen[prize.key] = row.where
    problems.check()
    return tuple(prizes)


def _read_prize(row: Row) -> Prize:
    where = row.where
    problems = Problems()
    place = 0
    try:
        place = whole_number(row.get("Place"), where, "Place", "a place (1, 2, ...)", low=1)
    except RatingbookError as error:
        problems.append(error)
    category = None
    try:
        written = text(row.get("Category"), where, "Category", required=False)
        category = list_category(written, where)
    except RatingbookError as error:
        problems.append(error)
    amount = Fraction(0)
    if not is_blank(row.get("Amount")):
        try:
            amount = money(row.get("Amount"), where, "Amount")
            if amount < 0:
                raise InvalidValueError(
                    f"{row.get('Amount')!r}: a prize cannot be negative", where, "Amount"
                )
        except RatingbookError as error:
            problems.append(error)
    item = text(row.get("Object"), where, "Object", required=False)
    prize = Prize(place, category, amount, item, where)
    if not problems and prize.empty:
        problems.append(
            InvalidValueError("the prize has neither an amount nor an object", where, "Amount")
        )
    problems.check()
    return prize


def prize_cells(prize: Prize) -> dict[str, object]:
    """The cells of ``prize``'s row, by column, as they are typed: the place a number, a blank
    category for the place list, the amount a number (blank when the prize is only an object),
    the object's text (blank when none). Read again, they give the same prize."""
    category = prize.category.name if prize.category is not None else None
    amount = money_value(prize.amount) if prize.amount else None
    return dict(
        zip(PRIZE_COLUMNS, (prize.place, category, amount, prize.item or None), strict=True)
    )
