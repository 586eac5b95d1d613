"""The ``Team Settings`` sheet: each setting's name, its default and how its value is read.

Settings (``Setting`` / ``Value`` rows): ``Event``, ``System`` (Team Swiss, Round Robin,
Double Round Robin), ``Rounds``, ``Boards``, ``Main Score`` (Match Points or Game Points),
``Match Win`` / ``Match Draw`` / ``Match Loss`` (2 / 1 / 0), ``Colour Preferences`` (Type A,
Type B or None; C.04.6 art. 1.7), ``Tie-breaks`` (FIDE C.07 team codes), ``Rating Boards``
(the top boards the team rating averages; default every board of a match), ``FIDE Rated``
(yes/no), ``Start Date``, and ``Main Score at Round 1``, which the pairing of round 1 writes.
An empty value keeps the setting's default. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from ratingbook.core.cells import flag, is_blank, number, text, whole_number
from ratingbook.core.tables import Row, header_key
from ratingbook.errors import InvalidValueError, Location, Problems
from ratingbook.events.team import COLOUR_MODELS, MAIN_SCORES, TEAM_SYSTEMS, TeamSettings

__all__ = [
    "MAIN_SCORE_LOCK",
    "TEAM_TIEBREAK_NAMES",
    "parse_team_tiebreaks",
    "read_team_settings",
    "team_settings_rows",
]

#: The setting the pairing of round 1 writes, so a later change of the main score is seen.
MAIN_SCORE_LOCK = "Main Score at Round 1"

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


def _choice(value: object, choices: tuple[str, ...], where: Location, name: str) -> str:
    wanted = header_key(text(value, where, "Value", name=name))
    aliases = {
        "swiss": "Team Swiss",
        "mp": "Match Points",
        "gp": "Game Points",
        "a": "Type A",
        "b": "Type B",
        "no": "None",
        "none": "None",
        "double": "Double Round Robin",
    }
    for choice in choices:
        if header_key(choice) == wanted:
            return choice
    if wanted in aliases and aliases[wanted] in choices:
        return aliases[wanted]
    raise InvalidValueError(f"{name} {value!r} is not one of {', '.join(choices)}", where, "Value")


def read_team_settings(rows: Iterable[Row]) -> TeamSettings:
    """The settings of the sheet's rows; every bad value is reported at once."""
    values: dict[str, object] = {}
    places: dict[str, Location] = {}
    problems = Problems()
    for row in rows:
        name = text(row.get("Setting"), row.where, "Setting", required=False)
        if not name:
            continue
        key = header_key(name)
        value = row.get("Value")
        places[name] = row.where
        if is_blank(value):
            continue  # an empty value keeps the setting's default
        try:
            if key == "event":
                values["event_name"] = text(value, row.where, "Value")
            elif key == "system":
                values["system"] = _choice(value, TEAM_SYSTEMS, row.where, "System")
            elif key == "rounds":
                values["rounds"] = whole_number(value, row.where, "Value", low=1)
            elif key == "boards":
                values["boards"] = whole_number(value, row.where, "Value", low=1)
            elif key == "main score":
                values["main_score"] = _choice(value, MAIN_SCORES, row.where, "Main Score")
            elif key == header_key(MAIN_SCORE_LOCK):
                values["main_score_at_round_1"] = _choice(
                    value, MAIN_SCORES, row.where, MAIN_SCORE_LOCK
                )
            elif key in ("match win", "match draw", "match loss"):
                values[key.replace(" ", "_")] = Fraction(str(number(value, row.where, "Value")))
            elif key in ("colour preferences", "color preferences", "colours"):
                values["colours"] = _choice(value, COLOUR_MODELS, row.where, "Colour Preferences")
            elif key in ("tie-breaks", "tiebreaks", "tie breaks"):
                values["tiebreaks"] = parse_team_tiebreaks(value, row.where, "Value")
            elif key == "rating boards":
                values["rating_boards"] = whole_number(value, row.where, "Value", low=1)
            elif key == "fide rated":
                values["fide_rated"] = flag(value, row.where, "Value")
            elif key == "start date":
                values["start_date"] = text(value, row.where, "Value", required=False)
            else:
                raise InvalidValueError(f"unknown setting {name!r}", row.where, "Setting")
        except InvalidValueError as error:
            problems.append(error)
    problems.check()
    return TeamSettings(**values, places=places)  # type: ignore[arg-type]


def team_settings_rows(settings: TeamSettings) -> list[tuple[str, object]]:
    """The settings as ``Setting`` / ``Value`` rows (the template, a book from TRF)."""

    def half(value: Fraction) -> int | float:
        return int(value) if value.denominator == 1 else float(value)

    rows: list[tuple[str, object]] = [
        ("Event", settings.event_name),
        ("System", settings.system),
        ("Rounds", settings.rounds or ""),
        ("Boards", settings.boards),
        ("Main Score", settings.main_score),
        ("Match Win", half(settings.match_win)),
        ("Match Draw", half(settings.match_draw)),
        ("Match Loss", half(settings.match_loss)),
        ("Colour Preferences", settings.colours),
        ("Tie-breaks", " ".join(settings.tiebreaks)),
        ("Rating Boards", settings.rating_boards or ""),
        ("FIDE Rated", "yes" if settings.fide_rated else "no"),
        ("Start Date", settings.start_date),
    ]
    if settings.main_score_at_round_1:
        rows.append((MAIN_SCORE_LOCK, settings.main_score_at_round_1))
    return rows
