"""What the openpyxl back end keeps of a pivot table, and what it says it loses (user test 49).

openpyxl 3.1 reads and writes back a worksheet's pivot tables: the definition (name, place,
fields, items, formats, style), the cache (source, fields, refresh on load) and its records.
It drops a table's conditional formats, every extension list of a table and its cache (where
Excel 2010 and later keep their own settings) and the custom number formats they name by
number (openpyxl numbers the stylesheet's custom formats afresh). So a pivot table that has
none of these draws no warning and no refusal of ``--in-place``; one that has some is named,
with what it loses, as a person knows it: by the name Excel shows (the ``name`` of the
``pivotTableDefinition``, ECMA-376 part 1, 18.10.1.73) and the sheet it is on. Each test
checks the output too: what is said to be kept is there, what is said to be lost is not.

The pivot tables are written here by hand (ECMA-376 part 1, 18.10): a cache over a small
``Club Data`` sheet (its definition and records) and each table on its sheet, as Excel lays the
package out. LibreOffice 7 opens such a book with its pivot table, named and on its sheet, and
opens the openpyxl back end's output so too.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest
from tests.helpers.built_books import write_template
from tests.helpers.cli import run
from tests.helpers.libreoffice import convert_all
from tests.helpers.workbooks import inject_part, sheet_part

from ratingbook.errors import UnsafeWorkbookError
from ratingbook.files.rewriting.openpyxl_book import XlsxBook

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

DATA = (["Name", "Club", "Rating"], ["Ana", "North", 1500], ["Ben", "South", 1400])

CACHE = (
    f'{_HEAD}<pivotCacheDefinition xmlns="{_MAIN}" xmlns:r="{_R}" r:id="rId1" '
    'refreshOnLoad="1" recordCount="2"><cacheSource type="worksheet">'
    '<worksheetSource ref="A1:C3" sheet="Club Data"/></cacheSource><cacheFields count="3">'
    '<cacheField name="Name" numFmtId="0"><sharedItems/></cacheField>'
    '<cacheField name="Club" numFmtId="0"><sharedItems count="2"><s v="North"/><s v="South"/>'
    '</sharedItems></cacheField><cacheField name="Rating" numFmtId="0"><sharedItems '
    'containsSemiMixedTypes="0" containsString="0" containsNumber="1" containsInteger="1" '
    'minValue="1400" maxValue="1500"/></cacheField></cacheFields></pivotCacheDefinition>'
)
RECORDS = (
    f'{_HEAD}<pivotCacheRecords xmlns="{_MAIN}" count="2"><r><s v="Ana"/><x v="0"/>'
    '<n v="1500"/></r><r><s v="Ben"/><x v="1"/><n v="1400"/></r></pivotCacheRecords>'
)


def _table(name: str, number: int) -> str:
    """Pivot table ``number`` (1, 2, ...), called ``name``: the ratings summed by club, in
    A3:B6, D3:E6 or G3:H6 (no two on a sheet overlap)."""
    first, second = "ADG"[number - 1], "BEH"[number - 1]
    return (
        f'{_HEAD}<pivotTableDefinition xmlns="{_MAIN}" name="{name}" cacheId="7" '
        'dataCaption="Values" updatedVersion="6" minRefreshableVersion="3" createdVersion="6" '
        'useAutoFormatting="1" itemPrintTitles="1" indent="0" outline="1" outlineData="1">'
        f'<location ref="{first}3:{second}6" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/>'
        '<pivotFields count="3"><pivotField showAll="0"/><pivotField axis="axisRow" '
        'showAll="0"><items count="3"><item x="0"/><item x="1"/><item t="default"/></items>'
        '</pivotField><pivotField dataField="1" showAll="0"/></pivotFields>'
        '<rowFields count="1"><field x="1"/></rowFields><rowItems count="3"><i><x/></i>'
        '<i><x v="1"/></i><i t="grand"><x/></i></rowItems><colItems count="1"><i/></colItems>'
        '<dataFields count="1"><dataField name="Sum of Rating" fld="2" baseField="0" '
        'baseItem="0"/></dataFields></pivotTableDefinition>'
    )


def _rels(*links: tuple[str, str, str]) -> str:
    """A relationships part of (id, type, target) links."""
    return (
        f'{_HEAD}<Relationships xmlns="{_PACKAGE}">'
        + "".join(
            f'<Relationship Id="{i}" Type="{_R}/{t}" Target="{target}"/>' for i, t, target in links
        )
        + "</Relationships>"
    )


def with_pivot_tables(path: Path, tables: Sequence[tuple[str, str]]) -> Path:
    """The book at ``path`` with a ``Club Data`` sheet and each (sheet, name) of ``tables`` a
    pivot table on that sheet (made when the book has no such sheet), all over one cache."""
    book = openpyxl.load_workbook(path)
    data = book.create_sheet("Club Data")
    for row in DATA:
        data.append(row)
    for sheet, _ in tables:
        if sheet not in book.sheetnames:
            book.create_sheet(sheet)
    book.save(path)
    with zipfile.ZipFile(path) as package:
        parts = {name: package.read(name) for name in package.namelist()}
    parts["xl/pivotCache/pivotCacheDefinition1.xml"] = CACHE.encode()
    parts["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = _rels(
        ("rId1", "pivotCacheRecords", "pivotCacheRecords1.xml")
    ).encode()
    parts["xl/pivotCache/pivotCacheRecords1.xml"] = RECORDS.encode()
    types = [
        ("pivotCache/pivotCacheDefinition1.xml", "pivotCacheDefinition"),
        ("pivotCache/pivotCacheRecords1.xml", "pivotCacheRecords"),
    ]
    for number, (sheet, name) in enumerate(tables, 1):
        table = f"xl/pivotTables/pivotTable{number}.xml"
        parts[table] = _table(name, number).encode()
        parts[f"xl/pivotTables/_rels/pivotTable{number}.xml.rels"] = _rels(
            ("rId1", "pivotCacheDefinition", "../pivotCache/pivotCacheDefinition1.xml")
        ).encode()
        types.append((table.removeprefix("xl/"), "pivotTable"))
        worksheet = sheet_part(path, sheet)
        folder, file = posixpath.split(worksheet)
        rels = f"{folder}/_rels/{file}.rels"
        link = (f"rIdPivot{number}", "pivotTable", posixpath.relpath(table, folder))
        if rels in parts:
            new = _rels(link).split(">", 2)[2].removesuffix("</Relationships>")
            parts[rels] = parts[rels].replace(
                b"</Relationships>", new.encode() + b"</Relationships>"
            )
        else:
            parts[rels] = _rels(link).encode()
    workbook = parts["xl/workbook.xml"].decode()
    parts["xl/workbook.xml"] = workbook.replace(
        "</workbook>",
        '<pivotCaches><pivotCache cacheId="7" r:id="rIdCache"/></pivotCaches></workbook>',
    ).encode()
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        f'<Relationship Id="rIdCache" Type="{_R}/pivotCacheDefinition" '
        'Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>'.encode(),
    )
    overrides = "".join(
        f'<Override PartName="/xl/{part}" ContentType="{_TYPE}.{kind}+xml"/>'
        for part, kind in types
    )
    parts["[Content_Types].xml"] = (
        parts["[Content_Types].xml"].decode().replace("</Types>", overrides + "</Types>").encode()
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, content in parts.items():
            package.writestr(name, content)
    return path


def _plain_book(path: Path) -> Path:
    book = openpyxl.Workbook()
    assert book.active is not None
    book.active.title = "Notes"
    book.save(path)
    return path


_X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
_M = f"{{{_MAIN}}}"
TABLE = "xl/pivotTables/pivotTable1.xml"
CACHE_PART = "xl/pivotCache/pivotCacheDefinition1.xml"
#: Excel's conditional format of a pivot table: the rule on the sheet, marked as the pivot
#: table's, and the table's own record of the area it follows (ECMA-376 part 1, 18.3.1, 18.10.1).
SHEET_RULE = (
    '<conditionalFormatting sqref="B4:B5" pivot="1"><cfRule type="dataBar" priority="1">'
    '<dataBar><cfvo type="min"/><cfvo type="max"/><color rgb="FF638EC6"/></dataBar></cfRule>'
    "</conditionalFormatting>"
)
TABLE_RULE = (
    '<conditionalFormats count="1"><conditionalFormat priority="1"><pivotAreas count="1">'
    '<pivotArea type="data" outline="0" collapsedLevelsAreSubtotals="1" fieldPosition="0">'
    '<references count="1"><reference field="4294967294" count="1" selected="0"><x v="0"/>'
    "</reference></references></pivotArea></pivotAreas></conditionalFormat>"
    "</conditionalFormats>"
)
#: Excel 2010's settings of a table (Alt Text, the Values row hidden), of a data field (Show
#: Values As: % of Parent Row Total) and of a cache (the id slicers use), in their extension
#: lists (MS-XLSX, Excel's extensions to ECMA-376).
TABLE_EXT = (
    f'<extLst><ext uri="{{962EF5D1-5CA2-4c93-8EF4-DBF5C05439D2}}" xmlns:x14="{_X14}">'
    '<x14:pivotTableDefinition hideValuesRow="1" altText="Ratings by club"/></ext></extLst>'
)
DATA_FIELD_EXT = (
    f'<extLst><ext uri="{{E15A36E0-9728-4e99-A89B-3F7291B0FE68}}" xmlns:x14="{_X14}">'
    '<x14:dataField pivotShowAs="percentOfParentRow"/></ext></extLst>'
)
CACHE_EXT = (
    f'<extLst><ext uri="{{725AE2AE-9491-48be-B2B4-4EB974FC3084}}" xmlns:x14="{_X14}">'
    '<x14:pivotCacheDefinition pivotCacheId="1234"/></ext></extLst>'
)
#: The table's formatting openpyxl keeps: a format (its differential style: bold red) and the
#: PivotTable style.
FORMATS = (
    '<formats count="1"><format dxfId="0"><pivotArea outline="0" '
    'collapsedLevelsAreSubtotals="1" fieldPosition="0"/></format></formats>'
)
STYLE_INFO = (
    '<pivotTableStyleInfo name="PivotStyleMedium9" showRowHeaders="1" showColHeaders="1" '
    'showRowStripes="0" showColStripes="0" showLastColumn="1"/>'
)
DXF = '<dxfs count="1"><dxf><font><b/><color rgb="FFFF0000"/></font></dxf></dxfs>'
DATA_FIELD = '<dataField name="Sum of Rating" fld="2" baseField="0" baseItem="0"/>'


def _edit(path: Path, part: str, old: str, new: str) -> None:
    """Part ``part`` of the package at ``path`` with its one ``old`` replaced by ``new``."""
    with zipfile.ZipFile(path) as package:
        parts = {name: package.read(name) for name in package.namelist()}
    text = parts[part].decode()
    assert text.count(old) == 1, (part, old)
    parts[part] = text.replace(old, new).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, content in parts.items():
            package.writestr(name, content)


def _with_number_format(path: Path, code: str, *, on_a_cell: bool) -> str:
    """The stylesheet of the book at ``path`` with one more custom number format, ``code``,
    numbered after its others (164 in a book with none), which the data field shows its sums
    in; its number. ``on_a_cell`` (a book with no custom format and one cell style): Club
    Data's C2 shows its rating in it too (openpyxl keeps the custom formats cells use, numbered
    from 164 in the order of the cell styles)."""
    with zipfile.ZipFile(path) as package:
        styles = package.read("xl/styles.xml").decode()
    found = re.search(r"<numFmts\b[^>]*?(?:/>|>.*?</numFmts>)", styles, re.S)
    assert found is not None
    ids = [int(n) for n in re.findall(r'numFmtId="(\d+)"', found.group(0))]
    number = str(max([163, *ids]) + 1)
    mine = f'<numFmt numFmtId="{number}" formatCode="{code}"/>'
    count = len(ids) + 1
    inside = re.sub(r"\A<numFmts[^>]*>|</numFmts>\Z", "", found.group(0)) if ids else ""
    _edit(
        path, "xl/styles.xml", found.group(0), f'<numFmts count="{count}">{inside}{mine}</numFmts>'
    )
    _edit(path, TABLE, DATA_FIELD, DATA_FIELD.replace("/>", f' numFmtId="{number}"/>'))
    if on_a_cell:
        assert number == "164"
        xf = '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/>'
        with zipfile.ZipFile(path) as package:
            styles = package.read("xl/styles.xml").decode()
        (xfs,) = re.findall(r'<cellXfs count="1">.*?</cellXfs>', styles, re.S)
        _edit(
            path,
            "xl/styles.xml",
            xfs,
            xfs.replace('count="1"', 'count="2"').replace("</cellXfs>", f"{xf}</cellXfs>"),
        )
        sheet = sheet_part(path, "Club Data")
        with zipfile.ZipFile(path) as package:
            (cell,) = re.findall(r'<c r="C2"[^>]*>', package.read(sheet).decode())
        _edit(path, sheet, cell, re.sub(r'\s*s="\d+"', "", cell).replace("<c ", '<c s="1" '))
    return number


def _with_the_one_differential_style(path: Path) -> None:
    """The stylesheet of the book at ``path`` with :data:`DXF`'s as its one differential style
    (it had none), after its cell styles (ECMA-376 part 1, 18.8.39)."""
    with zipfile.ZipFile(path) as package:
        styles = package.read("xl/styles.xml").decode()
    empty = re.search(r"<dxfs[^>]*/>", styles)
    assert empty is not None or "<dxfs" not in styles
    if empty is not None:
        _edit(path, "xl/styles.xml", empty.group(0), DXF)
    else:
        _edit(path, "xl/styles.xml", "</cellStyles>", f"</cellStyles>{DXF}")


def _package(path: Path) -> dict[str, ElementTree.Element]:
    """Every XML part of the package at ``path``, parsed (its relationships parts too)."""
    with zipfile.ZipFile(path) as package:
        return {
            n: ElementTree.fromstring(package.read(n))
            for n in package.namelist()
            if n.endswith((".xml", ".rels"))
        }


def _targets(parts: dict[str, ElementTree.Element], part: str, kind: str) -> list[str]:
    """The parts ``part``'s relationships of type ``kind`` point at."""
    folder, name = posixpath.split(part)
    rels = parts.get(f"{folder}/_rels/{name}.rels")
    found = []
    for rel in [] if rels is None else rels:
        if rel.get("Type") == f"{_R}/{kind}":
            target = rel.get("Target", "")
            found.append(
                target.lstrip("/")
                if target.startswith("/")
                else posixpath.normpath(posixpath.join(folder, target))
            )
    return found


