"""A season series' settings (a Grand Prix's rules): how an event's result becomes points,
what players level in an event score, best N, the minimum, the tie rules in their order, and
the categories ranked apart. What each rule does is :mod:`ratingbook.season.series`' (the
standings) and :mod:`ratingbook.season.series_categories`' (a category's ranks); this module
alone decides which settings there are, their defaults and which values a series can use
(:meth:`SeriesSettings.problems`: each problem names its setting). Pure.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ratingbook.errors import InputErrors, Location, RatingbookError
from ratingbook.events.prize_rules import Category

__all__ = [
    "GRAND_PRIX_POINTS",
    "SETTING_WORDS",
    "SHARED_FORMAT",
    "Number",
    "SeriesScoring",
    "SeriesSettingError",
    "SeriesSettings",
    "SeriesTie",
    "SharedPlaces",
    "as_fraction",
    "has_shares",
    "points_text",
]

Number = int | float | Fraction


class SeriesScoring(enum.Enum):
    """How an event's result becomes series points."""

    #: Points per place, from :attr:`SeriesSettings.place_points`.
    PLACE = "place"
    #: The player's game points in the event, times :attr:`SeriesSettings.score_factor`.
    SCORE = "score"


class SharedPlaces(enum.Enum):
    """What players who share an event's place score, under points per place."""

    #: The points of the places they cover, shared equally (2nd and 3rd: (18 + 15) / 2 each).
    SPLIT = "split"
    #: Each the points of the higher place (2nd and 3rd: 18 each).
    HIGHER = "higher"


class SeriesTie(enum.Enum):
    """A rule that separates players level on total points (more is better for each)."""

    COUNTED = "more events counted"
    PLAYED = "more events played"
    #: The event results, best first, compared one by one (a result beats none).
    BEST_RESULTS = "better best results"
    #: More first places, then more second places, and so on (a countback).
    PLACES = "more first places, then seconds, and so on"
    #: Game points in the games the players still level played against each other.
    HEAD_TO_HEAD = "more points in the games between them"
    #: The better place in the latest event, then the one before, and so on (playing beats not).
    LATEST = "the better place in the latest event"


#: The default points per place: a Grand Prix table (1st 25 ... 10th 1).
GRAND_PRIX_POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)

#: The settings' names, as an error about one names it.
SETTING_WORDS: Mapping[str, str] = {
    "scoring": "scoring",
    "place_points": "points per place",
    "score_factor": "points per game point",
    "participation": "participation bonus",
    "best": "best N events counted",
    "minimum": "minimum events to be ranked",
    "tie_rules": "tie rules",
    "shared": "shared places",
    "categories": "categories",
}


class SeriesSettingError(RatingbookError):
    """A series setting that cannot be used: ``setting`` is its name in
    :class:`SeriesSettings` (and :data:`SETTING_WORDS`), which the message names; ``where`` the
    cell it was typed in, when the caller knows it."""

    def __init__(self, problem: str, setting: str, where: Location | None = None) -> None:
        self.setting = setting
        super().__init__(problem, where)

    def _message(self) -> str:
        said = f"series setting {SETTING_WORDS.get(self.setting, self.setting)!r}: {self.problem}"
        place = self.where.describe() if self.where is not None else ""
        return f"{place}: {said}" if place else said

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.problem, self.setting, self.where))


