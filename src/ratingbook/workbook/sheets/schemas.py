"""The workbook's sheets: every sheet name and every input table's columns, in one place.

This module alone decides what the sheets are called and which headers (with their accepted
other spellings) each input table has. The planners (``workbook/plans/``) read these tables, the
templates build them, and the generated sheets' names are the ones ratingbook rebuilds on every
run. Rename a sheet or add a header spelling here, and every front end follows. The reports'
sheets (standings, histories, crosstable, ...) are named, and Ladder Standings' columns
decided, in :mod:`ratingbook.reports`; they are handed on from here.

A column whose mistakes the rules report names its field (``Column("White", field=WHITE)``, a key
of :mod:`ratingbook.core.fields`): the rules say the key, this module maps it to the header, and
a message names the column as the sheet spells it.
"""

from __future__ import annotations

from ratingbook.core import fields
from ratingbook.core.tables import Column, TableSpec
from ratingbook.events.periods import MAX_PERIODS
from ratingbook.reports.ladder_tables import LADDER_STANDINGS_COLUMNS, WEEK_RECORD_COLUMNS
from ratingbook.reports.names import (
    CRIKEY_HISTORY,
    CRIKEY_STANDINGS,
    ELO_HISTORY,
    ELO_STANDINGS,
    LADDER_STANDINGS,
    LIST_CHANGES,
    LIST_HISTORY,
    NEAR_DUPLICATES,
    PAIRING_NOTES,
    RATING_GAMES,
    RATING_HISTORY,
    RATING_LIST,
    RATING_REPORT,
    SERIES_NOTES,
    SERIES_STANDINGS,
    STANDINGS_NOTES,
    SWISS_CROSSTABLE,
    SWISS_PAIRINGS,
    SWISS_STANDINGS,
)

__all__ = [
    "ARCHIVED_ON",
    "ARCHIVE_WEEK",
    "BY_GROUP",
    "CAMP_GROUPS",
    "CRIKEY_CHARTS",
    "CRIKEY_GAMES",
    "CRIKEY_HISTORY",
    "CRIKEY_PLAYERS",
    "CRIKEY_PROGRESS",
    "CRIKEY_STANDINGS",
    "DESK_CONFIRMS",
    "DESK_RESULTS",
    "DESK_RESULTS_COLUMNS",
    "ELO_CHARTS",
    "ELO_GAMES",
    "ELO_HISTORY",
    "ELO_PLAYERS",
    "ELO_PROGRESS",
    "ELO_SETTINGS",
    "ELO_STANDINGS",
    "ELO_SYSTEM",
    "EVENT_HISTORY",
    "EVENT_LOG",
    "EVENT_STATE",
    "FIDE_SYSTEM",
    "FORBIDDEN_PAIRS",
    "GAMES_ARCHIVE",
    "GAMES_ARCHIVE_COLUMNS",
    "GLICKO2_SYSTEM",
    "LADDER_CHARTS",
    "LADDER_GAMES",
    "LADDER_PLAYERS",
    "LADDER_PROGRESS",
    "LADDER_SETTINGS",
    "LADDER_STANDINGS",
    "LADDER_STANDINGS_COLUMNS",
    "LIST_ACTIVE",
    "LIST_ALIASES",
    "LIST_CHANGES",
    "LIST_DATE",
    "LIST_EVENTS",
    "LIST_FLOOR",
    "LIST_GAMES",
    "LIST_HISTORY",
    "LIST_K",
    "LIST_K_RULES",
    "LIST_NAME",
    "LIST_PERIOD",
    "LIST_PERIODS",
    "LIST_PLAYERS",
    "LIST_PROVISIONAL",
    "LIST_RANKS",
    "LIST_SETTINGS",
    "LIST_SETTING_NAMES",
    "LIST_START_DEVIATION",
    "LIST_SYSTEM",
    "LIST_SYSTEMS",
    "LIST_TAU",
    "NAME_COLUMNS",
    "NEAR_DUPLICATES",
    "PAIRING_NOTES",
    "PERIOD_RATING_COLUMNS",
    "POSTED_LIST_SETTING",
    "RATING_GAMES",
    "RATING_HISTORY",
    "RATING_LIST",
    "RATING_REPORT",
    "SERIES_BEST",
    "SERIES_BONUS",
    "SERIES_CATEGORIES",
    "SERIES_FACTOR",
    "SERIES_HIGHER",
    "SERIES_MINIMUM",
    "SERIES_NOTES",
    "SERIES_NO_TIES",
    "SERIES_PLACE",
    "SERIES_PLACE_POINTS",
    "SERIES_POINTS",
    "SERIES_SCORE",
    "SERIES_SCORINGS",
    "SERIES_SHARED",
    "SERIES_SHARINGS",
    "SERIES_SPLIT",
    "SERIES_STANDINGS",
    "SERIES_TIES",
    "SERIES_TIE_WORDS",
    "STANDINGS_NOTES",
    "SWISS_CROSSTABLE",
    "SWISS_EVENT_GAMES",
    "SWISS_EVENT_PLAYERS",
    "SWISS_GAMES",
    "SWISS_PAIRINGS",
    "SWISS_PLAYERS",
    "SWISS_SETTINGS",
    "SWISS_STANDINGS",
    "TEAMS",
    "TEAM_BOARDS",
    "TEAM_MATCHES",
    "TEAM_SETTINGS",
    "WEEKLY_STANDINGS",
    "WEEKLY_STANDINGS_COLUMNS",
    "WHOLE_CAMP",
    "ladder_name_formula",
    "table_name",
]

