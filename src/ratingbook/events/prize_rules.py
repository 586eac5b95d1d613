"""The prizes and the prize settings: which prizes an event offers and who may win each.

This module decides what a prize means and who is eligible for a category:

- A prize (a row of ``Prizes``, read by :mod:`ratingbook.workbook.sheets.prize_rows`) is a
  **place** (1, 2, ... within its list), a **category** (None: the general place list, typed
  blank or Place, Overall, General, Open: :func:`list_category`) and an **amount** (money)
  and/or an **object** (a trophy, a book); a list has one prize a place (:attr:`Prize.key`).
- A category is written as an organiser says it: ``U1800`` or ``1600-1799`` (rating bands:
  the rating in ``Swiss Players``, unrated players are in no band), ``U12`` / ``U16`` (age:
  born in or after the event's year minus 12, the FIDE youth convention "under 12 on 1 January"),
  ``65+`` / ``S65`` (born in or before the event's year minus 65, FIDE's senior convention),
  ``Women`` (Sex F or W), ``Unrated`` (no rating), ``Federation ESP``, ``Club Ajedrez Gros``
  (the optional ``Club`` column of ``Swiss Players``).
- The settings ``Prize Sharing`` (Hort, Equal or Tie-break; default Hort), ``Prize Step`` (the
  currency step money is rounded down to; default 1) and ``One Prize Each`` (Yes by default:
  a player receives only his most valuable prize) in ``Swiss Settings``.

A category that cannot be read or an amount that is not money is an error naming its cell; a
category no player can be in is a warning (:func:`empty_categories`), not an error. Pure: plain
values in, frozen values out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.cells import is_blank
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError

__all__ = [
    "EQUAL",
    "HORT",
    "PLACE_LIST",
    "TIE_BREAK",
    "Category",
    "Contestant",
    "Prize",
    "PrizeSettings",
    "empty_categories",
    "list_category",
    "money",
    "money_value",
    "parse_category",
    "prize_settings",
]

#: The name of the general place list, the list of a prize without a category (a category's
#: name is never empty).
PLACE_LIST = ""

#: The three ways tied players share money.
HORT = "Hort"
EQUAL = "Equal"
TIE_BREAK = "Tie-break"
_SHARING = {
    "hort": HORT,
    "hort system": HORT,
    "equal": EQUAL,
    "shared equally": EQUAL,
    "shared": EQUAL,
    "split": EQUAL,
    "tie-break": TIE_BREAK,
    "tie-breaks": TIE_BREAK,
    "tiebreak": TIE_BREAK,
    "tie break": TIE_BREAK,
    "none": TIE_BREAK,
    "no sharing": TIE_BREAK,
}
_YES = {"yes", "y", "on", "true", "1"}
_NO = {"no", "n", "off", "false", "0"}


@dataclass(frozen=True, slots=True)
class PrizeSettings:
    """How prizes are shared: ``sharing`` one of :data:`HORT`, :data:`EQUAL`, :data:`TIE_BREAK`;
    money rounded down to ``step``; ``one_each``: a player takes only his most valuable prize."""

    sharing: str = HORT
    step: Fraction = Fraction(1)
    one_each: bool = True


def prize_settings(values: Mapping[str, object], places: Mapping[str, Location]) -> PrizeSettings:
    """The prize settings from the ``Swiss Settings`` values by canonical name (``Prize
    Sharing``, ``Prize Step``, ``One Prize Each``); every bad value is reported."""
    problems = Problems()
    sharing, step, one_each = HORT, Fraction(1), True
    value = values.get("Prize Sharing")
    where = places.get("Prize Sharing")
    if not is_blank(value):
        key = " ".join(str(value).casefold().split())
        if key not in _SHARING:
            problems.append(
                InvalidValueError(
                    f"prize sharing {value!r}: expected Hort, Equal or Tie-break",
                    where,
                    fields.VALUE,
                )
            )
        else:
            sharing = _SHARING[key]
    value = values.get("Prize Step")
    if not is_blank(value):
        try:
            step = money(value, places.get("Prize Step"), fields.VALUE)
            if step <= 0:
                raise InvalidValueError(
                    f"prize step {value!r}: expected an amount above 0 (e.g. 1, 5 or 0.01)",
                    places.get("Prize Step"),
                    fields.VALUE,
                )
        except RatingbookError as error:
            problems.append(error)
    value = values.get("One Prize Each")
    if not is_blank(value):
        key = str(value).strip().casefold()
        if isinstance(value, bool):
            one_each = value
        elif key in _YES or key in _NO:
            one_each = key in _YES
        else:
            problems.append(
                InvalidValueError(
                    f"one prize each {value!r}: expected Yes or No",
                    places.get("One Prize Each"),
                    fields.VALUE,
                )
            )
    problems.check()
    return PrizeSettings(sharing, step, one_each)


# --- categories --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contestant:
    """What eligibility looks at: a player's rating, birth year, sex, federation and club."""

    name: str
    rating: int | None = None
    birth_year: int | None = None
    sex: str = ""
    federation: str = ""
    club: str = ""


