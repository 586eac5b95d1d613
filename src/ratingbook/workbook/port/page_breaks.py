"""Where a table split across pages wide breaks: its pages share its columns evenly (issue 34:
left to the printer, the last page of each band of the camp's Rating History carried one
column). Pure; :meth:`ratingbook.workbook.port.presentation.PrintSetup.laid_out` uses it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["balanced_breaks"]


def balanced_breaks(widths: Sequence[float], room: float) -> tuple[int, ...]:
    """The columns (1-based within ``widths``) a page ends on when ``widths`` are printed on
    as few pages of ``room`` as a page filled in turn needs, the pages' shares as even as can
    be: each page ends at the column nearest its even share of the whole; () for one page. A
    column wider than ``room`` has a page of its own."""
    room = max(room, max(widths, default=0.0))
    ends, used = [], 0.0
    for c, width in enumerate(widths):  # the printer's way: each page filled in turn
        if used and used + width > room:
            ends.append(c)
            used = 0.0
        used += width
    pages = len(ends) + 1
    if pages == 1:
        return ()
    total = [0.0]
    for width in widths:
        total.append(total[-1] + width)
    even, previous = [], 0
    for k in range(1, pages):
        target = total[-1] * k / pages
        fits = [
            b
            for b in range(previous + 1, len(widths) - (pages - k) + 1)
            if total[b] - total[previous] <= room
        ]
        if not fits:
            return tuple(ends)
        previous = min(fits, key=lambda b: abs(total[b] - target))
        even.append(previous)
    return tuple(even) if total[-1] - total[previous] <= room else tuple(ends)
