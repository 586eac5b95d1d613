"""The ready-to-use workbook templates: camp ladder, Crikey, Elo and Swiss.

Each template is an ``Instructions`` sheet followed by the family's input sheets, laid out
exactly as :mod:`ratingbook.workbook` reads them (the column names come from its TableSpecs),
with sample data. To feel native to Excel users every input sheet is an Excel Table (typing
below it extends it), result cells have a dropdown, header rows are frozen and ratings carry a
number format. The sample data is then recalculated by :func:`ratingbook.workbook.recalc`
itself, so a template opens with consistent ratings and standings, and recalculating it changes
nothing.

The files are byte-for-byte reproducible: the document properties carry a fixed date and the
zip package is rewritten with fixed entry times, in openpyxl's entry order, uncompressed (so the
bytes depend on neither the clock nor the zlib build). ``workbook_templates/*.xlsx`` are exactly
what :func:`template_bytes` returns; regenerate them with::

    python -m ratingbook.templates --write-all workbook_templates/
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as _dt
import io
import os
import sys
import textwrap
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from openpyxl import Workbook
from openpyxl.packaging.core import DocumentProperties
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.filters import AutoFilter
from openpyxl.worksheet.table import Table, TableColumn, TableFormula, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.functions import tostring

from ratingbook import workbook
from ratingbook.errors import RatingbookError, WorkbookError
from ratingbook.families.ladder import STANDINGS_HEADER
from ratingbook.files import atomic_save
from ratingbook.presentation import PrintSetup
from ratingbook.schemas import (
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
    LADDER_CHARTS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_PROGRESS,
    LADDER_SETTINGS,
    LADDER_STANDINGS,
    NAME_COLUMNS,
    RATING_HISTORY,
    SWISS_CROSSTABLE,
    SWISS_EVENT_GAMES,
    SWISS_GAMES,
    SWISS_PAIRINGS,
    SWISS_PLAYERS,
    SWISS_SETTINGS,
    SWISS_STANDINGS,
    WEEKLY_STANDINGS,
)
from ratingbook.tables import Column, TableSpec
from ratingbook.xlsx import OpenpyxlBook
from ratingbook.xlsx_presentation import apply_print_setup

__all__ = [
    "INSTRUCTIONS",
    "KINDS",
    "LAST_ENTRY_ROW",
    "TemplateBook",
    "build_template",
    "main",
    "sample_rows",
    "template_bytes",
    "write_template",
]

KINDS: tuple[str, ...] = ("ladder", "crikey", "elo", "swiss")
INSTRUCTIONS = "Instructions"

# Dropdowns and column formats reach this far down, so rows typed below the samples get them.
LAST_ENTRY_ROW = 1000

# Fixed stamps: the same code writes the same bytes on every machine and every day.
_DOCUMENT_TIME = _dt.datetime(2024, 1, 1, 0, 0, 0)
_ZIP_TIME = (2024, 1, 1, 0, 0, 0)
_ZIP_UNIX = 3  # "made by" Unix, whatever the platform that builds the file
_ZIP_MODE = 0o644 << 16

_TABLE_STYLE = "TableStyleMedium2"
_TEXT = "@"
_INSTRUCTIONS_WIDTH = 100


# --- how a template is described -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Dropdown:
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
class _InputSheet:
    """One input sheet: the table it holds, its sample rows, and how it looks."""

    spec: TableSpec
    rows: Sequence[Sequence[object]]
    number_formats: Mapping[str, str] = field(default_factory=dict)
    widths: Mapping[str, float] = field(default_factory=dict)
    dropdowns: tuple[_Dropdown, ...] = ()
    extra_columns: tuple[str, ...] = ()  # after the spec's columns; ratingbook leaves them alone
    # Extra columns computed by Excel: the table's calculated-column formula (structured
    # references, as Excel writes them), filled into every row of the table.
    formulas: Mapping[str, str] = field(default_factory=dict)
    table: bool = True  # an Excel Table; False for sheets ratingbook appends to (archives)
    landscape: bool = False

    @property
    def header(self) -> tuple[str, ...]:
        return (*(c.name for c in self.spec.columns), *self.extra_columns)


@dataclass(frozen=True, slots=True)
class _Design:
    title: str
    sheets: tuple[_InputSheet, ...]
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


def _table_name(sheet: str) -> str:
    return "".join(sheet.split())


def _name_formula(side: str) -> str:
    """The player's name beside an ID on Ladder Games (a calculated column of its table)."""
    this_row = f"{_table_name(LADDER_GAMES.sheet)}[[#This Row],[{side}]]"
    players = _table_name(LADDER_PLAYERS.sheet)
    return (
        f'IF({this_row}="","",IFERROR(INDEX({players}[Name],'
        f'MATCH({this_row},{players}[ID],0)),"?"))'
    )


