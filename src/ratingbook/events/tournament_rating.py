"""The tournament rating: which of a player's ratings orders the field, and what breaks a tie of
rating and title in the initial order. The one home of the ``Rating Method`` and ``Equal
Order`` settings' words.

FIDE's acceptance checklist for tournament software (2026, question 145 as Sharly-Chess quotes
it, its issue #2315) names five methods of taking a player's tournament rating:

- ``FIDE``: the FIDE rating;
- ``National``: the national rating (Sharly-Chess's "NRO");
- ``FIDON``: the FIDE rating if the player has one, otherwise the national one;
- ``NIDOF``: the national rating if the player has one, otherwise the FIDE one;
- ``HBFN``: the highest of the FIDE, national and manual ratings.

A player keeps each rating by its source: the ``Rating`` column of ``Swiss Players`` is the FIDE
rating (what ``ratingbook players update`` fills), ``National Rating`` and ``Manual Rating`` the
others. Where the method finds none of its ratings, the manual rating stands in: C.04.2 (Initial
Order) asks the arbiters to estimate the strength of a player no reliable rating is known for,
and the manual rating is that estimate (our reading; the checklist's words are quoted above).

Question 146 asks for a criterion other than alphabetical order for players of equal rating and
title (C.04.2 art. 2.2: "alphabetically (unless it has been previously stated that this
criterion has been replaced by another one)"). ``Equal Order`` offers ``Name`` (the default),
``By FIDE ID`` (the lower first, players without one after them by name) and ``Lots`` (the drawing
of lots of :mod:`ratingbook.events.lots`' digests, seeded from the event's name and start date,
the same on every run).

Alphabetically is by surname: FIDE writes every name ``Surname, Given`` (its rating list, the
TRF's player records), so a name typed so sorts by the surname, then the given name
(:func:`alphabetical_key`: ``Berg, Hanna`` before ``Berg Hansen, Ida`` before ``Bergman, Ola``).
A name typed without a comma (``Rosa Blum``) cannot say which word is the surname (``Wang
Hao``, ``Femke de Vries``): it sorts as typed, by its first word, and where that decides a
start number the run says so (:func:`surname_unknown`,
:func:`~ratingbook.events.start_order.name_order_warning`). Pure.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

__all__ = [
    "BY_FIDE_ID",
    "EQUAL_ORDERS",
    "EQUAL_ORDER_SPELLINGS",
    "FIDE",
    "FIDON",
    "HBFN",
    "LOTS",
    "MANUAL",
    "METHOD_SPELLINGS",
    "NAME",
    "NATIONAL",
    "NIDOF",
    "InitialOrder",
    "Rated",
    "TournamentRating",
    "alphabetical_key",
    "lot",
    "surname_unknown",
    "tournament_rating",
]

#: The methods (``Rating Method``) and the sources of a rating (what the players' sheet says).
FIDE = "FIDE"
NATIONAL = "National"
FIDON = "FIDON"
NIDOF = "NIDOF"
HBFN = "HBFN"
MANUAL = "Manual"
METHOD_SPELLINGS: Mapping[str, str] = {
    "fide": FIDE,
    "national": NATIONAL,
    "nat": NATIONAL,
    "nro": NATIONAL,
    "fidon": FIDON,
    "fide else national": FIDON,
    "nidof": NIDOF,
    "national else fide": NIDOF,
    "hbfn": HBFN,
    "highest": HBFN,
}

#: The ``Equal Order`` setting: what orders players of equal rating and title.
NAME = "Name"
BY_FIDE_ID = "By FIDE ID"
LOTS = "Lots"
EQUAL_ORDERS = (NAME, BY_FIDE_ID, LOTS)
EQUAL_ORDER_SPELLINGS: Mapping[str, str] = {
    "name": NAME,
    "alphabetical": NAME,
    "alphabetically": NAME,
    "fide id": BY_FIDE_ID,
    "by fide id": BY_FIDE_ID,
    "fide number": BY_FIDE_ID,
    "id": BY_FIDE_ID,
    "lots": LOTS,
    "drawing of lots": LOTS,
    "random": LOTS,
}


class Rated(Protocol):
    """What the tournament rating needs of a player."""

    @property
    def rating(self) -> int | None: ...  # the FIDE rating (``Rating``)
    @property
    def national_rating(self) -> int | None: ...
    @property
    def manual_rating(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class TournamentRating:
    """The rating a player is ordered by, and its source (``FIDE``, ``National``, ``Manual``,
    or "" when the player has none)."""

    rating: int | None
    source: str


def tournament_rating(player: Rated, method: str = FIDE) -> TournamentRating:
    """The player's tournament rating by ``method`` (see the module text).

    >>> from types import SimpleNamespace as P
    >>> tournament_rating(P(rating=None, national_rating=1850, manual_rating=None), FIDON)
    TournamentRating(rating=1850, source='National')
    >>> tournament_rating(P(rating=2010, national_rating=2060, manual_rating=2100), HBFN)
    TournamentRating(rating=2100, source='Manual')
    """
    fide = (player.rating or None, FIDE)
    national = (player.national_rating or None, NATIONAL)
    manual = (player.manual_rating or None, MANUAL)
    candidates = {
        FIDE: [fide],
        NATIONAL: [national],
        FIDON: [fide, national],
        NIDOF: [national, fide],
    }.get(method)
    if candidates is None:  # HBFN: the highest; on equal ratings FIDE's, then national's
        rated = [(r, s) for r, s in (fide, national, manual) if r is not None]
        best = max(rated, key=lambda c: c[0], default=None)
        return TournamentRating(*best) if best else TournamentRating(None, "")
    for value, source in [*candidates, manual]:
        if value is not None:
            return TournamentRating(value, source)
    return TournamentRating(None, "")


@dataclass(frozen=True, slots=True)
class InitialOrder:
    """How the initial order (C.04.2 art. 2.2) is made: the ``Rating Method`` and the ``Equal
    Order``; ``seed`` is what lots are drawn from (the event's ``name|YYYY-MM-DD``)."""

    method: str = FIDE
    equal: str = NAME
    seed: str = ""

    def tie_key(self, name: str, fide_id: int | None) -> tuple[int, str, str]:
        """The last part of the sort key, for players of equal rating and title."""
        if self.equal == BY_FIDE_ID:
            return (fide_id or 0, "", "") if fide_id else (1 << 62, *alphabetical_key(name))
        if self.equal == LOTS:
            return (0, lot(self.seed, fide_id, name), "")
        return (0, *alphabetical_key(name))


def alphabetical_key(name: str) -> tuple[str, str]:
    """C.04.2 art. 2.2's alphabetical order: a name written ``Surname, Given`` (as FIDE writes
    it) by the surname, then the given name; a name without a comma as typed (case ignored).

    >>> sorted(["Bergman, Ola", "Berg Hansen, Ida", "Berg, Hanna"], key=alphabetical_key)
    ['Berg, Hanna', 'Berg Hansen, Ida', 'Bergman, Ola']
    """
    surname, _, given = name.partition(",")
    return (" ".join(surname.split()).casefold(), " ".join(given.split()).casefold())


def surname_unknown(name: str) -> bool:
    """Whether ``name`` is of more than one word, none marked the surname by a comma
    (``Rosa Blum``): alphabetically it sorts by its first word, which may not be the surname."""
    return "," not in name and len(name.split()) > 1


def lot(seed: str, fide_id: int | None, name: str) -> str:
    """A player's lot: the hexadecimal SHA-256 of ``seed|FIDE <id>`` (``seed|name <name>`` for
    a player without a FIDE ID); the lower, the better. The tie-break's drawing of lots
    (:mod:`ratingbook.events.lots`) draws the same."""
    who = f"FIDE {fide_id}" if fide_id else f"name {name}"
    return hashlib.sha256(f"{seed}|{who}".encode()).hexdigest()
