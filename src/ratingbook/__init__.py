"""ratingbook: a chess rating engine that lives in Excel.

The public API, in one place (everything else is internal and may move):

- the Excel entry points ``main()`` (the ribbon's Recalc Ratings button), ``new_week()`` (Start
  New Week), ``update_players()`` (Swiss Players from FIDE's rating list),
  ``update_custom_list()`` (from the organiser's own list), ``report_period()`` (an event over
  30 days' period report, beside the book), ``unpair()`` and
  ``undo()`` (FIDE mode: take back the last round's pairing, the last logged change),
  ``take_results()`` (the results desk's released results; in xlwings Lite, over HTTP,
  ``await take_results_lite(book)``), and the same on any
  ``xlwings.Book``: ``recalc_book(book)``, ``new_week_book(book)``,
  ``update_players_book(book)``, ``update_custom_list_book(book)``,
  ``report_period_book(book)``, ``unpair_book(book)``, ``undo_book(book)``,
  ``take_results_book(book)``; they come from
  :mod:`ratingbook.excel` and are loaded on first use, so ``import ratingbook`` stays light;
- :mod:`ratingbook.excel`: the same, plus the ``@xw.script`` entry points for xlwings Server
  and Lite (``recalc_ratings``, ``start_new_week``, ``update_players_from_rating_list``,
  ``update_players_from_custom_list``, ``report_rating_period``,
  ``unpair_last_round``, ``undo_last_change``, ``take_results_from_desk``);
- :mod:`ratingbook.udfs`: the worksheet functions (``=ELO_UPDATE(...)`` and friends);
- :mod:`ratingbook.swiss`: seed 004's ``determine_output`` and ``player_result``;
- :mod:`ratingbook.workbook`: ``recalc``, ``new_week``, ``pair`` and ``pair_every_round`` on
  any :class:`~ratingbook.workbook.port.book.Book`;
- :class:`RatingbookError`: every input error is one of these;
- the ``ratingbook`` console command (:func:`ratingbook.cli.main`).

The layers (packages, and the modules ``errors`` and ``swiss``), from the bottom up (imports
point down only; ``tests/test_architecture.py`` checks): ``errors``, ``core``, ``ratings``,
``seeds``, ``swiss``, ``events``, ``trf``, ``fide``, ``reports``, ``workbook``, ``files``,
``templates``, ``web``, ``excel``, ``cli``.
"""

from __future__ import annotations

from typing import Any

from ratingbook.errors import RatingbookError

_EXCEL_ENTRY_POINTS = (
    "main",
    "new_week",
    "new_week_book",
    "recalc_book",
    "redo",
    "redo_book",
    "report_period",
    "report_period_book",
    "take_results",
    "take_results_book",
    "take_results_lite",
    "undo",
    "undo_book",
    "unpair",
    "unpair_book",
    "update_custom_list",
    "update_custom_list_book",
    "update_players",
    "update_players_book",
)
__all__ = ["RatingbookError", "__version__", *_EXCEL_ENTRY_POINTS]
__version__ = "0.1.0"


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
