"""The ``ratingbook`` command group and its console entry point.

Every command lives in a module of its own and is registered here, so ``ratingbook`` alone
lists them all. Every input error ends a command with exit status 2 and a line on standard
error naming what is wrong and where (a workbook with several mistakes gets one line for each);
a Python traceback means a bug. A bug inside a workbook job is one ``FAILED`` line too; the
global ``--debug`` option (or the environment variable ``RATINGBOOK_DEBUG=1``) adds its traceback
under that line.
"""

from __future__ import annotations

import os
import sys

import click

from ratingbook.cli.addin_command import addin_command
from ratingbook.cli.book_commands import BOOK_COMMANDS
from ratingbook.cli.check_command import check_command
from ratingbook.cli.desk_command import desk_command
from ratingbook.cli.end_commands import END_COMMANDS
from ratingbook.cli.explain_command import explain_command
from ratingbook.cli.fide_commands import FIDE_COMMANDS
from ratingbook.cli.generate_command import generate_command
from ratingbook.cli.players_commands import players_group
from ratingbook.cli.publish_command import publish_command
from ratingbook.cli.reporting import INPUT_ERROR
from ratingbook.cli.results_commands import results_group
from ratingbook.cli.season_commands import season_group
from ratingbook.cli.seed_commands import SEED_COMMANDS
from ratingbook.cli.template_command import template_command
from ratingbook.cli.trf_commands import trf_group

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, invoke_without_command=True)
@click.version_option(package_name="ratingbook")
@click.option(
    "--debug",
    is_flag=True,
    help="Show the traceback of an internal error (a bug) under the book's FAILED line; the "
    "same as setting the environment variable RATINGBOOK_DEBUG=1.",
)
@click.pass_context
def cli(context: click.Context, debug: bool) -> None:
    """ratingbook: the camp ladder, Crikey, Elo and Swiss ratings, exact to the rules.

    Run a command with -h to see what it reads and writes, e.g. ratingbook recalc -h.
    """
    if debug:  # one switch, the variable: the books' processes inherit it
        from ratingbook.cli.batch import DEBUG_VARIABLE

        os.environ[DEBUG_VARIABLE] = "1"
    if context.invoked_subcommand is None:  # bare ``ratingbook``: what it can do
        click.echo(context.get_help())


_SEED_FILE = click.Path(allow_dash=True, path_type=str)


for _command in (
    *SEED_COMMANDS,
    *BOOK_COMMANDS,
    *END_COMMANDS,
    *FIDE_COMMANDS,
    template_command,
    trf_group,
    players_group,
    season_group,
    results_group,
    publish_command,
    desk_command,
    explain_command,
    check_command,
    generate_command,
    addin_command,
):
    cli.add_command(_command)


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
