"""The performance code: gacrux's engines given the same results in less time and memory.

Each module stands in for code of a pinned release and is tested against it: a test holds the
sha256 of the source of every function it follows, so a new gacrux or networkx release fails a
test rather than a pairing.

- :mod:`~ratingbook.fide.fast.fast_dutch`: gacrux's Dutch engine with the same weights stored
  and matched in less memory and time (a 2,000-player open), or gacrux's own engine on request
  (``RATINGBOOK_PAIRING_PATH=gacrux``);
- :mod:`~ratingbook.fide.fast.blossom`: networkx's minimum-weight matching, step for step, on
  plain dicts (the matching of ``fast_dutch``);
- :mod:`~ratingbook.fide.fast.compact_edges`: gacrux's crosstable (an edge for every pair of
  players) stored in about half the memory, for the time a pairing runs;
- :mod:`~ratingbook.fide.fast.trf_reader`: gacrux's TRF reader finding a round's earlier
  result by an index, not a scan.

Below the adapter :mod:`ratingbook.fide.gacrux`, which alone calls them; importing this package
loads none of its modules.
"""
