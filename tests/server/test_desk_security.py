"""The results desk's defences (issue 36's "Security"), each tried against the real server on a
loopback port, as an attacker on the venue's network would try it: a wrong, old or other
board's code; a replayed request; a forged cross-site form; an oversized body; a path in a
parameter; the password wrong many times; a web site that names itself as the desk (DNS
rebinding). The desk behind the server is the in-memory fake (tests/server/fake_desk.py): what
counts here is what reaches it."""

from __future__ import annotations

import base64
import hashlib
import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.server.client import Client
from tests.server.fake_desk import FakeDesk, new_code
from tests.server.running import PASSWORD, running_desk

from ratingbook.server import DeskState, Limits
from ratingbook.server.security import (
    FormTokens,
    Lockout,
    RateLimit,
    check_password,
    hash_password,
)

BOARDS = [("Ann Berg", "Tom Hart"), ("Dita Kay", "Emil Ost"), ("Zoe Long", "Bo Li")]


@pytest.fixture
def fake(tmp_path: Path) -> FakeDesk:
    return FakeDesk(tmp_path / "open.xlsx", BOARDS)


@pytest.fixture
def desk(fake: FakeDesk, tmp_path: Path) -> Iterator[DeskState]:
    limits = Limits(wrong_passwords=3, wrong_passwords_overall=5, burst=1000, per_second=1000)
    with running_desk(fake, tmp_path / "open.xlsx", limits) as state:
        yield state


def reports(fake: FakeDesk) -> list[tuple[object, ...]]:
    return [call for call in fake.calls if call[0] == "report"]


def report_form(page_code: str, client: Client) -> dict[str, str]:
    page = client.get(f"/c/{page_code}")
    assert page.status == 200
    return {"code": page_code, "token": page.token(), "side": "white", "result": "1-0"}


# --- codes ---------------------------------------------------------------------------------------


def test_a_wrong_code_finds_no_pairing(desk: DeskState, fake: FakeDesk) -> None:
    client = Client(desk.base_url)
    answer = client.get(f"/c/{new_code()}")
    assert answer.status == 404
    assert "No pairing of the round open now has this code" in answer.text
    assert "Ann Berg" not in answer.text


def test_an_old_rounds_code_finds_no_pairing(desk: DeskState, fake: FakeDesk) -> None:
    """A code of the round before is no key to this round (the desk answers None for it):
    the page says that round is closed, and nothing is reported."""
    client = Client(desk.base_url)
    assert client.get(f"/report?code={fake.old_code}").status == 409
    answer = client.post("/report", {"code": fake.old_code, "token": "x", "side": "white",
                                     "result": "1-0"})  # fmt: skip
    assert answer.status == 409
    assert "is closed and its result (1-0) is in the book" in answer.text
    assert reports(fake) == []


def test_a_code_reports_its_own_board_only(desk: DeskState, fake: FakeDesk) -> None:
    """Board 1's page, sent with board 2's code: refused (the form's token is board 1's), and
    the form has no board to change: a code names its board."""
    client = Client(desk.base_url)
    form = report_form(fake.boards[1].pairing.code, client)
    assert "board" not in form
    form["code"] = fake.boards[2].pairing.code
    answer = client.post("/report", form)
    assert answer.status == 403
    assert reports(fake) == []


def test_a_result_the_event_does_not_allow_is_not_sent(desk: DeskState, fake: FakeDesk) -> None:
    """A forfeit is the arbiter's: a player's form sending one reaches nothing."""
    client = Client(desk.base_url)
    form = report_form(fake.boards[1].pairing.code, client) | {"result": "+/-"}
    assert client.post("/report", form).status == 400
    assert reports(fake) == []


# --- replay and forgery --------------------------------------------------------------------------


def test_a_replayed_report_reaches_the_desk_once(desk: DeskState, fake: FakeDesk) -> None:
    client = Client(desk.base_url)
    form = report_form(fake.boards[1].pairing.code, client)
    first = client.post("/report", form)
    assert first.status == 200
    assert "Received" in first.text
    again = client.post("/report", form)
    assert again.status == 409
    assert "nothing was sent twice" in again.text
    assert len(reports(fake)) == 1


