"""Print setups and native line charts as package XML: everything about them lives here.

The XML a print setup adds to a worksheet: ``<sheetPr><pageSetUpPr fitToPage>``, ``<pageSetup>``
and ``<headerFooter>`` (ECMA-376 part 1, 18.3.1); a drawing part holding one
``<xdr:twoCellAnchor>`` with a ``<xdr:graphicFrame>`` per chart (20.5); a chart part
``<c:chartSpace>`` with one ``<c:lineChart>`` (21.2), and the relationships and content types
that tie them to their sheet. Each chart carries a cache of the values it plots, so a viewer
shows the points without recalculating; Excel and LibreOffice refresh the cache from the cells.
A chart a sheet already holds (the ``Camper Chart``'s) keeps its part; only its value axis is
set (:func:`chart_title`, :func:`with_value_axis`).
Pure strings: what a chart shows is decided in :mod:`ratingbook.workbook.sheets.charts`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from ratingbook.files.ooxml.xmltext import unescape
from ratingbook.workbook.port.chart_data import (
    AXIS_COLOUR,
    GRIDLINE_COLOUR,
    GRIDLINE_WIDTH,
    LINE_WIDTH,
    series_colour,
)
from ratingbook.workbook.port.presentation import CellRange, LineChart, PrintSetup

__all__ = [
    "CHART_REL",
    "CHART_TYPE",
    "DRAWING_REL",
    "DRAWING_TYPE",
    "FIT_TO_PAGE",
    "ChartParts",
    "ValueOf",
    "chart_parts",
    "chart_title",
    "chart_xml",
    "column_breaks_xml",
    "drawing_xml",
    "header_footer_xml",
    "page_setup_xml",
    "print_options_xml",
    "row_breaks_xml",
    "with_value_axis",
]

DRAWING_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing"
CHART_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart"
DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml"
CHART_TYPE = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"

_C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

# Chart geometry in EMUs per cell at Excel's default size (64 px x 20 px at 9525 EMU/px).
_COLUMN_EMU = 609600
_ROW_EMU = 190500

#: What a chart's cache holds for a cell: ``value_of(sheet, row, column)``.
ValueOf = Callable[[str, int, int], object]


#: ``<sheetPr>`` of a sheet printed to fit: makes pageSetup's fitToWidth/fitToHeight count.
FIT_TO_PAGE = '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'


def page_setup_xml(setup: PrintSetup) -> str:
    """``<pageSetup>``: one page wide, as many tall as needed or one (``setup.one_page``)
    (needs ``fitToPage`` in sheetPr); or, a table too wide for that, at ``setup.scale`` per
    cent, its pages in rows (each band of rows printed across before the next: a row's pages
    follow one another)."""
    if not setup.fitted:
        return (
            f'<pageSetup scale="{setup.scale}" pageOrder="overThenDown" '
            f'orientation="{setup.orientation}"/>'
        )
    return (
        f'<pageSetup orientation="{setup.orientation}" fitToWidth="1" '
        f'fitToHeight="{setup.pages_tall}"/>'
    )


def print_options_xml(setup: PrintSetup) -> str:
    """``<printOptions>`` (before ``<pageMargins>``): the cells' grid printed when asked."""
    return '<printOptions gridLines="1"/>' if setup.grid else ""


def header_footer_xml(setup: PrintSetup) -> str:
    """``<headerFooter>``: the title and date on top of every page, ``Page n of m`` below."""
    return (
        f"<headerFooter><oddHeader>{escape(setup.header())}</oddHeader>"
        f"<oddFooter>{escape(setup.footer())}</oddFooter></headerFooter>"
    )


def row_breaks_xml(setup: PrintSetup) -> str:
    """``<rowBreaks>`` (after ``<headerFooter>``): a manual page break after each of the
    setup's break rows, across every column (as openpyxl writes them: ``min`` 0, ``max`` the
    last column index 16383)."""
    rows = setup.break_rows()
    if not rows:
        return ""
    breaks = "".join(f'<brk id="{row}" min="0" max="16383" man="1"/>' for row in rows)
    return f'<rowBreaks count="{len(rows)}" manualBreakCount="{len(rows)}">{breaks}</rowBreaks>'


