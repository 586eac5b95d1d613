"""An Elo, camp ladder or team event book as an event of a season (issue 35): its games read
from its sheets, each with its book, sheet and row. Which family a book holds, and a Swiss or
round-robin book, are :func:`ratingbook.workbook.kinds.season_event.book_event`'s.

This module alone decides what each of these books gives a season:

- **an Elo book** (Elo Players, Elo Games): every game of Elo Games, White against Black with
  its result; a game's round is its number in the sheet (the 1st, 2nd, ... game), so the same
  book added again with more games is the same event continued and only the new games go in.
  The book holds no title: the event is ``Elo book FILE`` (``season add --name`` names it).
  Elo Games holds no date: every game is dated ``day`` (``season add --date``), and without it
  the book is an error that says so;
- **a camp ladder book** (Ladder Players, Ladder Games, Camp Groups): each week that ended,
  from Games Archive: its games, dated the day the week was archived (``Archived On``), the
  players named as they were that day (``White Name``, ``Black Name``; else Ladder Players'
  names by ID). A camper plays several games a week, so a game's round is its number in the
  archive, which only grows: the book added again after more weeks is the same event
  continued, and only the new weeks' games go in; the event is ``Camp ladder FILE``. The
  week being played (Ladder Games) is left out and said: its games go in once the week ends;
  a ladder with no week ended yet is an error;
- **a team event book** (Teams, Team Matches, Team Boards): each board's game between its two
  players, in its round, dated the event's Start Date (Team Settings; else ``day``; else an
  error); a board without a player is not a game; forfeits are kept and never rated; a round
  with a board not played yet is left out, as a Swiss round is. Its final ranking is its
  teams' (match points, or game points as its settings say, then its tie-breaks, after its
  last complete round): each player who played takes his team's rank.

Every problem of a book is listed at once, each at its sheet, row and column.
"""

from __future__ import annotations

import datetime as _dt
import re

from ratingbook.core.cells import is_blank, score, text, whole_number
from ratingbook.core.counts import many
from ratingbook.core.results import Result, parse_ladder_result
from ratingbook.core.tables import Column, Row, TableSpec
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError
from ratingbook.events.settings import date_value
from ratingbook.fide.gacrux.team_tiebreaks import team_standings
from ratingbook.season.event_names import book_title
from ratingbook.season.model import (
    EventRank,
    SeasonError,
    SeasonEvent,
    SeasonGame,
    SourcePlayer,
    SourceRef,
    make_event,
)
from ratingbook.season.trf_source import played_rounds
from ratingbook.workbook.port.book import Book
from ratingbook.workbook.sheets.reading import Sheets, guarded, read
from ratingbook.workbook.sheets.schemas import (
    ARCHIVE_WEEK,
    ARCHIVED_ON,
    ELO_GAMES,
    ELO_PLAYERS,
    GAMES_ARCHIVE,
    LADDER_GAMES,
    LADDER_PLAYERS,
    NAME_COLUMNS,
)

__all__ = ["elo_book_event", "ladder_book_event", "team_book_event"]

#: Games Archive as the ladder writes it: the week, the day, Ladder Games' columns, the names.
_ARCHIVE = TableSpec(
    GAMES_ARCHIVE,
    (
        Column(ARCHIVE_WEEK),
        Column(ARCHIVED_ON),
        *LADDER_GAMES.columns,
        *(Column(name, required=False) for name in NAME_COLUMNS),
    ),
)
_WEEK = re.compile(r"(\d+)")
_SCORES = {1.0: Result.WHITE_WINS, 0.5: Result.DRAW, 0.0: Result.BLACK_WINS}


def _no_day(file: str, what: str) -> SeasonError:
    return SeasonError(
        f"{what}: give the day its games were played with --date YYYY-MM-DD", SourceRef(file)
    )


def _event(file: str, name: str, games: list[SeasonGame], notes: list[str]) -> SeasonEvent:
    return make_event(
        name=name,
        kind="book",
        source=SourceRef(file),
        start=None,
        end=None,
        players=(),
        games=games,
        notes=notes,
    )


def elo_book_event(book: Book, file: str, day: _dt.date | None) -> SeasonEvent:
    """The games of an Elo book (the module text's rule)."""
    sheets = Sheets(book)
    problems = Problems()
    players = guarded(problems, lambda: read(sheets, ELO_PLAYERS), None)
    table = guarded(problems, lambda: read(sheets, ELO_GAMES), None)
    problems.check()
    assert players is not None and table is not None
    if day is None:
        raise _no_day(file, "an Elo book's games have no date (Elo Games has no Date column)")
    known = {text(r.get("Name"), r.where, "Name", required=False) for r in players.rows}
    games: list[SeasonGame] = []
    for number, row in enumerate(table.rows, start=1):
        try:
            sides = []
            for column in ("White", "Black"):
                name = text(row.get(column), row.where, column)
                if name not in known:
                    raise InvalidValueError(f"{name!r} is not on Elo Players", row.where, column)
                sides.append(SourcePlayer(name, source=SourceRef(file, row.where)))
            white_score = float(score(row.get("Result"), row.where, "Result", results=True))
            result = _SCORES[white_score]
            where = SourceRef(file, row.where)
            games.append(SeasonGame("", day, number, sides[0], sides[1], result, where))
        except RatingbookError as error:
            problems.append(error)
    problems.check()
    return _event(file, book_title("Elo book", file), games, [])


