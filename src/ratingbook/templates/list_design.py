"""The rating list template (issue 35): a club's season, fed by its events, as data.

A club a rating officer would recognise: eight members and a guest with a fixed rating, K rules
by age and rating, monthly periods, and four events of the autumn (a rapid, a blitz, the club
championship over three evenings, and a junior night typed in last though it was played in
September: a late event, which the list rates in its own month). The designs' shapes are
:mod:`ratingbook.templates.designs`; :mod:`ratingbook.templates.writer` builds the workbook.
"""

from __future__ import annotations

import datetime as dt

from ratingbook.templates.designs import TEXT, Design, Dropdown, InputSheet, generated_lines
from ratingbook.workbook.sheets.event_rows import sex_cell
from ratingbook.workbook.sheets.list_layout import (
    LIST_EVENTS_WIDTHS,
    LIST_EVENTS_WRAPPED,
    LIST_GAMES_HEADER_LINES,
    LIST_GAMES_WIDTHS,
    LIST_GAMES_WRAPPED,
    LIST_RANKS_WIDTHS,
    LIST_RANKS_WRAPPED,
)
from ratingbook.workbook.sheets.schemas import (
    ELO_SYSTEM,
    FIDE_SYSTEM,
    GLICKO2_SYSTEM,
    LIST_ACTIVE,
    LIST_ALIASES,
    LIST_CHANGES,
    LIST_DATE,
    LIST_EVENTS,
    LIST_FLOOR,
    LIST_GAMES,
    LIST_HISTORY,
    LIST_K_RULES,
    LIST_NAME,
    LIST_PERIOD,
    LIST_PERIODS,
    LIST_PLAYERS,
    LIST_PROVISIONAL,
    LIST_RANKS,
    LIST_SETTINGS,
    LIST_START_DEVIATION,
    LIST_SYSTEM,
    LIST_TAU,
    NEAR_DUPLICATES,
    RATING_LIST,
    SERIES_BEST,
    SERIES_BONUS,
    SERIES_CATEGORIES,
    SERIES_HIGHER,
    SERIES_MINIMUM,
    SERIES_NOTES,
    SERIES_PLACE,
    SERIES_PLACE_POINTS,
    SERIES_POINTS,
    SERIES_SCORE,
    SERIES_SHARED,
    SERIES_SPLIT,
    SERIES_STANDINGS,
    SERIES_TIES,
)

__all__ = ["RATING_LIST_DESIGN"]

_D = dt.date

_GAMES: tuple[tuple[object, ...], ...] = (
    # Autumn Rapid, Saturday 13 September: three rounds.
    (_D(2025, 9, 13), "Autumn Rapid", 1, "Marek Nowak", 4, "Sophie Laurent", 5, "1-0"),
    (_D(2025, 9, 13), "Autumn Rapid", 1, "Alice Brennan", 1, "David Okafor", 6, "½-½"),
    (_D(2025, 9, 13), "Autumn Rapid", 1, "Tom O'Neill", 2, "Priya Shah", 3, "0-1"),
    (_D(2025, 9, 13), "Autumn Rapid", 2, "Priya Shah", 3, "Marek Nowak", 4, "0-1"),
    (_D(2025, 9, 13), "Autumn Rapid", 2, "David Okafor", 6, "Tom O'Neill", 2, "1-0"),
    (_D(2025, 9, 13), "Autumn Rapid", 2, "Sophie Laurent", 5, "Emma Walsh", 8, "1-0"),
    (_D(2025, 9, 13), "Autumn Rapid", 3, "Marek Nowak", 4, "Alice Brennan", 1, "½-½"),
    (_D(2025, 9, 13), "Autumn Rapid", 3, "Emma Walsh", 8, "Priya Shah", 3, "½-½"),
    # October Blitz, Saturday 11 October: two rounds, one forfeit (never rated).
    (_D(2025, 10, 11), "October Blitz", 1, "Alice Brennan", 1, "Priya Shah", 3, "1-0"),
    (_D(2025, 10, 11), "October Blitz", 1, "Tom O'Neill", 2, "Emma Walsh", 8, "+/-"),
    (_D(2025, 10, 11), "October Blitz", 2, "Priya Shah", 3, "Sophie Laurent", 5, "1-0"),
    (_D(2025, 10, 11), "October Blitz", 2, "Emma Walsh", 8, "Alice Brennan", 1, "0-1"),
    # Club Championship, three Wednesday evenings; Jan de Vries plays as a guest (fixed).
    (_D(2025, 10, 22), "Club Championship", 1, "Jan de Vries", 7, "Marek Nowak", 4, "½-½"),
    (_D(2025, 10, 22), "Club Championship", 1, "David Okafor", 6, "Alice Brennan", 1, "0-1"),
    (_D(2025, 11, 5), "Club Championship", 2, "Alice Brennan", 1, "Jan de Vries", 7, "½-½"),
    (_D(2025, 11, 5), "Club Championship", 2, "Marek Nowak", 4, "David Okafor", 6, "1-0"),
    (_D(2025, 11, 19), "Club Championship", 3, "Marek Nowak", 4, "Alice Brennan", 1, "0-1"),
    (_D(2025, 11, 19), "Club Championship", 3, "Jan de Vries", 7, "David Okafor", 6, "1-0"),
    # Junior Night, played on 27 September and typed in last: a late event.
    (_D(2025, 9, 27), "Junior Night", 1, "Emma Walsh", 8, "Priya Shah", 3, "0-1"),
    (_D(2025, 9, 27), "Junior Night", 2, "Priya Shah", 3, "Emma Walsh", 8, "½-½"),
)

