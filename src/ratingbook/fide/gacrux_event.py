"""An event as gacrux's tournament structure, and gacrux's version.

gacrux reads the event from the TRF-2026 text :mod:`ratingbook.trf.exporter` writes (its
own TRF reader, ``gacrux.trf2json``), so the two programs agree on every record.

One step of that reader stands in for gacrux's own on the fast path (``fast_dutch``'s switch:
``RATINGBOOK_PAIRING_PATH=gacrux`` runs gacrux's reader untouched):
``chessjson.append_result`` looks for an earlier result of the same round and the same White
by scanning every result read so far, so reading an event costs the square of its games (9 s
for a 2,000-player open after eight rounds). :class:`IndexedReader` finds that same first
result with a dictionary and hands the found one, or a new one, to gacrux's own
``append_result``; ``tests/fide/test_gacrux_event.py`` proves the two readers give equal
tournaments on every TRF file of the tests and pins gacrux's function.
"""

from __future__ import annotations

from typing import Any

from gacrux.gacruxexeptions import GacruxError
from gacrux.trf2json import trf2json

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.trf.exporter import export_trf

__all__ = [
    "IndexedReader",
    "gacrux_parameters",
    "gacrux_tournament",
    "gacrux_version",
    "tournament_from_trf",
]


class IndexedReader(trf2json):  # type: ignore[misc]
    """gacrux's TRF reader whose ``append_result`` finds the earlier result of a round and a
    White by an index, not a scan. gacrux keeps the first result it finds with that round and
    White's number and updates it; a result found nowhere gets an id and is appended. Here the
    first one is kept in a dictionary per list of results, and gacrux's own ``append_result``
    runs on a list of just that one (or on none): its updates, its ids, its order are gacrux's.
    An index no longer matching its list (results removed by gacrux, as its team reading does)
    is built again from the list, so what is found is always what gacrux's scan would find."""

    def __init__(self) -> None:
        super().__init__()
        self._indexes: dict[int, tuple[list[Any], int, dict[tuple[Any, Any], Any]]] = {}

    def _key(self, result: dict[str, Any]) -> tuple[Any, Any]:
        return result["round"], self.get_result_cid(result, "white")

    def _index(self, results: list[Any]) -> dict[tuple[Any, Any], Any]:
        index: dict[tuple[Any, Any], Any] = {}
        for game in results:
            index.setdefault(self._key(game), game)
        return index

    def append_result(self, results: list[Any], result: dict[str, Any]) -> Any:
        held = self._indexes.get(id(results))
        fresh = held is None or held[0] is not results or held[1] != len(results)
        index = self._index(results) if fresh else held[2]  # type: ignore[index]
        key = self._key(result)
        found = index.get(key)
        if found is not None and self._key(found) != key:  # a result changed since: look again
            index = self._index(results)
            found = index.get(key)
        if found is not None:
            answer = super().append_result([found], result)
        else:
            added: list[Any] = []
            answer = super().append_result(added, result)
            results.extend(added)
            index[key] = result
        self._indexes[id(results)] = (results, len(results), index)
        return answer


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
    ``$RATINGBOOK_PAIRING_PATH``, :func:`~ratingbook.fide.fast_dutch.pairing_path`): ``"gacrux"``
    reads with gacrux's reader untouched, ``"fast"`` with :class:`IndexedReader`."""
    from ratingbook.fide.fast_dutch import pairing_path

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
