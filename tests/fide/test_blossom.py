"""Tests for :mod:`ratingbook.fide.fast.blossom`: the networkx source it follows step for step is
that of the pinned release (networkx 3.6), as gacrux's functions that ``fast_dutch`` stands in
for are pinned; whether it returns networkx's own matchings is tested with the fast path
(``tests/fide/test_fast_dutch.py``).
"""

from __future__ import annotations

import hashlib
import inspect

import gacrux.pairingdutch
from networkx.algorithms import matching as nx_matching

from ratingbook.fide.fast.blossom import FOLLOWS

#: sha256 of the source of each networkx function ``blossom`` follows (``FOLLOWS``), as in
#: networkx 3.6. A release that changes one fails here: compare the change with blossom.py,
#: carry it over, then update the digest.
PINNED_NETWORKX = {
    "max_weight_matching": "41930910962d79c5da2da89788ead7819730daccb2858d72df3df7c55d893ee1",
    "min_weight_matching": "9bac468076ba36461a6e6987e92811a80f5e0750852655b3bba0d4566f0fb20d",
    "matching_dict_to_set": "d85fe50b5d6cd32de1f2ce37c92a923e3f6c1c07bd6df6fe600df84149e741d9",
}


def _digest(function: object) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()  # type: ignore[arg-type]


def test_the_networkx_source_followed_is_that_of_the_pinned_release() -> None:
    found = {name: _digest(getattr(nx_matching, name)) for name in FOLLOWS}
    assert found == PINNED_NETWORKX


def test_gacrux_matches_through_the_function_followed() -> None:
    """The pin is the right one: gacrux's Dutch engine calls networkx's ``min_weight_matching``,
    the entry point ``blossom.min_weight_matching`` stands in for."""
    assert "nx.min_weight_matching" in inspect.getsource(gacrux.pairingdutch)
    assert "min_weight_matching" in FOLLOWS
