"""The names of the reports: one home for what each table is called.

A report's name is its title everywhere it is shown: the generated sheet of that name in the
workbook, the page of the published site, and the heading of ``ratingbook explain``. The
workbook's schemas take the generated sheets' names from here: an event's, and the ladder's,
Elo's and Crikey's standings and histories. (The progress charts and their numbers are the
workbook's own sheets, named in :mod:`ratingbook.workbook.sheets.schemas`.)
"""

from __future__ import annotations

__all__ = [
    "BOARD_PRIZES",
    "CONTENDERS",
    "CRIKEY_HISTORY",
    "CRIKEY_STANDINGS",
    "ELO_HISTORY",
    "ELO_STANDINGS",
    "LADDER_STANDINGS",
    "LIST_CHANGES",
    "LIST_HISTORY",
    "NEAR_DUPLICATES",
    "NORMS",
    "PAIRING_NOTES",
    "PRIZE_LIST",
    "RATING_GAMES",
    "RATING_HISTORY",
    "RATING_LIST",
    "RATING_REPORT",
    "SERIES_NOTES",
    "SERIES_STANDINGS",
    "STANDINGS_NOTES",
    "SWISS_CROSSTABLE",
    "SWISS_PAIRINGS",
    "SWISS_STANDINGS",
    "TEAM_STANDINGS",
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
#: The end of an event (issue 27): the prize list (a Prizes sheet), the title norms (FIDE
#: Rated), who can still win (rounds left).
PRIZE_LIST = "Prize List"
NORMS = "Norms"
CONTENDERS = "Contenders"

#: A team event: its table, and each board's players with their points and performance (its
#: board prizes; a team event has no Prize List).
TEAM_STANDINGS = "Team Standings"
BOARD_PRIZES = "Board Prizes"

#: A season series (a Grand Prix): the standings across events, and why each player is where he is.
SERIES_STANDINGS = "Series Standings"
SERIES_NOTES = "Series Notes"

#: The camp ladder: the week's standings and every game replayed with both players' ratings.
LADDER_STANDINGS = "Ladder Standings"
RATING_HISTORY = "Rating History"
#: Crikey (seed 000) and Elo (seed 003): the standings and every game with the ratings it moved.
CRIKEY_STANDINGS = "Crikey Standings"
CRIKEY_HISTORY = "Crikey History"
ELO_STANDINGS = "Elo Standings"
ELO_HISTORY = "Elo History"
#: A season's rating list (issue 35): the list, each player's periods, each period's changes in
#: words, and the names that may be one person. (Its history is "List History": the ladder's
#: "Rating History" is another table, and one book may hold both families.)
RATING_LIST = "Season List"
LIST_HISTORY = "List History"
LIST_CHANGES = "Rating Changes"
NEAR_DUPLICATES = "Near Duplicates"
