"""The seeds' maths, pure: plain values in, new values out.

- :mod:`~ratingbook.ratings.ladder`: the SCA camp ladder (seed 001);
- :mod:`~ratingbook.ratings.crikey`: the Crikey rating points exchange (seed 000);
- :mod:`~ratingbook.ratings.elo`: Elo's expected score and update, the series (seed 003) and the
  LCG tournament (seed 002);
- :mod:`~ratingbook.ratings.swiss_standings`: seed 004's standings (points, resistance,
  Sonneborn-Berger, blacks).

This is the rating *engine*: no module here imports a spreadsheet library, reads a file or
knows a sheet (a test checks).
"""
