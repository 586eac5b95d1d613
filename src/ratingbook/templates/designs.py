"""What each template holds: its input sheets, sample rows, dropdowns, formats and Instructions.

This module alone describes the four templates (camp ladder, Crikey, Elo, Swiss) as data:
:class:`Design` lists the input sheets (:class:`InputSheet`, laid out as the schemas say) with
their sample rows, number formats, widths, dropdowns and formula columns, and the Instructions
paragraphs in plain words. :mod:`ratingbook.templates` builds and writes the workbooks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.core.results import LADDER_RESULT_SPELLINGS
from ratingbook.core.tables import Column, TableSpec
from ratingbook.templates.camper_chart import CAMPER_CHART
from ratingbook.workbook.sheets.schemas import (
    ARCHIVED_ON,
    BY_GROUP,
    CAMP_GROUPS,
    CRIKEY_CHARTS,
    CRIKEY_GAMES,
    CRIKEY_HISTORY,
    CRIKEY_PLAYERS,
    CRIKEY_PROGRESS,
    CRIKEY_STANDINGS,
    ELO_CHARTS,
    ELO_GAMES,
    ELO_HISTORY,
    ELO_PLAYERS,
    ELO_PROGRESS,
    ELO_SETTINGS,
    ELO_STANDINGS,
    GAMES_ARCHIVE,
    GAMES_ARCHIVE_COLUMNS,
    LADDER_CHARTS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_PROGRESS,
    LADDER_SETTINGS,
    LADDER_STANDINGS,
    NAME_COLUMNS,
    POSTED_LIST_SETTING,
    RATING_HISTORY,
    WEEKLY_STANDINGS,
    WEEKLY_STANDINGS_COLUMNS,
    WHOLE_CAMP,
    ladder_name_formula,
    table_name,
)

__all__ = [
    "CRIKEY",
    "ELO",
    "INSTRUCTIONS_WIDTH",
    "LADDER",
    "TABLE_STYLE",
    "TEXT",
    "Design",
    "Dropdown",
    "InputSheet",
    "generated_lines",
    "recalc_lines",
    "table_name",
]

TABLE_STYLE = "TableStyleMedium2"
TEXT = "@"
INSTRUCTIONS_WIDTH = 100


# --- how a template is described -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dropdown:
    """A list of choices offered in every cell of one column, from row 2 to the sheet's last
    (``writer.LAST_ENTRY_ROW``).

    The error style is a warning, not a stop: the engine accepts more spellings than the list
    shows (``(1/2-1/2)``, brackets optional, ...), and it refuses anything it does not know.
    """

    column: str
    choices: tuple[str, ...]
    prompt: str
    also: str = ""
    title: str = "Unknown result"


#: The number format of a column of TRUE and FALSE (Ladder Players' Active). Excel shows a
#: logical value as TRUE or FALSE whatever its format; LibreOffice reads it as 1 or 0 and
#: printed "1" (issue 34) unless a format names the two: any non-zero number TRUE, 0 FALSE.
YES_NO = '"TRUE";"TRUE";"FALSE"'


@dataclass(frozen=True, slots=True)
class InputSheet:
    """One input sheet: the table it holds, its sample rows, and how it looks."""

    spec: TableSpec
    rows: Sequence[Sequence[object]]
    number_formats: Mapping[str, str] = field(default_factory=dict)
    widths: Mapping[str, float] = field(default_factory=dict)
    dropdowns: tuple[Dropdown, ...] = ()
    extra_columns: tuple[str, ...] = ()  # after the spec's columns; ratingbook leaves them alone
    # Extra columns computed by Excel: the table's calculated-column formula (structured
    # references, as Excel writes them), filled into every row of the table.
    formulas: Mapping[str, str] = field(default_factory=dict)
    table: bool = True  # an Excel Table; False for sheets ratingbook appends to (archives)
    landscape: bool = False
    #: Columns of sentences (a setting's meaning): wrapped within their width, each row as tall
    #: as its text needs. Unwrapped, a long text runs on past the table and the printer, fitting
    #: the page one wide, shrinks the whole sheet to a few points (issue 34).
    wrapped: tuple[str, ...] = ()
    #: Columns of IDs whose header does not say so (Ladder Games' White and Black): centred,
    #: as every ID column is (reports.tables.centred_columns).
    ids: tuple[str, ...] = ()
    #: The most lines a header wraps onto (1: each on one line). Two let a column of short
    #: values be as narrow as they are: List Games' IDs under ``White ID``, 11 units wide for
    #: a header on one line, left its event's name too little room to print on one line.
    header_lines: int = 1

    @property
    def header(self) -> tuple[str, ...]:
        return (*(c.name for c in self.spec.columns), *self.extra_columns)


@dataclass(frozen=True, slots=True)
class Design:
    title: str
    sheets: tuple[InputSheet, ...]
    instructions: tuple[str, ...]  # "# " starts a heading; "" is an empty row
    #: Input sheets the template leaves out (a book adds them when it needs them: a Swiss
    #: event's ``Prizes``), laid out here for a book built with rows for them (a TRF import's).
    optional: tuple[InputSheet, ...] = ()


# --- the common parts of every Instructions sheet --------------------------------------------
#
# Instructions are paragraphs, wrapped to the sheet's column width when the sheet is written:
# "# " starts a heading, "    " starts a line shown as it is (a command), "" is an empty row.


def recalc_lines(book: str, start: str) -> tuple[str, ...]:
    stem = book.removesuffix(".xlsx")
    return (
        "# Recalculating",
        "In Excel with the ratingbook add-in installed (see ratingbook's README): click "
        "ratingbook > Recalc Ratings on the ribbon.",
        "Without Excel, close the workbook and run in a terminal:",
        f"    ratingbook recalc {book}               (writes {stem}-recalculated.xlsx)",
        f"    ratingbook recalc {book} --in-place    (updates {book} itself)",
        f"A recalculation always starts again from {start} and replays every game, so doing it "
        "twice changes nothing. To correct a game, fix its row and recalculate.",
        "",
        "# If something is wrong",
        "A wrong entry (a misspelt result, an unknown player, a player against themself...) "
        "stops the recalculation with one message naming the sheet, the row and the column, "
        "and nothing is changed until it is fixed.",
    )


def generated_lines(names: Sequence[str]) -> tuple[str, ...]:
    quoted = [f"'{n}'" for n in names]
    listed = " and ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
    return (
        "",
        "# Sheets made by ratingbook",
        f"{listed} {'are' if len(names) > 1 else 'is'} rebuilt from scratch on every "
        "recalculation. Don't type in them: changes there are lost. Everything else in the "
        "workbook is kept: extra columns, other sheets, formulas and formatting.",
    )


def _entering_lines(what: str) -> tuple[str, ...]:
    return (
        "# Entering games",
        "Type each game in the first empty row below the table: Excel extends the table by "
        f"itself. Pick {what} from the dropdown. Games count in the order of the rows, top to "
        "bottom. The sample rows only show how it looks: delete them before you start.",
    )


# --- SCA camp ladder ---------------------------------------------------------------------------


_ARCHIVE_SPECS = (
    TableSpec(GAMES_ARCHIVE, tuple(Column(c) for c in GAMES_ARCHIVE_COLUMNS)),
    TableSpec(WEEKLY_STANDINGS, tuple(Column(c) for c in WEEKLY_STANDINGS_COLUMNS)),
)

LADDER = Design(
    title="SCA camp ladder",
    sheets=(
        InputSheet(
            LADDER_SETTINGS,
            rows=(
                (
                    "Week",
                    1,
                    "The week being played. To start a new week, raise it by one and click "
                    "Recalc Ratings.",
                ),
                (
                    POSTED_LIST_SETTING,
                    WHOLE_CAMP,
                    f"{WHOLE_CAMP}: '{LADDER_STANDINGS}' lists every camper, ranked on Rating. "
                    f"{BY_GROUP}: each group's campers together, in the order of "
                    f"'{CAMP_GROUPS.sheet}', ranked within their group.",
                ),
            ),
            number_formats={"Value": "0"},
            widths={"Setting": 13, "Value": 12, "Meaning": 52},
            extra_columns=("Meaning",),
            wrapped=("Meaning",),
        ),
        InputSheet(
            CAMP_GROUPS,
            rows=(("Beginners", 800), ("Intermediate", 1000), ("Advanced", 1200)),
            number_formats={"Initial Ladder Rating": "0"},
            widths={"Group": 18, "Initial Ladder Rating": 22},
        ),
        InputSheet(
            LADDER_PLAYERS,
            rows=(
                (1, "Maya Okafor", "Advanced", True, None, None, 1262),
                (2, "Tom Lindqvist", "Advanced", True, None, None, 1215),
                (3, "Priya Nair", "Intermediate", True, None, None, 1048),
                (4, "Lucas Moreau", "Intermediate", True, None, None, 990),
                (5, "Hannah Becker", "Intermediate", True, None, None, 1003),
                (6, "Sam Ortiz", "Beginners", True, None, None, 812),
                (7, "Zoe Campbell", "Beginners", True, None, None, 795),
                # Left camp: an inactive player keeps the ratings they have, untouched.
                (8, "Oliver Grant", "Beginners", False, 806, 821, 821),
            ),
            number_formats={
                "ID": "0",
                "Active": YES_NO,
                "Rating": "0",
                "Permanent Rating": "0",
                "StWkPerm": "0",
            },
            widths={
                "ID": 8,
                "Name": 24,
                "Group": 16,
                "Active": 10,
                "Rating": 10,
                "Permanent Rating": 19,
                "StWkPerm": 12,
            },
            landscape=True,  # seven columns: upright they print too small to read
            dropdowns=(
                Dropdown(
                    "Active",
                    ("TRUE", "FALSE"),
                    "TRUE: playing this week. FALSE: not playing (ratings left alone).",
                    title="Not TRUE or FALSE",
                ),
            ),
        ),
        InputSheet(
            LADDER_GAMES,
            rows=(
                (1, 3, "(1-0)"),
                (4, 2, "(0-1)"),
                (5, 6, "(½-½)"),
                (7, 4, "(1-0)"),
                (2, 1, "(½-½)"),
                (6, 7, "(0-1)"),
                (3, 5, "(1-0)"),
                (6, 2, "(1-0)"),
                (4, 5, "(½-½)"),
                (1, 7, "(1-0)"),
            ),
            number_formats={"White": "0", "Black": "0", "Result": TEXT},
            widths={"White": 10, "Black": 10, "Result": 12, "White Name": 24, "Black Name": 24},
            ids=("White", "Black"),
            extra_columns=NAME_COLUMNS,
            formulas={
                name: ladder_name_formula(side)
                for name, side in zip(NAME_COLUMNS, ("White", "Black"), strict=True)
            },
            dropdowns=(
                Dropdown(
                    "Result",
                    LADDER_RESULT_SPELLINGS[:3],  # (1-0), (0-1), (½-½): the one table of them
                    "(1-0) White won, (0-1) Black won, (½-½) draw.",
                    also="(1/2-1/2) and the same without brackets are accepted too.",
                ),
            ),
        ),
        *(
            InputSheet(
                spec,
                rows=(),
                number_formats={ARCHIVED_ON: "yyyy-mm-dd"},
                widths={ARCHIVED_ON: 12, "Name": 24, "White Name": 24, "Black Name": 24},
                table=False,
                landscape=True,  # seven and eleven columns: too wide to read upright
            )
            for spec in _ARCHIVE_SPECS
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{LADDER_SETTINGS.sheet}': the Week being played (1, 2, ...) and how the list is "
        f"posted ({POSTED_LIST_SETTING}: {WHOLE_CAMP} or {BY_GROUP}).",
        f"'{CAMP_GROUPS.sheet}': one row per group, with the rating its players start each "
        "week at (Initial Ladder Rating).",
        f"'{LADDER_PLAYERS.sheet}': one row per camper. ID is a whole number that stands for "
        f"the player in '{LADDER_GAMES.sheet}'. Group must be one of the groups on "
        f"'{CAMP_GROUPS.sheet}'. Active is TRUE for campers playing this week and FALSE for "
        "those who are not (their ratings are left alone). StWkPerm is the Permanent Rating at "
        "the start of the week. Rating (the weekly ladder rating, the one to post) and "
        "Permanent Rating are filled in by ratingbook: don't type in them.",
        "A camper who arrives late: type a new row under the last one (a new ID, the Name, the "
        "Group, Active TRUE) and leave Rating, Permanent Rating and StWkPerm empty; the next "
        "recalc starts both ratings at the group's Initial Ladder Rating and says so.",
        "A camper who leaves: keep Active TRUE until the new week has started (the week's "
        "games still name them, and a game may name only an active camper), then set it to "
        "FALSE.",
        f"'{LADDER_GAMES.sheet}': one row per game, in the order played: White's ID, Black's ID "
        "and the result. White Name and Black Name fill in by themselves (a ? means no player "
        "has that ID), so you can check a row at a glance.",
        f"'{GAMES_ARCHIVE}' and '{WEEKLY_STANDINGS}': every past week's games and final "
        "standings, kept by ratingbook and never cleared.",
        "",
        *_entering_lines("the result"),
        "",
        "# Results",
        "    (1-0)  White won        (0-1)  Black won        (½-½)  draw",
        "(1/2-1/2) is accepted for a draw too, and all of them without the brackets. Anything "
        "else is refused rather than counted as a draw.",
        "",
        "# How ratings change",
        "The winner takes points from the loser; d is the difference of their ratings before "
        "the game and d/25 is rounded down. The higher-rated player winning takes 16 - d/25 (1 "
        "when d is over 375); the lower-rated player winning takes 16 + d/25 (31 when d is over "
        "375). In a draw the higher-rated player gives d/25 (15 when d is over 375) to the "
        "other. The weekly Rating and the Permanent Rating change side by side by this rule.",
        "",
        *recalc_lines(
            "camp.xlsx",
            "the week's starting ratings (each active player's Rating from their group's "
            "Initial Ladder Rating, their Permanent Rating from StWkPerm)",
        ),
        *generated_lines((LADDER_STANDINGS, RATING_HISTORY, LADDER_CHARTS, LADDER_PROGRESS)),
        "",
        "# Starting a new week",
        f"On '{LADDER_SETTINGS.sheet}', raise Week by one (from 1 to 2, say) and click "
        "ratingbook > Recalc Ratings. ratingbook then closes the week that ended: it copies its "
        f"games, with both players' names, to '{GAMES_ARCHIVE}' and each active camper's final "
        f"Rating, Permanent Rating, wins, draws and losses to '{WEEKLY_STANDINGS}' (under a "
        "label such as Week 1), copies each Permanent Rating to StWkPerm, empties the games on "
        f"'{LADDER_GAMES.sheet}' and starts the new week with every weekly Rating back at the "
        "group's Initial Ladder Rating.",
        "Leave Week as it is to recalculate the current week. Lowering it, or raising it by more "
        "than one, is refused and nothing changes.",
        "Without Excel, this does the same (and raises Week):",
        "    ratingbook new-week camp.xlsx --in-place",
        "",
        "# Printing and charts",
        f"'{LADDER_STANDINGS}' is the list to post: each camper's Rating (the posted one, not "
        "the Permanent Rating), games, wins, draws and losses, in large type on one page (a "
        "list too long for one page in 11-point type takes more pages, its header row on "
        "each), with the week at the top and the date it is printed at the bottom right: "
        "print it (File > Print) and pin it on the wall. Set "
        f"{POSTED_LIST_SETTING} on '{LADDER_SETTINGS.sheet}' to {BY_GROUP} to list each group "
        f"together, ranked within the group. '{LADDER_CHARTS}' shows, one pair of charts per "
        "group, each camper's Rating after each of their games this week and at the end of "
        "every week; the numbers "
        f"behind them are on '{LADDER_PROGRESS}'. On '{CAMPER_CHART}', pick one camper's name "
        "in cell B1 to see just their charts.",
    ),
)


# --- Crikey ------------------------------------------------------------------------------------

CRIKEY = Design(
    title="Crikey rating points exchange",
    sheets=(
        InputSheet(
            CRIKEY_PLAYERS,
            rows=(
                # seed 000, tournament 1: alice 76.91, bob 76.36, "alice bob lost 20 15".
                ("Alice", 76.91),
                ("Bob", 76.36),
                ("Carol", 78.40),
                ("Dave", 72.05),
                ("Erin", 64.50),
            ),
            number_formats={"Rating": "0.00"},
            widths={"Name": 20, "Rating": 10},
        ),
        InputSheet(
            CRIKEY_GAMES,
            rows=(
                ("Alice", "Bob", "lost", 20, 15),
                ("Carol", "Dave", "won", 18, 25),
                ("Erin", "Alice", "drew", 12, 12),
                ("Dave", "Bob", "won", 30, 10),
                ("Bob", "Carol", "drew", 15, 22),
                ("Erin", "Dave", "won", 9, 14),
            ),
            number_formats={"Result": TEXT, "White Pieces": "0", "Black Pieces": "0"},
            widths={"White": 16, "Black": 16, "Result": 10, "White Pieces": 15, "Black Pieces": 15},
            dropdowns=(Dropdown("Result", ("won", "drew", "lost"), "White's result."),),
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{CRIKEY_PLAYERS.sheet}': one row per player: the name and the club rating before "
        f"these games, with 2 decimals. It stays as typed; the new ratings are on "
        f"'{CRIKEY_STANDINGS}'.",
        f"'{CRIKEY_GAMES.sheet}': one row per game, in the order played: White's name, Black's "
        "name, White's result, and the total value of the pieces each side has left at the "
        "end. Names must be spelt exactly as on the player sheet.",
        "",
        *_entering_lines("White's result"),
        "",
        "# Results",
        "The result is White's: won, drew or lost.",
        "",
        "# How ratings change",
        "White counts as 3.00 points stronger for the game. The gap between the two ratings, "
        "divided by 10 and rounded to 2 decimals, is the core exchange CE. The higher-rated "
        "player winning takes 1 - CE from the loser, the lower-rated player winning takes "
        "1 + CE, and in a draw the higher-rated player gives CE to the other. A winner left "
        "with pieces worth less than the loser's takes double. With a gap over 10.00, 1 - CE is "
        "negative: the favourite then loses points by winning, as the club's rules say.",
        "",
        *recalc_lines("club.xlsx", "the ratings on the player sheet"),
        *generated_lines((CRIKEY_STANDINGS, CRIKEY_HISTORY, CRIKEY_CHARTS, CRIKEY_PROGRESS)),
    ),
)


# --- Elo ---------------------------------------------------------------------------------------

ELO = Design(
    title="Elo ratings",
    sheets=(
        InputSheet(
            ELO_SETTINGS,
            rows=(("K", 32, "Most rating points one game can win or lose (20 when missing)"),),
            widths={"Setting": 12, "Value": 10, "Meaning": 52},
            extra_columns=("Meaning",),
            wrapped=("Meaning",),
        ),
        InputSheet(
            ELO_PLAYERS,
            rows=(
                # seed 003: K = 32, players A 1613 and B 1609.
                ("Ann", 1613),
                ("Ben", 1609),
                ("Chloe", 1500),
                ("Dev", 1450),
                ("Eva", 1525),
            ),
            number_formats={"Rating": "0"},
            widths={"Name": 20, "Rating": 10},
        ),
        InputSheet(
            ELO_GAMES,
            rows=(
                # seed 003's series: A (Ann) scores 0, 0.5, 0.5, 0, 0, 0 against B (Ben).
                ("Ann", "Ben", "0-1"),
                ("Ben", "Ann", "½-½"),
                ("Ann", "Ben", "½-½"),
                ("Ben", "Ann", "1-0"),
                ("Ann", "Ben", "0-1"),
                ("Ben", "Ann", "1-0"),
                ("Chloe", "Dev", "1-0"),
                ("Eva", "Chloe", "½-½"),
                ("Dev", "Eva", "0-1"),
            ),
            number_formats={"Result": TEXT},
            widths={"White": 16, "Black": 16, "Result": 10},
            dropdowns=(
                Dropdown(
                    "Result",
                    ("1-0", "0-1", "½-½"),
                    "1-0 White won, 0-1 Black won, ½-½ draw.",
                    also="1/2-1/2, brackets, or White's score 1, 0.5 or 0 are accepted too.",
                ),
            ),
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{ELO_SETTINGS.sheet}': K, the most rating points one game can win or lose (20 when "
        "the sheet or its K row is missing).",
        f"'{ELO_PLAYERS.sheet}': one row per player: the name and the rating before these "
        f"games. It stays as typed; the new ratings are on '{ELO_STANDINGS}'.",
        f"'{ELO_GAMES.sheet}': one row per game, in the order played: White's name, Black's "
        "name and the result. Names must be spelt exactly as on the player sheet.",
        "",
        *_entering_lines("the result"),
        "",
        "# Results",
        "    1-0  White won        0-1  Black won        ½-½  draw",
        "Also accepted: 1/2-1/2, the same in brackets, and White's score as 1, 0.5 or 0.",
        "",
        "# How ratings change",
        "White's expected score is E = 1 / (1 + 10^((Black's rating - White's rating) / 400)) "
        "and White's new rating is the old one + K x (White's score - E); Black's rating "
        "changes the other way. Both ratings are rounded to whole numbers after every game.",
        "",
        *recalc_lines("club.xlsx", "the ratings on the player sheet"),
        *generated_lines((ELO_STANDINGS, ELO_HISTORY, ELO_CHARTS, ELO_PROGRESS)),
    ),
)


# --- Swiss -------------------------------------------------------------------------------------
