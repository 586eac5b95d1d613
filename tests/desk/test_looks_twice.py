"""A ladder game reported again that looks like one reported the same evening (issue 36, the
fresh-clone user test after desk43): Tom sends Tom - Priya 1-0 twice, or Lucas reports Lucas -
Zoe 1-0 and Zoe reports Zoe - Lucas 0-1 (colours swapped, the same winner). Campers may play a
rematch, so each is a new game, but never silently: the phone's answer tells the player to tell
the staff if it is the same game, and the staff's queue marks the later game with the earlier
one's number so they can reject one. A rematch with another winner, or a game of another
evening, is marked nowhere."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest
from tests.desk.desk_books import template

from ratingbook.desk import CAMP, Desk


@pytest.fixture
def camp(tmp_path: Path) -> tuple[Desk, dict[str, str]]:
    desk = Desk.open(template(tmp_path, "ladder"))
    return desk, dict(desk.players())


def _marks(desk: Desk) -> list[tuple[int, str]]:
    return [(q.id, q.doubt) for q in desk.queue()]


def test_the_same_player_sending_the_same_game_twice_is_told_and_marked(
    camp: tuple[Desk, dict[str, str]],
) -> None:
    desk, names = camp
    tom, priya = list(names)[:2]
    code = desk.player_code(tom)
    first = desk.report_game(code, tom, priya, "(1-0)", origin="Tom")
    again = desk.report_game(code, tom, priya, "(1-0)", origin="Tom")
    assert again.item_id != first.item_id  # a rematch is possible: a new game all the same
    assert first.doubt == ""
    # The same player again: he is told which game he reported and where it stands.
    assert again.doubt == (
        f"You already reported game #{first.item_id} with {names[priya]} this evening "
        f"({names[tom]} - {names[priya]}): it waits for the other player or the staff. This "
        f"report is a new game: if you played {names[priya]} again, nothing more to do; if it "
        f"is game #{first.item_id} again, tell the staff."
    )
    assert _marks(desk) == [
        (first.item_id, ""),
        (again.item_id, f"same players as game #{first.item_id} this evening: a rematch, "
                        "or the same game twice?"),
    ]  # fmt: skip


def test_the_other_players_report_with_colours_swapped_is_told_and_marked(
    camp: tuple[Desk, dict[str, str]],
) -> None:
    desk, names = camp
    lucas, zoe = list(names)[2:4]
    first = desk.report_game(desk.player_code(lucas), lucas, zoe, "(1-0)", origin="Lucas")
    swapped = desk.report_game(desk.player_code(zoe), zoe, lucas, "(0-1)", origin="Zoe")
    assert swapped.item_id != first.item_id
    assert swapped.doubt == (
        f"{names[lucas]} already reported a game with you this evening ({names[lucas]} - "
        f"{names[zoe]} 1-0): if this is the same game, tell the staff."
    )
    assert _marks(desk)[1] == (
        swapped.item_id,
        f"same players as game #{first.item_id} this evening: a rematch, or the same game twice?",
    )
    desk.reject(swapped.item_id, by="staff", reason="the same game twice")
    assert _marks(desk) == [(first.item_id, ""), (swapped.item_id, "")]


def test_a_camp_code_game_sent_again_is_told(camp: tuple[Desk, dict[str, str]]) -> None:
    desk, names = camp
    a, b = list(names)[:2]
    desk.report_game(desk.player_code(CAMP), a, b, "(½-½)", origin="staff")
    again = desk.report_game(desk.player_code(CAMP), b, a, "(½-½)", origin="staff")
    assert again.doubt.startswith(
        f"A game of {names[b]} and {names[a]} was already reported this evening"
    )


@pytest.mark.parametrize(
    ("white", "result"), [("same", "(0-1)"), ("same", "(½-½)"), ("swapped", "(1-0)")]
)
def test_a_rematch_with_another_winner_is_marked_nowhere(
    camp: tuple[Desk, dict[str, str]], white: str, result: str
) -> None:
    desk, names = camp
    tom, priya = list(names)[:2]
    code = desk.player_code(tom)
    desk.report_game(code, tom, priya, "(1-0)", origin="Tom")
    pair = (tom, priya) if white == "same" else (priya, tom)
    rematch = desk.report_game(code, *pair, result, origin="Tom")
    assert rematch.doubt == ""
    # Nothing marks one game against the other (the template's own Ladder Games may hold a
    # game like one of them: that row is another matter, test_typed_in_book.py).
    marks = [doubt for _, doubt in _marks(desk)]
    assert not any("same players as game" in doubt for doubt in marks)


def test_the_same_game_on_another_evening_is_marked_nowhere(
    camp: tuple[Desk, dict[str, str]],
) -> None:
    desk, names = camp
    tom, priya = list(names)[:2]
    code = desk.player_code(tom)
    desk.report_game(code, tom, priya, "(1-0)", origin="Tom")
    two_days_ago = dt.datetime.now(dt.UTC) - dt.timedelta(days=2)
    with sqlite3.connect(desk.store_path) as db:
        db.execute("UPDATE reports SET at = ?", (two_days_ago.isoformat().replace("+00:00", "Z"),))
    assert desk.report_game(code, tom, priya, "(1-0)", origin="Tom").doubt == ""
    assert [doubt for _, doubt in _marks(desk)] == ["", ""]