# --- input tables ----------------------------------------------------------------------------

LADDER_PLAYERS = TableSpec(
    "Ladder Players",
    (
        Column("ID", field=fields.ID),
        Column("Name", field=fields.NAME),
        Column("Group", field=fields.GROUP),
        Column("Active", field=fields.ACTIVE),
        Column("Rating"),
        Column("Permanent Rating", field=fields.PERMANENT_RATING),
        Column(
            "StWkPerm",
            aliases=("Start Week Permanent", "Start of Week Permanent"),
            field=fields.START_PERMANENT,
        ),
    ),
)
LADDER_GAMES = TableSpec(
    "Ladder Games",
    (
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("Result", field=fields.RESULT),
    ),
)
CAMP_GROUPS = TableSpec(
    "Camp Groups", (Column("Group", field=fields.GROUP), Column("Initial Ladder Rating"))
)
# A row "Week" holds the week being played; raising it by one starts a new week (campweek.py).
LADDER_SETTINGS = TableSpec(
    "Ladder Settings", (Column("Setting"), Column("Value", field=fields.VALUE))
)
#: The Ladder Settings row that says how the posted list (Ladder Standings) is laid out, and its
#: two values (empty: the whole camp).
POSTED_LIST_SETTING = "Posted List"
WHOLE_CAMP = "Whole camp"
BY_GROUP = "By group"
# Ladder Games may show each player's name beside the ID (formula columns in the template). They
# are never read; a new week keeps their formulas, and the archive gets the names as values.
NAME_COLUMNS = ("White Name", "Black Name")


def table_name(sheet: str) -> str:
    """The Excel table's name of an input sheet (the template names each after its sheet)."""
    return "".join(sheet.split())


def ladder_name_formula(side: str) -> str:
    """The player's name beside an ID on Ladder Games (``side``: "White" or "Black"): the
    calculated column of its table, written by the template and into each row the results
    desk adds (a spreadsheet program fills it only in rows typed under the table)."""
    this_row = f"{table_name(LADDER_GAMES.sheet)}[[#This Row],[{side}]]"
    players = table_name(LADDER_PLAYERS.sheet)
    return (
        f'IF({this_row}="","",IFERROR(INDEX({players}[Name],'
        f'MATCH({this_row},{players}[ID],0)),"?"))'
    )


CRIKEY_PLAYERS = TableSpec("Crikey Players", (Column("Name", field=fields.NAME), Column("Rating")))
CRIKEY_GAMES = TableSpec(
    "Crikey Games",
    (
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("Result", aliases=("White Result",), field=fields.RESULT),
        Column("White Pieces", field=fields.WHITE_PIECES),
        Column("Black Pieces", field=fields.BLACK_PIECES),
    ),
)

