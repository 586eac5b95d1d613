"""What the team template holds: a five-team camp cup (two boards a side, a reserve each),
round 1 paired by FIDE C.04.6 and played, its settings and plain Instructions.

Round 1 is what gacrux's C.04.6 engine gives for these teams (the test of the template pairs
it again and compares): the pairing-allocated bye to the lowest team, Pawns (art. 3.4), then
1 - 3 and 2 - 4 by team pairing number; board 1's colour by art. 4.3.1 (an odd-numbered first
team gets White, an even-numbered one Black).
"""

from __future__ import annotations

from ratingbook.templates.designs import Design, Dropdown, InputSheet, generated_lines, recalc_lines
from ratingbook.workbook.sheets.schemas import TEAM_BOARDS, TEAM_MATCHES, TEAM_SETTINGS, TEAMS

__all__ = ["TEAM"]

_HELP = "What it means"
_TEAMS = (
    ("Knights", (("Ada Berg", 1820), ("Ben Cole", 1760), ("Cleo Dunn", 1650))),
    ("Bishops", (("Dan Eide", 1905), ("Eva Falk", 1700), ("Finn Gray", 1580))),
    ("Rooks", (("Gus Hart", 1710), ("Hana Ito", 1690), ("Ivan Jost", 1500))),
    ("Queens", (("Jade Kim", 1880), ("Kai Lund", 1790), ("Lena Moss", 1600))),
    ("Pawns", (("Milo Nash", 1560), ("Nora Ode", 1540), ("Otto Pike", 1450))),
)
_MATCHES = ((1, 1, "Queens", "Knights"), (1, 2, "Rooks", "Bishops"), (1, 3, "Pawns", "BYE"))
_BOARDS = (
    (1, 1, 1, "Jade Kim", "Ada Berg", "1-0"),
    (1, 1, 2, "Ben Cole", "Kai Lund", "½-½"),
    (1, 2, 1, "Gus Hart", "Dan Eide", "0-1"),
    (1, 2, 2, "Eva Falk", "Hana Ito", "0-1"),
)
_GENERATED = (
    "Team Standings",
    "Team Crosstable",
    "Team Pairings",
    "Board Results",
    "Board Prizes",
    "Team Notes",
)

TEAM = Design(
    title="Team competition",
    sheets=(
        InputSheet(
            TEAM_SETTINGS,
            rows=(
                ("Event", "Summer Camp Team Cup", "The event's name: it heads every printout."),
                (
                    "System",
                    "Team Swiss",
                    "Team Swiss (FIDE C.04.6), Round Robin or Double Round Robin (every team "
                    "meets every other once or twice, by FIDE's Berger tables).",
                ),
                ("Rounds", 4, "How many rounds the event has."),
                ("Boards", 2, "Boards per match. Players after these on a roster are reserves."),
                (
                    "Main Score",
                    "Match Points",
                    "Match Points or Game Points: what ranks the teams and groups them for the "
                    "pairing. It cannot change once round 1 is paired.",
                ),
                ("Match Win", 2, "Match points for winning a match (more game points)."),
                ("Match Draw", 1, "Match points for a drawn match, and for the bye."),
                ("Match Loss", 0, "Match points for losing a match."),
                (
                    "Colour Preferences",
                    "Type A",
                    "Type A (FIDE's default), Type B or None: how the pairing gives White on "
                    "board 1 (C.04.6 art. 1.7).",
                ),
                (
                    "Tie-breaks",
                    "MPVGP EMGSB/C1 EDE",
                    "FIDE C.07 codes in order: game points, the Olympiad's Sonneborn-Berger "
                    "(lowest cut), the direct encounter. Also EMMSB EGMSB EGGSB BC TBR BBE.",
                ),
                (
                    "Rating Boards",
                    2,
                    "A team's rating is the average of this many top boards (empty: every board).",
                ),
                ("FIDE Rated", "no", "yes: each board game is a FIDE-rated game."),
                (
                    "Board Prize Order",
                    "Performance",
                    "Performance (ECU B.7.1) or Percentage: what ranks each board's players on "
                    "Board Prizes. Only games played over the board count.",
                ),
                (
                    "Board Prize Games",
                    None,
                    "Games a player must play on a board to be ranked there (empty: 70 % of "
                    "the rounds, rounded half up).",
                ),
                ("Main Score at Round 1", "Match Points", "Written by the pairing of round 1."),
            ),
            widths={"Setting": 20, "Value": 22, _HELP: 38},
            extra_columns=(_HELP,),
            wrapped=("Value", _HELP),  # an event's name may be longer than the column
        ),
        InputSheet(
            TEAMS,
            rows=tuple(
                (team, board, name, rating, None)
                for team, players in _TEAMS
                for board, (name, rating) in enumerate(players, start=1)
            ),
            number_formats={"Board": "0", "Rating": "0", "FIDE ID": "0"},
            widths={"Team": 16, "Player": 22, "FIDE ID": 12},
        ),
        InputSheet(
            TEAM_MATCHES,
            rows=_MATCHES,
            widths={"White Team": 18, "Black Team": 18},
        ),
        InputSheet(
            TEAM_BOARDS,
            rows=_BOARDS,
            number_formats={"Round": "0", "Match": "0", "Board": "0", "Result": "@"},
            widths={"White": 22, "Black": 22},
            dropdowns=(
                Dropdown(
                    "Result",
                    ("1-0", "0-1", "½-½", "+/-", "-/+", "-/-"),
                    "1-0, 0-1, ½-½; a forfeit +/- (White wins), -/+ (Black wins), -/- (both).",
                ),
            ),
        ),
    ),
    instructions=(
        "# What is in this workbook",
        "A team competition played board by board: a camp cup of five teams, two boards a side.",
        f"'{TEAMS.sheet}': one row per player: the team, the board (1 is the top board; players "
        "after the match's boards are reserves), the name, the rating and the FIDE ID. The "
        "board order is fixed before the event. A team's rating is the average of its top "
        "boards; the highest-rated team is team number 1.",
        f"'{TEAM_MATCHES.sheet}': one row per match. The White Team has White on board 1; the "
        "colours then alternate down the boards. Black Team BYE is the pairing-allocated bye, "
        "which counts as a drawn match.",
        f"'{TEAM_BOARDS.sheet}': one row per board with the two players and the result, "
        "written from White's side (1-0 means White won). If a player did not come, leave the "
        "name empty and write the forfeit (+/- when Black is missing, -/+ when White is, -/- "
        "when neither came). "
        "To field a reserve, type the reserve's name over the player's.",
        f"'{TEAM_SETTINGS.sheet}': the competition's rules.",
        "",
        "# Pairing the next round",
        "When every board of the round has a result, close the workbook and run in a terminal:",
        "    ratingbook pair cup.xlsx --in-place",
        "A team Swiss is paired by FIDE's Swiss Team Pairing System (C.04.6); a round robin "
        "by FIDE's Berger tables ('ratingbook pair --all' pairs all its rounds at once). The "
        "new matches and their boards (each team's first boards) are added under the tables.",
        "",
        "# How teams are ranked",
        "By match points (or game points, as Main Score says), then the tie-breaks. "
        "'Team Notes' says in words why each team is above the next and why each match of "
        "the round was paired so.",
        "",
        *recalc_lines("cup.xlsx", "the boards typed so far"),
        *generated_lines(_GENERATED),
    ),
)
