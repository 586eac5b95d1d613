"""A team file's player records (001) taken together: every game in both players' records
(:func:`check_games`), and the most boards a match had, for a file without record 352
(:func:`most_games`). :mod:`ratingbook.trf.team_records` reads the records. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from ratingbook.errors import InputErrors, Location, RatingbookError
from ratingbook.trf.records import TrfError

__all__ = ["Player", "check_games", "most_games"]

#: A 001 record as read: name, rating, FIDE ID, and each round's (opponent, colour, result).
Player = tuple[str, int | None, int | None, dict[int, tuple[int, str, str]]]


def check_games(
    players: Mapping[int, Player],
    line_of: Mapping[int, int],
) -> None:
    """Every game must be in both players' records: the opponent exists and, in that round,
    names the player back, with the other colour. Every mismatch is named at its 001 line."""
    problems: list[RatingbookError] = []
    for n, (_, _, _, rounds) in players.items():
        for r, (opponent, colour, _) in sorted(rounds.items()):
            if not opponent:
                continue
            where = Location(line=line_of[n])
            back = players[opponent][3].get(r) if opponent in players else None
            if opponent not in players:
                problems.append(
                    TrfError(f"round {r}: opponent {opponent} has no 001 record", where)
                )
            elif back is None or back[0] != n:
                problems.append(
                    TrfError(
                        f"round {r}: player {n} met {opponent}, but {opponent}'s record "
                        f"(line {line_of[opponent]}) does not name {n} in that round",
                        where,
                    )
                )
            elif colour == back[1] and colour in ("w", "b"):
                problems.append(
                    TrfError(f"round {r}: player {n} and {opponent} both had {colour}", where)
                )
    if problems:
        raise InputErrors(problems)


def most_games(
    players: Mapping[int, Player],
    team_of: Mapping[int, str],
) -> int:
    """The most boards a match had: the games two teams played in one round, and the forfeit
    wins ("- +", no opponent named) of their players in it."""
    boards: dict[tuple[int, str, str], int] = {}
    against: dict[tuple[int, str], tuple[str, str]] = {}
    for n, (_, _, _, rounds) in players.items():
        for r, (opponent, _, _) in rounds.items():
            if opponent and n < opponent and n in team_of and opponent in team_of:
                a, b = sorted((team_of[n], team_of[opponent]))
                boards[(r, a, b)] = boards.get((r, a, b), 0) + 1
                against[(r, a)] = against[(r, b)] = (a, b)
    for n, (_, _, _, rounds) in players.items():
        for r, (opponent, _, letter) in rounds.items():
            match = against.get((r, team_of.get(n, "")))
            if not opponent and letter == "+" and match is not None:
                boards[(r, *match)] += 1
    return max(boards.values(), default=0)
