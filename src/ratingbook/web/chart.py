"""A player's rating across a season's periods as a small line chart, drawn by the player page's
template as inline SVG (no script, so it prints and opens anywhere).

This module only places the points: the ratings are the List History sheet's own figures
(:mod:`ratingbook.web.list_pages` hands them over), turned into positions on a fixed drawing
area with round-number marks on the rating axis. Pure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

__all__ = ["Chart", "ChartPoint", "line_chart"]

#: The drawing, in SVG user units (scaled to the page's width by the stylesheet).
WIDTH, HEIGHT = 560.0, 220.0
#: Room for the rating marks on the left, the period names below, a little air above and right.
LEFT, RIGHT, TOP, BOTTOM = 56.0, 16.0, 14.0, 44.0


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """A period's rating at ``(x, y)``; ``label`` names the period, written under the axis
    when ``marked`` (with many periods only every few are, so that the names do not run into
    each other)."""

    x: float
    y: float
    label: str
    value: str
    marked: bool = True
    #: How the name stands to its point: centred under it, the last one ending at it (so that
    #: it stays inside the drawing).
    anchor: str = "middle"


@dataclass(frozen=True, slots=True)
class Chart:
    """What the template draws: the points (left to right), the rating marks ``(y, text)``, the
    plotting area's edges and the axes' titles."""

    points: tuple[ChartPoint, ...]
    ticks: tuple[tuple[float, str], ...]
    width: float = WIDTH
    height: float = HEIGHT
    left: float = LEFT
    right: float = WIDTH - RIGHT
    top: float = TOP
    bottom: float = HEIGHT - BOTTOM
    x_title: str = "Period"
    y_title: str = "Rating"
    description: str = ""

    @property
    def path(self) -> str:
        """The line through the points, as an SVG ``points`` attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def _step(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving three to six marks over ``span``."""
    raw = max(span, 1.0) / 4
    power = 10 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def line_chart(values: Sequence[tuple[str, float, str]], description: str) -> Chart | None:
    """The chart of ``values``, ``(period, rating, rating as shown)`` in order; None with fewer
    than two (a line needs two points)."""
    if len(values) < 2:
        return None
    low, high = min(v for _, v, _ in values), max(v for _, v, _ in values)
    step = _step(high - low)
    bottom_value = math.floor(low / step) * step
    top_value = math.ceil(high / step) * step
    if top_value == bottom_value:
        top_value += step
    chart = Chart((), ())
    across = chart.right - chart.left
    tall = chart.bottom - chart.top

    def y_of(value: float) -> float:
        return chart.bottom - (value - bottom_value) / (top_value - bottom_value) * tall

    gap = across / (len(values) - 1)
    # About 6.5 units a character at the labels' size: every n-th name, so that none overlap.
    widest = max(len(label) for label, _, _ in values) * 6.5 + 8
    every = max(1, math.ceil(widest / gap))
    last = len(values) - 1
    points = tuple(
        ChartPoint(chart.left + i * gap, y_of(v), label, shown, i % every == 0 or i == last)
        for i, (label, v, shown) in enumerate(values)
    )
    before = (last // every) * every
    points = (*points[:-1], replace(points[-1], anchor="end"))
    if 0 < before < last:  # the last name, off the step, would crowd the one before
        points = tuple(p if i != before else replace(p, marked=False) for i, p in enumerate(points))
    count = round((top_value - bottom_value) / step)
    ticks = tuple(
        (y_of(bottom_value + i * step), f"{bottom_value + i * step:g}") for i in range(count + 1)
    )
    return Chart(points, ticks, description=description)
