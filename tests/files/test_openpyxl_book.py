"""The openpyxl adapter ``XlsxBook``: safe reading, text never written as a formula, atomic saving.

Issue 3, item 7 (safety): defusedxml is active, hostile XML is refused, and any text we write that
starts with ``=``, ``+``, ``-`` or ``@`` is stored as text — checked on the reloaded cell *and* in
the raw sheet XML, where a formula would be an ``<f>`` element.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import PatternFill
from tests.helpers.cli import run
from tests.helpers.workbooks import (
    LADDER_GAMES,
    LADDER_PLAYERS,
    Formula,
    Text,
    folder_listing,
    forge_uncompressed_size,
    inject_part,
    ladder_sheets,
    make_book,
    records,
    save_book,
    saved_by_excel,
    sheet_cells_xml,
    sheet_part,
    write_grid,
    zip_member,
)

from ratingbook import workbook
from ratingbook.core.cells import Uncalculated
from ratingbook.errors import RatingbookError, UnsafeWorkbookError, WorkbookError
from ratingbook.files.disk import check_package
from ratingbook.files.rewriting import openpyxl_book
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook.port.book import KEEP, GeneratedSheet, WriteBlock

FORMULA_LIKE_NAMES = ['=HYPERLINK("http://x","y")', "+1", "-x", "@x"]


@pytest.fixture
def book_path(tmp_path: Path) -> Path:
    return save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")


# --- more rows than a sheet has ------------------------------------------------------------------


def _package_with_sheet(path: Path, rows: str) -> Path:
    sheet = f'<x:worksheet xmlns:x="main"><x:sheetData>{rows}</x:sheetData><x:rowBreaks count="1"/>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("xl/worksheets/sheet1.xml", sheet + "<rowBreaks/></x:worksheet>")
    return path


@pytest.mark.parametrize(
    ("rows", "refused"),
    [
        ('<x:row r="1"/><row r="2"></row><x:row\tr="3"/>', False),  # 3 rows: the limit
        ('<x:row r="1"/><row r="2"></row><x:row\tr="3"/><row/>', True),  # 4 rows
        ('<row r="1"/><rows/><rowBreaks/><x:rowX/><row>', False),  # 2 rows, 3 look-alikes
    ],
)
def test_a_sheet_part_with_more_rows_than_a_sheet_has_is_refused(
    rows: str, refused: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Row elements are counted with or without a namespace prefix, not <rowBreaks> or other
    names starting with "row", also where a piece of the stream ends inside a tag; one more
    than the most rows a sheet has (here 3) is refused as damaged."""
    monkeypatch.setattr(openpyxl_book, "MAX_ROW", 3)
    monkeypatch.setattr(openpyxl_book, "_SCAN_PIECE", 5)  # tags cut between pieces
    path = _package_with_sheet(tmp_path / "rows.xlsx", rows)
    if not refused:
        openpyxl_book._refuse_impossible_rows(path)
        return
    with pytest.raises(WorkbookError) as raised:
        openpyxl_book._refuse_impossible_rows(path)
    assert str(raised.value) == (
        f"{str(path)!r} is damaged: its sheet part 'xl/worksheets/sheet1.xml' holds more than "
        "3 rows, the most a sheet can have"
    )


# --- defusedxml and hostile XML ----------------------------------------------------------------


def test_defusedxml_is_installed_and_active_for_openpyxl() -> None:
    import defusedxml  # noqa: F401 - installed, not just optional

    assert openpyxl.DEFUSEDXML is True


