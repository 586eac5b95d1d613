"""The vocabulary every layer shares: results, game rules, cell values, tables, references.

- :mod:`~ratingbook.core.results`: game results and every accepted spelling of them;
- :mod:`~ratingbook.core.rules`: game-level rules every system shares (self-play, points per
  game, W/D/L, competition ranks);
- :mod:`~ratingbook.core.cells`: what a cell's value means (typed readers, bounds, Excel's
  arithmetic noise, the never-calculated formula);
- :mod:`~ratingbook.core.refs`: Excel's column letters and cell references;
- :mod:`~ratingbook.core.tables`: a sheet's grid -> its header row -> typed rows;
- :mod:`~ratingbook.core.fields`: the keys the rules report a mistake at (the workbook maps
  each to its column's header);
- :mod:`~ratingbook.core.encoding`: how the bytes of a text file become text;
- :mod:`~ratingbook.core.typed_commands`: how a message spells a command the user types on a
  book (shell-quoted, ``--in-place`` where it would write a copy).

Pure: nothing here knows a spreadsheet library, a file or a front end.
"""
