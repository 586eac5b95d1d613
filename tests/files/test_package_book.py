"""The package adapter ``PackageBook``: python-calamine reads, the zip package is patched.

What it must do, checked here:

- the same results as the openpyxl adapter ``XlsxBook`` for recalc and new week, on books made
  by openpyxl, on the committed templates, on books LibreOffice saved and on Excel's own
  ``quickstart.xlsm`` (every sheet's values equal after reloading with openpyxl);
- lose nothing: parts it does not touch (drawings, charts, macros, other sheets) are copied
  byte for byte; recalculating twice gives the same file;
- write text as text (a name like ``=HYPERLINK(...)`` never becomes a formula), numbers as
  numbers, dates as dates, and keep each cell's style;
- read what calamine cannot tell apart from an empty cell: Excel errors and formulas never
  calculated;
- make Excel recalculate on open (no stale calcChain, ``fullCalcOnLoad``);
- give files LibreOffice opens, with the values expected (skipped without ``soffice``);
- random write blocks land exactly where they should (Hypothesis).
"""

from __future__ import annotations

import datetime as dt
import re
import stat
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.table import Table
from tests.helpers.libreoffice import convert_all
from tests.helpers.packages import MAIN_NS, book_with_sheet_xml, ladder_book, replace_member
from tests.helpers.paths import ROOT
from tests.helpers.sheet_grids import book_grids, sheet_grid
from tests.helpers.workbooks import (
    HAND_RATINGS,
    Error,
    Formula,
    Text,
    ladder_sheets,
    make_book,
    save_book,
    write_grid,
)

from ratingbook import workbook
from ratingbook.core.cells import Uncalculated
from ratingbook.errors import RatingbookError, WorkbookError
from ratingbook.files.patching import PackageBook
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook.port.book import KEEP, GeneratedSheet, WriteBlock

TEMPLATES = ROOT / "workbook_templates"
needs_soffice = pytest.mark.usefixtures("needs_soffice")
TODAY = dt.date(2024, 5, 6)
# The hand-worked week of tests/helpers/workbooks.py (see tests/workbook/test_workbook.py for the
# arithmetic): ID -> (Rating, Permanent Rating); Dan (4) is inactive and untouched.
HYPERLINK = '=HYPERLINK("http://x","y")'


# --- helpers -------------------------------------------------------------------------------------


def values(path: Path) -> dict[str, list[list[Any]]]:
    """Every sheet's cell values as openpyxl reads them (formulas as their text)."""
    return book_grids(path)


def same_values(a: object, b: object) -> bool:
    """Equal, and of the same type (1 and 1.0 differ)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_values(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_values(x, y) for x, y in zip(a, b, strict=True))
    return a == b and type(a) is type(b)


def run_both(
    source: Path, tmp_path: Path, action: Callable[[Any], object] = workbook.recalc
) -> tuple[Path, Path]:
    """``action`` through XlsxBook and through PackageBook; the two output files."""
    outputs = []
    for cls in (XlsxBook, PackageBook):
        book = cls(source)
        action(book)
        out = tmp_path / f"{source.stem}-{cls.__name__}{source.suffix}"
        book.save(out)
        outputs.append(out)
    return outputs[0], outputs[1]


def package_recalc(source: Path, target: Path) -> Path:
    book = PackageBook(source)
    workbook.recalc(book)
    book.save(target)
    return target


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as package:
        return {info.filename: package.read(info) for info in package.infolist()}


def raw_members(path: Path) -> dict[str, bytes]:
    """Each member's bytes as stored in the zip (compressed), for byte-for-byte copies."""
    out = {}
    with zipfile.ZipFile(path) as package, path.open("rb") as handle:
        for info in package.infolist():
            handle.seek(info.header_offset + 26)
            name_length, extra_length = (
                int.from_bytes(handle.read(2), "little"),
                int.from_bytes(handle.read(2), "little"),
            )
            handle.seek(info.header_offset + 30 + name_length + extra_length)
            out[info.filename] = handle.read(info.compress_size)
    return out


def sheet_part(path: Path, sheet: str) -> str:
    """The zip member holding worksheet ``sheet``."""
    with zipfile.ZipFile(path) as package:
        workbook_xml = package.read("xl/workbook.xml").decode()
        rels = package.read("xl/_rels/workbook.xml.rels").decode()
    rid = re.search(rf'<sheet [^>]*name="{re.escape(sheet)}"[^>]*r:id="([^"]+)"', workbook_xml)
    assert rid is not None, workbook_xml
    target = re.search(rf'Id="{rid.group(1)}"[^>]*Target="([^"]+)"', rels) or re.search(
        rf'Target="([^"]+)"[^>]*Id="{rid.group(1)}"', rels
    )
    assert target is not None, rels
    name = target.group(1)
    return name.lstrip("/") if name.startswith("/") else f"xl/{name}"


def ratings(path: Path) -> dict[int, tuple[int, int]]:
    rows = sheet_grid(path, "Ladder Players")
    header = rows[0]
    at = {h: i for i, h in enumerate(header)}
    return {
        r[at["ID"]]: (r[at["Rating"]], r[at["Permanent Rating"]])
        for r in rows[1:]
        if r[at["ID"]] is not None
    }


