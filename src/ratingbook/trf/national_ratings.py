"""A TRF's national ratings and its tournament-rating method: record 172 and the national
rating records, read and written.

The TRF-2026 text itself was not available to us; the layout is the one FIDE's TieBreakServer
(gacrux, ``trf2json.py``) reads, which is the reference tool of the acceptance checklist:

- ``172 FFF MODE``: "National support": the national federation ``FFF`` (columns 5-7) and the
  method (columns 9-13): ``FIDE``, ``NRO`` (the national rating), ``FIDON``, ``NIDOF``,
  ``HBFN`` (gacrux also knows ``LBFN``, the lowest, and ``OTHER``, which ratingbook does not
  offer: read as FIDE with a warning);
- one record a player with a national rating, whose code is that federation (``NOR``), laid
  out as the 001 record up to the rating: start number 5-8, sex 10, title 11-13, name 15-47,
  the national rating 49-52.

The FIDE rating stays in the 001 record. A manual rating has no place in TRF: it is not
written, and a book built from a TRF has none. The records are written only when the event has
a ``Federation`` (the national ratings are that federation's) and a national rating or another
method than FIDE. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.events.event import SwissPlayer
from ratingbook.events.tournament_rating import FIDE, FIDON, HBFN, NATIONAL, NIDOF
from ratingbook.trf.records import NAME_WIDTH

__all__ = ["NATIONAL_SUPPORT", "national_lines", "national_rating", "national_support"]

#: The record that names the national federation and the method.
NATIONAL_SUPPORT = "172"
#: The method's word in record 172, by ``Rating Method``.
_MODES = {FIDE: "FIDE", NATIONAL: "NRO", FIDON: "FIDON", NIDOF: "NIDOF", HBFN: "HBFN"}
_METHODS = {mode: method for method, mode in _MODES.items()}


def national_support(line: str) -> tuple[str, str | None]:
    """Record 172's federation (columns 5-7, upper case) and ``Rating Method`` (None: a mode
    ratingbook does not offer)."""
    padded = line.ljust(13)
    return padded[4:7].strip().upper(), _METHODS.get(padded[8:13].strip().upper())


def national_rating(line: str) -> tuple[int | None, int | None]:
    """A national rating record's start number (columns 5-8) and rating (49-52); None where a
    field is blank or not a number."""
    padded = line.ljust(52)
    number, rating = padded[4:8].strip(), padded[48:52].strip()
    return (
        int(number) if number.isdigit() else None,
        int(rating) if rating.isdigit() and int(rating) else None,
    )


def national_lines(
    players: Sequence[SwissPlayer], numbers: Mapping[str, int], federation: str, method: str
) -> tuple[str | None, list[str]]:
    """Record 172 and the national rating records of ``players`` (in start-number order), or
    (None, []) when there is nothing to say or no federation to say it for."""
    rated = [p for p in players if p.national_rating]
    if len(federation) != 3 or (not rated and method == FIDE):
        return None, []
    code = federation.upper()
    records = [
        f"{code} {numbers[p.name]:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name:<{NAME_WIDTH}} "
        f"{p.national_rating:>4}"
        for p in sorted(rated, key=lambda p: numbers[p.name])
    ]
    return f"{NATIONAL_SUPPORT} {code} {_MODES[method]}", records
