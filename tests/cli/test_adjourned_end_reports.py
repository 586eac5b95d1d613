"""No prize list, norms or contenders while an adjourned game of a finished event has no
result, through every door (FIDE's 2026 checklist, Q161 and Q169 as Sharly-Chess's issue #2316
quotes them; the compliance page's "Adjourned games" row): the user test's event, the Swiss
template made FIDE-rated (Standard, ratings 2400, 2350, ... and FIDE IDs) with a Prizes sheet
(1st 100, 2nd 50), round 4's boards 1-2 typed and board 3 (Femke - Anna) left open, the book
recalculated (its Prize List and Norms sheets written, as any run before the end writes
them), then ``pair`` adjourns Femke - Anna and pairs round 5, the last.

Expected, from the page's text: ``prizes``, ``norms`` and ``contenders`` print nothing and say
why, naming the game; ``publish`` writes no prizes.html, norms.html or contenders.html and links
none, and titles the standings and crosstable provisional; the book's Prize List, Norms and
Contenders sheets from earlier runs keep no answer, only the reason. Once the result is typed
(level 3, ``--confirm``), the prize list is printed again."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import sheet_names, sheet_values

from ratingbook.cli import cli

TEMPLATE = ROOT / "workbook_templates" / "swiss.xlsx"
#: Round 4 of the template: Charlotte - Erik, Daniel - Bob, Femke - Anna, rows 11 to 13.
FEMKE_ANNA = 13
GAME = "round 4 board 3 (Femke - Anna)"
END_SHEETS = ("Prize List", "Norms", "Contenders")


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _rated_book_with_prizes(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    for row in wb["Swiss Settings"].iter_rows(min_row=2):
        if row[0].value == "FIDE Rated":
            row[1].value = "Standard"
    for i, row in enumerate(wb["Swiss Players"].iter_rows(min_row=2, max_row=7)):
        row[2].value, row[3].value = 2400 - 50 * i, 1000001 + i
    prizes = wb.create_sheet("Prizes")
    for line in (("Place", "Amount"), (1, 100), (2, 50)):
        prizes.append(line)
    games = wb["Swiss Games"]
    games.cell(row=11, column=5).value = "0-1"  # Charlotte - Erik
    games.cell(row=12, column=5).value = "1-0"  # Daniel - Bob; Femke - Anna left open
    wb.save(book)


def _words(output: str) -> str:
    return " ".join(output.split())


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The book with round 5 paired while Femke - Anna (round 4) is adjourned."""
    book = tmp_path_factory.mktemp("adjourned") / "club.xlsx"
    shutil.copy(TEMPLATE, book)
    _rated_book_with_prizes(book)
    runner = CliRunner()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RATINGBOOK_USER", "arbiter")
        before = runner.invoke(cli, ["recalc", str(book), "--in-place"])  # round 4 not over
        assert before.exit_code == 0, before.output
        names = sheet_names(book)
        assert set(END_SHEETS) <= set(names), names  # the sheets of a run before the end
        done = runner.invoke(cli, ["pair", str(book), "--in-place"])
        assert done.exit_code == 0, done.output
    games = sheet_values(book, "Swiss Games")
    assert games[FEMKE_ANNA - 1][4] == "?" and [g[0] for g in games].count(5) == 3
    return book


@pytest.mark.parametrize("command", ["prizes", "norms", "contenders"])
def test_the_end_of_event_commands_print_nothing_and_name_the_adjourned_game(
    paired: Path, command: str
) -> None:
    said = CliRunner().invoke(cli, [command, str(paired)])
    assert said.exit_code == 2, said.output
    words = _words(said.output)
    assert "the prize list, norms and contenders cannot be produced" in words
    assert GAME in words
    assert "Prize list after" not in words and "Before round 5" not in words
    assert "Erik" not in words.replace("(Femke - Anna)", "")  # no line of a list


def test_the_site_leaves_the_end_pages_out_and_titles_the_standings_provisional(
    paired: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    published = CliRunner().invoke(cli, ["publish", str(paired), "--out-dir", str(site)])
    assert published.exit_code == 0, published.output
    files = {p.name for p in site.iterdir()}
    assert {"index.html", "crosstable.html", "round-5.html"} <= files
    assert not files & {"prizes.html", "norms.html", "contenders.html"}
    for page in files - {"style.css"}:
        html = (site / page).read_text(encoding="utf-8")
        for end in ("prizes.html", "norms.html", "contenders.html"):
            assert end not in html, (page, end)
    for page in ("index.html", "crosstable.html"):
        assert "provisional" in (site / page).read_text(encoding="utf-8"), page


def test_the_books_end_sheets_from_earlier_runs_keep_only_the_reason(paired: Path) -> None:
    wb = openpyxl.load_workbook(paired)
    for name in END_SHEETS:
        rows = [r for r in wb[name].iter_rows(values_only=True) if any(v is not None for v in r)]
        cells = [str(v) for r in rows[1:] for v in r if v is not None]
        assert len(cells) == 1, (name, rows)  # one line under the header: why, nothing else
        assert "cannot be produced" in cells[0] and GAME in cells[0], (name, cells)
    for name in ("Swiss Standings", "Crosstable"):
        assert "provisional" in wb[name].oddHeader.center.text, name


def test_the_prize_list_comes_back_once_the_result_is_in(paired: Path, tmp_path: Path) -> None:
    book = tmp_path / "resolved.xlsx"
    shutil.copy(paired, book)
    wb = openpyxl.load_workbook(book)
    wb["Swiss Games"].cell(row=FEMKE_ANNA, column=5).value = "0-1"
    wb.save(book)
    runner = CliRunner()
    confirmed = runner.invoke(cli, ["recalc", str(book), "--in-place", "--confirm"])
    assert confirmed.exit_code == 0, confirmed.output
    assert "provisional" not in _words(confirmed.output)
    # By hand from the template's rounds 1-3 and round 4 (0-1, 1-0, 0-1): Erik 2½+1 = 3½,
    # Daniel 2+1 = 3, Charlotte 2, Anna 1+1 = 2, Bob 1, Femke ½: 1st Erik 100, 2nd Daniel 50.
    prizes = runner.invoke(cli, ["prizes", str(book)])
    assert prizes.exit_code == 0, prizes.output
    lines = [line.split() for line in prizes.output.splitlines()]
    assert "Prize list after round 4" in prizes.output
    assert ["1", "Erik", "3½", "1st", "100"] in lines and ["2", "Daniel", "3", "2nd", "50"] in lines
    rows = sheet_values(book, "Prize List")
    assert any(r[1] == "Erik" for r in rows), rows
