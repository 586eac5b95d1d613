"""The ``Team Settings`` sheet: each setting's name, its default and how its value is read.

Settings (``Setting`` / ``Value`` rows): ``Event``, ``System`` (Team Swiss, Round Robin,
Double Round Robin), ``Rounds``, ``Boards``, ``Main Score`` (Match Points or Game Points),
``Match Win`` / ``Match Draw`` / ``Match Loss`` (2 / 1 / 0), ``Colour Preferences`` (Type A,
Type B or None; C.04.6 art. 1.7), ``Tie-breaks`` (FIDE C.07 team codes), ``Rating Boards``
(the top boards the team rating averages; default every board of a match), ``FIDE Rated``
(yes/no), ``Start Date``, ``Board Prize Order`` (Performance or Percentage) and ``Board Prize
Games`` (the games a player must have played on a board to be ranked there; default 70 % of the
rounds counted), ``Main Score at Round 1``, which the pairing of round 1 writes, and
``Confirm``, the acts a run confirms where nobody can be asked (as Swiss Settings' ``Confirm``).
An empty value keeps the setting's default. The sheet's rows are read (and written) by
:mod:`ratingbook.workbook.sheets.team_settings_rows`; here are the names (each setting's name
and its other spellings: :func:`team_setting_name`) and the tie-break codes.
Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ratingbook.errors import InvalidValueError, Location
from ratingbook.events.settings import CONFIRM

__all__ = [
    "BOARD_PRIZE_GAMES",
    "BOARD_PRIZE_ORDER",
    "COLOUR_PREFERENCES",
    "CONFIRM",
    "FIDE_RATED",
    "MAIN_SCORE_LOCK",
    "RATING_BOARDS",
    "TEAM_SETTING_NAMES",
    "TEAM_TIEBREAK_NAMES",
    "parse_team_tiebreaks",
    "team_setting_name",
]

#: The setting the pairing of round 1 writes, so a later change of the main score is seen.
MAIN_SCORE_LOCK = "Main Score at Round 1"
#: The settings a team TRF file carries as ``###`` lines (:mod:`ratingbook.trf.setting_comments`)
#: as well as the sheet: the colour model, the boards a team's rating averages, rated or not.
COLOUR_PREFERENCES = "Colour Preferences"
RATING_BOARDS = "Rating Boards"
FIDE_RATED = "FIDE Rated"
#: How the board prizes rank each board's players, and the games that make a player ranked
#: (the rule: :mod:`ratingbook.reports.board_prizes`); a TRF file carries them as ``###`` lines.
BOARD_PRIZE_ORDER = "Board Prize Order"
BOARD_PRIZE_GAMES = "Board Prize Games"

#: Each setting's name, with the other spellings a ``Setting`` cell may give it (case and
#: spacing aside). ``Desk Confirms`` is the results desk's (issue 36), read by the desk.
TEAM_SETTING_NAMES: Mapping[str, tuple[str, ...]] = {
    "Event": (),
    "System": (),
    "Rounds": (),
    "Boards": (),
    "Main Score": (),
    "Match Win": (),
    "Match Draw": (),
    "Match Loss": (),
    COLOUR_PREFERENCES: ("Color Preferences", "Colours"),
    "Tie-breaks": ("Tiebreaks", "Tie breaks"),
    RATING_BOARDS: (),
    FIDE_RATED: (),
    "Start Date": (),
    BOARD_PRIZE_ORDER: (),
    BOARD_PRIZE_GAMES: ("Board Prize Minimum",),
    MAIN_SCORE_LOCK: (),
    CONFIRM: ("Confirmation",),
    "Desk Confirms": (),
}


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


_BY_KEY = {_key(s): name for name, others in TEAM_SETTING_NAMES.items() for s in (name, *others)}


def team_setting_name(typed: str) -> str | None:
    """The setting a ``Setting`` cell names, in any of its spellings (None: no setting)."""
    return _BY_KEY.get(_key(typed))


#: The team tie-break codes of C.07 that gacrux computes (``/C1`` cuts the lowest, for the
#: Sonneborn-Berger family and Buchholz).
TEAM_TIEBREAK_NAMES = (
    "MPVGP",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "BC",
    "TBR",
    "BBE",
    "EDE",
    "EDET",
    "EDEB",
    "BH",
)
_CUTTABLE = {"EMMSB", "EMGSB", "EGMSB", "EGGSB", "BH"}
_CODE = re.compile(r"^([A-Z]+)(?:/C(\d))?$")


def parse_team_tiebreaks(value: object, where: Location | None, column: str) -> tuple[str, ...]:
    """``MPVGP EMGSB/C1 EDE``: known codes in order, a cut only where C.07 allows one."""
    codes: list[str] = []
    for token in re.split(r"[\s,;]+", "" if value is None else str(value).strip()):
        if not token:
            continue
        match = _CODE.match(token.upper())
        if match is None or match.group(1) not in TEAM_TIEBREAK_NAMES:
            raise InvalidValueError(
                f"unknown team tie-break {token!r}; expected codes among "
                f"{', '.join(TEAM_TIEBREAK_NAMES)} (the Sonneborn-Berger codes and BH take /C1)",
                where,
                column,
            )
        if match.group(2) and match.group(1) not in _CUTTABLE:
            raise InvalidValueError(f"tie-break {match.group(1)} takes no cut", where, column)
        codes.append(token.upper())
    return tuple(codes)
