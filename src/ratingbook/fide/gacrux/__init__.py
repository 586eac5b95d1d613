"""The one adapter over gacrux (FIDE's TieBreakServer code). Each module translates one of
FIDE's areas between our events and gacrux's structures, and re-implements none of its rules:

- :mod:`~ratingbook.fide.gacrux.event`: an event as gacrux's tournament structure (read by
  gacrux from the TRF-2026 text :mod:`ratingbook.trf.exporter` writes), read once for each
  text, and gacrux's version;
- :mod:`~ratingbook.fide.gacrux.berger`: round robins by the Berger tables (C.05 Annex 1);
- :mod:`~ratingbook.fide.gacrux.pairing`: the next round: the Dutch pairing (C.04.3), with
  forbidden pairs and Baku acceleration, or the round robin's table;
- :mod:`~ratingbook.fide.gacrux.tiebreaks`: the tie-breaks of C.07, with the unplayed-round
  rules of its 2024 edition for events starting before 2026-03-01 and of its 2026 edition
  from then;
- :mod:`~ratingbook.fide.gacrux.analysis`: a paired round explained (the pairing checker's
  analysis, or the pairing engine's own account of a round it has just paired) and the
  pairing the rules give for it;
- :mod:`~ratingbook.fide.gacrux.checker`: gacrux's pairing checker run over a TRF file,
  round by round (``ratingbook check``), or over an event's rounds (``trf import``'s check);
- :mod:`~ratingbook.fide.gacrux.generator`: random Swiss events written as TRF files
  (``ratingbook generate``);
- :mod:`~ratingbook.fide.gacrux.team_pairing` and
  :mod:`~ratingbook.fide.gacrux.team_tiebreaks`: team events (C.04.6, the Berger tables,
  C.07's team tie-breaks).

gacrux's engines run on the fast path of :mod:`ratingbook.fide.fast` unless
``RATINGBOOK_PAIRING_PATH=gacrux`` asks for gacrux's own. Loading gacrux (with networkx) takes
about 0.2 s: this room is imported only where an event is paired or ranked.
"""

from ratingbook.fide.gacrux.berger import berger_schedule, pair_round_robin
from ratingbook.fide.gacrux.event import gacrux_version
from ratingbook.fide.gacrux.pairing import pair_next_round
from ratingbook.fide.gacrux.tiebreaks import (
    FideStanding,
    FideStandings,
    TiebreakDetail,
    fide_standings,
)

__all__ = [
    "FideStanding",
    "FideStandings",
    "TiebreakDetail",
    "berger_schedule",
    "fide_standings",
    "gacrux_version",
    "pair_next_round",
    "pair_round_robin",
]
