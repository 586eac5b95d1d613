"""The package file engine: reads cells with python-calamine, writes by patching the .xlsx zip.

:class:`PackageBook` implements :class:`ratingbook.book.FileBook`, like
:class:`ratingbook.xlsx.XlsxBook`, but never loads the workbook into an object model, so it is
fast and it loses nothing:

- reading: python-calamine (Rust) gives each sheet's values, cached values for formulas; Excel
  error cells and formulas that were never calculated, which calamine reports as empty, are found
  in the sheet's XML and handed over as ``"#N/A"``-like strings and :class:`tables.Uncalculated`;
- writing: the package is copied part by part. Untouched parts (other sheets, drawings, charts,
  images, pivot tables, macros...) are copied unchanged; a sheet that receives write blocks has
  only the target cells of its ``<sheetData>`` rewritten, keeping each cell's style; a generated
  sheet is written as a new part (or replaces its old part). Strings are written as inline
  strings, so text starting with ``=`` is never a formula and ``sharedStrings.xml`` is untouched;
- Excel recalculates dependent formulas on open: ``calcChain.xml`` is dropped and
  ``fullCalcOnLoad`` is set; formulas' stored values count only where the file vouches for
  them (see :mod:`~ratingbook.package.trust`), else they read as never calculated;
- workbook parts are parsed with defusedxml (no DTDs, no entities) and edited as text, so
  namespace prefixes, ``mc:Ignorable`` and extensions survive exactly;
- saving goes to a temporary file in the target's folder, then replaces the target atomically.

The modules, each deciding one thing, from the bottom up (each imports only those above it):

- :mod:`~ratingbook.package.xmltext`: XML text, attributes, hostile and damaged XML refused;
- :mod:`~ratingbook.package.refs`: cell references ``AB12`` <-> (row, column);
- :mod:`~ratingbook.package.zipread`: the zip's members, their checks, their stored bytes;
- :mod:`~ratingbook.package.opc`: relationships and content types;
- :mod:`~ratingbook.package.styles`: styles.xml, cell formats reused or appended;
- :mod:`~ratingbook.package.cells`: Python values -> ``<c>`` elements;
- :mod:`~ratingbook.package.workbookpart`: workbook.xml: sheets, date system, ``calcPr``;
- :mod:`~ratingbook.package.walker`: the one walker over a sheet's rows and cells;
- :mod:`~ratingbook.package.reading`: what a read cell gives (calamine cleaned up, errors,
  never-calculated formulas);
- :mod:`~ratingbook.package.patch`: write blocks patched into a sheet's XML;
- :mod:`~ratingbook.package.tableparts`: Excel tables' parts grown over appended rows;
- :mod:`~ratingbook.package.generated`: new sheets' XML, streamed;
- :mod:`~ratingbook.package.zipwrite`: the output zip (deflated in a thread where one can run);
- :mod:`~ratingbook.package.trust`: whether a file vouches for its formulas' stored values, and
  the mark ratingbook leaves in the books it saves (also used by :mod:`ratingbook.xlsx`);
- :mod:`~ratingbook.package.render`: what the new package holds;
- :mod:`~ratingbook.package.book`: :class:`PackageBook`.
"""

from ratingbook.package.book import PackageBook

__all__ = ["PackageBook"]