def lo_convert_all(books: list[Path], out_dir: Path, target: str = "xlsx") -> list[Path]:
    """LibreOffice's own saves of ``books``, in order, by the run's LibreOffice
    (:func:`tests.helpers.libreoffice.convert_all`). The books' names must differ."""
    assert len({book.stem for book in books}) == len(books), books
    done = convert_all(books, out_dir, out_dir / "profile", target)
    converted = [out_dir / f"{book.stem}.{target.split(':')[0]}" for book in books]
    assert done.returncode == 0 and all(c.exists() for c in converted), done.stdout + done.stderr
    return converted


def lo_values(converted: Path) -> dict[str, list[list[Any]]]:
    """Every sheet's values as LibreOffice computed them (its re-save, read with data_only)."""
    wb = openpyxl.load_workbook(converted, data_only=True)
    return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in wb.worksheets}


def quickstart_xlsm() -> Path:
    import xlwings

    path = Path(xlwings.__file__).parent / "quickstart.xlsm"
    if not path.exists():  # pragma: no cover - depends on the xlwings wheel
        pytest.skip(f"xlwings ships no quickstart.xlsm in {path.parent}")
    return path


def excel_ladder_book(tmp_path: Path) -> Path:
    """Excel's own quickstart.xlsm with the ladder sheets added by PackageBook itself.

    Every part Excel wrote (workbook.xml with mc:Ignorable and extensions, styles, shared
    strings, the VBA project) stays as Excel wrote it.
    """
    book = PackageBook(quickstart_xlsm())
    for name, grid in ladder_sheets().items():
        book.replace_sheet(GeneratedSheet(name, tuple(grid[0]), [list(r) for r in grid[1:]]))
    return _saved(book, tmp_path / "excel-camp.xlsm")


def _saved(book: PackageBook, path: Path) -> Path:
    book.save(path)
    return path


# --- same results as the openpyxl adapter ----------------------------------------------------


def test_consistency_recalc_matches_the_openpyxl_adapter_and_the_hand_worked_week(
    tmp_path: Path,
) -> None:
    """On an openpyxl-made book both adapters write the same values into every sheet."""
    source = ladder_book(tmp_path)
    expected, got = run_both(source, tmp_path)
    assert same_values(values(expected), values(got))
    assert ratings(got) == HAND_RATINGS


@pytest.mark.parametrize("kind", ["ladder", "crikey", "elo", "swiss"])
def test_consistency_templates_recalculate_like_the_openpyxl_adapter(
    kind: str, tmp_path: Path
) -> None:
    """The committed templates (tables, dropdowns, formats, Instructions) give the same values."""
    source = TEMPLATES / f"{kind}.xlsx"
    if not source.exists():
        pytest.skip(f"{source} is not committed yet")
    expected, got = run_both(source, tmp_path)
    assert same_values(values(expected), values(got))


def test_consistency_new_week_matches_the_openpyxl_adapter_twice_over(tmp_path: Path) -> None:
    """Two new weeks in a row: the archive is created, then appended to (dates in a write
    block), and the two adapters agree on every sheet each time."""
    source = ladder_book(tmp_path)

    def week(book: Any) -> object:
        return workbook.new_week(book, today=TODAY)

    first_x, first_p = run_both(source, tmp_path, week)
    assert same_values(values(first_x), values(first_p))
    # Play a second week in both files, then start week 3.
    for path in (first_x, first_p):
        wb = openpyxl.load_workbook(path)
        write_grid(wb["Ladder Games"], [[1, 3, "(0-1)"], [5, 2, "(1-0)"]], top=2)
        wb.save(path)
    second = []
    for path, cls in ((first_x, XlsxBook), (first_p, PackageBook)):
        book = cls(path)
        workbook.new_week(book, today=TODAY + dt.timedelta(days=7))
        book.save(path.with_name(f"week3-{cls.__name__}.xlsx"))
        second.append(path.with_name(f"week3-{cls.__name__}.xlsx"))
    got = values(second[1])
    assert same_values(values(second[0]), got)
    archive = got["Games Archive"]
    assert archive[0][:2] == ["Week", "Archived On"]
    assert [r[0] for r in archive[1:]] == ["Week 1"] * 6 + ["Week 2"] * 2
    assert archive[-1][1] == dt.datetime(2024, 5, 13)
    assert openpyxl.load_workbook(second[1])["Games Archive"]["B8"].is_date


@needs_soffice
def test_consistency_recalc_of_a_book_libreoffice_saved_matches(
    libreoffice_saved: dict[str, Path], tmp_path: Path
) -> None:
    """LibreOffice writes shared strings, its own styles and XML: same values as openpyxl's."""
    saved = libreoffice_saved["ladder with a formula"]
    assert "xl/sharedStrings.xml" in members(saved)
    expected, got = run_both(saved, tmp_path)
    assert same_values(values(expected), values(got))
    assert ratings(got) == HAND_RATINGS


