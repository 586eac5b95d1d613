"""``MAN`` (tie-break values typed by hand) in ``ratingbook check`` and ``trf import`` (issue 37,
VCL questions 205 and 207): TRF has no record for the value, so a file's values are the ones
its ``### Manual Tie-break @ Round n: Ivan none => Ivan 1`` lines give (the last line for each
player), and a book's check uses the values the book holds.

The event, by hand (tie-break list ``MAN BH``): round 1 Anna - Carl 1-0, Dana - Bob 0-1;
round 2 Bob - Anna ½-½, Carl - Dana 1-0. Anna and Bob 1.5 points, Carl 1, Dana 0. Buchholz
(the opponents' points): Anna 1 + 1.5 = 2.5, Bob 0 + 1.5 = 1.5, so BH alone puts Anna ahead.
Bob's value typed 1 and Anna none: ``MAN`` (the higher first, a player without one after those
with one) puts Bob first. The file ranks Bob 1, Anna 2, Carl 3, Dana 4.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.cli.test_manual_tiebreak import type_values
from tests.helpers.trf_samples import record

from ratingbook.cli import cli

TYPED = "### Manual Tie-break @ Round 2: Bob none => Bob 1"
ERASED = "### Manual Tie-break @ Round 2: Bob 1 => Bob none"


def event_text(*comments: str) -> str:
    return "\n".join(
        [
            "012 Typed",
            "062 4",
            "202 MAN,BH",
            "XXR 2",
            *comments,
            record(1, "Anna", "1.5", 2, ["3,w,1", "2,b,="], rating="2000"),
            record(2, "Bob", "1.5", 1, ["4,b,1", "1,w,="], rating="1900"),
            record(3, "Carl", "1.0", 3, ["1,b,0", "4,w,1"], rating="1800"),
            record(4, "Dana", "0.0", 4, ["2,w,0", "3,b,0"], rating="1700"),
            "",
        ]
    )


def check(folder: Path, text: str) -> list[str]:
    path = folder / "typed.trf"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", str(path)])
    return [line.strip() for line in done.output.splitlines() if "standings after" in line]


BY_BH = (
    "standings after round 2: Bob is ranked 1 in the file, above Anna (2), but Anna is ahead "
    "on Buchholz (BH) (2.5 against 1.5) (tie-break list: MAN BH; C.07)"
)


def test_a_files_manual_tiebreak_lines_give_the_values_checked(tmp_path: Path) -> None:
    assert check(tmp_path, event_text(TYPED)) == []
    # No line: nothing typed, BH decides; the last line for a player stands (erased).
    assert check(tmp_path, event_text()) == [BY_BH]
    assert check(tmp_path, event_text(TYPED, ERASED)) == [BY_BH]
    assert check(tmp_path, event_text(ERASED, TYPED)) == []


def test_import_fills_the_tiebreak_value_column_from_the_lines(tmp_path: Path) -> None:
    source = tmp_path / "typed.trf"
    source.write_text(event_text(TYPED, "### Manual Tie-break @ Round 2: Zed none => Zed 2"))
    book = tmp_path / "typed.xlsx"
    done = CliRunner().invoke(cli, ["trf", "import", str(source), "-o", str(book), "--no-check"])
    assert done.exit_code == 0, done.output
    assert "'Zed' is no player of the file: the value is not used" in done.output, done.output
    ws = openpyxl.load_workbook(book)["Swiss Players"]
    header = [c.value for c in ws[1]]
    values = {
        row[header.index("Name")]: row[header.index("Tie-break Value")]
        for row in ws.iter_rows(min_row=2, values_only=True)
    }
    assert values == {"Anna": None, "Bob": 1, "Carl": None, "Dana": None}


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def test_a_books_check_uses_the_values_the_book_holds(tmp_path: Path) -> None:
    """The user test's case: two rounds played, Tie-breaks ``MAN BH``; of the players tied on
    points, the one last on Buchholz (added up here from the games: no bye was played) is
    given the value 1 and so ranks first of them; the book's check finds its standings right
    (it compared BH alone before)."""
    from tests.cli.test_fide_mode_commands import edit, grid, ok, played_book
    from tests.cli.test_manual_tiebreak import points_by_hand
    from tests.helpers.fide_event import setting

    book = played_book(tmp_path, 2)
    edit(book, "Swiss Settings", lambda g: setting(g, "Tie-breaks", "MAN BH"))
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    points = points_by_hand(book)
    rows = grid(book, "Swiss Games")[1:]
    assert all(row[3] not in (None, "BYE") for row in rows if row[2])  # games only
    buchholz = {name: sum(points[row[3] if row[2] == name else row[2]] for row in rows
                          if name in (row[2], row[3])) for name in points}  # fmt: skip
    tied = max(
        ([n for n in points if points[n] == p] for p in set(points.values())),
        key=lambda group: len({buchholz[n] for n in group}),
    )
    last = min(tied, key=lambda n: buchholz[n])
    assert len({buchholz[n] for n in tied}) > 1 and buchholz[last] < max(buchholz[n] for n in tied)
    type_values(book, {last: 1})
    ok("recalc", book, "--in-place", "--confirm")
    standings = [r for r in grid(book, "Swiss Standings") if r and r[2] in tied]
    assert standings[0][2] == last  # the book ranks him first of them
    done = CliRunner().invoke(cli, ["check", str(book)])
    lines = [line for line in done.output.splitlines() if "standings after" in line]
    assert lines == [], done.output
    assert "standings by MAN BH" in done.output
