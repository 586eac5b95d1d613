"""The openpyxl back end names the pivot tables it cannot carry over as a person knows them: by
the name Excel shows (the ``name`` of the ``pivotTableDefinition``, ECMA-376 part 1, 18.10.1.73)
and the sheet they are on, not by the part that holds them (``pivotTable1.xml``).

The pivot tables are written here by hand (ECMA-376 part 1, 18.10): a cache over a small
``Club Data`` sheet (its definition and records) and each table on its sheet, as Excel lays the
package out. LibreOffice 7 opens such a book with its pivot table, named and on its sheet.
"""

from __future__ import annotations

import posixpath
import zipfile
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.built_books import write_template
from tests.helpers.cli import run
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


def test_a_pivot_table_is_named_by_its_name_and_sheet(tmp_path: Path) -> None:
    """The user's case: the warning and the refusal say which pivot table, where."""
    path = with_pivot_tables(_plain_book(tmp_path / "club.xlsx"), [("Summary", "Ratings by Club")])
    book = XlsxBook(path)
    assert book.uncarried == ["pivot table 'Ratings by Club' on sheet 'Summary'"]
    with pytest.raises(UnsafeWorkbookError) as refused:
        book.refuse_in_place()
    assert "contains pivot table 'Ratings by Club' on sheet 'Summary', which cannot" in str(
        refused.value
    )
    assert "pivotTable1" not in str(refused.value)


def test_every_pivot_table_is_named_in_the_order_of_the_sheets(tmp_path: Path) -> None:
    """Two on one sheet, one on another: the parts' numbers follow ``tables`` (1, 2, 3) while
    the sheets come in the book's order (Juniors made before Summary), so the part's number
    gives no order here."""
    path = _plain_book(tmp_path / "club.xlsx")
    book = openpyxl.load_workbook(path)
    book.create_sheet("Juniors")
    book.create_sheet("Summary")
    book.save(path)
    tables = [("Summary", "Ratings by Club"), ("Juniors", "Junior Ratings"), ("Summary", "Games")]
    assert XlsxBook(with_pivot_tables(path, tables)).uncarried == [
        "pivot table 'Junior Ratings' on sheet 'Juniors'",
        "pivot table 'Ratings by Club' on sheet 'Summary'",
        "pivot table 'Games' on sheet 'Summary'",
    ]


@pytest.mark.parametrize(
    "part, named",
    [
        ("xl/pivotTables/pivotTable1.xml", "a pivot table"),  # unreadable: no name to give
        ("xl/pivotCache/pivotCacheDefinition1.xml", "pivot caches"),  # no pivot table reads it
    ],
)
def test_a_pivot_part_no_sheet_shows_is_still_named(tmp_path: Path, part: str, named: str) -> None:
    path = _plain_book(tmp_path / "club.xlsx")
    inject_part(path, part, b"<x/>")
    assert XlsxBook(path).uncarried == [named]


def test_the_commands_warning_names_the_pivot_table(tmp_path: Path) -> None:
    """``ratingbook recalc --backend openpyxl -o``: the camp book is written, and the warning
    names what the output lacks as the organiser knows it."""
    path = with_pivot_tables(
        write_template("ladder", tmp_path / "camp.xlsx"), [("Club Summary", "Ratings by Group")]
    )
    out = tmp_path / "out.xlsx"
    result = run("recalc", path, "--backend", "openpyxl", "-o", out)
    assert result.returncode == 0, result.stderr
    assert (
        f"warning: {path} contains pivot table 'Ratings by Group' on sheet 'Club Summary', "
        f"which the output {out} does not carry over"
    ) in result.stderr
