"""The workbook's sheets: every sheet name and every input table's columns, in one place.

This module alone decides what the sheets are called and which headers (with their accepted
other spellings) each input table has. The planners in ``families/`` read these tables, the
templates build them, and the generated sheets' names are the ones ratingbook rebuilds on every
run. Rename a sheet or add a header spelling here, and every front end follows.
"""

from __future__ import annotations

from ratingbook.tables import Column, TableSpec

__all__ = [
    "CAMP_GROUPS",
    "CRIKEY_GAMES",
    "CRIKEY_HISTORY",
    "CRIKEY_PLAYERS",
    "CRIKEY_STANDINGS",
    "ELO_GAMES",
    "ELO_HISTORY",
    "ELO_PLAYERS",
    "ELO_SETTINGS",
    "ELO_STANDINGS",
    "GAMES_ARCHIVE",
    "LADDER_GAMES",
    "LADDER_PLAYERS",
    "LADDER_STANDINGS",
    "RATING_HISTORY",
    "SWISS_CROSSTABLE",
    "SWISS_EVENT_GAMES",
    "SWISS_GAMES",
    "SWISS_PAIRINGS",
    "SWISS_PLAYERS",
    "SWISS_SETTINGS",
    "SWISS_STANDINGS",
]

# --- input tables ----------------------------------------------------------------------------

LADDER_PLAYERS = TableSpec(
    "Ladder Players",
    (
        Column("ID"),
        Column("Name"),
        Column("Group"),
        Column("Active"),
        Column("Rating"),
        Column("Permanent Rating"),
        Column("StWkPerm", aliases=("Start Week Permanent", "Start of Week Permanent")),
    ),
)
LADDER_GAMES = TableSpec("Ladder Games", (Column("White"), Column("Black"), Column("Result")))
CAMP_GROUPS = TableSpec("Camp Groups", (Column("Group"), Column("Initial Ladder Rating")))

CRIKEY_PLAYERS = TableSpec("Crikey Players", (Column("Name"), Column("Rating")))
CRIKEY_GAMES = TableSpec(
    "Crikey Games",
    (
        Column("White"),
        Column("Black"),
        Column("Result", aliases=("White Result",)),
        Column("White Pieces"),
        Column("Black Pieces"),
    ),
)

ELO_PLAYERS = TableSpec("Elo Players", (Column("Name"), Column("Rating")))
ELO_GAMES = TableSpec(
    "Elo Games", (Column("White"), Column("Black"), Column("Result", aliases=("Score",)))
)
ELO_SETTINGS = TableSpec("Elo Settings", (Column("Setting"), Column("Value")))

SWISS_PLAYERS = TableSpec(
    "Swiss Players",
    (
        Column("Name"),
        Column("Rating", required=False),
        Column("FIDE ID", required=False, aliases=("FIDE Id", "FideID", "FIDE Number")),
        Column("Title", required=False),
        Column("Federation", required=False, aliases=("Fed",)),
        Column("Birth", required=False, aliases=("Birth Date", "Born")),
        Column("Sex", required=False),
        Column("Withdrawn", required=False),
    ),
)
# The seed's table: each side's points (seed 004); read by the seed's own standings.
SWISS_GAMES = TableSpec(
    "Swiss Games",
    (
        Column("Round", required=False),
        Column("White"),
        Column("Black"),
        Column("White Points"),
        Column("Black Points"),
    ),
)
# The same sheet as a Swiss event holds it: a Result per row (games, forfeits, byes), boards,
# and the seed's point columns still accepted where Result is empty.
SWISS_EVENT_GAMES = TableSpec(
    "Swiss Games",
    (
        Column("Round", required=False),
        Column("Board", required=False),
        Column("White"),
        Column("Black"),
        Column("Result", required=False),
        Column("White Points", required=False),
        Column("Black Points", required=False),
    ),
)
SWISS_SETTINGS = TableSpec("Swiss Settings", (Column("Setting"), Column("Value")))

# --- sheets ratingbook generates (rebuilt on every run) ----------------------------------------

LADDER_STANDINGS = "Ladder Standings"
RATING_HISTORY = "Rating History"
GAMES_ARCHIVE = "Games Archive"
CRIKEY_STANDINGS = "Crikey Standings"
CRIKEY_HISTORY = "Crikey History"
ELO_STANDINGS = "Elo Standings"
ELO_HISTORY = "Elo History"
SWISS_STANDINGS = "Swiss Standings"
SWISS_CROSSTABLE = "Crosstable"
SWISS_PAIRINGS = "Pairings"