ELO_PLAYERS = TableSpec("Elo Players", (Column("Name", field=fields.NAME), Column("Rating")))
ELO_GAMES = TableSpec(
    "Elo Games",
    (
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("Result", aliases=("Score",), field=fields.RESULT),
    ),
)
ELO_SETTINGS = TableSpec("Elo Settings", (Column("Setting"), Column("Value", field=fields.VALUE)))

#: ``Swiss Players``' column of each later rating period's rating (an event over 30 days):
#: ``Rating 2`` for period 2, ... (period 1's is ``Rating``; ratingbook.events.long_event).
PERIOD_RATING_COLUMNS = tuple(f"Rating {n}" for n in range(2, MAX_PERIODS + 1))
SWISS_PLAYERS = TableSpec(
    "Swiss Players",
    (
        # The start number (pairing number, FIDE C.04.2); empty: numbered by ratingbook.
        Column(
            "No.",
            required=False,
            aliases=("No", "Nr", "Nr.", "SNo", "Start No", "Start No.", "TPN", "Starting Rank"),
            field=fields.NUMBER,
        ),
        Column("Name", field=fields.NAME),
        Column("Rating", required=False),
        Column("FIDE ID", required=False, aliases=("FIDE Id", "FideID", "FIDE Number")),
        Column("Title", required=False),
        Column("Federation", required=False, aliases=("Fed",)),
        Column("Birth", required=False, aliases=("Birth Date", "Born")),
        Column("Sex", required=False),
        Column("Withdrawn", required=False),
        # An ID that is not a FIDE number (a national federation's), kept for the record.
        Column("National ID", required=False, aliases=("Nat. ID", "National Id", "Nat ID")),
        # The player's FIDE K (B.02 8.3.3: 40, 20 or 10), as FIDE's rating list gives it.
        Column("K", required=False, aliases=("K Factor", "K-factor", "K-Factor")),
        # The player's ratings by source beside ``Rating`` (the FIDE one): the event's Rating
        # Method picks the one the start numbers are ordered by (ratingbook.events
        # .tournament_rating).
        Column("National Rating", required=False, aliases=("Nat. Rating", "National Elo")),
        Column("Manual Rating", required=False, aliases=("Estimated Rating", "Estimate")),
        # No: the player may not take a half-point bye (the organiser's flag; empty: he may).
        Column("Half-Point Bye", required=False, aliases=("HPB", "Half Point Bye")),
        # A value the arbiter types from outside (a play-off, a place given by hand), ranked
        # by the tie-break code MAN (ratingbook.events.codes); empty: none.
        Column("Tie-break Value", required=False, aliases=("Tiebreak Value", "Play-off")),
    ),
)
# ``Swiss Players`` as an event reads it: the template's columns, and an event over 30 days'
# rating in period 2, 3, ... (ratingbook.events.long_event; Rating is period 1's), columns the
# arbiter adds when the event has periods (the template does not show them).
SWISS_EVENT_PLAYERS = TableSpec(
    SWISS_PLAYERS.sheet,
    (*SWISS_PLAYERS.columns, *(Column(name, required=False) for name in PERIOD_RATING_COLUMNS)),
)
# The seed's table: each side's points (seed 004); read by the seed's own standings.
SWISS_GAMES = TableSpec(
    "Swiss Games",
    (
        Column("Round", required=False, field=fields.ROUND),
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("White Points"),
        Column("Black Points", field=fields.BLACK_POINTS),
    ),
)
# The same sheet as a Swiss event holds it: a Result per row (games, forfeits, byes), boards,
# and the seed's point columns still accepted where Result is empty.
SWISS_EVENT_GAMES = TableSpec(
    "Swiss Games",
    (
        Column("Round", required=False, field=fields.ROUND),
        Column("Board", required=False, field=fields.BOARD),
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("Result", required=False, field=fields.RESULT),
        Column("White Points", required=False),
        Column("Black Points", required=False, field=fields.BLACK_POINTS),
        # The start numbers the pairing used, written by ratingbook (C.04.2: they stay fixed).
        Column("White No.", required=False, field=fields.WHITE_NUMBER),
        Column("Black No.", required=False, field=fields.BLACK_NUMBER),
    ),
)
SWISS_SETTINGS = TableSpec(
    "Swiss Settings", (Column("Setting"), Column("Value", field=fields.VALUE))
)
# Pairs the organiser forbids (optional sheet): never paired while the ban holds.
FORBIDDEN_PAIRS = TableSpec(
    "Forbidden Pairs",
    (
        Column("Player", field=fields.PLAYER),
        Column("Other Player", aliases=("Player 2", "Second Player", "Opponent")),
        Column("Until Round", required=False, aliases=("Last Round", "Until")),
    ),
)

