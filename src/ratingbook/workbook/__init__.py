"""A workbook's ratings: read its sheets, compute every family, then write, over a small Book.

Front ends change a book through :mod:`ratingbook.session`, which calls the planners here;
:func:`recalc`, :func:`new_week`, :func:`pair` and :func:`pair_every_round` (from
:mod:`~ratingbook.workbook.actions`, with :func:`plan_recalc` and :func:`plan_new_week`, which
compute without writing) run a plan on any :class:`~ratingbook.workbook.port.book.Book` where
nobody can be asked for a confirmation (code, tests). They are loaded on first use, so that
importing the Book port loads no planner. The rooms, from the bottom up (a room imports only
the rooms below it; ``tests/test_architecture.py`` checks):

- :mod:`~ratingbook.workbook.port`: the Book port and what the adapters share (the Book
  interface and the plan of writes, how a generated sheet prints, tables growing over appended
  rows, a Book over plain grids, what a planner may know of its run);
- :mod:`~ratingbook.workbook.sheets`: every sheet's name and columns, and the readers: the rows
  of an event's input sheets read into :mod:`ratingbook.events`' model (and written back), an
  event read whole, the ``Event Log`` and ``Event State`` sheets, the sheets made from reports;
- :mod:`~ratingbook.workbook.plans`: one planner per family (each family's tables are made in
  :mod:`ratingbook.reports`), ``players update``, and FIDE mode's acts (what changed, the
  warnings, which act waits for which confirmation; unpair; a board's result entered);
- :mod:`~ratingbook.workbook.kinds`: the event-kind protocol, an individual or a team event
  read, ranked, paired, explained, exported and published alike, the kind chosen in one place;
- :mod:`~ratingbook.workbook.actions`: the order of a run (plan everything, then write).
"""

from typing import Any

__all__ = ["new_week", "pair", "pair_every_round", "plan_new_week", "plan_recalc", "recalc"]


def __getattr__(name: str) -> Any:
    # Lazy: the Book port (workbook.port.book), which the file back ends import, loads no planner.
    if name in __all__:
        from ratingbook.workbook import actions

        return getattr(actions, name)
    raise AttributeError(f"module 'ratingbook.workbook' has no attribute {name!r}")
