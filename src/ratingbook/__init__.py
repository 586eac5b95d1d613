"""ratingbook: a chess rating engine that lives in Excel.

The engine modules (:mod:`ratingbook.ladder`, :mod:`ratingbook.crikey`, :mod:`ratingbook.elo`,
:mod:`ratingbook.swiss`) are pure Python and import no spreadsheet library. The Excel entry points
``main()`` (the ribbon's Recalc Ratings button), ``new_week()`` (Start New Week),
``recalc_book(book)`` and ``new_week_book(book)`` come from :mod:`ratingbook.excel` and are
loaded on first use, so ``import ratingbook`` stays light.
"""

from __future__ import annotations

from typing import Any

from ratingbook.errors import RatingbookError

__all__ = [
    "RatingbookError",
    "__version__",
    "main",
    "new_week",
    "new_week_book",
    "recalc_book",
]
__version__ = "0.1.0"

_EXCEL_ENTRY_POINTS = ("main", "new_week", "new_week_book", "recalc_book")


def __getattr__(name: str) -> Any:
    # Lazy: the Excel front end imports xlwings, which the engine and the CLI's seed formats
    # never need.
    if name in _EXCEL_ENTRY_POINTS:
        from ratingbook import excel

        return getattr(excel, name)
    raise AttributeError(f"module 'ratingbook' has no attribute {name!r}")


def __dir__() -> list[str]:
    # So that dir() and help(ratingbook) list the entry points (loading them) like the rest.
    return sorted({*globals(), *_EXCEL_ENTRY_POINTS})
