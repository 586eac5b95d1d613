"""The rows of the ``Swiss Settings`` sheet: how a ``Setting`` / ``Value`` row is read.

This module decides what a row of the sheet says: which setting its ``Setting`` cell names (any
spelling of :data:`ratingbook.events.settings.SETTING_NAMES`; an unknown name is an error at
its cell, and so is a setting given on two rows, naming both), and how its ``Value`` cell is
read for that setting (a number of rounds, a date, tie-break codes, a pairing system, points,
On/Off, a colour). An empty value keeps the default. The settings themselves, their defaults
and which cannot go together are :mod:`ratingbook.events.settings`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction

from ratingbook.core.cells import ROUNDS, text, whole_number
from ratingbook.core.tables import Row, header_key
from ratingbook.errors import InvalidValueError, Location, Problems
from ratingbook.events.codes import CUSTOM_INTO_SPELLINGS, Scoring, parse_tiebreaks
from ratingbook.events.periods import (
    OVER_30_DAYS,
    RATING_PERIODS,
    TIEBREAK_RATING,
    parse_periods,
    parse_tiebreak_rating,
)
from ratingbook.events.settings import (
    ACCELERATION_SPELLINGS,
    CONFIRM,
    CUSTOM_LIST,
    CUSTOM_LIST_INTO,
    END_OF_EVENT,
    EQUAL_ORDER_SPELLINGS,
    MANUAL_PAIRING,
    METHOD_SPELLINGS,
    PAIRING_SPELLINGS,
    RATED_SPELLINGS,
    RECORD_TEXTS,
    SETTING_NAMES,
    SETTING_ORDER,
    UNRATED_AVERAGE,
    SwissSettings,
    check_combination,
    date_value,
)
from ratingbook.workbook.sheets.reading import setting_rows

__all__ = ["read_settings"]


def _points_setting(value: object, where: Location, column: str) -> Scoring:
    parts = [p for p in re.split(r"[\s/;]+", str(value if value is not None else "").strip()) if p]
    numbers: list[Fraction] = []
    for part in parts:
        try:
            number = Fraction(part.replace(",", ".").replace("½", "1/2"))
        except (ValueError, ZeroDivisionError):
            number = Fraction(-1)
        if number < 0 or number * 2 != int(number * 2):
            break
        numbers.append(number)
    if len(numbers) != 3 or len(parts) != 3:
        raise InvalidValueError(
            f"{value!r}: expected three numbers in halves, the points for a win, a draw and a "
            "pairing-allocated bye, e.g. 1 0.5 1",
            where,
            column,
        )
    return Scoring(*numbers)


def _on_off(value: object, where: Location) -> bool:
    key = str(value).strip().casefold()
    if isinstance(value, bool):
        return value
    if key in ("on", "yes", "true", "1", "y"):
        return True
    if key in ("off", "no", "false", "0", "n"):
        return False
    raise InvalidValueError(f"{value!r}: expected On or Off", where, "Value")


def _setting_name(typed: str, where: Location) -> str:
    canonical = SETTING_NAMES.get(header_key(typed))
    if canonical is None:
        raise InvalidValueError(
            f"unknown setting {typed!r}; expected one of {', '.join(SETTING_ORDER)}",
            where,
            "Setting",
        )
    return canonical


def read_settings(rows: Iterable[Row]) -> SwissSettings:
    """The settings from ``Swiss Settings`` rows (columns ``Setting`` and ``Value``).

    Unknown setting names are an error (a typo would silently change nothing), and so is a
    setting given on two rows (:func:`~ratingbook.workbook.sheets.reading.setting_rows`); an
    empty value keeps the default.
    """
    problems = Problems()
    found = setting_rows(rows, _setting_name, problems)
    problems.check()
    values = {name: row.get("Value") for name, row in found.items()}
    place = {name: row.where for name, row in found.items()}

    def given(name: str) -> bool:
        v = values.get(name)
        return v is not None and not (isinstance(v, str) and not v.strip())

    kwargs: dict[str, object] = {}
    if given("Rounds"):
        rounds = whole_number(
            values["Rounds"], place["Rounds"], "Value", "a number of rounds", bounds=ROUNDS
        )
        kwargs["rounds"] = rounds
    if given("Start Date"):
        kwargs["start_date"] = date_value(values["Start Date"], place["Start Date"], "Value")
    if given("Tie-breaks"):
        kwargs["tiebreaks"] = parse_tiebreaks(values["Tie-breaks"], place["Tie-breaks"])

    def spelled(name: str, spellings: Mapping[str, str], problem: str) -> str:
        """The setting ``name`` as one of ``spellings``; else ``problem`` ({written}: the value)."""
        written = text(values[name], place[name], "Value")
        found = spellings.get(" ".join(written.casefold().split()))
        if found is None:
            raise InvalidValueError(problem.format(written=repr(written)), place[name], "Value")
        return found

    if given("Pairing"):
        kwargs["pairing"] = spelled(
            "Pairing",
            PAIRING_SPELLINGS,
            "pairing system {written} is not supported; expected Dutch (FIDE C.04.3), "
            "Round Robin or Double Round Robin (the Berger tables, C.05 Annex 1)",
        )
    if given("Acceleration"):
        kwargs["acceleration"] = spelled(
            "Acceleration",
            ACCELERATION_SPELLINGS,
            "acceleration {written} is not supported; expected None or Baku (FIDE C.04.5.1)",
        )
    if given("FIDE Rated"):
        kwargs["rated"] = spelled(
            "FIDE Rated",
            RATED_SPELLINGS,
            "FIDE Rated {written}: expected Standard, Rapid, Blitz or No",
        )
    if given("Rating Method"):
        kwargs["rating_method"] = spelled(
            "Rating Method",
            METHOD_SPELLINGS,
            "Rating Method {written}: expected FIDE, National, FIDON (FIDE else national), "
            "NIDOF (national else FIDE) or HBFN (the highest of FIDE, national and manual)",
        )
    if given("Equal Order"):
        kwargs["equal_order"] = spelled(
            "Equal Order",
            EQUAL_ORDER_SPELLINGS,
            "Equal Order {written}: expected Name, By FIDE ID or Lots (what orders players of "
            "equal rating and title, C.04.2 art. 2.2)",
        )
    if given("Rating List"):
        kwargs["rating_list"] = text(values["Rating List"], place["Rating List"], "Value")
    if given(CUSTOM_LIST):
        kwargs["custom_list"] = text(values[CUSTOM_LIST], place[CUSTOM_LIST], "Value")
    if given(CUSTOM_LIST_INTO):
        kwargs["custom_list_into"] = spelled(
            CUSTOM_LIST_INTO,
            CUSTOM_INTO_SPELLINGS,
            "Custom List Into {written}: expected National (National Rating) or Manual "
            "(Manual Rating), the column the custom list fills",
        )
    if given("Points"):
        kwargs["scoring"] = _points_setting(values["Points"], place["Points"], "Value")
    if given(RATING_PERIODS):
        written = text(values[RATING_PERIODS], place[RATING_PERIODS], "Value")
        kwargs["rating_periods"] = parse_periods(written, place[RATING_PERIODS])
    if given(TIEBREAK_RATING):
        written = text(values[TIEBREAK_RATING], place[TIEBREAK_RATING], "Value")
        kwargs["tiebreak_period"] = parse_tiebreak_rating(written, place[TIEBREAK_RATING])
    for name, attribute in (
        ("Auto-pair", "auto_pair"),
        ("FIDE Mode", "fide_mode"),
        (OVER_30_DAYS, "over_30_days"),
    ):
        if given(name):
            kwargs[attribute] = _on_off(values[name], place[name])
    for name, attribute in ((MANUAL_PAIRING, "manual_pairing"), (CONFIRM, "confirm")):
        if given(name):
            kwargs[attribute] = " ".join(text(values[name], place[name], "Value").split())
    if given("First Colour"):
        colour = text(values["First Colour"], place["First Colour"], "Value").casefold()
        if colour not in ("white", "black", "w", "b"):
            raise InvalidValueError(
                f"{values['First Colour']!r}: expected White or Black",
                place["First Colour"],
                "Value",
            )
        kwargs["first_colour"] = "white" if colour.startswith("w") else "black"
    if given("Event"):
        kwargs["event_name"] = text(values["Event"], place["Event"], "Value")
    if given("Unrated Rating") and str(values["Unrated Rating"]).strip().casefold() == (
        UNRATED_AVERAGE.casefold()
    ):
        kwargs["unrated_average"] = True
    elif given("Unrated Rating"):
        rating = whole_number(
            values["Unrated Rating"],
            place["Unrated Rating"],
            "Value",
            f"a rating (e.g. 1400) or {UNRATED_AVERAGE}",
        )
        if rating < 0:
            raise InvalidValueError(
                f"{rating!r}: expected a rating of 0 or more", place["Unrated Rating"], "Value"
            )
        kwargs["unrated_rating"] = rating
    for name, attribute in RECORD_TEXTS.items():
        if given(name):
            kwargs[attribute] = text(values[name], place[name], "Value")
    if given("End Date"):
        kwargs["end_date"] = date_value(values["End Date"], place["End Date"], "Value")
    if given("Round Dates"):
        dates = text(values["Round Dates"], place["Round Dates"], "Value")
        kwargs["round_dates"] = tuple(d.strip() for d in re.split(r"[,;]", dates) if d.strip())
    kwargs["end_of_event"] = {n: values[n] for n in END_OF_EVENT if given(n)}
    settings = SwissSettings(**kwargs, places=place)  # type: ignore[arg-type]
    check_combination(settings)
    return settings
