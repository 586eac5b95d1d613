"""``ratingbook results take BOOK`` and ``ratingbook results list BOOK``: the results desk's
released results taken into the book, and its queue, from the command line (issue 36).

Thin: the desk (:mod:`ratingbook.desk`) reads its store beside the book (``BOOK.desk.sqlite``,
or ``--store``), takes the released results into the book in place through the session, once
each, and says what it did and what to do next (:mod:`ratingbook.desk.next_steps`, the words
the desk's queue says them in). A book open in Excel is left alone (exit status 1: take them there
with the Take results button, or again once the book is closed); a released result the take
refused (an inactive player's game, a board the book holds another result for) also ends it
with exit status 1, the others taken; an input error ends the command with exit status 2,
nothing written.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ratingbook.cli.reporting import fail, reports_input_errors
from ratingbook.core.counts import many

__all__ = ["results_group"]

#: The exit status of a take that found the book open in another program (nothing written).
LOCKED = 1
#: The exit status of a take that left released results out (each refusal is said): the
#: arbiter must act on them, so a script running the take sees it failed.
NOT_TAKEN = 1


@click.group("results")
def results_group() -> None:
    """The results desk's results: take the released ones into the book, list the queue."""


def _desk(book: str, store: str | None) -> object:
    from ratingbook.desk import Desk

    path = Path(book)
    kept = Path(store) if store else path.with_name(path.name + ".desk.sqlite")
    if not kept.is_file():
        fail(f"there is no results desk store {str(kept)!r} beside {book!r} (start the desk first)")
    return Desk.open(path, store=kept)


_STORE = click.option(
    "--store",
    type=click.Path(dir_okay=False, path_type=str),
    help="The desk's store (default: BOOK.desk.sqlite beside the book).",
)


@results_group.command("take")
@click.argument("book", type=click.Path(dir_okay=False, path_type=str))
@_STORE
@reports_input_errors
def results_take_command(book: str, store: str | None) -> None:
    """Take the results the arbiter released at the desk into BOOK, in place: each once,
    through the same rules, warnings and Event Log as a typed result, listed on Desk Results.

    A result already in the book is never overwritten (the line says so); a book open in Excel
    is left alone (exit status 1: use the Take results button there); a released result not
    taken is named, the others taken (exit status 1). The last lines say what to do next.
    """
    from ratingbook.desk import Desk
    from ratingbook.desk.next_steps import after_take

    desk = _desk(book, store)
    assert isinstance(desk, Desk)
    before = desk.round()
    outcome = desk.take()
    for line in outcome.messages:
        click.echo(line, err=outcome.locked)
    if outcome.locked:
        sys.exit(LOCKED)
    if outcome.waiting:
        click.echo(
            f"{many(outcome.waiting, 'released result')} not taken (see the lines above)",
            err=True,
        )
    for line in after_take(desk, outcome, before, book):
        click.echo(line)
    if outcome.waiting:
        sys.exit(NOT_TAKEN)


@results_group.command("list")
@click.argument("book", type=click.Path(dir_okay=False, path_type=str))
@click.option("--round", "round_number", type=int, help="The round (default: the round open).")
@_STORE
@reports_input_errors
def results_list_command(book: str, round_number: int | None, store: str | None) -> None:
    """List the desk's queue for BOOK: each board (or ladder game), where it stands, its
    result, and each report with who sent it and from where."""
    from ratingbook.desk import Desk

    desk = _desk(book, store)
    assert isinstance(desk, Desk)
    items = desk.queue(round_number)
    if not items:
        click.echo("the queue is empty")
    for item in items:
        where = "game" if item.board is None else f"round {item.round} "
        if item.board is not None:
            where += (
                f"match {item.match} board {item.board}" if item.match else f"board {item.board}"
            )
        released = " (released)" if item.released and item.status != "taken" else ""
        click.echo(
            f"{item.id:>4}  {where}: {item.white} - {item.black}  {item.status}"
            f"{' ' + item.result if item.result else ''}{released}"
        )
        for n, report in enumerate(item.reports):
            side = report.side or "reported"
            aside = " (rejected)" if n < item.set_aside else ""
            click.echo(f"        {side} {report.result} from {report.origin} at {report.at}{aside}")
        if item.reason:
            click.echo(f"        rejected: {item.reason}")
        if item.note:
            click.echo(f"        {item.note}")
        if item.doubt:
            click.echo(f"        {item.doubt}")