def test_excel_saved_macro_book_recalculates_and_keeps_its_vba(tmp_path: Path) -> None:
    """Excel's own .xlsm: the VBA project and Excel's parts survive byte for byte."""
    source = excel_ladder_book(tmp_path)
    out = package_recalc(source, tmp_path / "out.xlsm")
    assert ratings(out) == HAND_RATINGS
    original, after = raw_members(quickstart_xlsm()), raw_members(out)
    for name in ("xl/vbaProject.bin", "xl/theme/theme1.xml", "xl/sharedStrings.xml",
                 "xl/worksheets/sheet2.xml", "docProps/core.xml"):  # fmt: skip
        assert after[name] == original[name], name
    content_types = members(out)["[Content_Types].xml"].decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in content_types
    workbook_xml = members(out)["xl/workbook.xml"].decode()
    assert 'mc:Ignorable="x15 xr xr6 xr10 xr2"' in workbook_xml
    assert '<x14:workbookPr defaultImageDpi="32767"/>' in workbook_xml
    assert openpyxl.load_workbook(out, keep_vba=True).sheetnames[:2] == ["Sheet1", "_xlwings.conf"]
    with pytest.raises(WorkbookError, match="keep the extension"):
        PackageBook(source).save(tmp_path / "out.xlsx")


# --- nothing lost ------------------------------------------------------------------------------


def make_chart_book(folder: Path) -> Path:
    """A ladder book with a bar chart of the ratings and a comment on the players sheet."""
    wb = make_book({**ladder_sheets(), "Notes": [["see the chart"]]})
    ws = wb["Ladder Players"]
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=5, min_row=1, max_row=6), titles_from_data=True)
    ws.add_chart(chart, "J2")
    ws["J1"].comment = Comment("ratings chart", "staff")
    return save_book(wb, folder / "chart.xlsx")


@pytest.fixture
def chart_book(tmp_path: Path) -> Path:
    return make_chart_book(tmp_path)


def test_parts_it_does_not_change_are_copied_byte_for_byte(
    chart_book: Path, tmp_path: Path
) -> None:
    """Drawings, charts, comments, the untouched sheets: the same stored bytes."""
    before = raw_members(chart_book)
    assert any(n.startswith("xl/charts/") for n in before)
    assert any(n.startswith("xl/drawings/") for n in before)
    out = package_recalc(chart_book, tmp_path / "out.xlsx")
    after = raw_members(out)
    changed = {sheet_part(chart_book, "Ladder Players"), "xl/workbook.xml",
               "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml"}  # fmt: skip
    for name, data in before.items():
        if name not in changed:
            assert after.get(name) == data, name
    assert set(before) <= set(after)
    assert ratings(out) == HAND_RATINGS


def test_only_rating_cells_change_in_the_players_sheet(chart_book: Path, tmp_path: Path) -> None:
    """The players sheet keeps its drawing, legacy drawing and every other cell as they were."""
    part = sheet_part(chart_book, "Ladder Players")
    before = members(chart_book)[part].decode()
    out = package_recalc(chart_book, tmp_path / "out.xlsx")
    after = members(out)[part].decode()
    assert "<drawing " in after and "<legacyDrawing " in after
    # Outside <sheetData> nothing changed.
    assert before.split("<sheetData>")[0] == after.split("<sheetData>")[0]
    assert before.split("</sheetData>")[1] == after.split("</sheetData>")[1]
    wb = openpyxl.load_workbook(out)
    assert wb["Ladder Players"]["J1"].comment.text.startswith("ratings chart")


def test_recalculating_twice_gives_the_same_file(chart_book: Path, tmp_path: Path) -> None:
    """Idempotent: the second recalc rewrites the generated sheets with identical bytes."""
    once = package_recalc(chart_book, tmp_path / "once.xlsx")
    twice = package_recalc(once, tmp_path / "twice.xlsx")
    assert members(once) == members(twice)
    assert once.read_bytes() == twice.read_bytes()


# The table this test adds over the standings' numeric headings makes openpyxl warn as it saves.
@pytest.mark.filterwarnings("ignore:File may not be readable:UserWarning")
def test_generated_sheets_are_rebuilt_in_place_without_their_old_parts(tmp_path: Path) -> None:
    """A table and a comment someone put on Ladder Standings go with the old sheet: their parts,
    relationships and content types are removed, and nothing else is."""
    once = package_recalc(ladder_book(tmp_path), tmp_path / "once.xlsx")
    wb = openpyxl.load_workbook(once)
    ws = wb["Ladder Standings"]
    ws.add_table(Table(displayName="Standings", ref="A1:J5"))
    ws["L1"].comment = Comment("mine", "staff")
    wb.save(once)
    with_extras = members(once)
    assert any(n.startswith("xl/tables/") for n in with_extras)
    twice = package_recalc(once, tmp_path / "twice.xlsx")
    after = members(twice)
    assert not any(n.startswith(("xl/tables/", "xl/comments")) for n in after)
    assert not any("vmlDrawing" in n for n in after)
    content_types = after["[Content_Types].xml"].decode()
    assert "/xl/tables/" not in content_types and "comments" not in content_types
    assert openpyxl.load_workbook(twice).sheetnames == openpyxl.load_workbook(once).sheetnames
    assert ratings(twice) == HAND_RATINGS


def test_saving_without_changes_keeps_every_part(chart_book: Path, tmp_path: Path) -> None:
    out = tmp_path / "copy.xlsx"
    PackageBook(chart_book).save(out)
    assert raw_members(out) == raw_members(chart_book)


# --- what is written, and how ------------------------------------------------------------------


