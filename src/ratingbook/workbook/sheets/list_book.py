"""A season's rating list read whole from its sheets (issue 35), as Recalc and ``season add``
read it before they rate: its rows (:mod:`ratingbook.workbook.sheets.list_rows`), and its own
events matched to its players and checked (:func:`ratingbook.season.add_events`). A reader plans
nothing: what a run writes is :mod:`ratingbook.workbook.plans.list_plan`'s.

This module alone decides which of the list's own games and ranks name no player of it. A game
(or an Event Ranks row) naming a player not on List Players (by ID or name) is an error at its
cell, offering the list's name it is a letter off (:func:`~ratingbook.core.rules.close_name`):
the officer adds him, or adds the event with ``ratingbook season add``, which adds new players;
an ID no row of List Players has is his when an alias of the officer's names him. An event
whose Event Ranks rows leave out a player of its games is an error at its first row. The
sheets' bad cells, such players and the events' problems are raised together, in one run.
"""

from __future__ import annotations

from ratingbook.core import cells
from ratingbook.core.rules import close_name
from ratingbook.errors import InvalidValueError, Problems, RatingbookError, UnknownPlayerError
from ratingbook.season.adding import Addition, Season, add_events
from ratingbook.season.identity import MatchRule
from ratingbook.season.model import SeasonGame
from ratingbook.season.names import exact_name
from ratingbook.workbook.sheets.list_rows import ListBook, id_aliases, read_list
from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["read_list_book"]


def _typed(value: object) -> str:
    """A cell's text as :func:`~ratingbook.core.cells.text` reads it; "" when it is none."""
    try:
        return cells.text(value, required=False)
    except RatingbookError:
        return ""


def _unknown_players(book: ListBook, addition: Addition) -> list[RatingbookError]:
    """A List Games (or Event Ranks) player no list player answers to (by ID or name), at his
    first cell. An ID no row of List Players has is his when an alias of the officer's names
    him (the merged player's row deleted, his games kept)."""
    keys = {p.key for p in book.players}
    new = {m.player for m in addition.matching.matches if m.rule is MatchRule.NEW}
    aliased = {
        m.player
        for m in addition.matching.matches
        if m.rule is MatchRule.ALIAS and m.alias is not None and not m.alias.narrowed
    }
    spellings = {p.name: p.name for p in book.players}  # a typo of one is offered
    # A List Players row with a bad cell is reported at that cell: its ID and name, as typed,
    # are no unknown player besides.
    keys |= {_typed(r.get("ID")) for r in book.players_table.rows} - {""}
    rows_named = {exact_name(_typed(r.get("Name"))) for r in book.players_table.rows}
    problems: list[RatingbookError] = []
    named: set[object] = set()
    for event in book.events:
        sides = [
            (column, player, game.source.where)
            for game in event.games
            for column, player in (("White", game.white), ("Black", game.black))
            if player is not None
        ]
        sides += [("Name", r.player, r.source.where) for r in event.ranks if r.source]
        for column, player, where in sides:
            if player.national_id and player.national_id not in keys:
                if player in aliased:
                    continue
                problems.append(
                    UnknownPlayerError(
                        f"no player has ID {player.national_id!r} on 'List Players'",
                        where,
                        "ID" if column == "Name" else f"{column} ID",
                    )
                )
            elif (
                player in new and player not in named and exact_name(player.name) not in rows_named
            ):
                named.add(player)
                meant = close_name(player.name, spellings)
                hint = f" (did you mean {meant!r}?)" if meant else ""
                problems.append(
                    UnknownPlayerError(
                        f"no player named {player.name!r} on 'List Players'{hint}: add the "
                        "player there (or add the event with 'ratingbook season add', which adds "
                        "new players)",
                        where,
                        column,
                    )
                )
    return problems


def _unranked_players(book: ListBook, addition: Addition) -> list[RatingbookError]:
    """An event of Event Ranks that leaves out a player of its games, at the event's first
    row there: the series cannot place him (:func:`ratingbook.season.series.event_places`)."""
    key_of = addition.matching.key_of
    names = {p.key: p.name for p in addition.season.players}
    problems: list[RatingbookError] = []
    for event in book.events:
        first = next((r.source for r in event.ranks if r.source is not None), None)
        if first is None:
            continue
        ranked = {key_of(r.player) for r in event.ranks}
        missing: dict[str, SeasonGame] = {}
        for game in event.games:
            for player in (game.white, game.black):
                if player is not None and key_of(player) not in ranked:
                    missing.setdefault(key_of(player), game)
        for key, game in missing.items():
            problems.append(
                InvalidValueError(
                    f"the ranking of {event.name!r} gives no rank to {names.get(key, key)} (ID "
                    f"{key}), who plays in its games ({game.source.describe()}): add a row for "
                    "that player, or delete the event's rows to place it by its game points",
                    first.where,
                    "Event Name",
                )
            )
    return problems


def read_list_book(sheets: Sheets) -> tuple[ListBook, Addition]:
    """The list read, its own events matched to its players and checked: its bad cells, a
    player not on the list and every problem of the events raised together (one run names
    them all; the rows read well are matched and checked)."""
    problems = Problems()
    book = read_list(sheets, problems=problems)
    return book, _matched(book, problems)


def _matched(book: ListBook, problems: Problems) -> Addition:
    """The book's own events matched to its players and checked; a player not on the list,
    and every problem of the events, raised with ``problems`` (the list's bad cells)."""
    aliases = (*book.aliases, *id_aliases(book))
    empty = Season(book.players, (), aliases, book.settings.length)
    addition = add_events(empty, book.events)
    for problem in addition.problems:
        problems.append(problem)
    unknown = _unknown_players(book, addition)
    for error in unknown or _unranked_players(book, addition):
        problems.append(error)
    problems.check()
    return addition
