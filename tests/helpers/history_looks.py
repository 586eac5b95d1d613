"""The ``Event History`` of an act run in Excel against the same act run by a file back end:
Excel keeps a cell's format itself, so an act run there keeps no formats beside it
(:mod:`ratingbook.session.looks_kept`), and a comparison of the two leaves them out."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

Grid = list[list[Any]]


def without_looks(
    sheets: Mapping[str, Grid], trimmed: Callable[[Sequence[Sequence[Any]]], Grid]
) -> dict[str, Grid]:
    """``sheets`` with the formats a file back end keeps beside each act in ``Event History``
    taken out, the sheet's grid then shaped by ``trimmed`` as the caller compares grids. The
    rest of the history is the same on both."""
    from ratingbook.session.history import history_sheet, read_history

    if "Event History" not in sheets:
        return dict(sheets)
    history = read_history(sheets["Event History"])
    history.acts = [replace(act, looks={}) for act in history.acts]
    return {**sheets, "Event History": trimmed(history_sheet(history, None).grid())}
