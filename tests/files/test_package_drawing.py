"""package/drawing.py and the print titles of workbookpart.py (issue 9, items 3 and 4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ratingbook.files.ooxml.workbookpart import _with_print_titles
from ratingbook.files.patching.drawing import CHART_TYPE, DRAWING_TYPE, chart_parts
from ratingbook.workbook.port.presentation import CellRange, ChartSeries, LineChart

CHART = LineChart(
    "Elo",
    CellRange("Elo Progress", 1, 2, 1, 4),
    (ChartSeries(CellRange("Elo Progress", 2, 1, 2, 1), CellRange("Elo Progress", 2, 2, 2, 4)),),
    anchor=(1, 0, 20, 10),
)


def test_chart_parts_take_free_names_and_declare_their_types() -> None:
    taken = {"xl/drawings/drawing1.xml", "xl/charts/chart1.xml"}
    parts = chart_parts([CHART, CHART], lambda s, r, c: None, taken)
    assert set(parts.parts) == {
        "xl/drawings/drawing2.xml",
        "xl/drawings/_rels/drawing2.xml.rels",
        "xl/charts/chart2.xml",
        "xl/charts/chart3.xml",
    }
    assert parts.content_types == (
        ("xl/drawings/drawing2.xml", DRAWING_TYPE),
        ("xl/charts/chart2.xml", CHART_TYPE),
        ("xl/charts/chart3.xml", CHART_TYPE),
    )
    rels = ET.fromstring(parts.parts["xl/drawings/_rels/drawing2.xml.rels"])
    assert [r.get("Target") for r in rels] == ["../charts/chart2.xml", "../charts/chart3.xml"]
    sheet_rels = ET.fromstring(parts.sheet_rels)
    assert [(r.get("Id"), r.get("Target")) for r in sheet_rels] == [
        (parts.drawing_rid, "../drawings/drawing2.xml")
    ]


WORKBOOK = (
    '<workbook xmlns="m"><sheets><sheet name="A"/><sheet name="B"/></sheets>{names}'
    '<calcPr calcId="1"/></workbook>'
)


def test_print_titles_replace_a_sheets_old_ones_and_keep_other_names() -> None:
    names = (
        '<definedNames><definedName name="_xlnm.Print_Titles" localSheetId="1">B!$1:$2'
        '</definedName><definedName name="Total">A!$A$1</definedName></definedNames>'
    )
    xml = _with_print_titles(WORKBOOK.format(names=names), "", {1: ("'B'!$1:$1", "")}, "wb")
    assert xml == WORKBOOK.format(
        names='<definedNames><definedName name="Total">A!$A$1</definedName>'
        '<definedName name="_xlnm.Print_Titles" localSheetId="1">\'B\'!$1:$1</definedName>'
        "</definedNames>"
    )


def test_print_titles_get_a_defined_names_list_after_the_sheets_when_there_is_none() -> None:
    xml = _with_print_titles(WORKBOOK.format(names=""), "", {0: ("'A'!$1:$1", "")}, "wb")
    assert '</sheets><definedNames><definedName name="_xlnm.Print_Titles" localSheetId="0">' in xml
    assert xml.index("</definedNames>") < xml.index("<calcPr")


def test_an_empty_generated_sheets_print_area_comes_and_goes_with_its_rows() -> None:
    """A generated table with no row prints nothing (its print area: the rows under the
    header, presentation.PrintSetup.empty); written again with rows, the area is dropped."""
    area = "'B'!$A$2:$C$1048576"
    xml = _with_print_titles(WORKBOOK.format(names=""), "", {1: ("'B'!$1:$1", area)}, "wb")
    assert f'<definedName name="_xlnm.Print_Area" localSheetId="1">{area}</definedName>' in xml
    again = _with_print_titles(xml, "", {1: ("'B'!$1:$1", "")}, "wb")
    assert "Print_Area" not in again and "_xlnm.Print_Titles" in again
