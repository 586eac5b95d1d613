"""gacrux's TRF reader with its search for an earlier result done by an index, not a scan.

gacrux reads an event from TRF text (``gacrux.trf2json``). For every result it reads,
``chessjson.append_result`` looks for an earlier result of the same round and the same White by
scanning every result read so far, so reading an event costs the square of its games (9 s for
a 2,000-player open after eight rounds). :class:`IndexedReader` finds that same first result
with a dictionary and hands the found one, or a new one, to gacrux's own ``append_result``;
``tests/fide/test_gacrux_event.py`` proves the two readers give equal tournaments on every TRF
file of the tests and pins gacrux's function. :mod:`ratingbook.fide.gacrux.event` reads with it
on the fast path (``RATINGBOOK_PAIRING_PATH=gacrux`` reads with gacrux's reader untouched).
"""

from __future__ import annotations

from typing import Any

from gacrux.trf2json import trf2json

__all__ = ["IndexedReader"]


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