def _pivot_on(path: Path, sheet: str) -> tuple[ElementTree.Element, ElementTree.Element]:
    """The one pivot table on sheet ``sheet`` of the book at ``path`` and the cache it reads,
    found as Excel finds them: the sheet's relationship, then the table's."""
    parts = _package(path)
    (table,) = _targets(parts, sheet_part(path, sheet), "pivotTable")
    (cache,) = _targets(parts, table, "pivotCacheDefinition")
    return parts[table], parts[cache]


def _records(path: Path) -> list[list[str]]:
    """The records of the cache of the pivot table on Summary, each value as text (an index
    ``x`` looked up in its field's shared items)."""
    parts = _package(path)
    (table,) = _targets(parts, sheet_part(path, "Summary"), "pivotTable")
    (cache,) = _targets(parts, table, "pivotCacheDefinition")
    (records,) = _targets(parts, cache, "pivotCacheRecords")
    fields = parts[cache].findall(f"{_M}cacheFields/{_M}cacheField")
    rows = []
    for record in parts[records].findall(f"{_M}r"):
        row = []
        for field, value in zip(fields, record, strict=True):
            if value.tag == f"{_M}x":
                value = field.findall(f"{_M}sharedItems/*")[int(value.get("v", "0"))]
            row.append(value.get("v", ""))
        rows.append(row)
    return rows


