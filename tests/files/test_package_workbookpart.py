"""ratingbook.files.ooxml.workbookpart: workbook.xml read (sheets, date system) and edited.

Expected texts are written by hand from ECMA-376 part 1: ``<calcPr>`` goes after ``<sheets>``
(and what follows it: definedNames) and before ``oleSize`` ... ``extLst`` (18.2.27); sheets are
referred to by position in ``localSheetId`` and ``activeTab``.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.workbookpart import MAC_EPOCH, WINDOWS_EPOCH, WorkbookPart
from ratingbook.files.ooxml.zipread import PackageZip
from ratingbook.workbook.port.book import GeneratedSheet

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
WS = REL + "/worksheet"
HEAD = f'<workbook xmlns="{MAIN}" xmlns:r="{REL}">'
SHEETS = (
    '<sheets><sheet name="A" sheetId="1" r:id="rId1"/><sheet name="B" sheetId="2" r:id="rId2"/>'
    "</sheets>"
)


def book(tmp_path: Path, workbook_xml: str) -> WorkbookPart:
    path = tmp_path / "book.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr(
            "_rels/.rels",
            f'<Relationships xmlns="{PR}"><Relationship Id="rId1" '
            f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        z.writestr("xl/workbook.xml", workbook_xml)
        z.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="{PR}">'
            f'<Relationship Id="rId1" Type="{WS}" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{WS}" Target="worksheets/sheet2.xml"/>'
            "</Relationships>",
        )
        z.writestr("xl/worksheets/sheet1.xml", "<worksheet/>")
        z.writestr("xl/worksheets/sheet2.xml", "<worksheet/>")
    return WorkbookPart(PackageZip(path))


# (the workbook.xml after <sheets>, the same after editing)
CALC_CASES = [
    (
        '<calcPr calcId="191029"/></workbook>',
        '<calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>',
    ),
    ('<calcPr fullCalcOnLoad="0"/></workbook>', '<calcPr fullCalcOnLoad="1"/></workbook>'),
    ("</workbook>", '<calcPr fullCalcOnLoad="1"/></workbook>'),
    (
        '<definedNames><definedName name="x">A!$A$1</definedName></definedNames>'
        "<extLst/></workbook>",
        '<definedNames><definedName name="x">A!$A$1</definedName></definedNames>'
        '<calcPr fullCalcOnLoad="1"/><extLst/></workbook>',
    ),
    (
        '<oleSize ref="A1"/></workbook>',
        '<calcPr fullCalcOnLoad="1"/><oleSize ref="A1"/></workbook>',
    ),
]


@pytest.mark.parametrize(("tail", "edited"), CALC_CASES)
def test_excel_is_told_to_recalculate_on_open(tmp_path: Path, tail: str, edited: str) -> None:
    part = book(tmp_path, HEAD + SHEETS + tail)
    assert part.edited_xml() == HEAD + SHEETS + edited


def test_the_sheet_list_and_date_system_are_read(tmp_path: Path) -> None:
    part = book(tmp_path, HEAD + SHEETS + "</workbook>")
    assert [(s.name, s.part, s.sheet_id, s.rid) for s in part.sheets] == [
        ("A", "xl/worksheets/sheet1.xml", 1, "rId1"),
        ("B", "xl/worksheets/sheet2.xml", 2, "rId2"),
    ]
    assert part.epoch == WINDOWS_EPOCH
    assert part.worksheet("b").name == "B"
    with pytest.raises(WorkbookError, match="has no worksheet 'C'"):
        part.worksheet("C")
    mac = book(tmp_path, HEAD + '<workbookPr date1904="1"/>' + SHEETS + "</workbook>")
    assert mac.epoch == MAC_EPOCH


def test_a_new_sheet_is_listed_and_positions_follow_it(tmp_path: Path) -> None:
    xml = (
        HEAD
        + '<bookViews><workbookView activeTab="1"/></bookViews>'
        + SHEETS
        + '<definedNames><definedName name="n" localSheetId="1">B!$A$1</definedName>'
        + '<definedName name="m" localSheetId="0">A!$A$1</definedName></definedNames>'
        + "</workbook>"
    )
    part = book(tmp_path, xml)
    entry = part.add_sheet(GeneratedSheet("New", ("x",), [], after="A"))
    assert (entry.part, entry.sheet_id, entry.rid) == ("xl/worksheets/sheet3.xml", 3, "rId3")
    assert part.edited_xml() == (
        HEAD
        + '<bookViews><workbookView activeTab="2"/></bookViews>'
        + '<sheets><sheet name="A" sheetId="1" r:id="rId1"/>'
        + '<sheet name="New" sheetId="3" r:id="rId3"/>'
        + '<sheet name="B" sheetId="2" r:id="rId2"/></sheets>'
        + '<definedNames><definedName name="n" localSheetId="2">B!$A$1</definedName>'
        + '<definedName name="m" localSheetId="0">A!$A$1</definedName></definedNames>'
        + '<calcPr fullCalcOnLoad="1"/></workbook>'
    )


def test_a_strict_open_xml_workbook_is_refused(tmp_path: Path) -> None:
    strict = '<workbook xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"/>'
    with pytest.raises(WorkbookError, match="Strict Open XML Spreadsheet"):
        book(tmp_path, strict)
