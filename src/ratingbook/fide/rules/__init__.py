"""The FIDE rules gacrux does not have, written here, each with its article; pure (values in,
values out), on gacrux's rating tables where FIDE publishes one:

- title norms (Title Regulations B.01, applied from 1 January 2024):
  :mod:`~ratingbook.fide.rules.norms` holds the rules' figures (the titles' minima, the
  average rating of the opponents, the performance, the mix of titles and federations),
  :mod:`~ratingbook.fide.rules.norm_check` checks one player's games by them, each
  requirement a line,
  :mod:`~ratingbook.fide.rules.norm_games` says which games may count,
  :mod:`~ratingbook.fide.rules.norm_outlook` what a player still needs before the last rounds,
  and :mod:`~ratingbook.fide.rules.norm_event` applies them to a Swiss event;
- ratings (Rating Regulations B.02): :mod:`~ratingbook.fide.rules.rating_regulations` the
  rating changes, K and performances as in force on a date, and
  :mod:`~ratingbook.fide.rules.rating_report` an event's rating report by them;
- :mod:`~ratingbook.fide.rules.rating_list`: FIDE's rating lists read as a stream.

("Ratings" alone is :mod:`ratingbook.ratings`, the seeds' rating maths.) Nothing here imports
the adapter :mod:`ratingbook.fide.gacrux` or the fast path; importing this package loads none
of its modules.
"""
