"""The ``package`` back end (the default): reads cells with python-calamine, writes by patching
the .xlsx zip.

:class:`PackageBook` implements :class:`ratingbook.workbook.port.book.FileBook`, like
:class:`ratingbook.files.rewriting.XlsxBook`, but never loads the workbook into an object model,
so it is fast and it loses nothing:

- reading: python-calamine (Rust) gives each sheet's values, cached values for formulas; Excel
  error cells and formulas that were never calculated, which calamine reports as empty, are found
  in the sheet's XML and handed over as ``"#N/A"``-like strings and
  :class:`ratingbook.core.cells.Uncalculated`;
- writing: the package is copied part by part. Untouched parts (other sheets, drawings, charts,
  images, pivot tables, macros...) are copied unchanged; a sheet that receives write blocks has
  only the target cells of its ``<sheetData>`` rewritten, keeping each cell's style; a generated
  sheet is written as a new part (or replaces its old part). Strings are written as inline
  strings, so text starting with ``=`` is never a formula and ``sharedStrings.xml`` is untouched;
- Excel recalculates dependent formulas on open: ``calcChain.xml`` is dropped and
  ``fullCalcOnLoad`` is set; formulas' stored values count only where the file vouches for
  them (see :mod:`ratingbook.files.ooxml.trust`), else they read as never calculated; a formula
  that may read a cell ratingbook wrote loses its stored value, so that every program computes
  it (:mod:`~ratingbook.files.patching.stale`);
- workbook parts are parsed with defusedxml (no DTDs, no entities) and edited as text, so
  namespace prefixes, ``mc:Ignorable`` and extensions survive exactly;
- saving goes to a temporary file in the target's folder, then replaces the target atomically.

The modules, each deciding one thing, from the bottom up (each imports only those above it and
:mod:`ratingbook.files.ooxml`):

- :mod:`~ratingbook.files.patching.styles`: styles.xml, cell formats reused or appended;
- :mod:`~ratingbook.files.patching.cells`: Python values -> ``<c>`` elements;
- :mod:`~ratingbook.files.patching.walker`: the one walker over a sheet's rows and cells;
- :mod:`~ratingbook.files.patching.reading`: what a read cell gives (calamine cleaned up, errors,
  never-calculated formulas);
- :mod:`~ratingbook.files.patching.patch`: write blocks patched into a sheet's XML;
- :mod:`~ratingbook.files.patching.tableparts`: Excel tables' parts grown over appended rows;
- :mod:`~ratingbook.files.patching.stale`: the stored values of formulas reading what was written,
  dropped;
- :mod:`~ratingbook.files.patching.drawing`: charts as drawing parts;
- :mod:`~ratingbook.files.patching.generated`: new sheets' XML, streamed;
- :mod:`~ratingbook.files.patching.looks`: a sheet's formats read as looks, and given back;
- :mod:`~ratingbook.files.patching.render`: what the new package holds;
- :mod:`~ratingbook.files.patching.package_book`: :class:`PackageBook`.
"""

from ratingbook.files.patching.package_book import PackageBook

__all__ = ["PackageBook"]
