"""Every chart names its lines' colours and widths itself (issue 47, mend47j).

A book LibreOffice has saved has no ``xl/theme/theme1.xml``; a chart leaving its series'
colours to the theme then drew every camper as the same pale-blue dot, with no gridlines. So
each series carries its own ``<a:ln>`` with an ``<a:srgbClr>`` and a width, the colours told
apart series by series, and the gridlines a colour of their own, in both back ends' charts and
in the bundled templates.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import openpyxl

from ratingbook.files.patching.drawing import chart_xml
from ratingbook.files.rewriting.openpyxl_presentation import add_charts
from ratingbook.workbook.sheets.charts import PlayerPath, ladder_progress

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"


def _line_colour(parent: ET.Element) -> tuple[str, int]:
    """The explicit colour and width of ``parent``'s ``<c:spPr><a:ln>``; fails if it has none."""
    ln = parent.find(f"{C}spPr/{A}ln")
    assert ln is not None, "no line properties of its own: the theme decides"
    colour = ln.find(f"{A}solidFill/{A}srgbClr")
    assert colour is not None, "the line's colour is not named"
    return colour.get("val", ""), int(ln.get("w", "0"))


def _check(root: ET.Element, series_count: int) -> None:
    series = root.findall(f".//{C}lineChart/{C}ser")
    assert len(series) == series_count
    looks = [_line_colour(s) for s in series]
    assert all(width > 0 for _, width in looks)
    assert len({colour for colour, _ in looks}) == series_count  # told apart
    for s, (colour, _) in zip(series, looks, strict=True):
        dot = s.find(f"{C}marker/{C}spPr/{A}solidFill/{A}srgbClr")
        assert dot is not None and dot.get("val") == colour  # the dot the line's colour
    grid = root.find(f".//{C}valAx/{C}majorGridlines")
    assert grid is not None
    _line_colour(grid)


def _campers(n: int) -> list[PlayerPath]:
    return [
        PlayerPath(f"Camper {i}", 800, (816, 808), id=i, group="Beginners") for i in range(1, n + 1)
    ]


def _week_chart():  # type: ignore[no-untyped-def]
    return ladder_progress("Ladder Progress", ["Beginners"], _campers(6), 1).charts[0]


def test_the_package_back_ends_chart_names_each_series_colour() -> None:
    _check(ET.fromstring(chart_xml(_week_chart(), lambda *_: None)), 6)


def test_the_openpyxl_back_ends_chart_names_each_series_colour() -> None:
    wb = openpyxl.Workbook()
    add_charts(wb.active, (_week_chart(),))
    saved = io.BytesIO()
    wb.save(saved)
    with zipfile.ZipFile(saved) as z:
        (part,) = (n for n in z.namelist() if n.startswith("xl/charts/chart"))
        _check(ET.fromstring(z.read(part)), 6)


def test_every_template_chart_names_its_colours() -> None:
    checked = 0
    for book in sorted(TEMPLATES.glob("*.xlsx")):
        with zipfile.ZipFile(book) as z:
            for part in (n for n in z.namelist() if n.startswith("xl/charts/chart")):
                root = ET.fromstring(z.read(part))
                _check(root, len(root.findall(f".//{C}lineChart/{C}ser")))
                checked += 1
    assert checked  # the ladder template has charts