def as_fraction(value: Number) -> Fraction:
    """A figure as an exact fraction."""
    # A float as typed (0.1 stays 1/10), not its binary expansion.
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True, slots=True)
class SeriesSettings:
    """A series' rules (the module text says what each does). ``best`` None counts every event;
    ``tie_rules`` in the order they apply (none: players level on points share the rank);
    ``event_ranks`` off ranks every event by its game points even when it comes with its own
    final rank; ``categories`` the categories ranked apart (juniors, seniors, women: the
    prizes' categories, :func:`~ratingbook.events.prize_rules.parse_category`)."""

    scoring: SeriesScoring = SeriesScoring.PLACE
    place_points: tuple[Number, ...] = GRAND_PRIX_POINTS
    score_factor: Number = 1
    participation: Number = 0
    best: int | None = None
    minimum: int = 1
    tie_rules: tuple[SeriesTie, ...] = (
        SeriesTie.COUNTED,
        SeriesTie.PLACES,
        SeriesTie.HEAD_TO_HEAD,
        SeriesTie.LATEST,
    )
    shared: SharedPlaces = SharedPlaces.SPLIT
    event_ranks: bool = True
    categories: tuple[Category, ...] = ()

    def problems(self) -> list[SeriesSettingError]:
        """Every setting that cannot be used, each naming its setting."""
        found: list[SeriesSettingError] = []

        def need(ok: bool, problem: str, setting: str) -> None:
            if not ok:
                found.append(SeriesSettingError(problem, setting))

        typed, table = self.place_points, [as_fraction(p) for p in self.place_points]
        need(bool(table) or self.scoring is SeriesScoring.SCORE, "no place scores", "place_points")
        for i, points in enumerate(table):
            need(points >= 0, f"place {i + 1} scores {typed[i]}: less than 0", "place_points")
            if i:
                more = f"place {i + 1} scores more ({typed[i]}) than place {i} ({typed[i - 1]})"
                need(points <= table[i - 1], more, "place_points")
        factor, bonus = as_fraction(self.score_factor), as_fraction(self.participation)
        need(factor > 0, f"{self.score_factor}: not above 0", "score_factor")
        need(bonus >= 0, f"{self.participation}: below 0", "participation")
        count = f"{self.best} events: count 1 or more, or leave it empty to count every event"
        need(self.best is None or self.best >= 1, count, "best")
        need(self.minimum >= 0, f"{self.minimum} events: below 0", "minimum")
        for i, rule in enumerate(self.tie_rules):
            need(rule not in self.tie_rules[:i], f"{rule.value!r} is named twice", "tie_rules")
        for i, category in enumerate(self.categories):
            twice = any(c.name.casefold() == category.name.casefold() for c in self.categories[:i])
            need(not twice, f"{category.name!r} is named twice", "categories")
        return found

    def describe(self) -> str:
        """The rules in one line: ``25, 18, 15 ... points per place (shared places split); best
        3 events counted; 2 events to be ranked; ties: more events counted, ...``."""
        if self.scoring is SeriesScoring.PLACE:
            table = ", ".join(points_text(as_fraction(p)) for p in self.place_points)
            how = f"points per place {table} (shared places {self.shared.value})"
        else:
            how = f"{points_text(as_fraction(self.score_factor))} per game point"
        bonus = as_fraction(self.participation)
        parts = [
            how,
            f"{points_text(bonus)} for taking part in an event" if bonus else "",
            f"best {self.best} events counted" if self.best else "every event counted",
            f"{self.minimum} events to be ranked" if self.minimum > 1 else "",
            f"ties: {'; '.join(r.value for r in self.tie_rules) or 'shared'}",
            f"categories: {', '.join(c.name for c in self.categories)}" if self.categories else "",
        ]
        return "; ".join(p for p in parts if p)

    def check(self) -> None:
        """Raise the problems: one as it is, several as one :class:`InputErrors`."""
        found = self.problems()
        if len(found) == 1:
            raise found[0]
        if found:
            raise InputErrors(found)


#: The number format of every series points column of ``Series Standings`` (each event's, the
#: bonus, the total) in a series holding a share other than a whole or a half (a place three
#: players share: 58/3 each): two decimals, 25.00, 41.50, 19.33. Otherwise the cells keep
#: Excel's General, which writes 25 and 41.5. One format for all the columns, so that a figure
#: reads the same in every column, in the notes and on the published page (issue 35).
SHARED_FORMAT = "0.00"


def has_shares(points: Iterable[Fraction]) -> bool:
    """Whether ``points`` hold a share other than a whole or a half: then every series figure
    is shown to two decimals (:data:`SHARED_FORMAT`)."""
    return any(p.denominator not in (1, 2) for p in points)


def points_text(points: Fraction, *, two_decimals: bool = False) -> str:
    """Series points as ``Series Standings``' cells show them, the one spelling of them (the
    notes' sentences, the category lines, the published page): in a series with shares
    (``two_decimals``: :func:`has_shares`) to two decimals as :data:`SHARED_FORMAT` writes them,
    ``25.00``, ``41.50``, ``19.33``; otherwise as General writes them, ``25``, ``41.5``."""
    if two_decimals or points.denominator not in (1, 2):
        return f"{float(points):.2f}"
    return str(points.numerator) if points.denominator == 1 else f"{float(points):.1f}"
