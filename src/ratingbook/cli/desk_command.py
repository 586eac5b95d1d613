"""``ratingbook desk BOOK [--lan] [--port N] [--password-file F]``: the results desk of BOOK,
served until Ctrl+C.

Thin: the desk is :mod:`ratingbook.desk`'s, the pages and the server are
:mod:`ratingbook.server`'s. This command sets the arbiter's password (hashed before it is
kept), says where players and the arbiter open the desk, and with ``--lan`` draws the
players' address as a QR code in the terminal.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError

__all__ = ["desk_command"]

#: The port the desk listens on unless told (the issue's number, easy to say aloud).
DEFAULT_PORT = 8036


def _password_from(path: str | None, has_one: bool) -> str | None:
    """The new password (None: keep the one set before)."""
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise RatingbookError(
                f"cannot read the password file {path!r}: {error.strerror}"
            ) from error
        lines = text.splitlines()
        return lines[0] if lines else ""
    if not sys.stdin.isatty():
        if has_one:
            return None
        raise RatingbookError(
            "the arbiter's password is not set: give --password-file F, or start the desk "
            "in a terminal and type it"
        )
    from ratingbook.server.security import password_problem

    keep = " (Enter keeps the one set before)" if has_one else ""
    while True:  # click's confirmation_prompt would ask to repeat an empty answer too
        typed: str = click.prompt(
            f"The arbiter's password{keep}",
            hide_input=True,
            default="" if has_one else None,
            show_default=False,
        )
        if not typed:
            return None
        problem = password_problem(typed)
        if problem:  # refused at once, before the repeat, and asked again
            click.echo(f"{problem[:1].upper()}{problem[1:]}: type another.", err=True)
            continue
        if click.prompt("Repeat it", hide_input=True) == typed:
            return typed
        click.echo("The two passwords differ: type it again.", err=True)


@click.command("desk")
@click.argument("book")
@click.option(
    "--lan",
    is_flag=True,
    help="Serve the venue's network (players' phones), not this computer alone; prints the "
    "address and a QR code of it.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port to listen on (0: any free port).",
)
@click.option(
    "--password-file",
    metavar="F",
    help="Read the arbiter's password from the first line of F, instead of asking for it.",
)
@reports_input_errors
def desk_command(book: str, lan: bool, port: int, password_file: str | None) -> None:
    """Start the results desk of BOOK: players report results from their phones (a code per
    pairing, on the pairing cards; a personal or camp code for a ladder's games), the arbiter
    accepts them behind a password, and released results go into BOOK. Reports are kept in
    BOOK.desk.sqlite beside it; stop the desk with Ctrl+C and start it again: nothing
    acknowledged is lost."""
    from ratingbook.desk import Desk
    from ratingbook.server import DeskState, Listening, serve
    from ratingbook.server.cards import terminal_qr
    from ratingbook.server.security import hash_password, password_problem

    path = Path(book)
    desk = Desk.open(path)
    password = _password_from(password_file, bool(desk.password_hash))
    if password is not None:
        problem = password_problem(password)
        if problem:
            raise RatingbookError(problem)
        desk.set_password(hash_password(password))
    kind, round_state = desk.kind, desk.round_state()

    def ready(listening: Listening) -> None:
        click.echo(f"Results desk: {desk.title} ({kind}, {round_state})")
        if lan:
            click.echo(f"Players open: {listening.url}/   (or scan this QR code)")
            click.echo(terminal_qr(f"{listening.url}/"), nl=False)
        else:
            click.echo(
                f"Players open: {listening.url}/   (this computer only: --lan serves the "
                "venue's network)"
            )
        click.echo(f"Arbiter: http://127.0.0.1:{listening.port}/arbiter on this computer")
        click.echo(f"Reports are kept in {desk.store_path}. Stop the desk with Ctrl+C.")

    state = DeskState(desk=desk, book=path, base_url="")
    try:
        serve(state, lan=lan, port=port, ready=ready)  # returns on Ctrl+C (waitress's way)
    except OSError as error:
        raise RatingbookError(f"cannot listen on port {port}: {error.strerror}") from error
    except KeyboardInterrupt:
        pass
    click.echo("The desk stopped.")
