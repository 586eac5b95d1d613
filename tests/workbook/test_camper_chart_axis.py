"""The Camper Chart's rating axes hold the whole camp (user test 48: printed, its week-by-week
chart ran 0-1000, the camper's line a flat band).

The Camper Chart shows the camper typed in B1, and B1 changes without a recalc, so a recalc by
either file back end gives its two charts the axis of every camper's ratings on them, by the
rule of a group's chart (the lowest and highest rounded out to a round step, at most 8 steps,
at least 50 points apart); the template's charts, where the button in Excel and xlwings Server
and Lite start, leave the axis to the viewer.

The camp (hand-worked): the ladder template's campers, one game: Zoe Campbell (ID 7) beats Sam
Ortiz (ID 6), both Beginners at the group's 800: equal ratings, the winner takes 16: Zoe 816,
Sam 784. The others have not played: their starts are the groups' 800, 1000 and 1200 (Oliver
Grant is inactive, with no week: not charted).

- 'This week' (starts and games): 784 to 1200. Steps of 5, 10, 20, 25 take 84, 42, 21, 17
  steps; 50 takes 750 to 1200, 9 steps; 100 takes 700 to 1200, 5 steps: (700, 1200, 100).
- 'Week by week' (the current week's Rating so far, for those who played): 784 and 816, 32
  apart, widened to 50 around their middle: 775 to 825. Steps of 5: 10 steps; 10: 770 to 830,
  6 steps: (770, 830, 10).

After ``new-week`` (week 2, no game yet): 'This week' holds the starts, 800 to 1200, in steps
of 50 (8 steps; 25 would take 16): (800, 1200, 50); 'Week by week' week 1's end, each
camper's Rating as Weekly Standings keeps it, played or not: 784 to 1200, as 'This week' above:
(700, 1200, 100).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.chart import LineChart as OpenpyxlLineChart
from openpyxl.chart import Reference
from tests.helpers.built_books import template_book, write_template
from tests.helpers.cli import run

from ratingbook.files.patching.drawing import chart_title, chart_xml, with_value_axis
from ratingbook.workbook.port.presentation import CellRange, ChartSeries, LineChart

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"Ladder Games": [{"White": 7, "Black": 6, "Result": "(1-0)"}]}
RECALC = {"This week": (700.0, 1200.0, 100.0), "Week by week": (770.0, 830.0, 10.0)}
NEW_WEEK = {"This week": (800.0, 1200.0, 50.0), "Week by week": (700.0, 1200.0, 100.0)}


def _value(tag: str, xml: str) -> float | None:
    found = re.search(rf'<(?:\w+:)?{tag} val="([^"]+)"\s*/>', xml)
    return float(found.group(1)) if found else None


def _camper_axes(book: Path) -> dict[str, tuple[float | None, ...]]:
    """The Camper Chart's charts (those reading its cells), by title, and their value axis
    (minimum, maximum, major unit; None where the viewer chooses), read from the package."""
    found: dict[str, tuple[float | None, ...]] = {}
    with zipfile.ZipFile(book) as z:
        for name in z.namelist():
            if not re.fullmatch(r"xl/charts/chart\d+\.xml", name):
                continue
            xml = z.read(name).decode("utf-8")
            if "'Camper Chart'!" not in xml:
                continue
            plot = re.search(r"<(?:\w+:)?plotArea\b", xml)
            assert plot is not None, name
            title = "".join(re.findall(r"<(?:\w+:)?t>([^<]*)</(?:\w+:)?t>", xml[: plot.start()]))
            (axis,) = re.findall(r"<(?:\w+:)?valAx>.*?</(?:\w+:)?valAx>", xml, re.S)
            found[title] = (_value("min", axis), _value("max", axis), _value("majorUnit", axis))
    return found


def _camp(folder: Path) -> Path:
    return template_book(folder / "camp.xlsx", "ladder", GAMES)


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_recalc_gives_the_camper_charts_the_whole_camps_axis(
    tmp_path: Path, backend: str
) -> None:
    out = tmp_path / "out.xlsx"
    done = run("recalc", _camp(tmp_path), "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    assert _camper_axes(out) == RECALC


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_new_week_gives_the_camper_charts_the_new_weeks_axis(
    tmp_path: Path, backend: str
) -> None:
    out = tmp_path / "out.xlsx"
    done = run("new-week", _camp(tmp_path), "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    assert _camper_axes(out) == NEW_WEEK


def test_a_recalc_twice_keeps_the_camper_charts_axis(tmp_path: Path) -> None:
    """The second recalc replaces the first's bounds, never adds a second set."""
    once, twice = tmp_path / "once.xlsx", tmp_path / "twice.xlsx"
    assert run("recalc", _camp(tmp_path), "-o", once).returncode == 0
    assert run("recalc", once, "-o", twice).returncode == 0
    assert _camper_axes(twice) == RECALC
    with zipfile.ZipFile(twice) as z:
        charts = [z.read(n).decode() for n in z.namelist() if n.startswith("xl/charts/chart")]
    camper = [xml for xml in charts if "'Camper Chart'!" in xml]
    assert all(len(re.findall(r"<(?:\w+:)?majorUnit\b", xml)) == 1 for xml in camper)
    assert all(len(re.findall(r"<(?:\w+:)?min\b", xml)) == 1 for xml in camper)


def test_the_templates_camper_charts_leave_the_axis_to_the_viewer(tmp_path: Path) -> None:
    """The book the button in Excel and xlwings Server and Lite start from: they cannot change
    a chart, so its axis is Excel's or LibreOffice's choice."""
    book = write_template("ladder", tmp_path / "ladder.xlsx")
    assert _camper_axes(book) == dict.fromkeys(RECALC, (None, None, None))
    assert _camper_axes(ROOT / "workbook_templates" / "ladder.xlsx") == _camper_axes(book)


