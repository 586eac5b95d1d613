"""The seeds' maths, pure: plain values in, new values out.

- :mod:`~ratingbook.ratings.ladder`: the SCA camp ladder (seed 001);
- :mod:`~ratingbook.ratings.crikey`: the Crikey rating points exchange (seed 000);
- :mod:`~ratingbook.ratings.elo`: Elo's expected score and update, the series (seed 003) and the
  LCG tournament (seed 002);
- :mod:`~ratingbook.ratings.swiss_standings`: seed 004's standings (points, resistance,
  Sonneborn-Berger, blacks);
- a rating list across a season: :mod:`~ratingbook.ratings.glicko2` (Glickman's Glicko-2, one
  period), :mod:`~ratingbook.ratings.season_model` (the games, starts and lines),
  :mod:`~ratingbook.ratings.elo_rules` (a club's K rules and rounding),
  :mod:`~ratingbook.ratings.elo_periods` and :mod:`~ratingbook.ratings.glicko2_periods` (one
  period of each system) and :mod:`~ratingbook.ratings.rating_periods` (the season, period
  after period).

This is the rating *engine*: no module here imports a spreadsheet library, reads a file or
knows a sheet (a test checks).
"""
