"""The rating families a workbook can hold, and how a book's sheets say which are present.

This module alone decides which families exist (ladder, crikey, elo, swiss, team), which sheets make
each one present, and that a family with some but not all of its sheets is an error. Each
family's planner lives in a module of its own (``ladder_plan.py``, ``crikey_plan.py``,
``elo_plan.py``, ``swiss_plan.py``); the ladder's week (which week; a new week) is
``week_plan.py``. How a planner reads the book is ``reading.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ratingbook.core.tables import header_key
from ratingbook.errors import MissingSheetError
from ratingbook.workbook import crikey_plan, elo_plan, ladder_plan, swiss_plan, team_plan, week_plan
from ratingbook.workbook.book import Plan
from ratingbook.workbook.reading import Sheets

__all__ = ["FAMILIES", "Family", "families_present", "no_family_error"]


@dataclass(frozen=True, slots=True)
class Family:
    """A rating system: the sheets that make it present, and how it plans a recalc.

    Optional sheets (``Elo Settings``) are looked up by the family's planner itself.
    """

    name: str
    required: tuple[str, ...]
    plan: Callable[[Sheets], Plan]


FAMILIES: tuple[Family, ...] = (
    Family("ladder", ladder_plan.REQUIRED, week_plan.plan_ladder_week),
    Family("crikey", crikey_plan.REQUIRED, crikey_plan.plan_crikey),
    Family("elo", elo_plan.REQUIRED, elo_plan.plan_elo),
    Family("swiss", swiss_plan.REQUIRED, swiss_plan.plan_swiss),
    Family("team", team_plan.REQUIRED, team_plan.plan_team),  # team events (issue 26)
)


def families_present(sheet_names: Sequence[str]) -> list[Family]:
    """The families with at least one of their required sheets in the book.

    A family with some but not all of its sheets is an error naming the missing sheet.
    """
    keys = {header_key(n) for n in sheet_names}
    present: list[Family] = []
    for family in FAMILIES:
        have = [s for s in family.required if header_key(s) in keys]
        if not have:
            continue
        missing = [s for s in family.required if header_key(s) not in keys]
        if missing:
            raise MissingSheetError(
                f"the workbook has sheet {have[0]!r} but no sheet {missing[0]!r}, "
                f"which the {family.name} needs"
            )
        present.append(family)
    return present


def no_family_error() -> MissingSheetError:
    """The error for a book holding none of the families' sheets."""
    wanted = "; ".join(", ".join(repr(s) for s in f.required) for f in FAMILIES)
    return MissingSheetError(f"no ratingbook sheets found; expected one of these sets: {wanted}")