def _number_format(path: Path, number: str) -> str | None:
    """The code of number format ``number`` in the book's stylesheet (None: it has none)."""
    styles = _package(path)["xl/styles.xml"]
    codes = {f.get("numFmtId"): f.get("formatCode") for f in styles.iter(f"{_M}numFmt")}
    return codes.get(number)


def _out(tmp_path: Path, source: Path) -> tuple[Path, str]:
    """``recalc --backend openpyxl -o`` of ``source``: the output and what it printed on stderr."""
    out = tmp_path / "out.xlsx"
    done = run("recalc", source, "--backend", "openpyxl", "-o", out)
    assert done.returncode == 0, done.stderr
    return out, done.stderr


def _camp(tmp_path: Path) -> Path:
    return with_pivot_tables(
        write_template("ladder", tmp_path / "camp.xlsx"), [("Summary", "Ratings by Club")]
    )


def test_a_pivot_table_comes_through_whole_and_draws_no_warning(tmp_path: Path) -> None:
    """The user's case: a camp book's pivot table, refreshed on open, formatted (a bold red
    format, a PivotTable style): openpyxl writes all of it back, so the book's ``uncarried``
    is empty, ``--in-place`` is not refused, and the recalc says nothing of it."""
    path = _camp(tmp_path)
    _with_the_one_differential_style(path)
    _edit(path, TABLE, "</dataFields>", f"</dataFields>{FORMATS}{STYLE_INFO}")
    book = XlsxBook(path)
    assert book.uncarried == []
    book.refuse_in_place()  # does not raise
    out, said = _out(tmp_path, path)
    assert "warning" not in said and "pivot" not in said
    table, cache = _pivot_on(out, "Summary")
    assert table.get("name") == "Ratings by Club"
    location = table.find(f"{_M}location")
    assert location is not None and location.get("ref") == "A3:B6"
    assert [f.get("name") for f in table.iter(f"{_M}dataField")] == ["Sum of Rating"]
    assert [f.get("dxfId") for f in table.iter(f"{_M}format")] == ["0"]
    colours = _package(out)["xl/styles.xml"].findall(f"{_M}dxfs/{_M}dxf/{_M}font/{_M}color")
    assert [c.get("rgb") for c in colours] == ["FFFF0000"]  # the format's differential style
    style = table.find(f"{_M}pivotTableStyleInfo")
    assert style is not None and style.get("name") == "PivotStyleMedium9"
    assert cache.get("refreshOnLoad") in ("1", "true")
    source = cache.find(f"{_M}cacheSource/{_M}worksheetSource")
    assert source is not None and (source.get("sheet"), source.get("ref")) == ("Club Data", "A1:C3")
    assert _records(out) == [["Ana", "North", "1500"], ["Ben", "South", "1400"]]


