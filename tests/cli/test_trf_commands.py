"""The Swiss event commands (ratingbook.cli.trf_commands): pair, trf export, trf import."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.helpers.paths import REAL_TRF, REAL_TRF_FILES, ROOT
from tests.helpers.trf_samples import SWISS_MANAGER_TRF16
from tests.helpers.workbooks import sheet_values

from ratingbook.cli import cli
from ratingbook.cli.trf_commands import trf_group
from ratingbook.udfs import SWISS_STANDINGS

TEMPLATE = ROOT / "workbook_templates" / "swiss.xlsx"


def games(path: Path) -> list[tuple[object, ...]]:
    rows = [tuple(r[:5]) for r in sheet_values(path, "Swiss Games")[1:]]
    return [r for r in rows if any(v not in (None, "") for v in r)]


def test_pair_refuses_the_template_whose_round_4_has_no_results(tmp_path: Path) -> None:
    """Outside FIDE mode (in FIDE mode too while no result of the round is in; once one is,
    the missing games are adjourned instead, FIDE's checklist Q159:
    tests/cli/test_adjourned_commands.py)."""
    book = tmp_path / "t.xlsx"
    shutil.copy(TEMPLATE, book)
    wb = openpyxl.load_workbook(book)
    fide_mode = next(r for r in wb["Swiss Settings"].iter_rows() if r[0].value == "FIDE Mode")
    fide_mode[1].value = "Off"  # the template's row, On by default
    wb.save(book)
    done = CliRunner().invoke(cli, ["pair", str(book), "-o", str(tmp_path / "out.xlsx")])
    assert done.exit_code == 2
    assert (
        "sheet 'Swiss Games', row 11, column E (Result): round 4 is not complete: board 1, "
        "board 2, board 3 have no result" in done.output
    )
    assert not (tmp_path / "out.xlsx").exists()


def test_pair_appends_the_next_round_once_the_results_are_in(tmp_path: Path) -> None:
    book = tmp_path / "t.xlsx"
    shutil.copy(TEMPLATE, book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Swiss Games"]
    for row in range(11, 14):
        ws.cell(row=row, column=5).value = "1-0"
    wb.save(book)
    done = CliRunner().invoke(cli, ["pair", str(book)])
    assert done.exit_code == 0, done.output
    out = tmp_path / "t-paired.xlsx"
    rows = games(out)
    round_5 = [r for r in rows if r[0] == 5]
    assert len(round_5) == 3 and all(r[4] in (None, "") for r in round_5)
    assert [r[1] for r in round_5] == [1, 2, 3]
    assert games(book) == rows[:12]  # the input is left as it was


def test_trf_import_builds_a_book_and_export_gives_the_entries_back(tmp_path: Path) -> None:
    source = tmp_path / "event.trf"
    source.write_text(SWISS_MANAGER_TRF16, encoding="cp1252")
    book = tmp_path / "event.xlsx"
    done = CliRunner().invoke(trf_group, ["import", str(source), "-o", str(book), "--no-check"])
    assert done.exit_code == 0, done.output
    # A record ratingbook does not use is a warning naming its line (XXS is read: 1, 0.5, ...).
    assert "warning: line 21: record 'BBW' not used" in done.output
    assert "points in the file" not in done.output  # the file's totals agree with its entries
    wb = openpyxl.load_workbook(book)
    settings = {r[0]: r[1] for r in wb["Swiss Settings"].iter_rows(min_row=2, values_only=True)}
    assert settings["Rounds"] == 5 and settings["First Colour"] == "Black"
    assert (wb["Swiss Players"]["A2"].value, wb["Swiss Players"]["B2"].value) == (1, "Hansen, Ola")
    assert ("Swiss Standings" in wb.sheetnames) and ("Pairings" in wb.sheetnames)
    # Round 3 is not paired: the requested byes are rows of round 3, nothing else is.
    assert sorted(r[2] for r in games(book) if r[0] == 3) == ["Berg, Kari", "Dahl, Per"]
    again = CliRunner().invoke(trf_group, ["import", str(source), "-o", str(book)])
    assert again.exit_code == 2 and "already exists; use --force" in again.output
    exported = CliRunner().invoke(trf_group, ["export", str(book), "-o", str(tmp_path / "x.trf")])
    assert exported.exit_code == 0, exported.output
    data = (tmp_path / "x.trf").read_bytes()
    assert b"\r\n" in data
    original = [
        line[89:].rstrip() for line in SWISS_MANAGER_TRF16.splitlines() if line[:3] == "001"
    ]
    written = [line[89:].rstrip() for line in data.decode().splitlines() if line[:3] == "001"]
    assert written == [r.replace("0000 - -", "0000 - Z") for r in original]


REAL_FILES = [REAL_TRF / name for name in REAL_TRF_FILES]


@pytest.mark.parametrize("source", REAL_FILES, ids=lambda p: p.stem)
def test_every_real_file_imports_into_a_book(source: Path, tmp_path: Path) -> None:
    """The arbiter guide's promise, "every one imports", through the command a user runs (a
    team event's match typed in part once crashed its notes on a bye: KeyError 'white')."""
    book = tmp_path / "event.xlsx"
    done = CliRunner().invoke(trf_group, ["import", str(source), "-o", str(book), "--no-check"])
    assert done.exit_code == 0, done.output
    assert done.exception is None
    assert openpyxl.load_workbook(book, read_only=True).sheetnames


