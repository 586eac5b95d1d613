"""What the Swiss template holds: an event's players, games, settings and its Instructions.

The other three templates are described in :mod:`ratingbook.templates.designs`, with the types
(:class:`Design`, :class:`InputSheet`, :class:`Dropdown`) this module uses.
"""

from __future__ import annotations

import datetime as _dt

from ratingbook.core.tables import TableSpec
from ratingbook.reports.names import CONTENDERS, NORMS, PRIZE_LIST
from ratingbook.templates.designs import (
    TEXT,
    Design,
    Dropdown,
    InputSheet,
    generated_lines,
    recalc_lines,
)
from ratingbook.workbook.sheets.end_reports import PRIZES
from ratingbook.workbook.sheets.event_rows import SEX_CELLS
from ratingbook.workbook.sheets.schemas import (
    FORBIDDEN_PAIRS,
    PAIRING_NOTES,
    RATING_GAMES,
    RATING_REPORT,
    STANDINGS_NOTES,
    SWISS_CROSSTABLE,
    SWISS_EVENT_GAMES,
    SWISS_GAMES,
    SWISS_PAIRINGS,
    SWISS_PLAYERS,
    SWISS_SETTINGS,
    SWISS_STANDINGS,
)

__all__ = ["FIDE_MODE_ROW", "SWISS", "SWISS_GAMES_SHOWN"]


_SWISS_RESULTS = (
    *("1-0", "0-1", "½-½", "+/-", "-/+", "-/-"),
    *("½-0", "0-½", "0-0"),  # a penalty's score (Laws of Chess art. 12.9)
    *("PAB", "HPB", "FPB", "ZPB"),
)
# What the template's Swiss Games table shows: the event's columns (the seed's White Points /
# Black Points are still read where a book has them, see schemas.SWISS_EVENT_GAMES).
SWISS_GAMES_SHOWN = TableSpec(
    SWISS_EVENT_GAMES.sheet,
    tuple(c for c in SWISS_EVENT_GAMES.columns if c.name not in ("White Points", "Black Points")),
)
_SETTING_HELP = "What it means"
#: The ``FIDE Mode`` setting's row, on by default: the one home of what it means, shown by the
#: Swiss and round-robin templates and by a TRF import's book (which fills the template's rows).
FIDE_MODE_ROW = (
    "FIDE Mode",
    "On",
    "On (default): every change that touches the pairings is warned, logged in the Event Log "
    "and can be undone. Off: leaves FIDE mode, once confirmed; leaving it is final.",
)