def test_a_custom_number_format_the_cells_keep_is_kept_for_the_pivot_table_too(
    tmp_path: Path,
) -> None:
    """The sums shown as 0.0, a format a cell of Club Data shows too: openpyxl writes it back
    as 164 again, so the data field's 164 still says 0.0, and nothing is said."""
    path = with_pivot_tables(_plain_book(tmp_path / "club.xlsx"), [("Summary", "Ratings by Club")])
    _with_number_format(path, "0.0", on_a_cell=True)
    assert XlsxBook(path).uncarried == []
    out = tmp_path / "out.xlsx"
    XlsxBook(path).save(out)
    table, _ = _pivot_on(out, "Summary")
    assert [f.get("numFmtId") for f in table.iter(f"{_M}dataField")] == ["164"]
    assert _number_format(out, "164") == "0.0"


def test_what_openpyxl_drops_of_a_pivot_table_is_named_and_missing_from_the_output(
    tmp_path: Path,
) -> None:
    """A table with all three: a data bar over its sums, Excel 2010's settings (Alt Text, the
    Values row) and its cache's (the slicers' id), and its sums shown as 0.0, a format no cell
    shows. The warning names the three, and the output lacks each; the sheet's rule stays."""
    path = _camp(tmp_path)
    _edit(path, sheet_part(path, "Summary"), "<pageMargins", f"{SHEET_RULE}<pageMargins")
    _edit(path, TABLE, "</dataFields>", f"</dataFields>{TABLE_RULE}")
    _edit(path, TABLE, "</pivotTableDefinition>", f"{TABLE_EXT}</pivotTableDefinition>")
    _edit(path, CACHE_PART, "</cacheFields>", f"</cacheFields>{CACHE_EXT}")
    _with_number_format(path, "0.0", on_a_cell=False)
    named = (
        "the conditional formatting, Excel 2010 and later settings and custom number formats "
        "of pivot table 'Ratings by Club' on sheet 'Summary'"
    )
    book = XlsxBook(path)
    assert book.uncarried == [named]
    with pytest.raises(UnsafeWorkbookError) as refused:
        book.refuse_in_place()
    assert f"contains {named}, which cannot be carried over" in str(refused.value)
    out, said = _out(tmp_path, path)
    assert f"warning: {path} contains {named}, which the output {out} does not carry over" in said
    table, cache = _pivot_on(out, "Summary")
    assert table.get("name") == "Ratings by Club"  # the table itself is there
    assert table.find(f"{_M}conditionalFormats") is None
    assert not [*table.iter(f"{_M}extLst"), *cache.iter(f"{_M}extLst")]
    (number,) = [f.get("numFmtId") for f in table.iter(f"{_M}dataField")]
    assert number is not None and _number_format(out, number) != "0.0"
    sheet = _package(out)[sheet_part(out, "Summary")]
    assert [c.get("pivot") for c in sheet.iter(f"{_M}conditionalFormatting")] == ["1"]


