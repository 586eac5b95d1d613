"""Workbook files: the disk, the Office Open XML package, and the two back ends.

- :mod:`~ratingbook.files.disk`: path checks, temporary files, the in-place hold, atomic saving;
- :mod:`~ratingbook.files.ooxml`: the .xlsx package both back ends share (zip, relationships,
  the workbook part, whether a file vouches for its formulas' values);
- :mod:`~ratingbook.files.patching`: the ``package`` back end (the default), which patches the
  package and copies every other part unchanged;
- :mod:`~ratingbook.files.rewriting`: the ``openpyxl`` back end, which rewrites the file;
- :mod:`~ratingbook.files.backends`: the back ends' names and :func:`open_book`.
"""
