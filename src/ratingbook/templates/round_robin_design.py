"""What the round-robin template holds: a six-player all-play-all, its settings and its
Instructions.

It is a Swiss-event workbook whose ``Pairing`` is ``Round Robin``: the same sheets as the Swiss
template (:mod:`ratingbook.templates.swiss_design`), paired by FIDE's Berger tables (C.05
Annex 1) instead of the Dutch system, and ranked with the round-robin tie-breaks of C.07.
"""

from __future__ import annotations

import datetime as _dt

from ratingbook.reports.names import CONTENDERS, NORMS
from ratingbook.templates.designs import Design, InputSheet, generated_lines, recalc_lines
from ratingbook.templates.swiss_design import FIDE_MODE_ROW, SWISS, SWISS_GAMES_SHOWN
from ratingbook.workbook.sheets.schemas import (
    RATING_GAMES,
    RATING_REPORT,
    STANDINGS_NOTES,
    SWISS_CROSSTABLE,
    SWISS_PAIRINGS,
    SWISS_PLAYERS,
    SWISS_SETTINGS,
    SWISS_STANDINGS,
)

__all__ = ["ROUND_ROBIN"]

_HELP = "What it means"
# Six players of a club's Thursday section, by rating (their start numbers 1 to 6).
_PLAYERS = (
    ("Nadia Holm", 2012, "WFM"),
    ("Oskar Lind", 1968, ""),
    ("Petra Aas", 1875, ""),
    ("Quentin Berg", 1802, ""),
    ("Rita Dahl", 1730, ""),
    ("Sven Eng", 1655, ""),
)
# Round 1 of the Berger table for six (C.05 Annex 1): 1-6, 2-5, 3-4, already played.
_ROUND_1 = (
    (1, 1, "Nadia Holm", "Sven Eng", "1-0"),
    (1, 2, "Oskar Lind", "Rita Dahl", "½-½"),
    (1, 3, "Petra Aas", "Quentin Berg", "0-1"),
)


def _sheet(name: str) -> InputSheet:
    return next(s for s in SWISS.sheets if s.spec.sheet == name)


ROUND_ROBIN = Design(
    title="Round robin",
    sheets=(
        InputSheet(
            SWISS_SETTINGS,
            rows=(
                ("Event", "Thursday all-play-all", "The event's name (written into TRF files)."),
                (
                    "Pairing",
                    "Round Robin",
                    "Round Robin: everyone plays everyone once; Double Round Robin: twice, the "
                    "second time with the colours reversed. The pairings are FIDE's Berger "
                    "tables, by start number.",
                ),
                (
                    "Start Date",
                    _dt.date(2026, 4, 9),
                    "Decides the FIDE tie-break rules: before 2026-03-01 the 2024 rules.",
                ),
                (
                    "Tie-breaks",
                    "DE WIN SB KS",
                    "FIDE codes in order: direct encounter, wins, Sonneborn-Berger, Koya.",
                ),
                (
                    "FIDE Rated",
                    "Standard",
                    "Standard, Rapid or Blitz: rated by FIDE; the standings show each player's "
                    "rating change (Rtg+/-) and performance (Rp), the Rating Report sheets how "
                    "they were worked out (B.02). No: not rated.",
                ),
                ("Points", "1 0.5 0", "Points for a win and a draw (nobody scores sitting out)."),
                ("Auto-pair", "On", "On: Recalc pairs the next round once a round is complete."),
                FIDE_MODE_ROW,
            ),
            widths={"Setting": 14, "Value": 22, _HELP: 44},
            extra_columns=(_HELP,),
            wrapped=("Value", _HELP),  # an event's name may be longer than the column
        ),
        InputSheet(
            SWISS_PLAYERS,
            rows=tuple(
                tuple(
                    {"No.": n, "Name": name, "Rating": rating, "Title": title or None}.get(c.name)
                    for c in SWISS_PLAYERS.columns
                )
                for n, (name, rating, title) in enumerate(_PLAYERS, start=1)
            ),
            number_formats=_sheet(SWISS_PLAYERS.sheet).number_formats,
            widths=_sheet(SWISS_PLAYERS.sheet).widths,
            landscape=_sheet(SWISS_PLAYERS.sheet).landscape,
            dropdowns=_sheet(SWISS_PLAYERS.sheet).dropdowns,
        ),
        InputSheet(
            SWISS_GAMES_SHOWN,
            rows=tuple((*row, None, None) for row in _ROUND_1),
            number_formats=_sheet(SWISS_GAMES_SHOWN.sheet).number_formats,
            widths=_sheet(SWISS_GAMES_SHOWN.sheet).widths,
            landscape=_sheet(SWISS_GAMES_SHOWN.sheet).landscape,
            dropdowns=_sheet(SWISS_GAMES_SHOWN.sheet).dropdowns,
        ),
    ),
    instructions=(
        "# What is in this workbook",
        "An all-play-all section: every player meets every other player once (or twice, with "
        f"Double Round Robin in '{SWISS_SETTINGS.sheet}').",
        f"'{SWISS_PLAYERS.sheet}': one row per player. No. is the start number, which decides "
        "the pairings (FIDE's Berger tables): leave it empty and ratingbook numbers the players "
        "by rating, then title, then name, or draw lots and type the numbers before round 1 is "
        "paired.",
        f"'{SWISS_GAMES_SHOWN.sheet}': the games. Recalculating "
        "pairs the next round once a round is complete; 'ratingbook pair --all' pairs every "
        "round at once. With an odd number of players, one player sits out each round.",
        "",
        "# How players are ranked",
        "By points, then by the tie-breaks in Swiss Settings (here: direct encounter, number of "
        "wins, Sonneborn-Berger, Koya), as FIDE's C.07 defines them for round robins.",
        f"'{SWISS_CROSSTABLE}' is the classic square table: players down and across by start "
        "number, each cell the result of the row's player against the column's.",
        "",
        *recalc_lines("section.xlsx", "the games typed so far"),
        f"'{RATING_REPORT}' and '{RATING_GAMES}': each player's FIDE rating change, game by "
        "game (expected score from FIDE's table, the 400-point rule, K), and performance.",
        f"'{STANDINGS_NOTES}': why each player holds that place in the standings.",
        # issue 27: the end of the event
        f"'{NORMS}': the FIDE title norms (B.01), each requirement and what a player still "
        f"needs; '{CONTENDERS}': who can still finish first on points, and what it takes.",
        *generated_lines(
            (
                SWISS_STANDINGS,
                SWISS_CROSSTABLE,
                SWISS_PAIRINGS,
                RATING_REPORT,
                RATING_GAMES,
                STANDINGS_NOTES,
                NORMS,
                CONTENDERS,
            )
        ),
    ),
)