@dataclass(frozen=True, slots=True)
class Category:
    """A prize category: ``kind`` one of rating, age-under, age-over, women, unrated,
    federation, club; ``low``/``high`` the bounds (inclusive) or ``value`` the text."""

    name: str
    kind: str
    low: int | None = None
    high: int | None = None
    value: str = ""

    def admits(self, player: Contestant, event_year: int | None) -> bool | None:
        """Whether ``player`` is in the category; None when it cannot be decided (an age
        category without the event's start date or the player's birth year)."""
        if self.kind == "rating":
            if player.rating is None:
                return False
            low = self.low if self.low is not None else -(10**9)
            high = self.high if self.high is not None else 10**9
            return low <= player.rating <= high
        if self.kind == "unrated":
            return player.rating is None
        if self.kind == "women":
            return player.sex.strip().upper()[:1] in ("F", "W")
        if self.kind == "federation":
            return player.federation.strip().casefold() == self.value.casefold()
        if self.kind == "club":
            return player.club.strip().casefold() == self.value.casefold()
        if event_year is None or player.birth_year is None:
            return None
        assert self.low is not None
        if self.kind == "age-under":  # U12: under 12 on 1 January of the event's year
            return player.birth_year >= event_year - self.low
        return player.birth_year <= event_year - self.low  # 65+: 65 or more during the year


_AGE_LIMIT = 30  # U<=30 is an age; U1800 a rating
#: The words that, like a blank category, mean the general place list.
_PLACE_WORDS = ("place", "overall", "general", "open")


def list_category(written: str, where: Location | None = None) -> Category | None:
    """The category of a prize as typed: None (the general place list) for a blank or one
    of Place, Overall, General, Open; else :func:`parse_category`'s."""
    if not written.strip() or written.strip().casefold() in _PLACE_WORDS:
        return None
    return parse_category(written, where)


def parse_category(written: str, where: Location | None = None) -> Category:
    """A category as typed (see the module's docstring); an error names what was expected."""
    name = " ".join(written.split())
    key = name.casefold()
    if key in ("women", "woman", "ladies", "female", "girls", "w", "f"):
        return Category(name, "women")
    if key in ("unrated", "no rating", "unr"):
        return Category(name, "unrated")
    for prefix, kind in (
        ("federation ", "federation"),
        ("fed ", "federation"),
        ("club ", "club"),
        ("team ", "club"),
    ):
        if key.startswith(prefix) and name[len(prefix) :].strip():
            return Category(name, kind, value=name[len(prefix) :].strip())
    match = re.fullmatch(r"(?:u|under\s*)(\d+)", key)
    if match:
        limit = int(match.group(1))
        if limit <= _AGE_LIMIT:
            return Category(name, "age-under", low=limit)
        return Category(name, "rating", high=limit - 1)
    match = re.fullmatch(r"(?:s|over\s*)?(\d+)\s*\+?", key)
    if match and (key.endswith("+") or key.startswith(("s", "over"))):
        limit = int(match.group(1))
        if limit <= 100:
            return Category(name, "age-over", low=limit)
        return Category(name, "rating", low=limit)
    match = re.fullmatch(r"(\d+)\s*[-–]\s*(\d+)", key)
    if match and int(match.group(1)) <= int(match.group(2)):
        return Category(name, "rating", low=int(match.group(1)), high=int(match.group(2)))
    raise InvalidValueError(
        f"category {written!r} is not understood; expected e.g. U1800, 1600-1799, U12, 65+, "
        "Women, Unrated, Federation ESP or Club NAME (blank: the place prizes)",
        where,
        fields.CATEGORY,
    )


# --- prizes ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize: ``place`` within its list (``category`` None: the general place list);
    ``amount`` money (0 when only an object); ``item`` an object's description."""

    place: int
    category: Category | None = None
    amount: Fraction = Fraction(0)
    item: str = ""
    where: Location | None = field(default=None, compare=False, repr=False)

    @property
    def list_name(self) -> str:
        return self.category.name if self.category is not None else PLACE_LIST

    @property
    def key(self) -> tuple[str, int]:
        """The list (its name in any case) and the place the prize is for: an event gives each
        one prize (an amount and/or an object), a second is refused."""
        return (self.list_name.casefold(), self.place)

    @property
    def empty(self) -> bool:
        """Neither money nor an object: no prize (refused)."""
        return self.amount == 0 and not self.item

    @property
    def label(self) -> str:
        """``"2nd"`` or ``"U1800 1st"``."""
        own = _ordinal(self.place)
        return own if self.category is None else f"{self.category.name} {own}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def money(value: object, where: Location | None, column: str) -> Fraction:
    """An amount, exactly: 100, 100.5, "1,250.00" or "€ 250"; else an error at its cell."""
    if isinstance(value, bool):
        raise InvalidValueError(f"{value!r} is not an amount of money", where, column)
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(Decimal(repr(value)))
    written = re.sub(r"[^\d.\-]", "", str(value).replace(",", ""))
    try:
        if not written or not re.search(r"\d", written):
            raise InvalidOperation
        return Fraction(Decimal(written))
    except (InvalidOperation, ValueError):
        raise InvalidValueError(
            f"{value!r} is not an amount of money; expected a number such as 250 or 62.50",
            where,
            column,
        ) from None


def money_value(amount: Fraction) -> int | float:
    """An amount as a cell holds it: a whole number as one (250), else a decimal (62.5)."""
    return amount.numerator if amount.denominator == 1 else float(amount)


def empty_categories(
    prizes: Sequence[Prize], players: Sequence[Contestant], event_year: int | None
) -> list[str]:
    """Warnings: each category no player can be in (its prizes are not awarded)."""
    warnings: list[str] = []
    done: set[str] = set()
    for prize in prizes:
        category = prize.category
        if category is None or category.name in done:
            continue
        done.add(category.name)
        if not any(category.admits(p, event_year) for p in players):
            row = f" (row {prize.where.row})" if prize.where and prize.where.row else ""
            warnings.append(f"no player is in category {category.name!r}{row}: its prizes stay")
    return warnings
