"""A team workbook's input sheets read: ``Teams`` (rosters in board order), ``Team Matches``,
``Team Boards`` and, optionally, ``Team Settings``, checked as one event, every problem at once.
The team planner (:mod:`ratingbook.workbook.plans.team_plan`) and the worksheet functions read
through here. (Which kind of event a book holds, and the team event's TRF, are
:mod:`ratingbook.workbook.kinds`'.)"""

from __future__ import annotations

from dataclasses import dataclass

from ratingbook.core.cells import is_blank, text, whole_number
from ratingbook.core.results import parse_swiss_result
from ratingbook.core.tables import Table
from ratingbook.errors import Location, Problems, RatingbookError
from ratingbook.events.event import BYE
from ratingbook.events.team import (
    BoardGame,
    Team,
    TeamEvent,
    TeamMatch,
    TeamPlayer,
    TeamSettings,
    check_team_event,
)
from ratingbook.workbook.port.book import Book
from ratingbook.workbook.sheets.reading import Sheets, guarded, read
from ratingbook.workbook.sheets.schemas import TEAM_BOARDS, TEAM_MATCHES, TEAM_SETTINGS, TEAMS
from ratingbook.workbook.sheets.team_settings_rows import read_team_settings

__all__ = ["TeamTables", "read_team_event", "read_team_tables"]


def read_team_event(book: Book) -> TeamEvent:
    """The team event ``book`` holds, read and checked as a recalc reads it."""
    return read_team_tables(Sheets(book)).event


@dataclass(frozen=True, slots=True)
class TeamTables:
    """The event and the tables it was read from (to append rows under them)."""

    event: TeamEvent
    matches: Table
    boards: Table
    settings: Table | None


def _read_teams(table: Table, problems: Problems) -> tuple[Team, ...]:
    rosters: dict[str, list[TeamPlayer]] = {}
    first_row: dict[str, Location | None] = {}
    for row in table.rows:
        try:
            team = text(row.get("Team"), row.where, "Team")
            board = whole_number(row.get("Board"), row.where, "Board", low=1)
            name = text(row.get("Player"), row.where, "Player")
            rating_cell = row.get("Rating")
            rating = (
                None
                if is_blank(rating_cell)
                else whole_number(rating_cell, row.where, "Rating", low=0)
            )
            fide_cell = row.get("FIDE ID")
            fide_id = (
                None
                if is_blank(fide_cell)
                else whole_number(fide_cell, row.where, "FIDE ID", low=0)
            )
        except RatingbookError as error:
            problems.append(error)
            continue
        rosters.setdefault(team, []).append(
            TeamPlayer(name, team, board, rating or None, fide_id or None, row.where)
        )
        first_row.setdefault(team, row.where)
    return tuple(
        Team(name, tuple(sorted(players, key=lambda p: p.board)), first_row[name])
        for name, players in rosters.items()
    )


def _read_matches(table: Table, problems: Problems) -> tuple[TeamMatch, ...]:
    matches = []
    for row in table.rows:
        try:
            rnd = whole_number(row.get("Round"), row.where, "Round", low=1)
            table_no = whole_number(row.get("Match"), row.where, "Match", low=1)
            white = text(row.get("White Team"), row.where, "White Team")
            black = text(row.get("Black Team"), row.where, "Black Team")
        except RatingbookError as error:
            problems.append(error)
            continue
        matches.append(
            TeamMatch(rnd, table_no, white, None if black.upper() == BYE else black, row.where)
        )
    return tuple(matches)


def _read_boards(table: Table, problems: Problems) -> tuple[BoardGame, ...]:
    games = []
    for row in table.rows:
        try:
            rnd = whole_number(row.get("Round"), row.where, "Round", low=1)
            table_no = whole_number(row.get("Match"), row.where, "Match", low=1)
            board = whole_number(row.get("Board"), row.where, "Board", low=1)
            white = text(row.get("White"), row.where, "White", required=False) or None
            black = text(row.get("Black"), row.where, "Black", required=False) or None
            result = parse_swiss_result(row.get("Result"), row.where, bye_row=False)
        except RatingbookError as error:
            problems.append(error)
            continue
        games.append(BoardGame(rnd, table_no, board, white, black, result, row.where))
    return tuple(games)


def read_team_tables(sheets: Sheets) -> TeamTables:
    """Every team sheet read and checked; all problems at once, nothing written."""
    problems = Problems()
    settings_table = None
    settings = TeamSettings()
    if sheets.actual(TEAM_SETTINGS.sheet) is not None:
        settings_table = guarded(problems, lambda: read(sheets, TEAM_SETTINGS), None)
        if settings_table is not None:
            settings = guarded(problems, lambda: read_team_settings(settings_table.rows), settings)
    teams_table = guarded(problems, lambda: read(sheets, TEAMS), None)
    matches_table = guarded(problems, lambda: read(sheets, TEAM_MATCHES), None)
    boards_table = guarded(problems, lambda: read(sheets, TEAM_BOARDS), None)
    teams = _read_teams(teams_table, problems) if teams_table else ()
    matches = _read_matches(matches_table, problems) if matches_table else ()
    games = _read_boards(boards_table, problems) if boards_table else ()
    problems.check()
    assert matches_table is not None and boards_table is not None  # checked above
    event = TeamEvent(teams, settings, matches, games)
    check_team_event(event)
    return TeamTables(event, matches_table, boards_table, settings_table)
