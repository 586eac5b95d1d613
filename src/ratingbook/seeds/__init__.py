"""The seeds' text formats, read (with line-numbered errors) and printed back.

- :mod:`~ratingbook.seeds.crikey_text`: Crikey (seed 000), the contest's judge input and output;
- :mod:`~ratingbook.seeds.elo_text`: the Elo series (seed 003), ``file.in`` and ``file.out``;
- :mod:`~ratingbook.seeds.swiss_text`: Swiss standings (seed 004), the games and the table;
- :mod:`~ratingbook.seeds.lines`: how every one of them reads lines and names a bad one.
"""
