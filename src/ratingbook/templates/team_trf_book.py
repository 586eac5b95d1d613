"""A team workbook made from a team TRF-2026 file (``ratingbook trf import`` of a file with
team records): the team template's input sheets filled with the event, the generated sheets
computed as a recalc would, no round paired; its ``Event Log`` is the file's log (its ``###``
lines, row for row), so its rounds are judged and explained on the results they were paired
on. Unlike an individual event's import, no ``Import`` row is added (a team event has no FIDE
mode, whose rules log an import): the book's ``trf export`` is the file again, byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratingbook.core.encoding import decode_legacy
from ratingbook.events.event import BYE
from ratingbook.events.team import TeamEvent
from ratingbook.session import RecordImport, Session
from ratingbook.templates.writer import TemplateBook, build_template, sample_rows
from ratingbook.trf.log_comments import read_text_log
from ratingbook.trf.team_records import read_team_trf
from ratingbook.workbook.sheets.schemas import TEAM_BOARDS, TEAM_MATCHES, TEAM_SETTINGS, TEAMS
from ratingbook.workbook.sheets.team_settings_rows import team_settings_rows

__all__ = ["book_from_team_trf", "team_rows"]

Rows = list[Sequence[object] | Mapping[str, object]]


def team_rows(event: TeamEvent) -> dict[str, Rows]:
    """The team template's input sheets filled with ``event``."""
    # Each setting with the template's meaning beside it, as the Swiss import writes them.
    meanings = {str(row[0]): row[2] for row in sample_rows("team")[TEAM_SETTINGS.sheet]}
    settings: Rows = [
        (name, value, meanings.get(name)) for name, value in team_settings_rows(event.settings)
    ]
    teams: Rows = [
        (team.name, p.board, p.name, p.rating, p.fide_id)
        for team in event.teams
        for p in team.players
    ]
    matches: Rows = [(m.round, m.table, m.white, m.black or BYE) for m in event.matches]
    boards: Rows = [
        (g.round, g.table, g.board, g.white, g.black, g.result.value if g.result else None)
        for g in sorted(event.games, key=lambda g: (g.round, g.table, g.board))
    ]
    return {
        TEAM_SETTINGS.sheet: settings,
        TEAMS.sheet: teams,
        TEAM_MATCHES.sheet: matches,
        TEAM_BOARDS.sheet: boards,
    }


def book_from_team_trf(data: bytes) -> tuple[TemplateBook, TeamEvent, list[str]]:
    """The team workbook of a team TRF file's bytes, the event it holds, and what the import
    noted (read otherwise than the file says, a log line that does not read)."""
    text = decode_legacy(data)
    event, noted = read_team_trf(text)
    logged = read_text_log(text)
    book = TemplateBook(build_template("team", rows=team_rows(event), recalc=False))
    Session(book).run(RecordImport(event, logged.log))  # its sheets, its log
    return book, event, [*noted, *logged.warnings]
