"""gacrux's crosstable stored compactly (ratingbook.fide.fast.compact_edges): the same edges,
key for key and value for value, in less memory, and the same pairings.

The reference is gacrux's own ``create_edge``, restored for the comparison: what is under test
is the storage ratingbook puts around it, never gacrux's rules. The events are real ones
(tests/data/trf), paired round by round from their own history.
"""

from __future__ import annotations

import platform
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from gacrux import crosstable
from gacrux.pairingdutch import pairing_dutch
from tests.helpers.paths import ROOT

from ratingbook.core.encoding import decode_legacy
from ratingbook.events.event import SwissEvent
from ratingbook.fide.fast import compact_edges
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.fide.gacrux.event import gacrux_tournament
from ratingbook.trf.importer import import_trf

DATA = ROOT / "tests" / "data" / "trf"
EVENTS = ("icu_bunratty-masters_2011.tab", "javafo_trfxsample2_open-gros_2010.trfx")


def event_of(name: str) -> SwissEvent:
    return import_trf(decode_legacy((DATA / name).read_bytes())).event


def before(event: SwissEvent, number: int) -> SwissEvent:
    """The event as it stood when round ``number`` was to be paired."""
    kept = tuple(e for e in event.entries if e.round < number)
    return SwissEvent(event.players, kept, event.settings, event.numbering)


def edges(event: SwissEvent, number: int, *, compact: bool) -> list[dict[str, Any]]:
    """Every edge of the crosstable gacrux's Dutch engine built and worked on to pair round
    ``number`` (with the qualities and weights of the brackets it paired), stored compactly or
    as gacrux stores them."""
    engine = pairing_dutch(
        gacrux_tournament(before(event, number)),
        number,
        {"experimental": [], "verbose": 0, "top_color": "w"},
    )
    if compact:
        with compact_edges.compact_storage():
            engine.compute_pairing(False, 0)
    else:
        engine.compute_pairing(False, 0)
    return [edge for row in engine.opponents for edge in row if edge is not None]


def test_gacrux_is_as_it_was_outside_a_pairing() -> None:
    """Importing ratingbook changes nothing in gacrux: the compact storage is in place only
    inside the block, also when blocks nest or the pairing fails."""
    import ratingbook.fide.gacrux  # noqa: F401  (imported for what importing it would do)

    own = crosstable.crosstable.create_edge
    assert not hasattr(own, "_gacrux_create_edge")
    with compact_edges.compact_storage():
        assert crosstable.crosstable.create_edge._gacrux_create_edge is own
        with compact_edges.compact_storage():
            assert crosstable.crosstable.create_edge is not own
        assert crosstable.crosstable.create_edge is not own
    assert crosstable.crosstable.create_edge is own
    with pytest.raises(ZeroDivisionError), compact_edges.compact_storage():
        1 / 0  # noqa: B018
    assert crosstable.crosstable.create_edge is own


def test_gacrux_still_builds_its_edges_with_the_keys_the_storage_expects() -> None:
    """Fails loudly when a gacrux release changes its edge literal: the compact storage would
    then hand every edge on as it is (correct, but no smaller), and EDGE_KEYS needs updating."""
    event = event_of(EVENTS[0])
    # (the edges of the pairs made get more keys after these: "w", "board")
    built = {tuple(edge)[: len(compact_edges.EDGE_KEYS)] for edge in edges(event, 2, compact=False)}
    assert built == {compact_edges.EDGE_KEYS}, (
        "gacrux's crosstable edges changed keys: update "
        "ratingbook.fide.fast.compact_edges.EDGE_KEYS "
        f"(gacrux builds {sorted(built)[:1]})"
    )


@pytest.mark.parametrize("name", EVENTS)
def test_every_edge_is_gacruxs_key_for_key_and_value_for_value(name: str) -> None:
    event = event_of(name)
    number = max(e.round for e in event.entries)
    compact = edges(event, number, compact=True)
    original = edges(event, number, compact=False)
    assert len(compact) == len(original) > 1000
    built = {tuple(edge)[: len(compact_edges.EDGE_KEYS)] for edge in original}
    assert built == {compact_edges.EDGE_KEYS}
    assert [list(edge.items()) for edge in compact] == [list(e.items()) for e in original]
    assert all(type(edge) is dict for edge in compact)


@pytest.mark.skipif(
    platform.python_implementation() != "CPython", reason="key-sharing dicts are CPython's"
)
def test_compact_edges_take_little_more_than_half_the_memory() -> None:
    """10,000 edges as gacrux builds them (a dict literal each) and as compact dicts: the
    memory Python allocates for them, counted by tracemalloc."""

    def allocated(build: Callable[[int], dict[str, Any]]) -> int:
        tracemalloc.start()
        try:
            kept = [build(n) for n in range(10_000)]
            size = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        assert kept[1]["ca"] == 1
        return size

    def literal(n: int) -> dict[str, Any]:
        return {**dict.fromkeys(compact_edges.EDGE_KEYS, 0), "ca": n, "colordiff": "  "}

    original = allocated(literal)
    compact = allocated(lambda n: compact_edges.compact_edge(literal(n)))
    assert compact_edges.compact_edge(literal(7)) == literal(7)
    assert compact < 0.6 * original


def test_a_dict_with_other_keys_is_handed_on_as_it_is() -> None:
    other = {"ca": 1, "cb": 2}
    assert compact_edges.compact_edge(other) is other
    reordered = dict(reversed(dict.fromkeys(compact_edges.EDGE_KEYS, 0).items()))
    assert compact_edges.compact_edge(reordered) is reordered


def test_a_compact_edge_is_an_ordinary_dict_when_gacrux_adds_a_key() -> None:
    compact = compact_edges.compact_edge(dict.fromkeys(compact_edges.EDGE_KEYS, 0))
    compact["w"], compact["board"] = 3, 1
    compact["weight"] = 2**2000
    assert compact["w"] == 3 and compact["weight"] == 2**2000 and len(compact) == 18
    assert compact.get("mode", "") == "" and "board" in compact
    with pytest.raises(KeyError):
        compact["mode"]


@pytest.mark.parametrize("name", EVENTS)
def test_consistency_every_round_pairs_the_same_with_either_storage(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = event_of(name)
    rounds = range(1, max(e.round for e in event.entries) + 1)
    compact = [pair_next_round(before(event, number)) for number in rounds]
    # gacrux's own storage: the wrapper hands every edge on as gacrux built it.
    monkeypatch.setattr(compact_edges, "compact_edge", lambda edge: edge)
    assert [pair_next_round(before(event, number)) for number in rounds] == compact