def _conditional_format(path: Path) -> None:
    _edit(path, TABLE, "</dataFields>", f"</dataFields>{TABLE_RULE}")


def _data_field_setting(path: Path) -> None:
    _edit(path, TABLE, DATA_FIELD, DATA_FIELD.replace("/>", f">{DATA_FIELD_EXT}</dataField>"))


def _cache_setting(path: Path) -> None:
    _edit(path, CACHE_PART, "</cacheFields>", f"</cacheFields>{CACHE_EXT}")


def _own_number_format(path: Path) -> None:
    _with_number_format(path, "0.0", on_a_cell=False)


@pytest.mark.parametrize(
    "edit, lost",
    [
        pytest.param(_conditional_format, "conditional formatting", id="conditional"),
        pytest.param(_data_field_setting, "Excel 2010 and later settings", id="show-values-as"),
        pytest.param(_cache_setting, "Excel 2010 and later settings", id="cache-extension"),
        pytest.param(_own_number_format, "custom number formats", id="number-format"),
    ],
)
def test_each_loss_alone_is_named_alone(
    tmp_path: Path, edit: Callable[[Path], None], lost: str
) -> None:
    """A data field's *Show Values As: % of Parent Row Total* (Excel 2010's, in the data
    field's extension list) counts as the table's Excel 2010 settings, as the cache's do."""
    path = with_pivot_tables(_plain_book(tmp_path / "club.xlsx"), [("Summary", "Ratings by Club")])
    edit(path)
    assert XlsxBook(path).uncarried == [
        f"the {lost} of pivot table 'Ratings by Club' on sheet 'Summary'"
    ]


