"""``ratingbook explain BOOK [--round N] [--player NAME] [--standings]``: the notes of an event
printed, as the ``Pairing Notes`` and ``Standings Notes`` sheets say them.

Thin: the event is read as every command reads it; the words are
:mod:`ratingbook.reports.pairing_notes`' and :mod:`ratingbook.reports.standings_notes`'. Nothing is
written.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError
from ratingbook.events.team import TeamEvent

__all__ = ["explain_command"]


@click.command("explain")
@click.argument("book")
@click.option("--round", "round_number", type=int, help="The round (default: the last paired).")
@click.option("--player", help="Only this player's board (every round without --round).")
@click.option("--standings", is_flag=True, help="Why each player is ranked where he is.")
@backend_option
@reports_input_errors
def explain_command(
    book: str, round_number: int | None, player: str | None, standings: bool, backend: str
) -> None:
    """Say in plain words why the event in BOOK was paired and ranked as it was: for each
    board the score groups, floats, colours and bye (FIDE C.04.3), and any change made by
    hand; with --standings, the tie-break that separated each tie and what makes up each
    value (C.07)."""
    from ratingbook.core.rules import known_player, player_spellings
    from ratingbook.files.backends import open_book
    from ratingbook.reports.event_grids import event_grids
    from ratingbook.reports.pairing_notes import pairing_notes
    from ratingbook.reports.standings_notes import every_breakdown, tie_notes
    from ratingbook.workbook.event_book import read_event

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    opened = open_book(book, backend)
    from ratingbook.workbook.team_book import is_team_book, read_team_event

    if is_team_book(opened):  # a team event (issue 26): the Team Notes, printed
        _explain_team(read_team_event(opened), round_number, standings)
        return
    event = read_event(opened)
    if player is not None:
        spellings = player_spellings(p.name for p in event.players)
        known_player(player, spellings, listed_in="Swiss Players")
    if standings:
        grids = event_grids(event)
        for upper, lower, tie in tie_notes(grids.standings):
            if player is None or player in (upper, lower):
                click.echo(tie)
        if grids.fide is not None:
            wanted = None if player is None else (player,)
            breakdowns = every_breakdown(event, grids.fide, wanted)
            for line in grids.fide.lines:
                if line.name in breakdowns:
                    click.echo(f"{line.rank}. {line.name}")
                    for part in breakdowns[line.name]:
                        click.echo(f"   {part}")
        return
    if event.settings.round_robin:
        raise RatingbookError(
            "a round robin is paired by FIDE's Berger tables (C.05 Annex 1): each round's "
            "games are the table's, by start number; see the arbiter guide"
        )
    from ratingbook.fide.gacrux.analysis import analyse_round

    if round_number is not None:
        rounds = [round_number]
    elif player is not None:
        rounds = list(range(1, event.paired_rounds + 1))
    else:
        rounds = [event.paired_rounds] if event.paired_rounds else [1]
    for number in rounds:
        notes = pairing_notes(event, analyse_round(event, number))
        for note in notes:
            if player is not None and player not in (note.white, note.black):
                continue
            board = f"board {note.board}" if note.board is not None else "bye"
            players = note.white if note.black is None else f"{note.white} - {note.black}"
            click.echo(f"Round {number}, {board}: {players}")
            click.echo(f"   {note.note}")


def _explain_team(event: TeamEvent, round_number: int | None, standings: bool) -> None:
    """A team event's notes: why each team ranks above the next (C.07), or why each match of
    the round was paired and who has White on board 1 (C.04.6)."""
    from ratingbook.fide.gacrux.team_tiebreaks import team_standings
    from ratingbook.reports.team_notes import match_notes, rank_notes

    if standings:
        for note in rank_notes(event, team_standings(event)):
            click.echo(note)
        return
    number = round_number or event.paired_rounds
    if not 1 <= number <= event.paired_rounds:
        raise RatingbookError(f"round {number} has not been paired")
    for note in match_notes(event, number):
        click.echo(f"Round {number}: {note}")
