"""Everything FIDE defines, in three rooms, imports pointing one way (``fast`` and ``rules``
below ``gacrux``; ``tests/test_architecture.py`` checks):

- :mod:`ratingbook.fide.gacrux`, the one adapter over gacrux (FIDE's TieBreakServer code):
  the Dutch pairing (C.04.3), the Berger tables (C.05 Annex 1), the team pairing (C.04.6),
  the tie-breaks of C.07 for individual and team events, and the pairing checker's reading
  of a paired round. These modules translate between our events and gacrux's structures and
  re-implement none of those rules;
- :mod:`ratingbook.fide.rules`, the FIDE rules gacrux does not have, written here each with
  its article: title norms (B.01), rating changes and performances (B.02, on gacrux's rating
  tables) and an event's rating report, and FIDE's rating lists read as a stream;
- :mod:`ratingbook.fide.fast`, the performance code: gacrux's Dutch engine, its crosstable
  and its TRF reader with a few functions stood in for, and networkx's matching on plain
  dicts. Each stands in for code of a pinned release (gacrux's, networkx's), gives the same
  results, and is tested against it.

Only modules of this package import gacrux. Importing this package itself loads nothing:
gacrux's engines (with networkx, about 0.2 s) load with :mod:`ratingbook.fide.gacrux`, where
a Swiss or team event is paired or ranked; the rules room needs only gacrux's rating tables.
"""
