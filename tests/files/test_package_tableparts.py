"""Excel tables grow over the rows ratingbook appends under them
(ratingbook.workbook.port.table_growth,
the package engine's ratingbook.files.patching.tableparts, the openpyxl and xlwings adapters).

The expected ranges are worked out by hand from the rule in table_growth's docstring: a table
grows when its columns hold every written column and the written rows start inside it or on its
last row + 1 and go past its end; header row and columns unchanged; a totals-row table, a
clearing block and a growth into another table change nothing.
"""

from __future__ import annotations

import functools
import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.table import Table
from tests.helpers.jsonbook import actions, make_json_book
from tests.helpers.libreoffice import convert_all
from tests.helpers.paths import ROOT

from ratingbook.cli import cli
from ratingbook.excel import XlwingsBook
from ratingbook.files.patching.tableparts import grow_table_xml, read_table_part
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook.port.book import KEEP, WriteBlock
from ratingbook.workbook.port.table_growth import TableArea, grown_tables, parse_area, with_bottom

TEMPLATE = ROOT / "workbook_templates" / "swiss.xlsx"

T = TableArea("T", 1, 1, 13, 5)  # A1:E13, like the Swiss template's SwissGames
ROW = ["r", "b", "w", "k", "x"]

# (what it pins, tables, blocks, expected {name: new last row})
GROWTH_CASES: list[tuple[str, list[TableArea], list[WriteBlock], dict[str, int]]] = [
    ("rows right under the last row", [T], [WriteBlock("S", 14, 1, [ROW] * 3)], {"T": 16}),
    ("a gap row under the table: no growth", [T], [WriteBlock("S", 15, 1, [ROW])], {}),
    ("overlapping and past the end", [T], [WriteBlock("S", 11, 1, [ROW] * 6)], {"T": 16}),
    ("inside the table: no growth", [T], [WriteBlock("S", 2, 1, [ROW] * 12)], {}),
    ("a column right of the table", [T], [WriteBlock("S", 14, 2, [ROW])], {}),
    ("a column left of the table", [TableArea("T", 1, 2, 13, 6)],
     [WriteBlock("S", 14, 1, [ROW])], {}),
    ("inner columns only", [T], [WriteBlock("S", 14, 2, [["b", "w", "k"]] * 2)], {"T": 15}),
    ("kept cells beyond the table count for nothing", [T],
     [WriteBlock("S", 14, 1, [[*ROW, KEEP]] * 2)], {"T": 15}),
    ("kept leading cells, Swiss style", [T],
     [WriteBlock("S", 14, 1, [[KEEP, KEEP, "w", "k", None]])], {"T": 14}),
    ("a trailing empty row is not appended", [T],
     [WriteBlock("S", 14, 1, [ROW, ROW, [None] * 5])], {"T": 15}),
    ("clearing rows never grows", [T], [WriteBlock("S", 14, 1, [[None, "", None, "", None]])],
     {}),
    ("a totals row: left alone", [TableArea("T", 1, 1, 13, 5, totals_rows=1)],
     [WriteBlock("S", 14, 1, [ROW])], {}),
    ("another table below: left alone", [T, TableArea("U", 16, 1, 20, 5)],
     [WriteBlock("S", 14, 1, [ROW] * 3)], {}),
    ("another table beside: grows", [T, TableArea("U", 1, 7, 30, 8)],
     [WriteBlock("S", 14, 1, [ROW] * 3)], {"T": 16}),
    ("blocks in order: the second follows the grown table", [T],
     [WriteBlock("S", 14, 1, [ROW]), WriteBlock("S", 15, 1, [ROW])], {"T": 15}),
    ("from above the header down past the end", [TableArea("T", 3, 1, 5, 5)],
     [WriteBlock("S", 1, 1, [ROW] * 8)], {"T": 8}),
    ("a header-only table takes its first rows", [TableArea("T", 1, 1, 1, 5)],
     [WriteBlock("S", 2, 1, [ROW] * 2)], {"T": 3}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tables", "blocks", "expected"),
    [case[1:] for case in GROWTH_CASES],
    ids=[case[0] for case in GROWTH_CASES],
)
def test_which_tables_grow_and_to_where(
    tables: list[TableArea], blocks: list[WriteBlock], expected: dict[str, int]
) -> None:
    assert grown_tables(tables, blocks) == expected


@pytest.mark.parametrize(
    ("ref", "area"),
    [
        ("A1:E13", TableArea("T", 1, 1, 13, 5)),
        ("$B$2:$AA$10", TableArea("T", 2, 2, 10, 27)),
        ("C4", TableArea("T", 4, 3, 4, 3)),
        ("E13:A1", None),
        ("A1:", None),
        ("", None),
    ],
)
def test_a_table_ref_reads_as_its_area(ref: str, area: TableArea | None) -> None:
    assert parse_area("T", ref) == area


def test_a_ref_gets_a_new_last_row_and_keeps_its_columns() -> None:
    assert with_bottom("A1:E13", 16) == "A1:E16"
    assert with_bottom("B3:AA3", 9) == "B3:AA9"


TEMPLATE_TABLE = (
    '<table id="3" name="SwissGames" displayName="SwissGames" ref="A1:E13" headerRowCount="1" '
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><autoFilter ref="A1:E13" />'
    '<tableColumns count="1"><tableColumn id="1" name="Round" /></tableColumns></table>'
)
PREFIXED_TABLE = (
    "<?xml version='1.0' encoding='UTF-8'?>\r\n<x:table xmlns:x="
    "'http://schemas.openxmlformats.org/spreadsheetml/2006/main' id='7' name='T' "
    "displayName='Games' ref='B2:D5' totalsRowShown='0'><x:autoFilter ref='B2:D5'><x:sortState "
    "ref='B3:D5'/></x:autoFilter><x:tableColumns count='3'/></x:table>"
)
NO_FILTER_TABLE = '<table name="T" displayName="T" ref="A1:B2"><tableColumns count="2"/></table>'

# (what it pins, table part text, new last row, expected text: only the refs differ)
XML_CASES = [
    ("the template's table", TEMPLATE_TABLE, 16, TEMPLATE_TABLE.replace('"A1:E13"', '"A1:E16"')),
    ("prefix, single quotes, a sort state kept", PREFIXED_TABLE, 9,
     PREFIXED_TABLE.replace("ref='B2:D5'", 'ref="B2:D9"')),
    ("a table without autoFilter", NO_FILTER_TABLE, 4, NO_FILTER_TABLE.replace("A1:B2", "A1:B4")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("xml", "bottom", "expected"), [c[1:] for c in XML_CASES], ids=[c[0] for c in XML_CASES]
)
def test_a_grown_table_part_differs_only_in_its_refs(xml: str, bottom: int, expected: str) -> None:
    assert grow_table_xml(xml, "xl/tables/table1.xml", bottom) == expected


def test_a_table_part_reads_as_its_area_name_and_totals() -> None:
    part = "xl/tables/table1.xml"
    assert read_table_part(TEMPLATE_TABLE, part) == TableArea("SwissGames", 1, 1, 13, 5)
    assert read_table_part(PREFIXED_TABLE, part) == TableArea("Games", 2, 2, 5, 4)
    totals = TEMPLATE_TABLE.replace('headerRowCount="1"', 'totalsRowCount="1"')
    assert read_table_part(totals, part) == TableArea("SwissGames", 1, 1, 13, 5, totals_rows=1)
    assert read_table_part(TEMPLATE_TABLE.replace(' ref="A1:E13"', ""), part) is None


# --- the Swiss template through `ratingbook pair`, on both file engines --------------------------


def _template_with_round_4_played(tmp_path: Path) -> Path:
    """The Swiss template (SwissGames A1:G13, rounds 1-4 of 5) with round 4's results typed."""
    book = tmp_path / "swiss.xlsx"
    book.write_bytes(_round_4_played())
    return book


@functools.cache
def _round_4_played() -> bytes:
    """The book of ``_template_with_round_4_played``, typed once for the module's tests."""
    wb = openpyxl.load_workbook(TEMPLATE)
    for row in range(11, 14):
        wb["Swiss Games"].cell(row=row, column=5).value = "1-0"
    data = io.BytesIO()
    wb.save(data)
    return data.getvalue()


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as package:
        return {name: package.read(name) for name in package.namelist()}


def _table_refs(path: Path | Workbook) -> dict[str, tuple[str, str | None]]:
    wb = path if isinstance(path, Workbook) else openpyxl.load_workbook(path)
    return {
        t.name: (t.ref, t.autoFilter.ref if t.autoFilter is not None else None)
        for ws in wb.worksheets
        for t in ws.tables.values()
    }


@pytest.mark.parametrize("command", ["pair", "recalc"])
@pytest.mark.parametrize("engine", ["package", "openpyxl"])
def test_pairing_grows_swiss_games_over_the_new_round(
    tmp_path: Path, engine: str, command: str
) -> None:
    """Round 5 (3 boards, 6 players) lands in rows 14-16, by `pair` or by Recalc's auto-pairing:
    SwissGames becomes A1:G16, the other tables keep their ranges (on the package engine, their
    parts are byte-identical)."""
    book = _template_with_round_4_played(tmp_path)
    out = tmp_path / "paired.xlsx"
    done = CliRunner().invoke(cli, [command, str(book), "-o", str(out), "--engine", engine])
    assert done.exit_code == 0, done.output
    paired = openpyxl.load_workbook(out)  # one load for its cells and its tables
    ws = paired["Swiss Games"]
    assert [ws.cell(row=r, column=1).value for r in range(14, 17)] == [5, 5, 5]
    assert ws.cell(row=17, column=1).value is None
    before_refs = _table_refs(book)
    assert before_refs["SwissGames"] == ("A1:G13", "A1:G13")
    assert set(before_refs) == {"SwissSettings", "SwissPlayers", "ForbiddenPairs", "SwissGames"}
    assert _table_refs(paired) == {**before_refs, "SwissGames": ("A1:G16", "A1:G16")}
    if engine == "package":
        before, after = _parts(book), _parts(out)
        tables = sorted(name for name in before if name.startswith("xl/tables/"))
        assert len(tables) == 4
        changed = [name for name in tables if before[name] != after[name]]
        assert len(changed) == 1 and b'name="SwissGames"' in after[changed[0]]
        assert after[changed[0]] == before[changed[0]].replace(b'"A1:G13"', b'"A1:G16"')


ENGINES = ["package", "openpyxl"]


@pytest.fixture(scope="module")
def libreoffice_saved_paired(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """For each engine, the paired book as LibreOffice saves it again as .xlsx: one soffice run
    for both."""
    folder = tmp_path_factory.mktemp("libreoffice")
    paired = []
    for engine in ENGINES:
        book = _template_with_round_4_played(tmp_path_factory.mktemp(engine))
        out = folder / f"paired-{engine}.xlsx"
        done = CliRunner().invoke(cli, ["pair", str(book), "-o", str(out), "--engine", engine])
        assert done.exit_code == 0, done.output
        paired.append(out)
    lo_dir = folder / "lo"
    result = convert_all(paired, lo_dir, folder / "profile", "xlsx:Calc MS Excel 2007 XML")
    assert result.returncode == 0, result.stderr
    return {engine: lo_dir / f"paired-{engine}.xlsx" for engine in ENGINES}


# LibreOffice writes print areas of whole columns (Pairings!$B:$K); openpyxl, this test's reader,
# reads none and warns. ratingbook's own back ends keep them (test_openpyxl_print_areas.py).
@pytest.mark.filterwarnings("ignore:Print area cannot be set:UserWarning")
@pytest.mark.usefixtures("needs_soffice")
@pytest.mark.parametrize("engine", ENGINES)
def test_libreoffice_opens_the_paired_book_and_keeps_the_grown_table(
    libreoffice_saved_paired: dict[str, Path], engine: str
) -> None:
    """LibreOffice reads the paired book and, saving it as .xlsx of its own, writes SwissGames
    as A1:G16 with round 5 in rows 14-16: it understood the grown table."""
    saved = libreoffice_saved_paired[engine]
    assert _table_refs(saved)["SwissGames"] == ("A1:G16", "A1:G16")
    ws = openpyxl.load_workbook(saved)["Swiss Games"]
    assert [[c.value for c in row] for row in ws.iter_rows(min_row=14, max_row=16, max_col=2)] == [
        [5, 1],
        [5, 2],
        [5, 3],
    ]


def test_openpyxl_engine_grows_a_table_and_leaves_a_totals_table_alone(tmp_path: Path) -> None:
    book = tmp_path / "t.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "S"
    for column, header in enumerate(["A", "B", None, "D", "E"], start=1):
        if header is not None:
            ws.cell(row=1, column=column).value = header
            for row in (2, 3):
                ws.cell(row=row, column=column).value = row
    ws.add_table(Table(displayName="Grows", ref="A1:B3"))
    ws.add_table(Table(displayName="Totals", ref="D1:E3", totalsRowCount=1))
    wb.save(book)
    xbook = XlsxBook(book)
    xbook.write_values(WriteBlock("S", 4, 1, [[4, 4], [5, 5]]))
    xbook.write_values(WriteBlock("S", 4, 4, [[4, 4]]))
    xbook.save(book)
    tables = {t.name: t.ref for t in openpyxl.load_workbook(book)["S"].tables.values()}
    assert tables == {"Grows": "A1:B5", "Totals": "D1:E3"}


def _json_book_with_a_table() -> XlwingsBook:
    book = make_json_book({"S": [["Round", "Board"], [1, 1], [1, 2]]})
    book.sheets[0].api["tables"].append(
        {
            "name": "SwissGames",
            "range_address": "$A$1:$B$3",
            "header_row_range_address": "$A$1:$B$1",
            "data_body_range_address": "$A$2:$B$3",
            "total_row_range_address": None,
            "show_headers": True,
            "show_totals": False,
        }
    )
    return XlwingsBook(book)


def test_xlwings_desktop_resizes_the_list_object_over_the_new_rows() -> None:
    """Desktop Excel gets ``ListObject.Resize`` to A1:B5 (seen here through xlwings' Table.resize
    on the JSON engine's action queue, the adapter told it is desktop)."""
    xbook = _json_book_with_a_table()
    xbook.remote = False
    xbook.write_values(WriteBlock("S", 4, 1, [[2, 1], [2, 2]]))
    resized = [a["args"] for a in actions(xbook.book) if a["func"] == "resizeTable"]
    assert resized == [[0, "$A$1:$B$5"]]


def test_xlwings_json_engine_sends_no_resize_its_office_js_client_cannot_run() -> None:
    xbook = _json_book_with_a_table()
    xbook.write_values(WriteBlock("S", 4, 1, [[2, 1], [2, 2]]))
    assert [a["func"] for a in actions(xbook.book)] == ["setValues"]
