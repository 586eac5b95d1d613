"""The rows of the ``Team Settings`` sheet: how a ``Setting`` / ``Value`` row is read and written.

This module decides which setting a row's ``Setting`` cell names (the spellings of
:func:`ratingbook.events.team_settings.team_setting_name`, any spacing and case; an unknown
name is an error at its cell, and so is a setting given on two rows, naming both), how its
``Value`` is read for that setting (a choice among the systems, main scores, colour models and
board-prize orders of :mod:`ratingbook.events.team`, with their short spellings; a whole
number; points; yes/no; team tie-break codes; a date, and the acts ``Confirm`` confirms, read
as Swiss Settings reads them), and the rows a
:class:`~ratingbook.events.team.TeamSettings` is written back as. An empty value keeps the
setting's default; every bad value is reported at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ratingbook.core.cells import flag, is_blank, number, text, whole_number
from ratingbook.core.tables import Row, header_key
from ratingbook.errors import InvalidValueError, Location, Problems
from ratingbook.events.settings import date_value
from ratingbook.events.team import (
    BOARD_PRIZE_ORDERS,
    COLOUR_MODELS,
    MAIN_SCORES,
    TEAM_SYSTEMS,
    TeamSettings,
)
from ratingbook.events.team_settings import (
    BOARD_PRIZE_GAMES,
    BOARD_PRIZE_ORDER,
    COLOUR_PREFERENCES,
    CONFIRM,
    FIDE_RATED,
    MAIN_SCORE_LOCK,
    RATING_BOARDS,
    TEAM_SETTING_NAMES,
    parse_team_tiebreaks,
    team_setting_name,
)
from ratingbook.workbook.sheets.reading import setting_rows

__all__ = ["read_team_settings", "team_settings_rows"]


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


def _setting_name(typed: str, where: Location) -> str:
    name = team_setting_name(typed)
    if name is None:
        raise InvalidValueError(
            f"unknown setting {typed!r}; expected one of {', '.join(TEAM_SETTING_NAMES)}",
            where,
            "Setting",
        )
    return name


def read_team_settings(rows: Iterable[Row]) -> TeamSettings:
    """The settings of the sheet's rows; every bad value, and every setting given on two rows
    (:func:`~ratingbook.workbook.sheets.reading.setting_rows`), is reported at once."""
    values: dict[str, object] = {}
    problems = Problems()
    found = setting_rows(rows, _setting_name, problems)
    for name, row in found.items():
        value = row.get("Value")
        if is_blank(value):
            continue  # an empty value keeps the setting's default
        try:
            if name == "Event":
                values["event_name"] = text(value, row.where, "Value")
            elif name == "System":
                values["system"] = _choice(value, TEAM_SYSTEMS, row.where, "System")
            elif name in ("Rounds", "Boards", RATING_BOARDS):
                key = name.lower().replace(" ", "_")
                values[key] = whole_number(value, row.where, "Value", low=1)
            elif name == "Main Score":
                values["main_score"] = _choice(value, MAIN_SCORES, row.where, "Main Score")
            elif name == MAIN_SCORE_LOCK:
                values["main_score_at_round_1"] = _choice(
                    value, MAIN_SCORES, row.where, MAIN_SCORE_LOCK
                )
            elif name in ("Match Win", "Match Draw", "Match Loss"):
                key = name.lower().replace(" ", "_")
                values[key] = Fraction(str(number(value, row.where, "Value")))
            elif name == COLOUR_PREFERENCES:
                values["colours"] = _choice(value, COLOUR_MODELS, row.where, COLOUR_PREFERENCES)
            elif name == "Tie-breaks":
                values["tiebreaks"] = parse_team_tiebreaks(value, row.where, "Value")
            elif name == FIDE_RATED:
                values["fide_rated"] = flag(value, row.where, "Value")
            elif name == BOARD_PRIZE_ORDER:
                values["board_prize_order"] = _choice(
                    value, BOARD_PRIZE_ORDERS, row.where, BOARD_PRIZE_ORDER
                )
            elif name == BOARD_PRIZE_GAMES:
                values["board_prize_games"] = whole_number(value, row.where, "Value", low=1)
            elif name == "Start Date":
                # The one reader of a date in settings: a date cell, its serial number, or
                # text such as 2025-11-15 (as Swiss Settings reads it).
                values["start_date"] = date_value(value, row.where, "Value")
            elif name == CONFIRM:  # the cell a run empties once it is used: places' Confirm
                values["confirm"] = text(value, row.where, "Value")
            # Desk Confirms: the results desk's setting (issue 36), read by the desk.
        except InvalidValueError as error:
            problems.append(error)
    problems.check()
    places = {name: row.where for name, row in found.items()}
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
        (COLOUR_PREFERENCES, settings.colours),
        ("Tie-breaks", " ".join(settings.tiebreaks)),
        (RATING_BOARDS, settings.rating_boards or ""),
        (FIDE_RATED, "yes" if settings.fide_rated else "no"),
        ("Start Date", settings.start_date or ""),
        (BOARD_PRIZE_ORDER, settings.board_prize_order),
        (BOARD_PRIZE_GAMES, settings.board_prize_games or ""),
    ]
    if settings.main_score_at_round_1:
        rows.append((MAIN_SCORE_LOCK, settings.main_score_at_round_1))
    return rows
