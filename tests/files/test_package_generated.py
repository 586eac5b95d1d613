"""ratingbook.files.patching.generated: a generated sheet's XML, written out by hand for a tiny
sheet.

What it must look like: a bold header row, frozen below it, one ``<col>`` width per column
(the given width, else 10, widened to hold the bold header: 1.15 a character + 2), each
column's number format on every value of it, the header and the cells of a column aligned alike
(numbers right, text left), text as inline strings, empty values left out.
"""

from __future__ import annotations

import datetime as dt

from ratingbook.files.ooxml.workbookpart import WINDOWS_EPOCH
from ratingbook.files.patching.cells import CellWriter
from ratingbook.files.patching.generated import generated_sheet_xml
from ratingbook.files.patching.styles import Styles
from ratingbook.workbook.port.book import GeneratedSheet

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def render(sheet: GeneratedSheet, selected: bool = False) -> tuple[str, Styles]:
    styles = Styles(None, "xl/styles.xml")
    xml = "".join(generated_sheet_xml(sheet, CellWriter(lambda: styles, WINDOWS_EPOCH), selected))
    return xml, styles


def test_a_tiny_generated_sheet() -> None:
    sheet = GeneratedSheet(
        "Standings",
        ("ID", "Rating"),
        [[1, 1500.5], [2, None], [3, "a<b"]],
        number_formats={1: "0.0"},
        widths={0: 6},
    )
    xml, styles = render(sheet)
    # widths: ID as given (6); Rating as its header in bold needs (6 x 1.15 + 2 = 8.9), more
    # than its values ("1500.5" and the padding: 8), and 1.5 for its indent (a text column right
    # of a number column is indented one level away from it: presentation.indented_columns).
    # styles: xf 1 = the bold header right-aligned (ID: numbers), xf 2 = the bold header
    # left-aligned and indented (Rating: as many texts as numbers), xf 3 = right, xf 4 = "0.0"
    # left and indented. Each column carries its cells' style (xf 3, xf 4), which a cell written
    # below the table later takes (an archive's next week, issue 34).
    assert xml == (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}"><dimension ref="A1:B4"/>'
        '<sheetViews><sheetView workbookViewId="0">'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>'
        '<cols><col min="1" max="1" width="6" customWidth="1" style="3"/>'
        '<col min="2" max="2" width="10.4" customWidth="1" style="4"/></cols>'
        "<sheetData>"
        '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>ID</t></is></c>'
        '<c r="B1" s="2" t="inlineStr"><is><t>Rating</t></is></c></row>'
        '<row r="2"><c r="A2" s="3"><v>1</v></c><c r="B2" s="4"><v>1500.5</v></c></row>'
        '<row r="3"><c r="A3" s="3"><v>2</v></c></row>'
        '<row r="4"><c r="A4" s="3"><v>3</v></c>'
        '<c r="B4" s="4" t="inlineStr"><is><t>a&lt;b</t></is></c></row>'
        '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
        'header="0.3" footer="0.6"/></worksheet>'
    )
    assert styles.formats[164] == "0.0"
    assert styles.new_fonts == [
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    ]
    aligned = ['<alignment horizontal="right"/>', '<alignment horizontal="left" indent="1"/>']
    assert [x[x.index("<alignment") :].removesuffix("</xf>") for x in styles.new_xfs] == [
        *aligned,
        *aligned,
    ]
    assert 'numFmtId="164"' in styles.new_xfs[3]


def test_a_selected_tab_stays_selected_and_dates_get_a_date_format() -> None:
    sheet = GeneratedSheet("History", ("Week of",), [[dt.date(2024, 5, 6)]])
    xml, styles = render(sheet, selected=True)
    assert '<sheetView tabSelected="1" workbookViewId="0">' in xml
    # xf 1 = bold header, xf 2 = the column (right: a date is a number), xf 3 = the same with
    # yyyy-mm-dd (number format 164); 6 May 2024 is serial 45418
    assert '<row r="2"><c r="A2" s="3"><v>45418</v></c></row>' in xml
    assert styles.formats[164] == "yyyy-mm-dd"
    assert '<alignment horizontal="right"/>' in styles.new_xfs[2]
    # a date printed yyyy-mm-dd: 10 characters and the padding (2), wider than its header of 7
    # characters in bold (7 x 1.15 + 2 = 10.05)
    assert '<col min="1" max="1" width="12" customWidth="1" style="2"/>' in xml


def test_a_wide_header_widens_its_column() -> None:
    xml, styles = render(GeneratedSheet("S", ("Permanent Rating",), []))
    # Wrapped onto lines (presentation.HEADER_LINES), its longest word in bold: 9 x 1.15 + 2
    # = 12.35; the header row two lines of 15 points tall, its cell wrapping.
    assert '<col min="1" max="1" width="12.35" customWidth="1" style="2"/>' in xml
    assert '<row r="1" ht="30" customHeight="1"><c r="A1" s="1" t="inlineStr">' in xml
    assert 'wrapText="1"' in styles.new_xfs[0]
    assert '<dimension ref="A1:A1"/>' in xml
