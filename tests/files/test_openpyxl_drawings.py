"""What the openpyxl back end keeps of a book's drawings, and what it says it loses (user test 48).

openpyxl writes back the charts and pictures it can read and nothing else drawn: the warning
(``uncarried``) names exactly what is lost, and nothing when nothing is. The parts are written
here by hand (DrawingML, ECMA-376 part 1, 20.5 and 21.2), or by openpyxl itself.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.chart import LineChart, Reference
from openpyxl.chart.text import RichText
from openpyxl.drawing.text import (
    CharacterProperties,
    Paragraph,
    ParagraphProperties,
    RichTextProperties,
)
from tests.helpers.built_books import write_template
from tests.helpers.workbooks import inject_part, zip_member

from ratingbook import workbook
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


def _replace(path: Path, name: str, data: bytes) -> None:
    with zipfile.ZipFile(path) as package:
        parts = {i.filename: package.read(i.filename) for i in package.infolist()}
    parts[name] = data
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for each, content in parts.items():
            package.writestr(each, content)


def _names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as package:
        return package.namelist()


def test_a_camp_books_charts_are_carried_over_and_not_reported_lost(tmp_path: Path) -> None:
    """The user's case: a template camp book, recalculated with openpyxl, keeps its 8 charts
    (6 Ladder Charts, the Camper Chart's 2), and no warning says otherwise; no axis of them
    holds the text "None"."""
    source = write_template("ladder", tmp_path / "camp.xlsx")
    book = XlsxBook(source)
    assert book.uncarried == []
    workbook.recalc(book)
    out = tmp_path / "out.xlsx"
    book.save(out)
    charts = [n for n in _names(out) if re.fullmatch(r"xl/charts/chart\d+\.xml", n)]
    assert len(charts) == 8
    for name in charts:  # the Camper Chart's two read back from the file among them
        assert b"<a:t>None</a:t>" not in zip_member(out, name), name


def test_a_chart_sheet_is_carried_over(tmp_path: Path) -> None:
    path = _book_with_a_chart(tmp_path / "c.xlsx", chart_sheet=True)
    book = XlsxBook(path)
    assert book.uncarried == []
    book.save(tmp_path / "out.xlsx")
    assert "xl/chartsheets/sheet1.xml" in _names(tmp_path / "out.xlsx")
    assert b"<a:t>Ratings</a:t>" in zip_member(tmp_path / "out.xlsx", "xl/charts/chart1.xml")


def test_a_chart_openpyxl_cannot_read_is_named(tmp_path: Path) -> None:
    """A chart space without its chart (openpyxl refuses it, and drops it with a warning)."""
    path = _book_with_a_chart(tmp_path / "c.xlsx")
    _replace(
        path,
        "xl/charts/chart1.xml",
        b'<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"/>',
    )
    with pytest.warns(UserWarning, match="Unable to read chart"):
        book = XlsxBook(path)
    assert book.uncarried == ["1 chart openpyxl cannot read"]


def test_a_shape_is_named_and_the_chart_beside_it_is_not(tmp_path: Path) -> None:
    path = _book_with_a_chart(tmp_path / "c.xlsx")
    drawing = zip_member(path, "xl/drawings/drawing1.xml").decode()
    shape = (
        f'<xdr:oneCellAnchor xmlns:xdr="{_XDR}" xmlns:a="{_A}">'
        "<xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>5</xdr:row>"
        "<xdr:rowOff>0</xdr:rowOff></xdr:from>"
        '<xdr:ext cx="914400" cy="457200"/>'
        '<xdr:sp macro="" textlink=""><xdr:nvSpPr><xdr:cNvPr id="9" name="Note"/>'
        '<xdr:cNvSpPr txBox="1"/></xdr:nvSpPr><xdr:spPr/></xdr:sp><xdr:clientData/>'
        "</xdr:oneCellAnchor>"
    )
    closing = drawing.rindex("</")
    _replace(
        path, "xl/drawings/drawing1.xml", (drawing[:closing] + shape + drawing[closing:]).encode()
    )
    assert XlsxBook(path).uncarried == ["shapes, text boxes or other drawn objects"]


def test_a_picture_openpyxl_cannot_read_is_named(tmp_path: Path) -> None:
    """A picture whose image is no image: openpyxl drops it (as it drops every picture when
    Pillow is not installed)."""
    path = _book_with_a_chart(tmp_path / "c.xlsx")
    drawing = zip_member(path, "xl/drawings/drawing1.xml").decode()
    picture = (
        f'<xdr:oneCellAnchor xmlns:xdr="{_XDR}" xmlns:a="{_A}" xmlns:r="{_R}">'
        "<xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>5</xdr:row>"
        "<xdr:rowOff>0</xdr:rowOff></xdr:from>"
        '<xdr:ext cx="914400" cy="457200"/>'
        '<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="9" name="Logo"/><xdr:cNvPicPr/></xdr:nvPicPr>'
        '<xdr:blipFill><a:blip r:embed="rIdLogo"/></xdr:blipFill><xdr:spPr/></xdr:pic>'
        "<xdr:clientData/></xdr:oneCellAnchor>"
    )
    closing = drawing.rindex("</")
    _replace(
        path, "xl/drawings/drawing1.xml", (drawing[:closing] + picture + drawing[closing:]).encode()
    )
    rels = zip_member(path, "xl/drawings/_rels/drawing1.xml.rels").decode()
    link = (
        '<Relationship Id="rIdLogo" Target="/xl/media/image1.png" Type="http://schemas.'
        'openxmlformats.org/officeDocument/2006/relationships/image"/>'
    )
    _replace(
        path,
        "xl/drawings/_rels/drawing1.xml.rels",
        rels.replace("</Relationships>", link + "</Relationships>").encode(),
    )
    inject_part(path, "xl/media/image1.png", b"not a picture")
    assert XlsxBook(path).uncarried == ["images"]


def test_an_image_part_no_picture_shows_is_named(tmp_path: Path) -> None:
    """An image openpyxl writes back no picture of (a page header's, say) is lost."""
    path = _book_with_a_chart(tmp_path / "c.xlsx")
    inject_part(path, "xl/media/image1.png", b"\x89PNG")
    assert XlsxBook(path).uncarried == ["images"]


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