def test_a_formula_like_name_is_written_as_text(tmp_path: Path) -> None:
    """Ann is called =HYPERLINK(...): the standings and history hold her name as an inline
    string, never as a formula."""
    sheets = ladder_sheets()
    players = [list(r) for r in sheets["Ladder Players"]]
    players[1][1] = Text(HYPERLINK)
    players[2][1] = Text("+1 & <b>Ben</b>")
    source = save_book(make_book({**sheets, "Ladder Players": players}), tmp_path / "x.xlsx")
    out = package_recalc(source, tmp_path / "out.xlsx")
    for sheet in ("Ladder Standings", "Rating History"):
        xml = members(out)[sheet_part(out, sheet)].decode()
        assert "<f>" not in xml and "<f " not in xml
        assert "=HYPERLINK(&quot;" not in xml  # text needs no quote escaping
        assert '=HYPERLINK("http://x","y")' in xml
        assert "+1 &amp; &lt;b&gt;Ben&lt;/b&gt;" in xml
    wb = openpyxl.load_workbook(out)
    names = [c.value for c in wb["Ladder Standings"]["C"]]
    assert HYPERLINK in names and "+1 & <b>Ben</b>" in names
    cell = next(c for c in wb["Ladder Standings"]["C"] if c.value == HYPERLINK)
    assert cell.data_type == "s"


