"""FIDE mode (C.02 and the TEC Manual): the log, what it remembers, the changes, the machine.

The modules, from the bottom up:

- :mod:`~ratingbook.events.fide_mode.log`: the log's entries, kinds, warning levels, the chain;
- :mod:`~ratingbook.events.fide_mode.state`: what the log last recorded of an event (a snapshot
  with its format version);
- :mod:`~ratingbook.events.fide_mode.corrections`: FIDE's rule for correcting a result: which
  retyped result is a correction, at which level, what its warning says, and whether a round
  typed by hand in the same run reads as paired before it;
- :mod:`~ratingbook.events.fide_mode.logged_change`: what one change to log holds;
- :mod:`~ratingbook.events.fide_mode.result_changes`: which results retyped in rounds paired
  are logged (corrections, adjourned games, rating-report-only corrections), at which level;
- :mod:`~ratingbook.events.fide_mode.round_changes`: which changes to a round's pairing are
  logged (paired, unpaired, changed by hand, a warned bye), at which level;
- :mod:`~ratingbook.events.fide_mode.setup_changes`: which changes to the setup after round 1
  are logged (settings, players, tie-break values typed, forbidden pairs), at which level;
- :mod:`~ratingbook.events.fide_mode.changes`: every logged change, in the order logged;
- :mod:`~ratingbook.events.fide_mode.team_changes`: a team event's logged changes (a round
  paired or taken back, a board result corrected), through the same rules and rows;
- :mod:`~ratingbook.events.fide_mode.manual`: what a round paired by hand breaks;
- :mod:`~ratingbook.events.fide_mode.machine`: the state machine: the mode, the manual phase,
  what each level asks, the confirmations.

The workbook keeps the log and the state in sheets (``workbook/sheets/event_log_sheet.py``) and
runs the machine for a run (``workbook/plans/fide_plan.py``; a team event's,
``workbook/plans/team_log.py``); the session asks the front end.
"""