def test_xlsxbook_refuses_to_read_without_defusedxml(
    book_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(openpyxl, "DEFUSEDXML", False)
    with pytest.raises(WorkbookError, match="defusedxml"):
        XlsxBook(book_path)


def test_command_refuses_when_defusedxml_is_switched_off(book_path: Path) -> None:
    """OPENPYXL_DEFUSEDXML=False turns the protection off: then nothing is read at all."""
    env = {**os.environ, "OPENPYXL_DEFUSEDXML": "False"}
    result = subprocess.run(
        [sys.executable, "-c", "from ratingbook.cli import main; main()", "recalc", str(book_path),
         "--engine", "openpyxl"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "defusedxml" in result.stderr and len(result.stderr.splitlines()) == 1
    assert folder_listing(book_path.parent) == ["camp.xlsx"]


def _rewrite_part(path: Path, part: str, edit: object) -> None:
    with zipfile.ZipFile(path) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    parts[part] = edit(parts[part])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)


LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
)
EXTERNAL = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


@pytest.mark.parametrize(
    "doctype, entity, part",
    [
        (LAUGHS, b"&lol2;", "sheet"),  # entity expansion ("billion laughs")
        (EXTERNAL, b"&xxe;", "sheet"),  # external entity: would read a local file
        (LAUGHS, b"", "xl/workbook.xml"),
    ],
    ids=["entity expansion", "external entity", "in workbook.xml"],
)
def test_hostile_xml_is_refused_in_one_line_and_the_file_is_left_alone(
    book_path: Path, doctype: bytes, entity: bytes, part: str
) -> None:
    target = sheet_part(book_path, "Ladder Players") if part == "sheet" else part

    def poison(xml: bytes) -> bytes:
        root = re.search(rb"<(worksheet|workbook)\b", xml)
        assert root is not None
        return doctype + xml[root.start() :].replace(b"<t>Ann</t>", b"<t>" + entity + b"</t>")

    _rewrite_part(book_path, target, poison)
    before = book_path.read_bytes()
    with pytest.raises(WorkbookError, match="forbidden XML") as error:
        XlsxBook(book_path)
    assert "\n" not in str(error.value)
    assert error.value.__cause__ is not None  # openpyxl's own error, for a bug report
    result = run("recalc", book_path, "--in-place")  # the command, in this process
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "forbidden XML" in result.stderr
    assert book_path.read_bytes() == before
    assert folder_listing(book_path.parent) == ["camp.xlsx"]


# --- text that looks like a formula ---------------------------------------------------------------


@pytest.fixture
def formula_named_book(tmp_path: Path) -> Path:
    """The hand-worked ladder with players named like formulas (typed as text in Excel)."""
    players = [list(r) for r in LADDER_PLAYERS]
    for row, name in zip((1, 2, 3, 5), FORMULA_LIKE_NAMES, strict=True):
        players[row][1] = Text(name)
    return save_book(make_book(ladder_sheets(players)), tmp_path / "names.xlsx")


def test_formula_like_names_are_written_as_text_in_standings_and_history(
    formula_named_book: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.xlsx"
    book = XlsxBook(formula_named_book)
    workbook.recalc(book)
    book.save(out)
    wb = openpyxl.load_workbook(out)
    seen: set[str] = set()
    for title, columns in (("Ladder Standings", "C"), ("Rating History", "DF"),
                           ("Ladder Players", "B")):  # fmt: skip
        ws = wb[title]
        raw = sheet_cells_xml(out, title)
        for column in columns:
            for r in range(2, ws.max_row + 1):
                cell = ws[f"{column}{r}"]
                if cell.value in FORMULA_LIKE_NAMES:
                    seen.add(cell.value)
                    assert cell.data_type == "s", (title, cell.coordinate)
                    element = raw[cell.coordinate]
                    assert element.find("{*}f") is None, (title, cell.coordinate)
                    assert element.get("t") in ("s", "inlineStr", "str"), cell.coordinate
    assert seen == set(FORMULA_LIKE_NAMES)
    # And no generated sheet holds a formula anywhere.
    for title in ("Ladder Standings", "Rating History"):
        assert b"<f>" not in zip_member(out, sheet_part(out, title))
        assert b"<f " not in zip_member(out, sheet_part(out, title))


def test_formula_like_names_survive_a_second_recalc_and_the_command_line(
    formula_named_book: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.xlsx"
    result = run("recalc", formula_named_book, "-o", out)  # the command, in this process
    assert result.returncode == 0, result.stderr
    again = tmp_path / "again.xlsx"
    book = XlsxBook(out)
    workbook.recalc(book)
    book.save(again)
    names = [r["Name"] for r in records(again, "Ladder Standings")]
    assert sorted(names) == sorted(FORMULA_LIKE_NAMES)
    ws = openpyxl.load_workbook(again)["Ladder Standings"]
    assert all(ws[f"C{r}"].data_type == "s" for r in range(2, 6))


@pytest.mark.parametrize("text", [*FORMULA_LIKE_NAMES, "#N/A", "=1+1"])
def test_write_values_and_replace_sheet_store_strings_as_text(
    book_path: Path, tmp_path: Path, text: str
) -> None:
    book = XlsxBook(book_path)
    book.write_values(WriteBlock("Camp Groups", 5, 1, [[text, 7]]))
    book.replace_sheet(GeneratedSheet("Made", ("Name",), [(text,)]))
    out = tmp_path / "out.xlsx"
    book.save(out)
    wb = openpyxl.load_workbook(out)
    for cell in (wb["Camp Groups"]["A5"], wb["Made"]["A2"]):
        assert cell.value == text and cell.data_type == "s"
    assert wb["Camp Groups"]["B5"].value == 7
    for title, ref in (("Camp Groups", "A5"), ("Made", "A2")):
        assert sheet_cells_xml(out, title)[ref].find("{*}f") is None


def test_keep_cells_of_a_write_block_are_left_exactly_as_they_were(
    book_path: Path, tmp_path: Path
) -> None:
    wb = openpyxl.load_workbook(book_path)
    wb["Camp Groups"]["B2"] = "=900+100"
    wb["Camp Groups"]["B2"].fill = PatternFill("solid", fgColor="FF00FF00")
    wb.save(book_path)
    book = XlsxBook(book_path)
    book.write_values(WriteBlock("Camp Groups", 2, 2, [[KEEP], [1300]]))
    out = tmp_path / "out.xlsx"
    book.save(out)
    ws = openpyxl.load_workbook(out)["Camp Groups"]
    assert ws["B2"].value == "=900+100" and ws["B2"].fill.fgColor.rgb == "FF00FF00"
    assert ws["B3"].value == 1300


def test_a_write_block_gives_its_rows_their_heights(book_path: Path, tmp_path: Path) -> None:
    """Issue 35: rows of wrapped text written by a plan get the height the block gives them
    (None: the row's own kept)."""
    book = XlsxBook(book_path)
    book.write_values(WriteBlock("Camp Groups", 5, 1, [["a"], ["b"]], (45.0, None)))
    out = tmp_path / "out.xlsx"
    book.save(out)
    ws = openpyxl.load_workbook(out)["Camp Groups"]
    assert ws.row_dimensions[5].height == 45 and ws.row_dimensions[6].height is None


# --- reading --------------------------------------------------------------------------------------


def _cache(path: Path, title: str, ref: str, value: str) -> None:
    """Give a formula cell the value Excel would have cached (openpyxl writes none)."""
    pattern = re.compile(rf'(<c r="{ref}"[^>]*>)(<f>[^<]*</f>)(<v\s*/>|<v>[^<]*</v>)?(</c>)')

    def edit(xml: bytes) -> bytes:
        new, n = pattern.subn(rf"\1\2<v>{value}</v>\4", xml.decode())
        assert n == 1
        return new.encode()

    _rewrite_part(path, sheet_part(path, title), edit)
    saved_by_excel(path)


def test_read_values_gives_cached_values_of_formulas_and_marks_uncalculated_ones(
    tmp_path: Path,
) -> None:
    path = save_book(
        make_book({"S": [["a", "b"], [Formula("=1+1"), Formula("=2+2")], [Text("=text"), 5]]}),
        tmp_path / "f.xlsx",
    )
    _cache(path, "S", "A2", "2")
    grid = XlsxBook(path).read_values("S")
    assert grid[1][0] == 2
    assert isinstance(grid[1][1], Uncalculated) and grid[1][1] == "=2+2"
    assert grid[2] == ["=text", 5] and not isinstance(grid[2][0], Uncalculated)


def test_cached_values_are_found_even_when_the_file_misstates_its_dimensions(
    tmp_path: Path,
) -> None:
    """Some programs write <dimension ref="A1"/> whatever the sheet holds (openpyxl's docs
    warn about it); the cached value of a formula in G6 must still be read."""
    players = [list(r) for r in LADDER_PLAYERS]
    players[5][6] = Formula("=900+100")  # Eve's StWkPerm, 1000 as in the hand-worked week
    path = save_book(make_book(ladder_sheets(players)), tmp_path / "dim.xlsx")
    _cache(path, "Ladder Players", "G6", "1000")
    _rewrite_part(
        path,
        sheet_part(path, "Ladder Players"),
        lambda xml: re.sub(rb'<dimension ref="[^"]*"\s*/>', b'<dimension ref="A1"/>', xml),
    )
    book = XlsxBook(path)
    assert book.read_values("Ladder Players")[5][6] == 1000
    workbook.recalc(book)
    out = tmp_path / "out.xlsx"
    book.save(out)
    eve = next(r for r in records(out, "Ladder Players") if r["ID"] == 5)
    assert (eve["Rating"], eve["Permanent Rating"], eve["StWkPerm"]) == (1207, 1048, "=900+100")


def test_read_values_trims_formatted_but_empty_rows_and_columns(tmp_path: Path) -> None:
    wb = make_book({"S": [["a", "b"], [1, 2]]})
    for ref in ("A50", "Z1", "Z50"):
        wb["S"][ref].fill = PatternFill("solid", fgColor="FFFF0000")
    path = save_book(wb, tmp_path / "t.xlsx")
    assert XlsxBook(path).read_values("S") == [["a", "b"], [1, 2]]


def test_sheet_names_lists_worksheets_only(tmp_path: Path) -> None:
    from openpyxl.chart import BarChart, Reference

    wb = make_book(ladder_sheets())
    chart = BarChart()
    chart.add_data(Reference(wb["Camp Groups"], min_col=2, min_row=1, max_row=3))
    wb.create_chartsheet("Chart").add_chart(chart)
    path = save_book(wb, tmp_path / "c.xlsx")
    book = XlsxBook(path)
    assert book.sheet_names() == ["Ladder Players", "Ladder Games", "Camp Groups"]
    assert book.uncarried == []  # openpyxl carries a chart sheet it can read over


# --- check_package --------------------------------------------------------------------------------


def test_a_plain_book_has_nothing_openpyxl_would_lose(book_path: Path) -> None:
    assert check_package(book_path) == []


@pytest.mark.parametrize(
    "part, what",
    [
        ("xl/slicers/slicer1.xml", "slicers"),  # pivot tables: test_openpyxl_pivot_tables
        ("xl/timelines/timeline1.xml", "timelines"),
        ("customUI/customUI14.xml", "ribbon"),
    ],
)
def test_check_package_names_parts_openpyxl_cannot_carry(
    book_path: Path, part: str, what: str
) -> None:
    inject_part(book_path, part, b"<x/>")
    lost = check_package(book_path)
    assert any(what in item for item in lost), lost
    with pytest.raises(UnsafeWorkbookError, match="--in-place") as error:
        XlsxBook(book_path).refuse_in_place()
    assert what in str(error.value)


def test_comments_alone_do_not_block_in_place(tmp_path: Path) -> None:
    """openpyxl carries cell comments (and writes their VML drawing itself)."""
    from openpyxl.comments import Comment

    wb = make_book(ladder_sheets())
    wb["Ladder Players"]["B2"].comment = Comment("captain", "coach")
    path = save_book(wb, tmp_path / "c.xlsx")
    assert check_package(path) == []
    XlsxBook(path).refuse_in_place()


def test_zip_bomb_is_refused_before_openpyxl_unpacks_it(book_path: Path) -> None:
    forge_uncompressed_size(book_path, 0xFFFF0000)
    with pytest.raises(WorkbookError, match="zip bomb"):
        check_package(book_path)


@pytest.mark.parametrize(
    "name, data, message",
    [
        ("t.xlsx", b"just text", "not a zip package"),
        ("t.xlsx", bytes.fromhex("d0cf11e0a1b11ae1") + bytes(100), "password-protected"),
        ("t.xls", b"whatever", "not an Excel workbook"),
        ("t.csv", b"a,b\n", "not an Excel workbook"),
        ("t.xlsx", b"PK\x05\x06" + bytes(18), "not an Excel workbook"),  # an empty zip
    ],
)
def test_check_package_refuses_what_is_not_a_readable_workbook(
    tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(WorkbookError, match=message):
        XlsxBook(path)


def test_a_zip_with_content_types_but_no_workbook_is_a_one_line_error(tmp_path: Path) -> None:
    """A Word document renamed to .xlsx: openpyxl's own complaint, as a RatingbookError."""
    path = tmp_path / "letter.xlsx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        package.writestr("word/document.xml", "<w/>")
    with pytest.raises(RatingbookError) as error:
        XlsxBook(path)
    assert "letter.xlsx" in str(error.value) and "\n" not in str(error.value)


def test_a_truncated_sheet_is_a_one_line_error(book_path: Path) -> None:
    _rewrite_part(book_path, sheet_part(book_path, "Ladder Games"), lambda xml: xml[:120])
    with pytest.raises(RatingbookError) as error:
        XlsxBook(book_path)
    assert "camp.xlsx" in str(error.value) and "\n" not in str(error.value)


# --- saving ---------------------------------------------------------------------------------------


def test_save_replaces_an_existing_file_keeping_its_permissions(
    book_path: Path, tmp_path: Path
) -> None:
    target = tmp_path / "target.xlsx"
    target.write_bytes(b"old")
    os.chmod(target, 0o604)
    XlsxBook(book_path).save(target)
    assert target.stat().st_mode & 0o777 == 0o604
    assert openpyxl.load_workbook(target).sheetnames == ["Ladder Players", "Ladder Games",
                                                         "Camp Groups"]  # fmt: skip
    assert folder_listing(tmp_path) == ["camp.xlsx", "target.xlsx"]


def test_save_gives_a_new_file_the_umask_permissions(book_path: Path, tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        XlsxBook(book_path).save(tmp_path / "new.xlsx")
    finally:
        os.umask(old)
    assert (tmp_path / "new.xlsx").stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    "target, message",
    [("out.xlsm", "keep the extension"), ("out.txt", "use an .xlsx"),
     ("missing/out.xlsx", "does not exist"), ("folder.xlsx", "folder")],
)  # fmt: skip
def test_save_refuses_impossible_targets_without_writing(
    book_path: Path, tmp_path: Path, target: str, message: str
) -> None:
    (tmp_path / "folder.xlsx").mkdir()
    listing = folder_listing(tmp_path)
    with pytest.raises(WorkbookError, match=message):
        XlsxBook(book_path).save(tmp_path / target)
    assert folder_listing(tmp_path) == listing


def test_save_failing_half_way_removes_its_temporary_and_keeps_the_target(
    book_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl.workbook.workbook import Workbook

    book = XlsxBook(book_path)
    before = book_path.read_bytes()

    def half_save(self: Workbook, filename: str) -> None:
        Path(filename).write_bytes(b"PK half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Workbook, "save", half_save)
    with pytest.raises(WorkbookError, match="No space left on device"):
        book.save(book_path)
    assert book_path.read_bytes() == before
    assert folder_listing(tmp_path) == ["camp.xlsx"]


def test_a_book_read_with_cached_values_can_replace_its_own_file(tmp_path: Path) -> None:
    """The read-only pass over cached values must not keep the file busy when it is replaced."""
    players = [list(r) for r in LADDER_PLAYERS]
    players[1][6] = Formula("=1400+100")
    path = save_book(make_book(ladder_sheets(players)), tmp_path / "camp.xlsx")
    _cache(path, "Ladder Players", "G2", "1500")
    book = XlsxBook(path)
    workbook.recalc(book)
    book.save(path)
    assert {r["ID"]: r["Rating"] for r in records(path, "Ladder Players")}[1] == 1185
    assert folder_listing(tmp_path) == ["camp.xlsx"]


def test_generated_sheets_have_a_bold_frozen_header_and_number_formats(
    book_path: Path, tmp_path: Path
) -> None:
    book = XlsxBook(book_path)
    workbook.recalc(book)
    out = tmp_path / "out.xlsx"
    book.save(out)
    ws = openpyxl.load_workbook(out)["Ladder Standings"]
    assert all(ws.cell(row=1, column=c).font.b for c in range(1, 10))
    assert ws.freeze_panes == "A2"
    assert ws["E2"].number_format == "0"
    # The posted list's type is 14 points: its Name column holds its longest name or its
    # header in bold (4 x 1.15) at 11 points, that x 14/11, and the padding (2), which does
    # not grow with the type (issue 34: no column wider than it needs).
    longest = max(len(str(ws.cell(row=r, column=3).value or "")) for r in range(2, ws.max_row + 1))
    assert ws.column_dimensions["C"].width == round(max(longest, 4 * 1.15) * 14 / 11 + 2, 2)


def test_games_sheet_game_rows_stay_where_they_are(book_path: Path, tmp_path: Path) -> None:
    """Recalc reads Ladder Games; it never rewrites it."""
    book = XlsxBook(book_path)
    workbook.recalc(book)
    out = tmp_path / "out.xlsx"
    book.save(out)
    ws = openpyxl.load_workbook(out)["Ladder Games"]
    assert [list(r) for r in ws.iter_rows(values_only=True)] == [list(g) for g in LADDER_GAMES]


def test_write_grid_helper_puts_values_where_asked(tmp_path: Path) -> None:
    """tests/helpers/workbooks.py itself: markers become text, error and formula cells."""
    from tests.helpers.workbooks import Error

    wb = openpyxl.Workbook()
    write_grid(wb.active, [[Text("=x"), Error("#N/A"), Formula("=1+1")]], top=2, left=3)
    assert [wb.active[ref].data_type for ref in ("C2", "D2", "E2")] == ["s", "e", "f"]


@pytest.mark.parametrize("calc_pr", ["without fullCalcOnLoad", "missing"])
def test_saved_books_ask_excel_to_recompute_every_formula_on_load(
    book_path: Path, tmp_path: Path, calc_pr: str
) -> None:
    """openpyxl drops cached formula values; a book Excel saved itself is not recomputed on
    open unless told to, so a formula over the new ratings would show a stale value."""

    def as_excel_saves(xml: bytes) -> bytes:
        replacement = b'<calcPr calcId="191029"/>' if calc_pr != "missing" else b""
        return re.sub(rb"<calcPr[^>]*/>", replacement, xml)

    _rewrite_part(book_path, "xl/workbook.xml", as_excel_saves)
    book = XlsxBook(book_path)
    workbook.recalc(book)
    out = tmp_path / "out.xlsx"
    book.save(out)
    calc = re.search(rb"<calcPr[^>]*>", zip_member(out, "xl/workbook.xml"))
    assert calc is not None and b'fullCalcOnLoad="1"' in calc.group()


@pytest.mark.parametrize("engine", ["openpyxl", "package"])
def test_both_back_ends_hide_a_generated_sheets_hidden_rows_and_columns(
    book_path: Path, tmp_path: Path, engine: str
) -> None:
    """Issue 34: a progress sheet's room for players and games to come is hidden (it printed as
    pages of empty grid), by the openpyxl and the package back end alike."""
    from ratingbook.files.patching import PackageBook

    book = XlsxBook(book_path) if engine == "openpyxl" else PackageBook(book_path)
    rows = [("Ann", 1500, 1510, None), (), (), ("Bob", 1400, None, None)]
    sheet = GeneratedSheet(
        "Made", ("Name", "Start", "1", "2"), rows, hidden_rows=frozenset({1, 2}),
        hidden_columns=frozenset({3}),
    )  # fmt: skip
    book.replace_sheet(sheet)
    out = tmp_path / "out.xlsx"
    book.save(out)
    ws = openpyxl.load_workbook(out)["Made"]
    assert [r for r in range(1, 6) if ws.row_dimensions[r].hidden] == [3, 4]
    assert [c for c in "ABCD" if ws.column_dimensions[c].hidden] == ["D"]
    assert ws["A5"].value == "Bob"
