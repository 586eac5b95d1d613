"""The arbiter's queue as the browser reads its HTML, against the real server on a loopback port
(the in-memory fake desk behind it): which button a keyboard's Enter sends (HTML's implicit
submission sends a form's default button, its first submit button in tree order), what the
queue says while released results wait, and which acts each status offers, as the guide's
table says."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tests.server.client import Client
from tests.server.fake_desk import FakeDesk
from tests.server.running import PASSWORD, running_desk, until

from ratingbook.desk import TakeOutcome
from ratingbook.server import DeskState, Limits

BOARDS = [("Ann Berg", "Tom Hart"), ("Dita Kay", "Emil Ost"), ("Zoe Long", "Bo Li"),
          ("Ida Moe", "Per Sand")]  # fmt: skip
GUIDE = Path(__file__).parents[2] / "docs" / "guides" / "results-desk.md"


@pytest.fixture
def fake(tmp_path: Path) -> FakeDesk:
    return FakeDesk(tmp_path / "open.xlsx", BOARDS)


@pytest.fixture
def desk(fake: FakeDesk, tmp_path: Path) -> Iterator[DeskState]:
    limits = Limits(burst=1000, per_second=1000)
    with running_desk(fake, tmp_path / "open.xlsx", limits) as state:
        yield state


def signed_in(url: str) -> Client:
    laptop = Client(url)
    page = laptop.get("/arbiter")
    assert (
        laptop.post("/arbiter/login", {"token": page.token(), "password": PASSWORD}).status == 303
    )
    return laptop


@dataclass
class Form:
    fields: list[str] = field(default_factory=list)  # names of the inputs, in order
    buttons: list[str] = field(default_factory=list)  # values of the submit buttons, in order


@dataclass
class Row:
    status: str
    forms: list[Form] = field(default_factory=list)


class QueueRows(HTMLParser):
    """The queue table's rows: each row's status (its class) and its forms."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tbody":
            self.in_body = True
        elif self.in_body and tag == "tr":
            self.rows.append(Row((a.get("class") or "").removeprefix("status-")))
        elif self.in_body and self.rows and tag == "form":
            self.rows[-1].forms.append(Form())
        elif self.in_body and self.rows and self.rows[-1].forms:
            form = self.rows[-1].forms[-1]
            if tag == "button" and a.get("type", "submit") == "submit":
                form.buttons.append(a.get("value") or "")
            elif tag in ("input", "select") and a.get("type") != "hidden":
                form.fields.append(a.get("name") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self.in_body = False


def rows_of(html: str) -> list[Row]:
    parser = QueueRows()
    parser.feed(html)
    return parser.rows


def report(fake: FakeDesk, board: int, *results: tuple[str, str]) -> None:
    for side, result in results:
        fake.report(fake.boards[board].pairing.code, result, side=side, origin="phone")  # type: ignore[arg-type]


def test_enter_in_a_reason_box_sends_reject(desk: DeskState, fake: FakeDesk) -> None:
    report(fake, 1, ("white", "1-0"))
    report(fake, 2, ("white", "1-0"), ("black", "0-1"))
    rows = rows_of(signed_in(desk.base_url).get("/arbiter?round=2").text)
    with_reason = [form for row in rows for form in row.forms if "reason" in form.fields]
    assert len(with_reason) == 2
    # The default button of the form the reason box is in: what Enter there sends.
    assert [form.buttons[0] for form in with_reason] == ["reject", "reject"]


def test_the_queue_says_why_released_results_still_wait(desk: DeskState, fake: FakeDesk) -> None:
    fake.take = lambda: TakeOutcome(0, 2, True, ())  # type: ignore[method-assign]
    laptop = signed_in(desk.base_url)
    form = {"token": laptop.get("/arbiter?round=2").token(), "act": "take", "round": "2"}
    assert laptop.post("/arbiter/act", form).status == 303
    until(lambda: "open in Excel" in desk.last_take, "a take of a locked book")
    fake.waiting = lambda: frozenset({"1", "2"})  # type: ignore[method-assign]
    page = laptop.get("/arbiter?round=2").text
    assert "Last take: The book is open in Excel: nothing was written." in page
    assert "The book is open in Excel: 2 released results wait." in page
    assert "as soon as the book is free" not in page


def guide_acts() -> dict[str, set[str]]:
    """The guide's table: each status and the acts (bold words) it says the arbiter may do."""
    text = GUIDE.read_text(encoding="utf-8")
    table = text[text.index("| status | meaning |") :].split("\n\n", 1)[0]
    acts: dict[str, set[str]] = {}
    for line in table.splitlines()[2:]:
        statuses, _, may = (cell.strip() for cell in line.strip("|").split("|"))
        for status in statuses.split(", "):
            acts[status] = {word.lower() for word in re.findall(r"\*\*(\w+)\*\*", may)}
    return acts


def test_each_rows_buttons_are_the_guides(desk: DeskState, fake: FakeDesk) -> None:
    report(fake, 1, ("white", "1-0"), ("black", "1-0"))  # confirmed
    report(fake, 2, ("white", "1-0"), ("black", "0-1"))  # conflict
    report(fake, 3, ("white", "½-½"))  # reported
    laptop = signed_in(desk.base_url)
    page = laptop.get("/arbiter?round=2").text
    fake.enter(2, 4, "+/-", by="arbiter")  # entered
    page += laptop.get("/arbiter?round=2").text
    rows = rows_of(page)
    guide = guide_acts()
    seen = {row.status for row in rows}
    assert seen == {"missing", "confirmed", "conflict", "reported", "entered"}
    for row in rows:
        offered = {button for form in row.forms for button in form.buttons}
        assert offered == guide[row.status], row.status
    assert set(guide) == {"missing", "reported", "confirmed", "conflict", "accepted",
                          "entered", "rejected", "taken"}  # fmt: skip


def test_a_confirmation_names_the_board_and_its_players(desk: DeskState, fake: FakeDesk) -> None:
    report(fake, 1, ("white", "1-0"))
    laptop = signed_in(desk.base_url)
    for act, extra, said in (
        ("accept", {}, "Accepted round 2, board 1 (Ann Berg - Tom Hart)."),
        ("reject", {"reason": "wrong board"},
         "Rejected round 2, board 1 (Ann Berg - Tom Hart) (wrong board): it waits for new "
         "reports."),
    ):  # fmt: skip
        form = {"token": laptop.get("/arbiter?round=2").token(), "act": act, "item": "1",
                "round": "2", "board": "1", "match": "0", **extra}  # fmt: skip
        assert laptop.post("/arbiter/act", form).status == 303
        page = laptop.get("/arbiter?round=2").text
        assert said in page
        assert "item 1" not in page


@pytest.mark.parametrize(
    ("kind", "standings"), [("swiss", True), ("ladder", False), ("elo", False)]
)
def test_standings_are_offered_where_publish_makes_pages(
    tmp_path: Path, kind: str, standings: bool
) -> None:
    """``ratingbook publish`` of a ladder or an Elo book fails ("no sheet 'Swiss Players'"):
    its desk offers no Standings link that would answer 503."""
    players = [("1", "Maya Ortiz"), ("2", "Ben Cole")]
    fake = FakeDesk(tmp_path / "open.xlsx", BOARDS, kind=kind, players=players)  # type: ignore[arg-type]
    with running_desk(fake, tmp_path / "open.xlsx", Limits(burst=1000, per_second=1000)) as state:
        home = Client(state.base_url).get("/").text
    assert ('href="/live/index.html"' in home) is standings
    assert ("every board's result" in home) is standings


def release_buttons(html: str) -> list[str]:
    return re.findall(r'<button name="act" value="release">([^<]*)</button>', html)


def test_release_is_offered_while_results_are_ready_and_not_released(
    desk: DeskState, fake: FakeDesk
) -> None:
    laptop = signed_in(desk.base_url)
    assert release_buttons(laptop.get("/arbiter?round=2").text) == []  # nothing ready
    report(fake, 1, ("white", "1-0"), ("black", "1-0"))
    page = laptop.get("/arbiter?round=2").text
    assert release_buttons(page) == ["Release round 2 (1 of 4 ready)"]
    form = {"token": laptop.get("/arbiter?round=2").token(), "act": "release", "round": "2"}
    assert laptop.post("/arbiter/act", form).status == 303
    page = laptop.get("/arbiter?round=2").text
    assert release_buttons(page) == []
    assert "Round 2 is released: each result confirmed, accepted or entered from now on" in page


def test_the_printed_cards_and_list_say_their_own_words(desk: DeskState, fake: FakeDesk) -> None:
    laptop = signed_in(desk.base_url)
    cards = laptop.get("/arbiter/cards?round=2").text
    listed = laptop.get("/arbiter/cards?round=2&list=1").text
    assert "cut along the lines" in cards and "cut along the lines" not in listed
    assert "do not post the list in the hall" in listed
    assert "<title>Round 2: pairing list with codes · " in listed  # not "pairing cards"
    assert "<title>Round 2: pairing cards · " in cards
    # "board 3" is never broken before its number on a printed card
    assert "<strong>board\xa03</strong>" in cards and "round&nbsp;2" in cards