def column_breaks_xml(setup: PrintSetup) -> str:
    """``<colBreaks>`` (after ``<rowBreaks>``): a manual page break after each of the setup's
    break columns (:attr:`PrintSetup.column_breaks`), down every row (``max`` the last row
    index, as openpyxl writes them)."""
    columns = setup.column_breaks
    if not columns:
        return ""
    breaks = "".join(f'<brk id="{c}" min="0" max="1048575" man="1"/>' for c in columns)
    return (
        f'<colBreaks count="{len(columns)}" manualBreakCount="{len(columns)}">{breaks}</colBreaks>'
    )


def _rich(text: str, size: int) -> str:
    return (
        f'<c:tx><c:rich><a:bodyPr/><a:p><a:pPr><a:defRPr sz="{size}" b="1"/></a:pPr>'
        f'<a:r><a:rPr lang="en-US" sz="{size}" b="1"/><a:t>{escape(text)}</a:t></a:r></a:p>'
        '</c:rich></c:tx><c:overlay val="0"/>'
    )


def _title(text: str, size: int) -> str:
    return f"<c:title>{_rich(text, size)}</c:title>" if text else ""


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number_cache(rng: CellRange, value_of: ValueOf) -> str:
    points = "".join(
        f'<c:pt idx="{i}"><c:v>{value!r}</c:v></c:pt>'
        for i, value in enumerate(value_of(rng.sheet, r, c) for r, c in rng.cells())
        if _is_number(value)
    )
    return (
        f"<c:numRef><c:f>{escape(rng.formula())}</c:f><c:numCache>"
        f'<c:formatCode>General</c:formatCode><c:ptCount val="{rng.size}"/>{points}'
        "</c:numCache></c:numRef>"
    )


def _text_cache(rng: CellRange, value_of: ValueOf) -> str:
    points = "".join(
        f'<c:pt idx="{i}"><c:v>{escape(_shown(value))}</c:v></c:pt>'
        for i, value in enumerate(value_of(rng.sheet, r, c) for r, c in rng.cells())
        if value is not None and value != ""
    )
    return (
        f"<c:strRef><c:f>{escape(rng.formula())}</c:f><c:strCache>"
        f'<c:ptCount val="{rng.size}"/>{points}</c:strCache></c:strRef>'
    )


