"""The Swiss event commands: ``ratingbook pair`` and ``ratingbook trf export|import``.

Registered on the main command group by :mod:`ratingbook.cli` (``cli.add_command``). Like every
command, an input error ends the command with exit status 2 and one line on standard error
naming what is wrong and where, and nothing is written.

- ``pair BOOK [-o OUT | --in-place]``: pairs the next round (FIDE Dutch, gacrux) and appends its
  rows to ``Swiss Games``; refuses when the last round is incomplete or the event is over.
- ``trf export BOOK [-o EVENT.trf]``: the event as a TRF-2026 file (standard output by default).
- ``trf import EVENT.trf -o BOOK.xlsx``: a Swiss workbook (the template's sheets) from a TRF16 or
  TRF-2026 file; requested byes of a round not yet paired stay requested byes.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

from ratingbook.errors import RatingbookError

if TYPE_CHECKING:
    from ratingbook.book import FileBook
    from ratingbook.swiss_event import SwissEvent

__all__ = ["pair_command", "trf_group"]

F = TypeVar("F", bound=Callable[..., object])


def _fail(message: str) -> None:
    # ratingbook.cli registers these commands, so it is imported when they run, not before.
    from ratingbook.cli import fail

    fail(message)


def _reports_input_errors(command: F) -> F:
    @functools.wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except RatingbookError as error:
            _fail(str(error))
        return None

    return wrapper  # type: ignore[return-value]


def _open(path: str, engine: str) -> FileBook:
    if not Path(path).is_file():
        raise RatingbookError(f"no workbook file {path!r}")
    if engine == "openpyxl":
        from ratingbook.xlsx import XlsxBook

        return XlsxBook(path)
    from ratingbook.package import PackageBook

    return PackageBook(path)


_ENGINE = click.option(
    "--engine",
    type=click.Choice(["package", "openpyxl"]),
    default="package",
    show_default=True,
    help="package: patch the file (keeps everything in it); openpyxl: rewrite it with openpyxl.",
)


@click.command("pair")
@click.argument("book")
@click.option("-o", "--output", help="Write the paired workbook to this file.")
@click.option("--in-place", is_flag=True, help="Replace BOOK, atomically, once paired in full.")
@_ENGINE
@_reports_input_errors
def pair_command(book: str, output: str | None, in_place: bool, engine: str) -> None:
    """Pair the next round of the Swiss event in BOOK (FIDE Dutch system).

    The last round must be complete (every game has a result) and Swiss Settings must plan more
    rounds. The new round's rows are appended to Swiss Games with an empty Result; Swiss
    Standings, Crosstable and Pairings are rebuilt. Without -o or --in-place the result is
    written beside BOOK as NAME-paired.xlsx.
    """
    from ratingbook.book import apply_plan
    from ratingbook.families.sheets import Sheets
    from ratingbook.families.swiss import plan_pairing

    if output and in_place:
        _fail("choose one of -o/--output and --in-place")
    source = Path(book)
    target = Path(output) if output else source
    if not output and not in_place:
        target = source.with_name(f"{source.stem}-paired{source.suffix}")
    if not in_place and target.resolve() == source.resolve():
        _fail(f"the output {str(target)!r} is the input itself; use --in-place to replace it")
    opened = _open(book, engine)
    if in_place:
        opened.refuse_in_place()
    plan = plan_pairing(Sheets(opened))
    apply_plan(opened, plan)
    opened.save(target)
    where = "in place" if in_place else f"-> {target}"
    click.echo(f"ok     {book} {where} ({'; '.join(plan.summary)})")


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
@_reports_input_errors
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
@_reports_input_errors
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
        _fail(f"{output!r} already exists; use --force to replace it")
    try:
        data = Path(trf_file).read_bytes()
    except OSError as error:
        _fail(f"cannot read {trf_file!r}: {error.strerror or error}")
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
    settings: list[tuple[object, ...]] = [
        (name, values.get(str(name)), *rest)
        for name, _value, *rest in sample_rows("swiss")[SWISS_SETTINGS.sheet]
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
