"""Excel through xlwings: the ribbon's button, Start New Week, Update Players (from FIDE's list
or a custom one), Report Period, Take results and the xlwings Server/Lite scripts.

- :mod:`~ratingbook.excel.xlwings_book`: :class:`XlwingsBook`, the Book interface over any
  ``xlwings.Book`` (desktop Excel and the JSON engine of xlwings Server and Lite);
- :mod:`~ratingbook.excel.scripts`: the entry points listed in ``__all__``;
- :mod:`~ratingbook.excel.lite_take`: xlwings Lite's Take results, over HTTP from the desk;
- :mod:`~ratingbook.excel.addin_file`: the add-in file (``ratingbook.xlam``) the package carries.
"""

from ratingbook.excel.lite_take import take_results_lite
from ratingbook.excel.scripts import (
    main,
    new_week,
    new_week_book,
    recalc_book,
    recalc_ratings,
    redo,
    redo_book,
    redo_last_undo,
    report_period,
    report_period_book,
    report_rating_period,
    start_new_week,
    take_results,
    take_results_book,
    take_results_from_desk,
    undo,
    undo_book,
    undo_last_change,
    unpair,
    unpair_book,
    unpair_last_round,
    update_custom_list,
    update_custom_list_book,
    update_players,
    update_players_book,
    update_players_from_custom_list,
    update_players_from_rating_list,
)
from ratingbook.excel.xlwings_book import XlwingsBook, excel_text

__all__ = [
    "XlwingsBook",
    "excel_text",
    "main",
    "new_week",
    "new_week_book",
    "recalc_book",
    "recalc_ratings",
    "redo",
    "redo_book",
    "redo_last_undo",
    "report_period",
    "report_period_book",
    "report_rating_period",
    "start_new_week",
    "take_results",
    "take_results_book",
    "take_results_from_desk",
    "take_results_lite",
    "undo",
    "undo_book",
    "undo_last_change",
    "unpair",
    "unpair_book",
    "unpair_last_round",
    "update_custom_list",
    "update_custom_list_book",
    "update_players",
    "update_players_book",
    "update_players_from_custom_list",
    "update_players_from_rating_list",
]
