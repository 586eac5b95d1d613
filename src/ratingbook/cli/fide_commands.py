"""FIDE mode's commands: ``unpair``, ``manual-pairing start|end``, ``undo``, ``redo``, ``history``.

This module alone decides their options and what they print. ``unpair`` and ``manual-pairing``
run like ``pair`` (a book at a time, ``-o``/``--in-place``, logged in the Event Log and
confirmed with ``--confirm`` where their level asks); ``undo`` and ``redo`` take back and give
back the book's last logged act in place (:mod:`ratingbook.session`), and ``history`` lists the
acts the book keeps.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.book_commands import run_books, targets, with_book_options
from ratingbook.cli.confirming import confirm_level, confirm_options
from ratingbook.cli.jobs import BookJob
from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import fail
from ratingbook.errors import RatingbookError

__all__ = ["FIDE_COMMANDS"]

_ROUND = click.option(
    "--round", "round_number", type=click.IntRange(min=1), help="The round (the last paired one)."
)


@click.command("unpair")
@click.argument("books", nargs=-1, required=True, metavar="BOOK")
@with_book_options
@_ROUND
@confirm_options
def unpair_command(
    books: tuple[str, ...],
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
    round_number: int | None,
    confirmed: bool,
    understood: bool,
) -> None:
    """Take back the last round's pairing: its rows leave Swiss Games (a requested bye stays),
    or a team event's Team Matches and Team Boards.

    While no result of the round is typed this is logged without a warning; once results
    exist it is a level-3 act (--confirm): the question names each result deleted, by board,
    and undo gives them back. Without -o, --out-dir or --in-place the result is
    written beside the input as NAME-unpaired.xlsx.
    """
    level = confirm_level(confirmed, understood)
    pairs = targets(books, output, out_dir, in_place, force, "unpaired")
    run_books(
        [BookJob(s, t, in_place, "unpair", backend, level, round_number) for s, t in pairs], 1
    )


@click.command("manual-pairing")
@click.argument("action", type=click.Choice(["start", "end"]))
@click.argument("books", nargs=-1, required=True, metavar="BOOK")
@with_book_options
@_ROUND
@confirm_options
def manual_pairing_command(
    action: str,
    books: tuple[str, ...],
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
    round_number: int | None,
    confirmed: bool,
    understood: bool,
) -> None:
    """Start or end the manual pairing of a round (FIDE mode).

    start --round N: round N (the last paired one) may now be changed by hand in Swiss Games.
    end: its boards are compared with the engine's pairing; the differences are logged, with a
    level-3 warning (--confirm) for a repeated game, a forbidden pair, a second
    pairing-allocated bye, a third colour in a row or a colour difference over 2 before the
    last round, and a level-2 one when both players get the colour opposite to the expected.
    In Excel: the Manual Pairing setting, "Round N" then "End".
    """
    if action == "start" and round_number is None:
        fail("manual-pairing start needs --round N")
    level = confirm_level(confirmed, understood)
    pairs = targets(books, output, out_dir, in_place, force, f"manual-{action}")
    run_books(
        [
            BookJob(s, t, in_place, f"manual-{action}", backend, level, round_number)
            for s, t in pairs
        ],
        1,
    )


def _take(book: str, action: str, backend: str, confirm: int) -> None:
    run_books([BookJob(book, book, True, action, backend, confirm)], 1)


@click.command("undo")
@click.argument("book", metavar="BOOK")
@backend_option
@click.option(
    "--confirm",
    "confirmed",
    is_flag=True,
    help="Confirm the undo: of a level-3 act in FIDE mode, or one that also clears what was "
    "typed since in the rows the act added (named when it is asked).",
)
@click.option(
    "--i-understand",
    "understood",
    is_flag=True,
    help="With --confirm: confirm the undo of a level-4 act of FIDE mode.",
)
def undo_command(book: str, backend: str, confirmed: bool, understood: bool) -> None:
    """Take back BOOK's last logged act (kept in its Event History sheet), in place.

    Only the cells that act changed go back: what was typed since stays. A value typed since
    into a row the act added (a result on a board of the round unpaired) cannot stay: undo
    names it and asks (--confirm), or clear it by hand first. In FIDE mode the undo of a
    level-3 act is confirmed (--confirm), of a level-4 act in two steps (--confirm
    --i-understand). redo gives the act back.
    """
    _take(book, "undo", backend, confirm_level(confirmed, understood))


@click.command("redo")
@click.argument("book", metavar="BOOK")
@backend_option
@confirm_options
def redo_command(book: str, backend: str, confirmed: bool, understood: bool) -> None:
    """Give back the act BOOK's last undo took back (and what that undo cleared), in place;
    confirmed as the undo was in FIDE mode (the redo of a level-3 act with --confirm, of a
    level-4 act with --confirm --i-understand); refused when a row it puts back was typed into
    since the undo, or when the event changed since the undo where the act was made on it."""
    _take(book, "redo", backend, confirm_level(confirmed, understood))


@click.command("history")
@click.argument("book", metavar="BOOK")
def history_command(book: str) -> None:
    """List the acts BOOK keeps for undo and redo, the newest last."""
    from ratingbook.files.backends import open_book
    from ratingbook.files.history import legacy_note
    from ratingbook.session import Session
    from ratingbook.session.kept_acts import KEPT_FROM

    try:
        found = Session(open_book(book)).history()
    except RatingbookError as error:
        fail(f"{book}: {error}")
    note = legacy_note(Path(book))
    if not found:
        fail(
            f"{book}: no history: the book keeps no act yet; {KEPT_FROM}"
            + (f"; {note}" if note else "")
        )
    for number, status, label in found:
        click.echo(f"{number:4d}  {status:6s}  {label}")
    click.echo(
        f"({len(found)} {'act' if len(found) == 1 else 'acts'} kept in the book's hidden "
        "'Event History' sheet, the last 10 at most; undo takes back the last done, redo gives "
        "back the last undone)"
    )
    if note:
        click.echo(note)


FIDE_COMMANDS = (
    unpair_command,
    manual_pairing_command,
    undo_command,
    redo_command,
    history_command,
)
