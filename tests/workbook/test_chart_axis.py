"""The camp's charts end at the last game played (issue 34): after 4 games their axis ran to game
30, the room a progress sheet keeps for games to come.

A recalc that builds the charts (the package and openpyxl back ends) plots the start and the
games played (at least 4, so that an empty chart has an axis); a template keeps the whole
room, since the front ends that cannot change a chart (the button in Excel, xlwings Server and
Lite) start from it, and there the game columns not played yet have no header, so no label is
drawn beyond the last game.

The book (counted by hand from its games): Ann 1-2, 2-3, 3-1, 5-1, 2-5, 5-1, 1-5, 3-1 gives
Ann (Seniors) 6 games, Eve (Seniors) 4, Ben (Juniors) 3, Cat (Juniors) 3. On Ladder Progress
column D is the start, E the first game: the Seniors' chart reads D to J (6 games), the
Juniors' D to H (3 games, at least 4 shown); the week-by-week charts the one week so far, AI
(after 30 game columns E to AH).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from tests.helpers.cli import run_in_process
from tests.helpers.pdfs import TIMEOUT, needs_pdf_tools, page_texts, to_pdf
from tests.helpers.workbooks import LADDER_GAMES, ladder_sheets, make_book, save_book

ROOT = Path(__file__).resolve().parents[2]
GAMES = [*LADDER_GAMES, [1, 5, "(1-0)"], [3, 1, "(0-1)"]]
#: Where a landscape letter page's footer starts (points from the top of 612).
FOOTER = 540
#: The last column each chart reads, by title (hand-counted above).
LAST = {
    "Seniors: week 1": "J",
    "Juniors: week 1": "H",
    "Seniors: week by week": "AI",
    "Juniors: week by week": "AI",
}


def _chart_ranges(book: Path) -> dict[str, set[str]]:
    """Each chart's title and the ranges its categories and values read (row 1 and below)."""
    found: dict[str, set[str]] = {}
    with zipfile.ZipFile(book) as z:
        for name in z.namelist():
            if not re.fullmatch(r"xl/charts/chart\d+\.xml", name):
                continue
            xml = z.read(name).decode("utf-8")
            title = re.search(r"<(?:\w+:)?t>([^<]*)</(?:\w+:)?t>", xml)
            refs = re.findall(r"<(?:\w+:)?f>'Ladder Progress'!([^<]*)</(?:\w+:)?f>", xml)
            if title and refs:
                found[title.group(1)] = {r for r in refs if ":" in r or "$1" in r}
    return found


def _camp(tmp_path: Path) -> Path:
    return save_book(make_book(ladder_sheets(games=GAMES)), tmp_path / "camp.xlsx")


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_recalcs_charts_end_at_the_last_game_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], backend: str
) -> None:
    book = _camp(tmp_path)
    out = tmp_path / "out.xlsx"
    result = run_in_process(capsys, "recalc", book, "-o", out, "--backend", backend)
    assert result.returncode == 0, result.stderr
    ranges = _chart_ranges(out)
    assert set(ranges) == set(LAST)
    for title, last in LAST.items():
        ends = {re.sub(r".*\$([A-Z]+)\$\d+$", r"\1", r) for r in ranges[title]}
        assert ends == {last}, (title, ranges[title])
    # The header names the games played, nothing beyond: E..J are 1..6, K empty.
    header = next(load_workbook(out)["Ladder Progress"].iter_rows(max_row=1, values_only=True))
    assert header[3:10] == ("Start", "1", "2", "3", "4", "5", "6")
    assert header[10] in (None, "")


def test_a_templates_charts_keep_the_room_with_no_header_beyond_the_last_game(
    tmp_path: Path,
) -> None:
    """The template's sample: 3 games at most a camper (Maya Okafor: 1-3, 2-1, 1-7)."""
    book = tmp_path / "ladder.xlsx"
    shutil.copy(ROOT / "workbook_templates" / "ladder.xlsx", book)
    ranges = _chart_ranges(book)
    games = {t: r for t, r in ranges.items() if t.endswith(": week 1")}
    assert games and all(any(r.startswith("$D$1:$AH$1") for r in v) for v in games.values())
    header = next(load_workbook(book)["Ladder Progress"].iter_rows(max_row=1, values_only=True))
    assert header[3:7] == ("Start", "1", "2", "3")
    assert all(v in (None, "") for v in header[7:34]), header[7:34]


@pytest.mark.slow
@needs_pdf_tools[0]
@needs_pdf_tools[1]
def test_the_printed_charts_label_the_games_played_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LibreOffice's printout of the recalculated camp: the charts' axis labels are the games
    played (Juniors: the least 4) and the one week, not 2, 4, ... 30 and Week 16."""
    book = _camp(tmp_path)
    out = tmp_path / "camp-r.xlsx"
    assert run_in_process(capsys, "recalc", book, "-o", out).returncode == 0
    pdf = to_pdf(out, tmp_path / "pdf")
    pages = page_texts(pdf)
    charts = [n for n, page in enumerate(pages, 1) if page.lstrip().startswith("Ladder Charts")]
    assert len(charts) == 4, len(pages)
    labels: set[int] = set()
    for number in charts:
        # Each word where it prints (-bbox: layout mode runs the words of LibreOffice's
        # clipped neighbouring charts together, "3" and "2" into "32").
        words = subprocess.run(
            ["pdftotext", "-f", str(number), "-l", str(number), "-bbox", str(pdf), "-"],
            capture_output=True, text=True, timeout=TIMEOUT, check=True,
        ).stdout  # fmt: skip
        for top, word in re.findall(r'yMin="([\d.]+)"[^>]*>([^<]*)</word>', words):
            # The axes' labels are the one- and two-digit numbers (the ratings are hundreds);
            # the footer ("Page 6 of 11", the date) at the page's foot left out.
            if re.fullmatch(r"\d{1,2}", word) and float(top) < FOOTER:
                labels.add(int(word))
    # Games 1 to 6 (Ann's; the Juniors' least 4 among them), and "Week 1".
    assert labels == {1, 2, 3, 4, 5, 6}, sorted(labels)