# --- a season's rating list (issue 35): settings, K rules, players, games, events, aliases ----

LIST_SETTINGS = TableSpec("List Settings", (Column("Setting"), Column("Value", field=fields.VALUE)))
#: List Settings' rows (the one home of their spellings) and the values System and Period take.
LIST_SYSTEM = "System"
LIST_PERIOD = "Period"
LIST_K = "K"
LIST_FLOOR = "Floor"
LIST_PROVISIONAL = "Provisional Games"
LIST_TAU = "Tau"
LIST_ACTIVE = "Active (days)"
LIST_DATE = "List Date"
LIST_START_DEVIATION = "Start Deviation"
LIST_NAME = "List Name"
#: The season series' rows (no series when Series Points is empty; the rules:
#: ratingbook.season.series).
SERIES_POINTS = "Series Points"
SERIES_PLACE_POINTS = "Place Points"
SERIES_FACTOR = "Series Factor"
SERIES_BEST = "Series Best"
SERIES_MINIMUM = "Series Minimum"
SERIES_BONUS = "Series Bonus"
SERIES_SHARED = "Series Shared"
SERIES_TIES = "Series Ties"
SERIES_CATEGORIES = "Series Categories"
LIST_SETTING_NAMES: dict[str, tuple[str, ...]] = {
    LIST_SYSTEM: ("Rating System",),
    LIST_PERIOD: ("Rating Period",),
    LIST_K: ("K Factor", "K-factor"),
    LIST_FLOOR: ("Rating Floor",),
    LIST_PROVISIONAL: ("Provisional",),
    LIST_TAU: ("τ",),
    LIST_ACTIVE: ("Active Days", "Active"),
    LIST_DATE: ("Cut Date",),
    LIST_START_DEVIATION: ("Start RD", "Rated Deviation"),
    LIST_NAME: ("List Title", "Title"),
    SERIES_POINTS: ("Grand Prix Points", "Series Scoring"),
    SERIES_PLACE_POINTS: ("Points per Place", "Series Place Points"),
    SERIES_FACTOR: ("Points per Game Point",),
    SERIES_BEST: ("Best Events", "Series Best N"),
    SERIES_MINIMUM: ("Minimum Events",),
    SERIES_BONUS: ("Participation Bonus",),
    SERIES_SHARED: ("Shared Places",),
    SERIES_TIES: ("Series Tie Rules", "Series Tie-breaks", "Tie Rules"),
    SERIES_CATEGORIES: ("Categories", "Series Category"),
}
#: Series Points' values (ratingbook.season.series.SeriesScoring) and Series Shared's
#: (SharedPlaces).
SERIES_PLACE, SERIES_SCORE = "Place", "Score"
SERIES_SCORINGS: dict[str, tuple[str, ...]] = {
    SERIES_PLACE: ("Per Place", "Places"),
    SERIES_SCORE: ("Per Game Point", "Game Points", "Points"),
}
SERIES_SPLIT, SERIES_HIGHER = "Split", "Higher"
SERIES_SHARINGS: dict[str, tuple[str, ...]] = {
    SERIES_SPLIT: ("Shared", "Share"),
    SERIES_HIGHER: ("Higher Place",),
}
#: Series Ties' words, one per tie rule (ratingbook.season.series_settings.SeriesTie, by its
#: name), in the order the officer lists them; SERIES_NO_TIES alone: no rule, level players
#: share the rank.
SERIES_TIE_WORDS: dict[str, tuple[str, ...]] = {
    "COUNTED": ("Counted", "Events Counted", "More Events Counted"),
    "PLAYED": ("Played", "Events Played", "More Events Played"),
    "BEST_RESULTS": ("Best Results", "Better Best Results", "Results"),
    "PLACES": ("Places", "Countback", "More First Places"),
    "HEAD_TO_HEAD": ("Head-to-Head", "Head to Head", "Direct Encounter", "Games Between"),
    "LATEST": ("Latest", "Latest Event", "Last Event"),
}
SERIES_NO_TIES = ("None", "Shared", "Share")
ELO_SYSTEM, GLICKO2_SYSTEM, FIDE_SYSTEM = "Elo", "Glicko-2", "FIDE"
LIST_SYSTEMS: dict[str, tuple[str, ...]] = {
    ELO_SYSTEM: ("Club Elo",),
    GLICKO2_SYSTEM: ("Glicko2", "Glicko"),
    FIDE_SYSTEM: ("FIDE Elo",),
}
#: Period values: Game, Event, Week, Month (ratingbook.season.PeriodLength's values).
LIST_PERIODS = ("Game", "Event", "Week", "Month")
# The K bands, first match wins (optional sheet; without it, the K setting or 20 for everyone).
LIST_K_RULES = TableSpec(
    "K Rules",
    (
        Column("K", aliases=("K Factor", "K-factor")),
        Column("Games Below", required=False, aliases=("Fewer Games Than",)),
        Column("Rating From", required=False, aliases=("Rating At Least",)),
        Column("Rating Below", required=False),
        Column("Age Up To", required=False, aliases=("Age At Most",)),
        Column("Label", required=False, aliases=("Rule",)),
    ),
)
LIST_PLAYERS = TableSpec(
    "List Players",
    (
        # The player's ID in the list (a national or club ID): the key games and aliases name.
        Column("ID", field=fields.ID),
        Column("FIDE ID", required=False, aliases=("FIDE Id", "FideID", "FIDE Number")),
        Column("Name", field=fields.NAME),
        Column("Club", required=False),
        Column("Birth Year", required=False, aliases=("Born", "Year of Birth")),
        Column("Category", required=False, field=fields.CATEGORY),
        Column("Start Rating", required=False, aliases=("Rating", "Starting Rating")),
        Column("Fixed", required=False, aliases=("Fixed Rating",)),
        Column("K", required=False, aliases=("K Factor", "K-factor")),
        # A national federation's ID (a TRF's), by which the same player from another file is
        # known; the list's own key is ID.
        Column("National ID", required=False, aliases=("Nat. ID", "National Id", "Nat ID")),
        # M or F (W, the spelling of older lists, reads as F): for the series' Women category.
        Column("Sex", required=False, aliases=("Gender",)),
    ),
)
LIST_GAMES = TableSpec(
    "List Games",
    (
        Column("Date"),
        Column("Event Name"),
        Column("Round", required=False, field=fields.ROUND),
        Column("White", field=fields.WHITE),
        Column("White ID", required=False),
        Column("Black", field=fields.BLACK),
        Column("Black ID", required=False),
        Column("Result", field=fields.RESULT),
        # Where the game came from (a file and line, a book, sheet and row): kept as text.
        Column("Source", required=False),
    ),
)
# An event added from a file: its first and last day as the source states them and its
# fingerprint, by which the same event added again is recognised (written by ratingbook).
LIST_EVENTS = TableSpec(
    "List Events",
    (
        Column("Event Name"),
        Column("Kind", required=False),
        Column("Source", required=False),
        Column("Start", required=False),
        Column("End", required=False),
        Column("Fingerprint", required=False),
    ),
)
# Each event's own final ranking, one row a player (written by season add from a source that
# has one: a TRF's rank column, a Swiss or round-robin book's standings, a team event's ranking
# of its teams, each player taking his team's rank); the series places an event by it, an
# event without rows by its game points. The officer may correct or delete rows.
LIST_RANKS = TableSpec(
    "Event Ranks",
    (
        Column("Event Name"),
        Column("Rank"),
        Column("Name", field=fields.NAME),
        Column("ID", field=fields.ID, required=False),
        Column("Team", field=fields.TEAM, required=False),
        Column("Source", required=False),
    ),
)
# The officer's decisions: a name is (Same As) or is not (Different From) the player of an ID.
LIST_ALIASES = TableSpec(
    "Aliases",
    (
        Column("Name", field=fields.NAME),
        Column("Same As", required=False),
        Column("Different From", required=False),
        Column("By", required=False),
        Column("Date", required=False),
    ),
)

