"""A camp's game at the desk that the book already holds, and a player who reports again
after the staff's decision (user test 48, the camp director's results desk).

1. Grace - Ava 1-0 was typed in ``Ladder Games``; Grace reported it on the desk, the staff
   accepted it and the take said only "1 result taken into the book", where the next recalc
   warned "rows 2 and 10 look like one game typed twice". The guide: a game typed twice is
   "counted twice, but never silently" (``core.rules.same_game``: the same two players, either
   colours, the same winner). Now the staff's queue flags the game, naming the book's row,
   before the take; the take says so; and once taken the queue names both rows, as the recalc
   does.
2. Game #3 Isla - Kira: Isla reported 0-1, Kira 1-0, the staff corrected it to 0-1; Kira then
   sent 0-1 for Isla - Kira and her phone said only "reported: it waits". A camper may play
   another twice an evening, so it is a new game, but her phone now says which game she
   reported before and what the staff did with it.

The template's ``Ladder Games`` holds typed games: its row 2 is Maya Okafor (ID 1) - Priya
Nair (ID 3) 1-0 (read here with openpyxl, not with ratingbook).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.desk.desk_books import template

from ratingbook.desk import Desk


@pytest.fixture
def camp(tmp_path: Path) -> tuple[Desk, Path, dict[str, str]]:
    book = template(tmp_path, "ladder")
    desk = Desk.open(book)
    return desk, book, dict(desk.players())


def _typed(book: Path) -> list[tuple[int, object, object, object]]:
    """The rows of Ladder Games holding a game: (Excel row, White, Black, Result)."""
    sheet = openpyxl.load_workbook(book)["Ladder Games"]
    return [
        (n, *line[:3])
        for n, line in enumerate(sheet.iter_rows(values_only=True), start=1)
        if n > 1 and line[0] not in (None, "")
    ]


def _doubt(desk: Desk, item_id: int) -> str:
    return next(q.doubt for q in desk.queue() if q.id == item_id)


@pytest.mark.parametrize("colours", ["same", "swapped"])
def test_a_game_typed_in_the_book_and_reported_is_named_before_and_after_the_take(
    camp: tuple[Desk, Path, dict[str, str]], colours: str
) -> None:
    desk, book, names = camp
    typed = _typed(book)
    assert typed[0] == (2, 1, 3, "(1-0)")  # Maya Okafor - Priya Nair 1-0, typed in row 2
    next_row = typed[-1][0] + 1  # where a take adds its row: under the table's last one
    maya, priya = "1", "3"
    if colours == "same":
        ack = desk.report_game(desk.player_code(maya), maya, priya, "(1-0)", origin="phone")
        white, black, result = names[maya], names[priya], "(1-0)"
    else:  # the other player, the colours the wrong way round: the same winner
        ack = desk.report_game(desk.player_code(priya), priya, maya, "(0-1)", origin="phone")
        white, black, result = names[priya], names[maya], "(0-1)"
    game = f"{white} - {black} {result}"
    assert _doubt(desk, ack.item_id) == (
        f"already in the book? Ladder Games row 2 holds the same players and result ({game}): "
        "a take adds it again and both count; if it is the same game, reject this one"
    )
    desk.accept(ack.item_id, by="staff")
    desk.release(None, by="staff")
    outcome = desk.take()
    assert outcome.taken == 1
    assert outcome.messages == (
        "1 result taken into the book",
        f"game #{ack.item_id} {game} went in beside Ladder Games row 2, with the same players "
        "and result: both count; if it is not a rematch, delete one row (the recalc names both)",
    )
    assert _typed(book)[-1][0] == next_row
    assert _doubt(desk, ack.item_id) == (
        f"Ladder Games: rows 2 and {next_row} look like one game typed twice ({game}: the same "
        "players, the same result): both count; if it is not a rematch, delete one row"
    )


def test_a_game_only_the_desk_took_is_not_said_to_be_in_the_book_twice(
    camp: tuple[Desk, Path, dict[str, str]],
) -> None:
    desk, book, _ = camp
    tom, priya = "2", "3"  # no game of theirs is typed in the template
    assert not [r for r in _typed(book) if {r[1], r[2]} == {2, 3}]
    ack = desk.report_game(desk.player_code(tom), tom, priya, "(1-0)", origin="phone")
    desk.accept(ack.item_id, by="staff")
    desk.release(None, by="staff")
    assert desk.take().messages == ("1 result taken into the book",)
    assert [(q.status, q.doubt) for q in desk.queue()] == [("taken", "")]


@pytest.mark.parametrize(
    ("act", "taken", "became"),
    [
        ("correct", False, "the staff corrected it to (0-1)"),
        ("correct", True, "the staff corrected it to (0-1), and it is in the book"),
        ("reject", False, "the staff rejected it"),
    ],
)
def test_a_player_reporting_again_after_the_staff_decided_is_told_what_became_of_it(
    camp: tuple[Desk, Path, dict[str, str]], act: str, taken: bool, became: str
) -> None:
    desk, _, names = camp
    isla, kira = "3", "4"  # Priya Nair and Lucas Moreau play the part
    first = desk.report_game(desk.player_code(isla), isla, kira, "(0-1)", origin="Isla")
    second = desk.report_game(desk.player_code(kira), isla, kira, "(1-0)", origin="Kira")
    assert second.item_id == first.item_id  # the other player's report: the same game
    if act == "correct":
        desk.correct(first.item_id, "(0-1)", by="staff")
    else:
        desk.reject(first.item_id, by="staff", reason="they disagree")
    if taken:
        desk.release(None, by="staff")
        assert desk.take().taken == 1
    again = desk.report_game(desk.player_code(kira), isla, kira, "(0-1)", origin="Kira")
    assert again.item_id != first.item_id  # a camper may play another twice an evening
    n = first.item_id
    assert again.doubt == (
        f"You already reported game #{n} with {names[isla]} this evening ({names[isla]} - "
        f"{names[kira]}): {became}. This report is a new game: if you played {names[isla]} "
        f"again, nothing more to do; if it is game #{n} again, tell the staff."
    )
