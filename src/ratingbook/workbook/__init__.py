"""A workbook's ratings: read its sheets, compute every family, then write, over a small Book.

Front ends change a book through :mod:`ratingbook.session`, which calls the planners here;
:func:`recalc`, :func:`new_week`, :func:`pair` and :func:`pair_every_round` (from
:mod:`~ratingbook.workbook.actions`, with :func:`plan_recalc` and :func:`plan_new_week`, which
compute without writing) run a plan on any :class:`~ratingbook.workbook.book.Book` where nobody
can be asked for a confirmation (code, tests). They are loaded on first use, so that importing
the Book port loads no planner. The modules, by job, from the bottom up:

- the Book port and what the adapters share: :mod:`~ratingbook.workbook.presentation` (how a
  generated sheet prints, and its charts, as data), :mod:`~ratingbook.workbook.book` (the Book
  interface and the plan of writes), :mod:`~ratingbook.workbook.table_growth` (Excel tables
  growing over appended rows), :mod:`~ratingbook.workbook.grid_book` (a Book over plain
  grids: read-only for the worksheet functions, or written in memory),
  :mod:`~ratingbook.workbook.run_request` (what a planner may know of its run);
- the sheets: :mod:`~ratingbook.workbook.schemas` (every sheet name and input table's columns),
  :mod:`~ratingbook.workbook.reading` (how a planner reads the book's tables),
  :mod:`~ratingbook.workbook.report_sheet` (a report's table as the sheet written),
  :mod:`~ratingbook.workbook.charts` (rating progression sheets and their charts),
  :mod:`~ratingbook.workbook.families` (which families a book holds);
- the rows of an event's input sheets, read into :mod:`ratingbook.events`' model (and written
  back): :mod:`~ratingbook.workbook.settings_rows`, :mod:`~ratingbook.workbook.event_rows`,
  :mod:`~ratingbook.workbook.forbidden_pair_rows`, :mod:`~ratingbook.workbook.prize_rows`,
  :mod:`~ratingbook.workbook.team_settings_rows`; an event read whole:
  :mod:`~ratingbook.workbook.event_book` (Swiss), :mod:`~ratingbook.workbook.team_book`
  (team, for the worksheet functions), :mod:`~ratingbook.workbook.end_reports` (the
  end-of-event tables);
- one planner per family: :mod:`~ratingbook.workbook.ladder_plan` (with
  :mod:`~ratingbook.workbook.camp_week` and :mod:`~ratingbook.workbook.week_plan`, the camp
  week), :mod:`~ratingbook.workbook.crikey_plan`, :mod:`~ratingbook.workbook.elo_plan`,
  :mod:`~ratingbook.workbook.swiss_plan` (with :mod:`~ratingbook.workbook.end_plan`, the
  end-of-event sheets), :mod:`~ratingbook.workbook.team_plan`; each family's tables are made in
  :mod:`ratingbook.reports`; :mod:`~ratingbook.workbook.players_update` (``players update``);
- FIDE mode's record and acts: :mod:`~ratingbook.workbook.event_log_sheet` (the ``Event Log``
  and ``Event State`` sheets), :mod:`~ratingbook.workbook.rating_corrections`,
  :mod:`~ratingbook.workbook.fide_plan` (what changed, the warnings, which act waits for
  which confirmation), :mod:`~ratingbook.workbook.fide_actions` (unpair),
  :mod:`~ratingbook.workbook.result_entry` (a board's result entered);
- :mod:`ratingbook.workbook.kinds`: the event-kind protocol, an individual or a team event
  read, ranked, paired, explained, exported and published alike, the kind chosen in one place;
- :mod:`~ratingbook.workbook.actions`: the order of a run (plan everything, then write).
"""

from typing import Any

__all__ = ["new_week", "pair", "pair_every_round", "plan_new_week", "plan_recalc", "recalc"]


def __getattr__(name: str) -> Any:
    # Lazy: the Book port (workbook.book), which the file back ends import, loads no planner.
    if name in __all__:
        from ratingbook.workbook import actions

        return getattr(actions, name)
    raise AttributeError(f"module 'ratingbook.workbook' has no attribute {name!r}")
