"""One event, many views: an event (and a ladder, an Elo or a Crikey book) turned into neutral
tables and notes, once.

The workbook's generated sheets, the printouts, the published web site, ``ratingbook explain`` and
the worksheet functions all render these tables; none of them builds its own. A table here knows
its title, its column names and how each column is shown, never which spreadsheet or page it ends
up on.

- :mod:`~ratingbook.reports.names`: what each report is called;
- :mod:`~ratingbook.reports.tables`: the shapes of a report (a table, a player's rating path)
  and which columns are shown centred;
- :mod:`~ratingbook.reports.ladder_tables`, :mod:`~ratingbook.reports.elo_tables`,
  :mod:`~ratingbook.reports.crikey_tables`: the ladder's, Elo's and Crikey's standings and
  histories, and each player's rating path for the progress charts;
- :mod:`~ratingbook.reports.swiss_grids`: standings, crosstable and pairings of a Swiss event;
- :mod:`~ratingbook.reports.round_robin_grid`: a round robin's crosstable;
- :mod:`~ratingbook.reports.rating_grids`: the FIDE rating report;
- :mod:`~ratingbook.reports.float_reasons`: why a player floated down out of a score group;
- :mod:`~ratingbook.reports.pairing_notes`, :mod:`~ratingbook.reports.standings_notes`: why a
  round was paired so and why each player is ranked where he is, in plain sentences;
- :mod:`~ratingbook.reports.notes_grids`: those notes as tables;
- :mod:`~ratingbook.reports.event_grids`: every table of an event, built once.
"""
