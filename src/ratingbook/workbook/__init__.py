"""A workbook's ratings: read its sheets, compute every family, then write, over a small Book.

:func:`recalc`, :func:`new_week` and :func:`pair` (from :mod:`~ratingbook.workbook.actions`) are
what every front end calls with a :class:`~ratingbook.workbook.book.Book`. The modules, from the
bottom up:

- :mod:`~ratingbook.workbook.presentation`: how a generated sheet prints, and its charts, as data;
- :mod:`~ratingbook.workbook.book`: the Book interface and the plan of writes;
- :mod:`~ratingbook.workbook.schemas`: every sheet name and every input table's columns;
- :mod:`~ratingbook.workbook.report_sheet`: a report's table as the sheet written;
- :mod:`~ratingbook.workbook.table_growth`: Excel tables growing over appended rows;
- :mod:`~ratingbook.workbook.charts`: rating progression sheets and their charts;
- :mod:`~ratingbook.workbook.camp_week`: the camp week (the Week cell, the archived weeks);
- :mod:`~ratingbook.workbook.reading`: how a planner reads the book's tables;
- the rows of an event's input sheets, read into :mod:`ratingbook.events`' model (and written
  back): :mod:`~ratingbook.workbook.settings_rows`,
  :mod:`~ratingbook.workbook.forbidden_pair_rows`, :mod:`~ratingbook.workbook.event_rows`,
  :mod:`~ratingbook.workbook.team_settings_rows`, :mod:`~ratingbook.workbook.prize_rows`;
- one planner per family: :mod:`~ratingbook.workbook.ladder_plan`,
  :mod:`~ratingbook.workbook.week_plan`, :mod:`~ratingbook.workbook.crikey_plan`,
  :mod:`~ratingbook.workbook.elo_plan`, :mod:`~ratingbook.workbook.swiss_plan` (each family's
  tables are made in :mod:`ratingbook.reports`);
- :mod:`~ratingbook.workbook.families`: which families a book holds;
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