SWISS = Design(
    title="Swiss tournament",
    sheets=(
        InputSheet(
            SWISS_SETTINGS,
            rows=(
                ("Event", "Club Swiss", "The event's name (written into TRF files)."),
                ("Rounds", 5, "How many rounds the event has: pairing stops after the last."),
                (
                    "Start Date",
                    _dt.date(2026, 4, 11),
                    "Decides the FIDE tie-break rules: before 2026-03-01 the 2024 rules.",
                ),
                (
                    "Tie-breaks",
                    None,
                    "FIDE codes in order, e.g. BH/C1 BH SB DE WIN BPG. Empty: points, "
                    "resistance, Sonneborn-Berger, blacks.",
                ),
                (
                    "Pairing",
                    "Dutch",
                    "Dutch: the FIDE Dutch Swiss system. Round Robin or Double Round Robin: "
                    "everyone plays everyone (once or twice), by FIDE's Berger tables.",
                ),
                (
                    "Acceleration",
                    "None",
                    "None, or Baku: in the first rounds the top half gets virtual points so the "
                    "strongest don't meet the weakest (for pairing only, never in standings).",
                ),
                (
                    "FIDE Rated",
                    "No",
                    "Standard, Rapid or Blitz: the event is FIDE-rated; the standings show each "
                    "player's rating change (Rtg+/-) and performance (Rp), and the Rating Report "
                    "sheets the calculation. No: neither.",
                ),
                ("Points", "1 0.5 1", "Points for a win, a draw and a pairing-allocated bye."),
                ("Auto-pair", "On", "On: Recalc pairs the next round once a round is complete."),
                ("First Colour", "White", "The colour of the top seed in round 1."),
                (
                    "Unrated Rating",
                    None,
                    "What an unrated player counts as in ARO, TPR and PTP, as the event's "
                    "regulations say (e.g. 1400); empty: those columns stay empty when a player "
                    "is unrated.",
                ),
                FIDE_MODE_ROW,
            ),
            widths={"Setting": 14, "Value": 22, _SETTING_HELP: 44},
            extra_columns=(_SETTING_HELP,),
            wrapped=("Value", _SETTING_HELP),  # an event's name may be longer than the column
        ),
        InputSheet(
            SWISS_PLAYERS,
            # seed 004's example tournament's six players (its rounds, typed by hand, are not the
            # Dutch pairing: Swiss Games holds those).
            rows=tuple(
                (None, name, *[None] * (len(SWISS_PLAYERS.columns) - 2))
                for name in ("Anna", "Bob", "Charlotte", "Daniel", "Erik", "Femke")
            ),
            number_formats={"No.": "0", "Rating": "0", "FIDE ID": "0", "Withdrawn": "0"},
            widths={
                "No.": 7,
                "Name": 20,
                "FIDE ID": 12,
                "Federation": 12,
                "Withdrawn": 12,
                "National ID": 13,
                "Half-Point Bye": 15,
                "Tie-break Value": 15,
            },
            landscape=True,  # twelve columns: upright they print too small to read
            dropdowns=(
                Dropdown(
                    "Sex",
                    tuple(SEX_CELLS.values()),
                    "M or F (as FIDE's rating list); empty: not given.",
                    also="TRF's letters m and w, and W, are accepted too.",
                    title="Unknown sex",
                ),
            ),
        ),
        InputSheet(
            FORBIDDEN_PAIRS,
            rows=(),
            number_formats={"Until Round": "0"},
            widths={"Player": 20, "Other Player": 20, "Until Round": 13},
        ),
        InputSheet(
            SWISS_GAMES_SHOWN,
            # Three rounds as the Dutch system (C.04.3) pairs them; recalculating the template
            # pairs round 4 (Charlotte - Erik, Daniel - Bob, Femke - Anna). Nobody is rated or
            # titled, so the start numbers go by name (Anna 1 ... Femke 6). Round 1: S1 1 2 3
            # meets S2 4 5 6; board 1's top seed takes First Colour (White), then colours
            # alternate by board (E.5). Round 2: 1 point {Charlotte, Daniel, Erik}: the first
            # candidate 3-4 gives both their colour, Erik floats down; he meets Femke (he has
            # met Bob, and with Anna both would want Black), leaving Bob - Anna (C.12). Round 3:
            # Daniel (2) floats onto Erik (1½); Anna - Charlotte (1): both want White, nothing
            # alternates, the higher ranked, Anna, gets it (E.4); Femke (½) floats onto Bob
            # (0): both want Black, Femke ranks higher by score (A.2, E.4). The results keep seed
            # 004's scores after round 3: Erik 2½ clear, Charlotte and Daniel 2, Anna and Bob
            # 1, Femke ½.
            rows=(
                (1, 1, "Anna", "Daniel", "0-1", None, None),
                (1, 2, "Erik", "Bob", "1-0", None, None),
                (1, 3, "Charlotte", "Femke", "1-0", None, None),
                (2, 1, "Daniel", "Charlotte", "1-0", None, None),
                (2, 2, "Femke", "Erik", "½-½", None, None),
                (2, 3, "Bob", "Anna", "0-1", None, None),
                (3, 1, "Erik", "Daniel", "1-0", None, None),
                (3, 2, "Anna", "Charlotte", "0-1", None, None),
                (3, 3, "Bob", "Femke", "1-0", None, None),
            ),
            number_formats={
                "Round": "0",
                "Board": "0",
                "Result": TEXT,
                "White No.": "0",
                "Black No.": "0",
            },
            widths={
                "Round": 9,
                "Board": 9,
                "White": 18,
                "Black": 18,
                "Result": 10,
                "White No.": 11,
                "Black No.": 11,
            },
            landscape=True,  # seven columns, two of names: upright they print too small
            dropdowns=(
                Dropdown(
                    "Result",
                    _SWISS_RESULTS,
                    "1-0, 0-1, ½-½; forfeits +/-, -/+, -/-; a penalty ½-0, 0-½, 0-0; on a BYE "
                    "row: PAB, HPB, FPB, ZPB.",
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
        f"'{SWISS_PLAYERS.sheet}': one row per player. Only Name is needed; type it as FIDE "
        "writes it, Surname, Given (Petrov, Arkadij), as its rating list and TRF files do. No. "
        "is the start number (the pairing number): leave it empty and ratingbook numbers the "
        "players as FIDE's rules say (highest rating first, then by title GM, IM, WGM, FM, "
        "WIM, CM, WFM, WCM, then alphabetically by surname; a name typed without a comma sorts "
        "by its first word, and the run says so where that decides a number), or type the "
        "numbers yourself before round 1 is paired. A number typed over the one a player was "
        "paired with corrects it until round 4 is paired, never later. A late entry with an "
        "empty No. takes its place in that order in any round, the players below moving down "
        "one (FIDE C.04.2 art. 2.3-2.5). FIDE ID, Title, "
        "Federation, Birth and Sex go into TRF files; National ID is an ID that is not a FIDE "
        "number. Withdrawn: the first round a player no longer plays. K is the player's FIDE "
        "K factor (40, 20 or 10, as FIDE's rating list gives it); empty: from the rating and "
        "birth year. Half-Point Bye: No for a player the event's conditions make ineligible "
        "for one (a free entry); a half-point bye asked for such a player is refused. "
        "Tie-break Value: a play-off's score, or a place you give tied players, ranked by the "
        "tie-break MAN (MAN/R: the lower first).",
        f"'{SWISS_GAMES.sheet}': one row per game: round, board, White, Black and the result. "
        "A bye is a row whose Black is BYE. White No. and Black No. are the start numbers the "
        "pairing used: ratingbook fills them.",
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
        f"'{FORBIDDEN_PAIRS.sheet}': two players who must not be paired (brothers and sisters, "
        "players of one club early on): one row each, with Until Round the last round the ban "
        "holds (empty: every round). The pairing treats them as if they had already met.",
        "Pairing follows the FIDE Dutch system; a player never meets the same opponent twice. "
        "To pair without recalculating, or with Auto-pair Off, run ratingbook pair (below).",
        "The sample rows are seed 004's six players in three rounds paired by the Dutch "
        "system: delete them before you start.",
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
        *recalc_lines("tournament.xlsx", "the games typed so far"),
        "",
        "# Pairing and TRF files from a terminal",
        "    ratingbook pair tournament.xlsx --in-place      (pairs the next round)",
        "    ratingbook trf export tournament.xlsx -o event.trf   (FIDE's TRF-2026 file)",
        "    ratingbook trf import event.trf -o tournament.xlsx   (from Swiss-Manager, Vega...)",
        f"'{PAIRING_NOTES}' says for every board of the round in '{SWISS_PAIRINGS}' why it is "
        "paired so (score groups, floats, colours, the bye), and what was changed by hand; "
        f"'{STANDINGS_NOTES}' why each player holds that place in the standings (the "
        "tie-break that separated the player from the next, and what makes up each value).",
        # issue 27: the end of the event
        f"'{CONTENDERS}': who can still finish first on points before the next round, and what "
        f"it takes. Add a 'Prizes' sheet (Place, Category, Amount, Object) for '{PRIZE_LIST}'; "
        f"a FIDE-rated event gets '{NORMS}' (title norms, B.01).",
        *generated_lines(
            (
                SWISS_STANDINGS,
                SWISS_CROSSTABLE,
                SWISS_PAIRINGS,
                RATING_REPORT,
                RATING_GAMES,
                PAIRING_NOTES,
                STANDINGS_NOTES,
                PRIZE_LIST,
                NORMS,
                CONTENDERS,
            )
        ),
    ),
    # Written by a TRF import whose file gives prizes (its lines: ratingbook.trf.setting_comments)
    optional=(
        InputSheet(
            PRIZES, rows=(), number_formats={"Place": "0"}, widths={"Category": 16, "Object": 20}
        ),
    ),
)
