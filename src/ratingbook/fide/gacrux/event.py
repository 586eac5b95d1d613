"""An event as gacrux's tournament structure, built once for each state of the event, and
gacrux's version.

gacrux reads the event from the TRF-2026 text :mod:`ratingbook.trf.exporter` writes (its own
TRF reader, ``gacrux.trf2json``, or on the fast path :class:`~ratingbook.fide.fast.trf_reader.
IndexedReader`), so the two programs agree on every record.

The pairing, the tie-breaks and the notes' analysis each hand gacrux an event (the round to
pair, the standings' rounds, the round explained), and gacrux's engines change the structure
they are given. :func:`gacrux_tournament` therefore reads each text once and keeps what it read
for the next call with the same text (the last :data:`KEPT` texts); every call gets a copy of
its own, equal to a fresh reading (``tests/fide/test_gacrux_event.py``).
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict
from typing import Any

from gacrux.gacruxexeptions import GacruxError
from gacrux.trf2json import trf2json

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.fide.fast.trf_reader import IndexedReader
from ratingbook.trf.exporter import export_trf

__all__ = [
    "KEPT",
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


#: How many texts :func:`gacrux_tournament` keeps what gacrux read from: the states of an event
#: one run reads (a recalc: the standings' rounds, which the notes' analysis of a complete round
#: reads too; ``pair``: the round to pair, then the standings').
KEPT = 2
#: (reader, text) -> gacrux's reading of the text, pickled: a copy is unpickled for every call,
#: as the engines change what they are given. The most recently used last.
_READ: OrderedDict[tuple[str, str], bytes] = OrderedDict()
_READ_LOCK = threading.Lock()


def gacrux_tournament(
    event: SwissEvent, *, path: str | None = None, **export: Any
) -> dict[str, Any]:
    """The event as gacrux's tournament structure, read by gacrux from our TRF-2026 text
    (``path``: as in :func:`tournament_from_trf`), a fresh copy for the caller to change: a
    text read before (one of the last :data:`KEPT`) is not read again."""
    from ratingbook.fide.fast.fast_dutch import pairing_path

    text = export_trf(event, **{"withdrawals": False, **export})
    key = (pairing_path(path), text)
    with _READ_LOCK:
        kept = _READ.get(key)
        if kept is not None:
            _READ.move_to_end(key)
    if kept is not None:
        copy: dict[str, Any] = pickle.loads(kept)
        return copy
    tournament = tournament_from_trf(text, path=key[0])
    with _READ_LOCK:
        _READ[key] = pickle.dumps(tournament, pickle.HIGHEST_PROTOCOL)
        while len(_READ) > KEPT:
            _READ.popitem(last=False)
    return tournament


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
    :class:`~ratingbook.fide.fast.trf_reader.IndexedReader`. A team board nobody sat at is
    left out of its match (:func:`_leave_out_empty_boards`)."""
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
    _leave_out_empty_boards(tournament)
    return tournament


def _leave_out_empty_boards(tournament: dict[str, Any]) -> None:
    """A team board nobody sat at (record 300 has 0 for both teams' players: a double forfeit
    on an empty board) is game 0 in gacrux's match, a game its tie-break code looks up and
    does not have (``KeyError: 0``; its pairing and its checker compute the tie-breaks too).
    The board holds no player and no point for either team, so the match is the same without
    it: each team as gacrux reads the empty side of a one-sided forfeit."""
    for match in tournament.get("matchList", ()):
        if 0 in match.get("games", ()):
            match["games"] = [game for game in match["games"] if game != 0]
