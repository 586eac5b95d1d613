"""Game-level rules shared by every rating system: everything that decides them lives here.

- the players of a game: White and Black are two different players (no self-play), each on the
  player list (a name not on it is an error that suggests the player it most likely means: the
  name differing only in case, else the closest by difflib, a letter off in a longer name);
- the points of one game: each side scores 1, ½ or 0 (a result gives White 1, ½ or 0 and Black
  the rest), and the two sides of a Swiss game share at most one point (a forfeit or a double
  loss may give less);
- a player's record: a game counts as a win, a draw or a loss for each side;
- competition ranks: rows equal on every key share a rank and the next rank skips (1, 2, 2, 4);
- a list names each player (or group) once: the second listing is an error that says so;
- a player plays once a round (one game of a Swiss round, one board of a team round): the
  second appearance is an error that says so;
- two games look like one game typed (or reported) twice when they have the same two players,
  in either colours, and the same winner or both are drawn (:func:`same_game`): never refused,
  since a rematch is a real game, but never silent either (the results desk's evening, a
  ladder week's ``Ladder Games``).

The engines (``ladder``, ``crikey``, ``swiss``), the family planners, the worksheet functions
and the text formats all call these, so a rule changed here changes everywhere. Pure Python.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from ratingbook.core import fields
from ratingbook.core.results import Result
from ratingbook.errors import InvalidValueError, Location, SelfPlayError, UnknownPlayerError

P = TypeVar("P", bound=Hashable)

__all__ = [
    "RECORD",
    "check_players",
    "check_points",
    "close_name",
    "competition_ranks",
    "game_indices",
    "game_key",
    "known_player",
    "listed_twice",
    "player_spellings",
    "result_of_score",
    "same_game",
    "twice_in_round",
]


def listed_twice(name: str, *, what: str = "player", also_row: int | None = None) -> str:
    """The one message for a name a list gives twice (players, groups), naming the first row
    when the list has rows.

    >>> listed_twice("Ann", also_row=3)
    "player 'Ann' is listed twice (also row 3)"
    """
    also = f" (also row {also_row})" if also_row is not None else ""
    return f"{what} {name!r} is listed twice{also}"


def twice_in_round(name: str, round_number: int, *, also_row: int | None = None) -> str:
    """The one message for a player who appears a second time in a round (a Swiss round's
    games, a team round's boards), naming the first row when the list has rows.

    >>> twice_in_round("Ann", 2, also_row=3)
    "'Ann' appears twice in round 2 (also row 3)"
    """
    also = f" (also row {also_row})" if also_row else ""
    return f"{name!r} appears twice in round {round_number}{also}"


def game_key(white: P, black: P, result: Result | None) -> tuple[frozenset[P], P | None] | None:
    """What two games share when they look like one game twice (:func:`same_game`): the two
    players, either colours, and the winner (None: a draw); None for a result that is no game
    played, which is like no other."""
    if result is None:
        return None
    winner = {Result.WHITE_WINS: white, Result.BLACK_WINS: black}.get(result)
    return frozenset((white, black)), winner


def same_game(first: tuple[P, P, Result | None], second: tuple[P, P, Result | None]) -> bool:
    """Whether two games, each (White, Black, result: None for a result that is no game
    played), look like one game twice: the same two players in either colours (the second
    typist may give them the wrong way round, or the players played again) and the same
    winner, or both drawn (:func:`game_key`).

    >>> same_game((1, 2, Result.WHITE_WINS), (2, 1, Result.BLACK_WINS))
    True
    >>> same_game((1, 2, Result.WHITE_WINS), (2, 1, Result.WHITE_WINS))
    False
    """
    key = game_key(*first)
    return key is not None and key == game_key(*second)


def check_players(
    white: object, black: object, where: Location | None = None, column: str | None = fields.BLACK
) -> None:
    """A game is between two different players; White playing themself is a SelfPlayError."""
    if white == black:
        raise SelfPlayError(f"player {white!r} cannot play themself", where, column)


def player_spellings(names: Iterable[str]) -> dict[str, str]:
    """Each player's name to itself, and each case-folded spelling that is not itself a
    player's name to the first player who has it (the hint of :func:`known_player`)."""
    spellings = {name: name for name in names}
    for name in list(spellings):
        spellings.setdefault(name.casefold(), name)
    return spellings


#: How alike a typed name and a player's must be to be offered (difflib's ratio, 2M/T): one
#: letter changed in a name of four letters ("Eric" for "Erik" is 0.75), or missing, added or
#: changed in a longer one, but never a different short name ("Ann" for "Dan" is 0.67).
CLOSE_NAME = 0.75


def close_name(name: str, spellings: Mapping[str, str]) -> str:
    """The player whose name ``name`` most likely mistypes (case ignored), or "": alike by
    :data:`CLOSE_NAME` and at most a letter longer or shorter, as a typo is ("Charles" is as
    alike to "Charlotte", but another name)."""
    typed = name.casefold()
    players = {
        spelling.casefold(): player
        for spelling, player in spellings.items()
        if abs(len(spelling) - len(typed)) <= 1
    }
    close = difflib.get_close_matches(typed, list(players), n=1, cutoff=CLOSE_NAME)
    return players[close[0]] if close else ""


def known_player(
    name: str,
    spellings: Mapping[str, str],
    where: Location | None = None,
    column: str | None = None,
    *,
    listed_in: str = "",
) -> str:
    """``name`` when it is a player's (``spellings`` from :func:`player_spellings`); else an
    UnknownPlayerError that names the list (``listed_in``) and the player it may mean."""
    if spellings.get(name) == name:
        return name
    found = spellings.get(name.casefold()) or close_name(name, spellings)
    hint = f" (did you mean {found!r}?)" if found else ""
    listed = f" in {listed_in}" if listed_in else ""
    raise UnknownPlayerError(f"no player named {name!r}{listed}{hint}", where, column)


def game_indices(
    white: P,
    black: P,
    index: Mapping[P, int],
    where: Location | None,
    unknown: str = "{!r} is not on the player list",
    *,
    allow_self_play: bool = False,
) -> tuple[int, int]:
    """White's and Black's positions in ``index``: two different players (self-play is a
    SelfPlayError unless allowed), each on the player list (``unknown``, formatted with the
    player, is an UnknownPlayerError naming that side's column, White first)."""
    if not allow_self_play:
        check_players(white, black, where)
    i = index.get(white)
    if i is None:
        raise UnknownPlayerError(unknown.format(white), where, fields.WHITE)
    j = index.get(black)
    if j is None:
        raise UnknownPlayerError(unknown.format(black), where, fields.BLACK)
    return i, j


def check_points(
    white_halves: int,
    black_halves: int,
    white_shown: object,
    black_shown: object,
    where: Location | None = None,
    column: str | None = fields.BLACK_POINTS,
) -> None:
    """The two sides of one game share at most one point (counted here in halves: 2)."""
    # seed 004: a game gives 1-0, ½-½ or 0-1; a forfeit may give 1-0 or 0-0, never more.
    if white_halves + black_halves > 2:
        raise InvalidValueError(
            f"points {white_shown!r} and {black_shown!r} add up to more than 1", where, column
        )


def result_of_score(score: Fraction | float) -> Result:
    """The result of a game seen from the side whose score this is (1, ½ or 0), as if White."""
    if score == 1:
        return Result.WHITE_WINS
    return Result.BLACK_WINS if score == 0 else Result.DRAW


#: Where one game counts in each side's record (wins, draws, losses): White's, then Black's.
RECORD = {Result.WHITE_WINS: (0, 2), Result.DRAW: (1, 1), Result.BLACK_WINS: (2, 0)}


def competition_ranks(keys: Sequence[object]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) for rows already sorted best first by ``keys``.

    >>> competition_ranks([5, 3, 3, 1])
    [1, 2, 2, 4]
    """
    ranks: list[int] = []
    for i, key in enumerate(keys):
        ranks.append(ranks[-1] if i and key == keys[i - 1] else i + 1)
    return ranks
