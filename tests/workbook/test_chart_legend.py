"""A chart of many campers lists them below its plot, not beside it (issue 34, see42c).

The user test's camp: 20 long-named campers in a group. Their legend right of the plot took
two thirds of the chart, the plot some 150 px wide. Below the plot the names spread across the
chart's width, and the chart grows by the legend's lines so the plot keeps its height.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import openpyxl

from ratingbook.files.patching.drawing import chart_xml
from ratingbook.files.rewriting.openpyxl_presentation import add_charts
from ratingbook.workbook.sheets.charts import CHART_ROWS, PlayerPath, ladder_progress

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


def _campers(n: int) -> list[PlayerPath]:
    return [
        PlayerPath(
            f"Alexandra-Katharina Vandenberghe-Rasmussen {i}",
            800,
            (816, 808),
            id=i,
            group="Beginners",
        )
        for i in range(1, n + 1)
    ]


def _legend(progress_chart: object) -> str | None:
    root = ET.fromstring(chart_xml(progress_chart, lambda *_: None))  # type: ignore[arg-type]
    found = root.find(f"{C}chart/{C}legend/{C}legendPos")
    return found.get("val") if found is not None else None


def test_twenty_campers_are_listed_below_a_taller_chart() -> None:
    progress = ladder_progress("Ladder Progress", ["Beginners"], _campers(20), 1)
    week, by_week = progress.charts
    assert [_legend(week), _legend(by_week)] == ["b", "b"]
    # Two names a line, ten lines: the chart ten rows taller, the second under the first.
    assert week.anchor[2] == by_week.anchor[2] == CHART_ROWS + 10
    assert by_week.anchor[0] == week.anchor[0] + week.anchor[2] + 1
    ws = openpyxl.Workbook().active
    add_charts(ws, (week,))
    assert ws._charts[0].legend.position == "b"


def test_a_few_campers_keep_their_legend_beside_the_plot() -> None:
    week, _ = ladder_progress("Ladder Progress", ["Beginners"], _campers(3), 1).charts
    assert _legend(week) == "r" and week.anchor[2] == CHART_ROWS
