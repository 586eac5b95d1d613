"""Undo and redo of the acts no Event Log records: a camp ladder's new week, a players update
(and of a team event's pairing, which its Event Log records, cell for cell all the same).

The book before and after each act is the one the test built and ran; what undo must give back
is that book cell for cell (the hidden ``Event History`` aside), and what was typed since is
never lost: it is named and confirmed, and a redo gives it back (issue #33).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from tests.helpers.paths import ROOT
from tests.helpers.workbooks import ladder_sheets

from ratingbook import templates
from ratingbook.fide.rules.rating_list import ListedPlayer, RatingListScan
from ratingbook.files.backends import open_book
from ratingbook.session import (
    Done,
    NeedsConfirmation,
    NewWeek,
    Offer,
    Pair,
    Recalc,
    Redo,
    Session,
    Undo,
    UpdatePlayers,
)
from ratingbook.templates.trf_book import book_from_trf
from ratingbook.workbook.port.book import Book, FileBook, WriteBlock
from ratingbook.workbook.port.grid_book import MemoryBook

MONDAY = dt.date(2026, 7, 6)
Grids = dict[str, list[list[Any]]]


def session(book: Book) -> Session:
    return Session(book, who="staff", now="2026-07-06T09:00:00Z", today=MONDAY)


def done(outcome: object) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def without_history(book: MemoryBook) -> Grids:
    """Every sheet's values, trailing empty cells and rows dropped, the undo store aside, and
    an empty sheet as none (a sheet an act made stays, emptied, after its undo: a Book adds
    sheets and never deletes one)."""
    out: Grids = {}
    for name, grid in book.grids().items():
        if name == "Event History":
            continue
        rows = [list(r) for r in grid]
        for row in rows:
            while row and row[-1] in (None, ""):
                row.pop()
        while rows and not rows[-1]:
            rows.pop()
        if rows:
            out[name] = rows
    return out


def recalculated_ladder() -> MemoryBook:
    book = MemoryBook(ladder_sheets())
    done(session(book).run(Recalc()))
    return book


def test_undo_of_a_new_week_gives_back_the_book_before_it_cell_for_cell() -> None:
    book = recalculated_ladder()
    before = without_history(book)
    done(session(book).run(NewWeek()))
    after = without_history(book)
    assert after != before  # the week was archived and its games emptied
    assert all(not any(r) for r in after["Ladder Games"][1:])
    undone = done(session(book).run(Undo()))
    assert undone.summary[0] == "undone: New week"
    assert without_history(book) == before
    done(session(book).run(Redo()))
    assert without_history(book) == after
    assert [(a, s) for _, s, a in session(book).history()] == [("New week", "done")]


def test_games_typed_after_a_new_week_are_named_and_come_back_with_its_redo() -> None:
    book = recalculated_ladder()
    before = without_history(book)
    done(session(book).run(NewWeek()))
    # Week 2's first game, typed into the first row the new week emptied (Ann beats Cat).
    book.write_values(WriteBlock("Ladder Games", 2, 1, [[1, 3, "1-0"]]))
    typed = without_history(book)
    asked = session(book).run(Undo())
    assert isinstance(asked, NeedsConfirmation)
    [act] = asked.acts
    # Week 1's row 2 was Ann (1) against Ben (2): Ann's ID was typed again, as it was, but the
    # game typed goes whole, so A2 is named with B2 and C2 (user test 49: only B2 was).
    assert "'Ladder Games' B2 3" in act.warning and "'Ladder Games' C2 '1-0'" in act.warning
    assert "'Ladder Games' A2 1" in act.warning
    assert without_history(book) == typed  # nothing written while it asks
    undone = done(asked.resume("confirm"))
    assert without_history(book) == before
    assert any("cleared (confirmed; a redo gives them back)" in line for line in undone.summary)
    done(session(book).run(Redo()))
    games = without_history(book)["Ladder Games"]
    assert games[1][:3] == [1, 3, "1-0"]  # the typed game is back, Ann's ID with it
    assert all(not any(r) for r in games[2:])


def test_a_players_update_is_undone_and_redone() -> None:
    book = MemoryBook(
        {
            "Swiss Settings": [["Setting", "Value"], ["Rounds", 5], ["Auto-pair", "Off"]],
            "Swiss Players": [
                ["No.", "Name", "Rating", "FIDE ID"],
                [1, "Anna", 2200, 1001],
                [2, "Boris", 2150, 1002],
            ],
            "Swiss Games": [["Round", "Board", "White", "Black", "Result"]],
        }
    )
    done(session(book).run(Recalc()))
    before = without_history(book)

    def scan(ids: set[int], kind: str) -> RatingListScan:
        listed = {1001: ListedPlayer(1001, "Anna", "NED", "w", "WIM", 2211, 20, 2001, 2)}
        return RatingListScan({i: p for i, p in listed.items() if i in ids}, "TXT", 1)

    done(session(book).run(UpdatePlayers(scan, "Standard")))
    players = without_history(book)["Swiss Players"]
    rating = players[0].index("Rating")
    assert players[1][rating] == 2211  # the list's rating, as ListedPlayer above says
    done(session(book).run(Undo()))
    assert without_history(book)["Swiss Players"] == before["Swiss Players"]
    done(session(book).run(Redo()))
    assert without_history(book)["Swiss Players"][1][rating] == 2211


def file_cells(book: FileBook) -> Grids:
    return without_history(MemoryBook({n: book.read_values(n) for n in book.sheet_names()}))


def test_a_team_pairing_is_undone_and_redone_cell_for_cell(tmp_path: Path) -> None:
    """A team event's pairing is a logged act (its Event Log, as an individual event's): it is
    undone cell for cell, in the package back end's file as the command line writes it, the
    log keeping the pairing and its undo, and redone."""
    path = tmp_path / "team.xlsx"
    path.write_bytes(templates.template_bytes("team"))
    book = open_book(str(path))
    before = file_cells(book)
    done(session(book).run(Pair()))
    paired = file_cells(book)
    assert len(paired["Team Matches"]) > len(before["Team Matches"])  # a round was appended
    done(session(book).run(Undo()))
    undone = file_cells(book)
    assert [row[2] for row in undone.pop("Event Log")[1:]] == ["Pairing", "Undo"]
    undone.pop("Event State")
    assert undone == before
    done(session(book).run(Redo()))
    redone = file_cells(book)
    assert [row[2] for row in redone.pop("Event Log")[1:]] == ["Pairing", "Undo", "Redo"]
    redone.pop("Event State")  # as the pairing left it, its digest the log's last row's
    assert redone == {n: g for n, g in paired.items() if n not in ("Event Log", "Event State")}


def test_a_new_week_started_by_raising_the_week_cell_is_undone_too() -> None:
    """Staff raise Week on 'Ladder Settings' from 1 to 2 and recalculate: that run starts the
    new week (camp_week's rule), and undo takes it back to the book as it was before the run,
    the raised Week cell included."""
    book = MemoryBook({**ladder_sheets(), "Ladder Settings": [["Setting", "Value"], ["Week", 1]]})
    done(session(book).run(Recalc()))
    book.write_values(WriteBlock("Ladder Settings", 2, 2, [[2]]))
    raised = without_history(book)
    done(session(book).run(Recalc()))
    assert "Games Archive" in without_history(book)
    assert [(a, s) for _, s, a in session(book).history()] == [("New week", "done")]
    done(session(book).run(Undo()))
    assert without_history(book) == raised


def test_the_first_correction_after_a_trf_import_is_undone_to_the_result_before_it() -> None:
    """An imported event's book keeps its snapshot: a result of round 5 corrected by hand is
    the one cell typed, not the whole round, and undo gives back the file's result (Kilkenny
    2011, round 5 board 2: Hebden beat Quinn, 1-0, as the TRF file says)."""
    data = (ROOT / "tests/data/trf/icu_kilkenny-masters_2011.tab").read_bytes()
    book = book_from_trf(data, "kilkenny.tab", check=False).book
    games = book.read_values("Swiss Games")
    header = games[0]
    row = next(
        r
        for r, line in enumerate(games, 1)
        if line[header.index("Round")] == 5 and line[header.index("Board")] == 2
    )
    assert games[row - 1][header.index("White")] == "Hebden,Mark"
    assert games[row - 1][header.index("Result")] == "1-0"
    before = without_history(MemoryBook({n: book.read_values(n) for n in book.sheet_names()}))
    book.write_values(WriteBlock("Swiss Games", row, header.index("Result") + 1, [["0-1"]]))
    done(session(book).run(Recalc(), offer=Offer(1, "--confirm")))
    done(session(book).run(Undo(), offer=Offer(1, "--confirm")))  # a level-3 act's undo
    after = without_history(MemoryBook({n: book.read_values(n) for n in book.sheet_names()}))
    assert after["Swiss Games"] == before["Swiss Games"]
    assert after["Swiss Players"] == before["Swiss Players"]