# --- sheets ratingbook generates (rebuilt on every run) ----------------------------------------

# The reports' sheets (the standings, histories, crosstable, ...) are named where the reports are
# made (ratingbook.reports.names); the charts and the numbers they read are the workbook's own.
LADDER_CHARTS = "Ladder Charts"
LADDER_PROGRESS = "Ladder Progress"
CRIKEY_CHARTS = "Crikey Charts"
CRIKEY_PROGRESS = "Crikey Progress"
ELO_CHARTS = "Elo Charts"
ELO_PROGRESS = "Elo Progress"
#: The ladder template's chosen-camper sheet (ratingbook.templates.camper_chart): its B1 names
#: the camper whose charts it shows, the one cell of it a recalc writes (ladder_plan).
CAMPER_CHART = "Camper Chart"

# FIDE mode's record of an event and the acts kept for undo: written by ratingbook only.
#: The results desk's setting (issue 36), a row of any family's settings sheet: who confirms a
#: reported result (its values are the desk's rules, :mod:`ratingbook.desk.rules`).
DESK_CONFIRMS = "Desk Confirms"
#: The results desk's record in the book: every result it took, with who reported it, from
#: where and who accepted it; the desk reads its Key column to take nothing twice.
DESK_RESULTS = "Desk Results"
DESK_RESULTS_COLUMNS = (
    "Taken",
    "Round",
    "Match",
    "Board",
    "White",
    "Black",
    "Result",
    "Reported By",
    "Key",
)
EVENT_LOG = "Event Log"
EVENT_STATE = "Event State"
EVENT_HISTORY = "Event History"

