"""The one adapter to gacrux (FIDE's TieBreakServer code): everything FIDE defines.

Only the modules of this package import gacrux (``tests/test_architecture.py`` checks), each
for one of FIDE's areas, and each only translates: nothing here re-implements a FIDE rule.

- :mod:`~ratingbook.fide.gacrux_event`: an event as gacrux's tournament structure (read
  by gacrux from the TRF-2026 text :mod:`ratingbook.trf.exporter` writes);
- :mod:`~ratingbook.fide.berger`: round robins by the Berger tables (C.05 Annex 1);
- :mod:`~ratingbook.fide.pairing`: the next round: the Dutch pairing (C.04.3), with
  forbidden pairs and Baku acceleration, or the round robin's table;
- :mod:`~ratingbook.fide.tiebreaks`: the tie-breaks of C.07, with the unplayed-round rules
  of its 2024 edition for events starting before 2026-03-01 and of its 2026 edition from then;
- :mod:`~ratingbook.fide.analysis`: a paired round explained (the pairing checker's
  analysis) and the pairing the rules give for it;
- :mod:`~ratingbook.fide.ratings`: FIDE's rating tables, and the rating regulations
  (B.02) gacrux does not have;
- :mod:`~ratingbook.fide.compact_edges`: gacrux's crosstable (an edge for every pair of
  players) stored in about half the memory, for the time a pairing runs;
- :mod:`~ratingbook.fide.fast_dutch`: gacrux's Dutch engine with the same weights kept and
  matched in less memory and time (a 2,000-player open), or gacrux's own path on request
  (``RATINGBOOK_PAIRING_PATH=gacrux``); :mod:`~ratingbook.fide.blossom` is its matching,
  networkx's algorithm on plain dicts.

gacrux (with networkx) takes about 0.2 s to load: these modules are imported only where a
Swiss event is paired or ranked.
"""

from ratingbook.fide.berger import berger_schedule, pair_round_robin
from ratingbook.fide.gacrux_event import gacrux_version
from ratingbook.fide.pairing import pair_next_round
from ratingbook.fide.tiebreaks import (
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