def _week(value: object, where: Location) -> int:
    found = _WEEK.search(str(value or ""))
    if found is None or int(found.group(1)) < 1:
        raise InvalidValueError(f"{value!r} is not a week (Week 1, Week 2, ...)", where, "Week")
    return int(found.group(1))


def _ladder_side(row: Row, column: str, names: dict[int, str], file: str) -> SourcePlayer:
    key = whole_number(row.get(column), row.where, column, low=1)
    written = row.get(f"{column} Name")
    name = text(written, row.where, f"{column} Name") if not is_blank(written) else names.get(key)
    if not name:
        raise InvalidValueError(f"no player has ID {key} on Ladder Players", row.where, column)
    return SourcePlayer(name, source=SourceRef(file, row.where))


def ladder_book_event(book: Book, file: str) -> SeasonEvent:
    """The weeks that ended of a camp ladder book (the module text's rule)."""
    sheets = Sheets(book)
    problems = Problems()
    roster = guarded(problems, lambda: read(sheets, LADDER_PLAYERS), None)
    current = guarded(problems, lambda: read(sheets, LADDER_GAMES), None)
    archive = None
    if sheets.actual(GAMES_ARCHIVE) is not None:
        archive = guarded(problems, lambda: read(sheets, _ARCHIVE), None)
    problems.check()
    assert roster is not None and current is not None
    names: dict[int, str] = {}
    for row in roster.rows:
        try:
            key = whole_number(row.get("ID"), row.where, "ID", low=1)
            names[key] = text(row.get("Name"), row.where, "Name")
        except RatingbookError as error:
            problems.append(error)
    games: list[SeasonGame] = []
    for number, row in enumerate(archive.rows if archive is not None else (), start=1):
        try:
            _week(row.get(ARCHIVE_WEEK), row.where)  # an archive row, not a stray one
            day = date_value(row.get(ARCHIVED_ON), row.where, ARCHIVED_ON)
            white = _ladder_side(row, "White", names, file)
            black = _ladder_side(row, "Black", names, file)
            result = parse_ladder_result(row.get("Result"), row.where, "Result")
            where = SourceRef(file, row.where)
            games.append(SeasonGame("", day, number, white, black, result, where))
        except RatingbookError as error:
            problems.append(error)
    problems.check()
    if not games:
        raise SeasonError(
            "no week of the ladder has ended yet (Games Archive holds no game): its games go "
            "in once a week ends (raise Week in Ladder Settings and recalculate)",
            SourceRef(file),
        )
    notes = []
    if current.rows:
        week = many(len(current.rows), "game")
        notes.append(
            f"{SourceRef(file).describe()}: the week being played ({week} on Ladder Games) is "
            "left out: its games go in once the week ends"
        )
    return _event(file, book_title("Camp ladder", file), games, notes)


def team_book_event(book: Book, file: str, day: _dt.date | None) -> SeasonEvent:
    """Each board's game of a team event book (the module text's rule)."""
    from ratingbook.workbook.sheets.team_book import read_team_event

    event = read_team_event(book)
    settings = event.settings
    stated: _dt.date | None = None
    if settings.start_date:
        where = settings.places.get("Start Date")
        stated = date_value(settings.start_date, where, "Value")
    date = stated or day
    if date is None:
        raise _no_day(file, "the team event has no Start Date (Team Settings)")
    players = {
        p.name: SourcePlayer(
            p.name,
            fide_id=p.fide_id,
            rating=p.rating,
            source=SourceRef(file, p.where) if p.where is not None else SourceRef(file),
        )
        for team in event.teams
        for p in team.players
    }
    games = [
        SeasonGame(
            "",
            date,
            g.round,
            players[g.white],
            players[g.black],
            g.result,
            SourceRef(file, g.where) if g.where is not None else SourceRef(file),
        )
        for g in event.games
        if g.white is not None and g.black is not None
    ]
    games, unplayed = played_rounds(games)
    if unplayed and not games:
        raise SeasonError("no round of the event is played yet: nothing to add", SourceRef(file))
    notes = [f"{SourceRef(file).describe()}: {line}" for line in unplayed]
    # The event's ranking of its teams (match points or game points first, as its settings say,
    # then its tie-breaks), after its last complete round: each player who played takes his
    # team's rank.
    rank_of = {line.team: line.rank for line in team_standings(event).lines}
    playing = {p.name for g in games for p in (g.white, g.black) if p is not None}
    ranks = [
        EventRank(players[p.name], rank_of[team.name], team.name)
        for team in event.teams
        if team.name in rank_of
        for p in team.players
        if p.name in playing
    ]
    return make_event(
        name=settings.event_name,
        kind="book",
        source=SourceRef(file),
        start=stated,
        end=None,
        players=tuple(players.values()),
        games=games,
        notes=notes,
        ranks=ranks,
    )