def _line_chart(title: str, axis: tuple[float, float, float] | None) -> LineChart:
    values = CellRange("Camper Chart", 4, 2, 4, 33)
    series = (ChartSeries(CellRange("Camper Chart", 1, 2, 1, 2), values),)
    categories = CellRange("Camper Chart", 3, 2, 3, 33)
    return LineChart(title, categories, series, anchor=(8, 0, 20, 10), value_axis=axis)


@pytest.mark.parametrize("before", [None, (0.0, 1000.0, 200.0)])
def test_a_charts_value_axis_is_set_as_a_new_chart_writes_it(
    before: tuple[float, float, float] | None,
) -> None:
    """An existing chart part given an axis reads as the part a chart built with that axis
    (no axis before, or another one replaced), every other byte kept."""
    axis = (700.0, 1200.0, 100.0)
    old = chart_xml(_line_chart("This week", before), lambda *_: None)
    assert chart_title(old) == "This week"
    assert with_value_axis(old, axis) == chart_xml(_line_chart("This week", axis), lambda *_: None)


def test_a_charts_title_and_axis_without_a_namespace_prefix() -> None:
    """As openpyxl writes a chart part (the template's): no ``c:`` prefix, a scaling with its
    orientation only, an escaped title."""
    xml = (
        '<chartSpace xmlns="c" xmlns:a="a"><chart><title><tx><rich><a:p><a:r><a:t>A &amp; B'
        '</a:t></a:r></a:p></rich></tx></title><plotArea><valAx><axId val="100" />'
        '<scaling><orientation val="minMax" /></scaling><axPos val="l" /><title><tx><rich>'
        '<a:p><a:r><a:t>Rating</a:t></a:r></a:p></rich></tx></title><crossAx val="10" />'
        "<extLst/></valAx></plotArea></chart></chartSpace>"
    )
    assert chart_title(xml) == "A & B"
    assert with_value_axis(xml, (770.0, 830.0, 10.0)) == xml.replace(
        '<orientation val="minMax" />',
        '<orientation val="minMax" /><max val="830"/><min val="770"/>',
    ).replace('<crossAx val="10" />', '<crossAx val="10" /><majorUnit val="10"/>')


def _label_settings(book: Path) -> list[str]:
    """The text settings (``txPr``) of the Camper Chart's charts, read from the package."""
    with zipfile.ZipFile(book) as z:
        charts = [z.read(n).decode() for n in z.namelist() if n.startswith("xl/charts/chart")]
    camper = [xml for xml in charts if "'Camper Chart'!" in xml]
    return [t for xml in camper for t in re.findall(r"<(?:\w+:)?txPr>.*?</(?:\w+:)?txPr>", xml)]


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_recalc_drops_the_none_openpyxl_saved_into_the_camper_charts(
    tmp_path: Path, backend: str
) -> None:
    """User test 48: the camp book typed by a script that saves with openpyxl (twice: the first
    save writes an empty run into the game axis' label settings, the second reads it back as
    the text "None"); a recalc by either back end writes the charts with no run there, the
    axes still the camp's."""
    typed = _camp(tmp_path)
    for _ in range(2):
        openpyxl.load_workbook(typed).save(typed)
    assert ["<a:t>None</a:t>" in t for t in _label_settings(typed)] == [True, True]
    out = tmp_path / "out.xlsx"
    done = run("recalc", typed, "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    settings = _label_settings(out)
    assert len(settings) == 2
    assert not any(re.search(r"<a:(?:r|br|fld)\b|None", t) for t in settings), settings
    assert all('<a:bodyPr rot="-2700000" vert="horz"' in t for t in settings), settings
    assert _camper_axes(out) == RECALC


def _club_growth_chart(book: Path) -> bytes:
    """The one chart part that reads the organiser's own 'Club Growth' sheet."""
    with zipfile.ZipFile(book) as z:
        parts = [z.read(n) for n in z.namelist() if n.startswith("xl/charts/chart")]
    (found,) = (part for part in parts if b"'Club Growth'!" in part)
    return found


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_a_users_own_chart_keeps_its_titles_none_included(tmp_path: Path, backend: str) -> None:
    """A chart the organiser added by a script saving with openpyxl, its axis title left empty:
    saved twice, that title reads "None", and nothing in the file tells it from a title typed
    "None". Either back end keeps the chart's titles as they are (the package back end copies
    the whole part byte for byte: the chart is the organiser's), while the Camper Chart's label
    settings lose their "None" (above)."""
    typed = _camp(tmp_path)
    book = openpyxl.load_workbook(typed)
    sheet = book.create_sheet("Club Growth")
    for row in (["Week", "Campers"], [1, 40], [2, 46]):
        sheet.append(row)
    chart = OpenpyxlLineChart()
    chart.title = "Campers"
    chart.x_axis.title = ""
    chart.add_data(Reference(sheet, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    sheet.add_chart(chart, "D2")
    book.save(typed)
    openpyxl.load_workbook(typed).save(typed)
    before = _club_growth_chart(typed)
    assert re.findall(rb"<a:t>([^<]*)</a:t>", before) == [b"Campers", b"None"]
    out = tmp_path / "out.xlsx"
    done = run("recalc", typed, "-o", out, "--backend", backend)
    assert done.returncode == 0, done.stderr
    after = _club_growth_chart(out)
    assert re.findall(rb"<a:t>([^<]*)</a:t>", after) == [b"Campers", b"None"]
    if backend == "package":
        assert after == before
    assert not any("None" in t for t in _label_settings(out))
