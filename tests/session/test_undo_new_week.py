"""Undo of a camp's new week once the new week's games are typed and recalculated (user test 48,
finding 1): the undo refused, saying rows of 'Ladder Players' were moved, when none was.

Two campers who end week 1 alike (each won one game from the same start) are left alike by the
new week: Rating back to the group's, StWkPerm up to the same permanent rating. One of them
then plays in week 2 and the recalc rewrites that camper's Rating. The camper's row is where it
was, so the undo asks the guide's question (docs/guides/camp-staff.md: the games typed since
named, cleared once confirmed) and gives the book back cell for cell as it was before the new
week; its redo gives the week-2 book back. The books compared are the ones the test held before
each step, never an output of ratingbook's taken as the answer.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.helpers.workbooks import ladder_sheets

from ratingbook.session import Done, NeedsConfirmation, NewWeek, Recalc, Redo, Session, Undo
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

MONDAY = dt.date(2026, 7, 6)
PLAYERS = [
    ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
    *([n, name, "Juniors", True, 1000, 1000, 1000] for n, name in enumerate("ABCDE", start=1)),
]
# Week 1: A beats B, C beats D, from the same ratings: A and C end alike, as do B and D.
WEEK_1 = [["White", "Black", "Result"], [1, 2, "(1-0)"], [3, 4, "(1-0)"]]
# Week 2's first game, in row 2: E - A, A wins with Black (every cell unlike week 1's row 2).
WEEK_2_GAME = [5, 1, "(0-1)"]


def session(book: MemoryBook) -> Session:
    return Session(book, who="staff", now="2026-07-06T09:00:00Z", today=MONDAY)


def done(outcome: object) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def values(book: MemoryBook) -> dict[str, Any]:
    """Every sheet but the history, an empty one as none (a sheet the new week made, such as
    'Games Archive', stays empty once it is undone: a book cannot lose a sheet)."""
    return {
        n: g
        for n, g in book.grids().items()
        if n != "Event History" and any(v not in (None, "") for row in g for v in row)
    }


def test_undo_of_a_new_week_after_a_recalculated_game_asks_and_gives_the_week_back() -> None:
    sheets = ladder_sheets(players=PLAYERS, games=WEEK_1)
    book = MemoryBook({**sheets, "Ladder Settings": [["Setting", "Value"], ["Week", 1]]})
    done(session(book).run(Recalc()))
    week_1 = values(book)
    players = week_1["Ladder Players"]
    assert players[1][4:6] == players[3][4:6] and players[1][4] != 1000  # A and C alike
    done(session(book).run(NewWeek()))
    book.write_values(WriteBlock("Ladder Games", 2, 1, [WEEK_2_GAME]))
    done(session(book).run(Recalc()))
    week_2 = values(book)
    assert week_2["Ladder Players"][1][4] != 1000  # A's Rating: the recalc's, not the reset

    asked = session(book).run(Undo())
    assert isinstance(asked, NeedsConfirmation), asked  # not "rows ... were moved since"
    [act] = asked.acts
    assert act.warning == (
        "undo takes back New week, cell by cell; it clears what was typed since in the rows it "
        "added or the cells it emptied: 'Ladder Games' A2 5, 'Ladder Games' B2 1, "
        "'Ladder Games' C2 '(0-1)' (a redo gives them back); everything else typed since stays"
    )
    assert values(book) == week_2  # nothing written before the confirmation
    undone = done(asked.resume("--confirm"))
    assert not any("kept as typed since" in line for line in undone.summary)
    assert values(book) == week_1

    done(session(book).run(Redo()))
    assert values(book) == week_2
