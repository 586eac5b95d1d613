"""The rating officer's aliases: what each decision says, and which list players it merges.

This module alone decides what an alias (:class:`Alias`, a row of the list's Aliases) means:

- a **Same As** decision says a name is a list player (his key). When it gives no ID (as the
  Aliases sheet's rows do) it speaks of the name: every *other* list player of that name
  (:func:`~ratingbook.season.names.given_first`: either order) is that player, so his row is
  **merged** into the player named (:class:`Merge`): he leaves the list, and his key, his
  IDs and his name lead to the player he is, in every game of the season and every game
  added later. An alias narrowed to an ID (a List Games row's ID) merges nobody: it speaks
  of the source players with that ID only;
- a **Different From** decision keeps the name apart from the player (never matched to him,
  never reported as like him), and keeps a list player of that name out of a merge into him;
- merges **chain** (B is A, A is C: both are C); a **loop** (B is A, A is B) is a problem at
  its alias's row and cell, as is an alias naming a player who is not on the list, and a
  list player one alias makes the same as one player and another as another.

Undoing an alias is deleting its row: the next recalculation matches every game again and
the merged player is back with his games (his List Players row must still be there).
Pure: plain values in, merges and problems out.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ratingbook.season.model import SeasonError, SeasonPlayer, SourcePlayer, SourceRef
from ratingbook.season.names import given_first

__all__ = ["Alias", "Decision", "Merge", "merges"]


class Decision(enum.Enum):
    """What the officer decided about a name and a list player."""

    SAME = "same"
    """The name (with its IDs, when the alias gives them) is this player."""

    DIFFERENT = "different"
    """The name is someone else: never matched to this player, nor reported as like this player."""


@dataclass(frozen=True, slots=True)
class Alias:
    """One row of the officer's aliases: ``name`` as a source writes it (matched as
    :func:`~ratingbook.season.names.given_first`: case, spaces and the order ``Surname,
    Given`` aside), ``decision``, and the list player ``player`` (his key). ``fide_id`` /
    ``national_id``, when given, narrow a SAME decision to the source players with that ID.
    ``source`` is the alias's own row, ``column`` the cell that names the player (where a
    problem with it is shown)."""

    name: str
    decision: Decision
    player: str
    fide_id: int | None = None
    national_id: str = ""
    source: SourceRef | None = field(default=None, compare=False, repr=False)
    column: str | None = field(default=None, compare=False, repr=False)

    @property
    def narrowed(self) -> bool:
        """Given with an ID: it speaks of the source players with that ID only."""
        return self.fide_id is not None or bool(self.national_id)

    def covers(self, player: SourcePlayer) -> bool:
        """The alias speaks of this source player (his name, and its IDs if it gives any)."""
        if given_first(self.name) != given_first(player.name):
            return False
        if self.fide_id is not None and self.fide_id != player.fide_id:
            return False
        return not self.national_id or self.national_id == player.national_id

    def describe(self) -> str:
        """The decision as its row writes it, and the row: ``J. Smith Same As 370 (sheet
        'Aliases', row 2)``."""
        place = f" ({_where(self)})" if self.source is not None else ""
        return f"{self.name} {self.column or self.decision.value} {self.player}{place}"

    def error(self, problem: str) -> SeasonError:
        """A problem with this alias, at its row and the cell naming the player."""
        return SeasonError(problem, self.source, self.column)


@dataclass(frozen=True, slots=True)
class Merge:
    """A list player merged by the officer's alias: ``player`` (his row, kept so his key, IDs
    and name still lead somewhere), ``into`` the key of the player he is (the end of a
    chain), and the ``alias`` that said so."""

    player: SeasonPlayer
    into: str
    alias: Alias

    def covers(self, source: SourcePlayer) -> bool:
        """A source player who is the merged player by his row: his name (either order), his
        key as a game's ID gives it, his FIDE ID or his national ID."""
        merged = self.player
        return (
            given_first(source.name) == given_first(merged.name)
            or source.national_id in (merged.key, merged.national_id or None)
            or (merged.fide_id is not None and source.fide_id == merged.fide_id)
        )


def _where(alias: Alias) -> str:
    return alias.source.where.describe() if alias.source is not None else repr(alias.name)


def merges(
    players: Mapping[str, SeasonPlayer], aliases: Iterable[Alias]
) -> tuple[dict[str, Merge], list[SeasonError]]:
    """Which list players (by key) the aliases merge, into whom (chains followed to their
    end), and every problem: an alias naming no list player, a player made the same as two,
    a loop. A player in a loop is merged into nobody."""
    problems: list[SeasonError] = []
    known: list[Alias] = []
    order: dict[Alias, int] = {}
    for alias in aliases:
        if alias.player in players:
            order.setdefault(alias, len(order))
            known.append(alias)
        else:
            problems.append(
                alias.error(
                    f"the alias {alias.name!r} names player {alias.player!r}, who is not on "
                    "the list"
                )
            )
    apart = {(given_first(a.name), a.player) for a in known if a.decision is Decision.DIFFERENT}
    by_name: dict[str, list[str]] = {}
    if any(a.decision is Decision.SAME and not a.narrowed for a in known):  # else not needed
        for key, player in players.items():
            by_name.setdefault(given_first(player.name), []).append(key)
    edges: dict[str, Alias] = {}
    for alias in known:
        if alias.decision is not Decision.SAME or alias.narrowed:
            continue
        name = given_first(alias.name)
        for key in by_name.get(name, ()):
            if key == alias.player or (name, alias.player) in apart:
                continue
            first = edges.setdefault(key, alias)
            if first.player != alias.player:
                problems.append(
                    alias.error(
                        f"{players[key].name!r} (player {key}) is made the same as player "
                        f"{first.player} ({_where(first)}) and as player {alias.player}: "
                        "one name, one player"
                    )
                )
    found: dict[str, Merge] = {}
    looped: set[str] = set()
    for key, alias in edges.items():
        chain, into = [key], alias.player
        while into in edges and into not in chain:
            chain.append(into)
            into = edges[into].player
        if into in chain:  # a loop: reported once, at its first alias in the sheet's order
            loop = chain[chain.index(into) :]
            if not looped & set(loop):
                rows = sorted((edges[k] for k in loop), key=order.__getitem__)
                said = ", ".join(
                    f"{players[k].name!r} (player {k}) is player {edges[k].player}" for k in loop
                )
                problems.append(
                    rows[0].error(f"the aliases make a loop: {said}; delete one of them")
                )
            looped.update(loop)
            continue
        found[key] = Merge(players[key], into, alias)
    return {k: m for k, m in found.items() if k not in looped}, problems