_ARCHIVE_SPECS = (
    TableSpec(
        GAMES_ARCHIVE,
        tuple(
            Column(c)
            for c in ("Week", "Archived On", *(c.name for c in LADDER_GAMES.columns), *NAME_COLUMNS)
        ),
    ),
    TableSpec(WEEKLY_STANDINGS, tuple(Column(c) for c in ("Week", *STANDINGS_HEADER))),
)

_LADDER = _Design(
    title="SCA camp ladder",
    sheets=(
        _InputSheet(
            LADDER_SETTINGS,
            rows=(
                (
                    "Week",
                    1,
                    "The week being played. To start a new week, raise it by one and click "
                    "Recalc Ratings.",
                ),
            ),
            number_formats={"Value": "0"},
            widths={"Setting": 12, "Value": 10, "Meaning": 90},
            extra_columns=("Meaning",),
        ),
        _InputSheet(
            CAMP_GROUPS,
            rows=(("Beginners", 800), ("Intermediate", 1000), ("Advanced", 1200)),
            number_formats={"Initial Ladder Rating": "0"},
            widths={"Group": 18, "Initial Ladder Rating": 22},
        ),
        _InputSheet(
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
                _Dropdown(
                    "Active",
                    ("TRUE", "FALSE"),
                    "TRUE: playing this week. FALSE: not playing (ratings left alone).",
                    title="Not TRUE or FALSE",
                ),
            ),
        ),
        _InputSheet(
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
            number_formats={"White": "0", "Black": "0", "Result": _TEXT},
            widths={"White": 10, "Black": 10, "Result": 12, "White Name": 24, "Black Name": 24},
            extra_columns=NAME_COLUMNS,
            formulas={
                name: _name_formula(side)
                for name, side in zip(NAME_COLUMNS, ("White", "Black"), strict=True)
            },
            dropdowns=(
                _Dropdown(
                    "Result",
                    ("(1-0)", "(0-1)", "(½-½)"),
                    "(1-0) White won, (0-1) Black won, (½-½) draw.",
                    also="(1/2-1/2) and the same without brackets are accepted too.",
                ),
            ),
        ),
        *(
            _InputSheet(
                spec,
                rows=(),
                number_formats={"Archived On": "yyyy-mm-dd"},
                widths={"Archived On": 12, "Name": 24, "White Name": 24, "Black Name": 24},
                table=False,
                landscape=spec.sheet == GAMES_ARCHIVE,
            )
            for spec in _ARCHIVE_SPECS
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{LADDER_SETTINGS.sheet}': the Week being played (1, 2, ...).",
        f"'{CAMP_GROUPS.sheet}': one row per group, with the rating its players start each "
        "week at (Initial Ladder Rating).",
        f"'{LADDER_PLAYERS.sheet}': one row per camper. ID is a whole number that stands for "
        f"the player in '{LADDER_GAMES.sheet}'. Group must be one of the groups on "
        f"'{CAMP_GROUPS.sheet}'. Active is TRUE for campers playing this week and FALSE for "
        "those who are not (their ratings are left alone). StWkPerm is the Permanent Rating at "
        "the start of the week. Rating (the weekly ladder rating, the one to post) and "
        "Permanent Rating are filled in by ratingbook: don't type in them.",
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
        *_recalc_lines(
            "camp.xlsx",
            "the week's starting ratings (each active player's Rating from their group's "
            "Initial Ladder Rating, their Permanent Rating from StWkPerm)",
        ),
        *_generated_lines((LADDER_STANDINGS, RATING_HISTORY, LADDER_CHARTS, LADDER_PROGRESS)),
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
        f"'{LADDER_STANDINGS}' prints one page wide with its header row on every page, the week "
        "and the date at the top and page numbers at the bottom: print it (File > Print) and pin "
        f"it on the wall. '{LADDER_CHARTS}' shows, one pair of charts per group, each camper's "
        "Rating after each of their games this week and at the end of every week; the numbers "
        f"behind them are on '{LADDER_PROGRESS}'.",
    ),
)


