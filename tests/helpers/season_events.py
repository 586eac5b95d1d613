"""Events of a season built by hand for the tests of tests/season/."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from ratingbook.core.results import Result
from ratingbook.errors import Location
from ratingbook.season import SeasonEvent, SeasonGame, SourcePlayer, SourceRef, make_event

#: (date, round or None, White, Black or None for a bye, result or None)
GameRow = tuple[dt.date, int | None, str, str | None, Result | None]


def hand_event(
    name: str,
    file: str,
    rows: Sequence[GameRow],
    *,
    start: dt.date | None = None,
    end: dt.date | None = None,
) -> SeasonEvent:
    """An event of ``rows``, each game at the line of its place (line 1, 2, ...) in ``file``."""
    players: dict[str, SourcePlayer] = {}

    def player(who: str) -> SourcePlayer:
        return players.setdefault(who, SourcePlayer(who, source=SourceRef(file)))

    games = [
        SeasonGame(
            "",
            day,
            round_,
            player(white),
            None if black is None else player(black),
            result,
            SourceRef(file, Location(line=line)),
        )
        for line, (day, round_, white, black, result) in enumerate(rows, start=1)
    ]
    return make_event(
        name=name,
        kind="PGN",
        source=SourceRef(file),
        start=start,
        end=end,
        players=tuple(players.values()),
        games=games,
    )


def one_game_event(
    name: str, file: str, day: dt.date, white: SourcePlayer, black: SourcePlayer, result: Result
) -> SeasonEvent:
    """An event of one game at line 1 of ``file``, its players as a PGN names them (no player
    list of its own): the aliases' tests' next addition, whose White is a merged player under
    another spelling and his FIDE ID."""
    game = SeasonGame("", day, 1, white, black, result, SourceRef(file, Location(line=1)))
    return make_event(
        name=name,
        kind="PGN",
        source=SourceRef(file),
        start=None,
        end=None,
        players=(),
        games=(game,),
    )


def d(text: str) -> dt.date:
    return dt.date.fromisoformat(text)
