"""Forbidden pairs: two players the organiser does not want paired (siblings, clubmates).

A ban names two different players and optionally the last round it holds (None: every round);
the rows of the ``Forbidden Pairs`` sheet are read by
:mod:`ratingbook.workbook.sheets.forbidden_pair_rows`. While it holds, the two are treated as a pair
that already met: the absolute criterion of the Dutch rules (C.04.3 C1), everything else as the
rules say; the pairing itself is gacrux's (:mod:`ratingbook.fide.gacrux.pairing`). In TRF
files a ban is JaVaFo's ``XXP`` line or TRF-2026's 260 record (:mod:`ratingbook.trf.exporter`).
Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ratingbook.errors import Location

__all__ = ["ForbiddenPair"]


@dataclass(frozen=True, slots=True)
class ForbiddenPair:
    """Two players never paired against each other up to ``until_round`` (None: ever)."""

    first: str
    second: str
    until_round: int | None = None
    where: Location | None = field(default=None, compare=False, repr=False)

    def holds_in(self, round_number: int) -> bool:
        return self.until_round is None or round_number <= self.until_round

    def players(self) -> tuple[str, str]:
        return (self.first, self.second)
