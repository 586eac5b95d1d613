"""The Swiss event's file commands: ``ratingbook trf export|import`` (``pair`` is a workbook
command of :mod:`ratingbook.cli`, run like ``recalc``).

Registered on the main command group by :mod:`ratingbook.cli` (``cli.add_command``). Like every
command, an input error ends the command with exit status 2 and one line on standard error
naming what is wrong and where, and nothing is written.

- ``trf export BOOK [-o EVENT.trf]``: the event as a TRF-2026 file (standard output by default).
- ``trf import EVENT.trf -o BOOK.xlsx``: a Swiss workbook (the template's sheets) from a TRF16 or
  TRF-2026 file; requested byes of a round not yet paired stay requested byes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook.cli_errors import fail, reports_input_errors
from ratingbook.errors import RatingbookError
from ratingbook.jobs import open_book

if TYPE_CHECKING:
    from ratingbook.book import FileBook
    from ratingbook.swiss_event import SwissEvent

__all__ = ["trf_group"]


def _open(path: str, engine: str) -> FileBook:
    if not Path(path).is_file():
        raise RatingbookError(f"no workbook file {path!r}")
    return open_book(path, engine)


_ENGINE = click.option(
    "--engine",
    type=click.Choice(["package", "openpyxl"]),
    default="package",
    show_default=True,
    help="package: patch the file (keeps everything in it); openpyxl: rewrite it with openpyxl.",
)


@click.group("trf")
def trf_group() -> None:
    """FIDE Tournament Report Files (TRF16, TRF-2026) of a Swiss event."""


def _event_of(book: str, engine: str) -> tuple[SwissEvent, dict[str, int]]:
    from ratingbook.families.sheets import Sheets
    from ratingbook.families.swiss import read_event
    from ratingbook.swiss_sheets import standings_grid

    event, _ = read_event(Sheets(_open(book, engine)))
    _, ranks = standings_grid(event)
    return event, ranks


@trf_group.command("export")
@click.argument("book")
@click.option("-o", "--output", metavar="EVENT.trf", help="Write here (default: standard output).")
@_ENGINE
@reports_input_errors
def trf_export_command(book: str, output: str | None, engine: str) -> None:
    """Write the Swiss event in BOOK as a TRF-2026 file (UTF-8, lines ending CR LF)."""
    from ratingbook.files import atomic_save
    from ratingbook.trf import export_trf

    event, ranks = _event_of(book, engine)
    text = export_trf(event, ranks).replace("\n", "\r\n")
    if output is None:
        sys.stdout.write(text.replace("\r\n", "\n"))
        return

    def write(temporary: str) -> None:
        Path(temporary).write_bytes(text.encode("utf-8"))

    atomic_save(Path(output), write)
    click.echo(f"wrote {output} ({len(event.players)} players, round {event.paired_rounds})")


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # Swiss-Manager writes ANSI files


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
    from ratingbook.book import apply_plan
    from ratingbook.families.sheets import Sheets
    from ratingbook.families.swiss import plan_standings
    from ratingbook.templates import TemplateBook, build_template
    from ratingbook.trf import import_trf

    target = Path(output)
    if target.exists() and not force:
        fail(f"{output!r} already exists; use --force to replace it")
    try:
        data = Path(trf_file).read_bytes()
    except OSError as error:
        fail(f"cannot read {trf_file!r}: {error.strerror or error}")
        return
    imported = import_trf(_decode(data))
    rows = _sheet_rows(imported.event)
    book = TemplateBook(build_template("swiss", rows=rows, recalc=False))
    apply_plan(book, plan_standings(Sheets(book)))
    book.save(target)
    for warning in imported.warnings:
        click.echo(f"warning: {warning}", err=True)
    event = imported.event
    click.echo(
        f"wrote {output} ({len(event.players)} players, {len(event.entries)} rows, "
        f"round {event.paired_rounds} paired)"
    )


def _sheet_rows(event: SwissEvent) -> dict[str, list[tuple[object, ...]]]:
    """The template's three input sheets filled with the event (columns in the template's order)."""
    from ratingbook.schemas import SWISS_EVENT_GAMES, SWISS_PLAYERS, SWISS_SETTINGS
    from ratingbook.swiss_event import BYE
    from ratingbook.swiss_settings import settings_values
    from ratingbook.templates import sample_rows

    values = settings_values(event.settings)
    sample = sample_rows("swiss")[SWISS_SETTINGS.sheet]
    settings: list[tuple[object, ...]] = [
        (name, values.get(str(name)), *rest) for name, _value, *rest in sample
    ]
    # Settings the template does not list (the file's city, arbiters, ...) follow its rows.
    listed = {str(row[0]) for row in sample}
    width = max((len(row) for row in sample), default=2)
    settings += [
        (name, value, *[None] * (width - 2))
        for name, value in values.items()
        if value is not None and name not in listed
    ]
    players: list[tuple[object, ...]] = [
        (
            p.name,
            p.rating,
            p.fide_id,
            p.title or None,
            p.federation or None,
            p.birth or None,
            p.sex or None,
            p.withdrawn,
        )
        for p in event.players
    ]
    games: list[tuple[object, ...]] = [
        (
            e.round,
            e.board,
            e.white,
            BYE if e.black is None else e.black,
            None if e.result is None else e.result.value,
        )
        for e in sorted(event.entries, key=lambda e: (e.round, e.black is None, e.board or 0))
    ]
    return {
        SWISS_SETTINGS.sheet: settings,
        SWISS_PLAYERS.sheet: players,
        SWISS_EVENT_GAMES.sheet: games,
    }