# --- Crikey ------------------------------------------------------------------------------------

_CRIKEY = _Design(
    title="Crikey rating points exchange",
    sheets=(
        _InputSheet(
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
        _InputSheet(
            CRIKEY_GAMES,
            rows=(
                ("Alice", "Bob", "lost", 20, 15),
                ("Carol", "Dave", "won", 18, 25),
                ("Erin", "Alice", "drew", 12, 12),
                ("Dave", "Bob", "won", 30, 10),
                ("Bob", "Carol", "drew", 15, 22),
                ("Erin", "Dave", "won", 9, 14),
            ),
            number_formats={"Result": _TEXT, "White Pieces": "0", "Black Pieces": "0"},
            widths={"White": 16, "Black": 16, "Result": 10, "White Pieces": 15, "Black Pieces": 15},
            dropdowns=(_Dropdown("Result", ("won", "drew", "lost"), "White's result."),),
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
        *_generated_lines((CRIKEY_STANDINGS, CRIKEY_HISTORY, CRIKEY_CHARTS, CRIKEY_PROGRESS)),
    ),
)


# --- Elo ---------------------------------------------------------------------------------------

_ELO = _Design(
    title="Elo ratings",
    sheets=(
        _InputSheet(
            ELO_SETTINGS,
            rows=(("K", 32, "Most rating points one game can win or lose (20 when missing)"),),
            widths={"Setting": 12, "Value": 10, "Meaning": 64},
            extra_columns=("Meaning",),
        ),
        _InputSheet(
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
        _InputSheet(
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
            number_formats={"Result": _TEXT},
            widths={"White": 16, "Black": 16, "Result": 10},
            dropdowns=(
                _Dropdown(
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
        *_generated_lines((ELO_STANDINGS, ELO_HISTORY, ELO_CHARTS, ELO_PROGRESS)),
    ),
)


# --- Swiss -------------------------------------------------------------------------------------

_SWISS_RESULTS = ("1-0", "0-1", "½-½", "+/-", "-/+", "-/-", "PAB", "HPB", "FPB", "ZPB")
# What the template's Swiss Games table shows: the event's columns (the seed's White Points /
# Black Points are still read where a book has them, see schemas.SWISS_EVENT_GAMES).
_SWISS_GAMES_SHOWN = TableSpec(
    SWISS_EVENT_GAMES.sheet,
    tuple(c for c in SWISS_EVENT_GAMES.columns if c.name not in ("White Points", "Black Points")),
)
_SETTING_HELP = "What it means"

_SWISS = _Design(
    title="Swiss tournament",
    sheets=(
        _InputSheet(
            SWISS_SETTINGS,
            rows=(
                ("Event", "Club Swiss", "The event's name (written into TRF files)."),
                ("Rounds", 5, "How many rounds the event has: pairing stops after the last."),
                (
                    "Start Date",
                    _dt.datetime(2026, 4, 11),
                    "Decides the FIDE tie-break rules: before 2026-03-01 the 2024 rules.",
                ),
                (
                    "Tie-breaks",
                    None,
                    "FIDE codes in order, e.g. BH/C1 BH SB DE WIN BPG. Empty: points, "
                    "resistance, Sonneborn-Berger, blacks.",
                ),
                ("Pairing", "Dutch", "FIDE Dutch system (the only one offered)."),
                ("Points", "1 0.5 1", "Points for a win, a draw and a pairing-allocated bye."),
                ("Auto-pair", "On", "On: Recalc pairs the next round once a round is complete."),
                ("First Colour", "White", "The colour of the top seed in round 1."),
            ),
            widths={"Setting": 14, "Value": 24, _SETTING_HELP: 90},
            extra_columns=(_SETTING_HELP,),
        ),
        _InputSheet(
            SWISS_PLAYERS,
            # seed 004's example tournament.
            rows=tuple(
                (name, None, None, None, None, None, None, None)
                for name in ("Anna", "Bob", "Charlotte", "Daniel", "Erik", "Femke")
            ),
            number_formats={"Rating": "0", "FIDE ID": "0", "Withdrawn": "0"},
            widths={"Name": 20, "FIDE ID": 12, "Federation": 12, "Withdrawn": 12},
        ),
        _InputSheet(
            _SWISS_GAMES_SHOWN,
            # seed 004's three rounds; recalculating the template pairs round 4.
            rows=(
                (1, 1, "Anna", "Femke", "1-0"),
                (1, 2, "Bob", "Erik", "0-1"),
                (1, 3, "Charlotte", "Daniel", "½-½"),
                (2, 1, "Erik", "Anna", "1-0"),
                (2, 2, "Femke", "Charlotte", "½-½"),
                (2, 3, "Daniel", "Bob", "1-0"),
                (3, 1, "Daniel", "Erik", "½-½"),
                (3, 2, "Charlotte", "Anna", "1-0"),
                (3, 3, "Bob", "Femke", "1-0"),
            ),
            number_formats={"Round": "0", "Board": "0", "Result": _TEXT},
            widths={"Round": 9, "Board": 9, "White": 18, "Black": 18, "Result": 10},
            dropdowns=(
                _Dropdown(
                    "Result",
                    _SWISS_RESULTS,
                    "1-0, 0-1, ½-½; forfeits +/-, -/+, -/-; on a BYE row: PAB, HPB, FPB, ZPB.",
                    also="TRF's letters U, H, F and Z are accepted on a BYE row.",
                ),
            ),
        ),
    ),
    instructions=(
        "# What is in this workbook",
        f"'{SWISS_SETTINGS.sheet}': the event: how many rounds, the start date, the tie-breaks "
        "and whether recalculating pairs the next round by itself (see the sheet's third "
        "column).",
        f"'{SWISS_PLAYERS.sheet}': one row per player. Only Name is needed. Rating sets the "
        "starting order (highest first, then by name). FIDE ID, Title, Federation, Birth and "
        "Sex go into TRF files. Withdrawn: the first round a player no longer plays.",
        f"'{SWISS_GAMES.sheet}': one row per game: round, board, White, Black and the result. "
        "A bye is a row whose Black is BYE.",
        "",
        "# Running the event",
        "1. Type the players. Set Rounds and the Start Date on the settings sheet.",
        "2. Recalculate (below): round 1 is paired and its rows appear under the games table, "
        "with an empty Result.",
        "3. Type each result: 1-0, 0-1 or ½-½; a forfeit is +/- (White wins, Black did not "
        "play), -/+ or -/- (neither came).",
        "4. Recalculate: the standings, the crosstable and the pairing list are rebuilt and, "
        "once every game of the round has a result, the next round is paired. Repeat until the "
        "last round.",
        "A player who asks for a bye in the next round: add a row before that round is paired, "
        "with the round, the player as White, BYE as Black and HPB (half point) or ZPB (no "
        "point) as Result. The odd player out gets a pairing-allocated bye (PAB) from the "
        "pairing. A player who stops: write the first round they miss under Withdrawn.",
        "Pairing follows the FIDE Dutch system; a player never meets the same opponent twice. "
        "To pair without recalculating, or with Auto-pair Off, run ratingbook pair (below).",
        "The sample rows are seed 004's example tournament: delete them before you start.",
        "",
        "# How players are ranked",
        "By points. With Tie-breaks empty, equal points are split by resistance points (the sum "
        "of the final points of the opponents played), then Sonneborn-Berger points, then the "
        "number of games played with black. With Tie-breaks set, by the FIDE tie-breaks in the "
        "order given (BH Buchholz, BH/C1 Buchholz cut 1, BH/M1 median, SB Sonneborn-Berger, DE "
        "direct encounter, WIN wins, WON games won, BPG games with black, BWG wins with black, "
        "ARO average rating of opponents, TPR performance, PTP perfect performance), with FIDE's "
        "rules for byes, forfeits and withdrawals of the edition in force at the start date.",
        "",
        *_recalc_lines("tournament.xlsx", "the games typed so far"),
        "",
        "# Pairing and TRF files from a terminal",
        "    ratingbook pair tournament.xlsx --in-place      (pairs the next round)",
        "    ratingbook trf export tournament.xlsx -o event.trf   (FIDE's TRF-2026 file)",
        "    ratingbook trf import event.trf -o tournament.xlsx   (from Swiss-Manager, Vega...)",
        *_generated_lines((SWISS_STANDINGS, SWISS_CROSSTABLE, SWISS_PAIRINGS)),
    ),
)

_DESIGNS: dict[str, _Design] = {"ladder": _LADDER, "crikey": _CRIKEY, "elo": _ELO, "swiss": _SWISS}


# --- building -----------------------------------------------------------------------------------


class TemplateBook(OpenpyxlBook):
    """A template being built: the openpyxl Book over a workbook that is not (yet) a file.

    A :class:`~ratingbook.book.FileBook`: it saves as the reproducible template bytes, and
    nothing is lost (there is no original file to overwrite or to carry parts over from).
    """

    def __init__(self, book: Workbook) -> None:
        super().__init__(book)
        self.uncarried: list[str] = []

    def refuse_in_place(self) -> None:
        """Never refuses: a template has no original file to lose parts of."""

    def save(self, target: str | os.PathLike[str]) -> None:
        """Write the template's bytes (identical on every run) to ``target``, atomically."""
        data = self.package_bytes()

        def write(temporary: str) -> None:
            Path(temporary).write_bytes(data)

        atomic_save(Path(target), write)

    def package_bytes(self) -> bytes:
        """The workbook as the bytes of an .xlsx file, identical on every run."""
        buffer = io.BytesIO()
        self.workbook.save(buffer)
        return _reproducible_package(buffer.getvalue(), self.workbook.properties)


def _check_kind(kind: str) -> _Design:
    design = _DESIGNS.get(kind)
    if design is None:
        raise WorkbookError(f"unknown template {kind!r}; choose one of {', '.join(KINDS)}")
    return design


def _write_instructions(ws: Worksheet, design: _Design) -> None:
    # Lines are wrapped here rather than by Excel: Excel does not grow a row for wrapped text
    # written by another program, so every line gets a row of its own.
    ws.column_dimensions["A"].width = _INSTRUCTIONS_WIDTH
    ws.sheet_view.showGridLines = False
    apply_print_setup(ws, PrintSetup(INSTRUCTIONS, repeat_rows=1, file_name=True))
    title = ws.cell(row=1, column=1, value=f"{design.title}: a ratingbook workbook")
    title.font = Font(bold=True, size=16)
    heading = Font(bold=True, size=12)
    row = 3
    for paragraph in design.instructions:
        if paragraph.startswith("# "):
            ws.cell(row=row, column=1, value=paragraph[2:]).font = heading
            row += 1
        elif paragraph.startswith("    "):
            ws.cell(row=row, column=1, value=paragraph)
            row += 1
        else:
            for line in textwrap.wrap(paragraph, _INSTRUCTIONS_WIDTH - 8) or [""]:
                if line:
                    ws.cell(row=row, column=1, value=line)
                row += 1


def _write_input_sheet(wb: Workbook, sheet: _InputSheet) -> None:
    ws = wb.create_sheet(sheet.spec.sheet)
    header = sheet.header
    ws.append(list(header))
    for values in sheet.rows:
        ws.append(list(values))
    last_column = get_column_letter(len(header))
    last_row = max(2, len(sheet.rows) + 1)  # a table needs at least one data row
    if sheet.table:
        name = _table_name(sheet.spec.sheet)
        table = Table(displayName=name, ref=f"A1:{last_column}{last_row}")
        table.tableStyleInfo = TableStyleInfo(
            name=_TABLE_STYLE, showRowStripes=True, showColumnStripes=False
        )
        table.tableColumns = [
            TableColumn(id=i, name=title) for i, title in enumerate(header, start=1)
        ]
        table.autoFilter = AutoFilter(ref=table.ref)
        for column in table.tableColumns:
            formula = sheet.formulas.get(column.name)
            if formula is not None:
                column.calculatedColumnFormula = TableFormula(attr_text=formula)
                for r in range(2, last_row + 1):
                    ws.cell(row=r, column=column.id, value=f"={formula}")
        ws.add_table(table)
    else:
        for cell in ws[1]:
            cell.font = Font(bold=True)
    ws.freeze_panes = "A2"
    apply_print_setup(ws, PrintSetup(sheet.spec.sheet, landscape=sheet.landscape, file_name=True))
    positions = {name: i for i, name in enumerate(header, start=1)}
    for name, position in positions.items():
        letter = get_column_letter(position)
        dimension = ws.column_dimensions[letter]
        dimension.width = sheet.widths.get(name, max(10.0, len(name) + 3.0))
        number_format = sheet.number_formats.get(name)
        if number_format is not None:
            # The column's own format is what Excel gives cells typed below the samples.
            dimension.number_format = number_format
            for r in range(2, last_row + 1):
                ws.cell(row=r, column=position).number_format = number_format
    for dropdown in sheet.dropdowns:
        letter = get_column_letter(positions[dropdown.column])
        choices = ",".join(dropdown.choices)
        validation = DataValidation(
            type="list",
            formula1=f'"{choices}"',
            allow_blank=True,
            showErrorMessage=True,
            showInputMessage=True,
            errorStyle="warning",
            errorTitle=dropdown.title,
            error=" ".join(
                p
                for p in (f"ratingbook expects {', '.join(dropdown.choices)}.", dropdown.also)
                if p
            ),
            promptTitle=dropdown.column,
            prompt=dropdown.prompt,
        )
        validation.add(f"{letter}2:{letter}{LAST_ENTRY_ROW}")
        ws.add_data_validation(validation)


def _cover_new_rows(ws: Worksheet, sheet: _InputSheet) -> None:
    """Rows the sample's recalculation appended (the Swiss pairing of the next round) join the
    Excel table and get the column's number format, as rows typed below the table do."""
    last_row = ws.max_row
    while last_row > 2 and all(
        ws.cell(row=last_row, column=c).value in (None, "") for c in range(1, len(sheet.header) + 1)
    ):
        last_row -= 1
    if last_row <= max(2, len(sheet.rows) + 1):
        return
    table = next(iter(ws.tables.values()))
    table.ref = f"A1:{get_column_letter(len(sheet.header))}{last_row}"
    for position, name in enumerate(sheet.header, start=1):
        number_format = sheet.number_formats.get(name)
        if number_format is not None:
            for r in range(len(sheet.rows) + 2, last_row + 1):
                ws.cell(row=r, column=position).number_format = number_format


def sample_rows(kind: str) -> dict[str, tuple[tuple[object, ...], ...]]:
    """The ``kind`` template's sample rows, by input sheet name (in the sheets' column order)."""
    return {s.spec.sheet: tuple(tuple(r) for r in s.rows) for s in _check_kind(kind).sheets}


def build_template(
    kind: str,
    *,
    rows: Mapping[str, Sequence[Sequence[object]]] | None = None,
    recalc: bool = True,
) -> Workbook:
    """The ``kind`` template (ladder, crikey, elo or swiss) as an openpyxl workbook.

    Its sample data is already recalculated: ratings and generated sheets are filled in.
    ``rows`` replaces the sample rows of the sheets it names (``ratingbook trf import`` builds
    an event's book this way); with ``recalc`` false nothing is computed.
    """
    design = _check_kind(kind)
    if rows:
        design = dataclasses.replace(
            design,
            sheets=tuple(
                dataclasses.replace(s, rows=rows.get(s.spec.sheet, s.rows)) for s in design.sheets
            ),
        )
    wb = Workbook()
    instructions = wb.active
    assert isinstance(instructions, Worksheet)
    instructions.title = INSTRUCTIONS
    _write_instructions(instructions, design)
    for sheet in design.sheets:
        _write_input_sheet(wb, sheet)
    if recalc:
        workbook.recalc(TemplateBook(wb))
    for sheet in design.sheets:
        _cover_new_rows(wb[sheet.spec.sheet], sheet)
    wb.active = 0
    wb.properties = DocumentProperties(
        creator="ratingbook",
        title=f"ratingbook {kind} template",
        created=_DOCUMENT_TIME,
        modified=_DOCUMENT_TIME,
    )
    return wb


def _reproducible_package(data: bytes, properties: DocumentProperties) -> bytes:
    """``data`` (an .xlsx package) with fixed entry times, fixed core properties, no compression."""
    # openpyxl stamps the save time into docProps/core.xml; write the fixed properties instead.
    properties.modified = _DOCUMENT_TIME
    core = tostring(properties.to_tree())
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target,
    ):
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.create_system = _ZIP_UNIX
            info.external_attr = _ZIP_MODE
            content = core if entry.filename == "docProps/core.xml" else source.read(entry)
            target.writestr(info, content)
    return out.getvalue()


def template_bytes(kind: str) -> bytes:
    """The ``kind`` template as the bytes of an .xlsx file, identical on every run."""
    return TemplateBook(build_template(kind)).package_bytes()


def write_template(kind: str, path: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
    """Write the ``kind`` template to ``path`` (an .xlsx name) and return the path.

    An existing file is refused unless ``overwrite`` is true; then it is replaced atomically.
    """
    target = Path(path)
    _check_kind(kind)
    if target.suffix.lower() != ".xlsx":
        raise WorkbookError(f"cannot write the template as {str(target)!r}: use an .xlsx name")
    folder = target.parent
    if not folder.is_dir():
        raise WorkbookError(f"cannot write {str(target)!r}: folder {str(folder)!r} does not exist")
    if target.is_dir():
        raise WorkbookError(f"cannot write {str(target)!r}: it is a folder")
    if not overwrite and target.exists():
        raise WorkbookError(f"{str(target)!r} already exists; not replacing it")
    book = TemplateBook(build_template(kind))
    if target.exists():  # only with overwrite: replaced atomically, keeping its permissions
        book.save(target)
        return target
    data = book.package_bytes()
    try:
        # A new file: created exclusively, with the usual permissions (umask applies).
        with open(target, "xb") as handle:
            handle.write(data)
    except FileExistsError:
        raise WorkbookError(f"{str(target)!r} already exists; not replacing it") from None
    except OSError as error:
        raise WorkbookError(f"cannot write {str(target)!r}: {error.strerror or error}") from None
    return target


# --- python -m ratingbook.templates --------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or, with --check, compare) every template as DIR/KIND.xlsx."""
    parser = argparse.ArgumentParser(
        prog="python -m ratingbook.templates",
        description="Regenerate the committed workbook templates (workbook_templates/*.xlsx).",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write-all", metavar="DIR", help="write DIR/KIND.xlsx for every kind")
    action.add_argument("--check", metavar="DIR", help="exit 1 if DIR/KIND.xlsx are out of date")
    args = parser.parse_args(argv)
    if args.check is not None:
        stale = [
            kind
            for kind in KINDS
            if not (Path(args.check) / f"{kind}.xlsx").is_file()
            or (Path(args.check) / f"{kind}.xlsx").read_bytes() != template_bytes(kind)
        ]
        for kind in stale:
            print(f"out of date: {Path(args.check) / f'{kind}.xlsx'}")
        return 1 if stale else 0
    try:
        for kind in KINDS:
            path = write_template(kind, Path(args.write_all) / f"{kind}.xlsx", overwrite=True)
            print(f"wrote {path}")
    except RatingbookError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
