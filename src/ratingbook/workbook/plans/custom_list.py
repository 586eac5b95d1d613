"""``players custom-list``: a rating list of the organiser's own (a national federation's, a
club's: not FIDE's), read from a CSV file, filling ``National Rating`` or ``Manual Rating`` of
``Swiss Players`` (FIDE's acceptance checklist, question 117 as Sharly-Chess quotes it:
"support custom (user-imported) rating lists").

The file: a header row, then a player a row, its cells separated by commas, semicolons or tabs
(found from the header). It names its players by ``FIDE ID``, ``National ID`` (also ``ID``) or
``Name`` (the first of these it has is the key, matched against the same column of ``Swiss
Players``; a name exactly, case aside) and gives each a ``Rating`` (also ``Elo``): a whole
number from 0 to 4000, or empty for a player unrated on it. The event's ``Rating Method``
(``National``, ``FIDON``, ``NIDOF``, ``HBFN``) then orders the field by it. Strict: a rating
that is not a whole number, or a key listed twice with different ratings, is an error naming
the file's line and column; every such problem at once, and nothing written. What changes,
cell by cell, and the players the list does not have come back as lines to show first.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from ratingbook.core.cells import is_blank
from ratingbook.core.counts import many
from ratingbook.core.refs import column_letter
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError
from ratingbook.workbook.port.book import Book, Plan
from ratingbook.workbook.sheets.event_rows import read_player
from ratingbook.workbook.sheets.reading import Sheets, column_writes, read
from ratingbook.workbook.sheets.schemas import SWISS_PLAYERS

__all__ = ["CUSTOM_TARGETS", "CustomList", "plan_custom_list", "read_custom_list"]

#: The columns a custom list may fill (the FIDE rating, ``Rating``, only FIDE's list fills).
CUSTOM_TARGETS = ("National Rating", "Manual Rating")
#: The key columns, in the order one is chosen, with the other headers read as each.
_KEYS = {
    "FIDE ID": ("fide id", "fideid", "fide number", "fide"),
    "National ID": ("national id", "nat. id", "nat id", "id"),
    "Name": ("name", "player"),
}
_RATING = ("rating", "elo", "rtg")
_HIGHEST = 4000


@dataclass(frozen=True, slots=True)
class CustomList:
    """A custom list as read: the column its players are keyed by (``FIDE ID``, ``National
    ID`` or ``Name``), and each key's rating (None: unrated) and line."""

    name: str
    key: str
    ratings: dict[str, tuple[int | None, int]]


def _key_text(key: str, value: object) -> str:
    text = "" if value is None else " ".join(str(value).split())
    if key == "FIDE ID" and text.endswith(".0"):
        text = text[:-2]  # a number a spreadsheet wrote as a float
    return text.casefold() if key == "Name" else text


def read_custom_list(text: str, name: str) -> CustomList:
    """The list in ``text`` (the file ``name``), every problem at once."""
    lines = text.removeprefix("\ufeff").splitlines()
    if not lines or not lines[0].strip():
        raise RatingbookError(f"{name!r} is empty: expected a header row (e.g. FIDE ID,Rating)")
    delimiter = max(",;\t", key=lines[0].count)
    rows = list(csv.reader(lines, delimiter=delimiter))
    header = [cell.strip().casefold() for cell in rows[0]]
    key = next((k for k, spelt in _KEYS.items() if any(s in header for s in spelt)), None)
    rating_at = next((header.index(s) for s in _RATING if s in header), None)
    if key is None or rating_at is None:
        raise RatingbookError(
            f"{name!r} line 1: expected a header naming the players (FIDE ID, National ID or "
            f"Name) and their Rating, found {', '.join(repr(c) for c in rows[0])}"
        )
    key_at = next(header.index(s) for s in _KEYS[key] if s in header)
    # each error names the file's line and the column, as its header and its letter
    letters = {
        field: column_letter(at + 1) for field, at in (("key", key_at), ("rating", rating_at))
    }
    spelt = {"key": rows[0][key_at].strip(), "rating": rows[0][rating_at].strip()}
    problems = Problems()
    ratings: dict[str, tuple[int | None, int]] = {}
    for number, row in enumerate(rows[1:], start=2):
        cells = row + [""] * (len(header) - len(row))
        player = _key_text(key, cells[key_at])
        if not player:
            continue
        where = Location(line=number, columns=letters, headers=spelt)
        typed = cells[rating_at].strip()
        rating: int | None = None
        if typed:
            if not typed.isdigit() or int(typed) > _HIGHEST:
                problems.append(
                    InvalidValueError(
                        f"{name}: {typed!r} is not a rating; expected a whole number from 0 "
                        f"to {_HIGHEST}, or empty (unrated)",
                        where,
                        "rating",
                    )
                )
                continue
            rating = int(typed)
        if player in ratings and ratings[player][0] != rating:
            problems.append(
                InvalidValueError(
                    f"{name}: {key} {cells[key_at].strip()} is listed twice with different "
                    f"ratings (also line {ratings[player][1]})",
                    where,
                    "key",
                )
            )
            continue
        ratings.setdefault(player, (rating, number))
    problems.check()
    return CustomList(name, key, ratings)


def _shown(value: object) -> str:
    if is_blank(value):
        return "empty"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def plan_custom_list(book: Book | Sheets, listed: CustomList, into: str) -> tuple[Plan, list[str]]:
    """What filling ``into`` (one of :data:`CUSTOM_TARGETS`) of ``book``'s players from the
    custom list ``listed`` would write, and the lines to show: each cell changed, then the
    players the list does not have."""
    if into not in CUSTOM_TARGETS:
        raise RatingbookError(f"a custom list fills {' or '.join(CUSTOM_TARGETS)}, not {into!r}")
    sheets = book if isinstance(book, Sheets) else Sheets(book)
    players = read(sheets, SWISS_PLAYERS)
    problems = Problems()
    changes: list[str] = []
    missing: list[str] = []
    values: dict[int, object] = {}
    keyed = 0
    for row in players.rows:
        if all(is_blank(v) for v in row.values.values()) or row.where.row is None:
            continue
        try:
            player = read_player(row)
        except RatingbookError as error:
            problems.append(error)
            continue
        own = {"FIDE ID": player.fide_id, "National ID": player.national_id, "Name": player.name}
        key = _key_text(listed.key, own[listed.key])
        if not key:
            continue
        keyed += 1
        by = "" if listed.key == "Name" else f", {listed.key} {own[listed.key]}"
        label = f"{SWISS_PLAYERS.sheet} row {row.where.row} ({player.name}{by})"
        found = listed.ratings.get(key)
        if found is None:
            missing.append(f"{label}: not on {listed.name}")
            continue
        rating, line = found
        old = row.get(into)
        if _shown(old) != _shown(rating):
            values[row.where.row] = rating
            changes.append(
                f"{label}: {into} {_shown(old)} -> {_shown(rating)} ({listed.name} line {line})"
            )
    problems.check()
    if not keyed:
        raise RatingbookError(
            f"no player in {SWISS_PLAYERS.sheet!r} has a {listed.key}: nothing to look up "
            f"in {listed.name!r}"
        )
    blocks, added = column_writes(players, {into: values})
    changes += added
    summary = (
        f"players: {keyed} with a {listed.key}, {keyed - len(missing)} found on "
        f"{listed.name} ({many(len(listed.ratings), 'player')}), {len(values)} changed, "
        f"{len(missing)} not found",
    )
    plan = Plan(blocks=tuple(blocks), summary=summary, act="Players update")
    return plan, [*changes, *missing]
