"""Chess events run the FIDE way: the event model and its rules, pure.

The modules, each deciding one thing, from the bottom up:

- :mod:`~ratingbook.events.codes`: tie-break codes and the points each result is worth;
- :mod:`~ratingbook.events.settings`: the event's settings (pairing system, rounds, tie-breaks);
- :mod:`~ratingbook.events.start_order`: start numbers (FIDE C.04.2);
- :mod:`~ratingbook.events.forbidden_pairs`: pairs that must not meet;
- :mod:`~ratingbook.events.event`: an event (players, rounds, byes, withdrawals) and its checks;
- :mod:`~ratingbook.events.acceleration`: Baku acceleration's virtual points (C.04.5);
- :mod:`~ratingbook.events.round_robin`: what a round robin may hold.

Nothing here reads a sheet or a file, or knows gacrux: the values come in plain. A sheet's rows
are read into this model in :mod:`ratingbook.workbook` (``*_rows.py``).
"""
