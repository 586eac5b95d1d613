"""What the openpyxl back end keeps of a book's charts (user test 48).

The parts are written here by hand (DrawingML, ECMA-376 part 1, 21.2), or by openpyxl itself.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.chart import LineChart, Reference
from openpyxl.chart.text import RichText
from openpyxl.drawing.text import (
    CharacterProperties,
    Paragraph,
    ParagraphProperties,
    RichTextProperties,
)
from tests.helpers.workbooks import zip_member

from ratingbook.files.rewriting.openpyxl_book import XlsxBook

_XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _book_with_a_chart(path: Path, *, chart_sheet: bool = False) -> Path:
    """A book with one line chart titled "Ratings", on its sheet or on a chart sheet."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    for row in (["Game", "Maya"], [1, 1210], [2, 1225]):
        ws.append(row)
    chart = LineChart()
    chart.title = "Ratings"
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    if chart_sheet:
        wb.create_chartsheet("Chart").add_chart(chart)
    else:
        ws.add_chart(chart, "D2")
    wb.save(path)
    return path


# --- an axis' text settings ---------------------------------------------------------------------


#: An axis' labels turned a quarter turn, its text settings holding no text (as the package
#: back end writes them, ``patching.drawing``).
TURNED = (
    '<txPr><a:bodyPr rot="-5400000" vert="horz" /><a:p><a:pPr><a:defRPr /></a:pPr>'
    '<a:endParaRPr lang="en-US" /></a:p></txPr>'
)


def test_an_axis_text_settings_empty_run_is_not_written_back_as_none(tmp_path: Path) -> None:
    """A chart written by openpyxl with its default paragraph (one empty run, ``<a:t/>``, as
    the templates of earlier versions hold): openpyxl reads the missing text as "None"; the
    rewritten axis holds no run and no text at all."""
    path = _book_with_a_chart(tmp_path / "c.xlsx")
    wb = openpyxl.load_workbook(path)
    chart = wb["Data"]._charts[0]
    chart.x_axis.txPr = RichText(
        bodyPr=RichTextProperties(rot=-5400000, vert="horz"),
        p=[
            Paragraph(
                pPr=ParagraphProperties(defRPr=CharacterProperties()),
                endParaRPr=CharacterProperties(lang="en-US"),
            )
        ],
    )
    wb.save(path)
    assert b"<a:r><a:t /></a:r>" in zip_member(path, "xl/charts/chart1.xml")
    out = tmp_path / "out.xlsx"
    XlsxBook(path).save(out)
    chart_xml = zip_member(out, "xl/charts/chart1.xml").decode()
    assert "None" not in chart_xml
    assert TURNED in chart_xml
