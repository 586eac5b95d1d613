"""``ratingbook explain BOOK [--round N] [--player NAME] [--standings]``: the notes of an event
printed, as the ``Pairing Notes`` and ``Standings Notes`` sheets say them.

Thin: the event is read as every command reads it, of its kind
(:mod:`ratingbook.workbook.kinds`), which gives the lines (an individual event's from
:mod:`ratingbook.reports.pairing_notes` and :mod:`ratingbook.reports.standings_notes`, a team
event's from :mod:`ratingbook.reports.team_notes`). Nothing is written.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError

__all__ = ["explain_command"]


@click.command("explain")
@click.argument("book")
@click.option("--round", "round_number", type=int, help="The round (default: the last paired).")
@click.option(
    "--player",
    help="Only this player's board (a team event: the player's team's match and board), every "
    "round without --round.",
)
@click.option(
    "--standings", is_flag=True, help="Why each player holds that place in the standings."
)
@backend_option
@reports_input_errors
def explain_command(
    book: str, round_number: int | None, player: str | None, standings: bool, backend: str
) -> None:
    """Say in plain words why the event in BOOK was paired and ranked as it was: for each
    board the score groups, floats, colours and bye (FIDE C.04.3), and any change made by
    hand; with --standings, the tie-break that separated each tie and what makes up each
    value (C.07)."""
    from ratingbook.files.backends import open_book
    from ratingbook.workbook.kinds import read_book_event

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    event = read_book_event(open_book(book, backend))
    for line in event.explain(round_number, player, standings):  # each line as it is worked out
        click.echo(line)
