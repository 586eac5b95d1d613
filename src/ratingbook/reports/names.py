"""The names of an event's reports: one home for what each table is called.

A report's name is its title everywhere it is shown: the generated sheet of that name in the
workbook, the page of the published site, and the heading of ``ratingbook explain``. The
workbook's schemas take the generated sheets' names from here.
"""

from __future__ import annotations

__all__ = [
    "PAIRING_NOTES",
    "RATING_GAMES",
    "RATING_REPORT",
    "STANDINGS_NOTES",
    "SWISS_CROSSTABLE",
    "SWISS_PAIRINGS",
    "SWISS_STANDINGS",
]

SWISS_STANDINGS = "Swiss Standings"
SWISS_CROSSTABLE = "Crosstable"
SWISS_PAIRINGS = "Pairings"
#: A FIDE-rated event's rating report (``FIDE Rated`` set): a line a player, a line a game.
RATING_REPORT = "Rating Report"
RATING_GAMES = "Rating Games"
#: Why the round shown was paired so, and why each player is ranked where he is.
PAIRING_NOTES = "Pairing Notes"
STANDINGS_NOTES = "Standings Notes"
