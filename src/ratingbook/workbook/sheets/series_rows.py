"""A rating list's season series (issue 35), read from its rows of List Settings.

This module alone decides what those rows mean (their spellings are
:mod:`ratingbook.workbook.sheets.schemas`'; the rules they set are
:mod:`ratingbook.season.series`'):

- **Series Points**: ``Place`` (points per place) or ``Score`` (points per game point); empty
  or missing: the list has no series, and the other rows are not read;
- **Place Points**: the points of 1st, 2nd, ... as numbers apart ("25 18 15 12", commas also
  do; empty: 25 18 15 12 10 8 6 4 2 1);
- **Series Factor**: series points per game point under ``Score`` (empty: 1);
- **Series Best**: the N best events of each player counted (empty: every event);
- **Series Minimum**: events a player needs to be ranked (empty: 1);
- **Series Bonus**: points for every event a player takes part in (empty: 0);
- **Series Shared**: ``Split`` (players sharing a place share its points; the default) or
  ``Higher`` (each takes the higher place's);
- **Series Ties**: the tie rules in the order they apply, words apart (``Counted, Places,
  Head-to-Head, Latest``, the default; also ``Played`` and ``Best Results``); ``None``: no
  rule, players level on points share the rank;
- **Series Categories**: the categories ranked apart, as prize categories are typed, commas
  or semicolons apart (``U18, S65, Women``: :func:`ratingbook.events.prize_rules.parse_category`;
  who each admits: :mod:`ratingbook.season.series_categories`); empty: none.

A value that cannot be read, or a setting the series' own rules refuse
(:meth:`SeriesSettings.problems`), is a problem at the cell it was typed in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar

from ratingbook.core import cells
from ratingbook.core.tables import Row, header_key
from ratingbook.errors import InvalidValueError, Problems, RatingbookError
from ratingbook.events.prize_rules import Category, parse_category
from ratingbook.season.series_settings import (
    GRAND_PRIX_POINTS,
    SETTING_WORDS,
    Number,
    SeriesScoring,
    SeriesSettings,
    SeriesTie,
    SharedPlaces,
)
from ratingbook.workbook.sheets.schemas import (
    SERIES_BEST,
    SERIES_BONUS,
    SERIES_CATEGORIES,
    SERIES_FACTOR,
    SERIES_HIGHER,
    SERIES_MINIMUM,
    SERIES_NO_TIES,
    SERIES_PLACE,
    SERIES_PLACE_POINTS,
    SERIES_POINTS,
    SERIES_SCORINGS,
    SERIES_SHARED,
    SERIES_SHARINGS,
    SERIES_TIE_WORDS,
    SERIES_TIES,
)

__all__ = ["read_series"]

_T = TypeVar("_T")

#: A setting's cell: its value and its row (None: not given, or empty).
Cell = Callable[[str], tuple[object, Row] | None]

_EVENTS = cells.Bounds("a number of events", 0, 100_000)
# Wide on purpose: a negative figure is read, and the series' rules name it (less than 0).
_POINTS = cells.Bounds("series points", -1_000_000, 1_000_000)
#: The List Settings row each of SeriesSettings' fields is typed in.
_ROW_OF: Mapping[str, str] = {
    "scoring": SERIES_POINTS,
    "place_points": SERIES_PLACE_POINTS,
    "score_factor": SERIES_FACTOR,
    "participation": SERIES_BONUS,
    "best": SERIES_BEST,
    "minimum": SERIES_MINIMUM,
    "tie_rules": SERIES_TIES,
    "shared": SERIES_SHARED,
    "categories": SERIES_CATEGORIES,
}
_APART = re.compile(r"\s*[,;]\s*")


def _pick(given: tuple[object, Row], choices: Mapping[str, tuple[str, ...]]) -> str:
    value, row = given
    typed = cells.text(value, row.where, "Value")
    for name, others in choices.items():
        if header_key(typed) in (header_key(n) for n in (name, *others)):
            return name
    raise InvalidValueError(f"{typed!r} is not one of {', '.join(choices)}", row.where, "Value")


def _place_points(given: tuple[object, Row]) -> tuple[Number, ...]:
    value, row = given
    if not isinstance(value, str):  # one number typed alone: a table of one place
        return (cells.number(value, row.where, "Value", "points per place", bounds=_POINTS),)
    parts = [p for p in re.split(r"[\s,;]+", value.strip()) if p]
    return tuple(
        cells.number(p, row.where, "Value", "points per place, numbers apart", bounds=_POINTS)
        for p in parts
    )


def _words(value: object, row: Row) -> list[str]:
    typed = cells.text(value, row.where, "Value")
    return [part for part in _APART.split(typed.strip()) if part]


def _tie_rules(given: tuple[object, Row]) -> tuple[SeriesTie, ...]:
    value, row = given
    words = _words(value, row)
    if len(words) == 1 and header_key(words[0]) in {header_key(w) for w in SERIES_NO_TIES}:
        return ()
    rules = []
    for word in words:
        rule = next(
            (
                SeriesTie[name]
                for name, spellings in SERIES_TIE_WORDS.items()
                if header_key(word) in {header_key(w) for w in spellings}
            ),
            None,
        )
        if rule is None:
            known = ", ".join(spellings[0] for spellings in SERIES_TIE_WORDS.values())
            raise InvalidValueError(
                f"{word!r} is not a tie rule: list some of {known} in the order they apply "
                f"(or {SERIES_NO_TIES[0]}: players level on points share the rank)",
                row.where,
                "Value",
            )
        rules.append(rule)
    return tuple(rules)


def _categories(given: tuple[object, Row]) -> tuple[Category, ...]:
    value, row = given
    found = []
    for word in _words(value, row):
        try:
            found.append(parse_category(word, row.where))
        except RatingbookError as error:  # said at this cell (the prizes' own column is
            raise InvalidValueError(error.problem, row.where, "Value") from None  # Category)
    return tuple(found)


def read_series(cell: Cell, problems: Problems) -> SeriesSettings | None:
    """The list's series, or None when Series Points is empty; each bad cell a problem."""
    points = cell(SERIES_POINTS)
    if points is None:
        return None
    found: list[RatingbookError] = []

    def read(name: str, how: Callable[[tuple[object, Row]], _T], default: _T) -> _T:
        given = cell(name)
        if given is None:
            return default
        try:
            return how(given)
        except RatingbookError as error:
            found.append(error)
            return default

    def count(given: tuple[object, Row]) -> int:
        return cells.whole_number(given[0], given[1].where, "Value", bounds=_EVENTS)

    def figure(given: tuple[object, Row]) -> Number:
        return cells.number(given[0], given[1].where, "Value", bounds=_POINTS)

    one: Number = 1
    none: Number = 0
    scoring = read(SERIES_POINTS, lambda g: _pick(g, SERIES_SCORINGS), SERIES_PLACE)
    shared = read(SERIES_SHARED, lambda g: _pick(g, SERIES_SHARINGS), "")
    settings = SeriesSettings(
        scoring=SeriesScoring.PLACE if scoring == SERIES_PLACE else SeriesScoring.SCORE,
        place_points=read(SERIES_PLACE_POINTS, _place_points, GRAND_PRIX_POINTS),
        score_factor=read(SERIES_FACTOR, figure, one),
        participation=read(SERIES_BONUS, figure, none),
        best=read(SERIES_BEST, count, None),
        minimum=read(SERIES_MINIMUM, count, 1),
        shared=SharedPlaces.HIGHER if shared == SERIES_HIGHER else SharedPlaces.SPLIT,
        tie_rules=read(SERIES_TIES, _tie_rules, SeriesSettings().tie_rules),
        categories=read(SERIES_CATEGORIES, _categories, ()),
    )
    for problem in settings.problems():
        at = cell(_ROW_OF[problem.setting]) or points
        words = SETTING_WORDS.get(problem.setting, problem.setting)
        found.append(InvalidValueError(f"{words}: {problem.problem}", at[1].where, "Value"))
    for error in found:
        problems.append(error)
    return None if found else settings