def test_a_replayed_arbiters_act_is_done_once(desk: DeskState, fake: FakeDesk) -> None:
    laptop = signed_in(desk)
    token = laptop.get("/arbiter").token(0)  # the first form: release the round
    form = {"token": token, "act": "release", "round": "2"}
    assert laptop.post("/arbiter/act", form).status == 303
    assert laptop.post("/arbiter/act", form).status == 409
    assert [call[0] for call in fake.calls].count("release") == 1


def test_a_forged_cross_site_form_is_refused(desk: DeskState, fake: FakeDesk) -> None:
    """A page of another site posting to the desk: its Origin gives it away, and it has no
    token of the desk's (it cannot read the desk's pages)."""
    client = Client(desk.base_url)
    form = report_form(fake.boards[1].pairing.code, client)
    answer = client.post("/report", form, {"Origin": "http://evil.example"})
    assert answer.status == 403
    assert "another site" in answer.text
    forged = {k: v for k, v in form.items() if k != "token"}
    assert client.post("/report", forged, {"Origin": ""}).status == 403
    assert client.post("/report", form, {"Origin": "null"}).status == 403
    assert reports(fake) == []


def test_a_forged_arbiters_form_is_refused_even_with_the_session(
    desk: DeskState, fake: FakeDesk
) -> None:
    """The arbiter signed in, a page of another site sends the arbiter's browser to accept:
    the session cookie goes only to the desk's own pages (SameSite=Strict), and without the
    form's token the act is refused anyway."""
    laptop = Client(desk.base_url)
    page = laptop.get("/arbiter")
    answer = laptop.post("/arbiter/login", {"token": page.token(), "password": PASSWORD})
    assert "SameSite=Strict" in answer.headers["Set-Cookie"]
    assert "HttpOnly" in answer.headers["Set-Cookie"]
    no_token = {"act": "release", "round": "2"}
    assert laptop.post("/arbiter/act", no_token).status == 403
    stranger = Client(desk.base_url, "127.0.0.7")
    form = {"token": laptop.get("/arbiter").token(0), "act": "release", "round": "2"}
    assert stranger.post("/arbiter/act", form).status == 403  # no session: signs in first
    assert "release" not in [call[0] for call in fake.calls]


# --- sizes and paths -----------------------------------------------------------------------------