def test_writes_keep_each_cells_style_and_drop_overwritten_formulas(tmp_path: Path) -> None:
    wb = make_book({"S": [[1, 2, 3], ["a", "b", "c"]]})
    ws = wb["S"]
    ws["A1"].font = Font(bold=True)
    ws["B1"].fill = PatternFill("solid", fgColor="FFFF00")
    ws["C1"] = "=A1+B1"
    ws["C2"].number_format = "0.00"
    source = save_book(wb, tmp_path / "s.xlsx")
    book = PackageBook(source)
    book.write_values(WriteBlock("S", 1, 1, [[10, None, 7.5], [KEEP, "=not a formula", 2]]))
    out = _saved(book, tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(out)["S"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        [10, None, 7.5],
        ["a", "=not a formula", 2],
    ]
    assert ws["A1"].font.b
    assert ws["B1"].fill.fgColor.rgb == "00FFFF00"
    assert ws["C1"].data_type == "n" and ws["B2"].data_type == "s"
    assert ws["C2"].number_format == "0.00"


def test_cells_and_rows_are_created_in_order_and_the_dimension_grows(tmp_path: Path) -> None:
    source = book_with_sheet_xml(
        tmp_path, '<row r="2" spans="2:3"><c r="B2"><v>1</v></c><c r="D2"><v>2</v></c></row>'
    )
    xml = members(source)["xl/worksheets/sheet1.xml"].decode()
    xml = xml.replace("<sheetData>", '<dimension ref="B2:D2"/><sheetData>')
    replace_member(source, "xl/worksheets/sheet1.xml", xml.encode())
    book = PackageBook(source)
    book.write_values(WriteBlock("S", 1, 1, [["top"], [0, KEEP, 3, KEEP, 5]]))
    book.write_values(WriteBlock("S", 4, 6, [[True, dt.date(2024, 1, 2)]]))
    out = _saved(book, tmp_path / "out.xlsx")
    part = members(out)["xl/worksheets/sheet1.xml"].decode()
    assert '<dimension ref="A1:G4"/>' in part
    assert "spans" not in part
    refs = re.findall(r'<c r="([A-Z]+\d+)"', part)
    assert refs == ["A1", "A2", "B2", "C2", "D2", "E2", "F4", "G4"]
    ws = openpyxl.load_workbook(out)["S"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        ["top", None, None, None, None, None, None],
        [0, 1, 3, 2, 5, None, None],
        [None] * 7,
        [None, None, None, None, None, True, dt.datetime(2024, 1, 2)],
    ]
    assert ws["G4"].is_date


def test_rows_and_cells_without_references_keep_their_places(tmp_path: Path) -> None:
    """``r`` is optional in the file format: rows and cells count on from the previous one."""
    source = book_with_sheet_xml(
        tmp_path,
        "<row><c><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c></row>"
        '<row r="5"><c r="B5"><v>5</v></c><c><v>6</v></c></row>',
    )
    book = PackageBook(source)
    assert book.read_values("S") == [[1, 2, None], [3, None, None], [None] * 3, [None] * 3,
                                     [None, 5, 6]]  # fmt: skip
    book.write_values(WriteBlock("S", 2, 2, [["x"], ["y"]]))
    out = _saved(book, tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(out)["S"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        [1, 2, None],
        [3, "x", None],
        [None, "y", None],
        [None, None, None],
        [None, 5, 6],
    ]


def test_overwriting_a_shared_formula_master_keeps_the_others_working(tmp_path: Path) -> None:
    """Excel shares one formula down a column; writing over its first cell must not orphan the
    rest: they get their own (translated) formula."""
    source = book_with_sheet_xml(
        tmp_path,
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">A1*2</f>'
        '<v>2</v></c></row><row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="shared" si="0"/>'
        '<v>4</v></c></row><row r="3"><c r="A3"><v>3</v></c><c r="B3"><f t="shared" si="0"/>'
        "<v>6</v></c></row>",
    )
    book = PackageBook(source)
    assert book.read_values("S") == [[1, 2], [2, 4], [3, 6]]
    book.write_values(WriteBlock("S", 1, 2, [[99]]))
    out = _saved(book, tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(out)["S"]
    assert [ws["B1"].value, ws["B2"].value, ws["B3"].value] == [99, "=A2*2", "=A3*2"]


def test_a_shared_formula_that_cannot_be_rewritten_stops_the_save(tmp_path: Path) -> None:
    """Writing over the master of a shared formula openpyxl's tokenizer rejects (the spill
    reference A1#) stops the save with the sheet and the cell named, and writes nothing: the
    master's text copied into B2 and B3 would point at row 1 there (it once did, silently)."""
    source = book_with_sheet_xml(
        tmp_path,
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">SUM(A1#)'
        '</f><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="shared" si="0"/>'
        '<v>2</v></c></row><row r="3"><c r="A3"><v>3</v></c><c r="B3"><f t="shared" si="0"/>'
        "<v>3</v></c></row>",
    )
    before = sorted(p.name for p in tmp_path.iterdir())
    book = PackageBook(source)
    book.write_values(WriteBlock("S", 1, 2, [[99]]))
    with pytest.raises(WorkbookError) as raised:
        book.save(tmp_path / "out.xlsx")
    assert str(raised.value) == (
        "sheet 'S', cell B2: this cell shares the formula '=SUM(A1#)' of cell B1, which "
        "ratingbook writes over, and the formula cannot be rewritten for B2; nothing was written "
        "(in Excel, enter the formula in B2 and the rest of its range again, or move it out of "
        "the cells ratingbook writes)"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_prefixed_spreadsheet_namespace_is_kept(tmp_path: Path) -> None:
    """Some generators write <x:worksheet xmlns:x=...>: new cells use the same prefix."""
    path = save_book(make_book({"S": [[None]]}), tmp_path / "p.xlsx")
    xml = (
        f'<x:worksheet xmlns:x="{MAIN_NS}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr">'
        "<x:is><x:t>ID</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>"
    )
    replace_member(path, "xl/worksheets/sheet1.xml", xml.encode())
    book = PackageBook(path)
    assert book.read_values("S") == [["ID"]]
    book.write_values(WriteBlock("S", 1, 2, [["Name"], [7]]))
    out = _saved(book, tmp_path / "out.xlsx")
    part = members(out)["xl/worksheets/sheet1.xml"].decode()
    assert '<x:c r="B1" t="inlineStr"><x:is><x:t>Name</x:t></x:is></x:c>' in part
    assert '<x:row r="2"><x:c r="B2"><x:v>7</x:v></x:c></x:row>' in part
    assert [[c.value for c in r] for r in openpyxl.load_workbook(out)["S"].iter_rows()] == [
        ["ID", "Name"],
        [None, 7],
    ]


def test_excel_recalculates_on_open(tmp_path: Path) -> None:
    """The stale calculation chain goes (with its relationship and content type) and
    fullCalcOnLoad is set, so formulas over the ratings are recomputed by Excel."""
    source = ladder_book(tmp_path)
    chain = f'<calcChain xmlns="{MAIN_NS}"><c r="A1" i="1"/></calcChain>'.encode()
    replace_member(source, "xl/calcChain.xml", chain)
    files = members(source)
    rels = (
        files["xl/_rels/workbook.xml.rels"]
        .decode()
        .replace(
            "</Relationships>",
            '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships/calcChain" Target="calcChain.xml"/></Relationships>',
        )
    )
    replace_member(source, "xl/_rels/workbook.xml.rels", rels.encode())
    types = (
        files["[Content_Types].xml"]
        .decode()
        .replace(
            "</Types>",
            '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.calcChain+xml"/></Types>',
        )
    )
    replace_member(source, "[Content_Types].xml", types.encode())
    out = package_recalc(source, tmp_path / "out.xlsx")
    after = members(out)
    assert "xl/calcChain.xml" not in after
    assert "calcChain" not in after["xl/_rels/workbook.xml.rels"].decode()
    assert "calcChain" not in after["[Content_Types].xml"].decode()
    assert re.search(r'<calcPr [^>]*fullCalcOnLoad="1"', after["xl/workbook.xml"].decode())


def test_calc_properties_are_added_in_schema_order(tmp_path: Path) -> None:
    """A workbook.xml without <calcPr> gets one after <definedNames> (where the generated
    sheets' print titles went), before <extLst>."""
    source = ladder_book(tmp_path)
    xml = members(source)["xl/workbook.xml"].decode()
    xml = re.sub(r"<calcPr[^>]*/>", "", xml).replace(
        "</workbook>", '<extLst><ext uri="{X}"/></extLst></workbook>'
    )
    replace_member(source, "xl/workbook.xml", xml.encode())
    out = package_recalc(source, tmp_path / "out.xlsx")
    written = members(out)["xl/workbook.xml"].decode()
    assert re.search(r'</definedNames><calcPr fullCalcOnLoad="1"/><extLst>', written), written
    assert (
        '<definedName name="_xlnm.Print_Titles" localSheetId="2">\'Ladder Standings\'!$1:$1<'
        in written
    )
    assert ratings(out) == HAND_RATINGS


def test_new_sheets_shift_sheet_positions_in_names_and_views(tmp_path: Path) -> None:
    """Generated sheets go after Ladder Games, before Camp Groups: a print area of Camp Groups
    (localSheetId is a position) and the active tab follow it; each generated sheet repeats its
    header row on every printed page."""
    wb = make_book(ladder_sheets())
    wb.active = 2  # Camp Groups
    wb["Camp Groups"].print_area = "A1:B3"
    source = save_book(wb, tmp_path / "names.xlsx")
    out = package_recalc(source, tmp_path / "out.xlsx")
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Ladder Players", "Ladder Games", "Ladder Standings",
                             "Rating History", "Ladder Charts", "Ladder Progress",
                             "Camp Groups"]  # fmt: skip
    assert wb.active.title == "Camp Groups"
    assert wb["Camp Groups"].print_area == "'Camp Groups'!$A$1:$B$3"
    assert wb["Ladder Standings"].print_title_rows == "$1:$1"
    xml = members(out)["xl/workbook.xml"].decode()
    assert 'localSheetId="6"' in xml


def test_generated_sheets_are_bold_frozen_and_formatted(tmp_path: Path) -> None:
    out = package_recalc(ladder_book(tmp_path), tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(out)["Ladder Standings"]
    assert ws["A1"].font.b and not ws["A2"].font.b
    assert ws.freeze_panes == "A2"
    assert ws["E2"].number_format == "0"  # Rating
    # The posted list's type is 14 points: its Name column holds its longest name or its
    # header in bold (4 x 1.15) at 11 points, that x 14/11, and the padding (2), which does
    # not grow with the type (issue 34: no column wider than it needs).
    longest = max(len(str(ws.cell(row=r, column=3).value or "")) for r in range(2, ws.max_row + 1))
    assert ws.column_dimensions["C"].width == round(max(longest, 4 * 1.15) * 14 / 11 + 2, 2)


def test_dates_use_the_workbooks_date_system(tmp_path: Path) -> None:
    """A 1904-based workbook (old Mac Excel) gets 1904 serial numbers."""
    wb = make_book({"S": [["when"]]})
    wb.epoch = openpyxl.utils.datetime.CALENDAR_MAC_1904
    source = save_book(wb, tmp_path / "mac.xlsx")
    book = PackageBook(source)
    book.write_values(WriteBlock("S", 2, 1, [[dt.datetime(2024, 5, 6, 12, 0)]]))
    out = _saved(book, tmp_path / "out.xlsx")
    assert "<v>43956.5</v>" in members(out)["xl/worksheets/sheet1.xml"].decode()
    assert openpyxl.load_workbook(out)["S"]["A2"].value == dt.datetime(2024, 5, 6, 12, 0)


# --- reading -------------------------------------------------------------------------------------


def test_reading_gives_what_openpyxl_gives(tmp_path: Path) -> None:
    """Whole numbers as int, empty cells as None, dates as datetime, from A1."""
    grid: list[list[object]] = [
        [None, None, None],
        [None, 1500, 2.5],
        [None, "text", True],
        [None, dt.datetime(2024, 5, 1), None],
    ]
    source = save_book(make_book({"S": grid}), tmp_path / "r.xlsx")
    assert PackageBook(source).read_values("S") == grid
    assert XlsxBook(source).read_values("S") == grid


def test_errors_and_never_calculated_formulas_are_not_empty(tmp_path: Path) -> None:
    """calamine reads both as empty cells; they must reach tables.py as what they are."""
    source = save_book(
        make_book({"S": [["a", Error("#N/A"), Formula("=A1&1"), Error("#REF!")]]}),
        tmp_path / "e.xlsx",
    )
    got = PackageBook(source).read_values("S")
    assert got == [["a", "#N/A", "=A1&1", "#REF!"]]
    assert isinstance(got[0][2], Uncalculated)
    assert XlsxBook(source).read_values("S") == got


def test_a_formula_with_a_cached_value_reads_as_that_value(tmp_path: Path) -> None:
    source = book_with_sheet_xml(
        tmp_path,
        '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c><c r="B1" t="str"><f>"x"</f><v>x</v></c>'
        '<c r="C1" t="e"><f>NA()</f><v>#N/A</v></c></row>',
    )
    assert PackageBook(source).read_values("S") == [[2, "x", "#N/A"]]


def test_an_uncalculated_ladder_rating_is_refused_with_its_cell(tmp_path: Path) -> None:
    sheets = ladder_sheets()
    players = [list(r) for r in sheets["Ladder Players"]]
    players[2][6] = Formula("=1000+100")
    source = save_book(make_book({**sheets, "Ladder Players": players}), tmp_path / "u.xlsx")
    with pytest.raises(RatingbookError, match=r"row 3.*StWkPerm.*never calculated"):
        workbook.recalc(PackageBook(source))


def test_reads_see_pending_writes(tmp_path: Path) -> None:
    source = ladder_book(tmp_path)
    book = PackageBook(source)
    book.write_values(WriteBlock("Camp Groups", 2, 2, [[900]]))
    book.replace_sheet(GeneratedSheet("New", ("a",), [[1]]))
    assert book.read_values("Camp Groups")[1] == ["Juniors", 900]
    assert book.read_values("New") == [["a"], [1]]
    assert book.sheet_names()[-1] == "New"


# --- refusing what cannot be read safely -------------------------------------------------------


def test_xml_with_a_document_type_is_refused(tmp_path: Path) -> None:
    source = ladder_book(tmp_path)
    xml = members(source)["xl/workbook.xml"].decode()
    hostile = '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaa">]>' + xml
    replace_member(source, "xl/workbook.xml", hostile.encode())
    with pytest.raises(WorkbookError, match="forbidden XML"):
        PackageBook(source)


def test_entities_in_a_sheet_are_refused(tmp_path: Path) -> None:
    source = book_with_sheet_xml(tmp_path, '<row r="1"><c r="A1"><v>1</v></c></row>')
    xml = members(source)["xl/worksheets/sheet1.xml"].decode()
    hostile = '<!DOCTYPE w [<!ENTITY a "&#60;b&#62;">]>' + xml.replace("<v>1</v>", "<v>&a;</v>")
    replace_member(source, "xl/worksheets/sheet1.xml", hostile.encode())
    with pytest.raises(WorkbookError):
        PackageBook(source).read_values("S")


def test_a_package_with_a_part_twice_is_refused(tmp_path: Path) -> None:
    source = ladder_book(tmp_path)
    with zipfile.ZipFile(source, "a") as package, pytest.warns(UserWarning):
        package.writestr("xl/workbook.xml", b"<workbook/>")
    with pytest.raises(WorkbookError, match="twice"):
        PackageBook(source)


def test_not_a_workbook_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.xlsx"
    path.write_text("just text")
    with pytest.raises(WorkbookError, match="not a zip"):
        PackageBook(path)


# --- saving --------------------------------------------------------------------------------------


def test_saving_in_place_is_atomic_and_keeps_the_file_mode(tmp_path: Path) -> None:
    source = ladder_book(tmp_path)
    source.chmod(0o640)
    book = PackageBook(source)
    workbook.recalc(book)
    book.refuse_in_place()  # never refuses: nothing is lost
    assert book.uncarried == []
    book.save(source)
    assert stat.S_IMODE(source.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.xlsx"]
    assert ratings(source) == HAND_RATINGS


def test_a_failed_save_leaves_no_file(tmp_path: Path) -> None:
    source = ladder_book(tmp_path)
    book = PackageBook(source)
    book.replace_sheet(GeneratedSheet("Bad", ("x",), [[object()]]))
    with pytest.raises(TypeError):
        book.save(tmp_path / "out.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.xlsx"]


def test_a_disk_full_while_saving_is_a_message_and_leaves_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ratingbook.files.ooxml import zipwrite

    source = ladder_book(tmp_path)
    before = source.read_bytes()
    book = PackageBook(source)
    workbook.recalc(book)

    def full(self: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(zipwrite.ZipWriter, "close", full)
    with pytest.raises(WorkbookError, match="No space left on device"):
        book.save(source)
    assert source.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.xlsx"]


def test_saving_in_place_through_a_symbolic_link_updates_the_linked_file(tmp_path: Path) -> None:
    source = ladder_book(tmp_path)
    links = tmp_path / "links"
    links.mkdir()
    link = links / "camp.xlsx"
    link.symlink_to(source)
    book = PackageBook(link)
    workbook.recalc(book)
    book.save(link)
    assert link.is_symlink()
    assert ratings(source) == HAND_RATINGS
    assert sorted(p.name for p in links.iterdir()) == ["camp.xlsx"]


def test_the_file_is_a_valid_zip_for_pythons_zipfile(tmp_path: Path) -> None:
    out = package_recalc(ladder_book(tmp_path), tmp_path / "out.xlsx")
    with zipfile.ZipFile(out) as package:
        assert package.testzip() is None
        # The members keep the order they had, new sheets last.
        original = zipfile.ZipFile(tmp_path / "camp.xlsx").namelist()
        assert package.namelist()[: len(original)] == original


# --- LibreOffice ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def libreoffice_saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The books the LibreOffice tests need, each opened and saved again by LibreOffice: one
    soffice run for them all."""
    folder = tmp_path_factory.mktemp("libreoffice")
    # A ladder book with a chart, a formula-like name typed as text and a formula over the
    # ratings, recalculated by the package engine.
    chart_book = make_chart_book(folder)
    wb = openpyxl.load_workbook(chart_book)
    wb["Ladder Players"]["B2"].value = HYPERLINK
    wb["Ladder Players"]["B2"].data_type = "s"
    wb["Notes"]["A2"] = "=SUM('Ladder Players'!E2:E6)"
    wb.save(chart_book)
    books = {
        "patched": package_recalc(chart_book, folder / "out.xlsx"),
        "patched excel file": package_recalc(excel_ladder_book(folder), folder / "out-excel.xlsm"),
        "ladder with a formula": ladder_book(folder, Summary=[["Total"], [Formula("=SUM(1,2)")]]),
    }
    saves = lo_convert_all(list(books.values()), folder / "lo", "xlsx:Calc MS Excel 2007 XML")
    return dict(zip(books, saves, strict=True))


@needs_soffice
def test_libreoffice_opens_the_result_and_sees_the_ratings(
    libreoffice_saved: dict[str, Path],
) -> None:
    """A real spreadsheet program reads the patched package: ratings, generated sheets, the
    formula-like name as text, and a formula over the ratings recomputed on load."""
    seen = lo_values(libreoffice_saved["patched"])
    players = seen["Ladder Players"]
    got = {int(r[0]): (int(r[4]), int(r[5])) for r in players[1:] if r[0] is not None}
    assert got == HAND_RATINGS
    assert players[1][1] == HYPERLINK
    assert seen["Notes"][1][0] == sum(r for r, _ in HAND_RATINGS.values())
    assert len(seen["Rating History"]) == 7
    standings = seen["Ladder Standings"]
    assert standings[0][:3] == ["Rank", "ID", "Name"]
    assert [r[1] for r in standings[1:5]] == [5, 1, 3, 2]


@needs_soffice
def test_libreoffice_opens_a_patched_excel_file(libreoffice_saved: dict[str, Path]) -> None:
    converted = libreoffice_saved["patched excel file"]
    rows = openpyxl.load_workbook(converted, data_only=True)["Ladder Players"]
    got = {
        int(r[0]): (int(r[4]), int(r[5]))
        for r in rows.iter_rows(min_row=2, values_only=True)
        if r[0] is not None
    }
    assert got == HAND_RATINGS


# --- random write blocks -------------------------------------------------------------------------

_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12
) | st.sampled_from(["=1+1", '<c r="A1"/>', "&amp;", "]]>", " padded ", "a\r\nb", "@x", "-3"])
_VALUE = st.one_of(
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    _TEXT,
    st.none(),
    st.just(KEEP),
    st.booleans(),
)
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@st.composite
def _blocks(draw: st.DrawFn) -> list[WriteBlock]:
    blocks = []
    for _ in range(draw(st.integers(1, 3))):
        height, width = draw(st.integers(1, 4)), draw(st.integers(1, 4))
        grid = [[draw(_VALUE) for _ in range(width)] for _ in range(height)]
        blocks.append(WriteBlock("S", draw(st.integers(1, 8)), draw(st.integers(1, 6)), grid))
    return blocks


def _expected(
    base: Sequence[Sequence[object]], blocks: Sequence[WriteBlock]
) -> dict[tuple[int, int], object]:
    cells = {
        (r + 1, c + 1): v for r, row in enumerate(base) for c, v in enumerate(row) if v is not None
    }
    for block in blocks:
        for r, row in enumerate(block.values):
            for c, value in enumerate(row):
                if value is KEEP:
                    continue
                key = (block.row + r, block.column + c)
                if isinstance(value, str):
                    value = _ILLEGAL.sub("", value)
                elif isinstance(value, float):
                    value = float(f"{value:.16g}")  # as both adapters write floats
                if value is None or value == "":
                    cells.pop(key, None)
                else:
                    cells[key] = value
    return cells


def _cells_of(grid: Sequence[Sequence[object]]) -> dict[tuple[int, int], object]:
    return {
        (r + 1, c + 1): v
        for r, row in enumerate(grid)
        for c, v in enumerate(row)
        if v is not None and v != ""
    }


BASE: list[list[object]] = [
    [None, "b", 2, None, "=text"],
    [1.5, None, None, True, None],
    [None, None, None, None, None],
    [None, "x", None, None, 7],
]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(blocks=_blocks())
def test_random_blocks_land_exactly_where_they_should(
    tmp_path: Path, blocks: list[WriteBlock]
) -> None:
    """Numbers, text with XML specials and forbidden characters, empties and KEEPs, into
    existing and missing cells and rows: openpyxl and calamine read back the expected grid."""
    source = tmp_path / "base.xlsx"
    if not source.exists():
        wb = make_book({"S": [[Text(v) if isinstance(v, str) else v for v in r] for r in BASE]})
        wb["S"]["B1"].font = Font(italic=True)
        save_book(wb, source)
    book = PackageBook(source)
    for block in blocks:
        book.write_values(block)
    out = _saved(book, tmp_path / "out.xlsx")
    expected = _expected(BASE, blocks)
    written = openpyxl.load_workbook(out)["S"]  # one load for the values and the style
    by_openpyxl = _cells_of([list(r) for r in written.iter_rows(values_only=True)])
    assert same_values(_plain(by_openpyxl), _plain(expected))
    assert same_values(_plain(_cells_of(PackageBook(out).read_values("S"))), _plain(expected))
    assert written["B1"].font.i


def _plain(cells: Mapping[tuple[int, int], object]) -> dict[str, object]:
    """Cells keyed by reference, whole floats as int (how a reader types them varies)."""
    out: dict[str, object] = {}
    for (r, c), v in sorted(cells.items()):
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        out[f"{r},{c}"] = v
    return out


_CELL = st.one_of(
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    _TEXT,
    st.none(),
    st.booleans(),
    st.dates(min_value=dt.date(1900, 3, 1), max_value=dt.date(2200, 1, 1)),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=st.lists(st.lists(_CELL, min_size=1, max_size=5), min_size=0, max_size=8))
def test_generated_sheets_hold_exactly_their_rows(tmp_path: Path, rows: list[list[object]]) -> None:
    """Whatever a generated sheet holds (the fast path for ints and text, and the rest) reads
    back as the same values: floats to 16 digits, dates as dates, text as text."""
    source = tmp_path / "base.xlsx"
    if not source.exists():
        save_book(make_book({"S": [["x"]]}), source)
    book = PackageBook(source)
    book.replace_sheet(
        GeneratedSheet("Out", ("a", "b", "c"), rows, number_formats={2: "0.00"}, after="S")
    )
    out = _saved(book, tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(out)["Out"]
    got = _cells_of([list(r) for r in ws.iter_rows(values_only=True)])
    expected: dict[tuple[int, int], object] = {(1, 1): "a", (1, 2): "b", (1, 3): "c"}
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=1):
            if isinstance(value, str):
                value = _ILLEGAL.sub("", value)
            elif isinstance(value, float):
                value = float(f"{value:.16g}")
            elif isinstance(value, dt.date):
                value = dt.datetime.combine(value, dt.time())
            if value is not None and value != "":
                expected[r, c] = value
    assert same_values(_plain(got), _plain(expected))
    assert ws.freeze_panes == "A2" and ws["A1"].font.b
