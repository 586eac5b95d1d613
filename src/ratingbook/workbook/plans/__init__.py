"""One planner per family, and FIDE mode's acts: what a run will write, computed without writing.

The families: ``ladder_plan`` (with ``camp_week`` and ``week_plan``, the camp week),
``crikey_plan``, ``elo_plan``, ``swiss_plan`` (with ``end_plan``, the end-of-event sheets),
``team_plan``; ``families`` (which families a book holds, each planner loaded only when the book
holds its family); ``players_update`` (``players update``). FIDE mode's acts:
``rating_corrections``, ``fide_plan`` (what changed, the warnings, which act waits for which
confirmation), ``fide_actions`` (unpair) and ``result_entry`` (a board's result entered). Each
family's tables are made in :mod:`ratingbook.reports`.
"""
