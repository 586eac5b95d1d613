"""FIDE mode's commands: ``unpair``, ``manual-pairing start|end``, ``undo`` and ``history``.

This module alone decides their options and what they print. ``unpair`` and ``manual-pairing``
run like ``pair`` (a book at a time, ``-o``/``--in-place``, logged in the Event Log and
confirmed with ``--confirm`` where their level asks); ``undo`` puts the book's newest kept
state in its place (:mod:`ratingbook.files.history`) and ``history`` lists the kept states.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.book_commands import run_books, targets, with_book_options
from ratingbook.cli.confirming import confirm_level, confirm_options
from ratingbook.cli.jobs import BookJob
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
    """Take back the last round's pairing: its rows leave Swiss Games (a requested bye stays).

    While no result of the round is typed this is logged without a warning; once results
    exist it is a level-3 act (--confirm). Without -o, --out-dir or --in-place the result is
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


@click.command("undo")
@click.argument("book", metavar="BOOK")
def undo_command(book: str) -> None:
    """Put BOOK back as it was before its last logged change (the states are kept in
    .ratingbook-history/ beside it); the state is used up (undo again for the one before)."""
    from ratingbook.files.history import undo

    try:
        label = undo(Path(book))
    except RatingbookError as error:
        fail(f"{book}: {error}")
    click.echo(f"ok     {book} put back as it was {label}")


@click.command("history")
@click.argument("book", metavar="BOOK")
def history_command(book: str) -> None:
    """List the states of BOOK that undo can restore, the newest last."""
    from ratingbook.files.history import history_folder, states

    found = states(Path(book))
    if not found:
        fail(f"{book}: no history: no logged change was saved by ratingbook")
    for number, label in found:
        click.echo(f"{number:4d}  {label}")
    click.echo(f"({len(found)} states in {history_folder(Path(book))}; undo takes the last)")


FIDE_COMMANDS = (unpair_command, manual_pairing_command, undo_command, history_command)
