"""``ratingbook publish BOOK --out-dir SITE``: the event in BOOK as a static web site.

Thin: the event is read as every command reads it
(:func:`ratingbook.workbook.event_book.read_event`), the site is :mod:`ratingbook.web`'s.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError

__all__ = ["publish_command"]


@click.command("publish")
@click.argument("book")
@click.option(
    "--out-dir",
    required=True,
    metavar="SITE",
    help="The folder the pages go into (created if missing; other files in it are kept).",
)
@backend_option
@reports_input_errors
def publish_command(book: str, out_dir: str, backend: str) -> None:
    """Write the event in BOOK as web pages: the standings with the tie-breaks, the
    crosstable, every round's pairings and results, and a page per player (games, colours,
    scores, rating change), linked to each other. No server is needed: open SITE/index.html,
    or copy the folder to any web host."""
    from ratingbook.events.event import SwissEvent
    from ratingbook.files.backends import open_book
    from ratingbook.web import build_site
    from ratingbook.workbook.event_book import read_event
    from ratingbook.workbook.team_book import is_team_book, read_team_event

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    target = Path(out_dir)
    if target.exists() and not target.is_dir():
        raise RatingbookError(f"the output folder {out_dir!r} is a file, not a folder")
    from ratingbook.workbook.end_reports import end_grids
    from ratingbook.workbook.reading import Sheets

    opened = open_book(book, backend)
    if is_team_book(opened):  # a team event (issue 26)
        from ratingbook.web.team_pages import render_team_site

        team = read_team_event(opened)
        name = team.settings.event_name or Path(book).stem
        written = build_site(SwissEvent((), ()), name, target, render_team_site(team, name))
        click.echo(
            f"wrote {len(written)} files into {out_dir} ({name}, round {team.paired_rounds})"
        )
        return
    event = read_event(opened)
    title = event.settings.event_name or Path(book).stem
    files = build_site(event, title, target, end=end_grids(Sheets(opened), event, in_book=False)[0])
    click.echo(f"wrote {len(files)} files into {out_dir} ({title}, round {event.paired_rounds})")
