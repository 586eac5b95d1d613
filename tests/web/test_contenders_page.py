"""Who can still win while a round is played: every sentence on its page, the published one
and the sheet, is true of its table (issue 34). The table counts the games of the round that
are over; the site's footer said "round 4 in progress: 1 of 3 results, not counted yet" under
it.

The Swiss template (six players, five rounds), round 4 paired. By hand from its Swiss Games:
Erik beat Bob (r1), drew Femke (r2) and beat Daniel (r3): 2½; he beats Charlotte in round 4
(Charlotte - Erik 0-1), the only result typed, so the table counts him on 3½ and says one game
of round 4 is over.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from tests.helpers.cli import run_in_process

ROOT = Path(__file__).resolve().parents[2]


def _page_text(path: Path) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", "", path.read_text("utf-8"), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"\n|(?<=\.) ", text) if s.strip()]


@pytest.fixture
def live_book(tmp_path: Path) -> Path:
    """The template with round 4's first board (Charlotte - Erik) typed as 0-1."""
    book = tmp_path / "sw.xlsx"
    shutil.copy(ROOT / "workbook_templates" / "swiss.xlsx", book)
    workbook = load_workbook(book)
    games = workbook["Swiss Games"]
    row = next(
        r
        for r in range(2, games.max_row + 1)
        if (games.cell(r, 1).value, games.cell(r, 3).value) == (4, "Charlotte")
    )
    assert games.cell(row, 4).value == "Erik" and games.cell(row, 5).value is None
    games.cell(row, 5).value = "0-1"
    workbook.save(book)
    return book


def test_the_published_contenders_page_says_which_results_it_counts(
    live_book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    result = run_in_process(capsys, "publish", live_book, "--out-dir", site)
    assert result.returncode == 0, result.stderr
    text = _page_text(site / "contenders.html")
    # The table counts Erik's game of round 4: 2½ + 1.
    assert re.search(r"\bErik\s+3½\s", text), text
    # No sentence on the page says round 4's results are not counted: the table counts them.
    false = [s for s in _sentences(text) if "not counted" in s]
    assert not false, false
    footer = re.search(r"<footer>(.*?)</footer>", (site / "contenders.html").read_text(), re.S)
    assert footer is not None
    assert "in round 4, 1 game over (counted as they ended)" in footer.group(1)
    # The standings do not count it, and their page still says so.
    assert "round 4 in progress: 1 of 3 results, not counted yet" in _page_text(site / "index.html")


def test_the_contenders_sheet_says_which_results_it_counts(
    live_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_in_process(capsys, "recalc", live_book, "--in-place")
    assert result.returncode == 0, result.stderr
    sheet = load_workbook(live_book)["Contenders"]
    said = [str(v) for row in sheet.iter_rows(values_only=True) for v in row if v is not None]
    header = sheet.oddHeader
    said += [
        part.text or "" for part in (header.left, header.center, header.right) if part is not None
    ]
    assert not [s for s in said if "not counted" in s], said
    assert any("1 game over (counted as they ended)" in s for s in said), said