def _shown(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _turned_labels(degrees: int) -> str:
    """An axis' ``<c:txPr>``: its labels turned by ``degrees`` (DrawingML: 60,000ths)."""
    if not degrees:
        return ""
    return (
        f'<c:txPr><a:bodyPr rot="{degrees * 60000}" vert="horz"/><a:lstStyle/>'
        '<a:p><a:pPr><a:defRPr/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>'
    )


def _line(colour: str, width: int) -> str:
    """An ``<a:ln>`` of one colour: named here, not left to the theme a book may lack."""
    fill = f'<a:solidFill><a:srgbClr val="{colour}"/></a:solidFill>'
    return f'<a:ln w="{width}" cap="rnd">{fill}</a:ln>'


def _series_look(index: int) -> str:
    """Series ``index``'s ``<c:spPr>`` and ``<c:marker>``: its palette colour, line and dot."""
    colour = series_colour(index)
    fill = f'<a:solidFill><a:srgbClr val="{colour}"/></a:solidFill>'
    return (
        f"<c:spPr>{_line(colour, LINE_WIDTH)}</c:spPr>"
        '<c:marker><c:symbol val="circle"/><c:size val="5"/>'
        f"<c:spPr>{fill}{_line(colour, GRIDLINE_WIDTH)}</c:spPr></c:marker>"
    )


#: An axis' own line (``<c:spPr>`` of catAx and valAx).
_AXIS_LINE = f"<c:spPr>{_line(AXIS_COLOUR, GRIDLINE_WIDTH)}</c:spPr>"


def chart_xml(chart: LineChart, value_of: ValueOf) -> str:
    """The chart part of ``chart``; ``value_of`` gives the cells' values for its cache."""
    series = "".join(
        f'<c:ser><c:idx val="{i}"/><c:order val="{i}"/>'
        f"<c:tx>{_text_cache(s.name, value_of)}</c:tx>"
        f"{_series_look(i)}"
        f"<c:cat>{_text_cache(chart.categories, value_of)}</c:cat>"
        f"<c:val>{_number_cache(s.values, value_of)}</c:val>"
        '<c:smooth val="0"/></c:ser>'
        for i, s in enumerate(chart.series)
    )
    # CT_Scaling: orientation, then max, then min; CT_ValAx: majorUnit after crossBetween.
    bounds = unit = ""
    if chart.value_axis is not None:
        low, high, step = (_shown(v) for v in chart.value_axis)
        bounds = f'<c:max val="{high}"/><c:min val="{low}"/>'
        unit = f'<c:majorUnit val="{step}"/>'
    return (
        f'{_DECLARATION}<c:chartSpace xmlns:c="{_C}" xmlns:a="{_A}" xmlns:r="{_R}">'
        '<c:roundedCorners val="0"/><c:chart>'
        f"{_title(chart.title, 1400)}"
        '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>'
        '<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>'
        f'{series}<c:marker val="1"/><c:axId val="500000001"/><c:axId val="500000002"/>'
        "</c:lineChart>"
        '<c:catAx><c:axId val="500000001"/><c:scaling><c:orientation val="minMax"/>'
        '</c:scaling><c:delete val="0"/><c:axPos val="b"/>'
        f"{_title(chart.x_title, 1000)}"
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="low"/>'
        f"{_AXIS_LINE}{_turned_labels(chart.label_rotation)}"
        '<c:crossAx val="500000002"/><c:crosses val="autoZero"/><c:auto val="1"/>'
        '<c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
        '<c:valAx><c:axId val="500000002"/><c:scaling><c:orientation val="minMax"/>'
        f'{bounds}</c:scaling><c:delete val="0"/><c:axPos val="l"/>'
        f"<c:majorGridlines><c:spPr>{_line(GRIDLINE_COLOUR, GRIDLINE_WIDTH)}</c:spPr>"
        f"</c:majorGridlines>{_title(chart.y_title, 1000)}"
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:tickLblPos val="nextTo"/>'
        f"{_AXIS_LINE}"
        '<c:crossAx val="500000001"/><c:crosses val="autoZero"/>'
        f'<c:crossBetween val="between"/>{unit}</c:valAx></c:plotArea>'
        f'<c:legend><c:legendPos val="{chart.legend}"/><c:overlay val="0"/></c:legend>'
        f'<c:plotVisOnly val="{0 if chart.plots_hidden else 1}"/>'
        '<c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>'
    )


def chart_title(xml: str) -> str:
    """The title of the chart part ``xml`` as it is written there (its runs joined); "" when it
    has none, or one read from a cell."""
    plot = re.search(r"<(?:\w+:)?plotArea\b", xml)
    head = xml[: plot.start()] if plot else xml  # the chart's own title, not an axis'
    found = re.search(r"<((?:\w+:)?)title\b.*?</\1title>", head, re.S)
    if found is None:
        return ""
    return unescape("".join(re.findall(r"<(?:\w+:)?t>([^<]*)</(?:\w+:)?t>", found.group(0))))


def with_value_axis(xml: str, axis: tuple[float, float, float]) -> str:
    """The chart part ``xml`` with its upright value axes (``<c:valAx>`` left or right) running
    ``axis`` (minimum, maximum, major unit), written as :func:`chart_xml` writes them: bounds
    given before replace the old, the rest of the part is kept."""
    low, high, step = (_shown(v) for v in axis)

    def patched(found: re.Match[str]) -> str:
        p, body = found.group(1) or "", found.group(0)
        if re.search(rf'<{p}axPos val="[lr]"', body) is None:
            return body  # a scatter chart's horizontal value axis
        scaling = re.search(rf"<{p}scaling\s*/>|<{p}scaling>(.*?)</{p}scaling>", body, re.S)
        if scaling is None:
            return body  # no scaling: not a valid axis, left as it is
        # CT_Scaling: logBase?, orientation?, max?, min?, extLst?
        inner = re.sub(rf"<{p}(max|min)\b[^>]*?(?:/>|>.*?</{p}\1>)", "", scaling.group(1) or "")
        ext = re.search(rf"<{p}extLst\b", inner)
        at = ext.start() if ext else len(inner)
        bounds = f'{inner[:at]}<{p}max val="{high}"/><{p}min val="{low}"/>{inner[at:]}'
        body = f"{body[: scaling.start()]}<{p}scaling>{bounds}</{p}scaling>{body[scaling.end() :]}"
        # CT_ValAx: crossAx, crosses, crossBetween, then majorUnit, minorUnit, dispUnits, extLst.
        body = re.sub(rf"<{p}majorUnit\b[^>]*?(?:/>|>.*?</{p}majorUnit>)", "", body)
        cross = re.search(rf"<{p}crossAx\b", body)
        after = re.compile(rf"<{p}(?:minorUnit|dispUnits|extLst)\b|</{p}valAx>")
        place = after.search(body, cross.start() if cross else 0)
        at = place.start() if place else len(body)
        return f'{body[:at]}<{p}majorUnit val="{step}"/>{body[at:]}'

    return re.sub(r"<((?:\w+:)?)valAx>.*?</\1valAx>", patched, xml, flags=re.S)


def _attribute(text: str) -> str:
    return escape(text, {'"': "&quot;"})


def _marker(tag: str, row: int, column: int) -> str:
    return (
        f"<xdr:{tag}><xdr:col>{column}</xdr:col><xdr:colOff>0</xdr:colOff>"
        f"<xdr:row>{row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:{tag}>"
    )


def drawing_xml(charts: Sequence[LineChart], relationship_ids: Sequence[str]) -> str:
    """The drawing part placing each chart at its anchor; chart i is ``relationship_ids[i]``."""
    anchors = []
    for n, (chart, rid) in enumerate(zip(charts, relationship_ids, strict=True), start=1):
        top, left, rows, columns = chart.anchor
        anchors.append(
            '<xdr:twoCellAnchor editAs="oneCell">'
            f"{_marker('from', top, left)}{_marker('to', top + rows, left + columns)}"
            f'<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr>'
            f'<xdr:cNvPr id="{n + 1}" name="{_attribute(chart.title or f"Chart {n}")}"/>'
            "<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>"
            f'<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="{columns * _COLUMN_EMU}" '
            f'cy="{rows * _ROW_EMU}"/></xdr:xfrm>'
            f'<a:graphic><a:graphicData uri="{_C}">'
            f'<c:chart xmlns:c="{_C}" r:id="{rid}"/></a:graphicData></a:graphic>'
            "</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>"
        )
    return (
        f'{_DECLARATION}<xdr:wsDr xmlns:xdr="{_XDR}" xmlns:a="{_A}" xmlns:r="{_R}">'
        + "".join(anchors)
        + "</xdr:wsDr>"
    )


_PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"


def _relationships(items: Sequence[tuple[str, str, str]]) -> str:
    body = "".join(
        f'<Relationship Id="{rid}" Type="{kind}" Target="{escape(target)}"/>'
        for rid, kind, target in items
    )
    return f'{_DECLARATION}<Relationships xmlns="{_PACKAGE_RELS}">{body}</Relationships>'


@dataclass(frozen=True, slots=True)
class ChartParts:
    """The parts that put ``charts`` on a worksheet: what the package back end adds to the zip.

    ``sheet_rels`` is the worksheet's new relationships part (the drawing is ``rId1``; the sheet
    XML gets ``<drawing r:id="rId1"/>``), ``parts`` maps each new part name (no leading slash) to
    its XML, ``content_types`` lists (part name, content type) overrides to declare.
    """

    sheet_rels: str
    drawing_rid: str
    parts: dict[str, str]
    content_types: tuple[tuple[str, str], ...]


def _free(folder: str, stem: str, taken: set[str]) -> str:
    n = 1
    while f"{folder}/{stem}{n}.xml".casefold() in taken:
        n += 1
    name = f"{folder}/{stem}{n}.xml"
    taken.add(name.casefold())
    return name


def chart_parts(
    charts: Sequence[LineChart], value_of: ValueOf, taken: set[str], folder: str = "xl"
) -> ChartParts:
    """A drawing and one chart part per chart, with names not in ``taken`` (casefolded)."""
    taken = set(taken)
    drawing = _free(f"{folder}/drawings", "drawing", taken)
    names = [_free(f"{folder}/charts", "chart", taken) for _ in charts]
    rids = [f"rId{n}" for n in range(1, len(charts) + 1)]
    parts = {drawing: drawing_xml(charts, rids)}
    drawing_rels = f"{folder}/drawings/_rels/{drawing.rsplit('/', 1)[1]}.rels"
    parts[drawing_rels] = _relationships(
        [
            (rid, CHART_REL, f"../charts/{name.rsplit('/', 1)[1]}")
            for rid, name in zip(rids, names, strict=True)
        ]
    )
    for chart, name in zip(charts, names, strict=True):
        parts[name] = chart_xml(chart, value_of)
    return ChartParts(
        sheet_rels=_relationships(
            [("rId1", DRAWING_REL, f"../drawings/{drawing.rsplit('/', 1)[1]}")]
        ),
        drawing_rid="rId1",
        parts=parts,
        content_types=((drawing, DRAWING_TYPE), *((n, CHART_TYPE) for n in names)),
    )
