"""The file back ends: how ``--backend`` names one, and the book a workbook file opens as.

- ``package`` (the default): :class:`~ratingbook.files.patching.PackageBook` reads the cells
  with python-calamine and patches the workbook package, copying every other part unchanged;
- ``openpyxl``: :class:`~ratingbook.files.rewriting.XlsxBook` loads the file with openpyxl and
  rewrites it whole (it cannot carry shapes, charts it cannot read, slicers, some of a pivot
  table and the like, and says so).

Both implement :class:`ratingbook.workbook.port.book.FileBook`; nothing else chooses between them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ratingbook.workbook.port.book import FileBook

__all__ = ["BACKENDS", "DEFAULT_BACKEND", "open_book"]

#: The back ends' names, as ``--backend`` takes them.
BACKENDS = ("package", "openpyxl")
DEFAULT_BACKEND = "package"


def open_book(path: str, backend: str = DEFAULT_BACKEND) -> FileBook:
    """The book at ``path`` through the named back end (see the module docstring).

    The back end is imported on demand, so a command loads only the one it uses.
    """
    if backend == "openpyxl":
        from ratingbook.files.rewriting import XlsxBook

        return XlsxBook(path)
    if backend != "package":
        raise ValueError(f"unknown back end {backend!r}; expected one of {', '.join(BACKENDS)}")
    from ratingbook.files.patching import PackageBook

    return PackageBook(path)
