"""gacrux's crosstable stored in half the memory: its edges as key-sharing dicts.

gacrux's pairing engines (``gacrux.crosstable.crosstable.list_edges``) keep one dict for every
pair of competitors, n²/2 of them: two million in a 2,000-player open. Each is a 16-key dict
literal of about 500 bytes, so they are 0.9 GB of the 1.2 GB such a round takes.

Built as the ``__dict__`` of an instance of one small class instead, the same 16 keys are stored
once for every edge (CPython's key-sharing dictionaries, PEP 412) and each edge keeps only its
values: about 260 bytes. The edge is still a plain ``dict`` with the same keys, values and order,
so nothing in gacrux's logic sees a difference (lookups are as fast; a key gacrux adds later, as
it does for the pairs it makes, turns that one dict into an ordinary one). An edge whose keys are
not the 16 expected here (another gacrux release) is handed on exactly as gacrux built it.

:func:`compact_storage` wraps ``create_edge`` for the time a pairing runs inside it, and puts
gacrux's own back afterwards: importing ratingbook changes nothing in gacrux, and a program that
uses gacrux beside ratingbook gets gacrux as it is. It changes how the edges are stored, never
what they hold (``tests/fide/test_compact_edges.py`` compares every edge of real events, and
fails if a gacrux release builds its edges with other keys). The fast Dutch path builds its
edges compact straight away (:func:`new_edge`) while :func:`compacting` says the storage is on.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gacrux import crosstable as _crosstable

__all__ = ["EDGE_KEYS", "compact_edge", "compact_storage", "compacting", "new_edge"]

# The keys of gacrux's edge literal (gacrux.crosstable.crosstable.create_edge), in its order.
EDGE_KEYS = (
    "ca",
    "cb",
    "sa",
    "sb",
    "canmeet",
    "isblob",
    "played",
    "unplayed",
    "qlevel",
    "quality",
    "weight",
    "qcweight",
    "heweight",
    "howeight",
    "colordiff",
    "qc",
)


class _EdgeValues:
    """Its instances' ``__dict__`` share one key table: every edge is built in one order."""


def compact_edge(edge: dict[str, Any]) -> dict[str, Any]:
    """``edge`` (a dict with :data:`EDGE_KEYS` in that order) as an equal key-sharing dict;
    any other dict is returned as it is."""
    if tuple(edge) != EDGE_KEYS:
        return edge
    return _sharing(tuple(edge.values()))


def new_edge(
    ca: Any, cb: Any, sa: Any, sb: Any, canmeet: Any, isblob: Any, played: Any, unplayed: Any
) -> dict[str, Any]:
    """The compact edge equal to the literal gacrux's ``create_edge`` builds from these values
    (its other keys as the literal sets them, ``qc`` equal to ``canmeet`` as gacrux sets it)."""
    values = (
        ca,
        cb,
        sa,
        sb,
        canmeet,
        isblob,
        played,
        unplayed,
        -1,
        None,
        0,
        0,
        0,
        0,
        "  ",
        canmeet,
    )
    return _sharing(values)


def _sharing(values: tuple[Any, ...]) -> dict[str, Any]:
    """A key-sharing dict of :data:`EDGE_KEYS` holding ``values``, in that order."""
    o: Any = _EdgeValues()
    # Assigned in EDGE_KEYS' order, always: that is what lets the dicts share their keys.
    (
        o.ca,
        o.cb,
        o.sa,
        o.sb,
        o.canmeet,
        o.isblob,
        o.played,
        o.unplayed,
        o.qlevel,
        o.quality,
        o.weight,
        o.qcweight,
        o.heweight,
        o.howeight,
        o.colordiff,
        o.qc,
    ) = values
    shared: dict[str, Any] = o.__dict__
    return shared


_COMPACT_EDGE = compact_edge


def compacting() -> bool:
    """Whether edges are stored compactly now: inside :func:`compact_storage`, with
    :func:`compact_edge` as this module has it (a test may hand gacrux's edges on as they are)."""
    return _depth > 0 and compact_edge is _COMPACT_EDGE


_LOCK = threading.Lock()
_depth = 0


@contextmanager
def compact_storage() -> Iterator[None]:
    """gacrux's crosstables build compact edges inside this block (blocks may nest); gacrux's
    own ``create_edge`` is back when the outermost block ends, however it ends."""
    global _depth
    table = _crosstable.crosstable
    with _LOCK:
        if _depth == 0:
            create_edge = table.create_edge

            def compact_create_edge(self: Any, nodea: Any, nodeb: Any, bhasmet: Any = None) -> Any:
                return compact_edge(create_edge(self, nodea, nodeb, bhasmet))

            compact_create_edge._gacrux_create_edge = create_edge  # type: ignore[attr-defined]
            table.create_edge = compact_create_edge
        _depth += 1
    try:
        yield
    finally:
        with _LOCK:
            _depth -= 1
            if _depth == 0:
                table.create_edge = table.create_edge._gacrux_create_edge
