"""Undo of a camp's new week, as camp staff meet it (user test 47, findings 3, 5 and 6), and a
game naming an inactive camper (user test 48, finding 2).

A camper made inactive after the new week played in the week it archived: undo would bring those
games back, and a game may name only an active player (docs/reference/rules.md). The undo says
so, in those words, and names what was typed since, instead of a recalc error about rows that
now hold other games. A camp book is not a FIDE event: its undo's question has no level, and the
names beside the IDs (formulas) are never "typed since". The expected texts are built here from
the fixture's rows (tests/helpers/workbooks.py), by hand.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from tests.helpers.workbooks import LADDER_GAMES, ladder_sheets

from ratingbook.errors import InactivePlayerError, InputErrors, RatingbookError
from ratingbook.session import Done, NeedsConfirmation, NewWeek, Offer, Recalc, Session, Undo
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

MONDAY = dt.date(2026, 7, 6)
SETTINGS = [["Setting", "Value"], ["Week", 1]]
EVE_ACTIVE = ("Ladder Players", 6, 4)  # Eve (ID 5): row 6, column D
# Eve's week-1 games in the fixture: rows 5 (5-1), 6 (2-5) and 7 (5-1).
EVE_ROWS = "rows 5, 6 and 7"
NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve"}


def session(book: MemoryBook) -> Session:
    return Session(book, who="staff", now="2026-07-06T09:00:00Z", today=MONDAY)


def done(outcome: object) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def values(book: MemoryBook) -> dict[str, Any]:
    return {n: g for n, g in book.grids().items() if n != "Event History"}


def camp(games: list[list[Any]] | None = None) -> MemoryBook:
    """The fixture's ladder with its Week setting, recalculated, then a new week started."""
    sheets = ladder_sheets(games=games or LADDER_GAMES)
    book = MemoryBook({**sheets, "Ladder Settings": [list(r) for r in SETTINGS]})
    done(session(book).run(Recalc()))
    done(session(book).run(NewWeek()))
    return book


def set_eve_active(book: MemoryBook, active: bool) -> None:
    sheet, row, column = EVE_ACTIVE
    book.write_values(WriteBlock(sheet, row, column, [[active]]))


def test_undo_of_a_new_week_whose_games_name_a_camper_made_inactive_since_says_so() -> None:
    book = camp()
    set_eve_active(book, False)  # Eve left after the new week
    # Week 2's first game typed into row 2 (Ann beats Cat); week 1's row 2 was Ann-Ben.
    book.write_values(WriteBlock("Ladder Games", 2, 1, [[1, 3, "1-0"]]))
    typed = values(book)
    expected = (
        "nothing was changed: undoing New week would bring back week 1's games, and a game may "
        f"name only an active player: player 5 ('Eve') played in them ({EVE_ROWS} of "
        "'Ladder Games' once they are back) and was made inactive since (sheet "
        "'Ladder Players', row 6, column D (Active)). To undo, set Active back to TRUE and undo "
        "again (make the player inactive once the new week has started), or keep New week as "
        "it is; typed since, which that undo clears when confirmed with --confirm (a redo gives "
        "them back): 'Ladder Games' A2 1, 'Ladder Games' B2 3, 'Ladder Games' C2 '1-0'"
    )
    for offer in (None, Offer(1, "--confirm")):
        with pytest.raises(RatingbookError) as raised:
            session(book).run(Undo(), offer=offer)
        assert not isinstance(raised.value, InputErrors)
        assert str(raised.value) == expected
        assert values(book) == typed  # nothing written
    # As it says: Eve active again, the undo asks about the typed game, then gives week 1 back.
    set_eve_active(book, True)
    asked = session(book).run(Undo())
    assert isinstance(asked, NeedsConfirmation)
    done(asked.resume("--confirm"))
    games = values(book)["Ladder Games"]
    assert [list(r[:3]) for r in games[1:7]] == [list(r) for r in LADDER_GAMES[1:]]


