"""User test 49's team Swiss, typed as its arbiter typed it: the Riverside Team Swiss 2026,
nine teams of four boards (Caissa Club, Fianchetto and Joker Pawns with a reserve), four rounds
paired by C.04.6 and played, as the sheets ``Teams``, ``Team Matches``, ``Team Boards`` and
``Team Settings`` hold them (:func:`riverside_book`), or as the event they give
(:func:`riverside_event`, read as a recalc reads the sheets).

What it holds besides ordinary games: Gambit Guild fielded nobody on board 4 in round 1 (Dario
Mele wins it by forfeit, ``-/+``) and in round 2 Willi Xander and Gina Hahn both lost board 4 by
forfeit (``-/-``); Joker Pawns did not come in round 3 (all four boards ``+/-`` / ``-/+`` for
Dragon Knights); the pairing-allocated byes went to Kingside Attack, Joker Pawns, Gambit Guild
and Isolani in rounds 1 to 4; Ezra Pohl, Caissa's reserve, sat on board 3 in round 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ratingbook.events.team import TeamEvent
from ratingbook.templates.writer import build_template
from ratingbook.workbook.port.grid_book import GridBook
from ratingbook.workbook.sheets.team_book import read_team_event

__all__ = [
    "BOARDS",
    "MATCHES",
    "SETTINGS",
    "TEAMS",
    "riverside_book",
    "riverside_event",
    "save_riverside_book",
]

#: Team, Board (roster order), Player, Rating, FIDE ID.
TEAMS = [
    ("Caissa Club", 1, "Anna Volk", 2150, None),
    ("Caissa Club", 2, "Boris Lenz", 2080, None),
    ("Caissa Club", 3, "Clara Roth", 2010, None),
    ("Caissa Club", 4, "Dario Mele", 1990, None),
    ("Caissa Club", 5, "Ezra Pohl", 1850, None),
    ("Dragon Knights", 1, "Femke Aal", 2105, None),
    ("Dragon Knights", 2, "Georg Huber", 2060, None),
    ("Dragon Knights", 3, "Hilde Sand", 1980, None),
    ("Dragon Knights", 4, "Ivo Kranz", 1955, None),
    ("Endgame United", 1, "Jonas Berk", 2200, None),
    ("Endgame United", 2, "Karin Lutz", 1990, None),
    ("Endgame United", 3, "Leon Marz", 1900, None),
    ("Endgame United", 4, "Mila Noor", 1810, None),
    ("Fianchetto", 1, "Nils Otte", 2010, None),
    ("Fianchetto", 2, "Olga Pinsk", 1995, None),
    ("Fianchetto", 3, "Pavel Quast", 1960, None),
    ("Fianchetto", 4, "Rita Sommer", 1940, None),
    ("Fianchetto", 5, "Sven Tilly", 1700, None),
    ("Gambit Guild", 1, "Tara Ulm", 1990, None),
    ("Gambit Guild", 2, "Udo Vogt", 1950, None),
    ("Gambit Guild", 3, "Vera Wendt", 1900, None),
    ("Gambit Guild", 4, "Willi Xander", None, None),
    ("Hypermodern", 1, "Yara Zell", 1930, None),
    ("Hypermodern", 2, "Adam Baer", 1880, None),
    ("Hypermodern", 3, "Bea Claus", 1850, None),
    ("Hypermodern", 4, "Carl Dietz", 1820, None),
    ("Isolani", 1, "Dina Engel", 1890, None),
    ("Isolani", 2, "Emil Frey", 1860, None),
    ("Isolani", 3, "Fritz Gast", 1790, None),
    ("Isolani", 4, "Gina Hahn", 1760, None),
    ("Joker Pawns", 1, "Hugo Imhof", 1850, None),
    ("Joker Pawns", 2, "Ines Jung", 1800, None),
    ("Joker Pawns", 3, "Jan Kolb", 1720, None),
    ("Joker Pawns", 4, "Kira Lang", 1650, None),
    ("Joker Pawns", 5, "Lars Mohr", 1600, None),
    ("Kingside Attack", 1, "Mara Nagel", 1780, None),
    ("Kingside Attack", 2, "Nico Ost", 1700, None),
    ("Kingside Attack", 3, "Oda Pfeil", 1650, None),
    ("Kingside Attack", 4, "Paul Rhein", 1560, None),
]
#: Round, Match, White Team (White on board 1), Black Team.
MATCHES = [
    (1, 1, "Caissa Club", "Gambit Guild"),
    (1, 2, "Hypermodern", "Dragon Knights"),
    (1, 3, "Fianchetto", "Isolani"),
    (1, 4, "Joker Pawns", "Endgame United"),
    (1, 5, "Kingside Attack", "BYE"),
    (2, 1, "Fianchetto", "Caissa Club"),
    (2, 2, "Endgame United", "Dragon Knights"),
    (2, 3, "Kingside Attack", "Hypermodern"),
    (2, 4, "Isolani", "Gambit Guild"),
    (2, 5, "Joker Pawns", "BYE"),
    (3, 1, "Caissa Club", "Endgame United"),
    (3, 2, "Kingside Attack", "Fianchetto"),
    (3, 3, "Hypermodern", "Isolani"),
    (3, 4, "Dragon Knights", "Joker Pawns"),
    (3, 5, "Gambit Guild", "BYE"),
    (4, 1, "Dragon Knights", "Caissa Club"),
    (4, 2, "Fianchetto", "Hypermodern"),
    (4, 3, "Endgame United", "Kingside Attack"),
    (4, 4, "Gambit Guild", "Joker Pawns"),
    (4, 5, "Isolani", "BYE"),
]
#: Round, Match, Board, White, Black, Result (White on the odd boards to the match's first team).
BOARDS = [
    (1, 1, 1, "Anna Volk", "Tara Ulm", "1-0"),
    (1, 1, 2, "Udo Vogt", "Boris Lenz", "½-½"),
    (1, 1, 3, "Clara Roth", "Vera Wendt", "1-0"),
    (1, 1, 4, None, "Dario Mele", "-/+"),
    (1, 2, 1, "Yara Zell", "Femke Aal", "0-1"),
    (1, 2, 2, "Georg Huber", "Adam Baer", "½-½"),
    (1, 2, 3, "Bea Claus", "Hilde Sand", "1-0"),
    (1, 2, 4, "Ivo Kranz", "Carl Dietz", "½-½"),
    (1, 3, 1, "Nils Otte", "Dina Engel", "1-0"),
    (1, 3, 2, "Emil Frey", "Olga Pinsk", "1-0"),
    (1, 3, 3, "Pavel Quast", "Fritz Gast", "1-0"),
    (1, 3, 4, "Gina Hahn", "Rita Sommer", "½-½"),
    (1, 4, 1, "Hugo Imhof", "Jonas Berk", "0-1"),
    (1, 4, 2, "Karin Lutz", "Ines Jung", "1-0"),
    (1, 4, 3, "Jan Kolb", "Leon Marz", "½-½"),
    (1, 4, 4, "Mila Noor", "Kira Lang", "1-0"),
    (2, 1, 1, "Nils Otte", "Anna Volk", "½-½"),
    (2, 1, 2, "Boris Lenz", "Olga Pinsk", "1-0"),
    (2, 1, 3, "Pavel Quast", "Ezra Pohl", "0-1"),
    (2, 1, 4, "Dario Mele", "Rita Sommer", "½-½"),
    (2, 2, 1, "Jonas Berk", "Femke Aal", "1-0"),
    (2, 2, 2, "Georg Huber", "Karin Lutz", "½-½"),
    (2, 2, 3, "Leon Marz", "Hilde Sand", "0-1"),
    (2, 2, 4, "Ivo Kranz", "Mila Noor", "1-0"),
    (2, 3, 1, "Mara Nagel", "Yara Zell", "0-1"),
    (2, 3, 2, "Adam Baer", "Nico Ost", "½-½"),
    (2, 3, 3, "Oda Pfeil", "Bea Claus", "1-0"),
    (2, 3, 4, "Carl Dietz", "Paul Rhein", "½-½"),
    (2, 4, 1, "Dina Engel", "Tara Ulm", "1-0"),
    (2, 4, 2, "Udo Vogt", "Emil Frey", "0-1"),
    (2, 4, 3, "Fritz Gast", "Vera Wendt", "½-½"),
    (2, 4, 4, "Willi Xander", "Gina Hahn", "-/-"),
    (3, 1, 1, "Anna Volk", "Jonas Berk", "0-1"),
    (3, 1, 2, "Karin Lutz", "Boris Lenz", "½-½"),
    (3, 1, 3, "Clara Roth", "Leon Marz", "1-0"),
    (3, 1, 4, "Mila Noor", "Dario Mele", "0-1"),
    (3, 2, 1, "Mara Nagel", "Nils Otte", "0-1"),
    (3, 2, 2, "Olga Pinsk", "Nico Ost", "1-0"),
    (3, 2, 3, "Oda Pfeil", "Pavel Quast", "½-½"),
    (3, 2, 4, "Rita Sommer", "Paul Rhein", "1-0"),
    (3, 3, 1, "Yara Zell", "Dina Engel", "1-0"),
    (3, 3, 2, "Emil Frey", "Adam Baer", "½-½"),
    (3, 3, 3, "Bea Claus", "Fritz Gast", "0-1"),
    (3, 3, 4, "Gina Hahn", "Carl Dietz", "0-1"),
    (3, 4, 1, "Femke Aal", None, "+/-"),
    (3, 4, 2, None, "Georg Huber", "-/+"),
    (3, 4, 3, "Hilde Sand", None, "+/-"),
    (3, 4, 4, None, "Ivo Kranz", "-/+"),
    (4, 1, 1, "Femke Aal", "Anna Volk", "½-½"),
    (4, 1, 2, "Boris Lenz", "Georg Huber", "1-0"),
    (4, 1, 3, "Hilde Sand", "Clara Roth", "0-1"),
    (4, 1, 4, "Dario Mele", "Ivo Kranz", "½-½"),
    (4, 2, 1, "Nils Otte", "Yara Zell", "½-½"),
    (4, 2, 2, "Adam Baer", "Olga Pinsk", "0-1"),
    (4, 2, 3, "Pavel Quast", "Bea Claus", "½-½"),
    (4, 2, 4, "Carl Dietz", "Rita Sommer", "1-0"),
    (4, 3, 1, "Jonas Berk", "Mara Nagel", "1-0"),
    (4, 3, 2, "Nico Ost", "Karin Lutz", "1-0"),
    (4, 3, 3, "Leon Marz", "Oda Pfeil", "½-½"),
    (4, 3, 4, "Paul Rhein", "Mila Noor", "½-½"),
    (4, 4, 1, "Tara Ulm", "Hugo Imhof", "1-0"),
    (4, 4, 2, "Ines Jung", "Udo Vogt", "0-1"),
    (4, 4, 3, "Vera Wendt", "Jan Kolb", "1-0"),
    (4, 4, 4, "Kira Lang", "Willi Xander", "½-½"),
]
#: Setting, Value.
SETTINGS = [
    ("Event", "Riverside Team Swiss 2026"),
    ("System", "Team Swiss"),
    ("Rounds", 4),
    ("Boards", 4),
    ("Main Score", "Match Points"),
    ("Tie-breaks", "MPVGP EMGSB/C1 EDE"),
]


def riverside_book(
    settings: Sequence[tuple[str, object]] = (),
) -> dict[str, list[tuple[object, ...]]]:
    """The four input sheets, each with its header row (``settings``: more setting rows)."""
    return {
        "Teams": [("Team", "Board", "Player", "Rating", "FIDE ID"), *TEAMS],
        "Team Matches": [("Round", "Match", "White Team", "Black Team"), *MATCHES],
        "Team Boards": [("Round", "Match", "Board", "White", "Black", "Result"), *BOARDS],
        "Team Settings": [("Setting", "Value"), *SETTINGS, *settings],
    }


def riverside_event(settings: Sequence[tuple[str, object]] = ()) -> TeamEvent:
    """The event the sheets hold, read and checked as a recalc reads them."""
    return read_team_event(GridBook(riverside_book(settings)))


def save_riverside_book(path: Path) -> Path:
    """The event as a team workbook (the team template's sheets, these rows), recalculated."""
    rows = {name: grid[1:] for name, grid in riverside_book().items()}
    build_template("team", rows=rows).save(path)
    return path
