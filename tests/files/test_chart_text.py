"""A chart's text as ratingbook keeps it (:mod:`ratingbook.files.ooxml.charttext`).

Its text settings hold no text (ECMA-376 part 1, 21.2.2.216): the runs, line breaks and fields
openpyxl leaves in a chart part's ``txPr`` dropped, every other character kept. An empty text
stays empty (user test 49): a chart of the user's own, its title and an axis title left empty,
comes out of ``recalc --backend openpyxl`` with them empty, not reading "None", and a title
typed "None" still reads "None". Expected parts and texts written out by hand.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
from openpyxl.chart import LineChart, Reference
from tests.helpers.built_books import template_book
from tests.helpers.cli import run

from ratingbook.files.ooxml.charttext import with_empty_texts_marked, without_text_property_runs

_C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def test_a_run_break_and_field_leave_the_label_settings_and_the_title_keeps_its_run() -> None:
    title = (
        '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Week by week'
        "</a:t></a:r></a:p></c:rich></c:tx></c:title>"
    )
    head = f'<c:chartSpace xmlns:c="c" xmlns:a="a"><c:chart>{title}<c:plotArea><c:catAx>'
    tail = '<c:crossAx val="100"/></c:catAx></c:plotArea></c:chart></c:chartSpace>'
    xml = (
        f'{head}<c:txPr><a:bodyPr rot="-2700000" vert="horz"/><a:p><a:pPr><a:defRPr/></a:pPr>'
        '<a:r><a:rPr lang="en-US"/><a:t>None</a:t></a:r><a:br/><a:fld id="{1}" type="x">'
        f'<a:t>f</a:t></a:fld><a:endParaRPr lang="en-US"/></a:p></c:txPr>{tail}'
    )
    assert without_text_property_runs(xml) == (
        f'{head}<c:txPr><a:bodyPr rot="-2700000" vert="horz"/><a:p><a:pPr><a:defRPr/></a:pPr>'
        f'<a:endParaRPr lang="en-US"/></a:p></c:txPr>{tail}'
    )


def test_as_openpyxl_writes_them_no_prefix_an_empty_run_and_a_none() -> None:
    """The Camper Chart's game axis after one openpyxl save, then after two (user test 48)."""
    kept = '<a:bodyPr rot="-2700000" vert="horz" /><a:p><a:pPr><a:defRPr /></a:pPr>'
    end = '<a:endParaRPr lang="en-US" /></a:p>'
    for text_run in ("<a:r><a:t /></a:r>", "<a:r><a:t>None</a:t></a:r>"):
        xml = (
            f'<catAx><axId val="10" /><txPr>{kept}{text_run}{end}</txPr><crossAx val="100" />'
            "</catAx>"
        )
        assert without_text_property_runs(xml) == (
            f'<catAx><axId val="10" /><txPr>{kept}{end}</txPr><crossAx val="100" /></catAx>'
        )


def test_a_part_without_text_settings_is_kept_as_it_is() -> None:
    xml = '<c:valAx><c:scaling><c:max val="1300"/></c:scaling></c:valAx><a:r><a:t>x</a:t></a:r>'
    assert without_text_property_runs(xml) == xml


def test_each_empty_drawingml_text_holds_the_mark_and_nothing_else_changes() -> None:
    a = f'xmlns:a="{_A}"'
    xml = (
        f'<c:chartSpace xmlns:c="{_C}" {a}><a:r><a:t/></a:r><a:r><a:t></a:t></a:r>'
        '<a:r><a:t xml:space="preserve" /></a:r><a:r><a:t> </a:t></a:r><a:r><a:t>None</a:t>'
        '</a:r><a:tab/><a:tabLst/><c:t/><a:fld id="{1}"><a:t/></a:fld></c:chartSpace>'
    )
    assert with_empty_texts_marked(xml, "M") == (
        f'<c:chartSpace xmlns:c="{_C}" {a}><a:r><a:t>M</a:t></a:r><a:r><a:t>M</a:t></a:r>'
        '<a:r><a:t xml:space="preserve">M</a:t></a:r><a:r><a:t> </a:t></a:r><a:r><a:t>None'
        '</a:t></a:r><a:tab/><a:tabLst/><c:t/><a:fld id="{1}"><a:t>M</a:t></a:fld>'
        "</c:chartSpace>"
    )


def test_drawingml_under_another_prefix_or_none_and_a_part_without_it() -> None:
    other = f'<d:p xmlns:d="{_A}"><d:r><d:t/></d:r><t/></d:p>'
    marked = f'<d:p xmlns:d="{_A}"><d:r><d:t>M</d:t></d:r><t/></d:p>'
    assert with_empty_texts_marked(other, "M") == marked
    plain = f'<p xmlns="{_A}"><r><t></t></r></p>'
    assert with_empty_texts_marked(plain, "M") == f'<p xmlns="{_A}"><r><t>M</t></r></p>'
    none = '<p xmlns:a="urn:x"><a:r><a:t/></a:r></p>'
    assert with_empty_texts_marked(none, "M") == none