def test_an_imported_books_dates_are_dates_as_in_the_template(tmp_path: Path) -> None:
    """#34: Start Date and End Date were written as a date and time ("yyyy-mm-dd h:mm:ss",
    printed "2011-11-25 0:00:00"). The Kilkenny Masters' 042 and 052 records give 2011-11-25
    and 2011-11-27: written as those days, with the template's Start Date format."""
    source = ROOT / "tests" / "data" / "trf" / "icu_kilkenny-masters_2011.tab"
    records = {t[:3]: t[4:].strip() for t in source.read_text("latin-1").splitlines()}
    assert (records["042"], records["052"]) == ("2011-11-25", "2011-11-27")
    book = tmp_path / "k.xlsx"
    done = CliRunner().invoke(trf_group, ["import", str(source), "-o", str(book), "--no-check"])
    assert done.exit_code == 0, done.output
    template = openpyxl.load_workbook(TEMPLATE)["Swiss Settings"]
    wanted = next(r[1].number_format for r in template.iter_rows() if r[0].value == "Start Date")
    assert wanted == "yyyy-mm-dd"
    cells = {r[0].value: r[1] for r in openpyxl.load_workbook(book)["Swiss Settings"].iter_rows()}
    for name, day in (("Start Date", "2011-11-25"), ("End Date", "2011-11-27")):
        assert cells[name].number_format == wanted, (name, cells[name].number_format)
        assert cells[name].value.strftime("%Y-%m-%d %H:%M") == f"{day} 00:00"


def test_trf_import_names_the_bad_line(tmp_path: Path) -> None:
    source = tmp_path / "bad.trf"
    source.write_text("012 x\n001    1      A\n001    x      B\n")
    done = CliRunner().invoke(trf_group, ["import", str(source), "-o", str(tmp_path / "b.xlsx")])
    assert done.exit_code == 2
    assert "line 3: start number (columns 5-8) 'x' is not a number" in done.output
    assert not (tmp_path / "b.xlsx").exists()


# --- the worksheet function --------------------------------------------------------------------

HEADER = ["Round", "Board", "White", "Black", "Result"]


def test_udf_reads_the_event_spellings_in_the_seed_order() -> None:
    """Seed 004's example with the event's columns gives the seed's table."""
    rows = [
        HEADER,
        [1, 1, "Anna", "Femke", "1-0"], [1, 2, "Bob", "Erik", "0-1"],
        [1, 3, "Charlotte", "Daniel", "½-½"], [2, 1, "Erik", "Anna", "1-0"],
        [2, 2, "Femke", "Charlotte", "1/2-1/2"], [2, 3, "Daniel", "Bob", "1-0"],
        [3, 1, "Daniel", "Erik", "½-½"], [3, 2, "Charlotte", "Anna", "1-0"],
        [3, 3, "Bob", "Femke", "1-0"],
    ]  # fmt: skip
    assert SWISS_STANDINGS(rows) == [
        ["Rank", "Name", "Points", "Resistance", "Sonneborn-Berger", "Blacks"],
        [1, "Erik", 2.5, 4.0, 3.00, 2],
        [2, "Daniel", 2.0, 5.5, 3.25, 1],
        [3, "Charlotte", 2.0, 3.5, 2.25, 1],
        [4, "Anna", 1.0, 5.0, 0.50, 2],
        [5, "Bob", 1.0, 5.0, 0.50, 1],
        [6, "Femke", 0.5, 4.0, 1.00, 2],
    ]


def test_udf_fide_codes_with_byes_and_forfeits() -> None:
    """The hand-worked event of test_fide (2026 rules: no start date, the rules in force)."""
    rows = [
        HEADER,
        [1, 1, "A", "B", "1-0"], [1, 2, "C", "D", "½-½"], [1, 3, "E", "BYE", "PAB"],
        [2, 1, "A", "D", "+/-"], [2, 2, "B", "E", "0-1"], [2, None, "C", "BYE", "H"],
        [3, 1, "A", "C", "1-0"], [3, 2, "B", "D", "½-½"],
    ]  # fmt: skip
    table = SWISS_STANDINGS(rows, [["BH/C1", "BH"]])
    assert table == [
        ["Rank", "Name", "Points", "BH/C1", "BH"],
        [1, "A", 3.0, 2.0, 2.5],
        [2, "E", 2.0, 2.0, 3.5],
        [3, "C", 1.0, 4.0, 5.0],
        [4, "D", 1.0, 1.5, 2.5],
        [5, "B", 0.5, 5.5, 6.5],
    ]


@pytest.mark.parametrize(
    ("rows", "codes", "message"),
    [
        ([["Anna", "Bob", 1, 0]], "BH", "FIDE tie-breaks need the games with a header row"),
        ([HEADER, [1, 1, "A", "B", "1-0"]], "XYZ", "unknown tie-break code 'XYZ'"),
        (
            [HEADER, [1, 1, "A", "B", "H"]],
            None,
            "row 2, column E (Result): 'H' is a bye (HPB), and a bye row needs Black = BYE",
        ),
    ],
)
def test_udf_errors(rows: list[list[object]], codes: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        SWISS_STANDINGS(rows, codes)


def test_the_templates_generated_sheets_print_one_page_wide() -> None:
    """Swiss Standings, Crosstable and Pairings: fit to one page wide, any number of pages
    down, the header row repeated on each page (written by the openpyxl adapter)."""
    wb = openpyxl.load_workbook(TEMPLATE)
    for name in ("Swiss Standings", "Crosstable", "Pairings"):
        ws = wb[name]
        assert ws.sheet_properties.pageSetUpPr.fitToPage, name
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), name
        assert ws.print_title_rows == "$1:$1", name
