"""An event's file commands: ``ratingbook trf export|import``, for a Swiss, a round robin or a
team event (issue 26) alike.

Thin: the work is the library's (the event's own
:meth:`~ratingbook.workbook.kinds.BookEvent.trf` to export,
:func:`ratingbook.templates.imported_book.book_of_trf` to import). Like every command, an input
error ends the command with exit status 2 and one line on standard error naming what is wrong and
where, and nothing is written.

- ``trf export BOOK [-o EVENT.trf]``: the event as a TRF-2026 file (standard output by default);
  ``--period N``: an event over 30 days' rating period N as its own report (its rounds, its
  ratings), logged in BOOK's Event Log, which is saved in place: the period is frozen
  (:mod:`ratingbook.workbook.plans.period_report`).
- ``trf import EVENT.trf -o BOOK.xlsx``: a workbook (the template's sheets) from a TRF06, TRF16
  or TRF-2026 file; requested byes of a round not yet paired stay requested byes. In FIDE mode
  every imported round is checked against the pairing rules (``--no-check`` leaves it out,
  ``--check`` asks for it outside FIDE mode); a round that breaks them is a level-3 warning:
  ``--confirm``, or the question at a terminal, confirms it, else nothing is written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import fail, reports_input_errors
from ratingbook.core.typed_commands import typed_command
from ratingbook.errors import ConfirmationError, RatingbookError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ratingbook.reports.import_check import ImportBreach

__all__ = ["trf_group"]


@click.group("trf")
def trf_group() -> None:
    """FIDE Tournament Report Files (TRF16, TRF-2026) of a Swiss event."""


@trf_group.command("export")
@click.argument("book")
@click.option("-o", "--output", metavar="EVENT.trf", help="Write here (default: standard output).")
@click.option(
    "--period",
    type=click.IntRange(min=1),
    help="An event over 30 days: rating period N's own report (its rounds and ratings); "
    "logged in BOOK, which is saved in place, and frozen.",
)
@backend_option
@reports_input_errors
def trf_export_command(book: str, output: str | None, period: int | None, backend: str) -> None:
    """Write the Swiss event in BOOK as a TRF-2026 file (UTF-8, lines ending CR LF)."""
    from ratingbook.files.backends import open_book
    from ratingbook.workbook.kinds import read_book_event

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    if period is not None:
        _export_period(book, period, output, backend)
        return
    event = read_book_event(open_book(book, backend))
    for warning in event.trf_warnings():  # FIDE mode (#25): a log changed by hand
        click.echo(f"warning: {warning}", err=True)
    exported = event.trf()
    _write(exported.text, output, exported.holds)


def _export_period(book: str, number: int, output: str | None, backend: str) -> None:
    """Period ``number``'s report: the book recalculated with its Event Log's ``Rating
    Report`` row (the first time) and saved in place, then the file written."""
    from ratingbook.files.backends import open_book
    from ratingbook.files.disk import held_for_in_place
    from ratingbook.session import Done, ReportPeriod, Session
    from ratingbook.workbook.kinds import read_book_event

    with held_for_in_place(Path(book)):
        workbook = open_book(book, backend)
        workbook.refuse_in_place()
        exported = read_book_event(workbook).period_trf(number)
        done = Session(workbook, name=book).run(ReportPeriod(number))
        if not isinstance(done, Done):  # the book holds changes that wait for a confirmation
            again = typed_command("trf export", book, "--period", str(number))
            raise done.refusal(
                f"run {typed_command('recalc', book)} first (confirming them), then {again}"
            )
        workbook.save(book)
    for line in done.summary:
        click.echo(line, err=True)
    _write(exported.text, output, exported.holds)


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
@click.option(
    "--check/--no-check",
    default=None,
    help="Check every imported round against the pairing rules (default: in FIDE mode).",
)
@click.option(
    "--confirm",
    "confirmed",
    is_flag=True,
    help="Confirm the level-3 warnings of imported rounds that break the pairing rules.",
)
@reports_input_errors
def trf_import_command(
    trf_file: str, output: str, force: bool, check: bool | None, confirmed: bool
) -> None:
    """Build a Swiss workbook from a TRF06, TRF16 or TRF-2026 file (Swiss-Manager, Vega, ...).

    Byes and absences already entered for a round not yet paired become requested byes of that
    round. Records ratingbook does not use are listed as warnings, never fatal. In FIDE mode
    every imported round is checked against the pairing rules; a round that breaks them is a
    level-3 warning to confirm (--confirm, or the question at a terminal) and an Import row of
    the Event Log.
    """
    from ratingbook.templates.imported_book import book_of_trf

    target = Path(output)
    if target.exists() and not force:
        fail(f"{output!r} already exists; use --force to replace it")
    try:
        data = Path(trf_file).read_bytes()
    except OSError as error:
        fail(f"cannot read {trf_file!r}: {error.strerror or error}")
    asked: list[str] = []

    def confirm(breaches: Sequence[ImportBreach]) -> str:
        asked.append("asked")
        return _confirmed(breaches, confirmed)

    # a Swiss or a team event (issue 26)
    imported = book_of_trf(data, Path(trf_file).name, check=check, confirm=confirm)
    if confirmed and not asked:
        raise ConfirmationError(
            "nothing was written: --confirm was given, but no imported round needed a confirmation"
        )
    imported.book.save(target)
    for warning in imported.warnings:
        click.echo(f"warning: {warning}", err=True)
    for note in imported.notes:
        click.echo(f"note: {note}", err=True)
    if not imported.fide_mode:  # in FIDE mode said before the confirmation
        for breach in imported.breaches:
            click.echo(f"warning: {breach.warning}", err=True)
    click.echo(f"wrote {output} ({imported.holds})")


def _confirmed(breaches: Sequence[ImportBreach], confirmed: bool) -> str:
    """The confirmation of the level-3 warnings of ``breaches``: ``--confirm``, or the answer
    at a terminal; else a ConfirmationError (nothing is written)."""
    from ratingbook.cli.confirming import FLAGS, terminal

    for breach in breaches:
        click.echo(f"level 3 warning: Import round {breach.round}: {breach.warning}", err=True)
    if confirmed:
        return FLAGS[1]
    if not terminal():
        raise ConfirmationError(
            "nothing was written: imported rounds break the pairing rules (level 3, FIDE "
            "mode): run again with --confirm (standard input is not a terminal, so ratingbook "
            "cannot ask), or with --no-check to import them unchecked"
        )
    if not click.confirm("Confirm the import?", err=True):
        raise ConfirmationError("Import: cancelled; nothing was written")
    return "confirmed at the prompt"
