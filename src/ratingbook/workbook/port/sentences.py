"""The rows of sentences below a generated table (a prize list's tie, a warning), as merged
cells: the one home of where such a sentence's cell starts and ends, and how tall it is
(:attr:`~ratingbook.workbook.port.presentation.PrintSetup.sentences`). Pure data, as every
back end writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratingbook.core.refs import column_letter
from ratingbook.workbook.port.presentation import LINE_HEIGHT, PrintSetup, row_lines

__all__ = ["SentenceCell", "sentence_cells"]


@dataclass(frozen=True, slots=True)
class SentenceCell:
    """A sentence's merged cell: sheet ``row`` (1-based), from 0-based ``first`` to ``last``
    column, ``height`` points tall (its lines at :data:`LINE_HEIGHT`)."""

    row: int
    first: int
    last: int
    height: float

    def ref(self) -> str:
        """The merged range as ``B9:F9``."""
        first, last = column_letter(self.first + 1), column_letter(self.last + 1)
        return f"{first}{self.row}:{last}{self.row}"


def sentence_cells(
    rows: Sequence[Sequence[object]], widths: Sequence[float], setup: PrintSetup | None
) -> list[SentenceCell]:
    """The setup's sentence rows as merged cells, as every back end writes them: from the
    sentence's column to the table's last, as tall as the sentence wrapped in that width
    (:func:`row_lines`)."""
    if setup is None or not setup.sentences or not widths:
        return []
    cells = []
    for r in sorted(setup.sentences):
        values = rows[r]
        first = next((c for c, v in enumerate(values) if v not in (None, "")), 0)
        last = len(widths) - 1
        room = [sum(widths[first:])]
        lines = row_lines([values[first]], room, {0}) if first < len(values) else 1
        cells.append(SentenceCell(r + 2, first, max(first, last), LINE_HEIGHT * lines))
    return cells
