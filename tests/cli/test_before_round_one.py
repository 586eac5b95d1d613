"""Before round 1 is paired (issue 34): every line that names the rounds paired says so ("no
round paired yet", reports.stages.paired_text), never "round 0": recalc's summary, publish's
line and pages, a TRF export's and its import's line."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.cli import run

#: "round 0" or "Round 0" as words: a round that does not exist.
ROUND_0 = re.compile(r"\b[Rr]ound 0\b")


def _not_started(tmp_path: Path) -> Path:
    """The Swiss template with its games deleted, 9 rounds planned, Auto-pair Off: an event
    whose players are entered and no round is paired."""
    import openpyxl

    book = tmp_path / "club.xlsx"
    assert run("template", "swiss", "-o", book).returncode == 0
    wb = openpyxl.load_workbook(book)
    games = wb["Swiss Games"]
    games.delete_rows(2, games.max_row)
    for setting in wb["Swiss Settings"].iter_rows(min_row=2):
        if setting[0].value == "Rounds":
            setting[1].value = 9
        if setting[0].value == "Auto-pair":
            setting[1].value = "Off"
    wb.save(book)
    return book


def test_no_line_names_round_0_before_round_1(tmp_path: Path) -> None:
    book = _not_started(tmp_path)
    recalc = run("recalc", book, "--in-place")
    assert recalc.returncode == 0, recalc.stdout + recalc.stderr
    assert "6 players, 0 rows, no round paired yet, 9 planned;" in recalc.stdout
    site = tmp_path / "site"
    published = run("publish", book, "--out-dir", site)
    assert published.returncode == 0, published.stdout + published.stderr
    assert published.stdout.strip().endswith("(Club Swiss, no round paired yet)")
    trf = tmp_path / "club.trf"
    exported = run("trf", "export", book, "-o", trf)
    assert exported.stdout.strip().endswith("(6 players, no round paired yet)")
    imported = run("trf", "import", trf, "-o", tmp_path / "again.xlsx")
    assert imported.stdout.strip().endswith("(6 players, 0 rows, no round paired yet)")
    said = [recalc.stdout, published.stdout, exported.stdout, imported.stdout]
    said += [page.read_text(encoding="utf-8") for page in site.glob("*.html")]
    assert not [ROUND_0.search(text) for text in said if ROUND_0.search(text)]