def test_a_recalc_naming_a_camper_made_inactive_mid_week_says_what_to_do() -> None:
    sheets = ladder_sheets()
    players = [list(r) for r in sheets["Ladder Players"]]
    players[5][3] = False  # Eve, row 6, after her three games of the week
    book = MemoryBook({**sheets, "Ladder Players": players})
    with pytest.raises(InputErrors) as raised:
        session(book).run(Recalc())
    said = (
        "player 5 ('Eve') is not active (sheet 'Ladder Players', row 6, column D (Active)), "
        "but this week's games name them: a camper who leaves during the week stays Active = "
        "TRUE until the new week archives the games; set it back to TRUE until then, or "
        "correct or delete this game"
    )
    assert [str(e) for e in raised.value.errors] == [
        f"sheet 'Ladder Games', row 5, column A (White): {said}",
        f"sheet 'Ladder Games', row 6, column B (Black): {said}",
        f"sheet 'Ladder Games', row 7, column A (White): {said}",
    ]


def test_a_game_naming_a_camper_who_left_at_the_new_week_asks_first_for_the_id() -> None:
    """User test 48, finding 2: Eve left at the new week (Active = FALSE once it started, as
    the guide says), and a week-2 game is typed with her ID 5. She has no game counted this
    week (the new week set her StWkPerm to her Permanent Rating): the ID is most likely
    mistyped, so the message says that first and setting Active back only second."""
    book = camp()
    set_eve_active(book, False)
    book.write_values(WriteBlock("Ladder Games", 2, 1, [[5, 2, "(1-0)"]]))
    players = values(book)["Ladder Players"]
    assert players[5][5] == players[5][6]  # Eve's Permanent Rating = StWkPerm (F6 = G6)
    typed = values(book)
    with pytest.raises(InactivePlayerError) as raised:  # the one problem of the book
        session(book).run(Recalc())
    assert str(raised.value) == (
        "sheet 'Ladder Games', row 2, column A (White): player 5 ('Eve') is not active (sheet "
        "'Ladder Players', row 6, column D (Active)) and has no game counted this week "
        "(Permanent Rating = StWkPerm): check the ID typed here first, and correct it or delete "
        "this game; only if the camper did play it, set Active back to TRUE until the new week "
        "archives the week's games"
    )
    assert values(book) == typed  # nothing written


def test_a_camp_books_undo_asks_in_plain_words_and_names_no_formula_as_typed() -> None:
    """The template's White Name and Black Name are formulas: Excel shows the names of
    whatever IDs are typed. They are never "typed since", and the question has no level."""
    header = [*LADDER_GAMES[0], "White Name", "Black Name"]
    games = [header, *([*r, NAMES[r[0]], NAMES[r[1]]] for r in LADDER_GAMES[1:])]
    book = camp(games)
    # Week 2's first game, and the names the formulas then show (Cat, not week 1's Ben).
    book.write_values(WriteBlock("Ladder Games", 2, 1, [[1, 3, "1-0", "Ann", "Cat"]]))
    asked = session(book).run(Undo())
    assert isinstance(asked, NeedsConfirmation)
    [act] = asked.acts
    assert (act.name, act.level) == ("Undo New week", 0)
    assert act.warning == (
        "undo takes back New week, cell by cell; it clears what was typed since in the rows it "
        "added or the cells it emptied: 'Ladder Games' A2 1, 'Ladder Games' B2 3, "
        "'Ladder Games' C2 '1-0' (a redo "
        "gives them back); everything else typed since stays"
    )
    refused = str(asked.refusal("run again with --confirm"))
    assert refused == (
        "nothing was changed: Undo New week: " + act.warning + " -- to go on, run again with "
        "--confirm"
    )
    undone = done(asked.resume("--confirm"))
    assert not any("kept as typed since" in line for line in undone.summary)