# List Players' rows: ID, FIDE ID, Name, Club, Birth Year, Category, Start Rating, Fixed, K,
# and Sex (National ID, between them, is left empty), spelt as every sheet spells it.
_M, _F = sex_cell("m"), sex_cell("w")
_PLAYERS: tuple[tuple[object, ...], ...] = tuple(
    (*row[:-1], None, row[-1])
    for row in (
        ("1", None, "Alice Brennan", "Riverside", 1985, None, 1820, None, None, _F),
        ("2", None, "Tom O'Neill", "Riverside", 1972, "Senior", 1655, None, None, _M),
        ("3", None, "Priya Shah", "Riverside", 2011, "Junior", 1480, None, None, _F),
        ("4", None, "Marek Nowak", "Riverside", 1990, None, 1950, None, None, _M),
        ("5", None, "Sophie Laurent", "Riverside", 2001, None, 1540, None, None, _F),
        ("6", None, "David Okafor", "Riverside", 1968, "Senior", 1710, None, None, _M),
        ("7", 1012345, "Jan de Vries", "Harbour CC", 1979, "Guest", 1900, "Yes", None, _M),
        ("8", None, "Emma Walsh", "Riverside", 2009, "Junior", 1390, None, None, _F),
        ("9", None, "T. O'Neill", "Riverside", None, None, 1600, None, None, None),
    )
)

