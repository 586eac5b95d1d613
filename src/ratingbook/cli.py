"""The ``ratingbook`` command line.

Seed formats read FILE (or standard input) and print to standard output. Every input error ends
the command with exit status 2 and a single line on standard error naming what is wrong and
where; a Python traceback means a bug.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TypeVar

import click

from ratingbook import crikey, elo, formats, swiss
from ratingbook.errors import RatingbookError

F = TypeVar("F", bound=Callable[..., object])

INPUT_ERROR = 2


def fail(message: str) -> None:
    """Print one line to standard error and exit with the input-error status."""
    name = click.get_current_context().command_path
    click.echo(f"{name}: error: {' '.join(message.split())}", err=True)
    sys.exit(INPUT_ERROR)


def reports_input_errors(command: F) -> F:
    """Turn a RatingbookError raised by ``command`` into one line on stderr and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except RatingbookError as error:
            fail(str(error))
        return None

    return wrapper  # type: ignore[return-value]


def read_input(path: str | None) -> str:
    """The text of FILE, or of standard input when FILE is absent or ``-``."""
    try:
        if path is None or path == "-":
            data = sys.stdin.buffer.read()
            label = "standard input"
        else:
            label = path
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        fail(f"cannot read {path!r}: {error.strerror or error}")
        raise  # unreachable: fail() exits
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        fail(f"{label} is not UTF-8 text (byte {error.start + 1} is {data[error.start]:#04x})")
        raise


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ratingbook")
def cli() -> None:
    """ratingbook: the camp ladder, Crikey, Elo and Swiss ratings, exact to the rules."""


@cli.command("crikey")
@click.argument("file", required=False)
@reports_input_errors
def crikey_command(file: str | None) -> None:
    """Crikey rating points exchange: the contest's input (FILE or stdin) to its output."""
    tournaments = formats.parse_crikey(read_input(file))
    results = [
        # The contest's example has "fred fred lost 27 50": in the judge format that nets to
        # no change, so self-play is allowed here (in workbooks it is an input error).
        crikey.crikey_tournament(t.ratings, t.games, allow_self_play=True)
        for t in tournaments
    ]
    click.echo(formats.format_crikey(results), nl=False)


@cli.command("elo-series")
@click.argument("file", required=False)
@reports_input_errors
def elo_series_command(file: str | None) -> None:
    """Two-player Elo series: file.in (K RA RB, then A's scores) to file.out (RA RB per line)."""
    data = formats.parse_elo_series(read_input(file))
    pairs = elo.elo_series(data.k, data.rating_a, data.rating_b, data.scores)
    click.echo(formats.format_elo_series(pairs), nl=False)


@cli.command("elo-tournament")
@click.argument("contestants", type=click.IntRange(min=1))
@click.argument("rounds", type=click.IntRange(min=0))
@click.argument("x0", type=click.IntRange(min=0))
@reports_input_errors
def elo_tournament_command(contestants: int, rounds: int, x0: int) -> None:
    """Elo tournament simulation: C contestants, R rounds, LCG seed X0; final ratings by ID."""
    click.echo(" ".join(str(r) for r in elo.elo_tournament(contestants, rounds, x0)))


@cli.command("swiss")
@click.argument("file", required=False)
@reports_input_errors
def swiss_command(file: str | None) -> None:
    """Swiss standings: names, blank line, rounds (FILE or stdin) to the ranked table."""
    click.echo(formats.format_swiss_table(swiss.determine_output(read_input(file))), nl=False)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: usage errors, like input errors, are one line and exit status 2."""
    try:
        cli.main(args=argv, prog_name="ratingbook", standalone_mode=False)
    except click.UsageError as error:
        where = error.ctx.command_path if error.ctx else "ratingbook"
        click.echo(f"{where}: error: {error.format_message()}", err=True)
        sys.exit(INPUT_ERROR)
    except click.ClickException as error:
        click.echo(f"ratingbook: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo("ratingbook: aborted", err=True)
        sys.exit(1)
