"""A season series' categories (juniors, seniors, women, a rating band): who is in each, and
his rank there.

This module alone decides a category's standings. A category is typed as a prize category is
(``U18``, ``S65`` or ``65+``, ``Women``, ``Unrated``, ``U1800``, ``1600-1799``, ``Club NAME``:
:func:`ratingbook.events.prize_rules.parse_category`, the one home of those spellings and of
who each admits). Its standings are the series' ranked players it admits, in the series'
order: each ranked one more than the category's players ranked above him in the series, so
players who share a series rank share their category rank too. A player below the series'
minimum is ranked in no category, as he is not in the series.

Who is in, as a prize category decides it for an event:

- an age category by the player's birth year against the **season's year**, the year of the
  series' first event (FIDE's convention, "under 12 on 1 January" of the event's year: a
  junior who starts the season under 18 stays one to its end); a player whose birth year the
  list does not give is in no age category;
- ``Women`` by the player's sex (the list's ``Sex``: F, or W);
- a rating band and ``Unrated`` by the rating the list starts him at (his ``Start Rating``,
  which adding events never moves, so a category's players do not change as they play).

Pure: plain values in, frozen values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratingbook.events.prize_rules import Category, Contestant
from ratingbook.season.model import SeasonPlayer

__all__ = ["CategoryStandings", "category_standings", "contestant"]


@dataclass(frozen=True, slots=True)
class CategoryStandings:
    """A category's players, best first: each with his list key and his rank in it."""

    category: Category
    rows: tuple[tuple[str, int], ...]


def contestant(player: SeasonPlayer) -> Contestant:
    """What a category looks at of a list player: his start rating (a guest's fixed one),
    birth year, sex and club."""
    start = player.rating if player.rating is not None else player.fixed_rating
    return Contestant(
        player.name,
        rating=None if start is None else round(start),
        birth_year=player.birth_year,
        sex=player.sex,
        club=player.club,
    )


def category_standings(
    ranked: Sequence[tuple[str, int]],
    players: Mapping[str, Contestant],
    categories: Sequence[Category],
    year: int | None,
) -> tuple[CategoryStandings, ...]:
    """Each category's standings (the module text's rule): ``ranked`` the series' ranked
    players (list key, series rank) in the series' order, ``players`` what each category looks
    at by list key (a player without one is in no category), ``year`` the season's year."""
    tables = []
    for category in categories:
        rows: list[tuple[str, int]] = []
        above = 0  # the category's players ranked above the series rank being placed
        last_rank, last_place = 0, 0
        for key, rank in ranked:
            player = players.get(key)
            if player is None or not category.admits(player, year):
                continue
            if rank != last_rank:
                last_rank, last_place = rank, above + 1
            rows.append((key, last_place))
            above += 1
        tables.append(CategoryStandings(category, tuple(rows)))
    return tuple(tables)