RATING_LIST_DESIGN = Design(
    title="Rating list",
    sheets=(
        InputSheet(
            LIST_SETTINGS,
            rows=(
                (
                    LIST_SYSTEM,
                    ELO_SYSTEM,
                    f"{ELO_SYSTEM}, {GLICKO2_SYSTEM} or {FIDE_SYSTEM} (FIDE's Rating "
                    "Regulations B.02, by the month)",
                ),
                (LIST_PERIOD, "Month", "How long a rating period is: " + ", ".join(LIST_PERIODS)),
                (LIST_FLOOR, 400, "No Elo rating falls below this (empty: no floor)"),
                (
                    LIST_PROVISIONAL,
                    0,
                    "Elo: a player is rated by performance, and provisional, until having "
                    "this many games (0: provisional in the first period only)",
                ),
                (LIST_TAU, 0.5, "Glicko-2's τ (how fast volatility moves); Elo reads none"),
                (
                    LIST_START_DEVIATION,
                    60,
                    "Glicko-2: the deviation of a player with a Start Rating (an unrated one "
                    "starts at 350); above 110 a rating is provisional",
                ),
                (LIST_ACTIVE, 91, "Active: a rated game in this many days up to the list date"),
                (LIST_DATE, None, "The list's date (empty: the last game's date)"),
                (
                    LIST_NAME,
                    None,
                    "The list's name, the title of its printouts and site (empty: the file's)",
                ),
                (
                    SERIES_POINTS,
                    SERIES_PLACE,
                    f"The season series: {SERIES_PLACE} (points per place) or {SERIES_SCORE} "
                    "(points per game point); empty: no series",
                ),
                (
                    SERIES_PLACE_POINTS,
                    "25 18 15 12 10 8 6 4 2 1",
                    "The points of 1st, 2nd, 3rd ... in each event; places past them score 0",
                ),
                (SERIES_BEST, 2, "Each player's best N events count (empty: every event)"),
                (SERIES_MINIMUM, 2, "Events a player needs to be ranked in the series"),
                (SERIES_BONUS, 0, "Points for every event a player takes part in"),
                (
                    SERIES_SHARED,
                    SERIES_SPLIT,
                    f"Players level in an event: {SERIES_SPLIT} the points of the places they "
                    f"cover, or each the {SERIES_HIGHER} place's",
                ),
                (
                    SERIES_TIES,
                    "Counted, Places, Head-to-Head, Latest",
                    "Players level on points: these rules in this order (also Played, Best "
                    "Results); None: they share the rank",
                ),
                (
                    SERIES_CATEGORIES,
                    None,
                    "Ranked apart too, as prize categories, e.g. U18, S65, Women, U1800, Club "
                    "NAME (empty: none)",
                ),
            ),
            widths={"Setting": 18, "Value": 14, "Meaning": 46},
            extra_columns=("Meaning",),
            wrapped=("Value", "Meaning"),
            number_formats={"Value": "General"},
        ),
        InputSheet(
            LIST_K_RULES,
            rows=(
                (40, None, None, None, 15, "juniors aged 15 or less"),
                (32, None, None, 1600, None, "rated below 1600"),
                (24, None, None, 2000, None, "rated below 2000"),
                (16, None, None, None, None, "everyone else"),
            ),
            widths={"Label": 24},
        ),
        InputSheet(
            LIST_PLAYERS,
            rows=_PLAYERS,
            number_formats={"ID": TEXT, "FIDE ID": "0", "Birth Year": "0", "Start Rating": "0"},
            # Sex added: a narrower Name and Club keep the sheet in readable type (9 points).
            widths={"Name": 16, "Club": 11, "Sex": 5},
            landscape=True,
        ),
        InputSheet(
            LIST_GAMES,
            rows=_GAMES,
            number_formats={
                "Date": "yyyy-mm-dd",
                "White ID": TEXT,
                "Black ID": TEXT,
                "Result": TEXT,
            },
            widths=LIST_GAMES_WIDTHS,
            wrapped=LIST_GAMES_WRAPPED,
            header_lines=LIST_GAMES_HEADER_LINES,
            dropdowns=(
                Dropdown(
                    "Result",
                    ("1-0", "0-1", "½-½", "+/-", "-/+", "-/-", "PAB", "HPB", "FPB", "ZPB"),
                    "1-0 White won, 0-1 Black won, ½-½ draw; +/- -/+ -/- forfeits; PAB HPB FPB "
                    "ZPB a bye, Black empty (forfeits and byes are not rated).",
                    also="1/2-1/2 and the other spellings of Swiss Games are accepted too.",
                ),
            ),
            landscape=True,
        ),
        InputSheet(
            LIST_EVENTS,
            rows=(),
            widths=LIST_EVENTS_WIDTHS,
            number_formats={"Start": "yyyy-mm-dd", "End": "yyyy-mm-dd"},
            wrapped=LIST_EVENTS_WRAPPED,
            landscape=True,
        ),
        InputSheet(
            LIST_RANKS,
            # Empty: season add writes each ranked event's rows (the sample events, typed into
            # List Games, have no ranking of their own).
            rows=(),
            widths=LIST_RANKS_WIDTHS,
            number_formats={"ID": TEXT},
            wrapped=LIST_RANKS_WRAPPED,
        ),
        InputSheet(
            LIST_ALIASES,
            rows=(),
            # a date needs 11: narrower, it printed as ###
            widths={"Name": 20, "Same As": 10, "Different From": 14, "By": 14, "Date": 11},
            number_formats={"Same As": TEXT, "Different From": TEXT, "Date": "yyyy-mm-dd"},
        ),
    ),
    instructions=(
        "# What is in this workbook",
        "A season's rating list: every event the club plays feeds one list, rated by Elo "
        "(the club's K rules, or FIDE's) or Glicko-2.",
        f"'{LIST_SETTINGS.sheet}': the rating system, the rating period, the floor, how long a "
        "player stays provisional, Glicko-2's τ, the active cut, and the season series (a "
        "Grand Prix: points per place in each event, the best N events counted).",
        f"'{LIST_K_RULES.sheet}': Elo's K, one rule a row, the first that matches wins: fewer "
        "games than, a rating from or below, an age up to (the year's age). A player's own K "
        f"on '{LIST_PLAYERS.sheet}' wins over the rules.",
        f"'{LIST_PLAYERS.sheet}': one row a player: the ID every game names, the FIDE ID, "
        "name, club, birth year, category, the start rating (empty: unrated), Fixed (a guest "
        "whose rating counts for the opponents and never changes), the player's own K, sex (M or "
        "F, for the series' categories).",
        f"'{LIST_GAMES.sheet}': one row a game: date, event, round, both players (with their "
        "IDs) and the result. Forfeits and byes are kept and never rated.",
        f"'{LIST_EVENTS.sheet}': the events added from files, with the fingerprint by which "
        "the same event added twice is refused (written by ratingbook).",
        f"'{LIST_RANKS.sheet}': each event's own final ranking, a row a player (written by "
        "ratingbook from a TRF's ranks, a Swiss or round-robin book's standings, a team "
        "event's ranking of its teams; correct it if you must). The series places an event "
        "by it; an event without rows by its game points.",
        f"'{LIST_ALIASES.sheet}': your decisions about names: a Name that is (Same As) or is "
        "not (Different From) the player of an ID.",
        "",
        "# Feeding the list",
        "Type a club evening's games, or add the files you already have:",
        "    ratingbook season add club-list.xlsx autumn.trf games.pgn swiss.xlsx --in-place",
        "New players are added, names that may be one person are listed on "
        f"'{NEAR_DUPLICATES}' (never merged), the same event twice is refused, and an event "
        "played before others re-rates the list from its period on. The command says whose "
        "ratings changed and by how much; ratingbook undo takes an addition back.",
        "",
        "# How ratings change",
        "Elo: within a period every expected score comes from the ratings at its start: "
        "E = 1 / (1 + 10^((opponent - player) / 400)); the change K x (score - E) is rounded "
        "to a whole number (0.5 away from zero). An established player's game against a "
        "newcomer unrated at the period's start counts for the newcomer only. FIDE: FIDE's "
        "table 8.1.2 with the 400-point rule instead of the formula, FIDE's K, by the month. "
        "Glicko-2 follows Glickman's paper exactly.",
        "",
        "# The season series",
        f"With '{SERIES_POINTS}' set, every recalculation also ranks the season's events as one "
        f"series on '{SERIES_STANDINGS}': each event's players placed by its own ranking on "
        f"'{LIST_RANKS.sheet}', else by their points in it (players level share the place and "
        "its points), points per place from "
        f"'{SERIES_PLACE_POINTS}', each player's best '{SERIES_BEST}' events counted (the rest "
        f"in brackets), fewer than '{SERIES_MINIMUM}' events listed unranked. "
        f"'{SERIES_TIES}' orders the tie rules; '{SERIES_CATEGORIES}' ranks juniors, seniors "
        "or women apart too (by Birth Year and Sex on "
        f"'{LIST_PLAYERS.sheet}'). '{SERIES_NOTES}' explains every total and every tie. Empty "
        f"'{SERIES_POINTS}': no series.",
        "",
        "# Recalculating",
        "In Excel with the ratingbook add-in installed: ratingbook > Recalc Ratings. Without "
        "Excel: ratingbook recalc club-list.xlsx --in-place. A recalculation rates the whole "
        "season again from the start ratings, so doing it twice changes nothing.",
        "",
        "# If something is wrong",
        "A wrong entry (an unknown player or ID, a misspelt result, a date that is no date) "
        "stops the recalculation with every problem named by sheet, row and column, and "
        "nothing is changed until it is fixed.",
        *generated_lines(
            (
                RATING_LIST,
                LIST_HISTORY,
                LIST_CHANGES,
                NEAR_DUPLICATES,
                SERIES_STANDINGS,
                SERIES_NOTES,
            )
        ),
    ),
)