def _title(run: str) -> str:
    """A title as Excel writes one, its one run's text element ``run``."""
    return (
        "<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr/></a:pPr>"
        f'<a:r><a:rPr lang="en-GB"/>{run}</a:r></a:p></c:rich></c:tx><c:overlay val="0"/>'
        "</c:title>"
    )


def _chart_part(column: str, title: str, x_title: str, y_title: str) -> bytes:
    """A line chart of column ``column`` of the sheet 'Club Growth', by the weeks in column A,
    its title and its axes' titles the text elements given, written out by hand (ECMA-376
    part 1, 21.2)."""
    data = f"'Club Growth'!${column}$2:${column}$3"
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<c:chartSpace xmlns:c="{_C}" xmlns:a="{_A}"><c:chart>{_title(title)}'
        '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/><c:lineChart>'
        '<c:grouping val="standard"/><c:varyColors val="0"/><c:ser><c:idx val="0"/>'
        f"<c:order val=\"0\"/><c:tx><c:strRef><c:f>'Club Growth'!${column}$1</c:f></c:strRef>"
        "</c:tx><c:cat><c:numRef><c:f>'Club Growth'!$A$2:$A$3</c:f></c:numRef></c:cat>"
        f'<c:val><c:numRef><c:f>{data}</c:f></c:numRef></c:val><c:smooth val="0"/></c:ser>'
        '<c:marker val="1"/><c:axId val="10"/><c:axId val="100"/></c:lineChart><c:catAx>'
        '<c:axId val="10"/><c:scaling><c:orientation val="minMax"/></c:scaling>'
        f'<c:delete val="0"/><c:axPos val="b"/>{_title(x_title)}<c:crossAx val="100"/>'
        '</c:catAx><c:valAx><c:axId val="100"/><c:scaling><c:orientation val="minMax"/>'
        f'</c:scaling><c:delete val="0"/><c:axPos val="l"/>{_title(y_title)}'
        '<c:crossAx val="10"/></c:valAx></c:plotArea><c:plotVisOnly val="1"/></c:chart>'
        "</c:chartSpace>"
    ).encode()


def _titles(book: Path) -> dict[str, list[str]]:
    """Each chart part of ``book`` reading 'Club Growth', by the column its series reads:
    the texts of its title, category axis title and value axis title, in that order."""
    found: dict[str, list[str]] = {}
    with zipfile.ZipFile(book) as package:
        for name in package.namelist():
            if not name.startswith("xl/charts/"):
                continue
            root = ElementTree.fromstring(package.read(name))
            series = root.find(f".//{{{_C}}}ser/{{{_C}}}val//{{{_C}}}f")
            if series is None or "'Club Growth'" not in (series.text or ""):
                continue
            titles = [
                *root.findall(f"{{{_C}}}chart/{{{_C}}}title"),
                *root.findall(f".//{{{_C}}}catAx/{{{_C}}}title"),
                *root.findall(f".//{{{_C}}}valAx/{{{_C}}}title"),
            ]
            column = (series.text or "").split("!$")[1][0]
            found[column] = [
                "".join(t.text or "" for t in title.iter(f"{{{_A}}}t")) for title in titles
            ]
    return found


def test_a_users_chart_keeps_its_empty_titles_empty_and_a_title_typed_none(tmp_path: Path) -> None:
    """The user's case: a camp book with a sheet of the organiser's own and two charts on it,
    one with its title and category axis title left empty (``<a:t/>``, ``<a:t></a:t>``) and
    its value axis titled "Campers", one titled "None" by the organiser, its axes "Week" and
    "Games". openpyxl alone writes the empty ones as "None" (user test 49)."""
    book = template_book(tmp_path / "camp.xlsx", "ladder")
    wb = openpyxl.load_workbook(book)
    sheet = wb.create_sheet("Club Growth")
    for row in (["Week", "Campers", "Games"], [1, 40, 12], [2, 46, 15]):
        sheet.append(row)
    for anchor in ("E2", "E20"):  # the drawing and its relationships, by openpyxl
        chart = LineChart()
        chart.add_data(Reference(sheet, min_col=2, min_row=1, max_row=3), titles_from_data=True)
        sheet.add_chart(chart, anchor)
    wb.save(book)
    with zipfile.ZipFile(book) as package:
        parts = {name: package.read(name) for name in package.namelist()}
    ours = sorted(n for n, data in parts.items() if n.startswith("xl/charts/") and b"Club" in data)
    assert len(ours) == 2, ours
    parts[ours[0]] = _chart_part("B", "<a:t/>", "<a:t></a:t>", "<a:t>Campers</a:t>")
    parts[ours[1]] = _chart_part("C", "<a:t>None</a:t>", "<a:t>Week</a:t>", "<a:t>Games</a:t>")
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    expected = {"B": ["", "", "Campers"], "C": ["None", "Week", "Games"]}
    assert _titles(book) == expected
    out = tmp_path / "out.xlsx"
    done = run("recalc", book, "-o", out, "--backend", "openpyxl")
    assert done.returncode == 0, done.stderr
    assert _titles(out) == expected
    with zipfile.ZipFile(out) as package:  # no mark of the load left anywhere
        assert not any("\ue000".encode() in package.read(n) for n in package.namelist())
