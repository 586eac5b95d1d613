"""A workbook's ratings: read its sheets, compute every family, then write, over a small Book.

:func:`recalc`, :func:`new_week`, :func:`pair` and :func:`pair_every_round` (from
:mod:`~ratingbook.workbook.actions`, with :func:`plan_recalc` and :func:`plan_new_week`, which
compute without writing) are what every front end calls with a
:class:`~ratingbook.workbook.book.Book`. The modules, by job, from the bottom up:

- the Book port and what the adapters share: :mod:`~ratingbook.workbook.presentation` (how a
  generated sheet prints, and its charts, as data), :mod:`~ratingbook.workbook.book` (the Book
  interface and the plan of writes), :mod:`~ratingbook.workbook.table_growth` (Excel tables
  growing over appended rows), :mod:`~ratingbook.workbook.grid_book` (a read-only Book over
  plain grids, for the worksheet functions);
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
  :mod:`~ratingbook.workbook.book_history` (undo inside the book, for Excel),
  :mod:`~ratingbook.workbook.fide_run` (how this run confirms),
  :mod:`~ratingbook.workbook.fide_plan` (what changed, the warnings, the confirmations),
  :mod:`~ratingbook.workbook.fide_actions` (unpair, the manual phase);
- :mod:`ratingbook.workbook.kinds`: the event-kind protocol, an individual or a team event
  read, ranked, paired, explained, exported and published alike, the kind chosen in one place;
- :mod:`~ratingbook.workbook.actions`: the order of a run (plan everything, then write).
"""

from ratingbook.workbook.actions import (
    new_week,
    pair,
    pair_every_round,
    plan_new_week,
    plan_recalc,
    recalc,
)

__all__ = ["new_week", "pair", "pair_every_round", "plan_new_week", "plan_recalc", "recalc"]