# --- the ladder's archives: appended to when a week ends, never rebuilt or cleared -------------

GAMES_ARCHIVE = "Games Archive"
WEEKLY_STANDINGS = "Weekly Standings"
#: What every archive row starts with: the week's label (``Week 3``, camp_week.py), and for a
#: game the day its week ended.
ARCHIVE_WEEK = "Week"
ARCHIVED_ON = "Archived On"
#: Games Archive as the ladder template lays it out: the week, the day, Ladder Games' columns and
#: both players' names (a book's own extra columns of Ladder Games are archived too, after them).
GAMES_ARCHIVE_COLUMNS = (
    ARCHIVE_WEEK,
    ARCHIVED_ON,
    *(c.name for c in LADDER_GAMES.columns),
    *NAME_COLUMNS,
)
#: Weekly Standings keeps every week's record (Ladder Standings' players with their Permanent
#: Rating too; Ladder Standings is rebuilt on every recalc).
WEEKLY_STANDINGS_COLUMNS = (ARCHIVE_WEEK, *WEEK_RECORD_COLUMNS)

# --- team events (issue 26): rosters in board order, matches, board results, settings ---------
TEAMS = TableSpec(
    "Teams",
    (
        Column("Team", field=fields.TEAM),
        Column("Board", aliases=("Bd", "Board No."), field=fields.BOARD),
        Column("Player", aliases=("Name",), field=fields.PLAYER),
        Column("Rating", required=False),
        Column("FIDE ID", required=False, aliases=("FIDE Id", "FideID", "FIDE Number")),
    ),
)
# A match: the White Team has White on board 1; Black Team "BYE" is the pairing-allocated bye.
TEAM_MATCHES = TableSpec(
    "Team Matches",
    (
        Column("Round", field=fields.ROUND),
        Column("Match", aliases=("Table",), field=fields.MATCH),
        Column("White Team", field=fields.WHITE_TEAM),
        Column("Black Team", field=fields.BLACK_TEAM),
    ),
)
TEAM_BOARDS = TableSpec(
    "Team Boards",
    (
        Column("Round", field=fields.ROUND),
        Column("Match", aliases=("Table",), field=fields.MATCH),
        Column("Board", field=fields.BOARD),
        Column("White", field=fields.WHITE),
        Column("Black", field=fields.BLACK),
        Column("Result", required=False, field=fields.RESULT),
    ),
)
TEAM_SETTINGS = TableSpec("Team Settings", (Column("Setting"), Column("Value", field=fields.VALUE)))
