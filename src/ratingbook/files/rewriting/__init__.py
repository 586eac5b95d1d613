"""The ``openpyxl`` back end (``--backend openpyxl``): load the file with openpyxl, rewrite it.

:class:`XlsxBook` implements :class:`ratingbook.workbook.port.book.FileBook`; openpyxl cannot carry
shapes, charts it cannot read, slicers, a pivot table's conditional formatting and the like,
which it names (``uncarried``, the drawings and what each pivot table loses, by the table's
name and sheet, by :mod:`~ratingbook.files.rewriting.openpyxl_losses`) and which make it
refuse ``--in-place``. Print setups and charts are applied by
:mod:`~ratingbook.files.rewriting.openpyxl_presentation`; the charts openpyxl reads keep
their text as the file holds it by :mod:`~ratingbook.files.rewriting.openpyxl_charts`; cells'
formats and a sheet's layout are read and given back (an undo's) by
:mod:`~ratingbook.files.rewriting.openpyxl_looks`; rows alike but for their number are built
and written once by :mod:`~ratingbook.files.rewriting.openpyxl_rows` (openpyxl's objects and
bytes, faster).
"""

from ratingbook.files.rewriting.openpyxl_book import OpenpyxlBook, XlsxBook

__all__ = ["OpenpyxlBook", "XlsxBook"]
