"""What each workbook template holds: its input sheets, sample rows, dropdowns and instructions.

This module alone decides the content of the four templates (camp ladder, Crikey, Elo, Swiss):
which input sheets they have (the column names come from :mod:`ratingbook.schemas`), the sample
data, the number formats and widths, the dropdowns offered, and the text of each Instructions
sheet. :mod:`ratingbook.templates` builds the files from these designs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.schemas import (
    CAMP_GROUPS,
    CRIKEY_GAMES,
    CRIKEY_HISTORY,
    CRIKEY_PLAYERS,
    CRIKEY_STANDINGS,
    ELO_GAMES,
    ELO_HISTORY,
    ELO_PLAYERS,
    ELO_SETTINGS,
    ELO_STANDINGS,
    GAMES_ARCHIVE,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_STANDINGS,
    RATING_HISTORY,
    SWISS_GAMES,
    SWISS_PLAYERS,
    SWISS_STANDINGS,
)
from ratingbook.tables import TableSpec

__all__ = ["DESIGNS", "TEXT_FORMAT", "Design", "Dropdown", "InputSheet"]

# A column formatted as text keeps what is typed as typed ("007", "1/2").
TEXT_FORMAT = "@"


# --- how a template is described -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dropdown:
    """A list of choices offered in every cell of one column (rows 2..LAST_ENTRY_ROW).

    The error style is a warning, not a stop: the engine accepts more spellings than the list
    shows (``(1/2-1/2)``, brackets optional, ...), and it refuses anything it does not know.
    """

    column: str
    choices: tuple[str, ...]
    prompt: str
    also: str = ""
    title: str = "Unknown result"


@dataclass(frozen=True, slots=True)
class InputSheet:
    """One input sheet: the table it holds, its sample rows, and how it looks."""

    spec: TableSpec
    rows: Sequence[Sequence[object]]
    number_formats: Mapping[str, str] = field(default_factory=dict)
    widths: Mapping[str, float] = field(default_factory=dict)
    dropdowns: tuple[Dropdown, ...] = ()
    extra_columns: tuple[str, ...] = ()  # after the spec's columns; ratingbook leaves them alone

    @property
    def header(self) -> tuple[str, ...]:
        return (*(c.name for c in self.spec.columns), *self.extra_columns)


@dataclass(frozen=True, slots=True)
class Design:
    title: str
    sheets: tuple[InputSheet, ...]
    instructions: tuple[str, ...]  # "# " starts a heading; "" is an empty row


# --- the common parts of every Instructions sheet --------------------------------------------
#
# Instructions are paragraphs, wrapped to the sheet's column width when the sheet is written:
# "# " starts a heading, "    " starts a line shown as it is (a command), "" is an empty row.


def _recalc_lines(book: str, start: str) -> tuple[str, ...]:
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


def _generated_lines(names: Sequence[str]) -> tuple[str, ...]:
    listed = " and ".join(f"'{n}'" for n in names)
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

_LADDER = Design(
    title="SCA camp ladder",
    sheets=(
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
            number_formats={"ID": "0", "Rating": "0", "Permanent Rating": "0", "StWkPerm": "0"},
            widths={
                "ID": 8,
                "Name": 24,
                "Group": 16,
                "Active": 10,
                "Rating": 10,
                "Permanent Rating": 19,
                "StWkPerm": 12,
            },
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
            number_formats={"White": "0", "Black": "0", "Result": TEXT_FORMAT},
            widths={"White": 10, "Black": 10, "Result": 12},
            dropdowns=(
                Dropdown(
                    "Result",
                    ("(1-0)", "(0-1)", "(½-½)"),
                    "(1-0) White won, (0-1) Black won, (½-½) draw.",
                    also="(1/2-1/2) and the same without brackets are accepted too.",
                ),
            ),
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{CAMP_GROUPS.sheet}': one row per group, with the rating its players start each "
        "week at (Initial Ladder Rating).",
        f"'{LADDER_PLAYERS.sheet}': one row per camper. ID is a whole number that stands for "
        f"the player in '{LADDER_GAMES.sheet}'. Group must be one of the groups on "
        f"'{CAMP_GROUPS.sheet}'. Active is TRUE for campers playing this week and FALSE for "
        "those who are not (their ratings are left alone). StWkPerm is the Permanent Rating at "
        "the start of the week. Rating (the weekly ladder rating, the one to post) and "
        "Permanent Rating are filled in by ratingbook: don't type in them.",
        f"'{LADDER_GAMES.sheet}': one row per game, in the order played: White's ID, Black's ID "
        "and the result.",
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
        *_recalc_lines(
            "camp.xlsx",
            "the week's starting ratings (each active player's Rating from their group's "
            "Initial Ladder Rating, their Permanent Rating from StWkPerm)",
        ),
        *_generated_lines((LADDER_STANDINGS, RATING_HISTORY)),
        "",
        "# Starting a new week",
        "Close the workbook and run in a terminal:",
        "    ratingbook new-week camp.xlsx --in-place",
        "It replays the week's games, copies each active player's Permanent Rating to StWkPerm, "
        f"moves the week's games to the '{GAMES_ARCHIVE}' sheet under a label (Week 1, Week 2, "
        f"...; the archive is never cleared) and empties '{LADDER_GAMES.sheet}'. Every weekly "
        "Rating starts again from the group's Initial Ladder Rating.",
    ),
)


# --- Crikey ------------------------------------------------------------------------------------

_CRIKEY = Design(
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
            number_formats={"Result": TEXT_FORMAT, "White Pieces": "0", "Black Pieces": "0"},
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
        *_recalc_lines("club.xlsx", "the ratings on the player sheet"),
        *_generated_lines((CRIKEY_STANDINGS, CRIKEY_HISTORY)),
    ),
)


# --- Elo ---------------------------------------------------------------------------------------

_ELO = Design(
    title="Elo ratings",
    sheets=(
        InputSheet(
            ELO_SETTINGS,
            rows=(("K", 32, "Most rating points one game can win or lose (20 when missing)"),),
            widths={"Setting": 12, "Value": 10, "Meaning": 64},
            extra_columns=("Meaning",),
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
            number_formats={"Result": TEXT_FORMAT},
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
        *_recalc_lines("club.xlsx", "the ratings on the player sheet"),
        *_generated_lines((ELO_STANDINGS, ELO_HISTORY)),
    ),
)


# --- Swiss -------------------------------------------------------------------------------------

_SWISS_POINTS = ("1", "0.5", "0")

_SWISS = Design(
    title="Swiss tournament standings",
    sheets=(
        InputSheet(
            SWISS_PLAYERS,
            # seed 004's example tournament.
            rows=(("Anna",), ("Bob",), ("Charlotte",), ("Daniel",), ("Erik",), ("Femke",)),
            widths={"Name": 20},
        ),
        InputSheet(
            SWISS_GAMES,
            rows=(
                (1, "Anna", "Femke", 1, 0),
                (1, "Bob", "Erik", 0, 1),
                (1, "Charlotte", "Daniel", 0.5, 0.5),
                (2, "Erik", "Anna", 1, 0),
                (2, "Femke", "Charlotte", 0.5, 0.5),
                (2, "Daniel", "Bob", 1, 0),
                (3, "Daniel", "Erik", 0.5, 0.5),
                (3, "Charlotte", "Anna", 1, 0),
                (3, "Bob", "Femke", 1, 0),
            ),
            number_formats={"Round": "0"},
            widths={"Round": 9, "White": 16, "Black": 16, "White Points": 15, "Black Points": 15},
            dropdowns=(
                Dropdown("White Points", _SWISS_POINTS, "White's points.", title="Unknown points"),
                Dropdown("Black Points", _SWISS_POINTS, "Black's points.", title="Unknown points"),
            ),
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{SWISS_PLAYERS.sheet}': one row per player's name.",
        f"'{SWISS_GAMES.sheet}': one row per game: the round (for your reference; it may be "
        "left empty), White's name, Black's name, and the points each earned: 1, 0.5 or 0 (½ "
        "is accepted too). Names must be spelt exactly as on the player sheet.",
        "",
        "# Entering games",
        "Type each game in the first empty row below the table: Excel extends the table by "
        "itself. Pick the points from the dropdowns. The sample rows (an example tournament of "
        "six players and three rounds) only show how it looks: delete them before you start.",
        "",
        "# How players are ranked",
        "By points; equal points by resistance points (the sum of the final points of all the "
        "opponents), then by Sonneborn-Berger points (the points of the opponents beaten, plus "
        "half those of the opponents drawn), then by the number of games played with black.",
        "",
        *_recalc_lines("tournament.xlsx", "scratch"),
        *_generated_lines((SWISS_STANDINGS,)),
    ),
)

DESIGNS: dict[str, Design] = {"ladder": _LADDER, "crikey": _CRIKEY, "elo": _ELO, "swiss": _SWISS}
