"""The Swiss event's file commands: ``ratingbook trf export|import``.

Thin: the work is the library's (:func:`ratingbook.workbook.event_book.event_and_ranks` and
:func:`ratingbook.trf.exporter.export_trf` to export,
:func:`ratingbook.templates.trf_book.book_from_trf` to import). Like every command, an input error
ends the command with exit status 2 and one line on standard error naming what is wrong and where,
and nothing is written.

- ``trf export BOOK [-o EVENT.trf]``: the event as a TRF-2026 file (standard output by default).
- ``trf import EVENT.trf -o BOOK.xlsx``: a Swiss workbook (the template's sheets) from a TRF16 or
  TRF-2026 file; requested byes of a round not yet paired stay requested byes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import fail, reports_input_errors
from ratingbook.errors import RatingbookError

__all__ = ["trf_group"]


@click.group("trf")
def trf_group() -> None:
    """FIDE Tournament Report Files (TRF16, TRF-2026) of a Swiss event."""


@trf_group.command("export")
@click.argument("book")
@click.option("-o", "--output", metavar="EVENT.trf", help="Write here (default: standard output).")
@backend_option
@reports_input_errors
def trf_export_command(book: str, output: str | None, backend: str) -> None:
    """Write the Swiss event in BOOK as a TRF-2026 file (UTF-8, lines ending CR LF)."""
    from ratingbook.files.backends import open_book
    from ratingbook.trf.exporter import export_trf
    from ratingbook.workbook.event_book import event_and_ranks
    from ratingbook.workbook.event_log_sheet import read_log
    from ratingbook.workbook.reading import Sheets

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    opened = open_book(book, backend)
    from ratingbook.workbook.team_book import team_book_trf  # team events (issue 26)

    team = team_book_trf(opened)
    if team is not None:
        _write(team[0], output, f"{team[1]} teams")
        return
    event, ranks = event_and_ranks(opened)
    log, tampered = read_log(Sheets(opened))  # FIDE mode (#25): the Event Log as ### lines
    for warning in tampered:
        click.echo(f"warning: {warning}", err=True)
    text = export_trf(event, ranks, log=log, fide_mode=event.settings.fide_mode)
    _write(text, output, f"{len(event.players)} players, round {event.paired_rounds}")


def _write(text: str, output: str | None, what: str) -> None:
    from ratingbook.files.disk import atomic_save

    if output is None:
        sys.stdout.write(text)
        return

    def write(temporary: str) -> None:
        Path(temporary).write_bytes(text.replace("\n", "\r\n").encode("utf-8"))

    atomic_save(Path(output), write)
    click.echo(f"wrote {output} ({what})")


@trf_group.command("import")
@click.argument("trf_file", metavar="EVENT.trf")
@click.option("-o", "--output", required=True, metavar="BOOK.xlsx", help="The workbook to write.")
@click.option("--force", is_flag=True, help="Replace BOOK.xlsx if it already exists.")
@reports_input_errors
def trf_import_command(trf_file: str, output: str, force: bool) -> None:
    """Build a Swiss workbook from a TRF16 or TRF-2026 file (Swiss-Manager, Vega, ...).

    Byes and absences already entered for a round not yet paired become requested byes of that
    round. Records ratingbook does not use are listed as warnings, never fatal.
    """
    from ratingbook.templates.trf_book import book_from_trf

    target = Path(output)
    if target.exists() and not force:
        fail(f"{output!r} already exists; use --force to replace it")
    try:
        data = Path(trf_file).read_bytes()
    except OSError as error:
        fail(f"cannot read {trf_file!r}: {error.strerror or error}")
    from ratingbook.templates.team_trf_book import book_from_team_trf, is_team_trf

    if is_team_trf(data):  # a team event (issue 26)
        team_book, team_event, noted = book_from_team_trf(data)
        team_book.save(target)
        for line in noted:
            click.echo(f"warning: {line}", err=True)
        click.echo(
            f"wrote {output} ({len(team_event.teams)} teams, round {team_event.paired_rounds})"
        )
        return
    imported = book_from_trf(data, Path(trf_file).name)
    imported.book.save(target)
    for warning in imported.warnings:
        click.echo(f"warning: {warning}", err=True)
    event = imported.event
    click.echo(
        f"wrote {output} ({len(event.players)} players, {len(event.entries)} rows, "
        f"round {event.paired_rounds} paired)"
    )
