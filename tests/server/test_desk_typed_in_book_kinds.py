"""A result at the desk that the book already holds, typed there, in a Swiss and in a club's Elo
book (user test 49): the desk flagged a ladder's game typed in ``Ladder Games`` (the core's
rule of one game twice: the same two players, either colours, the same winner), and nothing
else. Now the queue says so before the take, the take says so, and the queue says so after it,
for every kind of book:

- a Swiss board whose row in ``Swiss Games`` (a team event's ``Team Boards``) holds a result
  typed there: the same result is not written again (Desk Results lists it), another is never
  written over;
- an Elo book's game like a row of ``Elo Games`` added this evening (its Result typed as
  White's score, ``1``): it goes in beside it, and both count; an old game of the same
  players and winner (the club's history, above the rows the desk found when it started) is
  another game, and is not flagged.

The real desk on a loopback port: phones report, the arbiter signs in, reads the queue and
releases. The rows are found in the book with openpyxl, never by ratingbook.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import openpyxl
import pytest
from tests.desk.desk_books import template, type_boards, type_games
from tests.helpers.cli import run
from tests.server.client import Client
from tests.server.desk_books import swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_book import phone_reports, signed_in, type_results

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def rows(book: Path, sheet: str) -> list[tuple[int, dict[str, object]]]:
    """Each row of ``sheet`` below its header, by Excel row, as {header: value}."""
    lines = list(openpyxl.load_workbook(book)[sheet].iter_rows(values_only=True))
    header = [str(v) for v in lines[0]]
    return [(n, dict(zip(header, line, strict=False))) for n, line in enumerate(lines[1:], 2)]


def release(laptop: Client, round: int | None = None) -> None:
    form = {"token": laptop.get("/arbiter").token(0), "act": "release"}
    if round is not None:
        form["round"] = str(round)
    assert laptop.post("/arbiter/act", form).status == 303


def test_a_swiss_result_typed_in_the_book_is_named_before_at_and_after_the_take(
    tmp_path: Path,
) -> None:
    book = swiss_round_one(tmp_path, players=6)
    desk = Desk.open(book)
    pairings = {p.board: p for p in desk.pairings(1)}
    with running_desk(desk, book) as state:
        for board in (1, 2, 3):
            for side, n in (("white", 1), ("black", 2)):
                code = pairings[board].code
                phone_reports(state.base_url, f"127.0.8.{board}{n}", code, side, "1-0")
        # Meanwhile the arbiter typed boards 1 and 2 at the laptop: 2 as the desk has it, 3
        # otherwise.
        type_results(book, {1: "1-0", 2: "0-1"})
        games = {(r["Round"], r["Board"]): n for n, r in rows(book, "Swiss Games")}
        one, two = games[(1, 1)], games[(1, 2)]
        laptop = signed_in(state.base_url)
        before = text(laptop.get("/arbiter?round=1").text)
        anna = f"{pairings[1].white} - {pairings[1].black}"
        assert (
            f"already in the book: Swiss Games row {one} holds the same result ({anna} 1-0), "
            "typed there: a take writes nothing over it and lists it on Desk Results" in before
        )
        other = (
            f"the book holds 0-1 for it (Swiss Games row {two}, typed there), the desk 1-0: a "
            "take leaves it out (a result is never overwritten silently); correct it in the "
            "book or at the desk"
        )
        assert other in before
        assert before.count("typed there") == 2  # board 3: nothing typed, nothing said
        release(laptop, 1)
        until(lambda: "Last take" in laptop.get("/arbiter?round=1").text, "the release's take")
        after = text(laptop.get("/arbiter?round=1").text)
    assert (
        f"Round 1 board 1 ({anna} 1-0) was already in the book: Swiss Games row {one} holds "
        "the same result, typed there: nothing written over it, listed on Desk Results." in after
    )
    assert "Round 1 board 2: the book holds 0-1, the desk 1-0: not taken" in after
    assert (
        f"typed in the book before the take (Swiss Games row {one}, the same result): not "
        "written" in after
    )
    assert other in after  # board 2 still waits, and still says why
    kept = {(r["Round"], r["Board"]): r["Result"] for _, r in rows(book, "Swiss Games")}
    assert [kept[(1, b)] for b in (1, 2, 3)] == ["1-0", "0-1", "1-0"]
    listed = [(r["Round"], r["Board"], r["Result"]) for _, r in rows(book, "Desk Results")]
    assert sorted(listed) == [(1, 1, "1-0"), (1, 3, "1-0")]
    # The command line's queue says the same.
    queue = run("results", "list", book, "--round", "1").stdout
    assert f"typed in the book before the take (Swiss Games row {one}" in queue
    assert other in queue


def test_an_elo_game_typed_this_evening_is_named_and_an_old_one_is_not(tmp_path: Path) -> None:
    book = template(tmp_path, "elo")
    history = rows(book, "Elo Games")
    # The club's history holds Ann - Ben 0-1 twice (and Ben - Ann 1-0: the same winner).
    assert [n for n, r in history if (r["White"], r["Black"], r["Result"]) == ("Ann", "Ben", "0-1")]
    desk = Desk.open(book)  # the desk starts: the evening's games are those typed from now on
    type_games(book, "Elo Games", [("Chloe", "Dev", 1)])  # White's score: Chloe won
    typed = rows(book, "Elo Games")[-1][0]
    assert typed == history[-1][0] + 1
    with running_desk(desk, book) as state:

        def phone_sends(reporter: str, white: str, black: str, result: str) -> None:
            phone = Client(state.base_url, "127.0.9.1")
            form = {"token": phone.get("/game").token(), "code": desk.player_code(reporter),
                    "white": white, "black": black, "result": result}  # fmt: skip
            assert phone.post("/game", form).status == 200

        phone_sends("Chloe", "Chloe", "Dev", "1-0")  # game #1: the game typed in the book
        phone_sends("Dev", "Chloe", "Dev", "1-0")
        phone_sends("Ann", "Ann", "Ben", "0-1")  # game #2: a rematch of the history's games
        phone_sends("Ben", "Ann", "Ben", "0-1")
        staff = signed_in(state.base_url)
        before = text(staff.get("/arbiter").text)
        assert (
            f"already in the book? Elo Games row {typed} holds the same players and result "
            "(Chloe - Dev 1-0): a take adds it again and both count; if it is the same game, "
            "reject this one" in before
        )
        assert before.count("already in the book?") == 1  # not Ann - Ben
        release(staff)
        until(lambda: "taken 2" in staff.get("/arbiter").text, "the games taken")
        after = text(staff.get("/arbiter").text)
    games = rows(book, "Elo Games")
    took = [n for n, r in games if n > typed]
    assert [(games[n - 2][1]["White"], games[n - 2][1]["Black"]) for n in took] == [
        ("Chloe", "Dev"),
        ("Ann", "Ben"),
    ]
    assert (
        f"Game #1 Chloe - Dev 1-0 went in beside Elo Games row {typed}, with the same players "
        "and result: both count; if it is not a rematch, delete one row." in after
    )
    assert "the recalc names both" not in after  # an Elo book's recalc names no such rows
    assert (
        f"Elo Games: rows {typed} and {took[0]} look like one game typed twice (Chloe - Dev "
        "1-0: the same players, the same result): both count; if it is not a rematch, delete "
        "one row" in after
    )
    assert "Ann - Ben 0-1: the same players" not in after


def test_a_team_board_typed_in_the_book_is_named_in_the_queue(tmp_path: Path) -> None:
    book = template(tmp_path, "team", pair=True)
    desk = Desk.open(book)
    rnd = desk.round()
    first = next(p for p in desk.pairings(rnd) if (p.match, p.board) == (1, 1))
    with running_desk(desk, book) as state:
        for side, n in (("white", 1), ("black", 2)):
            phone_reports(state.base_url, f"127.0.10.{n}", first.code, side, "½-½")
        type_boards(book, "Team Boards", {(rnd, 1, 1): "½-½"})
        boards = {(r["Round"], r["Match"], r["Board"]): n for n, r in rows(book, "Team Boards")}
        queue = text(signed_in(state.base_url).get(f"/arbiter?round={rnd}").text)
    assert (
        f"already in the book: Team Boards row {boards[(rnd, 1, 1)]} holds the same result "
        f"({first.white} - {first.black} ½-½), typed there: a take writes nothing over it and "
        "lists it on Desk Results" in queue
    )
