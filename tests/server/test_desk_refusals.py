"""What the players' pages say when they refuse a report, against the real desk on a loopback
port: a ladder game naming a camper not active this week, a forfeit sent by a player; and the
words the phone answers a report with are the ones the guide quotes."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.desk.desk_books import template
from tests.desk.test_inactive import ladder_players
from tests.server.client import Answer, Client
from tests.server.desk_books import swiss_round_one
from tests.server.running import running_desk

from ratingbook.desk import CAMP, Desk

pytestmark = pytest.mark.slow

GUIDE = Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md"


def test_a_game_naming_an_inactive_camper_is_refused_naming_him(tmp_path: Path) -> None:
    book = template(tmp_path, "ladder")
    idle = [(ident, name) for ident, name, active in ladder_players(book) if not active]
    desk = Desk.open(book)
    (gone, name), (active, _) = idle[0], desk.players()[0]
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.3.1")
        form = {"token": phone.get("/game").token(), "code": desk.player_code(CAMP),
                "white": active, "black": gone, "result": "(1-0)"}  # fmt: skip
        answer = phone.post("/game", form)
    assert answer.status == 409
    assert f"{name} is not active this week: the game cannot be reported" in answer.text
    assert "Type your code and choose both players" not in answer.text


def test_a_forfeit_sent_by_a_player_is_refused_as_the_arbiters(tmp_path: Path) -> None:
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    code = desk.pairings(1)[0].code
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.1.1")
        form = {"code": code, "token": phone.get(f"/c/{code}").token(), "side": "white",
                "result": "+/-"}  # fmt: skip
        answer = phone.post("/report", form)
    assert answer.status == 400
    assert "A forfeit is entered by the arbiter only: tell the arbiter." in answer.text
    assert desk.queue(1)[0].status == "missing"  # nothing reported


def test_the_guide_quotes_what_the_phone_says(tmp_path: Path) -> None:
    """The words after "Received" for a board reported by one side, by both alike, by both
    differently: each as the guide's player section quotes it."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    one, two = desk.pairings(1)[:2]
    said = [
        desk.report(one.code, "1-0", side="white", origin="phone"),
        desk.report(one.code, "1-0", side="black", origin="phone"),
        desk.report(two.code, "1-0", side="white", origin="phone"),
        desk.report(two.code, "0-1", side="black", origin="phone"),
    ]
    words = " ".join(GUIDE.read_text(encoding="utf-8").split())
    for ack in (said[0], said[1], said[3]):
        tail = ack.message.split(", ", 1)[-1]
        assert f"*{tail}*" in words, tail


def test_a_ladders_games_stand_as_the_guide_says(tmp_path: Path) -> None:
    """The guide names the ladder's settings sheet; a camp's-code game waits (for a player's
    own report, or the staff) by default, and stands at once with Desk Confirms `one side` in
    Ladder Settings."""
    words = " ".join(GUIDE.read_text(encoding="utf-8").split())
    assert "a ladder's `Ladder Settings`" in words
    assert (
        "a game reported with the camp's code (nobody's side: the staff's, or anyone's) stands "
        "once one of its players reports it alike with a personal code, or the staff accept it"
    ) in words
    assert "Set Desk Confirms to `one side` in `Ladder Settings`" in words
    book = template(tmp_path, "ladder")
    desk = Desk.open(book)
    a, b = [ident for ident, _ in desk.players()][:2]
    assert desk.report_game(desk.player_code(CAMP), a, b, "(1-0)", origin="p").status == (
        "reported"
    )
    workbook = openpyxl.load_workbook(book)
    workbook["Ladder Settings"].append(["Desk Confirms", "one side"])
    workbook.save(book)
    again = Desk.open(book).report_game(desk.player_code(CAMP), b, a, "(0-1)", origin="p")
    assert again.status == "confirmed"


def test_the_guide_says_what_a_phone_shows_of_the_standings() -> None:
    """What tests/server/test_desk_page_fit.py measures of the live standings at 390 px (the
    essential columns whole, the page never scrolling sideways), as the guide says it."""
    words = " ".join(GUIDE.read_text(encoding="utf-8").split())
    assert "On a phone (390 px wide) the standings show rank, name and points whole" in words
    assert "tie-break columns are reached by swiping the table sideways" in words


def test_a_closed_rounds_code_says_the_round_is_closed_and_its_result(tmp_path: Path) -> None:
    """A card kept from round 1, scanned or sent after round 1's results went into the book
    (user test 47: "Unknown code", though the code was right): the round is closed, the book's
    result, and that only the arbiter changes it."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    one, two = desk.pairings(1)
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.1.2")
        token = phone.get(f"/c/{one.code}").token()  # the form opened during round 1
        desk.enter(1, one.board, "½-½", by="arbiter")
        desk.enter(1, two.board, "1-0", by="arbiter")
        desk.release(1, by="arbiter")
        assert desk.take().taken == 2
        assert desk.round() == 2
        scanned = phone.get(f"/c/{one.code}")
        sent = phone.post(
            "/report", {"code": one.code, "token": token, "side": "white", "result": "1-0"}
        )
    said = (
        f"Round 1, board 1: {one.white} - {one.black}. Round 1 is closed and its result "
        "(½-½) is in the book. Only the arbiter changes it."
    )
    for answer in (scanned, sent):
        assert answer.status == 409
        assert "Round 1 is closed" in answer.text
        assert said in answer.text
        assert "Unknown code" not in answer.text


def test_a_refused_report_and_a_received_one_begin_with_a_capital(tmp_path: Path) -> None:
    """User test 47: the phone's sentences began in lower case ("board 1: 0-1, ...")."""
    book = swiss_round_one(tmp_path, players=4)
    desk = Desk.open(book)
    one, two = desk.pairings(1)
    with running_desk(desk, book) as state:
        phone = Client(state.base_url, "127.0.1.3")
        # Both pages opened before the arbiter entered board 1's result: board 1's is stale
        # (a page opened after shows the result and no form: test_desk_decided_card).
        tokens = {p.code: phone.get(f"/c/{p.code}").token() for p in (one, two)}
        desk.enter(1, one.board, "1-0", by="arbiter")

        def send(code: str) -> Answer:
            form = {"code": code, "token": tokens[code], "side": "white", "result": "0-1"}
            return phone.post("/report", form)

        refused, received = send(one.code), send(two.code)
    assert refused.status == 409
    said = refused.text.replace("&#39;", "'")
    assert '<p class="say">The arbiter has already entered the result of board 1: ask' in said
    assert "Board 2: 0-1, reported: it waits for the other player or the arbiter" in received.text
