"""A camp evening's games go into Ladder Games in the order reported (issue 36's third user
test): the ladder replays its games in order (seed 001's Recalc_Ratings), so a game decided
after the games were released, but reported before others, still goes in before them."""

from __future__ import annotations

from pathlib import Path

from tests.desk.desk_books import template
from tests.helpers.workbooks import records

from ratingbook.desk import CAMP, Desk


def games_in_book(path: Path) -> list[tuple[str, str]]:
    """Ladder Games' (White, Black) IDs of the rows that hold a result, top to bottom."""
    return [
        (str(row["White"]), str(row["Black"]))
        for row in records(path, "Ladder Games")
        if row.get("Result") not in (None, "")
    ]


def test_games_go_in_in_the_order_reported_whenever_decided(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    before = games_in_book(book)
    desk = Desk.open(book)
    a, b, c, d, e, f = [ident for ident, _ in desk.players()][:6]
    camp = desk.player_code(CAMP)
    first = desk.report_game(camp, a, b, "1-0", origin="phone 1")  # waits for the staff
    second = desk.report_game(camp, c, d, "0-1", origin="phone 2")
    desk.accept(second.item_id, by="staff")
    desk.release(None, by="staff")
    held = desk.take()
    assert held.taken == 0
    # Named by its number in the queue, with its players (desk user test 2: the same two
    # players may play several games an evening, so the players alone do not say which).
    names = dict(desk.players())
    first_game = f"#{first.item_id} ({names[a]} - {names[b]})"
    assert f"1 game waits for game {first_game}, reported before" in " ".join(held.messages)
    assert games_in_book(book) == before  # the second game waits for the first
    [note] = [q.note for q in desk.queue() if q.id == second.item_id]
    assert note == f"waits for {first_game}, reported before it"
    third = desk.report_game(camp, e, f, "1-0", origin="phone 3")
    desk.accept(third.item_id, by="staff")
    desk.accept(first.item_id, by="staff")  # the first decided last
    assert desk.take().taken == 3
    assert games_in_book(book) == [*before, (a, b), (c, d), (e, f)]