def test_only_the_pivot_tables_that_lose_something_are_named_in_the_order_of_the_sheets(
    tmp_path: Path,
) -> None:
    """Two on one sheet, one on another: the parts' numbers follow ``tables`` (1, 2, 3) while
    the sheets come in the book's order (Juniors made before Summary), so the part's number
    gives no order here. The second (Junior Ratings) loses nothing and is not named."""
    path = _plain_book(tmp_path / "club.xlsx")
    book = openpyxl.load_workbook(path)
    book.create_sheet("Juniors")
    book.create_sheet("Summary")
    book.save(path)
    tables = [("Summary", "Ratings by Club"), ("Juniors", "Junior Ratings"), ("Summary", "Games")]
    with_pivot_tables(path, tables)
    for number in (1, 3):
        part = f"xl/pivotTables/pivotTable{number}.xml"
        _edit(path, part, "</dataFields>", f"</dataFields>{TABLE_RULE}")
    assert XlsxBook(path).uncarried == [
        "the conditional formatting of pivot table 'Ratings by Club' on sheet 'Summary'",
        "the conditional formatting of pivot table 'Games' on sheet 'Summary'",
    ]


@pytest.mark.parametrize(
    "part, named",
    [
        ("xl/pivotTables/pivotTable1.xml", "a pivot table"),  # unreadable: no name to give
        ("xl/pivotCache/pivotCacheDefinition1.xml", "pivot caches"),  # no pivot table reads it
    ],
)
def test_a_pivot_part_no_sheet_shows_is_still_named(tmp_path: Path, part: str, named: str) -> None:
    """openpyxl reads a pivot table only from a worksheet's relationships, and writes back only
    the caches of the tables it read: both parts are lost whole."""
    path = _plain_book(tmp_path / "club.xlsx")
    inject_part(path, part, b"<x/>")
    assert XlsxBook(path).uncarried == [named]


@pytest.mark.usefixtures("needs_soffice")
def test_libreoffice_opens_the_output_with_its_pivot_table(tmp_path: Path) -> None:
    """LibreOffice reads the recalculated camp book's pivot table as one: saving the book as
    .xlsx of its own, it writes the table again, named, on its sheet, over Club Data."""
    out, _ = _out(tmp_path, _camp(tmp_path))
    result = convert_all(
        [out], tmp_path / "lo", tmp_path / "profile", "xlsx:Calc MS Excel 2007 XML"
    )
    assert result.returncode == 0, result.stderr
    table, cache = _pivot_on(tmp_path / "lo" / "out.xlsx", "Summary")
    assert table.get("name") == "Ratings by Club"
    source = cache.find(f"{_M}cacheSource/{_M}worksheetSource")
    assert source is not None and source.get("sheet") == "Club Data"
    assert [f.get("name") for f in table.iter(f"{_M}dataField")] == ["Sum of Rating"]
