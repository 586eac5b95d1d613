"""``ratingbook results take`` names the next step (user test 49): every other desk summary ends
with what to do next (the queue's *Last take*: release first, the round not released yet), and
a take on the command line said only what it did ("no released result waits to be taken", "1
result taken into the book"). Now its last lines say what comes next, true to what happened:
nothing taken (release first; or the boards that wait for a decision, for a report, or for
the round's release), every result taken (where they are, and the round the take paired, or
the pairing to run), some left out (correct or reject them, then take again).

The players report from phones to the real desk on a loopback port; the arbiter's acts are the
desk's own (the page's are tested elsewhere); the take is the command, run once the desk is
stopped (a running desk takes released results itself). The expected lines are written by
hand from what each scenario leaves in the queue: which boards stand where, counted here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import run
from tests.server.client import Client
from tests.server.desk_books import ladder, swiss_round_one
from tests.server.running import running_desk, until
from tests.server.test_desk_book import phone_reports, type_results

from ratingbook.desk import Desk

pytestmark = pytest.mark.slow

#: What a take that found nothing says while nothing is released: the queue's words, with the
#: page where the arbiter releases.
RELEASE_FIRST = (
    "Nothing released waits to be taken: release the round (or the games) on the desk's "
    "Arbiter page first; results already in the book are not taken again."
)
NOTHING_WAITS = (
    "Nothing waits to be taken: every released result confirmed, accepted or entered is in "
    "the book."
)
IN_SWISS_GAMES = (
    "What went in is in Swiss Games now, and the book is recalculated with it (as Recalc "
    "Ratings does)."
)


def lines(text: str) -> list[str]:
    return text.splitlines()


def _status(desk: Desk, board: int) -> str:
    return next(q.status for q in desk.queue(1) if q.board == board)


def test_a_take_says_what_comes_next_through_a_round(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=6)  # 3 boards; Auto-pair on (the default)
    desk = Desk.open(book)
    codes = {p.board: p.code for p in desk.pairings(1)}
    assert sorted(codes) == [1, 2, 3]
    with running_desk(desk, book) as state:
        for side, address in (("white", "127.0.5.1"), ("black", "127.0.5.2")):
            phone_reports(state.base_url, address, codes[1], side, "1-0")
        phone_reports(state.base_url, "127.0.5.3", codes[2], "white", "½-½")  # Black: not yet
    # Nothing released: the arbiter's next step is the release, on the desk's page.
    nothing = run("results", "take", book)
    assert (nothing.returncode, lines(nothing.stdout)) == (0, [RELEASE_FIRST])

    # Released: board 1 (confirmed) goes in; board 2 waits for Black or the arbiter, and
    # nobody reported board 3.
    desk.release(1, by="arbiter")
    one = run("results", "take", book)
    assert (one.returncode, one.stderr) == (0, "")
    assert lines(one.stdout) == [
        "1 result taken into the book",
        IN_SWISS_GAMES,
        "1 board of round 1 is reported and not confirmed yet: the arbiter may accept, correct "
        "or reject it on the desk's Arbiter page.",
        "1 board of round 1 has no result yet: its players report it with the pairing card's "
        "code, or enter it on the desk's Arbiter page.",
    ]
    # Taken again at once: nothing taken, the same two boards still wait.
    again = run("results", "take", book)
    assert lines(again.stdout) == [NOTHING_WAITS, *lines(one.stdout)[2:]]

    # Black confirms board 2 while the desk runs: released, it goes in by itself.
    with running_desk(desk, book) as state:
        phone_reports(state.base_url, "127.0.5.4", codes[2], "black", "½-½")
        until(lambda: _status(desk, 2) == "taken", "board 2 taken by the desk")
    # Board 3 entered: round 1 is complete, and the take pairs round 2.
    desk.enter(1, 3, "0-1", by="arbiter")
    done = run("results", "take", book)
    assert lines(done.stdout) == [
        "1 result taken into the book",
        IN_SWISS_GAMES,
        "Round 2 is paired: the take completed round 1 and paired the next (Auto-pair). Print "
        "its pairing cards on the desk's Arbiter page.",
    ]
    # Round 2: nobody reported, and the round is not released.
    after = run("results", "take", book)
    assert lines(after.stdout) == [
        NOTHING_WAITS,
        "3 boards of round 2 have no result yet: their players report them with the pairing "
        "card's code, or enter them on the desk's Arbiter page.",
        "Round 2 is not released yet: when its results are ready, press Release round 2 on "
        "the desk's Arbiter page and they go into the book.",
    ]


def test_a_take_that_leaves_a_result_out_says_how_to_take_it_again(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=4)  # 2 boards
    desk = Desk.open(book)
    codes = {p.board: p.code for p in desk.pairings(1)}
    with running_desk(desk, book) as state:
        for board in (1, 2):
            for side, n in (("white", 1), ("black", 2)):
                phone_reports(state.base_url, f"127.0.6.{board}{n}", codes[board], side, "1-0")
    type_results(book, {2: "0-1"})  # the arbiter typed another result for board 2
    desk.release(1, by="arbiter")
    took = run("results", "take", book)
    assert took.returncode == 1
    assert took.stderr == "1 released result not taken (see the lines above)\n"
    said = lines(took.stdout)
    assert said[0] == "1 result taken into the book"
    assert said[1].startswith("round 1 board 2: the book holds 0-1, the desk 1-0: not taken")
    assert said[2:] == [
        IN_SWISS_GAMES,
        "Next: correct or reject it on the desk's Arbiter page, or change the book; then "
        f"ratingbook results take {book} again.",
        # both boards hold a result: the take completed round 1, and Auto-pair paired round 2
        "Round 2 is paired: the take completed round 1 and paired the next (Auto-pair). Print "
        "its pairing cards on the desk's Arbiter page.",
    ]


def test_a_camp_take_sends_the_staff_to_their_page(tmp_path: Path) -> None:
    book = ladder(tmp_path)
    desk = Desk.open(book)
    ids = [i for i, _ in desk.players()][:4]
    with running_desk(desk, book) as state:

        def phone_sends(reporter: str, white: str, black: str, result: str) -> None:
            phone = Client(state.base_url, "127.0.7.1")
            form = {"token": phone.get("/game").token(), "code": desk.player_code(reporter),
                    "white": white, "black": black, "result": result}  # fmt: skip
            assert phone.post("/game", form).status == 200

        phone_sends(ids[0], ids[0], ids[1], "(1-0)")  # #1: confirmed by both below
        phone_sends(ids[1], ids[0], ids[1], "(1-0)")
        phone_sends(ids[2], ids[2], ids[3], "(½-½)")  # #2: one report, waits
    desk.release(None, by="staff")
    took = run("results", "take", book)
    assert (took.returncode, took.stderr) == (0, "")
    assert lines(took.stdout) == [
        "1 result taken into the book",
        "What went in is in Ladder Games now, and the book is recalculated with it (as Recalc "
        "Ratings does).",
        "1 game is reported and not confirmed yet: the staff may accept, correct or reject it "
        "on the desk's Staff page.",
    ]
    second = next(q for q in desk.queue() if q.status == "reported")
    desk.accept(second.id, by="staff")
    rest = run("results", "take", book)
    assert (
        lines(rest.stdout)[-1] == "Every game reported is in the book: nothing waits at the desk."
    )
