"""The rating families a workbook can hold, and how a book's sheets say which are present.

This module alone decides which families exist (ladder, crikey, elo, swiss, team, a season's
rating list), which sheets make each one present, and that a family with some but not all of
its sheets is an error. Each family's planner lives in a module of its own (``ladder_plan.py``,
``crikey_plan.py``, ``elo_plan.py``, ``swiss_plan.py``, ``list_plan.py``); the ladder's week
(which week; a new week) is
``week_plan.py``. How a planner reads the book is ``reading.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ratingbook.core.tables import header_key
from ratingbook.errors import MissingSheetError
from ratingbook.workbook.sheets.schemas import (
    CAMP_GROUPS,
    CRIKEY_GAMES,
    CRIKEY_PLAYERS,
    ELO_GAMES,
    ELO_PLAYERS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LIST_GAMES,
    LIST_PLAYERS,
    SWISS_GAMES,
    SWISS_PLAYERS,
    TEAM_BOARDS,
    TEAM_MATCHES,
)

if TYPE_CHECKING:
    from ratingbook.workbook.port.book import Plan
    from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["FAMILIES", "Family", "families_present", "no_family_error"]


@dataclass(frozen=True, slots=True)
class Family:
    """A rating system: the sheets that make it present, and how it plans a recalc.

    Optional sheets (``Elo Settings``) are looked up by the family's planner itself.
    """

    name: str
    required: tuple[str, ...]
    plan: Callable[[Sheets], Plan]


# Each planner is imported when its family is in the book: a ladder run loads no Swiss, team or
# FIDE module.


def _ladder(sheets: Sheets) -> Plan:
    from ratingbook.workbook.plans.week_plan import plan_ladder_week

    return plan_ladder_week(sheets)


def _crikey(sheets: Sheets) -> Plan:
    from ratingbook.workbook.plans.crikey_plan import plan_crikey

    return plan_crikey(sheets)


def _elo(sheets: Sheets) -> Plan:
    from ratingbook.workbook.plans.elo_plan import plan_elo

    return plan_elo(sheets)


def _swiss(sheets: Sheets) -> Plan:
    from ratingbook.workbook.plans.swiss_plan import plan_swiss

    return plan_swiss(sheets)


def _team(sheets: Sheets) -> Plan:
    from ratingbook.workbook.plans.team_plan import plan_team

    return plan_team(sheets)


def _list(sheets: Sheets) -> Plan:
    from ratingbook.workbook.plans.list_plan import plan_list

    return plan_list(sheets)


FAMILIES: tuple[Family, ...] = (
    Family("ladder", (LADDER_PLAYERS.sheet, LADDER_GAMES.sheet, CAMP_GROUPS.sheet), _ladder),
    Family("crikey", (CRIKEY_PLAYERS.sheet, CRIKEY_GAMES.sheet), _crikey),
    Family("elo", (ELO_PLAYERS.sheet, ELO_GAMES.sheet), _elo),
    Family("swiss", (SWISS_PLAYERS.sheet, SWISS_GAMES.sheet), _swiss),
    Family("team", (TEAM_MATCHES.sheet, TEAM_BOARDS.sheet), _team),  # team events (issue 26)
    Family("list", (LIST_PLAYERS.sheet, LIST_GAMES.sheet), _list),  # a season's list (issue 35)
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
