"""FIDE Tournament Report Files (TRF16 and TRF-2026): the records, read and written.

- :mod:`~ratingbook.trf.records`: the layout of the records, and the letters of a result;
- :mod:`~ratingbook.trf.systems`: the pairing-system records (round robin, Baku, forbidden pairs);
- :mod:`~ratingbook.trf.player_records`: one player record (001) read;
- :mod:`~ratingbook.trf.totals`: a file checked against its own points totals;
- :mod:`~ratingbook.trf.exporter`: an event written as a TRF;
- :mod:`~ratingbook.trf.importer`: a TRF read into an event, every problem named by line and column.
"""
