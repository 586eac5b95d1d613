"""The book's sheets: their names and columns, and how they are read into the engine's model.

:mod:`~ratingbook.workbook.sheets.schemas` (every sheet name and input table's columns),
:mod:`~ratingbook.workbook.sheets.reading` (how a planner reads the book's tables); the rows of an
event's input sheets read into :mod:`ratingbook.events`' model and written back
(``settings_rows``, ``event_rows``, ``forbidden_pair_rows``, ``prize_rows``,
``team_settings_rows``); an event read whole (``event_book``, ``team_book``, ``end_reports`` for
the end-of-event tables); a rating list's rows and the list read whole (``list_rows``,
``list_book``); FIDE mode's record (``event_log_sheet``: the ``Event Log`` and
``Event State`` sheets); and the sheets made from reports (``report_sheet``, ``charts``). A reader
plans nothing: the planners (:mod:`ratingbook.workbook.plans`) stand on these modules, never the
other way round.
"""
