"""``ratingbook season add``: events fed into a season's rating list (issue 35).

Thin: the files are read by :mod:`ratingbook.files.season_sources`, the events added through the
session (:class:`ratingbook.session.AddEvents`), which checks them, appends their games and new
players, re-rates the list and keeps the act for undo. The summary says whose ratings changed
and by how much; with ``--dry-run`` nothing is written. An input error (the same event twice, a
bad line of a file) ends the command with exit status 2, every problem of every file named (a
file that does not read does not keep the others from being checked), nothing written.
"""

from __future__ import annotations

import datetime as dt
from contextlib import nullcontext
from pathlib import Path

import click

from ratingbook.cli.book_commands import targets, with_book_options
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.core.counts import many
from ratingbook.core.typed_commands import typed_command

__all__ = ["season_group"]


@click.group("season")
def season_group() -> None:
    """A season's rating list: every event a club or league plays feeds one list."""


@season_group.command("add")
@click.argument("book")
@click.argument("sources", nargs=-1, required=True)
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
@click.option(
    "--date",
    "day",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    help="The day the games were played, for a source that gives no date (an Elo book; a "
    "team event without a Start Date): YYYY-MM-DD.",
)
@click.option(
    "--name",
    default="",
    help="The event's name in the list, for one source holding one event (without it: the "
    "source's own title, told apart from the list's events).",
)
@with_book_options
@reports_input_errors
def season_add_command(
    book: str,
    sources: tuple[str, ...],
    dry_run: bool,
    day: dt.datetime | None,
    name: str,
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
) -> None:
    """Add the events of SOURCES (TRF files, PGN files; Swiss, round-robin, team, Elo or camp
    ladder books) to the rating list BOOK, re-rate it and say whose ratings changed.

    New players are added to List Players; names that may be one person are reported (see
    Near Duplicates), never merged. The same event added twice is refused, nothing written.
    Each event is named by its source's title (a TRF's 012 line, a book's Event), told apart
    from the list's events by its file's name; --name gives one event a name of your own.
    Without -o or --in-place the result is written beside BOOK as NAME-added.xlsx.
    """
    from ratingbook.files.backends import open_book
    from ratingbook.files.disk import held_for_in_place
    from ratingbook.files.season_sources import read_each
    from ratingbook.session import AddEvents, Done, Session

    [(source, target)] = targets((book,), output, out_dir, in_place, force, "added")
    # A file that does not read is refused with the checks of the others (AddEvents.unread)
    read = read_each(sources, backend, day=day.date() if day is not None else None)
    events = read.events
    held = held_for_in_place(Path(source)) if in_place and not dry_run else nullcontext()
    with held:
        workbook = open_book(source, backend)
        if in_place and not dry_run:
            workbook.refuse_in_place()
        done = Session(workbook, name=str(target), source=str(source)).run(
            AddEvents(events, read.problems, name=name), dry_run=dry_run
        )
        assert isinstance(done, Done)  # nothing in an addition waits for a confirmation
        for line in done.summary:
            click.echo(line)
        if dry_run:
            click.echo("dry run: nothing written")
            return
        workbook.save(target)
    undo = f"; undo with: {typed_command('undo', str(target))}" if done.kept else ""
    where = f"{source} in place" if in_place else f"{source} -> {target}"
    click.echo(f"ok     {where} ({many(len(events), 'event')} added{undo})")
