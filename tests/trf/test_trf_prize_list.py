"""The ``Prizes`` sheet (the prizes themselves; docs/guides/end-of-event.md) through ``trf
export`` and ``trf import``: TRF-2026 has no prize record, so each prize travels as a ``###``
line, beside the prize settings (a user test: a book exported and imported again lost its prize
list). The lines expected are written here by hand from the format the arbiter guide gives
(``### Prize: <category> <place>: <amount> + <object>``, the place as an ordinal, the amount
always, ``0`` for a prize that is only an object); the sheet expected back is the one typed."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.trf.test_round_trip_cells import typed_book

from ratingbook.cli import cli

HEADER = ("Place", "Category", "Amount", "Object")
#: As an organiser types them: whole amounts as whole numbers, a half as a decimal, a blank
#: category for the place prizes, a club's name with a comma, an object with a "+" in it.
PRIZES = [
    (1, None, 1000, "Trophy"),
    (2, None, 600, None),
    (3, None, 62.5, None),
    (1, "U1800", 150, None),
    (1, "Women", None, "Book, signed"),
    (1, "Club Ajedrez, Gros", 40, "Medal + diploma"),
]
#: The same prizes as the file's lines, in the sheet's order.
LINES = [
    "### Prize: 1st: 1000 + Trophy",
    "### Prize: 2nd: 600",
    "### Prize: 3rd: 62.5",
    "### Prize: U1800 1st: 150",
    "### Prize: Women 1st: 0 + Book, signed",
    "### Prize: Club Ajedrez, Gros 1st: 40 + Medal + diploma",
]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _book_with_prizes(path: Path, rows: list[tuple[object, ...]]) -> None:
    typed_book(path)
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("Prizes")
    ws.append(HEADER)
    for row in rows:
        ws.append(row)
    wb.save(path)


def _sheet(path: Path) -> list[tuple[tuple[object, type], ...]]:
    """The Prizes sheet's rows, each cell's value with its type."""
    ws = openpyxl.load_workbook(path)["Prizes"]
    rows = [r for r in ws.iter_rows(values_only=True) if any(v is not None for v in r)]
    return [tuple((v, type(v)) for v in row) for row in rows]


def _typed(rows: list[tuple[object, ...]]) -> list[tuple[tuple[object, type], ...]]:
    return [tuple((v, type(v)) for v in row) for row in rows]


def _prize_lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.startswith("### Prize:")]


def test_the_prizes_travel_as_comment_lines_and_come_back_cell_for_cell(tmp_path: Path) -> None:
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    _book_with_prizes(book, PRIZES)
    runner = CliRunner()
    exported = runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    assert _prize_lines(trf.read_text(encoding="utf-8")) == LINES
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    assert "line" not in imported.output  # read, not warned about
    assert _sheet(back) == _typed([HEADER, *PRIZES])
    # ... the imported book's prize list is worked out (its recalc read the sheet) ...
    assert "Prize List" in openpyxl.load_workbook(back).sheetnames
    # ... and its export writes the same lines again
    again = runner.invoke(cli, ["trf", "export", str(back)])
    assert again.exit_code == 0, again.output
    assert _prize_lines(again.output) == LINES


def test_a_book_without_prizes_writes_no_prize_line_and_gets_no_prizes_sheet(
    tmp_path: Path,
) -> None:
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    typed_book(book)
    runner = CliRunner()
    assert runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)]).exit_code == 0
    assert _prize_lines(trf.read_text(encoding="utf-8")) == []
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    assert "Prizes" not in openpyxl.load_workbook(back).sheetnames


def test_a_bad_prizes_row_stops_the_export_naming_its_cell(tmp_path: Path) -> None:
    book = tmp_path / "event.xlsx"
    _book_with_prizes(book, [(1, None, "lots", None)])
    exported = CliRunner().invoke(cli, ["trf", "export", str(book)])
    assert exported.exit_code == 2
    assert "sheet 'Prizes', row 2, column C (Amount)" in exported.output


#: Lines typed by hand (another program, an editor), each with the column of its fault, counted
#: from 1: "### Prize: " is 11 characters, so the label starts in column 12, and the amount of
#: "### Prize: 2nd: ..." in column 17.
BAD = [
    ("### Prize: 2nd: lots", 17),  # an amount that is not money
    ("### Prize: U3000x 1st: 5", 12),  # a category not understood
    ("### Prize: 0th: 5", 12),  # no place 0
    ("### Prize: 1st: 7", 12),  # a second 1st of the place list
    ("### Prize: 3rd: 0", 17),  # neither money nor an object
    ("### Prize: just words", 12),  # no place, no amount
]


def test_every_prize_line_that_does_not_read_is_named_by_line_and_column(tmp_path: Path) -> None:
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    _book_with_prizes(book, [(1, None, 1000, "Trophy")])
    runner = CliRunner()
    assert runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)]).exit_code == 0
    lines = trf.read_text(encoding="utf-8").splitlines()
    at = lines.index("### Prize: 1st: 1000 + Trophy")
    lines[at + 1 : at + 1] = [line for line, _ in BAD]
    trf.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    warned = [ln for ln in imported.output.splitlines() if ln.startswith("warning: line")]
    for n, (_, column) in enumerate(BAD, start=at + 2):  # file lines count from 1
        assert any(ln.startswith(f"warning: line {n}, column {column}: ") for ln in warned), n
    assert f"the first is on line {at + 1}" in imported.output  # the second 1st names the first
    # Every bad line is left out, the good one kept: the sheet reads (the import's recalc too).
    assert _sheet(back) == _typed([HEADER, (1, None, 1000, "Trophy")])
