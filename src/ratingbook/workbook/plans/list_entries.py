"""The rows ``season add`` writes to a rating list's List Players, List Games and Event Ranks
(issue 35), for :mod:`ratingbook.workbook.plans.list_plan`: this module alone decides what each
cell of an added player, game or rank holds.

A new player's ``Sex`` is spelt as every sheet of ratingbook spells it, ``M`` or ``F``
(:func:`ratingbook.workbook.sheets.event_rows.sex_cell`, the one home; ``W`` is still read).

A ranked player is written as the list names him (his List Players name, given name first:
``Nigel Short``), whatever his source wrote (``Short, Nigel``), with his ID, as the list's
other sheets name him. A game is written as its source wrote it, with each player's ID: an
event added again with new rounds is recognised by its games' names as its file writes them
(:func:`ratingbook.season.adding.continuation`), and the row's Source says where in its file
it came from.
"""

from __future__ import annotations

from collections.abc import Mapping

from ratingbook.season.adding import Addition
from ratingbook.season.model import EventRank, SeasonEvent, SeasonGame, SeasonPlayer, SourcePlayer
from ratingbook.workbook.sheets.event_rows import sex_cell

__all__ = ["game_row", "named", "player_row", "rank_row"]


def player_row(player: SeasonPlayer) -> dict[str, object]:
    """A List Players row of a player new to the list (the module text: his ``Sex`` spelt as
    the Swiss sheets spell it)."""
    return {
        "ID": player.key,
        "FIDE ID": player.fide_id,
        "Name": player.name,
        "Club": player.club or None,
        "Birth Year": player.birth_year,
        "National ID": player.national_id or None,
        "Sex": sex_cell(player.sex),
    }


def named(player: SourcePlayer, addition: Addition, names: Mapping[str, str]) -> str:
    """The player as the list ``names`` him by his ID (his List Players name, given name
    first), whatever the source wrote (``Short, Nigel``): one spelling on every sheet."""
    return names.get(addition.matching.key_of(player), player.name)


def game_row(game: SeasonGame, event: str, addition: Addition) -> dict[str, object]:
    """A List Games row of a game, or of a bye (Black empty, the bye's kind as its Result, as
    List Games reads a bye back: forfeits and byes are kept there, never rated), its players
    as the source names them, with their IDs (the module text). Its Source is its place in its
    event's file, briefly (``line 23``; a book's sheet and row, ``Swiss Games 7``): the file
    is named once, on the event's List Events row, so a game prints on one line
    (list_layout)."""
    key_of = addition.matching.key_of
    return {
        "Date": game.date,
        "Event Name": event,
        "Round": game.round,
        "White": game.white.name,
        "White ID": key_of(game.white),
        "Black": game.black.name if game.black is not None else None,
        "Black ID": key_of(game.black) if game.black is not None else None,
        "Result": game.result.value if game.result is not None else None,
        "Source": game.source.where.brief() or game.source.describe(),
    }


def rank_row(
    rank: EventRank,
    event: str,
    source: SeasonEvent,
    addition: Addition,
    names: Mapping[str, str],
) -> dict[str, object]:
    """An Event Ranks row: the player named as List Games names him (the list's name, his
    ID)."""
    where = rank.player.source or source.source
    return {
        "Event Name": event,
        "Rank": rank.rank,
        "Name": named(rank.player, addition, names),
        "ID": addition.matching.key_of(rank.player),
        "Team": rank.team or None,
        "Source": where.describe(),
    }