def test_an_oversized_body_is_refused_unread(desk: DeskState, fake: FakeDesk) -> None:
    client = Client(desk.base_url)
    form = report_form(fake.boards[1].pairing.code, client)
    body = ("&".join(f"{k}={v}" for k, v in form.items()) + "&pad=" + "x" * 200_000).encode()
    answer = client.request("POST", "/report", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": desk.base_url})  # fmt: skip
    assert answer.status == 413
    assert reports(fake) == []


def test_an_oversized_chunked_body_is_refused(desk: DeskState, fake: FakeDesk) -> None:
    """No Content-Length to refuse by: the server counts the chunks as they come. It answers
    413 and closes the connection; a client still sending chunks then may find the connection
    reset before it reads the answer (seen on a busy machine), which is a refusal too: the body
    was not taken, and the desk goes on serving."""
    host, port = desk.base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    chunks = (b"x" * 8192 for _ in range(40))
    try:
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": desk.base_url}
        connection.request("POST", "/report", body=chunks, encode_chunked=True, headers=headers)
        status: int | None = connection.getresponse().status
    except (ConnectionResetError, BrokenPipeError):
        status = None  # closed by the server while the body was still coming
    connection.close()
    assert status in (413, None)
    assert reports(fake) == []
    assert Client(desk.base_url).get("/").status == 200


@pytest.mark.parametrize(
    "path",
    [
        "/live/..%2F..%2Fpyproject.toml",
        "/live/%2e%2e/%2e%2e/pyproject.toml",
        "/live/../../../../etc/passwd",
        "/c/..%2F..%2F..%2Fetc%2Fpasswd",
        "/report?code=../../../../etc/passwd",
        "/report?code=%2Fetc%2Fpasswd",
        "/arbiter/cards?round=../../etc/passwd",
        "/desk.css/../../pyproject.toml",
        "/style.css%00.py",
    ],
)
def test_a_path_in_a_parameter_reads_no_file(desk: DeskState, fake: FakeDesk, path: str) -> None:
    answer = Client(desk.base_url).get(path)
    assert answer.status in (200, 302, 400, 404), answer.status  # 200: the sign-in page
    assert "root:" not in answer.text
    assert "[project]" not in answer.text
    assert not any("/" in str(code) or "." in str(code) for code in fake.asked)


# --- passwords -----------------------------------------------------------------------------------


def sign_in(client: Client, password: str) -> int:
    page = client.get("/arbiter")
    return client.post("/arbiter/login", {"token": page.token(), "password": password}).status


def signed_in(desk: DeskState) -> Client:
    laptop = Client(desk.base_url)
    page = laptop.get("/arbiter")
    answer = laptop.post("/arbiter/login", {"token": page.token(), "password": PASSWORD})
    assert answer.status == 303
    return laptop


def test_the_arbiters_pages_need_the_password(desk: DeskState, fake: FakeDesk) -> None:
    client = Client(desk.base_url, "127.0.0.5")
    queue = client.get("/arbiter")
    assert "Password" in queue.text
    assert "Release round" not in queue.text
    cards = client.get("/arbiter/cards?round=2")
    assert fake.boards[1].pairing.code[:4] not in cards.text
    assert sign_in(client, "not the password") == 403
    assert sign_in(client, PASSWORD) == 303
    assert "Round 2: the queue" in client.get("/arbiter").text


def test_many_wrong_passwords_lock_the_address_out(desk: DeskState) -> None:
    """Three wrong passwords (the limit set here) from one address: the right one is refused
    there too, for the lockout's time; another address still signs in."""
    guesser = Client(desk.base_url, "127.0.0.3")
    # the third wrong password is the one that closes the sign-in: it says so (429)
    assert [sign_in(guesser, f"guess {n}") for n in range(3)] == [403, 403, 429]
    assert sign_in(guesser, PASSWORD) == 429
    assert sign_in(Client(desk.base_url, "127.0.0.4"), PASSWORD) == 303


def test_wrong_passwords_from_many_addresses_close_the_sign_in_but_the_laptops(
    desk: DeskState,
) -> None:
    """Changing address buys no more guesses: five wrong passwords in all (the limit set here)
    close the sign-in to every address, but the desk's own machine's."""
    said = [sign_in(Client(desk.base_url, f"127.0.1.{n + 1}"), "guess") for n in range(5)]
    assert said == [403, 403, 403, 403, 429]  # the fifth closes it, and says so
    assert sign_in(Client(desk.base_url, "127.0.2.1"), PASSWORD) == 429
    assert sign_in(Client(desk.base_url, "127.0.0.1"), PASSWORD) == 303


def test_wrong_passwords_at_the_laptop_itself_shut_its_arbiter_out_for_a_minute_only(
    desk: DeskState,
) -> None:
    """The arbiter mistyping at the laptop (127.0.0.1) waits a minute, not the phones' 15
    minutes, and the page says how to open it at once; the phones still wait 15."""
    laptop = Client(desk.base_url, "127.0.0.1")
    assert [sign_in(laptop, f"typo {n}") for n in range(2)] == [403, 403]
    # the last wrong password the limit allows says it closed the sign-in (user test 47)
    page = laptop.get("/arbiter")
    closing = laptop.post("/arbiter/login", {"token": page.token(), "password": "typo 2"})
    assert closing.status == 429
    assert (
        "Wrong password. Too many wrong passwords: signing in is closed here for 1 more "
        "minute (restarting the desk opens it at once)."
    ) in closing.text.replace("&#39;", "'")
    page = laptop.get("/arbiter")
    form = {"token": page.token(), "password": PASSWORD}
    refused = laptop.post("/arbiter/login", form)
    assert refused.status == 429
    assert "closed here for 1 more minute (restarting the desk opens it at once)" in refused.text
    phone = Client(desk.base_url, "127.0.0.9")
    assert [sign_in(phone, f"guess {n}") for n in range(2)] == [403, 429]
    page = phone.get("/arbiter")  # five wrong passwords in all: the phones wait 15 minutes
    refused = phone.post("/arbiter/login", {"token": page.token(), "password": PASSWORD})
    assert "closed here for 15 more minutes" in refused.text


def test_the_laptops_own_lockout_is_short() -> None:
    clock = Clock()
    lockout = Lockout(per_address=2, overall=10, window=900, laptop_window=60, clock=clock)
    for address in ("127.0.0.1", "10.0.0.5"):
        lockout.failed(address)
        lockout.failed(address)
    assert (lockout.locked("127.0.0.1"), lockout.locked("10.0.0.5")) == (60, 900)
    clock.now += 60
    assert (lockout.locked("127.0.0.1"), lockout.locked("10.0.0.5")) == (0, 840)


# --- addresses and rates -------------------------------------------------------------------------


def test_a_site_naming_itself_as_the_desk_is_refused(desk: DeskState) -> None:
    """DNS rebinding: a web site points its own name at the desk's address; the browser then
    sends that name as Host. Only an address, localhost or this machine's name is served."""
    client = Client(desk.base_url)
    assert client.get("/", Host="evil.example").status == 400
    assert client.get("/", Host="localhost").status == 200


def test_one_address_sending_too_fast_is_slowed_down(fake: FakeDesk, tmp_path: Path) -> None:
    limits = Limits(burst=5, per_second=0.01)
    with running_desk(fake, tmp_path / "open.xlsx", limits) as state:
        flood = Client(state.base_url, "127.0.0.8")
        statuses = [flood.get("/screen").status for _ in range(7)]
        assert statuses[:5] == [200] * 5
        assert statuses[5:] == [429, 429]
        assert Client(state.base_url, "127.0.0.9").get("/screen").status == 200


# --- the defences themselves, without the server -------------------------------------------------


def test_the_password_is_kept_as_scrypt_of_a_random_salt() -> None:
    """The stored text is scrypt's (RFC 7914) output, computed here by hashlib directly."""
    stored = hash_password("board-seven-knight", salt=b"0123456789abcdef")
    scheme, n, r, p, _salt, _digest = stored.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    expected = hashlib.scrypt(b"board-seven-knight", salt=b"0123456789abcdef", n=16384, r=8,
                              p=1, maxmem=64 * 2**20, dklen=32)  # fmt: skip
    assert base64.urlsafe_b64encode(expected).decode().rstrip("=") == _digest
    assert "board-seven-knight" not in stored
    assert check_password("board-seven-knight", stored)
    assert not check_password("board-seven-knighT", stored)
    assert not check_password("board-seven-knight", "")
    assert hash_password("same") != hash_password("same")  # a new salt each time


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_form_token_is_good_once_for_its_purpose_until_it_expires() -> None:
    clock = Clock()
    tokens = FormTokens(max_age=60, clock=clock)
    token = tokens.issue("report:ABCD")
    assert tokens.redeem(token, "report:WXYZ") == "forged"
    assert tokens.redeem(token, "report:ABCD") == "ok"
    assert tokens.redeem(token, "report:ABCD") == "used"
    late = tokens.issue("login")
    clock.now += 61
    assert tokens.redeem(late, "login") == "expired"
    assert FormTokens(clock=clock).redeem(tokens.issue("login"), "login") == "forged"
    assert tokens.redeem("not.a.token", "login") == "forged"


def test_the_lockout_opens_again_after_its_window() -> None:
    clock = Clock()
    lockout = Lockout(per_address=2, overall=10, window=60, clock=clock)
    lockout.failed("10.0.0.5")
    assert lockout.locked("10.0.0.5") == 0
    lockout.failed("10.0.0.5")
    assert lockout.locked("10.0.0.5") == 60
    clock.now += 59
    assert lockout.locked("10.0.0.5") == 1
    clock.now += 1
    assert lockout.locked("10.0.0.5") == 0


def test_the_rate_refills_with_time() -> None:
    clock = Clock()
    rate = RateLimit(burst=2, per_second=1, clock=clock)
    assert [rate.wait("a"), rate.wait("a")] == [0, 0]
    assert rate.wait("a") == 1
    clock.now += 1
    assert rate.wait("a") == 0
    assert rate.wait("b") == 0
