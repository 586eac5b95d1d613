"""An event as gacrux's tournament structure, and gacrux's version.

gacrux reads the event from the TRF-2026 text :mod:`ratingbook.trf.exporter` writes (its own
TRF reader, ``gacrux.trf2json``, or on the fast path :class:`~ratingbook.fide.fast.trf_reader.
IndexedReader`), so the two programs agree on every record.
"""

from __future__ import annotations

from typing import Any

from gacrux.gacruxexeptions import GacruxError
from gacrux.trf2json import trf2json

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.fide.fast.trf_reader import IndexedReader
from ratingbook.trf.exporter import export_trf

__all__ = [
    "gacrux_parameters",
    "gacrux_tournament",
    "gacrux_version",
    "tournament_from_trf",
]


def gacrux_version() -> str:
    from gacrux import version

    return str(version.version()["version"])


def gacrux_parameters(first_colour: str = "white") -> dict[str, Any]:
    """The parameters every gacrux pairing engine is called with: no experimental rules, quiet,
    and the colour the top player of round 1 gets (``first_colour``, the event's setting)."""
    top = "w" if first_colour == "white" else "b"
    return {"experimental": [], "verbose": 0, "top_color": top}


def gacrux_tournament(
    event: SwissEvent, *, path: str | None = None, **export: Any
) -> dict[str, Any]:
    """The event as gacrux's tournament structure, read by gacrux from our TRF-2026 text
    (``path``: as in :func:`tournament_from_trf`)."""
    return tournament_from_trf(export_trf(event, **{"withdrawals": False, **export}), path=path)


def tournament_from_trf(
    text: str,
    what: str = "the event",
    *,
    error: type[RatingbookError] = RatingbookError,
    exact: bool = False,
    path: str | None = None,
) -> dict[str, Any]:
    """gacrux's tournament structure of a TRF text, read by gacrux's own reader (the one home
    of that reading, for individual and team events). A text gacrux cannot read is an
    ``error`` naming ``what``; with ``exact``, so is one it reads with remarks (its status
    "info": it read something differently from what the text says). ``path`` (or
    ``$RATINGBOOK_PAIRING_PATH``, :func:`~ratingbook.fide.fast.fast_dutch.pairing_path`):
    ``"gacrux"`` reads with gacrux's reader untouched, ``"fast"`` with
    :class:`~ratingbook.fide.fast.trf_reader.IndexedReader`."""
    from ratingbook.fide.fast.fast_dutch import pairing_path

    reader = trf2json() if pairing_path(path) == "gacrux" else IndexedReader()
    try:
        reader.parse_file(text, 0)
    except GacruxError as fault:
        raise error(f"gacrux could not read {what}: {fault}") from fault
    status = reader.chessjson["status"]
    if status["code"] >= 400:
        raise error(f"gacrux could not read {what}: " + "; ".join(status["error"]))
    if exact and status.get("info"):
        raise error(f"gacrux reads {what} differently: {status['info']}")
    tournament: dict[str, Any] = reader.get_tournament(1)
    return tournament
